"""`main.py sim GAME --ai LEVELS`: level matchups with 95% intervals (game/matchup.py)."""

from __future__ import annotations

import json

import pytest

from game.levels import parse_levels
from game.matchup import format_match, match, wilson
from main import main


def test_levels_are_parsed_and_checked():
    assert parse_levels("Hard, normal,normal") == ["hard", "normal", "normal"]
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        parse_levels("expert,normal")


def test_wilson_interval_brackets_the_share_and_narrows_with_games():
    lo, hi = wilson(0.4, 100)
    assert lo < 0.4 < hi
    lo2, hi2 = wilson(0.4, 1000)
    assert lo < lo2 < 0.4 < hi2 < hi
    assert wilson(0.0, 10)[0] == 0.0 and wilson(1.0, 10)[1] == pytest.approx(1.0)


def test_match_rotates_seats_and_shares_add_up():
    figures = match("servermania", ["normal", "random", "random"], games=12, seed=3, workers=1)
    rows = figures["wins_by_level"]
    assert rows["normal"]["seats"] == 1 and rows["random"]["seats"] == 2
    assert rows["random"]["fair_share"] == pytest.approx(2 / 3, abs=1e-3)
    assert sum(r["win_share"] for r in rows.values()) == pytest.approx(1, abs=1e-3)
    for r in rows.values():
        lo, hi = r["ci95"]
        assert lo <= r["win_share"] <= hi
    assert "95% interval" in format_match(figures)


def test_match_is_reproducible_and_split_independent():
    one = match("startupfever", ["easy", "normal"], games=4, seed=2, workers=1)
    two = match("startupfever", ["easy", "normal"], games=4, seed=2, workers=2)
    assert one["wins_by_level"] == two["wins_by_level"]


def test_cli_sim_ai_json_and_bad_levels(capsys):
    assert main(["sim", "servermania", "--ai", "hard,normal", "--games", "6", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures["wins_by_level"]) == {"hard", "normal"}
    assert figures["hard_decision_ms"]["decisions"] > 0
    assert main(["sim", "servermania", "--ai", "hard,wizard"]) == 2
    assert "unknown level 'wizard'" in capsys.readouterr().err
    assert main(["sim", "servermania", "--ai", "hard,normal,normal,normal,normal"]) == 2
