"""Would playing this card change anything now? (no wasted cards)

`has_effect(view, play)` answers from what every seat sees (a `SeatView` or an
observation view, F13), for a `PlayCard` in an open window. A card whose effect is nil
at that moment (the cases in `NIL_CASES`, each tested) only costs its owner the card and
the table a Defense question, so the computer players never play one; the discard window's
plays are without effect by design and always count as doing something (they make room).
"""

from __future__ import annotations

from typing import Any, Final

from .actions import PlayCard
from .effects import TALENT_FAIR_MAX_HIRES
from .usertrack import LAST_FIELD, MARK_100M

#: Every case in which a playable card does nothing, card by card.
NIL_CASES: Final[dict[str, tuple[str, ...]]] = {
    "antitrust": ("the product has not over 100M users", "management is already blocked",
                  "the owner has no money (Manage Employees is skipped anyway)"),
    "attrition": ("the product has fewer than 4 workers",),
    "audit_half": ("the company holds under 2 money (half rounds down to 0)",),
    "audit_third": ("the company holds under 3 money (a third rounds down to 0)",),
    "executive_power": ("the company already has Executive Power this year",),
    "hiring_failure": ("the product's first hire already fails",
                       "management is blocked", "the owner has no money to hire"),
    "talent_fair": ("the turn may already hire four", "management is blocked",
                    "the owner has no money to hire"),
    "server_outage": ("adoption is already halved this turn",
                      "the product's marker stands on the last field"),
    "viral_growth": ("the product's marker stands on the last field",),
    "funding_round": ("the bank is empty",),
    "patent_troll": ("the company has no money or no launched product",),
    "security_breach": ("the product stands on field 0",),
}
# (A launched product takes no Leak and Acqui-hire needs 3 money and a Nerd in the supply:
# `card_plays` does not offer those plays at all. Press Coverage always adds strength.)


def _owner_money(view: Any, play: PlayCard) -> int:
    owner = play.seat if play.slot is None else view.products[play.slot].owner
    return view.players[owner].money


def _manage_dead(view: Any, play: PlayCard) -> bool:
    """Manage Employees will not happen (or cannot hire) on this product's turn."""
    return bool(view.manage_blocked) or _owner_money(view, play) == 0


def has_effect(view: Any, play: PlayCard) -> bool:
    """True unless playing `play` now would change nothing (see NIL_CASES)."""
    card, slot = play.card, play.slot
    if slot is None and play.seat is None:  # the discard window: making room
        return True
    p: Any = view.products[slot] if slot is not None else None  # the cards on a product
    if card == "antitrust":
        return p.field > MARK_100M and not _manage_dead(view, play)
    if card == "attrition":
        return (sum(p.nerds) + sum(p.suits)) // 4 > 0
    if card == "audit_half":
        return view.players[play.seat].money // 2 > 0
    if card == "audit_third":
        return view.players[play.seat].money // 3 > 0
    if card == "executive_power":
        return play.seat not in view.exec_power
    if card == "hiring_failure":
        return slot not in view.hire_fails and not _manage_dead(view, play)
    if card == "talent_fair":
        return view.hire_limit < TALENT_FAIR_MAX_HIRES and not _manage_dead(view, play)
    if card == "server_outage":
        return not view.adopt_halved and p.field < LAST_FIELD
    if card == "viral_growth":
        return p.field < LAST_FIELD
    if card == "funding_round":
        return view.bank > 0
    if card == "patent_troll":
        pl = view.players[play.seat]
        return pl.money > 0 and any(view.products[s].launched for s in pl.slots)
    if card == "security_breach":
        return p.field > 0
    return True
