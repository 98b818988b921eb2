"""Log lines for Startup Fever events: players by name, products by letter, no secrets.

`describe(event, names)` gives one short line, or None for events not worth a line (the
card-window beat, an adoption die told again by the adoption line). Secret events
(F13, F14) never name what is secret: a chip's category, a drawn card, a sealed
marketing token. Every event class of `game.startupfever.events` has an entry in
`_WORDS`, keyed by the class (a test checks it), so a new event cannot be forgotten silently.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.startupfever import events as ev
from game.startupfever.actions import Market, PlaceChip, kind_name
from game.startupfever.cards import CARDS
from game.startupfever.phrases import a_kind, ordinal, users


def describe(event: Any, names: Sequence[str]) -> str | None:
    """One log line for `event` with the players' `names` (indexed by seat)."""
    words = _WORDS.get(type(event))
    if words is None:
        return None
    return words(event, _Names(names))


class _Names:
    """Seat -> name, never a bare number (a seat the game does not know reads "someone")."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)

    def __call__(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return "someone"
        return self.names[seat]


def card_name(card: str) -> str:
    ctype = CARDS.get(card)
    return ctype.name if ctype else card


def money(amount: int) -> str:
    return f"${amount}"


def _adopted(e: Any, n: _Names) -> str:
    parts = [f"die {e.roll}"]
    for amount, what in ((e.nerds, "Nerds"), (e.big_nerd_bonus, "Big Nerds"),
                         (e.card_bonus, "cards")):
        if amount:
            parts.append(f"{what} +{amount}")
    how = ", ".join(parts) + (", halved" if e.halved else "")
    fields = "field" if e.total == 1 else "fields"
    return f"{e.slot} grows {e.total} {fields} ({how}): {users(e.to_field)}"


def _revenue(e: Any, n: _Names) -> str:
    text = f"{n(e.seat)}'s {e.slot} earns {money(e.due)}"
    if e.paid < e.due:
        text += f", bank pays only {money(e.paid)} (recession)"
    return text


def _hired(e: Any, n: _Names) -> str:
    if e.failed:
        return f"{n(e.seat)}'s hire for {e.slot} fails: {money(e.cost)} lost"
    return f"{n(e.seat)} hires {a_kind(e.kind)} for {e.slot} ({money(e.cost)})"


def _poach_offered(e: Any, n: _Names) -> str:
    return f"{n(e.seat)} offers {money(e.offer)} for {_employee(n, e)}"


def _employee(n: _Names, e: Any) -> str:
    """"Ada's Nerd on C", or "Ada's Big Nerd" (executives belong to the company)."""
    on = f" on {e.from_slot}" if e.from_slot else ""
    return f"{n(e.from_seat)}'s {kind_name(e.kind)}{on}"


def _counter(e: Any, n: _Names) -> str:
    return f"{n(e.seat)} keeps the {kind_name(e.kind)} for {money(e.amount)}"


def _poached(e: Any, n: _Names) -> str:
    return f"{n(e.seat)} poaches {_employee(n, e)} to {e.slot} ({money(e.cost)})"


def _retained(e: Any, n: _Names) -> str:
    where = f" on {e.slot}" if e.slot else ""
    return f"{n(e.seat)} retains {a_kind(e.kind)}{where} ({money(e.cost)})"


def _lost(e: Any, n: _Names) -> str:
    why = {"user loss": "user loss"}.get(e.reason, e.reason)
    return f"{e.slot} loses users ({why}): now {users(e.to_field)}"


def _card_played(e: Any, n: _Names) -> str:
    if e.slot:
        on = f" on {e.slot}"
    elif e.target_seat is not None:
        on = f" on {n(e.target_seat)}'s company"
    else:
        on = " to discard it"
    return f"{n(e.seat)} plays {e.name}{on}"


def _card_effect(e: Any, n: _Names) -> str:
    text = e.description
    if e.seat is not None:  # the rules' text names a company by number: use the name
        text = text.replace(f"company {e.seat}", n(e.seat))
    return text[:1].upper() + text[1:]


def _money_moved(e: Any, n: _Names) -> str:
    if not e.amount:  # "gets $0" would read as a gain
        return f"{n(e.seat)}'s money is unchanged ({e.reason})"
    verb = "gets" if e.amount > 0 else "pays"
    return f"{n(e.seat)} {verb} {money(abs(e.amount))} ({e.reason})"


def _moved(e: Any, n: _Names) -> str:
    who = a_kind(e.kind)
    who = who[0].upper() + who[1:]
    if e.from_slot is None:
        return f"{who} joins {e.to_slot} from the supply ({e.reason})"
    if e.to_slot is None:
        return f"{who} leaves {e.from_slot} for the pile ({e.reason})"
    return f"{who} moves from {e.from_slot} to {e.to_slot} ({e.reason})"


def _competition(e: Any, n: _Names) -> str:
    first, *rest = e.ranking
    ranks = ", ".join(f"{slot} {delta:+d}" for slot, _s, delta, _f, _t in rest)
    return f"{e.category} showdown: {first[0]} wins ({first[2]:+d}), {ranks}"


def _revealed(e: Any, n: _Names) -> str:
    shown = ", ".join(f"{slot} {money(t)}" for slot, _seat, t in e.marketing if t)
    return f"Marketing revealed: {shown or 'nobody spent any'}"


def _ended(e: Any, n: _Names) -> str:
    winners = " and ".join(n(s) for s in e.winners)
    verb = "wins" if len(e.winners) == 1 else "share the win"
    return f"Game over after year {e.year}: {winners} {verb}"


def _launched(e: Any, n: _Names) -> str:
    verb = "leaks" if e.leaked else "launches"
    return f"{n(e.seat)}'s {e.slot} {verb}: {e.category}!"


def _die(e: Any, n: _Names) -> str | None:
    if e.purpose == "adoption":
        return None  # the adoption line tells the die with the rest of the sum
    where = f"{e.slot} " if e.slot else ""
    return f"{where}rolls {e.value} ({e.purpose})"


def _window(e: Any, n: _Names) -> str | None:
    return None  # the neutral "any cards?" beat says it on screen; a line each is noise


def _year_end_step(e: Any, n: _Names) -> str:
    detail = f" ({e.detail})" if e.detail else ""
    return f"Year end: {e.step}{detail}"


_WORDS: dict[type, Callable[[Any, _Names], str | None]] = {
    ev.ChipPlaced: lambda e, n: f"{n(e.seat)} places a chip face down on {e.slot}",
    ev.CardDrawn: lambda e, n: f"{n(e.seat)} draws a card",
    ev.DeckReshuffled: lambda e, n: f"The discard pile ({e.cards} cards) becomes the deck",
    ev.TurnOrderSet: lambda e, n: f"Year {e.year} order: {' '.join(e.order)}",
    ev.ProductPicked: lambda e, n: f"{e.slot} is picked ({e.reason})",
    ev.PositionChosen: lambda e, n: (f"{n(e.seat)} puts {e.slot} {ordinal(e.position + 1)} "
                                    "in next year's order"),
    ev.YearStarted: lambda e, n: f"Year {e.year} begins",
    ev.TurnStarted: lambda e, n: f"{n(e.seat)}'s {e.slot} takes its turn",
    ev.DieRolled: _die,
    ev.UsersAdopted: _adopted,
    ev.ProductLaunched: _launched,
    ev.RevenueEarned: _revenue,
    ev.Hired: _hired,
    ev.PoachOffered: _poach_offered,
    ev.CounterOffered: _counter,
    ev.Poached: _poached,
    ev.Retained: _retained,
    ev.ManageSkipped: lambda e, n: f"{e.slot} manages no employees ({e.reason})",
    ev.UsersLost: _lost,
    ev.WindowOpened: _window,
    ev.CardPlayed: _card_played,
    ev.CardCancelled: lambda e, n: (f"{n(e.seat)} plays Defense: {card_name(e.card)} "
                                   "is cancelled"),
    ev.MoneyMoved: _money_moved,
    ev.CardEffect: _card_effect,
    ev.EmployeeMoved: _moved,
    ev.CompetitionResult: _competition,
    ev.YearEndStep: _year_end_step,
    # F14: a sealed token is private to its owner; the table learns it at the reveal
    ev.MarketingPlaced: lambda e, n: None,
    ev.MarketingRevealed: _revealed,
    ev.GameEnded: _ended,
}


def take_back_words(actions: Sequence[Any]) -> str:
    """A step a person may take back, in the bar's words: "hire Nerd for B", "marketing
    B $2, C $1" (a sealed budget's tokens together; shown behind the curtain only)."""
    if actions and all(isinstance(a, Market) for a in actions):
        counts: dict[str, int] = {}
        for a in actions:
            counts[a.slot] = counts.get(a.slot, 0) + 1
        return "marketing " + ", ".join(f"{slot} {money(k)}" for slot, k in counts.items())
    words = [str(a) for a in actions]
    return words[0] if len(words) == 1 else f"{words[0]} and {len(words) - 1} more"


def taken_back_line(actions: Sequence[Any], name: str) -> str | None:
    """The log line everyone reads when a step is taken back; None for a sealed budget's
    tokens (F14: not even whether there were any). A chip's category stays face down."""
    if any(isinstance(a, Market) for a in actions):
        return None
    if actions and all(isinstance(a, PlaceChip) for a in actions):
        return f"{name} takes back the chip on {actions[0].slot}"
    return f"{name} takes back: {take_back_words(actions)}"
