"""Where things lie on the Startup Fever table, read from the Tiled map `maps/startupfever.tmx`.

The map holds the layout and the rules hold the numbers: the map says where each User
Track field, product area and place (bank, supply, deck, ...) is; what a field is worth
comes from `usertrack`. `load_layout` turns the map into a frozen `TableLayout` and refuses
a broken map with a `MapError` that names the problem (a missing or doubled field, a
missing product slot or place, an empty or off-map rectangle). Plain data, no pygame.
"""

from __future__ import annotations

import functools
import os
from collections import Counter
from dataclasses import dataclass

from game.servermania.board import whole_number
from game.tiled import MapData, MapError, MapObject, load_map

from .state import SLOTS
from .usertrack import LAST_FIELD

DEFAULT_MAP = os.path.normpath(
    os.path.join(os.path.dirname(__file__), "..", "..", "maps", "startupfever.tmx"))

#: Places every table needs (the map may add more; scenes ask for them by name).
PLACES = ("bank", "supply", "deck", "discard", "die", "year", "log")

Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class TableLayout:
    """The table in map pixels (the TABLE region of the screen: x, y from its top-left)."""

    fields: tuple[tuple[float, float], ...]  # centre of each User Track field 0..46
    field_size: tuple[float, float]  # of an ordinary field (field 0 is taller)
    products: dict[str, Rect]  # slot A..L -> x, y, w, h
    places: dict[str, Rect]  # "bank", "supply", "deck", "discard", "die", "year", "log"
    field_rects: tuple[Rect, ...] = ()  # x, y, w, h of each field 0..46
    size: tuple[int, int] = (1280, 720)  # of the whole map
    source: str = ""  # the map file (scenes draw its tile layers under the table)


def layout_from_map(data: MapData) -> TableLayout:
    """Turn the plain map data into a TableLayout; `MapError` naming what is broken."""
    width, height = data.pixel_size
    track = _layer(data, "track")
    by_field: dict[int, MapObject] = {}
    numbers = []
    for obj in track:
        number = _whole_property(data, obj, "field")
        if not 0 <= number <= LAST_FIELD:
            raise MapError(f"{_where(data, obj)}: field {number} is off the User Track "
                           f"(fields run 0..{LAST_FIELD})")
        numbers.append(number)
        by_field[number] = obj
    doubled = sorted(n for n, k in Counter(numbers).items() if k > 1)
    if doubled:
        raise MapError(f"map {data.path!r}: field(s) {doubled} appear more than once")
    missing = sorted(set(range(LAST_FIELD + 1)) - set(by_field))
    if missing:
        raise MapError(f"map {data.path!r}: User Track field(s) {missing} missing "
                       f"(the track needs fields 0..{LAST_FIELD})")
    products: dict[str, Rect] = {}
    for obj in _layer(data, "products"):
        slot = str(obj.properties.get("slot", "")).strip().upper()
        if slot not in SLOTS or len(slot) != 1:
            raise MapError(f"{_where(data, obj)}: slot {obj.properties.get('slot')!r} is "
                           f"not one of {', '.join(SLOTS)}")
        if slot in products:
            raise MapError(f"map {data.path!r}: product slot {slot} appears more than once")
        products[slot] = _rect(data, obj, width, height)
    absent = [s for s in SLOTS if s not in products]
    if absent:
        raise MapError(f"map {data.path!r}: product area(s) {', '.join(absent)} missing")
    places: dict[str, Rect] = {}
    for obj in _layer(data, "places"):
        name = str(obj.properties.get("place", obj.name)).strip()
        if not name:
            raise MapError(f"{_where(data, obj)} has no 'place' property")
        places[name] = _rect(data, obj, width, height)
    lacking = [p for p in PLACES if p not in places]
    if lacking:
        raise MapError(f"map {data.path!r}: place(s) {', '.join(lacking)} missing")
    rects = tuple(_rect(data, by_field[f], width, height) for f in range(LAST_FIELD + 1))
    return TableLayout(
        fields=tuple((x + w / 2, y + h / 2) for x, y, w, h in rects),
        field_size=(rects[1][2], rects[1][3]),
        products=products,
        places=places,
        field_rects=rects,
        size=(width, height),
        source=data.path,
    )


def load_layout(path: str | os.PathLike[str] | None = None) -> TableLayout:
    """Read the table layout from a Tiled map (the default map when path is None)."""
    return layout_from_map(load_map(path or DEFAULT_MAP))


@functools.cache
def default_layout() -> TableLayout:
    """The layout of `maps/startupfever.tmx`, read once per process."""
    return load_layout(DEFAULT_MAP)


def _layer(data: MapData, name: str) -> tuple[MapObject, ...]:
    layer = data.object_layers.get(name)
    if layer is None:
        raise MapError(f"map {data.path!r} has no object layer named {name!r}")
    return layer


def _where(data: MapData, obj: MapObject) -> str:
    return f"map {data.path!r}, object {obj.id} ({obj.name or 'unnamed'})"


def _whole_property(data: MapData, obj: MapObject, key: str) -> int:
    if key not in obj.properties:
        raise MapError(f"{_where(data, obj)} has no {key!r} property")
    number = whole_number(obj.properties[key])
    if number is None:
        raise MapError(f"{_where(data, obj)}: {key} {obj.properties[key]!r} is not a "
                       f"whole number")
    return number


def _rect(data: MapData, obj: MapObject, width: int, height: int) -> Rect:
    """The object's rectangle; it must have a size and lie on the map."""
    if obj.width <= 0 or obj.height <= 0:
        raise MapError(f"{_where(data, obj)} is not a rectangle (it has no width or height)")
    if obj.x < 0 or obj.y < 0 or obj.x + obj.width > width or obj.y + obj.height > height:
        raise MapError(f"{_where(data, obj)} lies outside the {width}x{height} map")
    return (obj.x, obj.y, obj.width, obj.height)
