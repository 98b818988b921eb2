"""Replays (game/replays.py): a finished game kept small, played again to the same
result; other rules refuse in one line; a bad file is named and set aside."""

from __future__ import annotations

import json
import random

import pytest

from game import replays
from game import servermania as sm
from game import startupfever as sf
from game.replays import ReplayProblem, Seat, Shelf
from game.startupfever.actions import Poach


def played(rules, players: int, seed: int, choose=None):
    """A whole random game: the state it began with and every action."""
    rng = random.Random(seed)
    state = rules.new_game([f"P{i}" for i in range(players)], seed=seed)
    start, moves = state.clone(), []
    while not state.is_terminal():
        if state.current_player == rules.CHANCE:
            action = state.sample_chance()
        else:
            legal = state.legal_actions()
            action = (choose or (lambda s, legal: rng.choice(legal)))(state, legal)
        moves.append(action)
        state.apply(action)
    return start, moves, state


def same_game(a, b) -> bool:
    """The same game, RNG aside (a replay applies its recorded outcomes: no draws)."""
    one, two = json.loads(a.to_json()), json.loads(b.to_json())
    one.pop("rng"), two.pop("rng")
    return one == two


def seats(n: int) -> list[Seat]:
    return [Seat(f"P{i}", "pink", i == 0, "normal") for i in range(n)]


@pytest.mark.parametrize("rules, game, players", [(sm, "servermania", 3),
                                                  (sf, "startupfever", 4)])
def test_a_replay_plays_again_to_the_recorded_result(rules, game, players):
    start, moves, end = played(rules, players, seed=9)
    replay = replays.record(game, 9, seats(players), start, moves, fresh=True)
    assert replay.scores == end.scores() and replay.winners == end.winners()
    again = replays.parse(replay.to_json())
    assert same_game(replays.check(again), end)
    assert all(type(m) is int for m in replay.moves)  # listed actions: their index


def test_an_unlisted_poach_offer_is_kept_by_its_fields():
    def generous(state, legal):
        poach = next((a for a in legal if type(a) is Poach), None)
        if poach is not None and state.players[state.current_player].money > poach.offer:
            return Poach(poach.seat, poach.slot, poach.kind, poach.vest, poach.offer + 1,
                         poach.to)  # any amount up to one's money is legal
        return legal[-1] if random.random() < 0.5 else random.choice(legal)

    random.seed(3)
    for seed in range(30):
        start, moves, end = played(sf, 3, seed, generous)
        replay = replays.record("startupfever", seed, seats(3), start, moves, fresh=True)
        if any(isinstance(m, list) for m in replay.moves):
            assert same_game(replays.check(replays.parse(replay.to_json())), end)
            return
    pytest.fail("no unlisted offer was made")


def test_a_replay_from_other_rules_refuses_in_one_line():
    start, moves, _end = played(sm, 2, seed=1)
    replay = replays.record("servermania", 1, seats(2), start, moves, fresh=True)
    replay.rules = "0123456789abcdef"
    with pytest.raises(ReplayProblem) as caught:
        replays.check(replays.parse(replay.to_json()))
    assert "other SERVERMANIA rules" in str(caught.value) and "\n" not in str(caught.value)


def test_a_replay_that_does_not_reach_its_result_says_so():
    start, moves, _end = played(sm, 2, seed=2)
    replay = replays.record("servermania", 2, seats(2), start, moves, fresh=True)
    replay.scores = [s + 1 for s in replay.scores]
    with pytest.raises(ReplayProblem, match="not the recorded"):
        replays.check(replay)


def test_a_continued_game_keeps_its_start():
    state = sf.new_game(3, seed=4)
    for _ in range(40):
        state.apply(state.sample_chance() if state.current_player == sf.CHANCE
                    else state.legal_actions()[-1])
    start, moves, end = state.clone(), [], state
    while not end.is_terminal():
        action = end.sample_chance() if end.current_player == sf.CHANCE else \
            end.legal_actions()[-1]
        moves.append(action)
        end.apply(action)
    replay = replays.record("startupfever", 4, seats(3), start, moves, fresh=False)
    assert replay.start is not None
    assert same_game(replays.check(replays.parse(replay.to_json())), end)


def test_the_shelf_keeps_the_newest_and_sets_a_bad_file_aside(tmp_path):
    shelf = Shelf(tmp_path, keep=3)
    start, moves, _end = played(sm, 2, seed=5)
    kept = [shelf.add(replays.record("servermania", 5, seats(2), start, moves, fresh=True))
            for _ in range(5)]
    assert len(set(kept)) == 5
    assert [r.id for r in shelf.all()] == kept[:-4:-1]  # newest first, three kept
    assert shelf.load("latest").id == kept[-1]
    bad = tmp_path / f"{kept[-1]}.json"
    data = json.loads(bad.read_text())
    data["moves"] = "lots"
    bad.write_text(json.dumps(data))
    assert [r.id for r in shelf.all()] == kept[-2:-4:-1]
    assert shelf.problems and "damaged" in shelf.problems[0] and ".bad" in shelf.problems[0]
    assert (tmp_path / f"{kept[-1]}.json.bad").exists()
    with pytest.raises(ReplayProblem, match="no replay"):
        shelf.load("20200101-000000-servermania")


@pytest.mark.parametrize("text", ["", "[]", "{}", '{"format": "unicorn-arcade-replay"}',
                                  '{"format": "unicorn-arcade-replay", "version": 1}'])
def test_hostile_replay_files_are_refused_in_one_line(text):
    with pytest.raises(ReplayProblem) as caught:
        replays.parse(text)
    assert "\n" not in str(caught.value)
