"""Hostile maps: every one is refused with a MapError naming the problem, quickly, before
pytmx inflates a layer or the board screen allocates surfaces for it."""

from __future__ import annotations

import base64
import os
import re
import struct
import zlib
from pathlib import Path

import pytest

from game import tiled
from game.tiled import MapError, load_map, read_tmx

MAP = Path(__file__).resolve().parents[1] / "maps" / "servermania.tmx"
TILES = MAP.parent.parent / "assets" / "tiles" / "servermania_tiles.png"


def shipped() -> str:
    return MAP.read_text(encoding="utf-8").replace("../assets/tiles/servermania_tiles.png",
                                                   str(TILES))


def first_layer_as(payload: bytes, compression: str | None) -> str:
    """The shipped map with its first tile layer's CSV replaced by base64 `payload`."""
    text = shipped()
    start = text.index('<data encoding="csv">')
    end = text.index("</data>", start)
    attrs = 'encoding="base64"' + (f' compression="{compression}"' if compression else "")
    return (text[:start] + f"<data {attrs}>" + base64.b64encode(payload).decode()
            + text[end:])


def zlib_of_zeros(megabytes: int) -> bytes:
    packer = zlib.compressobj(9)
    block = bytes(1024 * 1024)
    return b"".join(packer.compress(block) for _ in range(megabytes)) + packer.flush()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hostile.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def refused(path: Path | str, message: str) -> None:
    with pytest.raises(MapError, match=message):
        load_map(path)


def test_a_zlib_bomb_layer_is_refused_without_inflating_it(tmp_path):
    bomb = zlib_of_zeros(256)  # 256 MiB of gids from a ~250 KB layer
    refused(write(tmp_path, first_layer_as(bomb, "zlib")), "inflates past 2,304 bytes")


def test_a_gzip_bomb_layer_is_refused_too(tmp_path):
    import gzip

    bomb = gzip.compress(bytes(16 * 1024 * 1024), 9)
    refused(write(tmp_path, first_layer_as(bomb, "gzip")), "inflates past")


def test_an_honest_compressed_layer_still_loads(tmp_path):
    gids = struct.pack("<576L", *([1] * 576))
    data = load_map(write(tmp_path, first_layer_as(zlib.compress(gids), "zlib")))
    assert data.tile_layers[0] == "ground"


def test_an_oversized_plain_base64_layer_is_refused(tmp_path):
    refused(write(tmp_path, first_layer_as(bytes(4 * 577), None)), "inflates past")


@pytest.mark.parametrize(("header", "message"), [
    ('width="1000" height="1000"', r"width '1000' is not a whole number from 1 to 256"),
    ('width="-3" height="18"', r"width '-3'"),
    ('width="' + "9" * 5000 + '" height="18"', "width"),
    ('width="200" height="18"', r"too big: 8000x720 px"),
])
def test_map_dimensions_are_capped_before_anything_is_built(tmp_path, header, message):
    text = shipped().replace('width="32" height="18"', header, 1)
    refused(write(tmp_path, text), message)


def test_huge_tiles_are_refused(tmp_path):
    text = shipped().replace('tilewidth="40" tileheight="40" infinite',
                             'tilewidth="4000" tileheight="40" infinite', 1)
    refused(write(tmp_path, text), "tilewidth '4000'")


def test_too_many_objects_are_refused(tmp_path):
    extra = "".join(f'<object id="{1000 + i}" x="1" y="1" width="1" height="1"/>'
                    for i in range(tiled.MAX_OBJECTS))
    text = shipped().replace("</objectgroup>", extra + "</objectgroup>", 1)
    refused(write(tmp_path, text), "objects \\(at most 2,000\\)")


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-Infinity", "1e308", "70000", "x"])
def test_object_coordinates_must_be_finite_and_sane(tmp_path, value):
    text = shipped().replace('<object id="2" name="Ping" x="120"',
                             f'<object id="2" name="Ping" x="{value}"', 1)
    refused(write(tmp_path, text), re.escape(f"object 2 (Ping): x '{value}' is not a finite"))


def test_a_polygon_object_is_refused(tmp_path):
    text = shipped().replace('<object id="2" name="Ping" x="120" y="40" width="80" height="80">',
                             '<object id="2" name="Ping" x="120" y="40">'
                             '<polygon points="0,0 80,0 80,80"/>', 1)
    refused(write(tmp_path, text), r"object 2 \(Ping\): polygon objects are not supported")


def test_a_huge_xml_comment_is_refused_by_the_size_cap(tmp_path):
    comment = "<!--" + "x" * tiled.MAX_MAP_BYTES + "-->"
    text = shipped().replace("<properties>", comment + "<properties>", 1)
    refused(write(tmp_path, text), "too large")


def test_infinite_maps_are_refused(tmp_path):
    refused(write(tmp_path, shipped().replace('infinite="0"', 'infinite="1"')), "infinite")


def test_folders_fifos_and_devices_are_not_maps(tmp_path):
    refused(tmp_path, "is a folder")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.tmx"
        os.mkfifo(fifo)
        refused(fifo, "not a regular file")
    if os.path.exists("/dev/zero"):
        refused("/dev/zero", "not a regular file")


def test_a_tileset_picture_that_is_a_folder_is_refused(tmp_path):
    (tmp_path / "tiles.png").mkdir()
    text = shipped().replace(str(TILES), "tiles.png")
    with pytest.raises(MapError, match="image .*is a folder"):
        read_tmx(write(tmp_path, text))


def test_the_shipped_map_passes_the_checks():
    root = read_tmx(MAP)
    assert root.tag == "map" and len(list(root.iter("object"))) == 50
