"""Run Startup Fever scenes headless in-process: SERVERMANIA's helpers (step, press,
run_until, shoot, assert_not_blank) plus table builders for these tests."""

from __future__ import annotations

from game import startupfever as sf
from scenes.engine.app import App
from scenes.engine.input import CLICK, POINT, Action
from scenes.startupfever.results import ResultsScene
from scenes.startupfever.seats import Seat, default_seats
from scenes.startupfever.table_scene import TableScene
from tests.scenes_servermania.helpers import (
    READY,
    SHOTS,
    assert_not_blank,
    new_app,
    press,
    run_until,
    shoot,
    step,
)

__all__ = ["READY", "SHOTS", "assert_not_blank", "new_app", "press", "run_until", "shoot",
           "step", "computers", "table", "at_results", "advance_to", "Person"]

PACE = 8.0  # whole games play this much faster than at speed 1


def computers(count: int) -> list[Seat]:
    return default_seats(count, humans=0)


def table(seats: list[Seat], seed: int = 3, pace: float = PACE, state: sf.State | None = None,
          speed: float = 1.0, **kw) -> tuple[App, TableScene]:
    """A headless app showing a fresh TableScene, past its fade-in (input is accepted)."""
    scene = TableScene(seats, seed=seed, pace=pace, state=state, **kw)
    app = new_app(scene, speed=speed)
    step(app, READY)
    return app, scene


def at_results(app: App) -> bool:
    return isinstance(app.stack.top, ResultsScene)


def advance_to(state: sf.State, stage: str, limit: int = 20_000) -> sf.State:
    """Play `state` on with rule players and sampled chance until it reaches `stage`."""
    from game.startupfever.players import RulePlayer

    agents = [RulePlayer(i) for i in range(len(state.players))]
    for _ in range(limit):
        if state.stage == stage:
            return state
        seat = state.current_player
        action = state.sample_chance() if seat == sf.CHANCE else \
            agents[seat].decide(state, state.legal_actions())
        state.apply(action)
    raise AssertionError(f"stage {stage!r} not reached")


class Person:
    """Plays every human seat of a table with ONE device: keys, a pad or the mouse.

    Each frame it looks at what the scene asks: a die to throw, the "any cards?" beat
    (it passes), or a decision. At a decision it mostly takes the last enabled option of
    the top list (End, Done, Pass, Seal...), every third time the first enabled one (a
    hire, a card, a worker), and in a sub-list the first enabled one, so the game moves
    on and the person really plays. Secret decisions are answered behind the held
    curtain (Y, or a mouse press on the cover released on the option).
    """

    def __init__(self, app: App, scene: TableScene, device: str,
                 by_seat: dict[int, str] | None = None) -> None:
        self.app, self.scene, self.device = app, scene, device
        self.by_seat = by_seat or {}  # several people: each seat's own device
        self.used: set[str] = set()
        self.asked: list[str] = []  # the stages of the decisions answered
        self.rolls = 0
        self.beats = 0
        self.calls = 0
        self.opened = None  # the decision whose sub-list this person opened

    @property
    def mouse(self) -> bool:
        return self.device == "mouse"

    def send(self, name: str, pressed: bool = True, pos=None) -> None:
        self.app.stack.dispatch(Action(name, self.device, pressed, pos=pos))

    def tap(self, name: str, pos=None) -> None:
        self.send(name, True, pos)
        self.send(name, False, pos)

    def click(self, pos) -> None:
        self.send(POINT, True, pos)
        self.tap(CLICK, pos)

    def use(self, seat: int | None) -> None:
        """Answer with the device of `seat` (one device for everyone by default)."""
        self.device = self.by_seat.get(seat, self.device) if seat is not None else \
            self.device
        self.used.add(self.device)

    def __call__(self) -> None:
        s = self.scene
        if self.app.stack.top is not s or s.leaving:
            return
        seat = s.rolling_for if s.rolling_for is not None else \
            s.beat.seat if s.beat is not None and s.beat.seats and not s.beat.done else \
            s.decision.seat if s.decision is not None else None
        self.use(seat)
        if s.rolling_for is not None:
            self.rolls += 1
            self.click((450, 300)) if self.mouse else self.tap("confirm")
        elif s.beat is not None and not s.beat.done:
            self.beats += 1
            self._pass_beat(s.beat)
        elif s.decision is not None and s.decision.t > 0.05:
            self._decide(s.decision)
        elif not s.fast and s.director.queue:
            if self.mouse:
                self.send(POINT, True, (450, 300))
                self.send(CLICK, True, (450, 300))  # held on the table: fast
            else:
                self.send("rshoulder")

    def _pass_beat(self, beat) -> None:
        if not self.mouse:
            self.tap("confirm")
            return
        self.app.render(1.0)  # the rows' rects come from drawing
        for i, (_row, _look, skip) in enumerate(beat.rows):
            if beat.seats[i] not in beat.answers:
                self.click(skip.center)
                return

    def _decide(self, decision) -> None:
        self.calls += 1
        self.asked.append(decision.stage or type(decision).__name__)
        choices = decision.choices
        options = choices.level.options
        enabled = [i for i, o in enumerate(options) if o.enabled]
        if not enabled:
            self.tap("back")
            return
        if len(choices.levels) > 1 and decision is not self.opened:
            self.tap("back")  # a sub-list restored from last time: start from the top
            return
        first = len(choices.levels) > 1 or self.calls % 3 == 0
        self.opened = decision
        target = enabled[0] if first else enabled[-1]
        if self.mouse:
            self._decide_by_mouse(decision, target)
            return
        if decision.secret:
            self.send("y", True)
        for _ in range(len(options)):
            if choices.level.selected == target:
                break
            self.tap("down")
        self.tap("confirm")
        if decision.secret:
            self.send("y", False)

    def _decide_by_mouse(self, decision, target: int) -> None:
        choices = decision.choices
        self.app.render(1.0)
        if decision.secret:  # press and hold on the cover, release on the option
            self.send(POINT, True, decision.curtain.area.center)
            self.send(CLICK, True, decision.curtain.area.center)
        for _ in range(len(choices.level.options)):
            if choices.level.selected == target:
                break
            self.send("down")  # the wheel
        self.app.render(1.0)
        row = next((r for r, i in choices.rows if i == target), None)
        if row is None:
            if decision.secret:
                self.send(CLICK, False, (0, 0))
            return
        if decision.secret:
            self.send(POINT, True, row.center)
            self.send(CLICK, False, row.center)
        else:
            self.click(row.center)
