"""Learn to play: the tutorial scenario on the real table, played by a scripted newcomer
with a pad only and with the keyboard only, to the debrief; hands-on steps (other
options dimmed, a hint after a wrong pick); Back closes a bubble, leaving asks first;
bubbles never cover the open options or the log, at every text size."""

from __future__ import annotations

import pytest

from scenes.engine.input import Action
from scenes.engine.theme import THEME
from scenes.startupfever.coach import TIPS, Coach, place_bubble
from scenes.startupfever.debrief import DebriefScene
from scenes.startupfever.guided import GuidedGame
from scenes.startupfever.lessons import TASKS
from scenes.startupfever.prompt_manage import ManageDecision
from scenes.startupfever.prompt_year import MarketingDecision
from scenes.startupfever.seats import default_seats
from scenes.startupfever.table_scene import COACH_AREA, TABLE, TableScene
from tests.scenes_servermania.helpers import READY, new_app, press, step

# every rule's bubble, as the scenario shows them
TAUGHT = ("intro", "turn", "roll", "adoption", "launch", "vp", "cards", "revenue", "manage",
          "poach", "hire", "vesting", "user_loss", "counter", "defense", "retain",
          "executives", "year_end", "showdown", "showdown_result", "reassign", "marketing",
          "order", "leak", "last_year", "end")
HANDS_ON = ("play_card", "hire_nerd", "end_manage", "push_back", "end_loss", "counter",
            "defend", "retain", "hire_suit", "end_reassign", "market", "seal", "first_place",
            "leak")


class Newcomer:
    """A person new to the game with one device: reads each bubble (confirm, or Back as
    a console player closes a dialog), throws the die, passes beats, and at a hands-on
    step picks the one option left lit (a budget: $2 on A, then seal); free steps take
    the way out. `after`: seconds before each answer. `overlaps` collects any bubble
    drawn over the open options or the log."""

    def __init__(self, app, scene, device: str, after: float = 0.3) -> None:
        self.app, self.scene, self.device, self.after = app, scene, device, after
        self.bubbles: list[str] = []
        self.overlaps: list[str] = []
        self.presses = 0
        self.checked: set[tuple] = set()

    def press(self, name: str) -> None:
        self.presses += 1
        press(self.app, name, self.device)

    def hold(self, name: str, down: bool) -> None:
        self.app.stack.dispatch(Action(name, self.device, down))

    def __call__(self) -> None:
        app, scene = self.app, self.scene
        if app.stack.top is not scene:
            return
        coach = scene.coach
        self.check_layout()
        if coach.holding and scene._coach_shows():
            if coach.bubble.topic not in self.bubbles:
                self.bubbles.append(coach.bubble.topic)
            if coach.bubble.age > self.after:
                self.press("back" if len(self.bubbles) % 2 else "confirm")
            return
        decision = scene.decision
        if decision is not None and decision.t > self.after:
            self.decide(decision)
        elif (scene.roll_call is not None and scene.roll_call.t > self.after) or \
                (scene.beat is not None and scene.beat.t > self.after):
            self.press("confirm")

    def decide(self, decision) -> None:
        secret = decision.secret
        if secret:
            self.hold("y", True)
            self.app.step()
        pick = "rshoulder" if secret and self.device != "keyboard" else "confirm"
        choices = decision.choices
        if self.scene.lesson is None:
            self.press("up")  # up wraps to the last row: the way out
        elif isinstance(decision, MarketingDecision):
            while choices.current.key != "A":
                self.press("down")
            for _ in range(2 - decision.budget["A"]):
                self.press("right")
            while choices.current.key != "seal":
                self.press("down")
        else:
            options = choices.level.options
            target = next(i for i, o in enumerate(options) if o.enabled and not o.back)
            while choices.level.selected != target:
                self.press("down")
        self.press(pick)
        if secret:
            self.hold("y", False)

    def check_layout(self) -> None:
        """Drawn bubbles never cover the open options or the log (their own rects)."""
        scene, coach = self.scene, self.scene.coach
        if not coach.guided or not scene._coach_shows():
            return
        key = (id(coach.bubble), coach.task, coach.wrong, id(scene.decision),
               id(scene.beat), id(scene.roll_call))
        if key in self.checked or (coach.bubble is None and coach.task is None):
            return
        self.checked.add(key)
        self.app.render(1.0)  # the prompts' places are laid out as they are drawn
        fonts = self.app.fonts
        avoid = scene.coach_avoids()
        bubble = coach.bubble_rect(fonts, COACH_AREA, avoid)
        if bubble is not None and (bubble.collidelist(avoid) >= 0
                                   or not COACH_AREA.contains(bubble)):
            self.overlaps.append(coach.bubble.topic)
        if bubble is not None and scene.decision is not None:
            scene.decision.curtain.area = None  # set again when the options are drawn
            self.app.stack.draw(self.app.display.canvas, 1.0)
            if scene.decision.curtain.area is not None:
                self.overlaps.append(f"options drawn under {coach.bubble.topic}")


def play_tutorial(device: str, seed: int, after: float = 0.3, limit: int = 120_000):
    scene = GuidedGame()
    app = new_app(scene, seed=seed)
    step(app, READY)
    newcomer = Newcomer(app, scene, device, after)
    for frame in range(limit):
        if isinstance(app.stack.top, DebriefScene):
            return app, scene, newcomer, frame
        app.step()
        newcomer()
    raise AssertionError(f"the tutorial did not end: {app.stack.top}")


@pytest.mark.parametrize("device", ["pad:0", "keyboard"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_newcomer_finishes_the_tutorial_with_one_device(device, seed):
    app, scene, newcomer, _frames = play_tutorial(device, seed)
    assert scene.state.is_terminal() and scene.state.year == 2
    assert list(newcomer.bubbles) == list(TAUGHT)  # every rule, once, in this order
    assert list(dict.fromkeys(scene.coach.tasks_done)) == list(HANDS_ON)
    assert not newcomer.overlaps
    rules = [rule for rule, _words in app.stack.top.rows]
    assert rules == ["Adoption", "Launch", "Revenue", "Hiring", "Poach, retain",
                     "Event Cards", "User loss", "Showdowns", "Marketing", "Turn order",
                     "Leak", "The end"]
    words = " ".join(w for _rule, w in app.stack.top.rows)
    assert "Defense cancelled the Audit" in words and "kept it for $3" in words


def test_the_tutorial_takes_under_twelve_minutes_answering_in_two_seconds():
    _app, _scene, newcomer, frames = play_tutorial("keyboard", 1, after=2.0, limit=12 * 3600)
    assert frames < 12 * 3600
    assert newcomer.bubbles[-1] == "end"


def _first_task(app, scene):
    newcomer = Newcomer(app, scene, "pad:0")
    for _ in range(20_000):
        app.step()
        if isinstance(scene.decision, ManageDecision) and scene.lesson is not None \
                and not scene.coach.holding:
            return scene.decision
        newcomer()
    raise AssertionError("no hands-on manage step")


def test_a_hands_on_step_dims_the_other_options_and_hints_after_a_wrong_pick():
    scene = GuidedGame()
    app = new_app(scene)
    step(app, READY)
    decision = _first_task(app, scene)
    assert scene.coach.task == "hire_nerd"
    options = decision.choices.level.options
    lit = [o.label for o in options if o.enabled]
    assert lit == ["Hire from the supply"]
    assert decision.choices.current.enabled
    press(app, "down", "pad:0")  # onto a dimmed row
    press(app, "confirm", "pad:0")
    assert scene.coach.wrong == 1 and scene.decision is decision
    press(app, "up", "pad:0")
    press(app, "confirm", "pad:0")  # Hire from the supply: only the Nerd is lit
    assert [o.label.split(" for")[0] for o in decision.choices.level.options
            if o.enabled and not o.back] == ["Nerd"]


def test_back_closes_a_bubble_and_leaving_asks_first():
    scene = GuidedGame()
    app = new_app(scene)
    step(app, READY)
    first = scene.coach.bubble
    assert first is not None and first.topic == "intro"
    steps = scene.director.played
    step(app, 120)
    assert scene.coach.bubble is first and scene.director.played == steps  # it waits
    press(app, "back", "pad:0")
    assert scene.coach.bubble is not first and app.stack.top is scene  # closed, not left
    while scene.coach.holding:
        step(app, 12)
        press(app, "back", "pad:0")
    step(app, 12)
    press(app, "pause", "pad:0")
    step(app, 5)
    assert type(app.stack.top).__name__ == "PauseMenu"
    press(app, "up", "pad:0")  # the last row: leave
    press(app, "confirm", "pad:0")
    step(app, 5)
    assert type(app.stack.top).__name__ == "ConfirmOverlay"  # asked first


def test_the_guided_game_never_takes_the_place_of_a_saved_game():
    scene = GuidedGame()
    app = new_app(scene)
    step(app, READY)
    assert scene.save_now() is True and app.saves.load("startupfever") is None


def test_the_person_has_a_real_name_in_the_log():
    _app, scene, _newcomer, _frames = play_tutorial("keyboard", 1)
    lines = [text for text, _colour in scene.log_panel.entries]
    assert not any(line.startswith("You ") or "You's" in line for line in lines)
    assert any(line.startswith("Sam") for line in lines)


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_bubbles_never_cover_the_options_or_the_log_at_any_text_size(scale):
    scene = GuidedGame()
    app = new_app(scene)
    THEME.configure(text_scale=scale)
    try:
        step(app, READY)
        newcomer = Newcomer(app, scene, "keyboard")
        seen = set()
        for _ in range(40_000):
            if isinstance(app.stack.top, DebriefScene):
                break
            app.step()
            if scene.decision is not None and scene.coach.bubble is not None:
                seen.add(scene.decision.stage)
            newcomer()
        assert not newcomer.overlaps
        assert {"manage", "counter"} <= seen  # bubbles beside open options
    finally:
        THEME.configure(text_scale=1.0)


def test_place_bubble_keeps_clear_of_what_it_must_not_cover():
    panel = TABLE.copy()
    panel.w = 460
    log = TABLE.copy()
    log.update(470, 542, 426, 116)
    spot = place_bubble((380, 200), None, [panel, log], TABLE)
    assert not spot.colliderect(panel) and not spot.colliderect(log) and TABLE.contains(spot)


def test_tips_explain_each_step_once_per_machine_and_never_wait():
    seats = default_seats(3, humans=1)
    app = new_app(TableScene(seats, seed=3))
    scene = app.stack.top
    step(app, READY)
    assert scene.coach is not None and not scene.coach.guided
    for _ in range(3_000):
        app.step()
        if scene.coach.bubble is not None:
            break
    assert scene.coach.bubble is not None and not scene.coach.holding
    seen = list(app.settings.coach_seen)
    assert seen and set(seen) <= set(TIPS)
    again = Coach(guided=False, seen=set(seen))
    again.say(seen[0], None)
    assert again.bubble is None  # explained on this machine already
    app.settings.coach = False
    app.stack.replace(TableScene(seats, seed=3))
    step(app, READY)
    assert app.stack.top.coach is None


def test_a_tip_leaves_the_newest_log_line_readable():
    seats = default_seats(3, humans=1)
    app = new_app(TableScene(seats, seed=3))
    scene = app.stack.top
    step(app, READY)
    for _ in range(3_000):
        app.step()
        if scene.coach.bubble is not None and scene.log_panel.entries and \
                scene.decision is None:
            break
    area = scene.tip_area()
    log = scene.view.log_rect()
    newest = scene.log_panel.newest_height(app.fonts)
    line = log.copy()
    line.update(log.x, log.bottom - newest, log.w, newest)
    assert newest > 0 and not area.colliderect(line)  # the newest line stays readable


def test_the_demo_has_no_coach():
    from scenes.demo import DemoScene

    app = new_app(DemoScene(game="startupfever", seed=1))
    step(app, READY)
    assert app.stack.top.coach is None


def test_every_topic_has_a_bubble_and_a_one_line_tip_and_every_step_its_words():
    from game.startupfever.tutorial import lesson
    from scenes.startupfever.coach import LINES

    assert set(LINES) == set(TIPS)
    assert all(len(line) <= 64 for line in LINES.values())
    assert set(HANDS_ON) <= set(TASKS)
    assert callable(lesson)


def test_the_debrief_offers_a_real_game_with_easy_computers():
    from scenes.startupfever.setup import NewGameScene

    app, _scene, _newcomer, _frames = play_tutorial("keyboard", 1)
    app.settings.levels["startupfever"] = "hard"  # even after a Hard game on this machine
    step(app, 30)
    press(app, "confirm", "keyboard")  # the first choice: play a real game
    step(app, 30)
    lobby = app.stack.top
    assert isinstance(lobby, NewGameScene) and lobby.level == "easy"
    press(app, "confirm", "keyboard")  # the keyboard joins
    assert {s.level for s in lobby.seats() if not s.human} == {"easy"}


def test_a_tip_keeps_clear_of_an_event_card_still_up():
    """A one-line tip while an Event Card stands on the table goes beside the card, so
    the card's text stays readable (it used to cover the card's last lines)."""
    from scenes.startupfever.movers import EventCardFlip

    seats = default_seats(3, humans=1)
    app = new_app(TableScene(seats, seed=3))
    scene = app.stack.top
    step(app, READY)
    before = scene.tip_area()
    scene.card = EventCardFlip("Viral Growth", "Played on a Product before its New User "
                               "Adoption. Word spreads like wildfire: add 3 to this "
                               "Product's user adoption this turn.", (0, 0),
                               scene.card_spot(), app.fonts)
    card = scene.card.area
    assert card.colliderect(before)  # where the tip went before: over the card
    area = scene.tip_area()
    assert area.w >= 200 and not area.colliderect(card)
