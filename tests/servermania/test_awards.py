"""SERVERMANIA's awards (game/servermania/awards.py): from the game's own events."""

from __future__ import annotations

import random

from game import awards
from game import servermania as sm
from game.servermania import events as ev
from game.servermania.awards import awards as sm_awards


def test_three_to_five_awards_each_with_a_figure_and_who():
    for seed in range(4):
        rng = random.Random(seed)
        state = sm.new_game(3, seed=seed)
        start, moves = state.clone(), []
        while not state.is_terminal():
            action = state.sample_chance() if state.current_player == sm.CHANCE else \
                rng.choice(state.legal_actions())
            moves.append(action)
            state.apply(action)
        found = awards.of_game("servermania", start, moves)
        assert 3 <= len(found) <= 5
        assert all(a.title and a.figure and a.seats for a in found)


def test_longest_stuck_counts_turns_in_a_row():
    state = sm.new_game(2, seed=1)
    events = [ev.StuckRoll(1, 5, False), ev.StuckRoll(1, 6, False), ev.StuckRoll(1, 2, True),
              ev.LeftStuck(1, "rolled"), ev.StuckRoll(0, 4, False), ev.LeftStuck(0, "paid")]
    found = {a.title: a for a in sm_awards(events, state)}
    assert found["Longest STUCK"].seats == (1,) and found["Longest STUCK"].figure == "3 turns"


def test_server_farm_is_the_most_servers_held_at_once():
    state = sm.new_game(2, seed=1)
    events = [ev.ServersChanged(0, 5, 9, "x"), ev.ServersChanged(0, -4, 5, "y"),
              ev.ServersChanged(1, 2, 8, "z")]
    found = {a.title: a for a in sm_awards(events, state)}
    assert found["Server farm"].seats == (0,) and found["Server farm"].figure == "9 servers"
