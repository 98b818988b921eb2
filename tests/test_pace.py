"""`main.py pace GAME`: whole games through the real screens with scripted people
(scenes/tools/pace.py); the figures the issue names, for both games."""

from __future__ import annotations

import json

import pytest

import main
from game import registry


@pytest.mark.parametrize("game", list(registry.ids()))
def test_pace_plays_whole_games_and_reports_the_figures(game, capsys):
    assert main.main(["pace", game, "--humans", "1", "--cpus", "1", "--games", "1",
                      "--seed", "3", "--answer-after", "0.5", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["game"] == game and figures["unfinished"] == 0
    (row,) = figures["per_game"]
    assert row["finished"] and row["minutes"] == figures["median_minutes"] > 1
    (prompts,) = row["prompts"].values()
    assert prompts == figures["prompts_per_human"] > 5  # the person was asked, and answered
    (presses,) = row["presses"].values()
    assert presses == figures["presses_per_human"] >= prompts  # every answer took a press
    assert (row["window_s"] > 0) == (game == "startupfever")  # SERVERMANIA has no windows
    assert figures["median_window_s"] == row["window_s"]
    assert 0 <= row["window_wait_s"] <= row["window_s"]  # the part with nothing else shown
    assert figures["median_window_wait_s"] == row["window_wait_s"]
    assert 0 < figures["longest_idle_s"] < 60 * row["minutes"]


def test_pace_refuses_a_table_the_game_does_not_seat(capsys):
    assert main.main(["pace", "servermania", "--humans", "3", "--cpus", "3"]) == 2
    assert "2-4" in capsys.readouterr().err


def test_pace_at_a_table_of_two_people_counts_the_window_time_that_rides_apart():
    """Two people at one screen: passive card windows, most riding on an animation; the
    time they add on their own is counted apart and is a part of it."""
    from scenes.tools.pace import play_one

    row = play_one("startupfever", 2, 1, seed=3, answer_after=0.5)
    assert row["finished"] and len(row["presses"]) == 2
    assert 0 < row["window_wait_s"] < row["window_s"]


@pytest.mark.parametrize("game", list(registry.ids()))
def test_pace_seats_computers_of_the_level_asked(game, capsys):
    """`--level`: a change to a computer player is measured at the table it changes."""
    from scenes.tools.pace import _screen

    scene, _people = _screen(game, 1, 1, seed=3, level="hard")
    assert [(seat.human, seat.level) for seat in scene.seats] == [(True, "normal"),
                                                                  (False, "hard")]
    assert main.main(["pace", game, "--humans", "1", "--cpus", "1", "--level", "easy",
                      "--games", "1", "--seed", "3", "--answer-after", "0.5"]) == 0
    assert "1 person + 1 Easy computers" in capsys.readouterr().out
    with pytest.raises(SystemExit) as refused:  # argparse names the levels it knows
        main.main(["pace", game, "--level", "wizard"])
    assert refused.value.code == 2 and "hard" in capsys.readouterr().err
