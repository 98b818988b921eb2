"""The one bridge between Tiled maps and the headless rules.

`load_map` reads a `.tmx` file with pytmx's core parser (no image loading, no display)
and returns plain, frozen data: map size, tile layer names and the objects of every
object layer with their properties. Any problem (missing file, broken XML, something
pytmx cannot parse) becomes a `MapError` whose message names the file and the problem,
so a corrupt map never crashes the game with a raw traceback.

A map is untrusted input. Before pytmx sees it, `read_tmx` reads it through
`game.files` (capped, regular file only), parses the XML itself and checks what pytmx
would otherwise trust: map and tile dimensions, how big each tile layer inflates to
(measured with a bounded decompressor, so a small zlib bomb never expands), the number
of objects, finite object numbers and no polygons, and every picture the map names,
directly or through an external `.tsx` tileset (a regular file under a size cap whose
header declares a sane size: `game.pictures`, nothing decoded). `open_tmx` then hands the checked
tree to pytmx; the board screen opens the same way with pygame's image loader.
"""

from __future__ import annotations

import base64
import binascii
import logging
import math
import os
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from xml.etree import ElementTree
from xml.etree.ElementTree import ParseError

from game.files import FileProblem, read_bytes
from game.pictures import picture_size


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
    sys.modules["pygame"] = None  # makes `import pygame` fail
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


MAX_MAP_BYTES = 4 * 1024 * 1024  # the shipped map is 10 KB
MAX_TILESET_BYTES = 1024 * 1024  # an external .tsx tileset
MAX_IMAGE_BYTES = 16 * 1024 * 1024  # a tileset picture
MAX_PICTURE_PIXELS = 4096  # a picture's side, read from its header before decoding
MAX_TILES = 256  # tiles per side of the map or of a layer
MAX_MAP_PIXELS = 4096  # pixels per side: the board art is drawn at up to 1.35x this
MAX_TILE_PIXELS = 512
MAX_OBJECTS = 2000
MAX_TILESET_TILES = 4096  # tiles one tileset cuts its picture into (the shipped one: 16)
MAX_FIRST_GID = 1 << 20  # pytmx makes a list this long
MAX_COORDINATE = 65_536  # px; finite, 16x the largest map, safe for pygame rects


def read_tmx(path: str | os.PathLike[str], images: bool = False) -> ElementTree.Element:
    """The checked XML tree of a `.tmx` file (see the module docstring), or MapError.

    images: the pictures will be loaded too, so a missing one is an error now.
    """
    path = os.fspath(path)
    if not os.path.lexists(path):
        raise MapError(f"map {path!r} not found")
    try:
        data = read_bytes(path, MAX_MAP_BYTES)
    except FileProblem as exc:
        raise MapError(f"map {path!r} could not be read: {_reason(exc, path)}") from None
    try:
        root = ElementTree.fromstring(data)
    except ParseError as exc:
        raise MapError(f"map {path!r} is not valid XML: {exc}") from None
    except RecursionError:
        raise MapError(f"map {path!r} is not valid XML: nested too deeply") from None
    try:
        _check_map(root, path, images)
    except MapError as exc:
        raise MapError(f"map {path!r} could not be read: {exc}") from None
    return root


def open_tmx(path: str | os.PathLike[str], image_loader: Callable[..., Any] | None = None
             ) -> Any:
    """A `pytmx.TiledMap` of the checked map (`read_tmx`); MapError for any problem.

    `image_loader` is pytmx's hook (scenes pass pygame's); None loads no images.
    """
    path = os.fspath(path)
    root = read_tmx(path, images=image_loader is not None)
    tmx = pytmx.TiledMap(**({"image_loader": image_loader} if image_loader else {}))
    tmx.filename = path  # tilesets and images are found relative to the map
    try:
        tmx.parse_xml(root)
    except Exception as exc:  # pytmx raises many kinds on bad input; all mean "bad map"
        verb = "drawn" if image_loader else "read"  # with images: the art is at fault
        raise MapError(f"map {path!r} could not be {verb}: {type(exc).__name__}: "
                       f"{exc}") from exc
    return tmx


def _reason(exc: FileProblem, path: str) -> str:
    text = str(exc)
    return text[len(path) + 2:] if text.startswith(f"{path}: ") else text


def _int_attr(node: ElementTree.Element, name: str, low: int, high: int, where: str) -> int:
    raw = node.get(name)
    try:
        value = int(raw) if raw is not None and len(raw) <= 12 else None
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        prefix = f"{where}: " if where else ""
        raise MapError(f"{prefix}{name} {raw!r} is not a whole number from {low} to {high}")
    return value


def _check_map(root: ElementTree.Element, path: str, images: bool = False) -> None:
    """Refuse what would exhaust memory or crash later, before pytmx builds anything.

    Messages name the part at fault; `read_tmx` puts the map's name in front.
    """
    where = ""  # the map itself: its attributes need no prefix
    if root.tag != "map":
        raise MapError(f"the root element is <{root.tag}>, not <map>")
    if root.get("infinite", "0") != "0":
        raise MapError("infinite maps are not supported")
    width = _int_attr(root, "width", 1, MAX_TILES, where)
    height = _int_attr(root, "height", 1, MAX_TILES, where)
    tile_w = _int_attr(root, "tilewidth", 1, MAX_TILE_PIXELS, where)
    tile_h = _int_attr(root, "tileheight", 1, MAX_TILE_PIXELS, where)
    if max(width * tile_w, height * tile_h) > MAX_MAP_PIXELS:
        raise MapError(f"it is too big: {width * tile_w}x{height * tile_h} px "
                       f"(at most {MAX_MAP_PIXELS} px a side)")
    for tileset in root.iter("tileset"):
        name = f"tileset {tileset.get('name') or tileset.get('source') or '?'!r}"
        _int_attr(tileset, "firstgid", 1, MAX_FIRST_GID, name)
        if tileset.get("source"):
            _check_tileset(path, tileset.get("source", ""), images)
        else:
            _check_cutting(tileset, path, images, name)
    for image in root.iter("image"):
        _check_picture(path, image.get("source"), images)
    for layer in root.iter("layer"):
        _check_layer(layer, f"layer {layer.get('name', '?')!r}")
    objects = list(root.iter("object"))
    if len(objects) > MAX_OBJECTS:
        raise MapError(f"it has {len(objects):,} objects (at most {MAX_OBJECTS:,})")
    for obj in objects:
        _check_object(obj, f"object {obj.get('id', '?')} ({obj.get('name') or 'unnamed'})")


def _check_tileset(map_path: str, source: str, images: bool) -> None:
    """An external `.tsx` the map names: a regular file under the cap, valid XML, and
    every picture it names passes `_check_picture` (found relative to the tileset)."""
    full = os.path.join(os.path.dirname(map_path), source)
    if not os.path.lexists(full):
        raise MapError(f"tileset {full} not found")
    try:
        tileset = ElementTree.fromstring(read_bytes(full, MAX_TILESET_BYTES))
    except FileProblem as exc:
        raise MapError(f"tileset {exc}") from None
    except (ParseError, RecursionError):
        raise MapError(f"tileset {full} is not valid XML") from None
    if tileset.tag != "tileset":
        raise MapError(f"tileset {full}: the root element is <{tileset.tag}>, not <tileset>")
    _check_cutting(tileset, full, images, f"tileset {full}")
    for image in tileset.iter("image"):
        _check_picture(full, image.get("source"), images)


def _check_cutting(tileset: ElementTree.Element, owner: str, images: bool, where: str) -> None:
    """How a tileset cuts its picture, as pytmx will: tile sizes from 1 px to the picture,
    spacing and margin not negative, the picture's declared size that of its file (or at
    most MAX_PICTURE_PIXELS when the file is absent), and at most MAX_TILESET_TILES tiles.
    pytmx walks every (x, y) of that grid: 1-px tiles on a 4096-px picture cost minutes."""
    tile_w = _int_attr(tileset, "tilewidth", 1, MAX_TILE_PIXELS, where)
    tile_h = _int_attr(tileset, "tileheight", 1, MAX_TILE_PIXELS, where)
    spacing = 0
    if tileset.get("spacing") is not None:
        spacing = _int_attr(tileset, "spacing", 0, MAX_PICTURE_PIXELS, where)
    if tileset.get("margin") is not None:  # pytmx only shifts the grid by it
        _int_attr(tileset, "margin", 0, MAX_PICTURE_PIXELS, where)
    if tileset.get("tilecount") is not None:
        _int_attr(tileset, "tilecount", 0, MAX_TILESET_TILES, where)
    image = tileset.find("image")
    if image is None:
        return  # a collection of single pictures: each is checked by _check_picture
    _check_picture(owner, image.get("source"), images)  # its file first: a sane header
    declared = [None if image.get(side) is None
                else _int_attr(image, side, 1, MAX_PICTURE_PIXELS, f"{where} image")
                for side in ("width", "height")]
    full = os.path.join(os.path.dirname(owner), image.get("source") or "")
    real = None
    if image.get("source") and os.path.isfile(full):
        try:
            real = picture_size(full, MAX_IMAGE_BYTES)
        except FileProblem as exc:
            raise MapError(f"image {exc}") from None
    if real is not None and any(d not in (None, r) for d, r in zip(declared, real, strict=True)):
        raise MapError(f"{where}: its image declares {declared[0]}x{declared[1]} px but "
                       f"{image.get('source')} is {real[0]}x{real[1]} px")
    width = declared[0] or (real[0] if real else 0)
    height = declared[1] or (real[1] if real else 0)
    if not width or not height:
        return  # no size known: pytmx cuts no tiles from it
    if tile_w > width or tile_h > height:
        raise MapError(f"{where}: {tile_w}x{tile_h} px tiles do not fit its "
                       f"{width}x{height} px picture")
    # pytmx: range(margin, size + margin - tile + 1, tile + spacing) on each axis
    columns = -(-(width - tile_w + 1) // (tile_w + spacing))
    rows = -(-(height - tile_h + 1) // (tile_h + spacing))
    if columns * rows > MAX_TILESET_TILES:
        raise MapError(f"{where}: it cuts {columns * rows:,} tiles of {tile_w}x{tile_h} px "
                       f"from its picture (at most {MAX_TILESET_TILES:,})")


def _check_picture(owner: str, source: str | None, images: bool) -> None:
    """A picture named by the map or a tileset (`owner`, whose folder it is relative to):
    a regular file under MAX_IMAGE_BYTES whose header declares at most MAX_PICTURE_PIXELS a
    side, checked before any decoder sees it. A missing picture matters only when
    `images` are to be loaded (the headless rules never draw the art)."""
    if not source:
        return
    full = os.path.join(os.path.dirname(owner), source)
    if not os.path.lexists(full):
        if images:
            raise MapError(f"image {full} not found")
        return
    try:
        width, height = picture_size(full, MAX_IMAGE_BYTES)
    except FileProblem as exc:
        raise MapError(f"image {exc}") from None
    if not (0 < width <= MAX_PICTURE_PIXELS and 0 < height <= MAX_PICTURE_PIXELS):
        raise MapError(f"image {full} is {width}x{height} px (at most {MAX_PICTURE_PIXELS} "
                       f"px a side)")


def _check_layer(layer: ElementTree.Element, where: str) -> None:
    """A tile layer's data may not hold (or inflate to) more than its width x height gids."""
    width = _int_attr(layer, "width", 1, MAX_TILES, where)
    height = _int_attr(layer, "height", 1, MAX_TILES, where)
    data = layer.find("data")
    if data is None:
        return
    if data.find("chunk") is not None:
        raise MapError(f"{where}: chunked (infinite) layers are not supported")
    expected = width * height * 4  # bytes of gids once decoded
    encoding, compression = data.get("encoding"), data.get("compression")
    text = data.text or ""
    if encoding == "csv":
        if text.count(",") + 1 > width * height:
            raise MapError(f"{where}: more tiles than its {width}x{height}")
        return
    if encoding != "base64":
        return  # pytmx refuses other encodings with its own message
    try:
        raw = base64.b64decode(text.strip(), validate=False)
    except (binascii.Error, ValueError) as exc:
        raise MapError(f"{where}: bad base64 data ({exc})") from None
    if compression in ("zlib", "gzip"):
        inflater = zlib.decompressobj(wbits=47)  # 32 + 15: zlib or gzip header
        try:
            inflated = inflater.decompress(raw, expected + 1)
        except zlib.error as exc:
            raise MapError(f"{where}: bad {compression} data ({exc})") from None
        size = len(inflated)
    elif compression:
        raise MapError(f"{where}: layer compression {compression!r} is not supported")
    else:
        size = len(raw)
    if size > expected:
        raise MapError(f"{where}: its data inflates past {expected:,} bytes "
                       f"({width}x{height} tiles)")


def _check_object(obj: ElementTree.Element, where: str) -> None:
    for shape in ("polygon", "polyline", "text"):
        if obj.find(shape) is not None:
            raise MapError(f"{where}: {shape} objects are not supported (use rectangles)")
    for name in ("x", "y", "width", "height", "rotation"):
        raw = obj.get(name)
        if raw is None:
            continue
        try:
            value = float(raw) if len(raw) <= 40 else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or abs(value) > MAX_COORDINATE:
            raise MapError(f"{where}: {name} {raw[:40]!r} is not a finite number within "
                           f"{MAX_COORDINATE:,.0f}")


def load_map(path: str | os.PathLike[str]) -> MapData:
    """Read a `.tmx` file into `MapData`, or raise `MapError` naming the problem."""
    path = os.fspath(path)
    tmx = open_tmx(path)
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
