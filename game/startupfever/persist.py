"""Save files (versioned JSON, exact round trip) and per-seat observations (F13)."""

from __future__ import annotations

import json
import random
from typing import Any

from .state import Player, Product

FORMAT = "startupfever"
VERSION = 1
_SKIP = ("_legal", "_events")


class PersistMixin:
    """to_json / from_json / observation for the State."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        for key, value in self.__dict__.items():
            if key in _SKIP:
                continue
            if key == "rng":
                version, internal, gauss = value.getstate()
                value = [version, list(internal), gauss]
            elif key == "players":
                value = [vars(p).copy() for p in value]
            elif key == "products":
                value = {s: vars(p).copy() for s, p in value.items()}
            data[key] = value
        return data

    def to_json(self) -> str:
        """The whole state, including RNG state and the deck, as versioned JSON."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def observation(self, seat: int) -> dict[str, Any]:
        """What `seat` may see: other hands, face-down chips and the deck are hidden."""
        data = json.loads(self.to_json())
        for key in ("rng", "seed", "format", "version"):
            data.pop(key, None)
        for i, pl in enumerate(data["players"]):
            if i != seat:
                pl["hand"] = len(pl["hand"])  # only the number of cards
        for p in data["products"].values():
            if p["owner"] != seat and not p["launched"]:
                p["category"] = None
        data["deck"] = sum(self.deck.values())  # only the size of the draw pile
        data["seat"] = seat
        data["current_player"] = self.current_player
        data["current_slot"] = self.current_slot
        # _legal_now, not legal_actions: an observation must not change the state
        data["legal_actions"] = [str(a) for a in self._legal_now()] \
            if self.current_player == seat else []
        return data


def from_json(text: str):
    """Rebuild a State saved by `to_json`; a corrupt save raises a clear ValueError."""
    from .rules import State

    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as exc:
        raise ValueError(f"not a Startup Fever save: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a Startup Fever save")
    if data.get("version") != VERSION:
        raise ValueError(f"unsupported save version {data.get('version')!r} (expected {VERSION})")
    state = State.__new__(State)
    try:
        for key, value in data.items():
            if key in ("format", "version"):
                continue
            if key == "rng":
                rng = random.Random()
                rng.setstate((value[0], tuple(value[1]), value[2]))
                value = rng
            elif key == "players":
                value = [Player(**p) for p in value]
            elif key == "products":
                value = {s: Product(**p) for s, p in value.items()}
            state.__dict__[key] = value
        state._legal = None
        state._events = []
        _check(state)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise ValueError(f"corrupt Startup Fever save: {exc}") from None
    return state


def _check(state) -> None:
    """Cheap consistency checks so a damaged save fails loudly, not mid-game."""
    from .rules import State

    missing = set(State(["a", "b"]).__dict__) - set(state.__dict__) - set(_SKIP)
    if missing:
        raise KeyError(f"missing fields {sorted(missing)}")
    from .rules import AUTO_STAGES, CHANCE_STAGES, DECISION_STAGES

    if state.stage not in set(AUTO_STAGES) | CHANCE_STAGES | DECISION_STAGES | {"over"}:
        raise ValueError(f"unknown stage {state.stage!r}")
    money = state.bank + sum(p.money for p in state.players) + \
        sum(p.marketing for p in state.products.values())
    if money != 100:
        raise ValueError(f"money adds up to {money}, not 100")
    for p in state.products.values():
        for arr in (p.nerds, p.suits):
            if len(arr) != 5 or any(type(k) is not int or k < 0 for k in arr):
                raise ValueError(f"bad workers on product {p.slot}")
    if any(pl.money < 0 for pl in state.players) or any(k < 0 for k in state.deck.values()):
        raise ValueError("negative money or card counts")
