"""The Startup Fever simulator: figures, invariant checks that can fail, reproducibility.
Speed is measured by `main.py sim`, never asserted here."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from game import startupfever as sf
from game.simulate import format_report
from game.startupfever import sim

from .helpers import start

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KEYS = ("games", "seconds", "games_per_second", "avg_turns", "avg_years", "avg_steps",
        "wins_by_seat", "wins_by_type", "violations", "violation_examples")


def test_seat_types_alternate_and_rotate_across_games():
    assert [c.kind for c in sim.seat_types(4, 0)] == ["rules", "random", "rules", "random"]
    assert [c.kind for c in sim.seat_types(4, 1)] == ["random", "rules", "random", "rules"]
    three = [[c.kind for c in sim.seat_types(3, g)] for g in range(3)]
    assert three == [["rules", "random", "rules"], ["random", "rules", "rules"],
                     ["rules", "rules", "random"]]  # every game: two rules, one random


def test_play_game_is_reproducible_and_clean():
    first = sim.play_game(4, seed=5, g=3)
    assert first == sim.play_game(4, seed=5, g=3)
    steps, years, winners, kinds, violations = first
    assert violations == [] and winners and 1 <= years <= 15 and steps > 100
    assert sorted(set(kinds)) == ["random", "rules"]


def test_runs_with_different_seeds_are_independent():
    """Issue 9 item 5: with game seed = seed + g, --seed 1 and --seed 7 shared 1,494 of
    1,500 games. Game seeds are now a hash of (run seed, game index)."""
    one = {sim.game_seed(1, g) for g in range(1500)}
    seven = {sim.game_seed(7, g) for g in range(1500)}
    assert len(one) == len(seven) == 1500 and not one & seven
    assert sim.game_seed(1, 6) != sim.game_seed(7, 0)
    assert sim.play_game(4, seed=1, g=6)[:3] != sim.play_game(4, seed=7, g=0)[:3]


def test_a_run_is_reproducible_from_its_seed_and_each_game_alone():
    keys = ("avg_steps", "avg_years", "wins_by_seat", "wins_by_type")
    first = sim.simulate(games=6, players=3, seed=12, workers=1)
    again = sim.simulate(games=6, players=3, seed=12, workers=1)
    assert [first[k] for k in keys] == [again[k] for k in keys]
    steps = sum(sim.play_game(3, seed=12, g=g)[0] for g in range(6))
    assert round(steps / 6, 2) == first["avg_steps"]  # game g replays alone


def test_rule_only_puts_the_rule_player_in_every_seat():
    assert [c.kind for c in sim.seat_types(5, 3, rule_only=True)] == ["rules"] * 5
    figures = sim.simulate(games=4, players=5, seed=2, workers=1, rule_only=True)
    assert figures["wins_by_type"]["rules"] == 1 and figures["rule_only"] is True
    assert "fair share 20.0%" in format_report("startupfever", figures)


def test_simulate_reports_the_figures_with_no_violations():
    figures = sim.simulate(games=30, players=4, seed=3, workers=1)
    for key in KEYS:
        assert key in figures
    assert figures["games"] == 30 and figures["violations"] == 0
    assert figures["violation_examples"] == []
    assert abs(sum(figures["wins_by_seat"].values()) - 1) < 1e-3
    assert abs(sum(figures["wins_by_type"].values()) - 1) < 1e-3
    assert set(figures["wins_by_seat"]) == {"0", "1", "2", "3"}
    assert abs(figures["avg_turns"] - 12 * figures["avg_years"]) < 0.1  # 12 products
    assert figures["avg_steps"] > figures["avg_turns"]
    report = format_report("startupfever", figures)
    assert "startupfever: 30 games" in report and "average years per game" in report


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_simulate_every_player_count(players):
    figures = sim.simulate(games=6, players=players, seed=1, workers=1)
    assert figures["violations"] == 0 and len(figures["wins_by_seat"]) == players


def test_games_end_in_four_to_seven_years_on_average():
    figures = sim.simulate(games=60, players=4, seed=11, workers=1)
    assert 4 <= figures["avg_years"] <= 7


def test_simulate_figures_do_not_depend_on_the_number_of_workers():
    one = sim.simulate(games=24, players=4, seed=2, workers=1)
    two = sim.simulate(games=24, players=4, seed=2, workers=2)
    for key in ("avg_turns", "avg_years", "wins_by_seat", "wins_by_type", "violations"):
        assert one[key] == two[key]


def test_simulate_rejects_bad_arguments():
    with pytest.raises(ValueError):
        sim.simulate(games=0)
    with pytest.raises(ValueError):
        sim.simulate(games=1, players=7)


# ------------------------------------------------------------------ the invariant checks

def broken_states():
    """(what is broken, state) pairs: each one breaks exactly one invariant."""
    cases = []
    s = start()
    s.bank += 1
    cases.append(("money adds up to 101", s))
    s = start()
    s.players[1].money = -1
    s.bank += 3
    cases.append(("seat 1 has -1 money", s))
    s = start()
    s.bank, s.players[0].money = -1, s.bank + 1 + s.players[0].money
    cases.append(("bank has -1", s))
    s = start()
    s.products["B"].marketing = 2  # marketing money that came from nowhere
    cases.append(("money adds up to 102", s))
    s = start()
    s.products["A"].nerds[4] += 1  # a Nerd from nowhere
    cases.append(("51 Nerds", s))
    s = start()
    s.supply["suit"] -= 1  # a Suit vanished
    cases.append(("49 Suits", s))
    s = start()
    s.players[2].big_suits.append(4)  # a Big Suit from nowhere
    cases.append(("4 Big Suits", s))
    s = start()
    s.products["C"].nerds[0] = -1  # conserved in total, but a negative count
    s.products["C"].nerds[1] = 1
    cases.append(("a negative employee", s))
    s = start()
    s.year = 16
    cases.append(("past the safety stop", s))
    return cases


def test_invariant_checks_pass_on_a_sound_state():
    state = start()
    assert sim.invariant_violations(state) == []
    assert sim.fast_check(state)()


@pytest.mark.parametrize("what,state", broken_states(), ids=[c[0] for c in broken_states()])
def test_invariant_checks_catch_each_broken_invariant(what, state):
    assert not sim.fast_check(state)()
    messages = sim.invariant_violations(state)
    assert len(messages) == 1 and what in messages[0], messages


def test_a_broken_game_is_reported_as_a_violation(monkeypatch):
    original = sf.State.apply_quiet  # the simulator's path for listed actions

    def leaky_apply(self, action):  # an engine bug: the bank loses a token
        original(self, action)
        if self.year == 2 and self.bank > 0:
            self.bank -= 1

    monkeypatch.setattr(sf.State, "apply_quiet", leaky_apply)
    *_, violations = sim.play_game(4, seed=1, g=0)
    assert len(violations) == 1 and "year 2" in violations[0] and "money adds up" in \
        violations[0]
    figures = sim.simulate(games=2, players=4, seed=1, workers=1)
    assert figures["violations"] == 2 and len(figures["violation_examples"]) == 2


def test_a_game_that_never_ends_is_reported(monkeypatch):
    monkeypatch.setattr(sim, "STEP_CAP", 50)
    *_, violations = sim.play_game(4, seed=1, g=0)
    assert violations == [f"game 0 (seed {sim.game_seed(1, 0)}) did not end in 50 steps"]


def test_cli_sim_json_prints_one_object():
    out = subprocess.run(
        [sys.executable, "main.py", "sim", "startupfever", "--games", "8", "--players", "4",
         "--seed", "4", "--json"], capture_output=True, text=True, check=True, cwd=ROOT)
    figures = json.loads(out.stdout)
    assert figures["games"] == 8 and figures["violations"] == 0
    assert set(KEYS) <= set(figures)


def test_cli_sim_rule_only_measures_seat_bias():
    out = subprocess.run(
        [sys.executable, "main.py", "sim", "startupfever", "--games", "3", "--players", "2",
         "--seed", "5", "--rule-only"], capture_output=True, text=True, check=True, cwd=ROOT)
    assert "rule player in every seat: fair share 50.0%" in out.stdout
    bad = subprocess.run(
        [sys.executable, "main.py", "sim", "servermania", "--games", "3", "--rule-only"],
        capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and "--rule-only is not an option of SERVERMANIA" in bad.stderr


def test_cli_sim_prints_a_readable_report():
    out = subprocess.run(
        [sys.executable, "main.py", "sim", "startupfever", "--games", "4", "--players", "3",
         "--seed", "2"], capture_output=True, text=True, check=True, cwd=ROOT)
    assert "startupfever: 4 games" in out.stdout and "invariant violations: 0" in out.stdout


def test_a_leak_in_the_very_last_step_is_reported(monkeypatch):
    """The simulator checks after each product turn and once more at the end (stress
    checks every step): a leak in the step that ends the game is still caught."""
    original = sf.State.apply_quiet

    def leaky_end(self, action):
        original(self, action)
        if self.is_terminal():
            self.bank += 1

    monkeypatch.setattr(sf.State, "apply_quiet", leaky_end)
    *_, violations = sim.play_game(4, seed=1, g=0)
    assert len(violations) == 1 and "money adds up to 101" in violations[0]
