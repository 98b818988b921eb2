"""`--script FILE`: every bad file is refused in one line on stderr with exit status 2."""

from __future__ import annotations

import os

import pytest

import main
from scenes.engine.input import Action
from scenes.engine.script import ScriptError, load_script


def run_with_script(path, capsys) -> tuple[int, str]:
    code = main.main(["--headless", "--frames", "5", "--script", str(path)])
    err = capsys.readouterr().err
    return code, err


BAD_TEXTS = {
    "empty": "",
    "not_json": "[[20, 'down']]",
    "nan_frame": '[[NaN, "down"]]',
    "infinite_frame": '[[Infinity, "down"]]',
    "negative_infinite_frame": '[[-Infinity, "down"]]',
    "string_frame": '[["20", "down"]]',
    "float_frame": '[[20.5, "down"]]',
    "bool_frame": '[[true, "down"]]',
    "huge_frame": '[[' + "9" * 5000 + ', "down"]]',
    "big_frame": '[[' + "9" * 30 + ', "down"]]',
    "negative_frame": '[[-1, "down"]]',
    "deep_nesting": "[" * 100_000 + "]" * 100_000,
    "object_not_list": '{"frame": 1}',
    "row_not_list": '[20]',
    "short_row": '[[20]]',
    "long_row": '[[20, "down", "keyboard", 4]]',
    "unknown_action": '[[20, "jump"]]',
    "action_not_string": '[[20, {"a": 1}]]',
    "bad_device": '[[20, "down", "joystick"]]',
    "device_not_string": '[[20, "down", 7]]',
}


@pytest.mark.parametrize("name", sorted(BAD_TEXTS))
def test_a_bad_script_gives_one_line_and_status_2(tmp_path, capsys, name):
    path = tmp_path / f"{name}.json"
    path.write_text(BAD_TEXTS[name], encoding="utf-8")
    with pytest.raises(ScriptError):
        load_script(path)
    code, err = run_with_script(path, capsys)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("script: ") and str(path) in err
    assert "Traceback" not in err


def test_non_utf8_missing_folder_and_device_files_are_refused(tmp_path, capsys):
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'[[20, "d\xe9"]]')
    cases = [latin, tmp_path / "missing.json", tmp_path]
    if os.path.exists("/dev/zero"):
        cases.append("/dev/zero")
    fifo = tmp_path / "fifo"
    if hasattr(os, "mkfifo"):
        os.mkfifo(fifo)
        cases.append(fifo)
    for path in cases:
        code, err = run_with_script(path, capsys)
        assert code == 2, path
        assert err.count("\n") == 1 and err.startswith("script: ") and "Traceback" not in err


def test_an_oversized_script_is_refused_before_it_is_read(tmp_path, capsys):
    path = tmp_path / "big.json"
    path.write_text("[" + " " * (2 * 1024 * 1024) + "]")
    code, err = run_with_script(path, capsys)
    assert code == 2 and "too large" in err


def test_a_good_script_with_devices_still_loads(tmp_path):
    path = tmp_path / "ok.json"
    path.write_text('[[30, "down"], [40, "confirm", "pad:2"], [50, "x", "mouse"]]')
    assert load_script(path) == [(30, Action("down")), (40, Action("confirm", "pad:2")),
                                 (50, Action("x", "mouse"))]
