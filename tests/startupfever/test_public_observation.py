"""The public observation (game/startupfever/public.py, RULES.md F13, F14) carries no
seat's secret: in twin worlds that differ only in hidden facts (the cards in hands, the
chips of unlaunched products, how sealed marketing is split) it is the same, and so is
the public table a watching phone is sent (game.companion.views)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game import servermania as sm
from game import startupfever as sf
from game.companion import views
from game.servermania.public import public_observation as sm_public
from game.startupfever.cards import CARDS
from game.startupfever.public import public_observation

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fay"]


def played(seed: int, players: int, steps: int) -> sf.State:
    rng, state = random.Random(seed), sf.new_game(players, seed=seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player == sf.CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def twin(state: sf.State, rng: random.Random) -> sf.State:
    """The same game but for what no one may see: other cards in hands (as many), the
    chips of unlaunched products swapped within a company, sealed tokens moved between
    a company's products."""
    other = state.clone()
    for pl in other.players:
        for i, card in enumerate(pl.hand):
            swap = rng.choice([c for c, k in other.deck.items() if k] or [card])
            other.deck[card] += 1
            other.deck[swap] -= 1
            pl.hand[i] = swap
        hidden = [s for s in pl.slots if not other.products[s].launched
                  and other.products[s].category]
        if len(hidden) >= 2:
            a, b = rng.sample(hidden, 2)
            pa, pb = other.products[a], other.products[b]
            pa.category, pb.category = pb.category, pa.category
        sealed = [s for s in pl.slots if other.marketing_pending.get(s)]
        if sealed and len(pl.slots) > 1:
            src = sealed[0]
            dst = rng.choice([s for s in pl.slots if s != src])
            other.marketing_pending[src] -= 1
            other.marketing_pending[dst] = other.marketing_pending.get(dst, 0) + 1
    return other


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), steps=st.integers(0, 900))
def test_twin_worlds_have_the_same_public_observation_and_table(seed, players, steps):
    state = played(seed, players, steps)
    other = twin(state, random.Random(seed))
    a, b = public_observation(state), public_observation(other)
    assert a == b
    names = NAMES[:players]
    assert views.table_view("startupfever", a, names) == \
        views.table_view("startupfever", b, names)
    assert views.watch_view("startupfever", a, names, ["x"], state.is_terminal()) == \
        views.watch_view("startupfever", b, names, ["x"], other.is_terminal())


def sealed(seed: int) -> sf.State:
    """A game in its sealed marketing, a token or more put aside (F14)."""
    rng, state = random.Random(seed), sf.new_game(3, seed=seed)
    for _ in range(20_000):  # a year end comes within a few hundred steps
        if state.marketing_pending and state.stage == "marketing":
            return state
        if state.is_terminal():  # no token sealed in this game: another one
            seed += 1000
            rng, state = random.Random(seed), sf.new_game(3, seed=seed)
            continue
        if state.current_player == sf.CHANCE:
            state.apply(state.sample_chance())
            continue
        legal = state.legal_actions()
        markets = [a for a in legal if type(a) is sf.Market]
        state.apply(markets[0] if markets else rng.choice(legal))
    raise AssertionError("no sealed marketing reached")


def test_twins_of_a_sealed_marketing_have_the_same_public_observation():
    for seed in range(5):
        state = sealed(seed)
        other = twin(state, random.Random(seed))
        assert other.marketing_pending != state.marketing_pending or \
            len(state.players[state.current_player].slots) == 1
        assert public_observation(state) == public_observation(other)


def test_the_public_observation_holds_no_hand_no_hidden_chip_and_no_sealed_token():
    seen = 0
    for seed in range(30):
        state = sealed(seed) if seed % 6 == 0 else played(seed, 2 + seed % 5, 40 * seed)
        obs = public_observation(state)
        assert obs["seat"] is None and obs["legal_actions"] == []
        assert obs["marketing_pending"] == {}
        for pl, real in zip(obs["players"], state.players, strict=True):
            assert pl["hand"] == len(real.hand)
        for slot, p in obs["products"].items():
            assert (p["category"] is not None) == state.products[slot].launched
        text = str(views.table_view("startupfever", obs, NAMES))
        hand_names = {CARDS[c].name for pl in state.players for c in pl.hand}
        assert not any(f"'{n}'" in text for n in hand_names)
        seen += bool(state.marketing_pending)
    assert seen  # some states had sealed marketing


def test_servermania_hides_only_the_order_of_its_decks():
    state = sm.new_game(3, seed=4)
    obs = sm_public(state)
    assert obs["seat"] is None and "board" not in obs
    assert obs["decks"] == {name: len(cards) for name, cards in state.observation(0)
                            ["decks"].items()}
    assert obs["players"] == state.observation(1)["players"]
