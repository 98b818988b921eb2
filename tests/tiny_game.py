"""Tiny Pig: a third game that lives only here, to prove the shared tools take any game.

Pig to 12 for 2-3 players: on your turn roll a die (a chance step); a 1 loses what you
rolled this turn and ends it, any other face adds to the turn's total; then roll again or
hold (bank the total). The first to 12 wins; after 60 turns the highest score does. This
one module is the rules package, its computer levels, its phone words and its replay
part (no take-backs, no awards: the registry's defaults); `register()` tells the
registry about it (the tests call it: nothing shared names it).
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import registry

CHANCE, TERMINAL = -1, -2
TARGET, MAX_TURNS = 12, 60


class IllegalAction(ValueError):
    pass


class SaveError(ValueError):
    pass


@dataclass(frozen=True)
class Roll:
    def __str__(self) -> str:
        return "roll again"


@dataclass(frozen=True)
class Hold:
    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True)
class Die:
    face: int


@dataclass(frozen=True)
class TurnEnded:
    seat: int
    score: int


class State:
    def __init__(self, players: int, seed: int | None) -> None:
        self.points, self.turn_seat, self.total, self.turn = [0] * players, 0, 0, 1
        self.rolling, self.rng = True, random.Random(seed)

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else CHANCE if self.rolling else self.turn_seat

    def legal_actions(self) -> list[Any]:
        if self.is_terminal():
            return []
        return [Die(f) for f in range(1, 7)] if self.rolling else [Roll(), Hold()]

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return [(Die(f), 1 / 6) for f in range(1, 7)]

    def sample_chance(self) -> Die:
        return Die(self.rng.randint(1, 6))

    def apply(self, action: Any) -> list[Any]:
        if action not in self.legal_actions():
            raise IllegalAction(f"{action!r} is not legal now")
        self.rolling = isinstance(action, Roll)
        if isinstance(action, Die) and action.face > 1:
            self.total += action.face
            return [action]
        if isinstance(action, Die | Hold):  # a 1 loses the total; holding banks it
            seat = self.turn_seat
            self.points[seat] += self.total if isinstance(action, Hold) else 0
            self.turn_seat, self.total, self.rolling = (seat + 1) % len(self.points), 0, True
            self.turn += 1
            return [action, TurnEnded(seat, self.points[seat])]
        return [action]

    def apply_quiet(self, action: Any) -> None:
        self.apply(action)

    def observation(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "current_player": self.current_player, "turn": self.turn,
                "total": self.total, "players": [{"score": s} for s in self.points]}

    def clone(self) -> State:
        return copy.deepcopy(self)

    def to_json(self) -> str:
        version, internal, gauss = self.rng.getstate()
        return json.dumps({"format": "tinypig", "scores": self.points, "seat": self.turn_seat,
                           "total": self.total, "turn": self.turn, "rolling": self.rolling,
                           "rng": [version, list(internal), gauss]})

    def is_terminal(self) -> bool:
        return max(self.points) >= TARGET or self.turn > MAX_TURNS

    def scores(self) -> list[int]:
        return list(self.points)

    def winners(self) -> list[int]:
        best = max(self.points)
        return [s for s, score in enumerate(self.points) if score == best]

    def returns(self) -> list[float]:
        won = self.winners() if self.is_terminal() else []
        return [1 / len(won) if s in won else 0.0 for s in range(len(self.points))]


def new_game(players: Any = 2, seed: int | None = None) -> State:
    count = players if isinstance(players, int) else len(players)
    if not 2 <= count <= 3:
        raise ValueError(f"Tiny Pig is for 2-3 players, not {count}")
    return State(count, seed)


def from_json(text: Any) -> State:
    try:
        data = json.loads(text)
        if data["format"] != "tinypig" or not 2 <= len(data["scores"]) <= 3:
            raise ValueError("not a Tiny Pig save")
        state = State(len(data["scores"]), 0)
        state.points, state.turn_seat = [int(s) for s in data["scores"]], int(data["seat"])
        state.total, state.turn, state.rolling = data["total"], data["turn"], data["rolling"]
        version, internal, gauss = data["rng"]
        state.rng.setstate((version, tuple(internal), gauss))
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveError(f"a broken Tiny Pig save ({exc})") from None
    return state


# -- computer levels -------------------------------------------------------------------------

class RandomPlayer:
    kind = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, state: State, legal: list[Any]) -> Any:
        return self.rng.choice(legal)


class NormalPlayer(RandomPlayer):
    """Holds at a turn total of 4, or when holding wins."""

    kind = "normal"

    def decide(self, state: State, legal: list[Any]) -> Any:
        mine = state.points[state.turn_seat]
        return Hold() if state.total >= 4 or mine + state.total >= TARGET else Roll()


LEVELS = {"random": RandomPlayer, "easy": RandomPlayer, "normal": NormalPlayer,
          "hard": NormalPlayer}

# -- phone words (game.companion.views.PhoneAdapter) -----------------------------------------

SHOW_EMPTY_HAND = False
DROP: tuple[str, ...] = ()


def stats(obs: dict[str, Any], seat: int) -> list[dict[str, str]]:
    return [{"label": "Score", "value": str(obs["players"][seat]["score"])},
            {"label": "This turn", "value": str(obs["total"])}]


def hand(obs: dict[str, Any], seat: int) -> list[dict[str, str]]:
    return []


def words(action: Any) -> str:
    return str(action)


def text(action: Any) -> str | None:
    return None


def place(action: Any) -> tuple[str, str | None, bool] | None:
    return ("Done", None, True) if isinstance(action, Hold) else None


def prompt(stage: str, legal: list[Any], window: str | None) -> str:
    return "Roll again or hold?"


def stage_of(state: Any, legal: list[Any]) -> tuple[str, str | None]:
    return "decide", None


def is_window(stage: str) -> bool:
    return False


# -- replays (game.replays.ReplayPart) -------------------------------------------------------

ACTIONS: dict[str, type] = {"Roll": Roll, "Hold": Hold, "Die": Die}
FIELDS: dict[str, tuple[str, ...]] = {"Roll": (), "Hold": (), "Die": ("face",)}


def rules_version() -> str:
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]


def options_of(state: State) -> dict[str, Any]:
    return {}


def start(names: list[str], seed: int, options: dict[str, Any]) -> State:
    return new_game(len(names), seed=seed)


def hidden_at_end(state: State) -> list[tuple[int, str]]:
    return []


def _invariants(state: State) -> registry.Checker:
    return lambda: [f"score {s} below 0" for s in state.points if s < 0]


INFO = registry.GameInfo(
    id="tinypig", title="Tiny Pig", players=(2, 3), rules=__name__, levels=__name__,
    phone=__name__, turn_completed=lambda events: any(isinstance(e, TurnEnded) for e in events),
    progress=lambda state: f"turn {state.turn}", checker=_invariants, replays=__name__)


def register() -> registry.GameInfo:
    """Tiny Pig joins the registry (until `registry.unregister(INFO.id)`)."""
    return registry.register(INFO)
