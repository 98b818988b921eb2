"""Actions: the player decisions and the chance outcomes (die faces, card draws).

All are small frozen dataclasses with a plain `str()`. The few possible values are built
once here (`DIE_FACES`, `PAY_MAINTENANCE`, ...) so the hot path never allocates them;
equal dataclasses compare equal, so callers may also build their own (`Die(4)`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.servermania.cards import DECK_NAMES, DECKS


@dataclass(frozen=True, slots=True)
class Die:
    """Chance outcome: the die shows `value` (1-6)."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, slots=True)
class DrawCard:
    """Chance outcome: the card `card_id` of `deck` ('signups' or 'churn') is drawn."""

    deck: str
    card_id: int

    def __str__(self) -> str:
        return f"draw {DECK_NAMES.get(self.deck, self.deck)} card {self.card_id}"


@dataclass(frozen=True, slots=True)
class PayMaintenance:
    """Pay the $50,000 maintenance fee before a roll toward CUSTOMER SERVICE (S6)."""

    def __str__(self) -> str:
        return "pay maintenance"


@dataclass(frozen=True, slots=True)
class SkipMaintenance:
    """Keep the money and risk halving on CUSTOMER SERVICE (S6)."""

    def __str__(self) -> str:
        return "skip maintenance"


@dataclass(frozen=True, slots=True)
class PayToLeaveStuck:
    """Pay $50,000 to leave STUCK, then roll and move (S8)."""

    def __str__(self) -> str:
        return "pay to leave STUCK"


@dataclass(frozen=True, slots=True)
class RollToLeaveStuck:
    """Roll to leave STUCK: 1-3 frees the pawn, 4-6 ends the turn (S8)."""

    def __str__(self) -> str:
        return "roll to leave STUCK"


Action = Die | DrawCard | PayMaintenance | SkipMaintenance | PayToLeaveStuck | RollToLeaveStuck

DIE_FACES: tuple[Die, ...] = tuple(Die(v) for v in range(1, 7))
PAY_MAINTENANCE = PayMaintenance()
SKIP_MAINTENANCE = SkipMaintenance()
PAY_TO_LEAVE_STUCK = PayToLeaveStuck()
ROLL_TO_LEAVE_STUCK = RollToLeaveStuck()
#: DRAWS[deck][card_id]: the prebuilt draw outcome of every card.
DRAWS: dict[str, tuple[DrawCard, ...]] = {
    deck: tuple(DrawCard(deck, c.id) for c in cards) for deck, cards in DECKS.items()
}
