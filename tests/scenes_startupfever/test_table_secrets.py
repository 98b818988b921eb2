"""Issue 22: whole-table secrets. Frames are pixel-identical whatever a person or a Hard
computer holds (F11, with Hard computers searching in a threaded thinker, at 2 and 3
people); a continued game resumes the same way wherever the save stood; every seat in
the sealed marketing is announced alike; one person alone sees a card decision only with
a playable card."""

from __future__ import annotations

import hashlib
import time

import pygame
import pytest

from game import startupfever as sf
from game.autosave import Saved, SeatRecord
from game.startupfever.cards import PLAYABLE_IN
from game.startupfever.normal import NormalPlayer
from game.thinker import Thinker
from scenes.startupfever.seats import Seat, default_seats
from scenes.startupfever.table_scene import TableScene
from tests.scenes_startupfever.helpers import Person, advance_to, new_app, step
from tests.startupfever.helpers import set_hand

COLOURS = ("pink", "blue", "yellow", "green")
TURN_WINDOWS = ("adoption", "revenue", "manage", "user_loss")  # a product turn's windows


def before_the_turns(players: int, seed: int, hands: dict[int, list[str]]) -> sf.State:
    """A game right after the deal (the turn order still to draw), with the hands of
    `hands` set (the others as dealt)."""
    state = sf.new_game(players, seed=seed)
    while state.stage != "first_order":
        state.apply(state.sample_chance() if state.current_player == sf.CHANCE
                    else state.legal_actions()[0])
    for seat, cards in hands.items():
        set_hand(state, seat, cards)
    return state


def seats_for(people: int, players: int = 4) -> list[Seat]:
    return [Seat(f"P{i}", COLOURS[i], i < people, "hard") for i in range(players)]


class SettledThinker(Thinker):
    """The screen's threaded thinker, but each search has ended by the time `ask`
    returns: the frames then depend only on what the table shows, not on how busy the
    machine is (the search itself still runs in the worker thread)."""

    def ask(self, agent, state) -> None:
        super().ask(agent, state)
        for _ in range(60_000):
            if self._ready:
                return
            time.sleep(0.001)


def film(scene: TableScene, frames: int, people: int) -> tuple[list[bytes], dict]:
    """Each frame's digest while scripted people play every human seat (they pass), up
    to `frames` or the year end."""
    app = new_app(scene)
    scene.thinker = SettledThinker(threaded=True)  # a worker thread, as on a real screen
    for agent in scene.agents.values():
        agent.samples = 2  # the smallest search budget: the test stays quick
    person = Person(app, scene, "keyboard")
    seen = {"beats": 0, "asked": 0, "thinking_at_window": 0}
    digests = []
    for _ in range(frames):
        if scene.state.window in ("competition", "discard") or \
                scene.state.stage in ("deal_check", "deal"):
            break  # year end: the hands' cards may be dumped, and the decks differ
        if app.stack.top is scene:
            person()
        app.step()
        app.render(1.0)
        digests.append(hashlib.md5(pygame.image.tobytes(app.display.canvas, "RGB")).digest())
        state = scene.state
        seen["beats"] += scene.beat is not None
        if state.stage == "window" and state.window in TURN_WINDOWS and \
                state.current_player in (0, 3):
            seen["asked"] += 1
        if state.stage in ("window", "defense") and scene.thinking is not None:
            seen["thinking_at_window"] += 1
    return digests, seen


@pytest.mark.parametrize("people", [2, 3])
def test_frames_are_identical_whatever_a_person_or_a_hard_computer_holds(people):
    """F11/F13 at the table: seat 0 (a person) and seat 3 (Hard) hold cards for the coming
    windows, or none; everything else equal, not one pixel differs."""
    runs = []
    for cards in (["viral_growth", "server_outage", "security_breach", "defense"],
                  ["press_coverage", "press_coverage", "attrition", "defense"]):
        other = ["leak", "antitrust", "leak", "antitrust"] if cards[0] == "viral_growth" \
            else ["press_coverage"] * 3 + ["attrition"]  # asked early on (and passes), or not
        state = before_the_turns(4, seed=5, hands={0: cards, 3: other})  # full: no draw
        runs.append(film(TableScene(seats_for(people), seed=5, pace=4.0, state=state),
                         1000, people))
    (frames_a, seen_a), (frames_b, seen_b) = runs
    assert seen_a["beats"] > 0 and len(frames_a) > 300  # the people's beats were held
    # every card holder answers each window (F11): the rules ask seats 0 and 3 alike
    assert seen_a["asked"] == seen_b["asked"] > 0
    assert seen_a["thinking_at_window"] == seen_b["thinking_at_window"] == 0
    n = min(len(frames_a), len(frames_b))  # the rules, ahead of the show, stop the film
    assert frames_a[:n] == frames_b[:n]  # (a few updates apart, unseen)


def mid_window(playable: bool) -> sf.State:
    """Two people and a computer at the first adoption window, the rules waiting on seat
    0 (it holds a card: every card holder answers); the card is playable there or not."""
    hands = {0: ["viral_growth" if playable else "press_coverage"], 1: ["attrition"],
             2: ["attrition"]}
    state = before_the_turns(3, seed=2, hands=hands)
    while state.current_player == sf.CHANCE and state.stage != "adoption_roll":
        state.apply(state.sample_chance())
    while state.stage == "window" and state.current_player != 0:
        state.apply(sf.Pass())  # the seats before seat 0 in the window's order pass
    return state


def resumed_frames(state: sf.State, frames: int = 400) -> list[bytes]:
    saved = Saved("startupfever", state, [SeatRecord("Ada", "pink"),
                                          SeatRecord("Linus", "blue"),
                                          SeatRecord("Grace", "yellow", human=False)], "")
    scene = TableScene.from_save(saved)
    app = new_app(scene)
    out = []
    for frame in range(frames):
        if frame in (60, 70) and scene.beat is not None:
            step(app, 0)
            app.stack.dispatch(_press("confirm"))
            app.stack.dispatch(_release("confirm"))
        app.step()
        app.render(1.0)
        out.append(hashlib.md5(pygame.image.tobytes(app.display.canvas, "RGB")).digest())
        if scene.roll_call is not None:
            break
    return out


def _press(name):
    from scenes.engine.input import Action
    return Action(name, "keyboard", True)


def _release(name):
    from scenes.engine.input import Action
    return Action(name, "keyboard", False)


def test_continue_mid_window_shows_nothing_about_the_hand():
    """Saved while the rules wait on a person at a card window, holding a card playable
    there or not: the continued game opens the same neutral beat and goes on the same way."""
    playable, dead = mid_window(True), mid_window(False)
    for state in (playable, dead):
        assert state.stage == "window" and state.current_player == 0
    assert len(playable.legal_actions()) > 1 and dead.legal_actions() == [sf.Pass()]
    frames_playable, frames_dead = resumed_frames(playable), resumed_frames(dead)
    assert len(frames_playable) > 70
    assert frames_playable == frames_dead


def marketing_round() -> tuple[sf.State, list[int]]:
    """A game at its first sealed marketing where at least three seats are asked and one
    of them seals nothing (Normal players); the seats in the order asked."""
    for seed in range(60):
        state = advance_to(sf.new_game(4, seed=seed), "marketing")
        trial, asked = state.clone(), []
        players = [NormalPlayer() for _ in range(4)]
        while trial.stage == "marketing":
            seat = trial.current_player
            if seat not in asked:
                asked.append(seat)
            trial.apply(players[seat].decide(trial, trial.legal_actions()))
        empty = [s for s in asked if not any(trial.products[p].marketing
                                             for p in trial.players[s].slots)]
        if len(asked) >= 3 and empty:
            return state, asked
    raise AssertionError("no such marketing round")


def test_every_seat_in_the_sealed_marketing_is_announced_alike():
    """F14: "X is allocating…" for every seat the rules ask, whatever it seals (nothing
    too), in the order asked."""
    state, asked = marketing_round()
    seats = default_seats(4, humans=0)
    scene = TableScene(seats, seed=9, pace=4.0, state=state)
    app = new_app(scene)
    banners = []
    for _ in range(6000):
        text = scene.banner_state[0] if scene.banner_state is not None else ""
        if "allocating" in text and text not in banners:
            banners.append(text)
        if state.stage != "marketing":
            break
        app.step()
    assert banners == [f"{seats[s].name} is allocating marketing…" for s in asked]


@pytest.mark.parametrize("playable", [True, False])
def test_one_person_is_asked_at_a_window_only_with_a_playable_card_and_never_waits(playable):
    hands = {0: ["viral_growth" if playable else "press_coverage"]}
    state = before_the_turns(3, seed=2, hands=hands)
    scene = TableScene(default_seats(3, humans=1), seed=2, pace=4.0, state=state)
    app = new_app(scene)
    windows = []
    for _ in range(3000):
        assert scene.beat is None  # no countdown ever
        if scene.decision is not None:
            windows.append(scene.decision.stage)
            break
        if scene.roll_call is not None:
            break
        app.step()
    assert (windows == ["window"]) is playable
    assert "viral_growth" in PLAYABLE_IN["adoption"]
