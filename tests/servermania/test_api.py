"""The rules API contract (game/API.md): names, chance steps, illegal actions, saves,
clones, events."""

from __future__ import annotations

import dataclasses
import json
import os

import pytest

from game import servermania as sm
from game.servermania import events as ev
from game.servermania.cards import DECKS
from game.servermania.saves import SaveError

from .helpers import roll, scenario

RULES_MD = os.path.join(os.path.dirname(sm.__file__), "RULES.md")


def play(state, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player == sm.CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(state.legal_actions()[-1])
    return state


def test_api_constants_and_new_game_with_names_or_count():
    assert sm.CHANCE == -1 and sm.TERMINAL == -2
    assert issubclass(sm.IllegalAction, ValueError)
    assert [p.name for p in sm.new_game(players=3, seed=1).players] == [
        "Player 1", "Player 2", "Player 3"]
    state = sm.new_game(players=["Ann", "Bob"], seed=7)
    assert state.current_player == sm.CHANCE and state.turn_seat == 0
    assert not state.is_terminal() and state.winners() == []
    assert state.scores() == [90_000, 90_000]


def test_api_actions_and_events_are_frozen_with_readable_str():
    assert str(sm.Die(4)) == "roll 4"
    assert str(sm.PAY_MAINTENANCE) == "pay maintenance"
    assert str(sm.SKIP_MAINTENANCE) == "skip maintenance"
    assert str(sm.PAY_TO_LEAVE_STUCK) == "pay to leave STUCK"
    assert str(sm.DrawCard("churn", 3)) == "draw CHURN! card 3"
    with pytest.raises(dataclasses.FrozenInstanceError):
        sm.Die(4).value = 5
    state = sm.new_game(4, seed=2)
    seen = set()
    while not state.is_terminal():
        action = (state.sample_chance() if state.current_player == sm.CHANCE
                  else state.legal_actions()[0])
        for event in state.apply(action):
            assert dataclasses.is_dataclass(event)
            text = str(event)
            assert text and "object at" not in text and not text.startswith(type(event).__name__)
            seen.add(type(event).__name__)
    assert {"Rolled", "FirstPlayer", "TurnStarted", "Moved", "Landed", "CashChanged",
            "ServersChanged", "Finished", "GameOver", "FinalTally", "TurnEnded"} <= seen


@pytest.mark.parametrize("action", [sm.Die(0), sm.Die(7), sm.PAY_MAINTENANCE,
                                    sm.ROLL_TO_LEAVE_STUCK, sm.DrawCard("signups", 0)])
def test_api_illegal_action_raises_and_leaves_the_state_unchanged(action):
    state = scenario("S . . . F")
    before = state.to_json()
    with pytest.raises(sm.IllegalAction):
        state.apply(action)
    assert state.to_json() == before


def test_api_player_step_refuses_chance_outcomes():
    state = scenario("S . C . F")
    before = state.to_json()
    with pytest.raises(sm.IllegalAction, match="maintenance"):
        state.apply(sm.Die(2))
    with pytest.raises(sm.IllegalAction):
        state.sample_chance()
    assert state.to_json() == before


def test_api_json_round_trip_is_exact_and_continues_identically():
    state = play(sm.new_game(4, seed=11), 60)
    text = state.to_json()
    copy = sm.from_json(text)
    assert copy.to_json() == text
    assert copy.board is sm.default_board()
    a, b = play(state, 10_000), play(copy, 10_000)
    assert a.to_json() == b.to_json() and a.is_terminal()


def test_api_json_is_versioned_and_bad_saves_give_clear_errors():
    data = json.loads(sm.new_game(2, seed=1).to_json())
    assert data["format"] == "servermania-save" and data["version"] == 1
    with pytest.raises(SaveError, match="not a SERVERMANIA save"):
        sm.from_json("{nope")
    with pytest.raises(SaveError, match="version"):
        sm.from_json(json.dumps({**data, "version": 99}))
    with pytest.raises(SaveError, match="corrupt"):
        sm.from_json(json.dumps({**data, "players": "x"}))
    broken = json.loads(json.dumps(data))
    broken["players"][0]["cash"] = 10            # money no longer accounted for
    with pytest.raises(SaveError, match="money not accounted for"):
        sm.from_json(json.dumps(broken))
    with pytest.raises(SaveError, match="unknown phase"):
        sm.from_json(json.dumps({**data, "phase": "party"}))


def test_api_custom_board_survives_the_round_trip():
    state = scenario("S . $ . F")
    copy = sm.from_json(state.to_json())
    assert copy.board == state.board and copy.board.kinds[2] == "payday"


def test_api_clone_is_independent():
    state = play(sm.new_game(3, seed=5), 30)
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before
    play(copy, 20)
    assert copy.to_json() != state.to_json()
    assert state.to_json() == before  # playing the copy left the original alone
    assert play(state.clone(), 10_000).to_json() == play(state, 10_000).to_json()


def test_api_sample_chance_is_seeded_and_replays():
    a, b = sm.new_game(4, seed=9), sm.new_game(4, seed=9)
    assert play(a, 10_000).to_json() == play(b, 10_000).to_json()
    c = play(sm.new_game(4, seed=10), 10_000)
    assert c.to_json() != a.to_json()


def test_api_observation_hides_only_the_future():
    state = play(sm.new_game(3, seed=4), 25)
    obs = state.observation(1)
    assert obs["seat"] == 1 and "rng" not in obs
    assert obs["players"][0]["cash"] == state.players[0].cash
    assert obs["pot"] == state.pot and obs["current_player"] == state.current_player
    with pytest.raises(ValueError):
        state.observation(3)


def test_api_state_exposes_players_pot_and_board_kinds():
    state = sm.new_game(2, seed=1)
    p = state.players[0]
    assert (p.cash, p.servers, p.position, p.finished) == (50_000, 2, 0, False)
    assert state.pot == 0
    assert {s.kind for s in state.board.squares} <= {
        "start", "plain", "payday", "customer_service", "techpad", "stuck", "ceo_bonus",
        "churn", "signups", "finish"}
    square = state.board[5]
    assert square.index == 5 and len(square.center) == 2 and square.label


def test_api_events_carry_amounts_after_each_change():
    state = scenario("S . $ . F", seat0={"servers": 3})
    events = roll(state, 3)
    cash = [e for e in events if isinstance(e, ev.CashChanged)]
    assert cash == [ev.CashChanged(0, 30_000, 80_000, "passed PAYDAY!")]


def test_rules_md_lists_every_card_text_exactly():
    with open(RULES_MD, encoding="utf-8") as f:
        notes = f.read()
    for deck in DECKS.values():
        for card in deck:
            assert card.text in notes, card.text


def test_rules_are_headless_no_pygame_imported():
    import subprocess
    import sys

    code = ("import sys, game.servermania as sm, game.servermania.sim; sm.default_board(); "
            "sm.new_game(4, seed=1); print('pygame' in sys.modules)")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=root)
    assert out.stdout.strip() == "False"
