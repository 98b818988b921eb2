"""SERVERMANIA's awards (game/awards.py): from the game's own events, up to five.

Each figure is short (the results show it beside the title and the name).

- Server farm: the most servers held at once.
- Payday regular: the most money from passing PAYDAY!.
- Windfall: the biggest single gain of cash (a card, the CEO BONUS).
- Longest STUCK: the most turns in a row spent STUCK.
- First past FINISH.
"""

from __future__ import annotations

from typing import Any

from game.award import Award, leaders

from . import events as ev


def money(amount: int) -> str:
    return f"${amount:,}"


def awards(events: list[Any], state: Any) -> list[Award]:
    found: list[Award] = []
    most: dict[int, int] = {}
    payday: dict[int, int] = {}
    stuck: dict[int, int] = {}
    streak: dict[int, int] = {}
    gains: list[tuple[int, int, str]] = []
    for e in events:
        kind = type(e)
        if kind is ev.ServersChanged:
            most[e.seat] = max(most.get(e.seat, 0), e.servers_after)
        elif kind is ev.PassedPayday:
            payday[e.seat] = payday.get(e.seat, 0) + e.amount
        elif kind is ev.CashChanged and e.delta > 0 and e.reason != "passed PAYDAY!":
            gains.append((e.delta, e.seat, e.reason))
        elif kind is ev.StuckRoll and not e.freed:
            streak[e.seat] = streak.get(e.seat, 1) + 1
            stuck[e.seat] = max(stuck.get(e.seat, 0), streak[e.seat])
        elif kind is ev.LeftStuck:
            streak.pop(e.seat, None)
    seats, top = leaders(most, least=2)
    if seats:
        found.append(Award("Server farm", f"{top} servers", seats))
    seats, top = leaders(payday)
    if seats:
        found.append(Award("Payday regular", f"{money(top)}", seats))
    if gains:
        best = max(g[0] for g in gains)
        top_gains = [g for g in gains if g[0] == best]
        found.append(Award("Windfall", f"+{money(best)}",
                           tuple(sorted({g[1] for g in top_gains})), top_gains[0][2]))
    seats, top = leaders(stuck, least=2)
    if seats:
        found.append(Award("Longest STUCK", f"{top} turns", seats))
    first = [e.seat for e in events if type(e) is ev.Finished and e.place == 1]
    if first:
        found.append(Award("First past FINISH", "1st", (first[0],)))
    return found[:5]
