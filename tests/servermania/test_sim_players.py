"""Simple players and the simulator (figures, invariants; speed is measured, not asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from game import servermania as sm
from game.servermania.players import RandomPlayer, RulePlayer
from game.servermania.sim import play_game, simulate
from game.simulate import format_report

from .helpers import scenario

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_rule_player_pays_maintenance_only_when_the_servers_are_worth_it():
    player = RulePlayer()
    few = scenario("S . C . $ $ $ F", seat0={"servers": 2})
    assert player.decide(few, few.legal_actions()) == sm.SKIP_MAINTENANCE
    many = scenario("S . C . $ $ $ F", seat0={"servers": 12})
    assert player.decide(many, many.legal_actions()) == sm.PAY_MAINTENANCE


def test_rule_player_pays_out_of_stuck_only_while_racing_for_the_finish_bonus():
    player = RulePlayer()
    racing = scenario("S X . . . . F", seat0={"position": 1, "cash": 120_000})
    assert player.decide(racing, racing.legal_actions()) == sm.PAY_TO_LEAVE_STUCK
    late = scenario("S X . . . . F", players=3, seat0={"position": 1, "cash": 120_000},
                    seat1={"position": 6, "finished": True})
    late.finish_order.append(1)
    assert player.decide(late, late.legal_actions()) == sm.ROLL_TO_LEAVE_STUCK


def test_random_player_picks_legal_actions_reproducibly():
    state = scenario("S . C . F")
    picks = [RandomPlayer(3).decide(state, state.legal_actions()) for _ in range(3)]
    assert len(set(picks)) == 1 and picks[0] in state.legal_actions()


def test_play_game_is_reproducible_and_clean():
    a = play_game(4, seed=1, g=17)
    assert a == play_game(4, seed=1, g=17)
    turns, winners, kinds, violations = a
    assert turns > 10 and winners and violations == []
    assert sorted(set(kinds)) == ["random", "rules"]


def test_simulate_reports_the_figures_with_no_violations():
    figures = simulate(games=60, players=4, seed=3, workers=1)
    for key in ("games", "seconds", "games_per_second", "avg_turns", "wins_by_seat",
                "wins_by_type", "violations"):
        assert key in figures
    assert figures["games"] == 60 and figures["violations"] == 0
    assert abs(sum(figures["wins_by_seat"].values()) - 1) < 1e-3
    assert abs(sum(figures["wins_by_type"].values()) - 1) < 1e-3
    assert set(figures["wins_by_seat"]) == {"0", "1", "2", "3"}
    assert "servermania: 60 games" in format_report("servermania", figures)


def test_simulate_figures_do_not_depend_on_the_number_of_workers():
    one = simulate(games=40, players=3, seed=2, workers=1)
    two = simulate(games=40, players=3, seed=2, workers=2)
    for key in ("avg_turns", "wins_by_seat", "wins_by_type", "violations"):
        assert one[key] == two[key]


def test_cli_sim_json_prints_one_object():
    out = subprocess.run(
        [sys.executable, "main.py", "sim", "servermania", "--games", "30", "--players", "2",
         "--seed", "4", "--json"], capture_output=True, text=True, check=True, cwd=ROOT)
    figures = json.loads(out.stdout)
    assert figures["games"] == 30 and figures["violations"] == 0
