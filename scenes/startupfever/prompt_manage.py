"""Manage Employees and the counter-offer: hire, poach, retain, end; keep or let go.

Every row says what it costs and what it does before it is picked, and both come from
the rules playing the action on a clone (`after`): the money left, whether the owner may
counter, a hire failing under Hiring Failure. The poach list lights the employee on the
table (its product and vesting cell, or the company panel for an executive).
"""

from __future__ import annotations

from typing import Any

from game.startupfever.actions import Counter, EndManage, Hire, Poach, Retain, kind_name
from game.startupfever.events import CounterOffered, Hired
from game.startupfever.phrases import HIRE_EFFECT, vesting
from game.startupfever.stages import Stage
from scenes.startupfever.choices import Adjust, Ctx, Decision, Option, after, cell
from scenes.table import look


class ManageDecision(Decision):
    stage = Stage.MANAGE


def manage_decision(state: Any, ctx: Ctx) -> Decision:
    seat, slot = state.current_player, state.current_slot
    money = state.players[seat].money
    legal = state.legal_actions()
    hires = [a for a in legal if type(a) is Hire]
    offers: dict[tuple, Poach] = {}
    for a in legal:
        if type(a) is Poach:
            key = (a.seat, a.slot, a.kind, a.vest)
            if key not in offers or a.offer < offers[key].offer:
                offers[key] = a
    retains: dict[tuple, list[Retain]] = {}
    for a in legal:
        if type(a) is Retain:
            retains.setdefault((a.kind, a.vest, a.slot), []).append(a)
    left = state.hire_limit - state.hires
    options = [
        Option("Hire from the supply",
               f"{left} of {state.hire_limit} hires left this turn" if hires
               else f"all {state.hire_limit} hires used this turn" if left <= 0
               else "nobody left you can pay for", key="hire",
               then=lambda: [_hire(state, ctx, a) for a in hires], enabled=bool(hires),
               title=f"Hire for {slot}",
               how="New hires stand on vesting field 4. At most one Big Nerd and one "
                   "Big Suit per company."),
        Option("Poach a rival's employee",
               f"{len(offers)} you can afford with {_m(money)}" if offers
               else "nobody you can pay for", key="poach",
               then=lambda: [_poach(state, ctx, a, money) for a in offers.values()],
               enabled=bool(offers), title="Poach: whom, and for how much?",
               how="Lowest offer: price + vesting field. An owner who can pay $1 more "
                   "may keep the employee; raise your offer to stop that."),
        Option("Retain an employee",
               "back towards 4: dearer to poach" if retains
               else "nobody to retain", key="retain",
               then=lambda: [_retain(state, ctx, steps) for steps in retains.values()],
               enabled=bool(retains), title="Retain: whom, and how far?",
               how="$1 a field back towards 4: an employee further from vested costs "
                   "rivals more to poach."),
        Option("End Manage Employees", f"keep your {_m(money)}", action=EndManage(),
               key="end"),
    ]
    how = (f"Grow {slot}'s staff: hire from the supply, poach from a rival, or retain "
           "your own. Every step costs money.")
    return ManageDecision(ctx, seat, f"{ctx.name(seat)} manages {slot}", how, options,
                          [f"Money {_m(money)}  ·  hires {state.hires} of "
                           f"{state.hire_limit}"])


def _m(amount: int) -> str:
    return f"${amount}"


def _hire(state: Any, ctx: Ctx, action: Hire) -> Option:
    clone, events = after(state, action)
    seat = state.current_player
    hired = next(e for e in events if isinstance(e, Hired))
    paid = state.players[seat].money - clone.players[seat].money
    if hired.failed:
        effect = "Hiring Failure: paid, but nobody comes"
    else:
        effect = HIRE_EFFECT[action.kind].format(slot=state.current_slot)
    return Option(f"{kind_name(action.kind)} for {_m(paid)}", effect, action=action,
                  key=f"hire:{action.kind}", icon=look.scaled(action.kind, (52, 52)))


def _poach(state: Any, ctx: Ctx, low: Poach, money: int) -> Option:
    owner = ctx.name(low.seat)
    label = f"{kind_name(low.kind)} on {low.slot}" if low.slot else \
        f"{owner}'s {kind_name(low.kind)}"
    label += f", {vesting(low.vest)}"

    def build(offer: int) -> tuple[str, str, object]:
        action = Poach(low.seat, low.slot, low.kind, low.vest, offer, low.to)
        clone, _events = after(state, action)
        can = clone.stage == Stage.COUNTER and clone.current_player == low.seat
        lowest = " (lowest)" if offer == low.offer else ""
        fate = f"{owner} can match" if can else f"{owner} can't match"
        return label, f"Offer {_m(offer)}{lowest} · {fate}", action

    spots = (cell(ctx.view, low.slot, low.vest, low.kind),) if low.slot else ()
    return Option(label, adjust=Adjust(list(range(low.offer, money + 1)), 0, build),
                  slots=frozenset({low.slot or low.seat}), spots=spots,
                  key=f"poach:{low.seat}:{low.slot}:{low.kind}:{low.vest}")


def _retain(state: Any, ctx: Ctx, steps: list[Retain]) -> Option:
    first = steps[0]
    seat = state.current_player
    where = f" on {first.slot}" if first.slot else ""
    label = f"{kind_name(first.kind)}{where}, {vesting(first.vest)}"
    by_steps = {a.steps: a for a in steps}

    def build(count: int) -> tuple[str, str, object]:
        action = by_steps[count]
        clone, _events = after(state, action)
        paid = state.players[seat].money - clone.players[seat].money
        return (label, f"{count} field{'s' if count > 1 else ''} back to vesting "
                f"{first.vest + count} for {_m(paid)}", action)

    spots = (cell(ctx.view, first.slot, first.vest, first.kind),) if first.slot else ()
    return Option(label, adjust=Adjust(sorted(by_steps), 0, build),
                  slots=frozenset({first.slot or seat}),
                  spots=spots, key=f"retain:{first.kind}:{first.vest}:{first.slot}")


class CounterDecision(Decision):
    stage = Stage.COUNTER


def counter_decision(state: Any, ctx: Ctx) -> Decision:
    """The poached company's owner: keep the employee for offer + 1, or let it go."""
    seat = state.current_player
    pp = state.pending_poach
    poacher = ctx.name(state.turn_seat)
    kind = kind_name(pp["kind"])
    where = f"on {pp['slot']}" if pp["slot"] else "in your company"
    keep, keep_events = after(state, Counter(True))
    paid = state.players[seat].money - keep.players[seat].money
    new_vest = next((e.to_vest for e in keep_events if isinstance(e, CounterOffered)),
                    pp["vest"])
    options = [
        Option(f"Keep your {kind} for {_m(paid)}",
               f"Money {_m(state.players[seat].money)} → {_m(keep.players[seat].money)}"
               f" · {vesting(new_vest)}", action=Counter(True),
               key="keep"),
        Option("Let it go", f"{poacher} pays {_m(pp['offer'])}; it joins "
               f"{state.current_slot}", action=Counter(False), key="go"),
    ]
    spots = (cell(ctx.view, pp["slot"], pp["vest"], pp["kind"]),) if pp["slot"] else ()
    for option in options:
        option.spots = spots
        option.slots = frozenset({pp["slot"] or seat})
    how = (f"{poacher} offers {_m(pp['offer'])} for your {kind} {where} "
           f"({vesting(pp['vest'])}). Pay $1 more to keep it, safe for this turn.")
    return CounterDecision(ctx, seat, f"Keep {ctx.name(seat)}'s {kind} for {_m(paid)}?",
                           how, options)
