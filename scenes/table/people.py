"""`main.py pace`'s scripted people: every human seat of one game screen, answering each
prompt a set time after it opens (`scenes/tools/pace.py` runs them; each game says what
its prompts are in `scenes/<game>/people.py`)."""

from __future__ import annotations

from typing import Any

from scenes.engine.input import Action

STEP_HZ = 60


class ScriptedPeople:
    """Every human seat of one screen, answering each prompt `after` seconds in."""

    def __init__(self, app: Any, scene: Any, after: float) -> None:
        self.app, self.scene, self.after = app, scene, after
        people = [i for i, s in enumerate(scene.seats) if s.human]
        self.prompts = dict.fromkeys(people, 0)
        self.presses = dict.fromkeys(people, 0)  # buttons pressed, per person
        self.window_updates = 0  # updates a card window was on the table (a game's own)
        self.window_wait_updates = 0  # ... of them, with nothing else to show: its own time
        self.pressing: int | None = None  # the seat whose answer is being pressed
        self.free_since = dict.fromkeys(people, 0.0)  # game time of each one's last answer
        self.longest_idle = 0.0
        self.waiting: dict[int, float] = {}  # seat -> game time its open prompt opened
        self.keys: dict[int, Any] = {}  # seat -> the prompt it waits on (a new one counts)
        self.calls = 0
        self.tried: set[tuple] = set()  # (stage, year, product, seat) where "first" was taken

    @property
    def now(self) -> float:
        return self.app.updates / STEP_HZ

    def send(self, name: str, pressed: bool = True) -> None:
        if pressed and self.pressing is not None:
            self.presses[self.pressing] += 1
        self.app.stack.dispatch(Action(name, "keyboard", pressed))

    def tap(self, name: str) -> None:
        self.send(name, True)
        self.send(name, False)

    def asked(self) -> dict[int, Any]:
        """seat -> the prompt now waiting on that person (a screen-specific key)."""
        raise NotImplementedError

    def answer(self, seat: int) -> None:
        raise NotImplementedError

    def in_window(self) -> bool:
        """Whether a card window is on the table now (a game with none: never)."""
        return False

    def window_waits(self) -> bool:
        """Whether the table waits on that card window alone now (nothing else plays):
        the time a window adds, where riding on an animation costs nothing."""
        return False

    def __call__(self) -> None:
        if self.app.stack.top is not self.scene or self.scene.leaving:
            return
        now = self.now
        if self.in_window():
            self.window_updates += 1
            if self.window_waits():
                self.window_wait_updates += 1
        asked = self.asked()
        for seat, key in asked.items():
            if self.keys.get(seat) is not key or seat not in self.waiting:
                self.keys[seat] = key
                self.waiting[seat] = now
                self.prompts[seat] += 1
                self.longest_idle = max(self.longest_idle, now - self.free_since[seat])
        for seat in [s for s in self.waiting if s not in asked]:  # answered (or moved on)
            del self.waiting[seat]
            self.keys.pop(seat, None)
            self.free_since[seat] = now
        for seat, since in list(self.waiting.items()):
            if now - since >= self.after:
                self.pressing = seat
                self.answer(seat)
                self.pressing = None
                break  # one answer per update: the screen moves on in between
