"""Event Cards in play: windows, targets, Defense reactions and each card's effect.

A window (F11) asks every seat holding any card, once each, starting with the seat whose
turn it is and going clockwise; a seat with no card playable there (or no valid target)
can only pass. A seat may play several cards and then passes. A card played on another
player's company or product first asks that player, when they hold any card, whether to
play Defense (`Defend(True)` only with Defense in hand and a Suit). So who is asked, in
what order and how often depends on hand sizes alone, never on what a hand holds (F13).
"""

from __future__ import annotations

from typing import Final

from . import events as ev
from . import usertrack
from .actions import Defend, MoveResigned, Pass, PlayCard, shared
from .cards import (
    ANY_PRODUCT,
    CARDS,
    CURRENT_COMPANY,
    CURRENT_PRODUCT,
    DISCARD,
    LAUNCHED,
    PLAYABLE_IN,
    UNLAUNCHED,
)
from .employees import EmployeeRules
from .state import NERD, NEW_HIRE_FIELD, SLOTS, SUIT

SECURITY_BREACH_FIELDS: Final = 3
VIRAL_GROWTH_BONUS: Final = 3
PRESS_COVERAGE_BONUS: Final = 3
FUNDING_ROUND_AMOUNT: Final = 5
TALENT_FAIR_HIRES: Final = 2
TALENT_FAIR_MAX_HIRES: Final = 4  # the card's "(up to four hires)": a second copy adds nothing
ACQUI_HIRE_PRICE: Final = 3
ACQUI_HIRE_NERDS: Final = 2
PATENT_TROLL_PER_LAUNCH: Final = 2

_play: Final = shared(PlayCard)  # (card, slot, seat, kind): windows list the same plays often
_resigned: Final = shared(MoveResigned)  # (kind, vest, dest): an attrition lists dozens


def _plays_on(card: str) -> dict[str, PlayCard]:
    """slot -> the shared play of `card` on that product (any slot A-L), and under
    `NO_EFFECT` its play without effect (the discard window). (A module dict: cheaper
    than a `functools.cache` wrapper.)"""
    plays = _PLAYS_ON.get(card)
    if plays is None:
        plays = _PLAYS_ON[card] = {s: _play(card, s, None, None) for s in SLOTS}
        plays[NO_EFFECT] = _play(card, None, None, None)
    return plays


NO_EFFECT: Final = ""
_PLAYS_ON: Final[dict[str, dict[str, PlayCard]]] = {}


PASS: Final = Pass()
DEFENSE_CHOICES: Final = (Defend(True), Defend(False))
NO_DEFENSE: Final = DEFENSE_CHOICES[1]


class CardRules(EmployeeRules):
    """Card windows and effects of the State."""

    # ------------------------------------------------------------ windows and targets
    def card_plays(self, seat: int, card: str) -> list[PlayCard]:
        """The ways `seat` may play `card` in the open window (empty if none)."""
        window = self.window
        if window is None:
            return []
        if window == DISCARD:  # old cards may be played without effect to make room
            return [_plays_on(card)[NO_EFFECT]]
        ctype = CARDS[card]
        if window not in ctype.windows:
            return []
        target = ctype.target
        if target == CURRENT_PRODUCT:
            slot = self.current_slot
            if slot is None:
                return []
            if card == "acqui_hire" and (self.players[seat].money < ACQUI_HIRE_PRICE
                                         or not self.supply[NERD]):
                return []
            if card == "security_breach" and not self.products[slot].launched:
                return []
            return [_plays_on(card)[slot]]
        if target == CURRENT_COMPANY:
            slot = self.current_slot
            return [] if slot is None else [_play(card, None, self.products[slot].owner, None)]
        if target == UNLAUNCHED:
            on = _plays_on(card)
            return [on[s] for s, p in self.products.items() if not p.launched]
        if target == LAUNCHED:
            on = _plays_on(card)
            return [on[s] for s, p in self.products.items() if p.launched]
        if target == ANY_PRODUCT:
            on = _plays_on(card)
            return [on[s] for s in self.products]
        return []  # Defense: reaction only

    def _step_window_check(self) -> None:
        """Ask the next seat of the window that still holds a card (a hand emptied during
        the window, by its own plays or a Defense, is public), or close the window."""
        seats = self.window_seats
        players = self.players
        while seats and not players[seats[0]].hand:
            seats.pop(0)
        if seats:
            self.actor = seats[0]
            self.stage = "window"
        else:
            self.window = None
            self.stage = self.after_window

    def _legal_window(self) -> list:
        """The seat's plays in the open window, then `Pass()`: only `[Pass()]` for a seat
        with nothing playable here."""
        seat = self.actor
        window = self.window
        assert window is not None
        hand = self.players[seat].hand
        playable = PLAYABLE_IN[window]
        cards = [card for card in hand if card in playable]  # compiled: a set look-up
        if not cards:  # the usual case: nothing for this window
            return [PASS]
        acts: list = []
        for card in sorted(set(cards)):
            acts.extend(self.card_plays(seat, card))
        acts.append(PASS)
        return acts

    def _apply_pass(self, action: Pass) -> None:
        self.window_seats.pop(0)
        self.stage = "window_check"

    # ------------------------------------------------------------ playing and Defense
    def _apply_play_card(self, action: PlayCard) -> None:
        seat = self.actor
        card = action.card
        self.players[seat].hand.remove(card)
        self.played.append(card)
        ctype = CARDS[card]
        slot, on, kind = action.slot, action.seat, action.kind  # read once (generic look-ups)
        target = on if slot is None else self.products[slot].owner
        if self._events is not None:  # hot: not even the fields packed
            self._emit(ev.CardPlayed, seat, card, ctype.name, ctype.text, slot, target, kind)
        self.pending_card = {"seat": seat, "card": card, "slot": slot, "target": on,
                             "kind": kind}
        self.stage = "window_check"
        if self.window == DISCARD:
            self.pending_card = None
            return
        if target is not None and target != seat and self.players[target].hand:
            self.actor = target  # asked whatever it holds: only the hand's size is public
            self.stage = "defense"
            return
        self._resolve_card()

    def _legal_defense(self) -> list:
        """`Defend(True)` with Defense in hand and a Suit; `Defend(False)` always."""
        seat = self.actor
        if "defense" in self.players[seat].hand and self.has_suit(seat):
            return list(DEFENSE_CHOICES)
        return [NO_DEFENSE]

    def _apply_defend(self, action: Defend) -> None:
        if not action.use:
            self.stage = "window_check"
            self._resolve_card()
            return
        defender = self.actor
        self.players[defender].hand.remove("defense")
        self.played.append("defense")
        pc = self.pending_card
        assert pc is not None
        self._emit(ev.CardCancelled, defender, pc["card"])
        self.pending_card = None
        self.stage = "window_check"

    # ------------------------------------------------------------ effects
    def _resolve_card(self) -> None:
        pc = self.pending_card
        assert pc is not None
        self.pending_card = None
        card, seat, slot, target, kind = pc["card"], pc["seat"], pc["slot"], pc["target"], \
            pc["kind"]
        getattr(self, "_effect_" + card)(seat, slot, target, kind)

    def _note(self, card: str, slot: str | None, seat: int | None, text: str) -> None:
        if self._events is not None:  # (the text is built anyway: it says what happened)
            self._emit(ev.CardEffect, card, slot, seat, text)

    def _effect_antitrust(self, seat, slot, target, kind) -> None:
        if self.products[slot].field > usertrack.MARK_100M:
            self.manage_blocked = True
            self._note("antitrust", slot, None, f"{slot} cannot manage employees this year")
        else:
            self._note("antitrust", slot, None, f"no effect: {slot} has not over 100M users")

    def _effect_attrition(self, seat, slot, target, kind) -> None:
        p = self.products[slot]
        resign = (p.nerd_count + p.suit_count) // 4
        if not resign:
            self._note("attrition", slot, None, f"no effect: {slot} has under 4 workers")
            return
        self._note("attrition", slot, None, f"{resign} workers of {slot} resign")
        self.attrition = {"seat": seat, "slot": slot, "left": resign, "used": []}
        self.actor = seat
        self.stage = "attrition"

    def _attrition_dests(self) -> list[str]:
        at = self.attrition
        assert at is not None
        owner = self.products[at["slot"]].owner
        return [s for s, p in self.products.items() if p.owner != owner and s not in at["used"]]

    def _legal_attrition(self) -> list:
        at = self.attrition
        assert at is not None
        p = self.products[at["slot"]]
        dests: list[str | None] = [*self._attrition_dests()] or [None]
        acts: list = []
        for kind, arr in ((NERD, p.nerds), (SUIT, p.suits)):
            for v in range(5):
                if arr[v]:
                    acts.extend(_resigned(kind, v, d) for d in dests)
        return acts

    def _apply_move_resigned(self, action: MoveResigned) -> None:
        at = self.attrition
        assert at is not None
        src = at["slot"]
        self.products[src].workers(action.kind)[action.vest] -= 1
        if action.dest is None:
            self.supply[action.kind] += 1
        else:
            self.products[action.dest].workers(action.kind)[NEW_HIRE_FIELD] += 1
            at["used"].append(action.dest)
        self._emit_shown((), (src, action.dest), ev.EmployeeMoved, action.kind, src, action.dest,
                         action.vest, NEW_HIRE_FIELD, "Attrition")
        at["left"] -= 1
        p = self.products[src]
        if at["left"] == 0 or not (p.nerd_count or p.suit_count):
            self.attrition = None
            self.stage = "window_check"

    def _audit(self, card: str, target: int, divisor: int) -> None:
        amount = self.players[target].money // divisor  # rounded in favour of the target
        self._pay_to_bank(target, amount)
        self._emit_shown((target,), (), ev.MoneyMoved, target, -amount, CARDS[card].name)

    def _effect_audit_half(self, seat, slot, target, kind) -> None:
        self._audit("audit_half", target, 2)

    def _effect_audit_third(self, seat, slot, target, kind) -> None:
        self._audit("audit_third", target, 3)

    def _effect_executive_power(self, seat, slot, target, kind) -> None:
        if target in self.exec_power:  # one extra executive a year, however many cards
            self._note("executive_power", None, target,
                       f"no effect: company {target} already has Executive Power this year")
            return
        self.exec_power.append(target)
        self._note("executive_power", None, target,
                   f"company {target} may have one extra executive this year "
                   "(a second CEO or a second CTO)")

    def _effect_leak(self, seat, slot, target, kind) -> None:
        if not self.products[slot].launched:
            self._launch(slot, leaked=True)

    def _effect_hiring_failure(self, seat, slot, target, kind) -> None:
        """F15: the product's first hire this turn, of any kind, fails (a second copy on
        the same turn names the same hire, so it adds nothing)."""
        if slot in self.hire_fails:
            self._note("hiring_failure", slot, None,
                       f"no effect: the first hire of {slot} this turn already fails")
            return
        self.hire_fails.append(slot)
        self._note("hiring_failure", slot, None, f"the first hire of {slot} this turn fails")

    def _effect_viral_growth(self, seat, slot, target, kind) -> None:
        self.adopt_bonus += VIRAL_GROWTH_BONUS
        self._note("viral_growth", slot, None, f"{slot} adds {VIRAL_GROWTH_BONUS} to adoption")

    def _effect_server_outage(self, seat, slot, target, kind) -> None:
        if self.adopt_halved:  # halving twice would be a quarter: a second one adds nothing
            self._note("server_outage", slot, None,
                       f"no effect: {slot}'s adoption is already halved this turn")
            return
        self.adopt_halved = True
        self._note("server_outage", slot, None, f"{slot}'s adoption is halved this turn")

    def _effect_funding_round(self, seat, slot, target, kind) -> None:
        paid = self._from_bank(target, FUNDING_ROUND_AMOUNT)
        self._emit_shown((target,), (), ev.MoneyMoved, target, paid, "Funding Round")

    def _effect_talent_fair(self, seat, slot, target, kind) -> None:
        if self.hire_limit >= TALENT_FAIR_MAX_HIRES:
            self._note("talent_fair", slot, None,
                       f"no effect: {slot} may already hire {self.hire_limit} this turn")
            return
        self.hire_limit = min(TALENT_FAIR_MAX_HIRES, self.hire_limit + TALENT_FAIR_HIRES)
        self._note("talent_fair", slot, None, f"{slot} may hire {self.hire_limit} this turn")

    def _effect_acqui_hire(self, seat, slot, target, kind) -> None:
        self._pay_to_bank(seat, ACQUI_HIRE_PRICE)
        self._emit_shown((seat,), (), ev.MoneyMoved, seat, -ACQUI_HIRE_PRICE, "Acqui-hire")
        for _ in range(min(ACQUI_HIRE_NERDS, self.supply[NERD])):
            self.supply[NERD] -= 1
            self.products[slot].nerds[NEW_HIRE_FIELD] += 1
            self._emit_shown((), (slot,), ev.EmployeeMoved, NERD, None, slot, NEW_HIRE_FIELD,
                             NEW_HIRE_FIELD, "Acqui-hire")

    def _effect_patent_troll(self, seat, slot, target, kind) -> None:
        pl = self.players[target]
        launched = sum(1 for s in pl.slots if self.products[s].launched)
        amount = min(pl.money, PATENT_TROLL_PER_LAUNCH * launched)
        self._pay_to_bank(target, amount)
        self._emit_shown((target,), (), ev.MoneyMoved, target, -amount, "Patent Troll")

    def _effect_security_breach(self, seat, slot, target, kind) -> None:
        p = self.products[slot]
        before = p.field
        p.field = max(0, before - SECURITY_BREACH_FIELDS)
        self._emit(ev.UsersLost, slot, before, p.field, "Security Breach")

    def _effect_press_coverage(self, seat, slot, target, kind) -> None:
        self.press[slot] = self.press.get(slot, 0) + PRESS_COVERAGE_BONUS
        self._note("press_coverage", slot, None,
                   f"{slot} adds {PRESS_COVERAGE_BONUS} to its competition strength")


