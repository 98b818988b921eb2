"""The one bridge between Tiled maps and the headless rules.

`load_map` reads a `.tmx` file with pytmx's core parser (no image loading, no display)
and returns plain, frozen data: map size, tile layer names and the objects of every
object layer with their properties. Any problem (missing file, broken XML, something
pytmx cannot parse) becomes a `MapError` whose message names the file and the problem,
so a corrupt map never crashes the game with a raw traceback.
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import dataclass, field
from typing import Any
from xml.etree.ElementTree import ParseError


def _import_pytmx_core():
    """Import pytmx without its optional pygame helpers, keeping game/ free of pygame.

    pytmx's package __init__ tries `from pytmx.util_pygame import load_pygame`, which
    imports pygame when it is installed. If pygame is not loaded yet, it is hidden for
    the duration of that import (pytmx then just skips its helpers); if the app already
    loaded pygame, nothing changes. Scenes that want pygame surfaces import
    `pytmx.util_pygame` themselves.
    """
    if "pytmx" in sys.modules or "pygame" in sys.modules:
        import pytmx
        return pytmx
    quiet = logging.getLogger("pytmx.util_pygame")      # it logs an error, then skips
    was_disabled, quiet.disabled = quiet.disabled, True
    sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
    try:
        import pytmx
    finally:
        del sys.modules["pygame"]
        quiet.disabled = was_disabled
    return pytmx


pytmx = _import_pytmx_core()


class MapError(ValueError):
    """A map file that cannot be used; the message says which file and why."""


@dataclass(frozen=True, slots=True)
class MapObject:
    """One object of an object layer, in map pixels (x, y = top-left corner)."""

    id: int
    name: str
    type: str
    x: float
    y: float
    width: float
    height: float
    properties: dict[str, Any] = field(default_factory=dict)

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)


@dataclass(frozen=True, slots=True)
class MapData:
    """A Tiled map as plain data: what the rules (and tests) need, nothing drawn."""

    path: str
    width: int
    height: int
    tile_width: int
    tile_height: int
    tile_layers: tuple[str, ...]
    object_layers: dict[str, tuple[MapObject, ...]]
    properties: dict[str, Any] = field(default_factory=dict)

    @property
    def pixel_size(self) -> tuple[int, int]:
        return (self.width * self.tile_width, self.height * self.tile_height)


def load_map(path: str | os.PathLike[str]) -> MapData:
    """Read a `.tmx` file into `MapData`, or raise `MapError` naming the problem."""
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise MapError(f"map {path!r} not found")
    try:
        tmx = pytmx.TiledMap(path)
    except ParseError as exc:
        raise MapError(f"map {path!r} is not valid XML: {exc}") from exc
    except Exception as exc:  # pytmx raises many kinds on bad input; all mean "bad map"
        raise MapError(f"map {path!r} could not be read: {type(exc).__name__}: {exc}") from exc
    tile_layers: list[str] = []
    object_layers: dict[str, tuple[MapObject, ...]] = {}
    for layer in tmx.layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            tile_layers.append(layer.name)
        elif isinstance(layer, pytmx.TiledObjectGroup):
            object_layers[layer.name] = tuple(_plain_object(obj) for obj in layer)
    return MapData(
        path=path,
        width=int(tmx.width),
        height=int(tmx.height),
        tile_width=int(tmx.tilewidth),
        tile_height=int(tmx.tileheight),
        tile_layers=tuple(tile_layers),
        object_layers=object_layers,
        properties=dict(tmx.properties),
    )


def _plain_object(obj: Any) -> MapObject:
    return MapObject(
        id=int(obj.id),
        name=obj.name or "",
        type=getattr(obj, "type", None) or getattr(obj, "class", None) or "",
        x=float(obj.x),
        y=float(obj.y),
        width=float(obj.width or 0),
        height=float(obj.height or 0),
        properties=dict(obj.properties),
    )
