"""Issue 23, items 4 and 5: each small failure of the hostile-input run, fixed and kept so.

Unknown pawn tokens, folders without search permission, .bad files rotating, temp files
of a killed write, a forged action's repr, huge player counts, capped messages, script
devices in non-ASCII digits, and empty command-line values.
"""

from __future__ import annotations

import json
import os
import time

import pytest

from game import autosave, registry, servermania, startupfever
from game.autosave import SeatRecord, Slots
from game.files import KEEP_ASIDE, move_aside, write_atomic
from main import main
from scenes.engine.settings import Settings


def test_servermania_continues_a_save_with_an_unknown_pawn_token(tmp_path):
    from scenes.app import make_app
    from scenes.servermania.board_scene import BoardScene

    slots = Slots(None)
    slots.save("servermania", servermania.new_game(["Ada", "Linus"], seed=2),
               [SeatRecord("Ada", "pink", token="no-such-shape"), SeatRecord("Linus", "blue")],
               "turn 0")
    board = BoardScene.from_save(slots.latest())
    assert board.seats[0].token == ""  # the colour's own shape
    app = make_app(board, headless=True, frames=40, seed=1)
    app.run()  # used to crash drawing the pawn


@pytest.fixture
def unsearchable(monkeypatch, tmp_path):
    """Every look at a path inside `tmp_path / 'locked'` is refused (as for a folder
    without search permission, even when the tests run as root)."""
    locked = tmp_path / "locked"
    locked.mkdir()
    real_stat, real_lstat = os.stat, os.lstat

    def refuse(real):
        def look(path, *args, **kwargs):
            if str(os.fspath(path)).startswith(str(locked) + os.sep):
                raise PermissionError(13, "Permission denied", str(path))
            return real(path, *args, **kwargs)
        return look

    monkeypatch.setattr(os, "stat", refuse(real_stat))
    monkeypatch.setattr(os, "lstat", refuse(real_lstat))
    return locked


def test_a_saves_folder_without_search_permission_costs_a_notice(unsearchable, capsys):
    slots = Slots(unsearchable)
    assert slots.latest() is None  # used to raise PermissionError from Path.exists()
    problems = slots.take_problems()
    assert problems and "Permission denied" in problems[0]
    assert not slots.save("servermania", servermania.new_game(["A", "B"], seed=1),
                          [SeatRecord("A", "pink"), SeatRecord("B", "blue")], "turn 0")


def test_a_settings_folder_without_search_permission_gives_the_defaults(unsearchable,
                                                                       capsys):
    settings = Settings.load(unsearchable / "settings.json")
    assert settings.volume == Settings().volume
    assert "Permission denied" in capsys.readouterr().err


def test_bad_files_rotate_so_the_newest_broken_save_is_always_kept(tmp_path):
    path = tmp_path / "servermania.json"
    for n in range(1, 100):  # the 99 .bad files that used to block the next one
        name = path.name + (".bad" if n == 1 else f".bad{n}")
        (tmp_path / name).write_text(f"old {n}")
        os.utime(tmp_path / name, (n, n))
    path.write_text("newest broken")
    Slots(tmp_path).load("servermania")
    assert not path.exists()  # set aside, not left to be overwritten by the next autosave
    kept = sorted(p.name for p in tmp_path.iterdir() if ".bad" in p.name)
    assert len(kept) == KEEP_ASIDE
    texts = {(tmp_path / name).read_text() for name in kept}
    assert "newest broken" in texts and "old 1" not in texts and "old 99" in texts


def test_move_aside_keeps_at_most_the_newest_n(tmp_path):
    path = tmp_path / "x.json"
    for n in range(KEEP_ASIDE + 5):
        path.write_text(str(n))
        moved = move_aside(path)
        assert moved is not None
        os.utime(moved, (1000 + n, 1000 + n))
    texts = sorted(int(p.read_text()) for p in tmp_path.iterdir())
    assert texts == list(range(5, KEEP_ASIDE + 5))


def test_a_stale_temp_file_of_a_killed_write_is_removed_at_the_next_start(tmp_path):
    write_atomic(tmp_path / "settings.json", "{}")
    stale = [tmp_path / ".servermania.json.abc123.tmp", tmp_path / ".settings.json.x9.tmp"]
    fresh = tmp_path / ".startupfever.json.now.tmp"  # a write going on right now
    for temp in (*stale, fresh):
        temp.write_text("half a save")
    old = time.time() - 3600
    for temp in stale:
        os.utime(temp, (old, old))
    Slots(tmp_path)
    Settings.load(tmp_path / "settings.json")
    assert not any(t.exists() for t in stale) and fresh.exists()


class Forged:
    def __repr__(self):
        raise RuntimeError("repr refused")

    __str__ = __repr__


def test_startup_fever_refuses_an_action_whose_field_raises_in_repr():
    from game.startupfever.actions import PlaceChip

    state = startupfever.new_game(2, seed=1)
    before = state.to_json()
    action = PlaceChip.__new__(PlaceChip)
    object.__setattr__(action, "slot", Forged())
    object.__setattr__(action, "category", "x")
    with pytest.raises(startupfever.IllegalAction):
        state.apply(action)
    assert state.to_json() == before


def test_a_huge_player_count_is_refused_before_anything_is_sized_by_it(capsys, monkeypatch):
    import game.servermania.sim as sim

    def never(**_kwargs):
        raise AssertionError("the simulator was started")

    monkeypatch.setattr(sim, "simulate", never)
    assert main(["sim", "servermania", "--players", "100000000", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "2-4 players" in err


@pytest.mark.parametrize("players", ["0", "7", "1e9"])
def test_demo_refuses_a_player_count_like_sim(players, capsys, monkeypatch):
    import scenes.app

    monkeypatch.setattr(scenes.app, "run", lambda args: 0)  # never open a window
    with pytest.raises(SystemExit) if players == "1e9" else _nothing():
        assert main(["demo", "startupfever", "--players", players]) == 2
    assert "players" in capsys.readouterr().err


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_an_empty_ai_list_is_refused(capsys):
    assert main(["sim", "servermania", "--ai", "", "--games", "1"]) == 2
    assert "no levels given" in capsys.readouterr().err


def test_an_empty_screenshot_path_is_refused(capsys):
    with pytest.raises(SystemExit) as leaving:
        main(["--headless", "--frames", "1", "--screenshot", ""])
    assert leaving.value.code == 2 and "an empty path" in capsys.readouterr().err


def test_a_script_device_in_non_ascii_digits_is_refused(tmp_path):
    from scenes.engine.script import ScriptError, load_script

    script = tmp_path / "s.json"
    script.write_text(json.dumps([[30, "confirm", "pad:\u0661"]]), encoding="utf-8")
    with pytest.raises(ScriptError, match="unknown device"):
        load_script(script)


@pytest.mark.parametrize("game", list(registry.ids()))
def test_a_save_error_never_echoes_a_huge_value(tmp_path, game):
    slots = Slots(tmp_path)
    state = (servermania if game == "servermania" else startupfever).new_game(2, seed=1)
    slots.save(game, state, [SeatRecord("A", "pink"), SeatRecord("B", "blue")], "turn 0")
    data = json.loads((tmp_path / f"{game}.json").read_text())
    huge = "x" * 10_000_000
    for damage in ("game", "state-field", "seat"):
        bad = json.loads(json.dumps(data))
        if damage == "game":
            bad["game"] = huge
        elif damage == "seat":
            bad["seats"][0]["level"] = huge
        else:
            bad["state"]["players"][0]["name" if game == "startupfever" else "name"] = huge
            bad["state"]["stage" if game == "startupfever" else "phase"] = huge
        with pytest.raises(autosave.SaveProblem) as caught:
            autosave.parse(game, json.dumps(bad))
        assert len(str(caught.value)) <= autosave.MESSAGE_CHARS
    with pytest.raises(ValueError) as caught:
        (servermania if game == "servermania" else startupfever).from_json(
            json.dumps({**data["state"], "phase" if game == "servermania" else "stage": huge}))
    assert len(str(caught.value)) <= 300


def test_the_settings_warning_does_not_print_ten_thousand_key_codes(tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"keys": {"confirm": list(range(10_000))}}))
    Settings.load(path)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400
