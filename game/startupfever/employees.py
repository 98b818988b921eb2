"""Manage Employees (product turn step 3): hire, poach with counter-offers, retain."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from . import events as ev
from .actions import Counter, EndManage, Hire, Poach, Retain, shared
from .fields import StateFields
from .state import (
    BIG_NERD,
    BIG_SUIT,
    COST,
    EXEC_KINDS,
    FIELDS_BELOW,
    KINDS,
    NERD,
    NEW_HIRE_FIELD,
    OFFERS_PER_TARGET,
    RETAIN_FIELDS,
    SLOTS,
    SUIT,
    WORKER_KINDS,
    Player,
)

# Shared action objects for `_legal_manage`, the engine's hottest generator. Hires and
# worker retains name the current product (`slot`), so they are kept per slot. (Plain
# module dicts, looked up with `get`: cheaper than `functools.cache` wrappers, which
# build a key tuple per call.)
END_MANAGE: Final = EndManage()
COUNTER_CHOICES: Final = (Counter(True), Counter(False))
SURE_KEPT: Final = 12  # sure-offer prices kept per employee field (see _Target)
NOBODY: Final = [0] * 5  # a product's workers of one kind, per vesting field, when it has none


def _hires(slot: str) -> dict[str, Hire]:
    """kind -> the shared "hire <kind> for <slot>" action."""
    hires = _HIRES.get(slot)
    if hires is None:
        hires = _HIRES[slot] = {kind: Hire(kind, slot) for kind in KINDS}
    return hires


_HIRES: Final[dict[str, dict[str, Hire]]] = {}


@functools.cache
def _retains(kind: str, vest: int, slot: str | None) -> tuple[Retain, ...]:
    """Retains of one employee on field `vest` by 1, 2, ... up to field 4 (`slot` None:
    an executive)."""
    return tuple(Retain(kind, vest, k, slot) for k in range(1, 5 - vest))


@functools.cache
def _lows(seat: int, slot: str | None, kind: str, to: str) -> tuple[Poach, ...]:
    """The minimum offer for one employee of `kind` on `slot` (None: an executive of
    company `seat`) per vesting field 0-4; `to` is the current product, which the
    poached employee would join."""
    return tuple(Poach(seat, slot, kind, v, COST[kind] + v, to) for v in range(5))


class _Target:
    """The offers listed for the employees of one kind on one rival product (`slot` None:
    the rival's executives), to join product `to`: the minimum offer per vesting field
    0-4 (`_lows`), and the "sure" offers made per field (one object per price: a sure
    offer's price is the rival's money, which comes back to the same few values again
    and again; at most SURE_KEPT prices are kept per field, so this stays bounded)."""

    __slots__ = ("seat", "slot", "kind", "to", "lows", "sures")

    def __init__(self, seat: int, slot: str | None, kind: str, to: str) -> None:
        self.seat = seat
        self.slot = slot
        self.kind = kind
        self.to = to
        self.lows = _lows(seat, slot, kind, to)
        self.sures: list[dict[int, Poach]] = [{} for _ in range(5)]

    def sure(self, v: int, offer: int) -> Poach:
        """The offer of `offer` tokens for the employee on field `v`."""
        made = self.sures[v]
        poach = made.get(offer)
        if poach is None:
            if len(made) >= SURE_KEPT:
                made.clear()
            poach = made[offer] = Poach(self.seat, self.slot, self.kind, v, offer, self.to)
        return poach

    def list_exec_offers(self, acts: list, fields: list[int], money: int, sure: int) -> None:
        """Executives on `fields` (none protected): per field, once, in the order held,
        the minimum offer if affordable and then the sure offer if that is higher."""
        seen: list[int] = []
        for v in fields:
            if v in seen:
                continue
            seen.append(v)
            low = self.lows[v]
            if low.offer <= money:
                acts.append(low)
                if low.offer < sure:
                    acts.append(self.sure(v, sure))


#: the key of a rival's executives in `_worker_targets`
EXECUTIVES: Final = "@"
MAX_SEATS: Final = 6  # a game has 2-6 companies


def _worker_targets(to: str) -> list[dict[str, tuple[_Target, _Target]]]:
    """Per seat: slot -> the offer tables (`_Target`) of its Nerds and its Suits, for
    every product of that company (and the others: unused), to join product `to`, and
    under `EXECUTIVES` those of its Big Nerds and Big Suits: one look-up per listing
    instead of one per rival product and kind."""
    by_seat = _TARGETS.get(to)
    if by_seat is None:
        by_seat = _TARGETS[to] = []
        for seat in range(MAX_SEATS):
            targets = {s: (_Target(seat, s, NERD, to), _Target(seat, s, SUIT, to))
                       for s in SLOTS}
            targets[EXECUTIVES] = (_Target(seat, None, BIG_NERD, to),
                                   _Target(seat, None, BIG_SUIT, to))
            by_seat.append(targets)
    return by_seat


_TARGETS: Final[dict[str, list[dict[str, tuple[_Target, _Target]]]]] = {}


def _worker_retains(slot: str) -> tuple[tuple[tuple[Retain, ...], ...], ...]:
    """(Nerds, Suits) of product `slot`: per vesting field 0-3, its retains (`_retains`)."""
    retains = _WORKER_RETAINS.get(slot)
    if retains is None:
        retains = _WORKER_RETAINS[slot] = tuple(
            tuple(_retains(kind, v, slot) for v in range(NEW_HIRE_FIELD))
            for kind in WORKER_KINDS)
    return retains


_WORKER_RETAINS: Final[dict[str, tuple[tuple[tuple[Retain, ...], ...], ...]]] = {}
#: kind -> per vesting field 0-3, the retains of an executive (`_retains`)
_EXEC_RETAINS: Final = {kind: tuple(_retains(kind, v, None) for v in range(NEW_HIRE_FIELD))
                        for kind in EXEC_KINDS}


# the "sure" offers on executives and protected workers (the rare paths): one shared
# object per argument tuple, the most recent ones only (an unbounded cache grew all
# night long, and 2,048 kept the creep going for a dozen games: 400 simulated games run
# as fast with 512)
POACH_OFFERS_KEPT: Final = 512
_poach: Final = shared(Poach, most=POACH_OFFERS_KEPT)


class EmployeeRules(StateFields):
    """Hiring, poaching and retaining for the product whose turn it is."""

    def exec_room(self, seat: int, kind: str) -> bool:
        """May company `seat` take one more executive of `kind` (hire or poach)? One Big
        Nerd and one Big Suit; under Executive Power one extra executive, a second Big
        Nerd or a second Big Suit, not both (F16)."""
        pl = self.players[seat]
        held = len(pl.executives(kind))
        if held == 0:
            return True
        other = len(pl.executives(BIG_SUIT if kind == BIG_NERD else BIG_NERD))
        return held == 1 and other < 2 and seat in self.exec_power

    def has_suit(self, seat: int) -> bool:
        """A company with a Suit (or a Big Suit) may play Defense."""
        pl = self.players[seat]
        return bool(pl.big_suits) or any(self.products[s].suit_count for s in pl.slots)

    def _step_manage_check(self) -> None:
        if self.players[self.turn_seat].money == 0:
            if self._events is not None:  # hot: not even the fields packed
                self._emit(ev.ManageSkipped, self.current_slot, "out of money")
            self.stage = "after_manage"
        else:
            self.actor = self.turn_seat
            self.stage = "manage"

    def _poachable(self, seat: int, slot: str | None, kind: str) -> list[int]:
        """Vesting fields holding an employee of that kind the current product may still
        try to poach (those kept by a counter-offer are protected for this turn)."""
        protected = self.protected
        if slot is None:
            fields = self.players[seat].executives(kind)
            if not protected:  # the usual case: every field once, in the order held
                return list(dict.fromkeys(fields))
            key = f"@{seat}:{kind}:"
            counts: dict[int, int] = {}
            for v in fields:
                counts[v] = counts.get(v, 0) + 1
        else:
            arr = self.products[slot].workers(kind)
            key = f"{slot}:{kind}:"
            counts = {v: arr[v] for v in range(5) if arr[v]}
        if not protected:
            return list(counts)
        return [v for v, k in counts.items() if k > protected.get(key + str(v), 0)]

    def _legal_manage(self) -> list:
        """Hires, then poach offers rival by rival, then retains, then End Manage (the
        order is part of the game: the random player picks by index)."""
        slot = self.current_slot
        assert slot is not None
        seat = self.turn_seat
        players = self.players
        pl = players[seat]
        money = pl.money
        exec_room = [k for k in EXEC_KINDS if self.exec_room(seat, k)] \
            if pl.big_nerds or pl.big_suits else EXEC_KINDS  # none held: room for both
        acts: list = []
        if self.hires < self.hire_limit:
            acts += self._legal_hires(slot, money, exec_room)
        self._listed_offers(acts, seat, money, exec_room, slot)
        self._legal_retains(acts, slot, pl, money)
        acts.append(END_MANAGE)
        return acts

    def _legal_hires(self, slot: str, money: int, exec_room: Sequence[str]) -> list[Hire]:
        """Kinds left in the supply that the company can pay for (and has room for)."""
        hires = _hires(slot)
        supply = self.supply
        return [hires[kind] for kind in KINDS
                if supply[kind] and money >= COST[kind]
                and (kind in WORKER_KINDS or kind in exec_room)]

    def _listed_offers(self, acts: list, seat: int, money: int, exec_room: Sequence[str],
                       slot: str) -> None:
        """Offers on the rivals' employees, rival by rival: per employee the minimum, then
        the smallest offer its owner cannot counter (the owner's money, as a counter
        costs offer + 1) if that is higher and affordable, appended to `acts`. Any other
        amount is legal too (see `_is_legal_manage`)."""
        counts = self.poach_counts  # usually empty: no offer made yet this turn
        protected = self.protected
        products = self.products
        # the fields whose workers `money` can pay for (a worker on field v costs >= 1 + v)
        fields = FIELDS_BELOW[5 if money > 5 else money]
        targets_of = _worker_targets(slot)
        for other, opl in enumerate(self.players):
            if other == seat:
                continue
            sure = opl.money if opl.money <= money else 0  # 0: no sure offer (low >= 1)
            sources: list = []
            targets = targets_of[other]
            for s in opl.slots:
                if counts and counts.get(s, 0) >= OFFERS_PER_TARGET:
                    continue
                if protected:
                    sources += ((s, NERD), (s, SUIT))
                    continue
                tp = products[s]  # the fast path (nothing protected)
                nerd_offers, suit_offers = targets[s]
                # per vesting field in `fields` with a worker: its minimum offer, then
                # the sure one if higher (a worker's minimum is 1 + v). Written out for
                # both kinds: plain Python, a call per kind cost about 2% of a game
                arr = tp.nerds
                for v in fields:
                    if arr[v]:
                        acts.append(nerd_offers.lows[v])
                        if v + 1 < sure:
                            acts.append(nerd_offers.sure(v, sure))
                arr = tp.suits
                for v in fields:
                    if arr[v]:
                        acts.append(suit_offers.lows[v])
                        if v + 1 < sure:
                            acts.append(suit_offers.sure(v, sure))
            if exec_room and (opl.big_nerds or opl.big_suits) and \
                    (not counts or counts.get(f"@{other}", 0) < OFFERS_PER_TARGET):
                if protected:
                    sources += [(None, k) for k in exec_room if opl.executives(k)]
                else:  # the fast path
                    big_nerd_offers, big_suit_offers = targets[EXECUTIVES]
                    for k in exec_room:
                        held = opl.executives(k)
                        if held:
                            (big_nerd_offers if k == BIG_NERD else big_suit_offers) \
                                .list_exec_offers(acts, held, money, sure)
            for src, kind in sources:
                lows = _lows(other, src, kind, slot)
                for v in self._poachable(other, src, kind):
                    low = lows[v]
                    if low.offer <= money:
                        acts.append(low)
                        if low.offer < sure:
                            acts.append(_poach(other, src, kind, v, sure, slot))

    def _legal_retains(self, acts: list, slot: str, pl: Player, money: int) -> None:
        """Moving the current product's workers, then the company's executives, 1+ fields
        towards 4 (a field per token), appended to `acts`."""
        p = self.products[slot]
        retains, suit_retains = _worker_retains(slot)
        # both kinds written out (plain Python: a tuple of pairs built per call cost more)
        fields = p.nerds
        if fields != NOBODY:
            for v in RETAIN_FIELDS:  # the fields with workers
                if fields[v]:
                    acts += retains[v][:money]
        fields = p.suits
        if fields != NOBODY:
            for v in RETAIN_FIELDS:
                if fields[v]:
                    acts += suit_retains[v][:money]
        if pl.big_nerds or pl.big_suits:  # most companies hold no executive
            for kind in EXEC_KINDS:
                held = pl.executives(kind)
                if held:
                    for v in held if len(held) == 1 else sorted(set(held)):
                        if v < NEW_HIRE_FIELD:
                            acts += _EXEC_RETAINS[kind][v][:money]

    def _is_legal_manage(self, action) -> bool:
        """Every offer from the minimum up to the poacher's money is legal (the rulebook
        allows any amount), although `legal_actions` lists only two of them. The field
        types were checked by `apply` before this."""
        if type(action) is not Poach or action.kind not in COST:
            return False
        low = COST[action.kind] + action.vest
        if not low <= action.offer <= self.players[self.turn_seat].money:
            return False
        return Poach(action.seat, action.slot, action.kind, action.vest, low) in \
            self._legal_manage()

    def _apply_hire(self, action: Hire) -> None:
        seat = self.turn_seat
        slot = self.current_slot
        assert slot is not None
        kind = action.kind
        cost = COST[kind]
        self._pay_to_bank(seat, cost)
        self.hires += 1
        if slot in self.hire_fails:  # Hiring Failure (F15): money lost, nobody comes
            self.hire_fails.remove(slot)
            self._emit_shown((seat,), (slot,), ev.Hired, seat, slot, kind, cost, True)
        else:
            self.supply[kind] -= 1
            self._add_employee(seat, slot, kind)
            if self._events is not None:  # hot: not even the fields packed
                self._emit_shown((seat,), (slot,), ev.Hired, seat, slot, kind, cost, False)
        self.stage = "manage_check"

    def _add_employee(self, seat: int, slot: str, kind: str) -> None:
        if kind in WORKER_KINDS:
            self.products[slot].workers(kind)[NEW_HIRE_FIELD] += 1
        else:
            self.players[seat].executives(kind).append(NEW_HIRE_FIELD)

    def _apply_poach(self, action: Poach) -> None:
        key = action.slot if action.slot is not None else f"@{action.seat}"
        self.poach_counts[key] = self.poach_counts.get(key, 0) + 1
        slot = self.current_slot
        if self._events is not None:  # hot: not even the fields packed
            self._emit(ev.PoachOffered, self.turn_seat, slot, action.seat, action.slot,
                       action.kind, action.vest, action.offer)
        self.pending_poach = {"seat": action.seat, "slot": action.slot, "kind": action.kind,
                              "vest": action.vest, "offer": action.offer}
        if self.players[action.seat].money >= action.offer + 1:
            self.actor = action.seat  # the target's owner decides on a counter-offer
            self.stage = "counter"
        else:
            self._complete_poach()

    def _legal_counter(self) -> list:
        return list(COUNTER_CHOICES)

    def _apply_counter(self, action: Counter) -> None:
        if not action.accept:
            self._complete_poach()
            return
        pp = self.pending_poach
        assert pp is not None
        seat, slot, kind, vest = pp["seat"], pp["slot"], pp["kind"], pp["vest"]
        amount = pp["offer"] + 1
        self._pay_to_bank(seat, amount)
        new_vest = min(NEW_HIRE_FIELD, vest + amount)
        if slot is None:
            fields = self.players[seat].executives(kind)
            fields.remove(vest)
            fields.append(new_vest)
            key = f"@{seat}:{kind}:{new_vest}"
        else:
            arr = self.products[slot].workers(kind)
            arr[vest] -= 1
            arr[new_vest] += 1
            key = f"{slot}:{kind}:{new_vest}"
        self.protected[key] = self.protected.get(key, 0) + 1  # no re-poach this turn
        self._emit_shown((seat,), (slot,), ev.CounterOffered, seat, slot, kind, amount, vest,
                         new_vest)
        self.pending_poach = None
        self.stage = "manage_check"

    def _complete_poach(self) -> None:
        """No counter-offer: the poacher pays the bank and the employee starts on 4."""
        pp = self.pending_poach
        assert pp is not None
        seat, slot, kind, vest, offer = pp["seat"], pp["slot"], pp["kind"], pp["vest"], \
            pp["offer"]
        me = self.turn_seat
        self._pay_to_bank(me, offer)
        if slot is None:
            self.players[seat].executives(kind).remove(vest)
        else:
            self.products[slot].workers(kind)[vest] -= 1
        to = self.current_slot
        assert to is not None
        self._add_employee(me, to, kind)
        self._emit_shown((me, seat), (to, slot), ev.Poached, me, to, seat, slot, kind, offer)
        self.pending_poach = None
        self.stage = "manage_check"

    def _apply_retain(self, action: Retain) -> None:
        seat = self.turn_seat
        kind, vest, steps = action.kind, action.vest, action.steps
        self._pay_to_bank(seat, steps)
        slot = self.current_slot
        if kind in WORKER_KINDS:
            assert slot is not None
            arr = self.products[slot].workers(kind)
            arr[vest] -= 1
            arr[vest + steps] += 1
        else:
            fields = self.players[seat].executives(kind)
            fields.remove(vest)
            fields.append(vest + steps)
            slot = None
        self._emit_shown((seat,), (slot,), ev.Retained, seat, slot, kind, vest, vest + steps,
                         steps)
        self.stage = "manage_check"

    def _apply_end_manage(self, action: EndManage) -> None:
        self.stage = "after_manage"
