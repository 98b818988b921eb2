"""Startup Fever's awards (game/awards.py): from the game's own events, up to five.

Each figure is short (the results show it beside the title and the name).

- Showdown star: the most user fields gained in one Year End competition.
- Head hunter: the most employees poached.
- Loyal staff: the biggest counter-offer paid to keep an employee.
- Lucky roll: the adoption roll that moved a product furthest up the User Track.
- Top earner: the most revenue over the game.
"""

from __future__ import annotations

from typing import Any

from game.award import Award, leaders

from . import events as ev
from .actions import kind_name
from .usertrack import label


def users(field: int) -> str:
    return "no users" if field <= 0 else f"{label(field)} users"


def awards(events: list[Any], state: Any) -> list[Award]:
    owner = {slot: p.owner for slot, p in state.products.items()}
    found: list[Award] = []
    gains = [(to - start, slot, e.category) for e in events if type(e) is ev.CompetitionResult
             for slot, _strength, _delta, start, to in e.ranking]
    if gains and max(g[0] for g in gains) > 0:
        best = max(g[0] for g in gains)
        top = [g for g in gains if g[0] == best]
        found.append(Award("Showdown star", f"+{best} field{'s' * (best > 1)}",
                           tuple(sorted({owner[slot] for _d, slot, _c in top})),
                           f"{top[0][1]} in {top[0][2]}"))
    poached: dict[int, int] = {}
    for e in events:
        if type(e) is ev.Poached:
            poached[e.seat] = poached.get(e.seat, 0) + 1
    seats, most = leaders(poached)
    if seats:
        found.append(Award("Head hunter", f"{most} poached", seats))
    counters = [e for e in events if type(e) is ev.CounterOffered]
    if counters:
        dearest = max(e.amount for e in counters)
        kept = [e for e in counters if e.amount == dearest]
        found.append(Award("Loyal staff", f"${dearest} to keep",
                           tuple(sorted({e.seat for e in kept})),
                           f"kept a {kind_name(kept[0].kind)}"))
    rolls = [e for e in events if type(e) is ev.UsersAdopted and e.to_field > e.from_field]
    if rolls:
        luckiest = max((e.to_field - e.from_field, e.roll) for e in rolls)
        lucky = [e for e in rolls if (e.to_field - e.from_field, e.roll) == luckiest]
        first = lucky[0]
        found.append(Award("Lucky roll", f"a {first.roll}: +{luckiest[0]} fields",
                           tuple(sorted({owner[e.slot] for e in lucky})),
                           f"{first.slot} from {users(first.from_field)} to "
                           f"{users(first.to_field)}"))
    earned: dict[int, int] = {}
    for e in events:
        if type(e) is ev.RevenueEarned:
            earned[e.seat] = earned.get(e.seat, 0) + e.paid
    seats, most = leaders(earned)
    if seats:
        found.append(Award("Top earner", f"${most} earned", seats))
    return found[:5]
