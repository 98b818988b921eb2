"""Each game's screens, as the shared screens know them: the title, Continue, the demos,
How to play, `play GAME --seats`, `pace` and `soak` ask here instead of naming a game.

Each game's screens package describes itself in `scenes/<game>/info.py` with a frozen
`GameScreens` (its id is the game's id in `game.registry`, which holds its title and
player range) and registers it. Screens are named by import path ("module:Class") and
imported when they are opened, so the title can list every game without importing any
game screen. A game defined elsewhere (the test suite's tiny third game) registers itself.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import registry
from game.registry import GameInfo


@dataclass(frozen=True)
class Page:
    """One How to play page: a title, rows of (sprite name, one or two sentences) and a
    picture of the real table beside them (assets/howto/, "" for none)."""

    title: str
    rows: tuple[tuple[str, str], ...]
    picture: str = ""


@dataclass(frozen=True)
class GameScreens:
    """One game's screens ("module:Class" or "module:name" paths, imported when used).

    - table: the game screen, built as `Table(seats, seed=, demo=, pace=, state=,
      devices=)` and from a save with `Table.from_save(saved)`;
    - seats: the module of its `Seat` (name, colour, human, level), `MIN_SEATS`,
      `MAX_SEATS` and `default_seats(count, humans)`;
    - new_game: the screen the title's entry for the game opens (its lobby);
    - lobby: its `LobbyConfig` (the re-join screen on Continue looks the same);
    - howto: its How to play pages (a tuple of `Page`);
    - people: `main.py pace`'s scripted people for it (a `ScriptedPeople` class);
    - entries: more title-menu entries (label, "module:Class"), after the game's own;
    - demo_pace: the demo's default animation speed factor;
    - art: files under assets/ the game cannot start without, besides the sprites;
    - bench: `main.py bench`'s frame-time measures of its table, "module:function"s
      called with a frame count, each returning named parts ("moving", "calm", ...).
    """

    id: str
    table: str
    seats: str
    new_game: str
    lobby: str
    howto: str
    people: str = ""
    entries: tuple[tuple[str, str], ...] = ()
    demo_pace: float = 1.0
    art: tuple[str, ...] = ()
    bench: tuple[str, ...] = ()

    @property
    def info(self) -> GameInfo:
        """The game's own description (title, player range, rules...)."""
        return registry.get(self.id)

    @property
    def title(self) -> str:
        return self.info.title

    def table_class(self) -> Any:
        return resolve(self.table)

    def seats_module(self) -> Any:
        return importlib.import_module(self.seats)

    def pages(self) -> tuple[Page, ...]:
        pages: tuple[Page, ...] = resolve(self.howto)
        return pages


def resolve(target: str) -> Any:
    """The object at "module:name" (the module imported now)."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


_screens: dict[str, GameScreens] = {}
_found = False


def register(screens: GameScreens) -> GameScreens:
    """Add (or replace) a game's screens; returns them (`INFO = register(GameScreens(...))`)."""
    _screens[screens.id] = screens
    return screens


def unregister(game: str) -> None:
    _screens.pop(game, None)


def _discover() -> None:
    """Import `scenes/<package>/info.py` of every game's screens package (once)."""
    global _found
    if _found:
        return
    _found = True
    import scenes

    folder = Path(scenes.__path__[0])
    for module in pkgutil.iter_modules(scenes.__path__):
        if module.ispkg and (folder / module.name / "info.py").is_file():
            importlib.import_module(f"scenes.{module.name}.info")


def games() -> tuple[GameScreens, ...]:
    """Every game with screens, in the rules registry's order."""
    _discover()
    order = {game: n for n, game in enumerate(registry.ids())}
    return tuple(sorted(_screens.values(), key=lambda s: order.get(s.id, len(order))))


def ids() -> tuple[str, ...]:
    return tuple(screens.id for screens in games())


def get(game: str) -> GameScreens:
    """The screens of `game`; ValueError naming the games with screens for any other."""
    _discover()
    screens = _screens.get(game) if isinstance(game, str) else None
    if screens is None:
        raise ValueError(f"no screens for {game!r} (games: {', '.join(ids())})")
    return screens


def known(game: object) -> bool:
    _discover()
    return isinstance(game, str) and game in _screens
