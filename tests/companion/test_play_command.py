"""`main.py play GAME --seats ... --headless`: keyboard and pad seats, `--script` and
`--frames` work without a window, and the run never waits forever for a key nobody can
press."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLAY = [sys.executable, "main.py", "play", "servermania", "--phones", "127.0.0.1:0",
        "--headless"]


def play(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([*PLAY, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)


def script(tmp_path: Path, rows: list) -> str:
    path = tmp_path / "script.json"
    path.write_text(json.dumps(rows))
    return str(path)


def test_frames_ends_a_headless_run_waiting_for_a_phone():
    done = play("--seats", "phone,normal", "--frames", "120")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("JOIN 0 http://127.0.0.1:")


def test_a_keyboard_seat_without_a_script_is_refused_in_one_line():
    done = play("--seats", "phone,phone,keyboard,normal")
    assert done.returncode == 2
    assert done.stderr.strip() == ("play: a keyboard or pad seat needs the window, or "
                                   "--script FILE to press its keys in a headless run")


def test_the_script_plays_the_keyboard_seat(tmp_path):
    """Ada (keyboard) rolls for who goes first with the script's presses; then the game
    waits for Linus's phone until --frames. Without the presses it would stop, stuck."""
    presses = script(tmp_path, [[n, "confirm"] for n in range(30, 600, 30)])
    done = play("--seats", "keyboard,phone", "--frames", "600", "--script", presses)
    assert done.returncode == 0, done.stderr
    assert "stopped" not in done.stderr


def test_a_used_up_script_with_a_keyboard_seat_to_move_ends_saying_so(tmp_path):
    done = play("--seats", "keyboard,phone", "--script", script(tmp_path, [[20, "down"]]))
    assert done.returncode == 1
    assert "the script is used up and a seat played from this computer (Ada (keyboard)) " \
           "is to move" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_bad_script_is_refused_before_the_phones_start(tmp_path):
    done = play("--seats", "keyboard,phone", "--script", str(tmp_path / "missing.json"))
    assert done.returncode == 2 and done.stderr.startswith("script: ")
    assert "JOIN" not in done.stdout
