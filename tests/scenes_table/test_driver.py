"""The turn driver (scenes/table/driver.py) plays both games from any decision source: a
scripted source (the test double) plays whole games of each rule set through it."""

from __future__ import annotations

import random

import pytest

from game import servermania as sm
from game import startupfever as sf
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.results import ResultsScene as SmResults
from scenes.servermania.seats import default_seats as sm_seats
from scenes.startupfever.results import ResultsScene as SfResults
from scenes.startupfever.seats import default_seats as sf_seats
from scenes.startupfever.table_scene import TableScene
from scenes.table.sources import ScriptedSource
from tests.scenes_servermania.helpers import new_app, run_until, step

GAMES = {
    "servermania": (BoardScene, sm_seats, SmResults, sm),
    "startupfever": (TableScene, sf_seats, SfResults, sf),
}


class NoComputer:
    """Stands in for every computer player: the scripted sources must be the only ones asked."""

    kind = "normal"

    def decide(self, state, legal):
        raise AssertionError("the computer player was asked; the seat is scripted")


def _scripted_table(game: str, seats: int, seed: int):
    scene_class, default_seats, _, _ = GAMES[game]
    scene = scene_class(default_seats(seats, humans=0), seed=seed, pace=8.0)
    app = new_app(scene, speed=2.0)
    step(app, 1)
    scene.agents = {seat: NoComputer() for seat in scene.agents}
    return app, scene


@pytest.mark.parametrize("game", list(GAMES))
def test_a_scripted_source_plays_a_whole_game_through_the_driver(game):
    app, scene = _scripted_table(game, 3, seed=7)
    rng = random.Random(7)
    seen: list = []

    def choose(state, legal):
        seen.append((state.current_player, len(legal)))
        return rng.choice(legal)

    sources = {seat: ScriptedSource(choose) for seat in range(3)}
    scene.driver.sources.update(sources)
    results = GAMES[game][2]
    run_until(app, lambda: isinstance(app.stack.top, results), 60_000)
    assert scene.state.is_terminal()
    asked = sum(source.asked for source in sources.values())
    assert asked == len(seen) > 5  # every decision of the game came from the script
    assert {seat for seat, _ in seen} == {0, 1, 2}
    assert scene.driver.refused == 0 and scene.thinking is None


@pytest.mark.parametrize("game", list(GAMES))
def test_an_illegal_answer_is_refused_and_the_seat_asked_again(game):
    app, scene = _scripted_table(game, 2, seed=3)
    answers = iter(["not an action", object()])
    asked_in: list[str] = []

    def choose(state, legal):
        asked_in.append(state.to_json())
        return next(answers, legal[0])

    scene.driver.sources.update({seat: ScriptedSource(choose) for seat in range(2)})
    run_until(app, lambda: len(asked_in) >= 4, 20_000)
    assert scene.driver.refused == 2
    # refused twice, the state unchanged; the third answer (legal) was played
    assert asked_in[0] == asked_in[1] == asked_in[2] != asked_in[3]


def test_a_computer_thinks_aloud_for_the_screens_pace_then_answers():
    app, scene = _scripted_table("servermania", 2, seed=5)
    scene.agents = {0: _First(), 1: _First()}
    run_until(app, lambda: scene.thinking is not None, 5_000)
    seat = scene.thinking
    frames = run_until(app, lambda: scene.thinking is None, 5_000)
    assert frames >= 1 and scene.driver.asking is None
    assert scene.agents[seat].decided == 1


class _First:
    kind = "normal"

    def __init__(self) -> None:
        self.decided = 0

    def decide(self, state, legal):
        self.decided += 1
        return legal[0]


def test_the_chance_steps_are_sampled_by_the_driver_with_the_states_rng():
    app, scene = _scripted_table("startupfever", 2, seed=11)
    scene.driver.sources.update({0: ScriptedSource(lambda s, legal: legal[0]),
                                 1: ScriptedSource(lambda s, legal: legal[0])})
    twin = sf.new_game([s.name for s in scene.seats], seed=11)
    played = []
    original = scene.play

    def spy(action):
        played.append(action)
        original(action)

    scene.play = spy
    run_until(app, lambda: len(played) >= 30, 20_000)
    for action in played[:30]:  # the same seed and the same actions: the same game
        if twin.current_player == sf.CHANCE:
            assert action == twin.sample_chance()
        twin.apply(action)
