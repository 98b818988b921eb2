"""`main.py replays`, `main.py replay ID|latest --headless` and `main.py play GAME --seats
normal,hard --headless` (computers only: played through the table, kept as a replay)."""

from __future__ import annotations

import json

import pytest

import main


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    return tmp_path / "unicorn-arcade" / "replays"


@pytest.mark.parametrize("game, seats", [("servermania", "normal,hard"),
                                         ("startupfever", "easy,normal,hard")])
def test_a_computers_game_is_kept_and_replays_to_its_result(game, seats, data, capsys):
    assert main.main(["play", game, "--seats", seats, "--headless", "--seed", "3",
                      "--speed", "8"]) == 0
    capsys.readouterr()
    assert main.main(["replays", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert len(listed) == 1 and listed[0]["game"] == game
    assert [s["level"] for s in listed[0]["seats"]] == seats.split(",")
    assert main.main(["replay", "latest", "--headless", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["reproduced"] and result["scores"] == listed[0]["scores"]
    assert result["winners"] == listed[0]["winners"]
    assert main.main(["replay", listed[0]["id"], "--headless"]) == 0
    assert "reproduced" in capsys.readouterr().out


def test_replay_refuses_what_it_cannot_play_in_one_line(data, capsys):
    assert main.main(["replay", "latest", "--headless"]) == 2
    assert capsys.readouterr().err.strip() == "replay: no replays kept yet"
    assert main.main(["play", "servermania", "--seats", "normal,normal", "--headless",
                      "--speed", "8"]) == 0
    path = next(data.glob("*.json"))
    text = json.loads(path.read_text())
    text["rules"] = "0000000000000000"
    path.write_text(json.dumps(text))
    capsys.readouterr()
    assert main.main(["replay", "latest", "--headless"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "recorded with other SERVERMANIA rules" in err
    path.write_text("{broken")
    assert main.main(["replays"]) == 0
    captured = capsys.readouterr()
    assert "not JSON" in captured.err and "moved aside" in captured.err
    assert "No replays yet" in captured.out
