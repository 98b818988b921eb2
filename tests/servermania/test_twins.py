"""Twin worlds in SERVERMANIA: only the future is hidden, and nothing shows it.

SERVERMANIA keeps no hands or chips: its one secret is what the seeded RNG will draw
next (the dice, the order of each deck's remaining cards; which cards remain is public).
Hypothesis picks a seeded game and a point in it; a twin of the game there gets another
RNG. Both play on alike (`tests/twins.py`) until their public histories part (the first
die or card that differs): every seat's observation, phone view and phone question are
identical until then.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import servermania as sm
from game.companion import views
from game.servermania.players import RulePlayer
from tests.twins import TwinGame, play_twins

AFTER = 60
SETTINGS = settings(max_examples=12, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def twin_game(players: int) -> TwinGame:
    names = [f"P{i}" for i in range(players)]
    player = RulePlayer()

    def view(obs: dict, log: list[str], over: bool) -> dict:
        obs = {k: v for k, v in obs.items() if k != "board"}  # as the phones get it
        return views.seat_view("servermania", obs, names, log, over)

    return TwinGame(
        chance=sm.CHANCE, decide=lambda s: player.decide(s, s.legal_actions()),
        outcome=lambda a, b, out_a, out_b, me: out_a if out_a == out_b else None,
        public=lambda events: list(events), log=lambda events: [str(e) for e in events],
        view=view, question=lambda s: views.question("servermania", s, s.legal_actions()))


@SETTINGS
@given(st.integers(2, 4), st.integers(0, 2**16), st.integers(0, 400), st.randoms())
def test_property_twin_worlds_with_another_future_look_the_same(players, seed, at, rnd):
    game = twin_game(players)
    state = sm.new_game(players, seed=seed)
    for _ in range(at):
        if state.is_terminal():
            break
        state.apply(state.sample_chance() if state.current_player == sm.CHANCE
                    else game.decide(state))
    for me in range(players):
        a = state.clone()
        b = a.clone()
        b.rng = random.Random(rnd.getrandbits(64))
        play_twins(game, a, b, me, AFTER)
