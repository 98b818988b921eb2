"""What SERVERMANIA's two decisions mean, worked out by the rules on clones: the TV's
prompts and the phones say the same.

SERVERMANIA hides nothing but the future: these weigh every face of the coming die (the
odds), never the roll itself.
"""

from __future__ import annotations

from typing import Any

from game.servermania import state as sm
from game.servermania.actions import (
    PAY_MAINTENANCE,
    PAY_TO_LEAVE_STUCK,
    ROLL_TO_LEAVE_STUCK,
    SKIP_MAINTENANCE,
    PayMaintenance,
    PayToLeaveStuck,
    RollToLeaveStuck,
    SkipMaintenance,
)
from game.servermania.events import Landed, ServersChanged, StuckRoll
from game.servermania.rules import MAINTENANCE_FEE, STUCK_FEE


def after(state: sm.State, *actions: Any) -> tuple[sm.State, list]:
    clone = state.clone()
    events: list = []
    for action in actions:
        events += clone.apply(action)
    return clone, events


def preview_maintenance(state: sm.State) -> dict:
    """What paying or skipping means for this roll, worked out on clones by the rules."""
    seat = state.turn_seat
    p = state.players[seat]
    cs = state.board.cs_ahead[p.position]
    distance = cs - p.position
    out: dict[str, Any] = {"distance": distance, "servers": p.servers, "cash": p.cash}
    for key, action in (("pay", PAY_MAINTENANCE), ("skip", SKIP_MAINTENANCE)):
        clone, _ = after(state, action)
        hits, servers_if_hit = 0, p.servers
        outcomes = clone.chance_outcomes()
        for outcome, _prob in outcomes:
            _, events = after(clone, outcome)
            if any(isinstance(e, Landed) and e.square == cs for e in events):
                hits += 1
                changed = [e for e in events if isinstance(e, ServersChanged) and e.seat == seat]
                servers_if_hit = changed[0].servers_after if changed else p.servers
        out[key] = {"cash": clone.players[seat].cash, "servers_if_hit": servers_if_hit,
                    "hits": hits, "of": len(outcomes)}
    return out


def preview_stuck(state: sm.State) -> dict:
    """Cash after paying, and which die faces free the pawn, worked out on clones."""
    seat = state.turn_seat
    clone, _ = after(state, PAY_TO_LEAVE_STUCK)
    rolled, _ = after(state, ROLL_TO_LEAVE_STUCK)
    outcomes: list[tuple[Any, float]] = rolled.chance_outcomes()
    faces = sorted(o.value for o, _ in outcomes
                   if any(isinstance(e, StuckRoll) and e.freed for e in after(rolled, o)[1]))
    freed = len(faces)
    return {"pay_cash": clone.players[seat].cash, "cash": state.players[seat].cash,
            "freed": freed, "of": len(outcomes), "faces": faces}


def either(faces: list[int]) -> str:
    """[1, 2, 3] -> "1, 2 or 3"; a single face stays as it is."""
    words = [str(f) for f in faces]
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)


def money(amount: int) -> str:
    """"$100,000" ("-$3,000" below zero), as the TV writes it."""
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def servers(count: int) -> str:
    return f"{count} server" if abs(count) == 1 else f"{count} servers"


def about(state: sm.State, legal: list) -> dict:
    """The words of the decision now, for a phone: {"prompt", "how", "options"} with one
    {"label", "text"} per legal action (the TV's prompt says the same)."""
    words: dict[type, dict[str, str]]
    if any(isinstance(a, PayMaintenance | SkipMaintenance) for a in legal):
        info = preview_maintenance(state)
        d, pay, skip = info["distance"], info["pay"], info["skip"]
        squares = "square" if d == 1 else "squares"
        how = (f"Roll {d} to land on CUSTOMER SERVICE: {pay['hits']} in {pay['of']}."
               if pay["hits"] else f"CUSTOMER SERVICE is {d} {squares} ahead: out of reach.")
        words = {
            PayMaintenance: {"label": f"Pay {money(MAINTENANCE_FEE)}",
                               "text": f"Cash after: {money(pay['cash'])} · Land: "
                                       f"{info['servers']} → {servers(pay['servers_if_hit'])}"},
            SkipMaintenance: {"label": "Skip maintenance",
                                "text": f"Keep {money(skip['cash'])} · Land: "
                                        f"{info['servers']} → "
                                        f"{servers(skip['servers_if_hit'])}"}}
        return {"prompt": "Pay maintenance?", "how": how,
                "options": [words.get(type(a), {}) for a in legal]}
    info = preview_stuck(state)
    faces = either(info["faces"])
    words = {
        PayToLeaveStuck: {"label": f"Pay {money(STUCK_FEE)}",
                            "text": f"Cash after: {money(info['pay_cash'])} · then roll "
                                    "to move"},
        RollToLeaveStuck: {"label": f"Roll for {faces}",
                             "text": f"Keep {money(info['cash'])} · {info['freed']} in "
                                     f"{info['of']} to go free"}}
    return {"prompt": "Get out of STUCK?", "how": f"Pay to go on now, or roll {faces} to go "
            "free.", "options": [words.get(type(a), {}) for a in legal]}
