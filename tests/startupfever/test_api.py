"""The headless API contract (game/API.md): chance, illegal actions, clone, JSON,
observations (F13) and invariants over whole random games (F3, F4, F10, F12)."""

import json
import random

import pytest

from game import startupfever as sf
from game.startupfever.actions import Hire, PlaceChip, Poach, Roll
from game.startupfever.rules import CHANCE_STAGES, DECISION_STAGES

from .helpers import card_total, employees, random_game, roll, start, total_money


def test_new_game_with_names_or_count_and_seed_reproducible():
    a = random_game(4, seed=5)
    b = random_game(4, seed=5)
    assert a.to_json() == b.to_json()
    assert sf.new_game(["A", "B", "C"]).players[2].name == "C"


def test_chance_outcomes_sum_to_one_and_dice_are_values():
    state = start()
    outcomes = state.chance_outcomes()
    assert [a.value for a, _p in outcomes] == [1, 2, 3, 4, 5, 6]
    assert sum(p for _a, p in outcomes) == pytest.approx(1)
    assert state.legal_actions() == [a for a, _p in outcomes]
    assert str(Roll(4)) == "roll 4"


def test_illegal_action_raises_and_leaves_state_unchanged():
    state = start()
    before = state.to_json()
    for bad in (Roll(7), Hire("nerd"), PlaceChip("A", "Media"), "roll", None):
        with pytest.raises(sf.IllegalAction):
            state.apply(bad)
        assert state.to_json() == before
    roll(state, 1)
    before = state.to_json()
    with pytest.raises(sf.IllegalAction):
        state.apply(Poach(1, "D", "nerd", 0, 1))  # nobody to poach
    with pytest.raises(ValueError):  # IllegalAction is a ValueError
        state.apply(Hire("big_nerd"))  # 3 money: too poor
    assert state.to_json() == before


def test_apply_after_the_end_is_illegal():
    state = random_game(2, seed=3)
    assert state.is_terminal() and state.legal_actions() == []
    with pytest.raises(sf.IllegalAction):
        state.apply(Roll(1))


def test_clone_is_independent():
    state = start()
    copy = state.clone()
    roll(copy, 6)
    copy.products["A"].nerds[0] = 9
    copy.players[0].hand.append("leak")
    assert state.products["A"].field == 0 and state.products["A"].nerds[0] == 0
    assert state.players[0].hand == []
    assert copy.to_json() != state.to_json()
    twin = state.clone()
    assert twin.to_json() == state.to_json()
    assert twin.sample_chance() == state.sample_chance()  # the RNG is copied too


def test_json_round_trip_is_exact_and_play_continues_identically():
    state = start(hands={1: ["leak"]})
    for _ in range(120):
        if state.is_terminal():
            break
        text = state.to_json()
        loaded = sf.from_json(text)
        assert loaded.to_json() == text
        assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in state.legal_actions()]
        action = state.sample_chance() if state.current_player == sf.CHANCE \
            else state.legal_actions()[-1]
        a_events = state.apply(action)
        b_action = loaded.sample_chance() if loaded.current_player == sf.CHANCE else action
        assert b_action == action
        assert [str(e) for e in loaded.apply(b_action)] == [str(e) for e in a_events]


def test_json_is_versioned_and_corrupt_saves_fail_clearly():
    data = json.loads(start().to_json())
    assert data["format"] == "startupfever" and data["version"] == 2
    for text in ("", "{}", "[1]", json.dumps({**data, "version": 99}),
                 json.dumps({**data, "bank": data["bank"] + 1}),
                 json.dumps({k: v for k, v in data.items() if k != "products"}),
                 json.dumps({**data, "stage": "nowhere"}),
                 json.dumps({**data, "rng": [3, [1, 2], None]}),
                 json.dumps({**data, "products": {**data["products"],
                                                  "A": {**data["products"]["A"], "nerds": [1]}}}),
                 ):
        with pytest.raises(ValueError):
            sf.from_json(text)


def test_F13_observation_hides_hands_chips_and_deck():
    state = start(hands={0: ["leak", "defense"], 1: ["viral_growth"]})
    obs = state.observation(0)
    assert obs["players"][0]["hand"] == ["leak", "defense"]
    assert obs["players"][1]["hand"] == 1
    assert obs["deck"] == sum(state.deck.values())
    assert "rng" not in obs and "seed" not in obs
    assert obs["products"]["A"]["category"] is not None
    assert all(obs["products"][s]["category"] is None for s in "DEFGHIJKL")
    json.dumps(obs)  # plain JSON-able data


def test_current_and_turn_seat_during_a_counter_offer():
    state = start()
    state.products["D"].nerds[0] = 1
    state.supply["nerd"] -= 1
    roll(state, 1)
    state.apply(Poach(1, "D", "nerd", 0, 1))
    assert state.current_player == 1 and state.turn_seat == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_invariant_and_end(players):
    def check(state):
        assert state.stage in DECISION_STAGES | CHANCE_STAGES | {"over"}
        assert (state.current_player == sf.CHANCE) == (state.stage in CHANCE_STAGES)
        assert total_money(state) == 100
        assert all(p.money >= 0 for p in state.players) and state.bank >= 0
        assert employees(state) == {"nerd": 50, "suit": 50, "big_nerd": players - 1,
                                    "big_suit": players - 1}
        assert card_total(state) == 84
        for p in state.products.values():
            assert 0 <= p.field <= 46 and min(p.nerds) >= 0 and min(p.suits) >= 0
        for pl in state.players:
            assert len(pl.hand) <= 4
            assert len(pl.big_nerds) <= 2 and len(pl.big_suits) <= 2

    for seed in range(3):
        state = random_game(players, seed, check)
        assert state.is_terminal() and 1 <= state.year <= 15
        assert all(p.launched for p in state.products.values()) or state.year == 15
        assert state.winners() and len(state.scores()) == players


def test_same_seed_and_actions_replay_the_same_game():
    rng = random.Random(2)
    state = sf.new_game(3, seed=11)
    actions = []
    while not state.is_terminal():
        action = state.sample_chance() if state.current_player == sf.CHANCE \
            else rng.choice(state.legal_actions())
        actions.append(action)
        state.apply(action)
    replay = sf.new_game(3, seed=11)
    for action in actions:
        replay.apply(action)
    a, b = json.loads(replay.to_json()), json.loads(state.to_json())
    a.pop("rng")  # the replay applied the outcomes without sampling them
    b.pop("rng")
    assert a == b


def test_json_and_clone_round_trip_at_every_step_of_a_game():
    def check(state):
        text = state.to_json()
        assert sf.from_json(text).to_json() == text
        assert state.clone().to_json() == text

    random_game(3, seed=4, check=check)


def test_F13_observation_never_shows_other_hands_during_play():
    def check(state):
        obs = state.observation(0)
        assert all(isinstance(p["hand"], int) for p in obs["players"][1:])
        assert isinstance(obs["deck"], int)

    random_game(4, seed=8, check=check)


def test_sample_chance_outside_a_chance_step_is_refused():
    state = start()
    roll(state, 1)
    assert state.current_player == 0
    with pytest.raises(sf.IllegalAction):
        state.sample_chance()
    assert state.chance_outcomes() == []


def test_actions_and_events_are_frozen_with_plain_text():
    import dataclasses

    seen: set[type] = set()

    def check(state):
        if state.current_player >= 0:
            for action in state.legal_actions():
                seen.add(type(action))
                assert str(action) and hash(action) is not None

    state = sf.new_game(4, seed=6)
    rng = random.Random(6)
    while not state.is_terminal():
        check(state)
        action = state.sample_chance() if state.current_player == sf.CHANCE \
            else rng.choice(state.legal_actions())
        for event in state.apply(action):
            seen.add(type(event))
            assert dataclasses.is_dataclass(event) and str(event)
            with pytest.raises(dataclasses.FrozenInstanceError):
                event.__setattr__(dataclasses.fields(event)[0].name, None)
    assert len(seen) > 30
