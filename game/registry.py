"""Which games the arcade plays, and what the shared tools need to know of each.

Each game describes itself once, in its own package (`game/<game>/info.py`), as a frozen
`GameInfo`, and registers it. The shared tools (`sim`, `stress`, the computer levels and
`sim --ai`, the save slots, the phones' views) ask here instead of naming a game:

    from game import registry
    info = registry.get("servermania")
    state = info.rules_module().new_game(4, seed=1)

The built-in games are found by the `info.py` in the sub-packages of `game/`, imported
when the registry is first asked (an info module names its modules by import path and
imports no rules itself, so the title can list the games and read a save's header
without loading any rules). A game defined elsewhere (the test suite's tiny third game)
calls `register` itself. The screens keep their own registry (`scenes/registry.py`).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.api import RulesModule, RulesState

#: the level names every game's computer players are picked by (`game.levels`)
LEVELS = ("random", "easy", "normal", "hard")

Checker = Callable[[], list[str]]


def _no_check(state: Any) -> Checker:
    return lambda: []


def _never(before: Any, action: Any, after: Any) -> bool:
    return False


@dataclass(frozen=True)
class GameInfo:
    """One game as the shared tools know it.

    Modules are named by import path and imported when used, never by the registry.

    - rules: the rules package (`game.api.RulesModule`: new_game, from_json, CHANCE, ...);
    - levels: a module whose `LEVELS` maps level names (`LEVELS` above) to player classes;
    - sim: a module with `simulate(games=, players=, seed=, **options) -> figures`
      (`game/simulate.py` says which keys); "" plays the game's Normal players in every
      seat through the shared one (`game.simulate.simulate_levels`);
    - sim_options: the options of its `simulate` beyond those (`main.py sim --rule-only`);
    - phone: a module fitting `game.companion.views.PhoneAdapter` (a phone seat's stats,
      hand and prompts);
    - checker(state): a function listing the state's broken invariants ([] when all
      hold), called by `stress` after every step; round_trip: the share of stress steps
      that also check to_json/from_json and clone;
    - turn_completed(events): whether one `apply`'s events finished a turn worth an
      autosave; progress(state): the Continue line's "turn 12";
    - bench_games: four-player games `main.py bench` simulates; bench_level_games: whole
      four-player games it times each computer level over;
    - may_take_back(before, action, after): whether a person's step may still be taken
      back (`game/undo.py`); by default nothing may;
    - replays: a module fitting `game.replays.ReplayPart` (its rules' version, options,
      action classes; `game/replays.py`), "" when the game keeps no replays;
    - awards: a module with `awards(events, state) -> list[game.award.Award]` (the
      results' awards, `game/awards.py`), "" for none;
    - compiled: the modules of the rules package that `main.py build-engine` compiles
      with mypyc (`game/engine.py`), () for none; compiled_beside: modules the compiled
      ones import that stay plain Python (their types are not checked by the build).
    """

    id: str
    title: str
    players: tuple[int, int]
    rules: str
    levels: str
    phone: str
    turn_completed: Callable[[list[Any]], bool]
    progress: Callable[[Any], str]
    sim: str = ""
    sim_options: tuple[str, ...] = ()
    checker: Callable[[Any], Checker] = _no_check
    round_trip: float = 0.01
    bench_games: int = 300
    bench_level_games: int = 1
    may_take_back: Callable[[Any, Any, Any], bool] = _never
    replays: str = ""
    awards: str = ""
    compiled: tuple[str, ...] = ()
    compiled_beside: tuple[str, ...] = ()

    def rules_module(self) -> RulesModule:
        module: RulesModule = importlib.import_module(self.rules)
        return module

    def new_game(self, players: Any, seed: int | None = None) -> RulesState:
        return self.rules_module().new_game(players, seed=seed)

    def level_table(self) -> dict[str, type]:
        """Level name -> player class (the levels this game has)."""
        table: dict[str, type] = importlib.import_module(self.levels).LEVELS
        return table

    def phone_adapter(self) -> ModuleType:
        return importlib.import_module(self.phone)

    def check_players(self, players: int) -> None:
        """ValueError (one line) unless this game is played by `players`: checked before
        any table is sized by it (a count of 100,000,000 used to allocate gigabytes)."""
        low, high = self.players
        if not low <= players <= high:
            raise ValueError(f"{self.title} is for {low}-{high} players, not {players}")


_games: dict[str, GameInfo] = {}
_found = False


def register(info: GameInfo) -> GameInfo:
    """Add (or replace) a game; returns it, so `INFO = register(GameInfo(...))` reads."""
    _games[info.id] = info
    return info


def unregister(game: str) -> None:
    """Forget a game registered by hand (tests' own games)."""
    _games.pop(game, None)


def _discover() -> None:
    """Import `game/<package>/info.py` of every game package (once). Re-entrant: a rules
    package whose import asks for the games (its `__init__` runs before its `info.py`
    does, e.g. the compiled engine's hook, `game/engine.py`) gets them all."""
    global _found
    if _found:
        return
    import game

    for module in pkgutil.iter_modules(game.__path__):
        if module.ispkg and (Path(game.__path__[0]) / module.name / "info.py").is_file():
            importlib.import_module(f"game.{module.name}.info")
    _found = True


def games() -> tuple[GameInfo, ...]:
    """Every game: the built-in ones by package name, then any registered by hand."""
    _discover()
    return tuple(_games.values())


def ids() -> tuple[str, ...]:
    return tuple(info.id for info in games())


def get(game: str) -> GameInfo:
    """The game `game`; ValueError naming the games there are for any other name."""
    _discover()
    info = _games.get(game) if isinstance(game, str) else None
    if info is None:
        raise ValueError(f"unknown game {game!r} (games: {', '.join(ids())})")
    return info


def known(game: object) -> bool:
    """Whether `game` is a registered game's id (any value: it may come from a file)."""
    _discover()
    return isinstance(game, str) and game in _games
