"""Words on the table never hide it: a banner stays off the User Track,
and a coach tip stays off the track and off every open prompt, at every text size."""

from __future__ import annotations

import pygame
import pytest

from scenes.engine.theme import THEME
from scenes.startupfever import notice
from scenes.startupfever.coach import Coach
from scenes.startupfever.prompt_manage import ManageDecision
from scenes.startupfever.seats import default_seats
from scenes.startupfever.table_view import TABLE
from tests.scenes_startupfever.decision_states import manage_with_rival_staff
from tests.scenes_startupfever.helpers import run_until, step, table


def track_area(scene) -> pygame.Rect:
    """The User Track with its label strips: from the table's top to below its last row."""
    view = scene.view
    fields = view.field_rect(0).unionall([view.field_rect(f) for f in range(1, 47)])
    return pygame.Rect(0, 0, TABLE.w, fields.bottom + 4)


def frame(app) -> pygame.Surface:
    app.stack.draw(app.display.canvas, 1.0)
    return app.display.canvas.copy()


def same(a: pygame.Surface, b: pygame.Surface, area: pygame.Rect) -> bool:
    return pygame.image.tobytes(a.subsurface(area), "RGB") == \
        pygame.image.tobytes(b.subsurface(area), "RGB")


@pytest.mark.parametrize("text", ["J hires nobody: out of money",
                                  "Vesting: every employee moves up one field"])
def test_a_banner_never_covers_the_track(text):
    app, scene = table(default_seats(6, humans=1), seed=5)
    scene.director.queue.clear()
    scene.coach = None
    bare = frame(app)
    for age in (0.1, 0.3, 0.8, 1.4):
        scene.banner_state = [text, (240, 140, 60), "icon_stuck", age]
        shown = frame(app)
        assert same(bare, shown, track_area(scene)), age
        assert not same(bare, shown, scene.view.log_rect())  # it is shown, in the log box
    scene.banner_state = None


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_a_coach_tip_never_covers_an_open_prompt_or_the_track(scale):
    state = manage_with_rival_staff()
    app, scene = table(default_seats(len(state.players), humans=1), state=state, pace=1.0)
    run_until(app, lambda: isinstance(scene.decision, ManageDecision), 900)
    app.settings.text_scale = scale
    THEME.configure(text_scale=scale)
    try:
        step(app, 30)
        scene.coach = None
        bare = frame(app)
        prompt = scene.decision.curtain.area.copy()
        scene.coach = Coach(guided=False)
        scene.coach.say("manage", None)
        shown = frame(app)
        assert not same(bare, shown, TABLE)  # the tip is on screen
        assert same(bare, shown, prompt.inflate(8, 8).clip(TABLE))
        assert same(bare, shown, track_area(scene))
    finally:
        app.settings.text_scale = 1.0
        THEME.configure(text_scale=1.0)


LOG = pygame.Rect(470, 542, 426, 116)
BAND = pygame.Rect(8, 510, 888, 148)


@pytest.mark.parametrize("prompts", [
    [],
    [pygame.Rect(16, 48, 440, 568)],  # a decision panel on the left
    [pygame.Rect(272, 35, 616, 594)],  # on the right, at 150 %
    [pygame.Rect(132, 70, 640, 586)],  # the card beat, six people at 150 %
    [pygame.Rect(152, 197, 600, 270), pygame.Rect(300, 420, 300, 80)],  # cover, roll call
])
def test_the_tip_area_avoids_every_prompt(prompts):
    area = notice.tip_area(LOG, BAND, prompts)
    assert area.collidelist(prompts) == -1
    assert area.w >= 220 and area.h >= 40 and TABLE.contains(area)
