"""Year end (rulebook "Year End", RULES.md F8, F12): competition, the end check, vesting,
reassigning, discarding, replenishing, marketing and next year's turn order."""

from __future__ import annotations

import functools
from typing import Any, Final, cast

from . import events as ev
from . import usertrack
from .actions import ChoosePosition, EndMarketing, EndReassign, Market, Reassign, shared
from .cards import COMPETITION, DISCARD, HAND_SIZE
from .effects import CardRules
from .state import LAST_YEAR, NERD, SUIT, VEST_FIELDS

# Table 2 (user adjustments by rank), completed by RULES.md F8: zero-sum in every column.
TABLE2: Final[dict[int, tuple[int, ...]]] = {
    2: (5, -5),
    3: (8, -3, -5),
    4: (9, 1, -4, -6),
    5: (12, 3, -3, -5, -7),
    6: (12, 3, -1, -2, -5, -7),
}

END_REASSIGN: Final = EndReassign()
END_MARKETING: Final = EndMarketing()
_market: Final = shared(Market)  # shared action objects, as in employees.py
_choose: Final = shared(ChoosePosition)
BIG_NERD_STRENGTH: Final = 4  # Table 1: each Big Nerd of the company


def table1_strength(product: Any, big_nerds: int, press: dict[str, int]) -> int:
    """Table 1 strength before the die: Nerds on the product + 4 per Big Nerd of its
    company + its marketing money (+ Press Coverage). `product` may be a rival's product
    as a player sees it (only its public fields are read)."""
    return (sum(product.nerds) + BIG_NERD_STRENGTH * big_nerds + product.marketing
            + press.get(product.slot, 0))


@functools.cache
def _company_moves(slots: tuple[str, ...]
                   ) -> dict[str, tuple[tuple[tuple[Reassign, ...], ...], ...]]:
    """src -> (Nerds, Suits): per vesting field, the moves of `_moves` (one look-up per
    company instead of one per product and kind)."""
    return {src: (_moves(src, slots, NERD), _moves(src, slots, SUIT)) for src in slots}


@functools.cache
def _moves(src: str, slots: tuple[str, ...], kind: str) -> tuple[tuple[Reassign, ...], ...]:
    """Per vesting field 0-4, the shared Reassign actions of one worker of `kind` from
    `src` to each other product of `slots` (a company's slots never change)."""
    return tuple(tuple(Reassign(src, dest, kind, vest) for dest in slots if dest != src)
                 for vest in range(5))


class YearEndRules(CardRules):
    """The seven year-end steps of the State, in rulebook order."""

    def _step_year_end(self) -> None:
        self.turn_seat = self.products[self.turn_order[0]].owner
        self._open_window(COMPETITION, "comp_begin")

    def _step_comp_begin(self) -> None:
        self.comp_queue = list(self.categories)
        self.stage = "comp_next"

    def _step_comp_next(self) -> None:
        """F8: a showdown per category between at least two launched products."""
        while self.comp_queue:
            category = self.comp_queue.pop(0)
            entries = [s for s, p in self.products.items()
                       if p.launched and p.category == category]
            if len(entries) < 2:
                continue
            self.comp_category = category
            self.comp_base = {s: [self.strength(s), self.products[s].nerd_count]
                              for s in entries}
            self.comp_rolls = {s: [] for s in entries}
            self.comp_pending = entries
            self.turn_seat = self.products[entries[0]].owner
            self.stage = "comp_roll"
            return
        self.stage = "comp_done"

    def strength(self, slot: str) -> int:
        """Table 1 strength of a product before the die (see `table1_strength`)."""
        p = self.products[slot]
        return table1_strength(p, len(self.players[p.owner].big_nerds), self.press)

    def _comp_key(self, slot: str) -> tuple[int, ...]:
        strength, nerds = self.comp_base[slot]
        rolls = self.comp_rolls[slot]
        return (strength + rolls[0], nerds, *rolls)

    def _competition_roll(self, value: int) -> None:
        slot = self.comp_pending.pop(0)
        rerolled = len(self.comp_rolls[slot]) > 0
        self.comp_rolls[slot].append(value)
        if self._events is not None:  # hot: not even the fields packed
            self._emit(ev.DieRolled, "tie re-roll" if rerolled else "competition", value,
                       slot)
        if self.comp_pending:
            self.turn_seat = self.products[self.comp_pending[0]].owner
            return
        keys = {s: self._comp_key(s) for s in self.comp_rolls}
        tied = [s for s in keys if list(keys.values()).count(keys[s]) > 1]
        if tied:  # equal strength, Nerds and dice: the tied products roll again
            self.comp_pending = tied
            self.turn_seat = self.products[tied[0]].owner
            return
        ranking = sorted(keys, key=keys.__getitem__, reverse=True)
        deltas = TABLE2[len(ranking)]
        rows = []
        for slot_, delta in zip(ranking, deltas, strict=True):
            p = self.products[slot_]
            before = p.field
            p.field = usertrack.clamp(before + delta)
            rows.append((slot_, keys[slot_][0], delta, before, p.field))
        self._emit(ev.CompetitionResult, self.comp_category, tuple(rows))
        self.stage = "comp_next"

    def _step_comp_done(self) -> None:
        """F12: the game ends at the end of the year the last product launched (plus the
        agreed extra years), or after year 15."""
        done = self.all_launched_year is not None and \
            self.year >= self.all_launched_year + self.extra_years
        if done or self.year >= LAST_YEAR:
            self.end_reason = "all products launched" if done else "safety stop after year 15"
            self._discard_year()
            self.stage = "over"
            self._emit(ev.GameEnded, self.year, tuple(self.scores()), tuple(self.winners()),
                                    self.end_reason)
            return
        self.stage = "vest"

    def _step_vest(self) -> None:
        """Year end 2: every employee not fully vested moves up one field."""
        for p in self.products.values():
            for arr in (p.nerds, p.suits):
                arr[0] += arr[1]
                arr[1], arr[2], arr[3], arr[4] = arr[2], arr[3], arr[4], 0
        for pl in self.players:
            pl.big_nerds = [v - 1 if v else 0 for v in pl.big_nerds]
            pl.big_suits = [v - 1 if v else 0 for v in pl.big_suits]
        self._emit_shown(tuple(range(len(self.players))), tuple(self.products), ev.YearEndStep,
                         "vest employees", "")
        self.seat_queue = [seat for seat, pl in enumerate(self.players)
                           if any(self.products[s].nerd_count or self.products[s].suit_count
                                  for s in pl.slots)]
        self.stage = "reassign_check"

    def _step_reassign_check(self) -> None:
        if self.seat_queue:
            self.actor = self.turn_seat = self.seat_queue[0]
            self.stage = "reassign"
        else:
            self.turn_seat = self.products[self.turn_order[0]].owner
            self._open_window(DISCARD, "discard")

    def _legal_reassign(self) -> list:
        slots = self.players[self.actor].slots
        key = tuple(slots)
        products = self.products
        acts: list = []
        moves_of = _company_moves(key)
        for src in slots:
            p = products[src]
            moves, suit_moves = moves_of[src]
            arr = p.nerds
            for v in VEST_FIELDS:  # only the fields holding a worker (both kinds written
                if arr[v]:  # out: plain Python, a tuple of pairs per product cost more)
                    acts += moves[v]
            arr = p.suits
            for v in VEST_FIELDS:
                if arr[v]:
                    acts += suit_moves[v]
        acts.append(END_REASSIGN)
        return acts

    def _apply_reassign(self, action: Reassign) -> None:
        src, dest, kind, vest = action.src, action.dest, action.kind, action.vest  # read once
        products = self.products  # (an action's fields are generic look-ups, compiled)
        products[src].workers(kind)[vest] -= 1
        products[dest].workers(kind)[vest] += 1
        if self._events is not None:  # hot at the year end: not even the fields packed
            self._emit_shown((), (src, dest), ev.EmployeeMoved, kind, src, dest, vest, vest,
                             "reassign")

    def _apply_end_reassign(self, action: EndReassign) -> None:
        self.seat_queue.pop(0)
        self.stage = "reassign_check"

    def _discard_year(self) -> None:
        """Year end 4: played cards to the discard pile, marketing money to the bank."""
        marketing = sum(p.marketing for p in self.products.values())
        for p in self.products.values():
            p.marketing = 0
        self.bank += marketing
        self.discard.extend(self.played)
        self._emit_shown((), tuple(self.products), ev.YearEndStep, "discard",
                         f"{len(self.played)} cards, {marketing} marketing")
        self.played = []
        self.exec_power = []
        self.press = {}

    def _step_discard(self) -> None:
        self._discard_year()
        n = len(self.players)
        need = [HAND_SIZE - len(pl.hand) for pl in self.players]
        self.deal_queue = [seat for r in range(HAND_SIZE) for seat in range(n) if need[seat] > r]
        self.deal_after = "marketing_begin"
        self.stage = "deal_check"

    def _step_marketing_begin(self) -> None:
        """Year end 6 (F14): sealed, simultaneous allocation. The rules ask the seats one
        at a time, but each seat's tokens wait in `marketing_pending` (paid, hidden from
        the others: see `observation` and `views`) until every seat has finished."""
        self.seat_queue = list(range(len(self.players)))
        self.marketing_pending = {}
        self.stage = "marketing_check"

    def _step_marketing_check(self) -> None:
        while self.seat_queue and self.players[self.seat_queue[0]].money == 0:
            self.seat_queue.pop(0)
        if self.seat_queue:
            self.actor = self.turn_seat = self.seat_queue[0]
            self.stage = "marketing"
        else:
            self._reveal_marketing()
            self.stage = "order_begin"

    def _reveal_marketing(self) -> None:
        """F14: every seat has finished: all allocations go onto the products at once."""
        pending = self.marketing_pending
        for slot, tokens in pending.items():
            self.products[slot].marketing += tokens
        self.marketing_pending = {}
        self._emit_shown(tuple(range(len(self.players))), tuple(self.products),
                         ev.MarketingRevealed, self.year + 1, tuple(
                             (s, p.owner, p.marketing) for s, p in self.products.items()))

    def _legal_marketing(self) -> list:
        return [_market(s) for s in self.players[self.actor].slots] + [END_MARKETING]

    def _apply_market(self, action: Market) -> None:
        slot = action.slot
        seat = self.products[slot].owner
        self.players[seat].money -= 1
        pending = self.marketing_pending
        pending[slot] = pending.get(slot, 0) + 1
        self._emit(ev.MarketingPlaced, seat, slot, pending[slot])  # private to `seat`
        self.stage = "marketing_check"

    def _apply_end_marketing(self, action: EndMarketing) -> None:
        self.seat_queue.pop(0)
        self.stage = "marketing_check"

    def _step_order_begin(self) -> None:
        """Year end 7: fewest users selects its position first; ties picked at random."""
        by_field: dict[int, list[str]] = {}
        for s, p in self.products.items():
            by_field.setdefault(p.field, []).append(s)
        self.order_groups = [by_field[f] for f in sorted(by_field)]
        self.new_order = [None] * len(self.products)
        self.stage = "order_check"

    def _step_order_check(self) -> None:
        groups = self.order_groups
        while groups and not groups[0]:
            groups.pop(0)
        if not groups:
            self.turn_order = cast("list[str]", list(self.new_order))  # all placed
            self._emit(ev.TurnOrderSet, self.year + 1, tuple(self.turn_order))
            self.stage = "year_begin"
            return
        if len(groups[0]) > 1:
            self.turn_seat = self.products[groups[0][0]].owner
            self.stage = "order_tie"
            return
        free = [i for i, s in enumerate(self.new_order) if s is None]
        if len(free) == 1:
            self._take_position(free[0])
            return
        self.actor = self.turn_seat = self.products[groups[0][0]].owner
        self.stage = "order_choose"

    def _legal_order(self) -> list:
        return [_choose(i) for i, s in enumerate(self.new_order) if s is None]

    def _take_position(self, position: int) -> None:
        slot = self.order_groups[0].pop(0)
        self.new_order[position] = slot
        if self._events is not None:  # hot: not even the fields packed
            self._emit(ev.PositionChosen, slot, self.products[slot].owner, position)
        self.stage = "order_check"

    def _apply_choose(self, action: ChoosePosition) -> None:
        self._take_position(action.position)
