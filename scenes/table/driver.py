"""One turn driver for both games: whose move it is, where the answer comes from, how long
the table waits for it.

Each update with nothing left to animate, the game screen calls `TurnDriver.update`. It
asks the rules who acts (`state.current_player`):

- the game is over: the screen shows its results;
- a chance step (dice, a card draw): the screen may hold it (`hold_chance`: a person's own
  die waiting for their press, a computer's roll beat, a line-up shown first); otherwise
  the driver plays the screen's `next_chance` (the state's seeded RNG; a scenario such
  as the tutorial fixes some outcomes);
- a seat's decision: the seat's `DecisionSource` (`scenes.table.sources`) is asked once
  (`begin`) and polled every update until it answers. While a source that thinks aloud
  decides, `thinking` names the seat (the screen draws a thought bubble) for at least the
  time the screen's `think_pace` gives. The rules check the answer: an illegal one is
  refused (their `IllegalAction`; the state stays as it was) and the seat is asked again.

Applied actions go through the screen's `play` (the rules' `apply`, the events to the
director, the autosave after a completed turn: `scenes.saving.Autosaving`). A person's
source may answer `TAKE_BACK` instead (`game.undo`): the screen's `take_back` puts the
game back as it was before that person's newest step, and the seat is asked again.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.undo import TAKE_BACK
from scenes.table.sources import DecisionSource, DeviceSource

CHAIN_LIMIT = 400  # decisions taken in one update at most (a sealed budget: tokens + 1)


class Table(Protocol):
    """What the driver needs of a game screen (`BoardScene`, `TableScene`)."""

    state: Any

    def waiting(self) -> bool:
        """A person's question or die is open: nothing moves on until they answer."""

    def show_results(self) -> None: ...

    def hold_chance(self, dt: float) -> bool:
        """True while this chance step waits (a person's die, a beat, a line-up first)."""

    def source_for(self, seat: int) -> DecisionSource:
        """The seat's decision source (made afresh for each decision)."""

    def think_pace(self, seat: int, source: DecisionSource) -> tuple[bool, float]:
        """(show a thought bubble?, seconds to show it at least) while `source` decides."""

    def thought(self, seat: int) -> None:
        """The thinking time of `seat`'s decision is over (its answer is taken next)."""

    def hold_decision(self, seat: int) -> bool:
        """True while `seat`'s decision waits for something shown first (an announcement)."""

    def chain(self, seat: int, stage: Any) -> bool:
        """Whether the decision after `seat`'s, taken at `stage`, comes in the same update."""

    def play(self, action: Any) -> None:
        """Apply a decision or chance outcome and show its events."""

    def next_chance(self) -> Any:
        """The outcome of the chance step now (the state's seeded RNG, or a scenario's)."""

    def take_back(self) -> bool:
        """A person takes back their newest step (`game.undo`); True if there was one."""


class TurnDriver:
    """chance: the rules' "chance acts" player number. illegal: the rules' refusal (their
    `IllegalAction`). sources: seats whose decisions come from elsewhere than
    `table.source_for` (a script, a phone)."""

    def __init__(self, table: Table, chance: int, illegal: type[Exception],
                 sources: dict[int, DecisionSource] | None = None) -> None:
        self.table = table
        self.chance = chance
        self.illegal = illegal
        self.sources: dict[int, DecisionSource] = dict(sources or {})
        self.asking: tuple[int, DecisionSource, list] | None = None  # the decision begun
        self.asked_in: Any = None  # the state it was begun in
        self.thinking: int | None = None  # a computer seat deciding: its thought bubble
        self.think = 0.0  # seconds `thinking` has been deciding
        self.refused = 0  # illegal answers refused so far

    def update(self, dt: float) -> None:
        """Ask the rules what happens next; only a person's decision or die waits for input.
        A decision the table chains (`chain`) is followed by the next in the same update,
        as if that update had just begun: it gets the whole `dt` too (a chained answer takes
        no time, so a thought after it lasts exactly as long as without it)."""
        for _ in range(CHAIN_LIMIT):
            state = self.table.state
            seat, stage = state.current_player, getattr(state, "stage", None)
            if not self._step(dt) or not self.table.chain(seat, stage):
                return

    def _step(self, dt: float) -> bool:
        """One look at the rules; True when a seat's decision was played."""
        table = self.table
        if table.waiting():
            return False
        state = table.state
        if state.is_terminal():
            table.show_results()
            return False
        seat = state.current_player
        if seat == self.chance:
            if not table.hold_chance(dt):
                chance = getattr(table, "next_chance", None)  # a scenario's, else the RNG's
                table.play(chance() if chance is not None else state.sample_chance())
            return False
        if table.hold_decision(seat):
            return False
        source, legal = self._ask(seat)
        if source.shows_thinking:
            show, least = table.think_pace(seat, source)
            if show:
                self.thinking = seat
                self.think += dt
                if self.think < least:
                    return False
                table.thought(seat)
        return self.collect()

    def _ask(self, seat: int) -> tuple[DecisionSource, list]:
        """The source asked for `seat`'s decision: begun now if it is not yet."""
        state = self.table.state
        if self.asking is None or self.asking[0] != seat or self.asked_in is not state:
            source = self.sources.get(seat) or self.table.source_for(seat)
            legal = state.legal_actions()
            self.asking, self.asked_in = (seat, source, legal), state
            source.begin(seat, state, legal)
        return self.asking[1], self.asking[2]

    def collect(self) -> bool:
        """Take the asked source's answer if it has one (a person's choice is taken in the
        same frame it is made); True when an action was played."""
        if self.asking is None:
            return False
        action = self.asking[1].poll()
        if action is None:
            return False
        self.asking = None
        self.think = 0.0
        self.thinking = None
        if action is TAKE_BACK:  # "Take back" (a pad, a key, a phone): the game as before
            self.table.take_back()
            return False
        try:
            self.table.play(action)
        except self.illegal:  # refused, the state unchanged: the seat is asked again
            self.refused += 1
            return False
        return True

    def answer(self, action: Any) -> bool:
        """A person's choice on the screen's own question (the asked `DeviceSource`'s, or
        one a test opened by hand); True when it was played."""
        source = self.asking[1] if self.asking is not None else None
        if isinstance(source, DeviceSource):
            source.answer(action)
            return self.collect()
        try:
            self.table.play(action)
        except self.illegal:
            self.refused += 1
            return False
        return True

    def cancel(self) -> None:
        """Leaving the game: the asked source forgets its question."""
        if self.asking is not None:
            self.asking[1].cancel()
        self.asking = None
        self.thinking = None
        self.think = 0.0
