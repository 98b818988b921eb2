"""Startup Fever's computer levels (game/startupfever/levels.py): legal play, no peeking
at hidden information (F13), the Hard player's budget, Normal's card fixes."""

from __future__ import annotations

import json
import math
import random

import pytest

from game import startupfever as sf
from game.levels import make_player
from game.startupfever.actions import PlayCard
from game.startupfever.determinize import sample_state, unseen_cards
from game.startupfever.evaluate import FEATURES, WEIGHTS_FILE, evaluate, projected_scores
from game.startupfever.hard_rules import HardRules
from game.startupfever.levels import LEVELS
from game.startupfever.normal import NormalPlayer
from game.startupfever.players import RandomPlayer, RulePlayer
from game.startupfever.search import HardPlayer


def quick_hard(seed: int = 5, samples: int = 2) -> HardPlayer:
    """A Hard player on an iteration budget only (no clock): deterministic per seed."""
    return HardPlayer(seed, samples=samples, time_budget=None)


def decision_states(games: int, every: int, seed: int = 0):
    """Decision points with a choice, from random games (copies, for the caller to keep)."""
    rng = random.Random(seed)
    for g in range(games):
        state = sf.new_game(rng.choice((2, 3, 4, 5)), seed=seed * 100 + g)
        player = RandomPlayer(g)
        k = 0
        while not state.is_terminal():
            if state.current_player == sf.CHANCE:
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                k += 1
                if k % every == 0:
                    yield state.clone()
            state.apply(player.decide(state, legal))


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard", "simple"])
def test_every_level_plays_only_legal_actions_over_many_random_states(level):
    seen = 0
    for state in decision_states(games=4, every=9):
        player = quick_hard(seen) if level == "hard" else LEVELS[level](seen)
        legal = state.legal_actions()
        action = player.decide(state, legal)
        assert action in legal, f"{level} chose {action} at {state.stage}"
        state.clone().apply(action)  # accepted by the checked apply
        seen += 1
    assert seen > 60


def test_levels_decide_from_an_observation_dict_as_from_the_state():
    for i, state in enumerate(decision_states(games=2, every=15, seed=3)):
        legal = state.legal_actions()
        obs = state.observation(state.current_player)
        assert quick_hard(i).decide(obs, legal) == quick_hard(i).decide(state, legal)
        assert NormalPlayer().decide(obs, legal) == NormalPlayer().decide(state, legal)


def hide_differently(state: sf.State, rng: random.Random) -> sf.State:
    """The same game as the deciding seat sees it, with every hidden thing changed: other
    hands swapped with the draw pile, rivals' face-down chips permuted, a new RNG."""
    other = state.clone()
    me = other.current_player
    for seat, pl in enumerate(other.players):
        if seat == me:
            continue
        for i, card in enumerate(pl.hand):
            choices = [c for c, k in other.deck.items() if k > 0 and c != card]
            if choices:
                new = rng.choice(choices)
                other.deck[new] -= 1
                other.deck[card] += 1
                pl.hand[i] = new
        hidden = [s for s in pl.slots if not other.products[s].launched]
        cats = [other.products[s].category for s in hidden]
        rng.shuffle(cats)
        for s, c in zip(hidden, cats, strict=True):
            other.products[s].category = c
    other.rng = random.Random(rng.random())
    assert other.observation(me) == state.observation(me)  # the seat cannot tell
    return other


def test_no_level_reads_other_hands_face_down_chips_or_the_deck():
    rng = random.Random(11)
    changed = 0
    for i, state in enumerate(decision_states(games=3, every=7, seed=5)):
        if state.stage == "chips":
            continue
        other = hide_differently(state, rng)
        me = state.current_player
        if any(state.players[s].hand != other.players[s].hand
               for s in range(len(state.players)) if s != me):
            changed += 1
        legal = state.legal_actions()
        assert quick_hard(i).decide(state, legal) == quick_hard(i).decide(other, legal)
        for cls in (NormalPlayer, RulePlayer):
            assert cls().decide(state, legal) == cls().decide(other, legal)
        assert LEVELS["easy"](i).decide(state, legal) == LEVELS["easy"](i).decide(other, legal)
    assert changed > 20


def test_determinizations_fit_the_observation_and_conserve_the_cards():
    for i, state in enumerate(decision_states(games=2, every=11, seed=8)):
        me = state.current_player
        obs = state.observation(me)
        det = sample_state(obs, random.Random(i))
        assert det.observation(me) == obs  # the seat sees exactly the same game
        hands = sum(len(pl.hand) for pl in det.players)
        assert sum(det.deck.values()) + hands + len(det.played) + len(det.discard) == 84
        assert sorted(unseen_cards(obs)) == sorted(
            [c for s, pl in enumerate(state.players) if s != me for c in pl.hand]
            + [c for c, k in state.deck.items() for _ in range(k)])


def searched_state() -> sf.State:
    """A decision point where Hard searches (a user-loss step with several choices)."""
    for state in decision_states(games=8, every=1, seed=2):
        if state.stage == "loss" and len(state.legal_actions()) > 2 \
                and len(state.players) >= 3:  # two seats are not searched
            return state
    raise AssertionError("no user-loss decision found")


def test_hard_plays_its_rules_at_two_seats_without_searching():
    for state in decision_states(games=6, every=3, seed=2):
        if len(state.players) != 2 or state.stage != "manage":
            continue
        legal = state.legal_actions()
        player = HardPlayer(1, samples=4, time_budget=None)
        assert player.decide(state, legal) == HardRules().decide(state, legal)
        assert player.last.samples == 0
        return
    raise AssertionError("no two-seat manage decision found")


def test_hard_keeps_to_its_iteration_budget():
    state = searched_state()
    player = HardPlayer(1, samples=3, max_samples=3, time_budget=None)
    player.decide(state, state.legal_actions())
    assert player.last.samples == 3 and player.last.candidates > 1
    player = HardPlayer(1, samples=3, max_samples=9, time_budget=None)
    player.decide(state, state.legal_actions())
    assert player.last.samples in (3, 9)  # 9 only on a close call


def test_hard_looks_closer_only_at_a_close_call():
    clear = [[0.5, 0.5, 0.5, 0.5], [0.6, 0.61, 0.59, 0.6]]
    noise = [[0.5, 0.5, 0.5, 0.5], [0.9, 0.1, 0.2, 0.6]]  # a gain within one error
    close = [[0.5, 0.5, 0.5, 0.5], [0.7, 0.45, 0.6, 0.55]]  # 1.7 errors: not yet sure
    assert not HardPlayer.close_call(clear) and not HardPlayer.close_call(noise)
    assert HardPlayer.close_call(close)


def test_hard_out_of_time_plays_its_rules_choice():
    state = searched_state()
    legal = state.legal_actions()
    player = HardPlayer(1, samples=50, time_budget=0.0)
    assert player.decide(state, legal) == HardRules().decide(state, legal)
    assert player.last.samples <= 1  # the clock stops it in (or right after) its first sample


def test_hard_switches_only_on_a_confident_paired_gain():
    assert HardPlayer.pick([[0.5, 0.5, 0.5], [0.6, 0.61, 0.59]]) == 1
    assert HardPlayer.pick([[0.5, 0.5, 0.5], [0.9, 0.1, 0.6]]) == 0  # noisy: keep Normal's
    assert HardPlayer.pick([[0.5], [0.9]]) == 0  # one sample says nothing


def test_evaluation_is_exact_at_the_end_and_prefers_more_users():
    state = searched_state()
    before = projected_scores(state)
    seat = state.current_player
    product = min((state.products[s] for s in state.players[seat].slots),
                  key=lambda p: p.field)
    product.field = max(product.field + 5, 25)  # past the Launch line, below the top
    assert projected_scores(state)[seat] > before[seat]
    assert 0 < evaluate(state, seat) < 1
    state.stage = "over"
    winners = state.winners()
    assert evaluate(state, winners[0]) == 1 / len(winners)


def test_normal_plays_antitrust_only_on_a_product_over_100m_users():
    state = searched_state()
    view_seat = state.current_player
    rival_slot = next(s for s, p in state.products.items() if p.owner != view_seat)
    card = PlayCard("antitrust", rival_slot)
    player = NormalPlayer()
    player.decide(state, state.legal_actions())  # builds its view of the state
    view = player._view
    state.products[rival_slot].field = 36  # exactly 100M users: not "over"
    state.players[state.products[rival_slot].owner].money = 9
    assert player._card_value(view, card, view_seat, -1, False) == 0
    assert RulePlayer()._card_value(view, card, view_seat, -1, False) > 0  # the old rule
    state.products[rival_slot].field = 37
    assert player._card_value(view, card, view_seat, -1, False) > 0


def test_levels_are_made_by_name():
    assert isinstance(make_player("startupfever", "hard", 3), HardPlayer)
    assert make_player("startupfever", "normal").kind == "normal"
    with pytest.raises(ValueError, match="unknown level"):
        make_player("startupfever", "expert")


def test_evalfit_recovers_known_weights_and_reads_real_games():
    pytest.importorskip("numpy")  # the fitting script's own dependency (test/dev group)
    from game.startupfever.evalfit import collect, fit, log_loss

    rng = random.Random(3)
    truth = [0.8, -0.5, 0.3]
    data = []
    for g in range(1500):  # three seats, the winner drawn from the true softmax
        rows = [[rng.uniform(0, 3) for _ in truth] for _ in range(3)]
        scores = [sum(w * x for w, x in zip(truth, r, strict=True)) for r in rows]
        weights = [math.exp(v) for v in scores]
        won = rng.choices(range(3), weights)[0]
        data.append((g, rows, [1.0 if s == won else 0.0 for s in range(3)]))
    fitted = fit(data)
    assert fitted == pytest.approx(truth, abs=0.15)
    score = lambda rows: [sum(w * x for w, x in zip(fitted, r, strict=True)) for r in rows]  # noqa: E731
    assert log_loss(data, score)[0] < math.log(3)  # better than a uniform guess
    positions = collect(games=2, seed=4, every=0.5)
    assert positions and all(len(row) == len(FEATURES) for _g, rows, _y in positions
                             for row in rows)
    assert all(sum(shares) == pytest.approx(1) for _g, _r, shares in positions)


def test_the_weights_file_is_recreated_byte_for_byte_from_its_seed(tmp_path):
    """evalfit's output depends on its seed alone (a small run, twice)."""
    pytest.importorskip("numpy")
    from game.startupfever import evalfit

    first, second = tmp_path / "a.json", tmp_path / "b.json"
    evalfit.main(["--games", "12", "--seed", "3", "--out", str(first)])
    evalfit.main(["--games", "12", "--seed", "3", "--out", str(second)])
    assert first.read_bytes() == second.read_bytes()
    data = json.loads(first.read_text())
    assert tuple(data["features"]) == FEATURES and len(data["weights"]) == len(FEATURES)


def test_the_shipped_weights_fit_the_features_and_beat_a_uniform_guess():
    data = json.loads(WEIGHTS_FILE.read_text())
    assert tuple(data["features"]) == FEATURES
    fit = data["fit"]
    assert fit["held_out_log_loss"] < fit["held_out_uniform_log_loss"]
    assert fit["held_out_log_loss"] < fit["held_out_former_log_loss"]


def test_turns_left_counts_this_years_competition_only_until_it_is_played():
    from game.startupfever.evaluate import turns_left

    seen = set()
    for state in decision_states(games=4, every=1, seed=6):
        stage, window = state.stage, state.window
        key = "discard" if stage == "window" and window == "discard" else stage
        if key in ("manage", "marketing", "discard", "order_choose") and key not in seen:
            seen.add(key)
            turns, _future, comp_now = turns_left(state)
            assert comp_now == (1 if key == "manage" else 0), key
            if key == "manage":
                assert turns[state.current_slot] == _future  # its adoption is done
    assert seen == {"manage", "marketing", "discard", "order_choose"}


def test_an_observation_tells_nothing_of_who_holds_a_card_for_the_open_window():
    """F11, F13: the window asks every seat holding any card, so its seats are the same
    whatever the hands hold (sizes equal), in the state and in every observation; the
    Hard search, which builds its games from the observation alone, sees the same."""
    from game.startupfever.actions import Pass

    from .helpers import start

    holding = start(4, seed=3, hands={0: ["viral_growth"], 2: ["server_outage"]})
    empty = start(4, seed=3, hands={0: ["viral_growth"], 2: ["press_coverage"]})
    for state in (holding, empty):
        assert state.stage == "window" and state.current_player == 0
        assert state.window_seats == [0, 2]
    obs_holding, obs_empty = holding.observation(0), empty.observation(0)
    assert obs_holding == obs_empty
    legal = holding.legal_actions()
    assert quick_hard(4).decide(holding, legal) == quick_hard(4).decide(empty, legal)
    for state in (holding, empty):
        state.apply(Pass())
        assert state.stage == "window" and state.current_player == 2
    assert holding.observation(1) == empty.observation(1)  # the repro: equal now
    det = sample_state(obs_holding, random.Random(1))
    det.apply(Pass())  # the sampled game asks the same seats
    assert det.window_seats == [2] and det.current_player == 2


def test_the_simple_newcomer_hires_what_it_can_afford_and_never_poaches_or_plays_a_card():
    from game.startupfever.actions import Hire, Poach, Retain
    from game.startupfever.simple import SimplePlayer

    state = sf.new_game(4, seed=11)
    players = [SimplePlayer(i) for i in range(4)]
    hires = 0
    while not state.is_terminal():
        if state.current_player == sf.CHANCE:
            state.apply(state.sample_chance())
            continue
        legal = state.legal_actions()
        action = players[state.current_player].decide(state, legal)
        assert type(action) not in (Poach, Retain)
        assert type(action) is not PlayCard
        if state.stage == "manage" and any(type(a) is Hire for a in legal):
            assert type(action) is Hire  # whatever it can afford, it hires
            hires += 1
        state.apply(action)
    assert hires > 20


def test_sim_seats_the_simple_newcomer_for_startup_fever_only():
    from game.levels import parse_levels

    assert parse_levels("simple,easy", "startupfever") == ["simple", "easy"]
    with pytest.raises(ValueError, match="unknown level 'simple'"):
        parse_levels("simple,easy", "servermania")
    with pytest.raises(ValueError, match="unknown level 'simple'"):
        parse_levels("simple,easy")
