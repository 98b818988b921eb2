"""A broken board map never crashes the app: SERVERMANIA says what is wrong, then the title.

Each test points the board loader at a damaged copy of maps/servermania.tmx (the module's
DEFAULT_MAP, with the `default_board` cache cleared before and after), starts a game from
the title exactly as a player would, and checks the error overlay, stderr and the way back.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.servermania import board as board_module
from main import main
from scenes.demo import DemoScene
from scenes.overlays import ErrorOverlay
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.setup import NewGameScene
from scenes.title import TitleScene
from tests.scenes_servermania.helpers import (
    READY,
    assert_not_blank,
    new_app,
    press,
    run_until,
    shoot,
    step,
)

MAP = Path(board_module.DEFAULT_MAP).resolve()
TILES = MAP.parent.parent / "assets" / "tiles" / "servermania_tiles.png"


def truncated(text: str) -> str:
    return text[: len(text) // 2]


def without_squares(text: str) -> str:
    return text.replace('name="squares"', 'name="decorations"')


def duplicate_index(text: str) -> str:
    # square 2 claims index 1 as well
    return text.replace('<property name="index" type="int" value="2"/>',
                        '<property name="index" type="int" value="1"/>', 1)


def nan_coordinate(text: str) -> str:
    return text.replace('x="120" y="40"', 'x="NaN" y="40"', 1)


def polygon_square(text: str) -> str:
    return text.replace('x="120" y="40" width="80" height="80">',
                        'x="120" y="40"><polygon points="0,0 80,0 80,80"/>', 1)


def huge_header(text: str) -> str:
    return text.replace('width="32" height="18"', 'width="1000" height="1000"', 1)


def missing_tiles(text: str) -> str:
    """Rules data intact, but the tileset picture is gone: only the art fails."""
    return text.replace("../assets/tiles/servermania_tiles.png", "../nowhere/tiles.png")


def with_tiles(text: str) -> str:
    """A copy elsewhere must still find the tileset picture of the real map."""
    return text.replace("../assets/tiles/servermania_tiles.png", str(TILES))


@pytest.fixture
def broken_map(tmp_path, monkeypatch):
    """Install a damaged copy of the map; returns a function taking the damage to apply."""
    def install(damage) -> Path:
        path = tmp_path / "servermania.tmx"
        text = MAP.read_text(encoding="utf-8")
        if damage is not missing_tiles:
            text = with_tiles(text)
        path.write_text(damage(text), encoding="utf-8")
        monkeypatch.setattr(board_module, "DEFAULT_MAP", str(path))
        board_module.default_board.cache_clear()
        return path

    board_module.default_board.cache_clear()
    yield install
    board_module.default_board.cache_clear()


def start_servermania_from_the_title():
    """Title → SERVERMANIA → Start (the cursor starts on Start), as a keyboard player."""
    app = new_app(TitleScene())
    step(app, READY)
    press(app, "confirm")  # SERVERMANIA is the first entry
    run_until(app, lambda: isinstance(app.stack.top, NewGameScene) and not app.stack.busy, 120)
    press(app, "confirm")  # join the lobby
    press(app, "pause")  # Start, against one computer player
    run_until(app, lambda: not isinstance(app.stack.top, NewGameScene)
              and not app.stack.busy, 240)
    return app


@pytest.mark.parametrize(("damage", "named"), [
    (truncated, r"not valid XML"),
    (without_squares, r"no object layer named 'squares'"),
    (duplicate_index, r"duplicate square index\(es\): \[1\]"),
    (missing_tiles, r"image .*nowhere/tiles\.png not found"),
    (nan_coordinate, r"object 2 \(Ping\): x 'NaN' is not a finite number"),
    (polygon_square, r"polygon objects are not supported"),
    (huge_header, r"width '1000' is not a whole number"),
], ids=["truncated_xml", "no_squares_layer", "duplicate_index", "missing_tileset_image",
        "nan_coordinate", "polygon", "1000x1000_tiles"])
def test_a_broken_map_shows_the_problem_and_returns_to_the_title(
        broken_map, damage, named, tmp_path, capsys):
    path = broken_map(damage)
    app = start_servermania_from_the_title()

    overlay = app.stack.top
    assert isinstance(overlay, ErrorOverlay)
    assert overlay.title == "SERVERMANIA cannot start"
    assert re.search(named, overlay.problem), overlay.problem
    assert not any(isinstance(s, BoardScene) for s in app.stack.scenes)
    assert isinstance(app.stack.scenes[0], TitleScene)  # drawn dimmed below the notice
    err = capsys.readouterr().err
    assert "servermania: cannot start" in err and re.search(named, err)
    assert str(path) in err  # a path outside the project is shown in full
    shot = shoot(app, f"error_map_{damage.__name__}", tmp_path)
    assert_not_blank(shot)

    press(app, "confirm")  # "Back to title"
    run_until(app, lambda: isinstance(app.stack.top, TitleScene) and not app.stack.busy, 120)
    assert len(app.stack.scenes) == 1
    assert app.running


def test_back_also_leaves_the_error_and_the_app_keeps_working(broken_map):
    broken_map(without_squares)
    app = start_servermania_from_the_title()
    assert isinstance(app.stack.top, ErrorOverlay)
    press(app, "back")
    run_until(app, lambda: isinstance(app.stack.top, TitleScene) and not app.stack.busy, 120)

    # The map is mended while the game runs: the next start plays normally.
    board_module.default_board.cache_clear()
    broken_map(lambda text: text)
    press(app, "confirm")
    run_until(app, lambda: isinstance(app.stack.top, NewGameScene) and not app.stack.busy, 120)
    press(app, "confirm")
    press(app, "pause")
    run_until(app, lambda: isinstance(app.stack.top, BoardScene) and not app.stack.busy, 240)
    step(app, 30)
    assert app.running


def test_the_demo_started_from_the_command_line_shows_the_error_too(broken_map, tmp_path):
    broken_map(truncated)
    app = new_app(DemoScene(players=2))
    step(app, 2)
    assert isinstance(app.stack.top, ErrorOverlay)
    assert len(app.stack.scenes) == 1  # nothing below: the overlay paints its own backdrop
    step(app, READY)  # after the opening fade
    assert_not_blank(shoot(app, "error_map_demo", tmp_path), least=20)
    press(app, "back")
    run_until(app, lambda: isinstance(app.stack.top, TitleScene) and not app.stack.busy, 120)


def test_the_shipped_map_path_is_shown_relative_to_the_game_folder(monkeypatch, capsys):
    """The default map's path reads `maps/servermania.tmx`, not `.../servermania/../../maps`."""
    monkeypatch.setattr("game.servermania.state.default_board", _raise_for_default_map)
    app = start_servermania_from_the_title()
    overlay = app.stack.top
    assert isinstance(overlay, ErrorOverlay)
    expected = str(Path("maps") / "servermania.tmx")
    assert f"Map {expected} is not valid XML" in overlay.problem, overlay.problem
    assert ".." not in overlay.problem
    assert expected in capsys.readouterr().err


def _raise_for_default_map():
    from game.tiled import MapError

    raise MapError(f"map {board_module.DEFAULT_MAP!r} is not valid XML: no element found")


@pytest.mark.parametrize("damage", [truncated, without_squares, duplicate_index, nan_coordinate,
                                    polygon_square, huge_header])
def test_sim_says_what_is_wrong_with_the_map_in_one_line(broken_map, capsys, damage):
    path = broken_map(damage)
    assert main(["sim", "servermania", "--games", "2", "--players", "2"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.err.startswith("servermania: cannot start: map") and str(path) in captured.err
