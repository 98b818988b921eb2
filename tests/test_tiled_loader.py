"""The pytmx bridge (game/tiled.py) and every .tmx map in maps/."""

from __future__ import annotations

import glob
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from game.tiled import MapData, MapError, load_map

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAPS = sorted(glob.glob(os.path.join(ROOT, "maps", "*.tmx")))


def test_there_are_maps():
    assert any(p.endswith("servermania.tmx") for p in MAPS)


@pytest.mark.parametrize("path", MAPS, ids=os.path.basename)
def test_every_map_loads_as_plain_data_and_its_tilesets_exist(path):
    data = load_map(path)
    assert isinstance(data, MapData)
    assert data.pixel_size == (1280, 720)
    assert data.tile_layers and data.object_layers
    root = ET.parse(path).getroot()
    for image in root.iter("image"):
        source = os.path.join(os.path.dirname(path), image.get("source"))
        assert os.path.isfile(source), source
        assert not os.path.isabs(image.get("source"))


def test_servermania_map_has_layers_and_square_objects():
    data = load_map(os.path.join(ROOT, "maps", "servermania.tmx"))
    assert {"ground", "track", "decor"} <= set(data.tile_layers)
    squares = data.object_layers["squares"]
    assert len(squares) >= 48
    first = min(squares, key=lambda o: o.properties["index"])
    assert first.properties == {"index": 0, "kind": "start", "label": "START UP"}
    assert first.center == (first.x + first.width / 2, first.y + first.height / 2)


def test_servermania_track_fits_the_left_of_a_1280x720_view():
    data = load_map(os.path.join(ROOT, "maps", "servermania.tmx"))
    for obj in data.object_layers["squares"]:
        assert obj.x >= 20 and obj.x + obj.width <= 960
        assert obj.y >= 20 and obj.y + obj.height <= 700


def test_missing_map_file_is_a_map_error(tmp_path):
    with pytest.raises(MapError, match="not found"):
        load_map(tmp_path / "nope.tmx")


def test_broken_xml_is_a_map_error(tmp_path):
    path = tmp_path / "bad.tmx"
    path.write_text("<map version='1.10'><layer>", encoding="utf-8")
    with pytest.raises(MapError, match="not valid XML"):
        load_map(path)


def test_unreadable_map_is_a_map_error(tmp_path):
    path = tmp_path / "odd.tmx"
    path.write_text('<map width="x" height="2" tilewidth="40" tileheight="40"/>',
                    encoding="utf-8")
    with pytest.raises(MapError, match="could not be read"):
        load_map(path)


def test_no_module_under_game_loads_pygame():
    """game/ is headless: importing every module of it (the pytmx bridge included)
    leaves pygame unloaded, even though pygame is installed."""
    code = ("import importlib, pkgutil, sys, game\n"
            "names = [m.name for m in pkgutil.walk_packages(game.__path__, 'game.')]\n"
            "for name in names:\n"
            "    importlib.import_module(name)\n"
            "print(len(names), 'pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    count, loaded = out.stdout.split()
    assert int(count) >= 20 and loaded == "False", out.stdout
