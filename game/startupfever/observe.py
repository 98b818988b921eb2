"""What one seat may see of a Startup Fever game, as plain data: `observation(seat)` of
the rules API (RULES.md F11, F13, F14).

A seat sees its own hand, chips and pending marketing and everything on the table; of the
others' hands only their sizes, of the draw pile only its size, no face-down category and
no rival's sealed marketing (their money still holds it). Who is asked next (a card
window's `window_seats`, `current_player`) depends on hand sizes alone, so it is shown as
it is. The encoding is the save's
(`persist.py`) without the RNG.
"""

from __future__ import annotations

import json
from typing import Any, cast

from .persist import SaveRules


def plain_copy(value: Any) -> Any:
    """A deep copy of plain data as a JSON round trip gives it (lists for tuples, text
    keys, plain `str` for a `str` Enum), without the text: a seat's observation is its own
    copy, which the caller may change. For one seat it is 1.4x (plain Python) to 2.5x
    (compiled) quicker than the round trip; for six, decoding one text six times is
    quicker on plain Python, so `observations` still does that."""
    t = type(value)
    if t is dict:
        return {k if type(k) is str else _key(k): plain_copy(v) for k, v in value.items()}
    if t is list or t is tuple:
        return [plain_copy(v) for v in value]
    if t is str or t is int or t is float or t is bool or value is None:
        return value
    if isinstance(value, str):  # a str Enum member (a stage loaded from a save)
        return str.__str__(value)
    return json.loads(json.dumps(value))  # anything else: exactly as JSON would


def _key(key: Any) -> str:
    """A dict key as JSON writes it (1 -> "1", True -> "true", None -> "null")."""
    return str.__str__(key) if isinstance(key, str) else json.dumps(key)


class ObservedRules(SaveRules):
    """`observation` / `observations` for the State."""

    def observation(self, seat: int) -> dict[str, Any]:
        """What `seat` may see: other hands (their sizes stay), face-down chips, the deck and
    the others' sealed marketing (F14: their money still holds it) are hidden. Everything
    else is public, who is asked in a card window or for Defense included (F11: it
    depends on hand sizes alone)."""
        return self.observations([seat])[0]

    def observations(self, seats: list[int]) -> list[dict[str, Any]]:
        """`observation(seat)` of each seat, the state encoded once for them all (six
        phones' views after each change)."""
        data = self.to_dict(rng=False)
        for key in ("rng", "seed", "format", "version"):
            data.pop(key, None)
        shared = {"deck": sum(self.deck.values()),  # only the size of the draw pile
                  "current_player": self.current_player, "current_slot": self.current_slot}
        sealed = [self.sealed_marketing(i) for i in range(len(self.players))]
        if len(seats) == 1:  # one seat (a computer's decision): copied directly
            return [self._observed(plain_copy(data), seats[0], shared, sealed)]
        text = json.dumps(data)  # several (phones): encoded once, each seat's copy decoded
        return [self._observed(json.loads(text), seat, shared, sealed) for seat in seats]

    def _observed(self, data: dict[str, Any], seat: int, shared: dict[str, Any],
                  sealed: list[int]) -> dict[str, Any]:
        for i, pl in enumerate(data["players"]):
            if i != seat:
                pl["hand"] = len(pl["hand"])  # only the number of cards
                pl["money"] += sealed[i]  # F14: tokens still sealed
        mine = self.players[seat].slots
        data["marketing_pending"] = {s: k for s, k in self.marketing_pending.items()
                                     if s in mine}
        for p in data["products"].values():
            if p["owner"] != seat and not p["launched"]:
                p["category"] = None
        data["deck"] = shared["deck"]
        data["seat"] = seat
        data["current_player"] = shared["current_player"]
        data["current_slot"] = shared["current_slot"]
        data["legal_actions"] = [str(a) for a in cast(Any, self).legal_actions()] \
            if self.current_player == seat else []
        return data
