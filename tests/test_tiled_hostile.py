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


# -- how a tileset cuts its picture -------------------------------------
# pytmx walks every (x, y) of a tileset's grid: 1-px tiles over a declared 4096-px picture
# cost 82 s and 2.2 GB. Each case is refused before pytmx is reached (the guard below turns
# reaching it into a failure, so the old code fails fast instead of exhausting memory).


@pytest.fixture
def pytmx_never_reached(monkeypatch):
    def reached(self, node):
        raise AssertionError("the hostile tileset reached pytmx")

    monkeypatch.setattr(tiled.pytmx.TiledMap, "parse_xml", reached)


def tileset_as(tileset: str, image: str) -> str:
    """The shipped map with its tileset's attributes and picture replaced."""
    text = shipped()
    start = text.index("<tileset ")
    end = text.index("</tileset>") + len("</tileset>")
    return (text[:start] + f'<tileset firstgid="1" name="t" {tileset}>{image}</tileset>'
            + text[end:])


HOSTILE_TILESETS = {
    "1px_tiles_on_a_declared_4096px_picture": (
        'tilewidth="1" tileheight="1"',
        '<image source="nowhere.png" width="4096" height="4096"/>', r"cuts 16,777,216 tiles"),
    "declared_10000px_picture": (
        'tilewidth="1" tileheight="1"',
        '<image source="nowhere.png" width="10000" height="10000"/>',
        r"image: width '10000' is not a whole number from 1 to 4096"),
    "declared_million_px_picture": (
        'tilewidth="40" tileheight="40"',
        '<image source="nowhere.png" width="1000000" height="1000000"/>', r"width '1000000'"),
    "negative_spacing": (
        'tilewidth="40" tileheight="40" spacing="-39"',
        f'<image source="{TILES}" width="320" height="80"/>', r"spacing '-39'"),
    "negative_margin": (
        'tilewidth="40" tileheight="40" margin="-5"',
        f'<image source="{TILES}" width="320" height="80"/>', r"margin '-5'"),
    "zero_px_tiles": (
        'tilewidth="0" tileheight="40"',
        f'<image source="{TILES}" width="320" height="80"/>', r"tilewidth '0'"),
    "tiles_bigger_than_the_picture": (
        'tilewidth="400" tileheight="40"',
        f'<image source="{TILES}" width="320" height="80"/>', r"do not fit its 320x80"),
    "declared_size_unlike_the_real_png": (
        'tilewidth="1" tileheight="1"',
        f'<image source="{TILES}" width="4096" height="4096"/>',
        r"declares 4096x4096 px but .* is 320x80 px"),
    "huge_tilecount": (
        'tilewidth="40" tileheight="40" tilecount="100000000"',
        f'<image source="{TILES}" width="320" height="80"/>', r"tilecount '100000000'"),
}


@pytest.mark.parametrize("case", list(HOSTILE_TILESETS))
def test_a_tileset_that_would_cut_too_much_is_refused_before_pytmx(tmp_path, case,
                                                                  pytmx_never_reached):
    tileset, image, message = HOSTILE_TILESETS[case]
    with pytest.raises(MapError, match=message) as caught:
        load_map(write(tmp_path, tileset_as(tileset, image)))
    assert "\n" not in str(caught.value)


def test_a_huge_first_gid_is_refused(tmp_path, pytmx_never_reached):
    text = shipped().replace('firstgid="1"', 'firstgid="100000000"', 1)
    refused(write(tmp_path, text), r"firstgid '100000000'")


def test_an_external_tileset_is_bounded_the_same_way(tmp_path, pytmx_never_reached):
    (tmp_path / "t.tsx").write_text(
        '<tileset name="t" tilewidth="1" tileheight="1">'
        '<image source="nowhere.png" width="4096" height="4096"/></tileset>', encoding="utf-8")
    text = shipped()
    start, end = text.index("<tileset "), text.index("</tileset>") + len("</tileset>")
    text = text[:start] + '<tileset firstgid="1" source="t.tsx"/>' + text[end:]
    refused(write(tmp_path, text), r"cuts 16,777,216 tiles")


def test_an_honest_tileset_with_spacing_and_margin_loads(tmp_path):
    text = tileset_as('tilewidth="39" tileheight="39" spacing="1" margin="0"',
                      f'<image source="{TILES}" width="320" height="80"/>')
    assert load_map(write(tmp_path, text)).width > 0


def test_sim_refuses_such_a_map_in_one_line_with_exit_2(tmp_path, monkeypatch, capsys,
                                                       pytmx_never_reached):
    from game.servermania import board as board_module
    from main import main

    tileset, image, _ = HOSTILE_TILESETS["1px_tiles_on_a_declared_4096px_picture"]
    path = write(tmp_path, tileset_as(tileset, image))
    monkeypatch.setattr(board_module, "DEFAULT_MAP", str(path))
    board_module.default_board.cache_clear()
    try:
        assert main(["sim", "servermania", "--games", "1", "--players", "2"]) == 2
    finally:
        board_module.default_board.cache_clear()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cuts 16,777,216 tiles" in err
