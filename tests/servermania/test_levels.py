"""SERVERMANIA's computer levels (game/servermania/levels.py): legal play, no peeking at
the deck order, and Hard's simulated futures (S6 maintenance, S8 STUCK)."""

from __future__ import annotations

import random

import pytest

from game import servermania as sm
from game.levels import make_player
from game.servermania import levels
from game.servermania.levels import LEVELS, HardPlayer, future
from game.servermania.players import RandomPlayer, RulePlayer

from .helpers import scenario


def decision_states(games: int, seed: int = 0):
    """Every decision point (maintenance, STUCK) of random games, as copies."""
    for g in range(games):
        state = sm.new_game(4, seed=seed * 1000 + g)
        player = RandomPlayer(g)
        while not state.is_terminal():
            if state.current_player == sm.CHANCE:
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                yield state.clone()
            state.apply(player.decide(state, legal))


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_level_plays_only_legal_actions_over_many_random_states(level):
    seen = 0
    for i, state in enumerate(decision_states(6)):
        legal = state.legal_actions()
        action = LEVELS[level](i).decide(state, legal)
        assert action in legal
        state.clone().apply(action)
        seen += 1
    assert seen > 30


def test_no_level_reads_the_deck_order_or_the_rng():
    rng = random.Random(4)
    for i, state in enumerate(decision_states(3, seed=1)):
        other = state.clone()
        for deck in other.decks.values():
            rng.shuffle(deck)
        other.rng = random.Random(rng.random())
        legal = state.legal_actions()
        for level in ("easy", "normal", "hard"):
            first = make_player("servermania", level, i, clock=False)  # no clock: the same
            again = make_player("servermania", level, i, clock=False)  # futures both times
            assert first.decide(state, legal) == again.decide(other, legal)


def test_hard_pays_maintenance_when_doubling_many_servers_is_in_reach():
    state = scenario("S . C . $ $ $ F", seat0={"servers": 12})
    assert HardPlayer(1, time_budget=None).decide(state, state.legal_actions()) == \
        sm.PAY_MAINTENANCE
    poor = scenario("S . C . $ $ $ F", seat0={"servers": 1})
    assert HardPlayer(1, time_budget=None).decide(poor, poor.legal_actions()) == \
        sm.SKIP_MAINTENANCE


def test_a_future_is_a_share_of_the_win_and_the_same_seed_gives_the_same_future():
    state = scenario("S . C . $ $ $ F", players=2, seat0={"servers": 6})
    for action in state.legal_actions():
        shares = {future(state, action, 0, seed) for seed in range(12)}
        assert shares <= {0.0, 0.5, 1.0} and len(shares) > 1
        assert [future(state, action, 0, s) for s in range(5)] == \
            [future(state, action, 0, s) for s in range(5)]
    assert state.legal_actions() == [sm.PAY_MAINTENANCE, sm.SKIP_MAINTENANCE]  # untouched


def test_hard_keeps_the_rule_choice_unless_the_other_wins_clearly_more_often(monkeypatch):
    state = scenario("S . C . $ $ $ F", seat0={"servers": 12})
    rule = RulePlayer().decide(state, state.legal_actions())
    calls = []

    def coin(s, action, seat, seed):  # no option is better: a fair coin either way
        calls.append(action)
        return float(random.Random(seed).random() < 0.5)

    monkeypatch.setattr(levels, "future", coin)
    assert HardPlayer(3, pairs=64, time_budget=None).decide(state, state.legal_actions()) == rule
    assert len(calls) <= 2 * 64

    def other_wins(s, action, seat, seed):
        return 1.0 if action != rule else float(random.Random(seed).random() < 0.3)

    monkeypatch.setattr(levels, "future", other_wins)
    assert HardPlayer(3, time_budget=None).decide(state, state.legal_actions()) != rule


def test_hard_stops_early_when_both_options_play_out_the_same():
    state = scenario("S . C . $ $ $ F", seat0={"servers": 12})
    calls = []

    def same(s, action, seat, seed):
        calls.append(seed)
        return 0.0

    hard = HardPlayer(1, time_budget=None)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(levels, "future", same)
        hard.decide(state, state.legal_actions())
    assert len(calls) == 2 * levels.CHECK


def test_levels_are_made_by_name():
    assert isinstance(make_player("servermania", "hard"), HardPlayer)
    assert make_player("servermania", "easy", 1).kind == "easy"


def test_easy_never_pays_maintenance_and_leaves_stuck_as_the_rule_player():
    from game.servermania.actions import PAY_MAINTENANCE, SKIP_MAINTENANCE

    maintenance = stuck = 0
    for i, state in enumerate(decision_states(8, seed=2)):
        legal = state.legal_actions()
        easy = LEVELS["easy"](i).decide(state, legal)
        if PAY_MAINTENANCE in legal:
            maintenance += 1
            assert easy == SKIP_MAINTENANCE
        else:
            stuck += 1
            assert easy == RulePlayer().decide(state, legal)
    assert maintenance > 10 and stuck > 0


def test_every_level_has_a_line_for_the_lobby():
    assert set(levels.LEVEL_NOTES) == set(LEVELS) - {"random"}
    assert all(len(note) <= 90 for note in levels.LEVEL_NOTES.values())
