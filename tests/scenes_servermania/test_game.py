"""Whole games on the board scene, played headless with scripted input from each device.

Human seats are answered by a script that presses keys, pad buttons or clicks the
prompt's buttons; computer seats use the rule-based players; chance steps are sampled by
the state's RNG. Each game must reach the results screen with the rules' own result.
"""

from __future__ import annotations

import pytest

from game import servermania as sm
from scenes.engine.input import CLICK, MOUSE, POINT, Action
from scenes.engine.scene import Scene
from scenes.pause import PauseMenu
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.results import ResultsScene
from scenes.servermania.seats import Seat
from scenes.title import TitleScene
from tests.scenes_servermania.helpers import READY, new_app, press, run_until, step

SEATS = [Seat("Ada", "pink", True), Seat("Linus", "blue", False),
         Seat("Grace", "yellow", True), Seat("Alan", "green", False)]
PACE = 8.0  # the whole game plays 8× faster (plus ×4 while the fast button is held)


class Answerer:
    """Answers every prompt a human seat gets, alternating between the two options, and
    hits the die whenever a human seat is asked to roll."""

    def __init__(self, app, scene: BoardScene, device: str) -> None:
        self.app, self.scene, self.device = app, scene, device
        self.answered: list[str] = []
        self.rolled: list[str] = []  # the purpose of every roll a person made

    def __call__(self) -> None:
        call = self.scene.roll_call
        if call is not None:
            self.rolled.append(call.purpose)
            if self.device == MOUSE:
                self.app.stack.dispatch(Action(CLICK, MOUSE, True, pos=(500, 300)))
                self.app.stack.dispatch(Action(CLICK, MOUSE, False, pos=(500, 300)))
            else:
                press(self.app, "confirm", self.device)
            return
        prompt = self.scene.prompt
        if prompt is None or prompt.t < 0.05:
            return
        choice = len(self.answered) % 2
        self.answered.append(prompt.title)
        if self.device == MOUSE:
            centre = prompt.options[choice].rect.center
            self.app.stack.dispatch(Action(POINT, MOUSE, True, pos=centre))
            self.app.stack.dispatch(Action(CLICK, MOUSE, True, pos=centre))
            self.app.stack.dispatch(Action(CLICK, MOUSE, False, pos=centre))
            return
        if choice:
            press(self.app, "down", self.device)
        press(self.app, "confirm", self.device)


def play_to_results(seats, device, seed=3, fast=True):
    scene = BoardScene(seats, seed=seed, pace=PACE)
    app = new_app(scene)
    step(app, READY)
    if fast:
        app.stack.dispatch(Action("rshoulder", device if device != MOUSE else "keyboard"))
    answer = Answerer(app, scene, device)
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 40_000, each=answer)
    return app, scene, answer


@pytest.mark.parametrize("device", ["keyboard", "pad:0", MOUSE])
def test_a_full_game_with_human_seats_reaches_the_results_with_one_device(device):
    app, scene, answer = play_to_results(SEATS, device)
    results = app.stack.top
    assert scene.state.is_terminal()
    assert results.scores == scene.state.scores()
    assert results.winners == scene.state.winners()
    assert answer.answered, "the humans were asked at least once"
    assert len(results.history) > 10  # one money row per turn for the chart


def test_prompts_answered_by_mouse_apply_the_clicked_option():
    app, scene, answer = play_to_results(SEATS[:2], MOUSE, seed=11)
    assert any("maintenance" in t or "STUCK" in t for t in answer.answered)


def test_all_computer_game_needs_no_input_at_all():
    seats = [Seat("A", "pink", False), Seat("B", "blue", False)]
    scene = BoardScene(seats, seed=5, pace=PACE)
    app = new_app(scene, speed=2.0)
    frames = run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 40_000)
    assert frames > 0


def test_holding_the_fast_button_plays_four_times_faster_until_released():
    scene = BoardScene(SEATS[:2], seed=1)
    app = new_app(scene)
    step(app, READY)
    normal = scene.speed
    app.stack.dispatch(Action("rshoulder", "pad:3", True))
    assert scene.speed == pytest.approx(4 * normal)
    app.stack.dispatch(Action("rshoulder", "pad:3", False))
    assert scene.speed == pytest.approx(normal)


def test_the_animation_speed_setting_scales_the_pace():
    scene = BoardScene(SEATS[:2], seed=1)
    app = new_app(scene, speed=2.0)
    step(app, 1)
    assert scene.speed == pytest.approx(2.0)


def test_skip_button_finishes_what_is_playing():
    scene = BoardScene(SEATS[:2], seed=1)
    app = new_app(scene)
    step(app, READY)
    press(app, "confirm")  # Ada hits the die
    run_until(app, lambda: not scene.director.idle, 200)
    press(app, "x")
    assert scene.director.idle


def test_a_quick_click_skips_and_a_held_click_plays_fast():
    scene = BoardScene(SEATS[:2], seed=1)
    app = new_app(scene)
    step(app, READY)
    press(app, "confirm")  # Ada hits the die
    run_until(app, lambda: not scene.director.idle, 400)
    app.stack.dispatch(Action(CLICK, MOUSE, True, pos=(400, 300)))
    assert scene.speed == pytest.approx(4.0)
    step(app, 60)
    app.stack.dispatch(Action(CLICK, MOUSE, False, pos=(400, 300)))
    assert scene.speed == pytest.approx(1.0)
    run_until(app, lambda: not scene.director.idle, 400)
    app.stack.dispatch(Action(CLICK, MOUSE, True, pos=(400, 300)))
    app.stack.dispatch(Action(CLICK, MOUSE, False, pos=(400, 300)))
    assert scene.director.idle


def test_pause_opens_the_pause_menu_and_freezes_the_game():
    scene = BoardScene(SEATS[:2], seed=1)
    app = new_app(scene)
    step(app, READY)
    press(app, "pause")
    step(app, 2)
    assert isinstance(app.stack.top, PauseMenu)
    turn = scene.state.turn
    step(app, 600)
    assert scene.state.turn == turn


def test_unplugging_a_controller_pauses_the_game():
    scene = BoardScene(SEATS[:2], seed=1)
    app = new_app(scene)
    step(app, READY)
    app.stack.dispatch(Action("device_removed", "pad:0"))
    step(app, 2)
    assert isinstance(app.stack.top, PauseMenu)
    assert "unplugged" in app.stack.top.message


def scenario(position: int, seed: int = 2) -> sm.State:
    """Seat 0 at `position`, about to win the roll-off and start its turn."""
    state = sm.new_game(["Ada", "Linus"], seed=seed)
    state.players[0].position = position
    state.apply(sm.Die(6))
    state.apply(sm.Die(1))
    return state


def test_maintenance_prompt_shows_distance_odds_and_cash_after_paying():
    state = scenario(8)  # CUSTOMER SERVICE is square 11: 3 ahead
    scene = BoardScene(SEATS[:2], state=state)
    app = new_app(scene)
    run_until(app, lambda: scene.prompt is not None, 600)
    facts = " ".join(scene.prompt.facts)
    assert "Roll 3 to land on CUSTOMER SERVICE: 1 in 6" in facts
    pay, skip = scene.prompt.options
    assert pay.action == sm.PAY_MAINTENANCE and skip.action == sm.SKIP_MAINTENANCE
    assert "Cash after: $0" in pay.detail  # $50,000 - $50,000
    assert "2 → 4 servers" in pay.detail and "2 → 1 server" in skip.detail


def test_stuck_prompt_shows_the_chance_to_roll_free_and_cash_after_paying():
    state = scenario(18)  # STUCK
    state.players[0].cash = 80_000
    scene = BoardScene(SEATS[:2], state=state)
    app = new_app(scene)
    run_until(app, lambda: scene.prompt is not None, 600)
    assert "STUCK" in scene.prompt.title
    assert "1, 2 or 3" in " ".join(scene.prompt.facts)
    pay, roll = scene.prompt.options
    assert "$30,000" in pay.detail and "3 in 6" in roll.detail
    step(app, READY)
    press(app, "down", "pad:1")
    press(app, "confirm", "pad:1")
    assert scene.prompt is None
    assert scene.state.players[0].cash == 80_000  # rolled, did not pay


def test_pawns_sharing_a_square_stand_apart():
    scene = BoardScene(SEATS, seed=1)
    app = new_app(scene)
    step(app, 1)
    feet = [p.rest for p in scene.pawns.pawns]
    assert all(a.distance_to(b) >= 30 for i, a in enumerate(feet) for b in feet[i + 1:])


def test_from_the_title_menu_a_keyboard_script_starts_a_game_and_plays_to_the_results(
        monkeypatch):
    """The App's own --script path: title → new game → board → results, keys only."""
    reached: list[Scene] = []
    original = ResultsScene.enter

    def spy(self):
        reached.append(self)
        original(self)
        self.app.quit()  # reached: the rest of the run would prove nothing more
    monkeypatch.setattr(ResultsScene, "enter", spy)
    frames = 4000  # the first game ends near update 1900 (seeded)
    script = [(READY, Action("confirm")), (60, Action("confirm")), (64, Action("pause")),
              (100, Action("rshoulder"))]  # title → lobby: join, Start
    script += [(n, Action("confirm")) for n in range(120, frames, 12)]
    app = new_app(TitleScene(), speed=2.0, script=script, frames=frames)
    app.run()
    assert reached, "the results screen was never reached"


def click(app, pos, hold: bool = False) -> None:
    app.stack.dispatch(Action(POINT, MOUSE, True, pos=pos))
    app.stack.dispatch(Action(CLICK, MOUSE, True, pos=pos))
    if not hold:
        app.stack.dispatch(Action(CLICK, MOUSE, False, pos=pos))


@pytest.mark.parametrize("device", ["keyboard", "pad:0", MOUSE])
def test_title_to_results_and_back_with_only_one_device(device):
    """The issue's 'done when': menu → new game → a whole game → results → title."""
    from scenes.servermania.setup import NewGameScene

    app = new_app(TitleScene(), speed=2.0)
    step(app, READY)
    title = app.stack.top
    entry = [e.label for e, _ in title.entries].index("SERVERMANIA")
    if device == MOUSE:
        click(app, title.menu.buttons[entry].rect.center)
    else:
        for _ in range(entry - title.menu.selected):
            press(app, "down", device)
        press(app, "confirm", device)
    run_until(app, lambda: isinstance(app.stack.top, NewGameScene), 120)
    setup = app.stack.top
    step(app, READY)
    footer = dict(zip(setup.buttons, setup.footer, strict=True))
    if device == MOUSE:
        click(app, setup.cards[1].center)  # join (an empty seat; card 0 is a computer)
        click(app, footer["shared"].center)  # a second, shared seat (pass-and-play)
        click(app, footer["computers"].center)  # computers 1 -> 2 -> 0
        click(app, footer["computers"].center)
        click(app, footer["start"].center)
    else:
        press(app, "confirm", device)  # join
        for name in ("down", "down", "down",  # into the footer: Computers
                     "confirm", "confirm", "confirm",  # 1 -> 2 -> 3 -> 0
                     "right", "right", "confirm",  # Shared seats: 0 -> 1
                     "right", "confirm"):  # START
            press(app, name, device)
    run_until(app, lambda: isinstance(app.stack.top, BoardScene), 120)
    board = app.stack.top
    assert [s.human for s in board.seats] == [True, True]
    step(app, READY)
    asked = []

    def each():
        if board.roll_call is not None:
            if device == MOUSE:
                click(app, (500, 300))
            else:
                press(app, "confirm", device)
        if board.prompt is not None and board.prompt.t > 0.05:
            asked.append(board.prompt.title)
            if device == MOUSE:
                click(app, board.prompt.options[len(asked) % 2].rect.center)
            else:
                press(app, "confirm", device)
        if not board.fast and board.prompt is None and board.roll_call is None \
                and app.stack.top is board:
            if device == MOUSE:
                click(app, (500, 300), hold=True)  # hold the button on the board: fast
            else:
                app.stack.dispatch(Action("rshoulder", device, True))
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 40_000, each=each)
    assert asked, "two human seats were asked to decide at least once"
    results = app.stack.top
    step(app, READY)
    back = results.choices.index("Back to title")
    if device == MOUSE:
        click(app, results.menu.buttons[back].rect.center)
    else:
        for _ in range(back):
            press(app, "right", device)
        press(app, "confirm", device)
    run_until(app, lambda: isinstance(app.stack.top, TitleScene), 120)


def test_play_again_starts_a_new_game_with_the_same_seats_and_pads():
    from scenes.engine.input import DEVICE_REMOVED
    from scenes.seating import SeatDevices

    seats = [Seat("A", "pink", False), Seat("B", "blue", False)]
    scene = BoardScene(seats, seed=5, pace=PACE, devices=SeatDevices({0: "pad:0", 1: "pad:1"}))
    app = new_app(scene, speed=2.0)
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 40_000)
    step(app, READY)
    app.stack.dispatch(Action(DEVICE_REMOVED, "pad:1"))  # B's pad goes: the seat is shared
    press(app, "confirm", "pad:0")  # "Play again" is selected first
    run_until(app, lambda: isinstance(app.stack.top, BoardScene), 200)
    again = app.stack.top
    assert again is not scene and again.seats == scene.seats
    assert again.devices.bound == {0: "pad:0"}
