"""A game the shared code has never heard of plays through every shared tool: Tiny Pig
(tests/tiny_game.py) registers itself, then `sim`, `stress`, `sim --ai`, the save
envelope, the computer levels, the turn driver, the phones' views, take-backs, replays,
awards and records all take it, and no module of game/ or scenes/ names it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main
from game import autosave, awards, registry, replays
from game.autosave import SeatRecord, Slots
from game.companion import views
from game.levels import make_player
from game.matchup import match
from game.records import Book
from game.simulate import simulate
from game.tools.stress import stress
from game.undo import UndoLog
from scenes.table.driver import TurnDriver
from scenes.table.sources import ComputerSource, DecisionSource, ScriptedSource
from tests import tiny_game

ROOT = Path(__file__).resolve().parent.parent
GAME = tiny_game.INFO.id


@pytest.fixture(autouse=True)
def tiny_pig():
    tiny_game.register()
    yield tiny_game.INFO
    registry.unregister(GAME)


def test_it_is_registered_beside_the_built_in_games():
    assert GAME in registry.ids() and registry.get(GAME).title == "Tiny Pig"
    assert len(registry.ids()) >= 3


def test_no_shared_module_names_it():
    for path in [*(ROOT / "game").rglob("*.py"), *(ROOT / "scenes").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        assert GAME not in text and "Tiny Pig" not in text, path


def test_sim_plays_it_through_the_shared_simulator(capsys):
    figures = simulate(GAME, games=30, players=3, seed=4)
    assert figures["games"] == 30 and figures["violations"] == 0
    assert sum(figures["wins_by_seat"].values()) == pytest.approx(1.0, abs=0.01)
    assert main.main(["sim", GAME, "--games", "5", "--players", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 5
    with pytest.raises(ValueError, match="Tiny Pig is for 2-3 players, not 4"):
        simulate(GAME, games=1, players=4, seed=1)
    assert simulate(GAME, games=30, players=3, seed=4, workers=1)["wins_by_seat"] == \
        figures["wins_by_seat"]  # the same games on one process
    with pytest.raises(ValueError, match="Tiny Pig has no simulator option rule_only"):
        simulate(GAME, games=1, players=2, seed=1, rule_only=True)


def test_stress_finds_no_broken_invariant_and_catches_one(monkeypatch):
    figures = stress(GAME, 40, seed=3, workers=1)
    assert figures["violations"] == 0 and figures["steps"] > 40
    assert main.main(["stress", GAME, "--games", "3"]) == 0
    real = tiny_game.State.apply

    def loses_points(self, action):
        events = real(self, action)
        if self.turn > 4:
            self.points[0] = -1
        return events

    monkeypatch.setattr(tiny_game.State, "apply", loses_points)
    caught = stress(GAME, 5, seed=3, workers=1)
    assert caught["violations"] > 0 and "score -1 below 0" in caught["violation_examples"][0]


def test_a_computer_level_plays_it_and_sim_ai_measures_the_levels():
    state = tiny_game.new_game(2, seed=1)
    state.apply(tiny_game.Die(3))
    assert make_player(GAME, "normal", seed=1).decide(state, state.legal_actions()) == \
        tiny_game.Roll()
    figures = match(GAME, ["normal", "random"], games=40, seed=2, workers=1)
    assert figures["wins_by_level"]["normal"]["win_share"] > 0.5


def test_the_save_envelope_keeps_it_and_continues_it_exactly():
    state = tiny_game.new_game(3, seed=9)
    while not autosave.turn_completed(GAME, state.apply(
            state.sample_chance() if state.current_player == tiny_game.CHANCE
            else tiny_game.Hold())):
        pass
    slots = Slots(None)
    seats = [SeatRecord("Ada", "pink"), SeatRecord("Linus", "blue", human=False),
             SeatRecord("Grace", "gold")]
    assert slots.save(GAME, state, seats, autosave.progress(GAME, state), wait=True)
    saved = slots.latest()
    assert saved.summary() == "Tiny Pig · Ada, Linus, Grace · turn 2"
    assert saved.state.to_json() == state.to_json()
    assert saved.state.sample_chance() == state.sample_chance()  # the same RNG
    data = json.loads(slots.memory[GAME])
    data["seats"] = data["seats"][:2]
    with pytest.raises(autosave.SaveProblem, match="seats 2 players for a 3-player game"):
        autosave.parse(GAME, json.dumps(data))


class PigTable:
    """The smallest table the turn driver can run (`scenes.table.driver.Table`)."""

    def __init__(self, sources: dict[int, DecisionSource]) -> None:
        self.state = tiny_game.new_game(2, seed=5)
        self.sources, self.over, self.played = sources, False, []

    def waiting(self) -> bool:
        return False

    def show_results(self) -> None:
        self.over = True

    def hold_chance(self, dt: float) -> bool:
        return False

    def source_for(self, seat: int) -> DecisionSource:
        return self.sources[seat]

    def think_pace(self, seat: int, source: DecisionSource) -> tuple[bool, float]:
        return False, 0.0

    def thought(self, seat: int) -> None:
        pass

    def hold_decision(self, seat: int) -> bool:
        return False

    def chain(self, seat: int, stage: object) -> bool:
        return False

    def play(self, action: object) -> None:
        self.played.append(action)
        self.state.apply(action)


class Instant:
    idle = True

    def ask(self, agent, state):  # pragma: no cover - never threaded here
        raise AssertionError


def test_the_turn_driver_plays_it_with_a_scripted_seat_and_a_computer():
    script = ScriptedSource(lambda state, legal: tiny_game.Hold() if state.total >= 3
                            else tiny_game.Roll())
    computer = ComputerSource(make_player(GAME, "normal", seed=2), Instant(),
                              in_thread=lambda agent, legal: False)
    table = PigTable({0: script, 1: computer})
    driver = TurnDriver(table, tiny_game.CHANCE, tiny_game.IllegalAction)
    for _ in range(5000):
        driver.update(1 / 60)
        if table.over:
            break
    assert table.over and table.state.is_terminal() and script.asked > 0
    assert max(table.state.scores()) >= tiny_game.TARGET
    refused = driver.refused
    driver.sources[0] = ScriptedSource([tiny_game.Die(3)])  # an illegal answer is refused
    table.state = tiny_game.new_game(2, seed=5)
    table.state.apply(tiny_game.Die(4))
    driver.update(1 / 60)
    assert driver.refused == refused + 1


def test_the_phones_show_it_from_the_seats_own_observation():
    state = tiny_game.new_game(2, seed=1)
    state.apply(tiny_game.Die(4))
    view = views.seat_view(GAME, state.observation(0), ["Ada", "Linus"], ["Ada rolls 4"])
    assert view["status"] == "Your move" and view["hand"] == [] and not view["show_empty_hand"]
    assert view["stats"] == [{"label": "Score", "value": "0"},
                             {"label": "This turn", "value": "4"}]
    other = views.seat_view(GAME, state.observation(1), ["Ada", "Linus"], [])
    assert other["status"] == "Ada's move"
    question = views.question(GAME, state, state.legal_actions())
    assert question["prompt"] == "Roll again or hold?" and not question["window"]
    assert [(o["label"], o["group"], o.get("pin", False)) for o in question["options"]] == \
        [("Roll again", "Roll", False), ("Hold", "Done", True)]


def test_its_replay_plays_again_exactly_and_the_keeping_tools_take_it(tmp_path):
    """Played through the take-back log (Tiny Pig takes nothing back: the default), kept
    as a replay on disk, read back and played again to the same result; no awards (none
    named), and its people's records counted."""
    state = tiny_game.new_game(2, seed=3)
    start, moves, log = state.clone(), [], UndoLog(registry.get(GAME).may_take_back)
    normal = tiny_game.NormalPlayer()
    while not state.is_terminal():
        legal = state.legal_actions()
        action = state.sample_chance() if state.current_player == tiny_game.CHANCE \
            else normal.decide(state, legal)
        log.play(state, action, person=state.current_player == 0)
        assert log.steps == []
        moves.append(action)
    seats = [replays.Seat("Ada", "pink"), replays.Seat("Linus", "blue", human=False)]
    shelf = replays.Shelf(tmp_path)
    replay_id = shelf.add(replays.record(GAME, 3, seats, start, moves, True))
    again = replays.Shelf(tmp_path).load(replay_id)  # from the file
    assert again.title == "Tiny Pig" and len(again.moves) == len(moves)
    end = replays.check(again)  # the dice are the replay's: the RNG is not drawn again
    assert end.observation(0) == state.observation(0) and end.winners() == state.winners()
    assert awards.of_game(GAME, start, moves) == []
    book = Book(tmp_path)
    book.add(GAME, ["Ada", "Linus"], [True, False], state.scores(), state.winners())
    assert [(r.name, r.games) for r in Book(tmp_path).of(GAME)] == [("Ada", 1)]
