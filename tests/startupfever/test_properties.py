"""Property tests over random Startup Fever games.

Hypothesis picks the player count, the game seed and the seed of the players' choices;
decisions mix the random and the rule-based player, chance steps are sampled from the
state's own RNG. Checked: the invariants at every step, that illegal actions raise and
change nothing, the JSON round trip mid-game, replay from the seed and the choices,
clone independence, and what observations hide (F13).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import startupfever as sf
from game.startupfever.actions import (
    ChoosePosition,
    Counter,
    Defend,
    Draw,
    EndManage,
    EndMarketing,
    EndReassign,
    EndUserLoss,
    Hire,
    LosePip,
    Market,
    MoveResigned,
    Pass,
    PickProduct,
    PlaceChip,
    PlayCard,
    Poach,
    Reassign,
    Retain,
    Roll,
)
from game.startupfever.cards import CARD_IDS, DECK_SIZE, HAND_SIZE
from game.startupfever.players import RandomPlayer, RulePlayer
from game.startupfever.sim import invariant_violations
from game.startupfever.state import CATEGORIES, KINDS, LAST_YEAR, SLOTS, WORKER_KINDS
from game.startupfever.usertrack import LAST_FIELD, LAUNCH_FIELD, victory_points

STEP_CAP = 20_000
SETTINGS = settings(max_examples=50, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
games = st.tuples(st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 2**32),
                  st.floats(0, 1))


class Chooser:
    """The players' choices for one game: each decision is the rule player's with
    probability `mix`, else the random player's; reproducible from `salt`."""

    def __init__(self, players: int, salt: int, mix: float) -> None:
        self.rnd = random.Random(salt)
        self.mix = mix
        self.rules = [RulePlayer(salt + seat) for seat in range(players)]
        self.random = [RandomPlayer(salt + seat) for seat in range(players)]

    def __call__(self, state):
        seat = state.current_player
        agent = self.rules[seat] if self.rnd.random() < self.mix else self.random[seat]
        return agent.decide(state, state.legal_actions())


def step(state, choose) -> tuple:
    action = state.sample_chance() if state.current_player == sf.CHANCE else choose(state)
    return action, state.apply(action)


def check_invariants(state, players: int) -> None:
    assert invariant_violations(state) == []
    assert all(pl.money >= 0 for pl in state.players) and state.bank >= 0
    cards = sum(state.deck.values()) + len(state.discard) + len(state.played) + \
        sum(len(pl.hand) for pl in state.players)
    assert cards == DECK_SIZE
    assert all(len(pl.hand) <= HAND_SIZE for pl in state.players)
    for seat, pl in enumerate(state.players):
        assert len(pl.big_nerds) <= 2 and len(pl.big_suits) <= 2
        assert all(0 <= v <= 4 for v in pl.big_nerds + pl.big_suits)
        cats = [state.products[s].category for s in pl.slots]
        assert None in cats or len(set(cats)) == len(cats), f"seat {seat} repeats a category"
    for p in state.products.values():
        assert 0 <= p.field <= LAST_FIELD
        assert p.launched or p.field < LAUNCH_FIELD  # F6: reaching the line launches
        assert len(p.nerds) == len(p.suits) == 5
    assert 0 <= state.year <= LAST_YEAR
    if state.turn_order and state.stage not in ("first_order", "first_order_check"):
        assert sorted(state.turn_order) == sorted(state.products)


@SETTINGS
@given(games)
def test_property_invariants_hold_at_every_step(game):
    players, seed, salt, mix = game
    state = sf.new_game(players, seed=seed)
    choose = Chooser(players, salt, mix)
    steps = 0
    while not state.is_terminal():
        action, events = step(state, choose)
        assert isinstance(events, list) and str(action)
        check_invariants(state, players)
        steps += 1
        assert steps < STEP_CAP, "the game does not end"
    assert state.end_reason is not None and state.all_launched_year is not None or \
        state.year == LAST_YEAR
    scores = state.scores()
    assert scores == [sum(victory_points(state.products[s].field) for s in pl.slots)
                      for pl in state.players]
    best = max(zip(scores, (pl.money for pl in state.players), strict=True))
    assert state.winners() == [i for i, pl in enumerate(state.players)
                               if (scores[i], pl.money) == best]
    assert state.legal_actions() == []


def candidate_actions(state) -> list:
    """A broad pool of actions of every type, most of them illegal at any moment.
    Poach offers are 0 (below any minimum) or 999 (more than anyone holds), because the
    rules accept any offer between the minimum and the poacher's money."""
    slots = list(state.products) + ["Z"]
    seats = range(len(state.players) + 1)
    pool: list = [Roll(v) for v in range(0, 8)]
    pool += [Draw(c) for c in CARD_IDS + ("joker",)]
    pool += [PickProduct(s) for s in slots]
    pool += [PlaceChip(s, c) for s in slots[:4] for c in CATEGORIES]
    pool += [PlayCard(c, s) for c in CARD_IDS for s in slots[:4]] + \
        [PlayCard(c, seat=i) for c in CARD_IDS for i in seats] + [PlayCard(c) for c in CARD_IDS]
    pool += [Pass(), Defend(True), Defend(False), Counter(True), Counter(False)]
    pool += [Hire(k) for k in KINDS]
    pool += [Poach(i, s, k, v, offer) for i in seats for s in (slots[i * 2 % 12], None)
             for k in KINDS for v in (0, 4) for offer in (0, 999)]
    pool += [Retain(k, v, n) for k in KINDS for v in range(5) for n in range(0, 6, 2)]
    pool += [EndManage(), EndUserLoss(), EndReassign(), EndMarketing()]
    pool += [LosePip(s) for s in slots]
    pool += [MoveResigned(k, v, d) for k in WORKER_KINDS for v in (0, 4) for d in ("A", None)]
    pool += [Reassign(a, b, k, v) for a in SLOTS[:3] for b in SLOTS[:3]
             for k in WORKER_KINDS for v in (0, 4)]
    pool += [Market(s) for s in slots] + [ChoosePosition(i) for i in range(-1, 13)]
    return pool


def mid_game(game: tuple, at: int) -> tuple[sf.State, Chooser]:
    """A game of the drawn shape played `at` steps in (or to its end), and its chooser."""
    players, seed, salt, mix = game
    state = sf.new_game(players, seed=seed)
    choose = Chooser(players, salt, mix)
    for _ in range(at):
        if state.is_terminal():
            break
        step(state, choose)
    return state, choose


@SETTINGS
@given(games, st.integers(0, 900), st.data())
def test_property_illegal_actions_raise_and_change_nothing(game, at, data):
    players, seed, salt, mix = game
    state, choose = mid_game(game, at)
    legal = state.legal_actions()
    illegal = [a for a in candidate_actions(state) if a not in legal]
    before = state.to_json()
    for action in data.draw(st.lists(st.sampled_from(illegal), min_size=1, max_size=8)):
        try:
            state.apply(action)
        except sf.IllegalAction as exc:
            assert isinstance(exc, ValueError) and str(exc)
        else:
            raise AssertionError(f"{action} was applied in stage {state.stage}")
        assert state.to_json() == before
    if not state.is_terminal():  # and the game goes on normally afterwards
        step(state, choose)
        check_invariants(state, players)


def play_out(state, choose) -> list[str]:
    """Play to the end; return every event as text (the whole visible history)."""
    log: list[str] = []
    while not state.is_terminal():
        _action, events = step(state, choose)
        log += [str(e) for e in events]
    return log


@SETTINGS
@given(games, st.integers(0, 900))
def test_property_json_round_trip_mid_game(game, at):
    players, seed, salt, mix = game
    state, choose = mid_game(game, at)
    text = state.to_json()
    loaded = sf.from_json(text)
    assert loaded.to_json() == text
    assert loaded.current_player == state.current_player
    assert loaded.legal_actions() == state.legal_actions()
    # the loaded game continues exactly like the original (RNG state included)
    rest_a = play_out(state, Chooser(players, salt + 1, mix))
    rest_b = play_out(loaded, Chooser(players, salt + 1, mix))
    assert rest_a == rest_b and state.to_json() == loaded.to_json()


@SETTINGS
@given(games)
def test_property_replay_from_seed_and_choices(game):
    players, seed, salt, mix = game
    state = sf.new_game(players, seed=seed)
    choose = Chooser(players, salt, mix)
    choices: list = []
    log: list[str] = []
    while not state.is_terminal():
        if state.current_player == sf.CHANCE:
            action = state.sample_chance()
        else:
            action = choose(state)
            choices.append(action)
        log += [str(e) for e in state.apply(action)]
    replay = sf.new_game(players, seed=seed)
    replay_log: list[str] = []
    moves = iter(choices)
    while not replay.is_terminal():
        action = replay.sample_chance() if replay.current_player == sf.CHANCE else next(moves)
        replay_log += [str(e) for e in replay.apply(action)]
    assert next(moves, None) is None
    assert replay_log == log and replay.to_json() == state.to_json()


@SETTINGS
@given(games, st.integers(0, 900))
def test_property_clones_are_independent(game, at):
    players, seed, salt, mix = game
    state, choose = mid_game(game, at)
    before = state.to_json()
    twin = state.clone()
    assert twin.to_json() == before
    twin_log = play_out(twin, Chooser(players, salt + 1, mix))
    assert state.to_json() == before  # playing the clone changed nothing here
    assert play_out(state, Chooser(players, salt + 1, mix)) == twin_log


@SETTINGS
@given(games, st.integers(0, 900))
def test_property_F13_observations_hide_secrets(game, at):
    players, seed, salt, mix = game
    state, choose = mid_game(game, at)
    for seat in range(players):
        obs = state.observation(seat)
        assert "rng" not in obs and "seed" not in obs
        assert obs["deck"] == sum(state.deck.values())
        for i, pl in enumerate(obs["players"]):
            expected = state.players[i].hand if i == seat else len(state.players[i].hand)
            assert pl["hand"] == expected
        for slot, p in obs["products"].items():
            real = state.products[slot]
            visible = real.launched or real.owner == seat
            assert p["category"] == (real.category if visible else None)
