"""Learn to play: a short, fixed Startup Fever game on the real table, with a coach.

The person plays Sam's company against Ada (a scripted rival) in the scenario of
game/startupfever/tutorial.py: a few years into the business, two years that show every
rule, ending when the last product leaks. Its dice and cards are the scenario's
(`next_chance`), whatever it leaves to chance comes from its seed.

- The coach (coach.py) explains each rule the first time it happens, pointing at it;
  the game waits for one confirm (or Back) on each bubble.
- Hands-on steps: where the scenario asks for an action (`tutorial.lesson`), the options
  that do not lead to it are dimmed (lessons.py), the panel says what to do (in place
  of its how-line), and a wrong pick turns that into a hint. A pick the dimming cannot
  stop (a sealed budget without the asked product) is refused with the same hint.
- Leaving asks first (the pause menu's "Leave the tutorial?"); nothing is saved.
- At the end, the debrief (debrief.py): what each rule did, then a real game or the title.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.startupfever import tutorial
from scenes.engine.input import CLICK, Action
from scenes.engine.palette import GOLD
from scenes.startupfever.coach import Coach
from scenes.startupfever.debrief import DebriefScene, Notes
from scenes.startupfever.lessons import TASKS, first_enabled, steer
from scenes.startupfever.seats import Seat, default_seats
from scenes.startupfever.table_scene import TableScene

PERSON_NAME = "Sam"  # a real name: the log reads "Sam hires a Nerd", never "You hires"
PICKS = ("confirm", CLICK, "rshoulder", "lshoulder")  # what picks an option


def guided_seats() -> list[Seat]:
    """Sam (the person) and Ada (the scenario's rival), in the default colours."""
    seats = default_seats(2, humans=1)
    return [replace(seats[0], name=PERSON_NAME),
            replace(seats[1], name=tutorial.RIVAL_NAME, level="easy")]


class GuidedGame(TableScene):
    """The real table with the scenario, the coach and the hands-on steps (module notes)."""

    def __init__(self) -> None:
        seats = guided_seats()
        super().__init__(seats, seed=tutorial.SEED,
                         state=tutorial.tutorial_state(seats[0].name))
        self.lesson: tutorial.Lesson | None = None
        self.notes = Notes([s.name for s in seats],
                           {slot: p.owner for slot, p in self.initial_state.products.items()})

    def enter(self) -> None:
        super().enter()
        self.agents[tutorial.RIVAL] = tutorial.RivalPlayer()
        self.coach.say("intro", None)
        slot = self.state.current_slot
        self.coach.say("turn", self.view.product_rect(slot) if slot else None)

    def make_coach(self) -> Coach:
        return Coach(guided=True)

    def next_chance(self) -> Any:
        """The scenario's die or card where it fixes one, else the seeded RNG's."""
        fixed = tutorial.outcome(self.state)
        return fixed if fixed is not None else self.state.sample_chance()

    def heard(self, events: list) -> None:
        """The rules' events go to the results' story and to the debrief's notes."""
        super().heard(events)
        self.notes.add(events)

    def save_now(self, wait: bool = True) -> bool:
        """Never saved: the guided game must not take the place of a real game's save."""
        return True

    def open_pause(self, message: str = "") -> None:
        """The pause menu without saving: its way out asks "Leave the tutorial?"."""
        self.sound("back")
        self.fast.clear()
        if self.roll_call is not None:
            self.roll_call.holding = False
        self.app.stack.push(self.app.screens.make("pause", self.GAME, self.PAUSE_PAGE, None,
                                                  message, None))

    # -- hands-on steps ----------------------------------------------------------------------

    def ask_person(self, seat: int, state: Any, legal: list) -> Any:
        ready = super().ask_person(seat, state, legal)
        if self.decision is not None:
            self._steer()
        return ready

    def _steer(self) -> None:
        """Dim what the scenario does not ask for now, and say what it asks."""
        from scenes.startupfever.prompt_year import MarketingDecision

        self.lesson = tutorial.lesson(self.state)
        if self.lesson is None:
            self.coach.set_task(None)
            return
        level = self.decision.choices.levels[0]
        steer(level.options, self.lesson.wants,
              budget=isinstance(self.decision, MarketingDecision))
        del self.decision.choices.levels[1:]
        level.selected = first_enabled(level.options)
        self.coach.set_task(self.lesson.step)
        self.decision.note = TASKS.get(self.lesson.step, ("", "", ""))[1]

    def _to_decision(self, action: Action) -> bool:
        decision, lesson = self.decision, self.lesson
        depth = len(decision.choices.levels)
        choice = decision.handle(action)
        if choice is None:
            row = decision.choices.current
            if lesson is not None and action.pressed and action.name in PICKS \
                    and len(decision.choices.levels) == depth and not row.enabled \
                    and not row.back and (not decision.secret or decision.curtain.open):
                self._wrong()
            return True
        if lesson is not None and not lesson.wants(choice):
            self.context().queue.clear()  # a sealed budget's later steps: asked afresh
            from scenes.startupfever.decisions import decision_for

            self.decision = decision_for(self.state, self.context())
            self.decision.device = decision.device
            self._steer()
            self._wrong()
            return True
        self.decision = None
        self.lesson = None
        self.coach.set_task(None)
        self.sound("confirm")
        self.driver.answer(choice)
        return True

    def _wrong(self) -> None:
        """A pick the step does not ask for: its hint takes the note's place, in gold."""
        self.coach.wrong += 1
        self.sound("error")
        if self.decision is not None and self.lesson is not None:
            hint = TASKS.get(self.lesson.step, ("", "", "pick the lit option"))[2]
            self.decision.note = "Not that one: " + hint
            self.decision.note_colour = GOLD

    def update(self, dt: float) -> None:
        if self.decision is None and self.coach is not None and self.coach.task:
            self.coach.set_task(None)
        super().update(dt)

    def show_results(self) -> None:
        """The debrief instead of the results: what each rule did in this game."""
        if not self.finishing():
            return
        self.app.stack.replace(DebriefScene(self.notes))
