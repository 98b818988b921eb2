"""Every screen at every text size (100, 125, 150 %): no text leaves its box, and no two
texts shown at once cross each other (see tests/text_audit.py for what counts as a box).

Each case opens a screen the way a player reaches it, lets it settle, draws a frame and
asks the audit what is visible now; `test_the_audit_catches_a_label_too_long` proves the
check fails when a label is made too long for its button.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

import pygame
import pytest

from game import startupfever as sf
from game.startupfever.events import WindowOpened
from game.startupfever.layout import default_layout
from scenes import registry
from scenes.controls import ControlsScene
from scenes.engine import draw
from scenes.engine.app import App
from scenes.engine.input import Action
from scenes.engine.scene import Scene
from scenes.engine.settings import Settings
from scenes.engine.theme import THEME
from scenes.howto import HowToPlayScene
from scenes.seating import SeatDevices
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.legend import LegendScene
from scenes.servermania.results import ResultsScene as SmResults
from scenes.servermania.seats import Seat as SmSeat
from scenes.servermania.setup import NewGameScene as SmLobby
from scenes.settings import SettingsScene
from scenes.startupfever import kept
from scenes.startupfever import look as sf_look
from scenes.startupfever.beat import WindowBeat
from scenes.startupfever.card_list import CardListScene
from scenes.startupfever.choices import Ctx, _row_text, is_exit
from scenes.startupfever.guided import GuidedGame
from scenes.startupfever.model import TableModel
from scenes.startupfever.prompt_cards import AttritionDecision, DefenseDecision, WindowDecision
from scenes.startupfever.prompt_manage import CounterDecision, ManageDecision
from scenes.startupfever.prompt_year import (
    ChipsDecision,
    LossDecision,
    MarketingDecision,
    OrderDecision,
    ReassignDecision,
)
from scenes.startupfever.results import ResultsScene as SfResults
from scenes.startupfever.seats import default_seats as sf_seats
from scenes.startupfever.setup import NewGameScene as SfLobby
from scenes.startupfever.table_scene import TableScene
from scenes.startupfever.table_view import TableView
from scenes.title import TitleScene
from tests.scenes_servermania.helpers import READY, new_app, press, run_until, step
from tests.scenes_servermania.test_game import scenario
from tests.scenes_servermania.test_screens import LONG, late_game
from tests.scenes_startupfever.decision_states import at_stage, manage_with_rival_staff, play_until
from tests.scenes_startupfever.test_guided import Newcomer
from tests.text_audit import TextAudit, clear_text_caches

SIZES = (100, 125, 150)


@pytest.fixture
def audit() -> Iterator[TextAudit]:
    watcher = TextAudit()
    with watcher.active():
        # pictures cached before the audit began were drawn unseen: draw them again
        clear_text_caches()
        kept._KEPT.clear()
        sf_look._fonts = None
        sf_look.user_marker.cache_clear()
        yield watcher
    clear_text_caches()
    kept._KEPT.clear()
    sf_look._fonts = None
    sf_look.user_marker.cache_clear()


def open_app(scene: Scene, size: int) -> App:
    """A headless app at text size `size`, drawing on a canvas the audit watches."""
    app = new_app(scene)
    app.settings.text_size = size
    app.apply_settings()
    app.display.canvas = pygame.Surface((1280, 720))
    return app


def assert_fits(audit: TextAudit, app: App, frames: int = 40) -> None:
    step(app, frames)
    problems = audit.problems_now()
    assert audit.texts_seen, "nothing was drawn"
    assert not problems, "\n".join(str(p) for p in problems)


# -- the shared screens ---------------------------------------------------------------------

MENUS: dict[str, Callable[[], Scene]] = {
    "title": TitleScene, "settings": SettingsScene, "controls": ControlsScene,
    "sm_lobby": SmLobby, "sf_lobby": SfLobby}
JOINS = {"sm_lobby": 4, "sf_lobby": 6}  # every seat taken, one pad each


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(MENUS))
def test_menus_keep_their_text_inside(audit, name, size):
    app = open_app(MENUS[name](), size)
    assert_fits(audit, app, READY + 40)
    for pad in range(JOINS.get(name, 0)):  # people join: their cards fill in
        press(app, "confirm", f"pad:{pad}")
    if name in JOINS:
        assert_fits(audit, app)
        press(app, "down", "pad:1")
        press(app, "confirm", "pad:2")  # one types a name on the on-screen keyboard
        assert_fits(audit, app)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", list(registry.ids()))
def test_every_how_to_play_page_keeps_its_text_inside(audit, game, size):
    app = open_app(HowToPlayScene(game), size)
    assert_fits(audit, app, READY + 20)
    for _ in range(len(registry.get(game).pages()) - 1):
        press(app, "right")
        assert_fits(audit, app, 30)


# -- SERVERMANIA ----------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_servermania_board_pause_and_legend(audit, size):
    scene = BoardScene(LONG, state=late_game())
    app = open_app(scene, size)
    run_until(app, lambda: scene.roll_call is not None and scene.roll_call.t > 0.4, 600)
    assert_fits(audit, app, 20)
    press(app, "pause")
    assert_fits(audit, app, 20)
    app.stack.pop()
    app.stack.push(LegendScene())
    assert_fits(audit, app, 30)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("turn", [8, 18])  # the maintenance and the stuck prompt
@pytest.mark.parametrize("pads", [False, True])  # pads: the bar starts "Pad 1 Margaret"
def test_servermania_prompts(audit, size, turn, pads):
    devices = SeatDevices({0: "pad:0", 1: "pad:1"}) if pads else None
    scene = BoardScene([SmSeat("Margaret", "pink", True), SmSeat("Barbara", "blue", True)],
                       state=scenario(turn), devices=devices)
    app = open_app(scene, size)
    run_until(app, lambda: scene.prompt is not None and scene.prompt.t > 0.5, 900)
    assert scene.prompt_bar().items[0][0].startswith("Pad") == pads
    assert_fits(audit, app, 20)


@pytest.mark.parametrize("size", SIZES)
def test_servermania_results(audit, size):
    scores = [1_380_000, 420_000, 255_000, 60_000]
    scene = SmResults(LONG, scores, [0], [[100_000] * 4, scores], [None] * 4)
    app = open_app(scene, size)
    assert_fits(audit, app, 200)


# -- Startup Fever --------------------------------------------------------------------------

LONG_NAMES = ("Margaret", "Bartholomew", "Christabel", "Maximilian", "Evangeline",
              "Wilhelmina")


def long_named(count: int, humans: int) -> list:
    """The default seats with the longest names a player is likely to type."""
    return [replace(seat, name=name) for seat, name in
            zip(sf_seats(count, humans=humans), LONG_NAMES, strict=False)]


def _table(state: sf.State, size: int, humans: int = 1) -> tuple[App, TableScene]:
    scene = TableScene(long_named(len(state.players), humans), state=state, pace=1.0)
    return open_app(scene, size), scene


@pytest.mark.parametrize("size", SIZES)
def test_startupfever_six_company_table_pause_and_card_list(audit, size):
    state = play_until(sf.new_game(6, seed=4), lambda s: s.year >= 2 and s.stage == "window")
    app, scene = _table(state, size, humans=0)
    assert_fits(audit, app, READY + 60)
    press(app, "pause")
    assert_fits(audit, app, 20)
    app.stack.pop()
    app.stack.push(CardListScene())
    assert_fits(audit, app, 30)


DECISIONS = [("window", WindowDecision), ("manage", ManageDecision),
             ("marketing", MarketingDecision), ("reassign", ReassignDecision),
             ("loss", LossDecision), ("chips", ChipsDecision), ("order_choose", OrderDecision),
             ("counter", CounterDecision), ("attrition", AttritionDecision),
             ("defense", DefenseDecision)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("stage, kind", DECISIONS)
def test_startupfever_decision_prompts(audit, size, stage, kind):
    state = manage_with_rival_staff() if stage == "manage" else at_stage(stage)
    app, scene = _table(state, size, humans=2)
    run_until(app, lambda: isinstance(scene.decision, kind), 600)
    assert_fits(audit, app, 30)
    if scene.decision.secret:  # the hand behind the curtain, held open
        app.stack.dispatch(Action("y", "keyboard", True))
        assert_fits(audit, app, 4)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("stage, kind", DECISIONS)
def test_startupfever_every_option_list_wraps_and_keeps_its_way_out(audit, size, stage, kind):
    """Every list of a prompt (each sub-list opened in turn, with the cursor at its end):
    the text fits, nothing is cut with "…" at 100 %, and the way out (End, Seal, Pass,
    Back...) is on screen even when the list scrolls."""
    state = manage_with_rival_staff() if stage == "manage" else at_stage(stage)
    app, scene = _table(state, size, humans=2)
    run_until(app, lambda: isinstance(scene.decision, kind), 600)
    decision = scene.decision
    assert_fits(audit, app, 30)
    if decision.secret:
        app.stack.dispatch(Action("y", "keyboard", True))
    choices = decision.choices
    top = choices.level.options
    for index in [None, *(i for i, o in enumerate(top) if o.then and o.enabled)]:
        if index is not None:
            choices.open_sub(top[index])
        level = choices.level
        for cursor in (0, len(level.options) // 2):
            level.selected = cursor
            assert_fits(audit, app, 2)
            drawn = {i for _rect, i in choices.rows}
            if is_exit(level.options[-1]):
                assert len(level.options) - 1 in drawn, (level.title, drawn)
        if size == 100:
            width = decision.rect.w - 32
            for option in level.options:
                labels, details = _row_text(app.fonts, option, width)
                assert not any(line.endswith("…") for line in labels + details), option
        if index is not None:
            choices.back()


@pytest.mark.parametrize("size", SIZES)
def test_startupfever_coach_bubbles_and_tips(audit, size):
    """Learn to play: the first five bubbles of the guided game; then a one-line tip."""
    scene = GuidedGame()
    app = open_app(scene, size)
    newcomer = Newcomer(app, scene, "keyboard")
    shown = []
    for _ in range(20_000):
        app.step()
        bubble = scene.coach.bubble
        if bubble is not None and bubble.topic not in shown and bubble.age > 0.1:
            shown.append(bubble.topic)
            assert_fits(audit, app, 1)
            if len(shown) == 5:
                break
        newcomer()
    assert len(shown) == 5, shown
    table = TableScene(long_named(3, 1), seed=3)
    app = open_app(table, size)
    run_until(app, lambda: table.coach is not None and table.coach.bubble is not None, 3_000)
    assert_fits(audit, app, 1)


@pytest.mark.parametrize("size", SIZES)
def test_startupfever_showdown(audit, size):
    state = play_until(sf.new_game(3, seed=2), lambda s: s.stage == "comp_roll")
    app, scene = _table(state, size, humans=0)
    run_until(app, lambda: scene.showdown.active, 600)
    show = scene.showdown
    run_until(app, lambda: show.phase == "ranks" and show.settled, 3_000)
    assert_fits(audit, app, 2)


@pytest.mark.parametrize("size", SIZES)
def test_startupfever_results_of_six(audit, size):
    state = play_until(sf.new_game(6, seed=2), lambda s: s.is_terminal())
    scene = SfResults(long_named(6, 2), state, [[0] * 6, state.scores()])
    app = open_app(scene, size)
    assert_fits(audit, app, 200)


@pytest.mark.parametrize("size", SIZES)
def test_startupfever_any_cards_beat_of_six(audit, size):
    """The "any cards?" beat asks six people at once: names, buttons and lines fit."""
    THEME.configure(size / 100)
    state = at_stage("window").clone()
    seats = long_named(4, 4)
    ctx = Ctx(seats, TableView(default_layout(), seats), TableModel.from_state(state),
              Settings())
    beat = WindowBeat(WindowOpened(state.window, state.current_slot), state, ctx)
    beat.seats = beat.seats + [0, 1]  # six rows, the most a table has
    canvas = pygame.Surface((1280, 720))
    canvas.fill((0, 0, 0))
    beat.draw(canvas)
    assert audit.texts_seen
    problems = audit.problems_now()
    assert not problems, "\n".join(str(p) for p in problems)


# -- the audit itself -----------------------------------------------------------------------

def test_the_audit_catches_a_label_too_long(audit):
    """The check is not blind: a Settings row whose name runs past its button fails."""
    app = open_app(SettingsScene(), 150)
    step(app, READY)
    button = app.stack.top.menu.buttons[0]
    button.label = "Effects volume, louder than everything else you ever heard"
    step(app, 2)
    outside = audit.outside()
    assert any(p.text == button.label for p in outside), outside


def test_the_audit_catches_two_texts_drawn_over_each_other(audit):
    app = open_app(TitleScene(), 100)
    step(app, READY)
    canvas = app.display.canvas
    font = app.fonts.body(28)
    draw.text(canvas, font, "Player one", (400, 600), (255, 255, 255))
    draw.text(canvas, font, "Player two", (420, 604), (255, 255, 255))
    assert any({p.text, p.other} == {"Player one", "Player two"} for p in audit.overlaps())


def test_the_audit_catches_a_name_running_under_a_badge(audit):
    """A name drawn after the badge beside it, running into it, is caught too."""
    app = open_app(TitleScene(), 100)
    step(app, READY)
    canvas, font = app.display.canvas, app.fonts.body(24)
    row = pygame.Rect(300, 560, 300, 90)
    draw.box(canvas, row, (60, 50, 100), shadow=0)
    badge = pygame.Rect(row.right - 80, row.y + 8, 70, 30)
    pygame.draw.rect(canvas, (250, 200, 60), badge, border_radius=14)
    draw.text(canvas, font, "1st", badge.center, (0, 0, 0))
    draw.text(canvas, font, "Margaret the Magnificent", (row.x + 60, row.y + 10),
              (255, 255, 255), anchor="topleft")
    assert any(p.kind == "crosses" and p.other == "1st" for p in audit.overlaps())


def test_the_audit_puts_pygame_back_when_it_ends():
    before = (pygame.Surface, pygame.font.Font, pygame.draw.rect, draw.render)
    with TextAudit().active():
        assert pygame.Surface is not before[0]
    assert (pygame.Surface, pygame.font.Font, pygame.draw.rect, draw.render) == before
