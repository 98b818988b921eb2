"""Events: what `State.apply` reports, in order, for scenes to animate and narrate.

Every event is a small frozen dataclass naming seats by number (0-based); `str()` reads
"P1" for seat 0. Money and server changes always come as `CashChanged`,
`ServersChanged` and `PotChanged` (with the amount after the change), so a scene can keep
its counters right from those alone; the other events say why.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.servermania.board import KIND_NAMES
from game.servermania.cards import DECK_NAMES


def _p(seat: int) -> str:
    return f"P{seat + 1}"


def _money(amount: int) -> str:
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,}"


@dataclass(frozen=True, slots=True)
class Rolled:
    """A die roll. purpose: 'first' (roll-off), 'move', 'techpad' or 'stuck'."""

    seat: int
    value: int
    purpose: str

    def __str__(self) -> str:
        return f"{_p(self.seat)} rolls {self.value} ({self.purpose})"


@dataclass(frozen=True, slots=True)
class RollOffTie:
    """Tied highest first rolls (S2): these seats roll again."""

    seats: tuple[int, ...]
    value: int

    def __str__(self) -> str:
        return f"tie on {self.value}: {', '.join(map(_p, self.seats))} roll again"


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """The roll-off is decided (S2)."""

    seat: int
    value: int

    def __str__(self) -> str:
        return f"{_p(self.seat)} goes first with a {self.value}"


@dataclass(frozen=True, slots=True)
class TurnStarted:
    seat: int
    turn: int

    def __str__(self) -> str:
        return f"turn {self.turn}: {_p(self.seat)} to play"


@dataclass(frozen=True, slots=True)
class MaintenanceChoice:
    """Before a roll with CUSTOMER SERVICE `square` 1-6 ahead (S6): paid or not.

    could_pay is False when the player had under $50,000 and was not asked.
    """

    seat: int
    square: int
    paid: bool
    could_pay: bool

    def __str__(self) -> str:
        if self.paid:
            return f"{_p(self.seat)} pays maintenance before CUSTOMER SERVICE"
        why = "" if self.could_pay else " (can't afford it)"
        return f"{_p(self.seat)} skips maintenance{why}"


@dataclass(frozen=True, slots=True)
class Moved:
    """The pawn moves from `start` through `path` (every square entered, last = stop)."""

    seat: int
    start: int
    path: tuple[int, ...]

    @property
    def end(self) -> int:
        return self.path[-1] if self.path else self.start

    def __str__(self) -> str:
        return f"{_p(self.seat)} moves {self.start} -> {self.end}"


@dataclass(frozen=True, slots=True)
class PassedPayday:
    """Moving over PAYDAY! `square` pays `amount` ($10,000 per server, S5)."""

    seat: int
    square: int
    amount: int

    def __str__(self) -> str:
        return f"{_p(self.seat)} passes PAYDAY! (+{_money(self.amount)})"


@dataclass(frozen=True, slots=True)
class Landed:
    """The move ends on `square` of `kind`."""

    seat: int
    square: int
    kind: str

    def __str__(self) -> str:
        name = KIND_NAMES.get(self.kind) or "a plain square"
        return f"{_p(self.seat)} lands on {name} (square {self.square})"


@dataclass(frozen=True, slots=True)
class CardDrawn:
    seat: int
    deck: str
    card_id: int
    text: str

    def __str__(self) -> str:
        return f"{_p(self.seat)} draws {DECK_NAMES[self.deck]}: {self.text}"


@dataclass(frozen=True, slots=True)
class DeckReshuffled:
    """The deck ran out and is shuffled again (S10)."""

    deck: str

    def __str__(self) -> str:
        return f"the {DECK_NAMES[self.deck]} deck is reshuffled"


@dataclass(frozen=True, slots=True)
class CashChanged:
    """A seat's cash changed by delta (after floors: the real amount moved)."""

    seat: int
    delta: int
    cash_after: int
    reason: str

    def __str__(self) -> str:
        sign = "+" if self.delta >= 0 else ""
        return (f"{_p(self.seat)} {sign}{_money(self.delta)} ({self.reason}), "
                f"now {_money(self.cash_after)}")


@dataclass(frozen=True, slots=True)
class ServersChanged:
    seat: int
    delta: int
    servers_after: int
    reason: str

    def __str__(self) -> str:
        sign = "+" if self.delta >= 0 else ""
        return (f"{_p(self.seat)} {sign}{self.delta} servers ({self.reason}), "
                f"now {self.servers_after}")


@dataclass(frozen=True, slots=True)
class PotChanged:
    """The CEO BONUS pot changed: delta > 0 paid in by `seat`, < 0 taken by `seat`."""

    seat: int
    delta: int
    pot_after: int
    reason: str

    def __str__(self) -> str:
        verb = "pays in" if self.delta >= 0 else "takes"
        return (f"{_p(self.seat)} {verb} {_money(abs(self.delta))} ({self.reason}); "
                f"CEO BONUS pot {_money(self.pot_after)}")


@dataclass(frozen=True, slots=True)
class StuckRoll:
    """A roll to leave STUCK (S8): freed on 1-3."""

    seat: int
    value: int
    freed: bool

    def __str__(self) -> str:
        return (f"{_p(self.seat)} rolls {self.value}: "
                + ("free, rolls again to move" if self.freed else "still STUCK"))


@dataclass(frozen=True, slots=True)
class LeftStuck:
    """The pawn may move again; how: 'paid' or 'rolled'."""

    seat: int
    how: str

    def __str__(self) -> str:
        return f"{_p(self.seat)} leaves STUCK ({self.how})"


@dataclass(frozen=True, slots=True)
class Finished:
    """Reached FINISH in `place` (1 = first); bonus_servers is 10 for the first (S11)."""

    seat: int
    place: int
    bonus_servers: int

    def __str__(self) -> str:
        extra = f", +{self.bonus_servers} servers" if self.bonus_servers else ""
        return f"{_p(self.seat)} reaches FINISH in place {self.place}{extra}"


@dataclass(frozen=True, slots=True)
class TurnEnded:
    seat: int

    def __str__(self) -> str:
        return f"{_p(self.seat)} ends the turn"


@dataclass(frozen=True, slots=True)
class FinalTally:
    """End of game conversion for one seat (S12): cash + $20,000 per server."""

    seat: int
    cash: int
    servers: int
    final_money: int

    def __str__(self) -> str:
        return (f"{_p(self.seat)}: {_money(self.cash)} + {self.servers} servers = "
                f"{_money(self.final_money)}")


@dataclass(frozen=True, slots=True)
class GameOver:
    final_money: tuple[int, ...]
    winners: tuple[int, ...]

    def __str__(self) -> str:
        who = " and ".join(map(_p, self.winners))
        return f"game over: {who} win{'s' if len(self.winners) == 1 else ''}"


Event = (Rolled | RollOffTie | FirstPlayer | TurnStarted | MaintenanceChoice | Moved
         | PassedPayday | Landed | CardDrawn | DeckReshuffled | CashChanged | ServersChanged
         | PotChanged | StuckRoll | LeftStuck | Finished | TurnEnded | FinalTally | GameOver)
