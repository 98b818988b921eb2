"""Startup Fever's awards (game/startupfever/awards.py): from the game's own events."""

from __future__ import annotations

import random

from game import awards
from game import startupfever as sf
from game.startupfever import events as ev
from game.startupfever.awards import awards as sf_awards


def whole_game(seed: int, players: int = 4):
    rng = random.Random(seed)
    state = sf.new_game(players, seed=seed)
    start, moves = state.clone(), []
    while not state.is_terminal():
        action = state.sample_chance() if state.current_player == sf.CHANCE else \
            rng.choice(state.legal_actions())
        moves.append(action)
        state.apply(action)
    return start, moves, state


def test_three_to_five_awards_each_with_a_figure_and_who():
    for seed in range(4):
        start, moves, end = whole_game(seed)
        found = awards.of_game("startupfever", start, moves)
        assert 3 <= len(found) <= 5
        for award in found:
            assert award.title and award.figure and award.seats
            assert all(0 <= s < len(end.players) for s in award.seats)


def test_the_head_hunter_counts_poaches_and_shares_a_tie():
    state = sf.new_game(3, seed=1)
    events = [ev.Poached(0, "A", 1, "E", "nerd", 2), ev.Poached(2, "I", 1, "E", "suit", 2),
              ev.Poached(0, "A", 2, "I", "nerd", 1), ev.Poached(2, "I", 0, "A", "nerd", 3)]
    found = {a.title: a for a in sf_awards(events, state)}
    assert found["Head hunter"].seats == (0, 2) and found["Head hunter"].figure == "2 poached"


def test_the_showdown_star_is_the_biggest_gain_in_one_showdown():
    state = sf.new_game(3, seed=1)
    owner_b = state.products["B"].owner
    events = [ev.CompetitionResult("Media", (("A", 9, 2, 5, 7), ("B", 12, 4, 3, 7))),
              ev.CompetitionResult("Games", (("E", 3, -1, 6, 5),))]
    found = {a.title: a for a in sf_awards(events, state)}
    assert found["Showdown star"].seats == (owner_b,)
    assert found["Showdown star"].figure == "+4 fields"
