"""SERVERMANIA's computer levels (game/servermania/levels.py): legal play, no peeking at
the deck order, and Hard's expectimax over the die (S6 maintenance, S8 STUCK)."""

from __future__ import annotations

import random

import pytest

from game import servermania as sm
from game.levels import make_player
from game.servermania.levels import LEVELS, HardPlayer, projected_money, win_chance
from game.servermania.players import RandomPlayer

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
            assert LEVELS[level](i).decide(state, legal) == LEVELS[level](i).decide(other, legal)


def test_hard_value_is_the_mean_over_the_six_faces_of_the_coming_roll():
    state = scenario("S . C . $ . . F", players=2, seat0={"servers": 6, "cash": 200_000})
    assert state.legal_actions() == [sm.PAY_MAINTENANCE, sm.SKIP_MAINTENANCE]
    hard = HardPlayer(dice_depth=1)
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        faces = []
        for face in sm.DIE_FACES:
            c = after.clone()
            c.apply(face)
            faces.append(win_chance(c, 0))
        assert hard.value_of(state, action, 0) == pytest.approx(sum(faces) / 6)


def test_hard_pays_maintenance_when_doubling_many_servers_is_in_reach():
    state = scenario("S . C . $ $ $ F", seat0={"servers": 12})
    assert HardPlayer().decide(state, state.legal_actions()) == sm.PAY_MAINTENANCE
    poor = scenario("S . C . $ $ $ F", seat0={"servers": 1})
    assert HardPlayer().decide(poor, poor.legal_actions()) == sm.SKIP_MAINTENANCE


def test_hard_search_depth_is_configured_by_dice_depth():
    state = scenario("S X . . . . F", seat0={"position": 1, "cash": 120_000})
    calls = []

    class Counting(HardPlayer):
        def expect(self, s, seat, turn, dice):
            calls.append(dice)
            return super().expect(s, seat, turn, dice)

    Counting(dice_depth=0).decide(state, state.legal_actions())
    assert set(calls) == {0}  # no die expanded: the position is scored at once
    calls.clear()
    Counting(dice_depth=2).decide(state, state.legal_actions())
    assert max(calls) == 2 and 1 in calls and 0 in calls


def test_projected_money_counts_servers_paydays_and_the_finish_race():
    state = scenario("S . $ . $ . F", players=2, seat0={"position": 5}, seat1={"position": 0})
    near, far = projected_money(state)
    assert near > far  # same cash and servers; seat 0 is closer to the finish bonus
    assert 0 < win_chance(state, 0) < 1


def test_levels_are_made_by_name():
    assert isinstance(make_player("servermania", "hard"), HardPlayer)
    assert make_player("servermania", "easy", 1).kind == "easy"
