"""Startup Fever's scripted people for `main.py pace` (`scenes.table.people`)."""

from __future__ import annotations

from typing import Any

from scenes.startupfever.beat import AgainBeat
from scenes.table.people import ScriptedPeople


class StartupFeverPeople(ScriptedPeople):
    """Startup Fever's people: the die, card windows and decisions. At a card window a
    person who holds a card playable there plays it (the card button, then the card);
    one who does not lets the window pass (a passive window: no press at all; a beat
    with rows: Pass). The target of a card holding Defense plays it. Other decisions:
    mostly the last option (End / Pass / Seal), every third time the first one, as a
    person who hires now and then, at most once a turn and stage."""

    def in_window(self) -> bool:
        """A card beat on the table, or a card / Defense question open to a person (the
        rules' state may rest at a window while the table still shows what came before:
        that is not counted)."""
        s = self.scene
        decision = s.decision
        return s.beat is not None or (decision is not None
                                      and decision.stage in ("window", "defense"))

    def window_waits(self) -> bool:
        """A beat with no animation left beside it (its gate heads the queue), or a card /
        Defense question open."""
        s = self.scene
        if s.beat is None:
            return True  # a card / Defense decision (in_window)
        queue = s.director.queue
        return not queue or getattr(queue[0], "gate", False)

    def __call__(self) -> None:
        """A passive window: a person who holds a card playable there reaches for the
        card button at once and picks their row (they knew they would play); nobody
        else does a thing. (A Defense question's row is answered as below.)"""
        beat = self.scene.beat
        if self.app.stack.top is self.scene and beat is not None and not beat.done \
                and beat.passive and not beat.opened:
            keen = [] if isinstance(beat, AgainBeat) else [  # one card a window
                seat for seat in beat.seats if beat.can_play(seat)]
            if keen:
                self.pressing = keen[0]
                self.tap("y")  # the rows show
                self.pressing = None
            if beat.picks:
                for seat in keen:
                    self.pressing = seat
                    while beat.seats[beat.selected] != seat:
                        self.tap("down")
                    self.tap("confirm")  # "I'll play": the card decision comes next
                    self.pressing = None
        super().__call__()

    def asked(self) -> dict[int, Any]:
        s = self.scene
        if s.roll_call is not None:
            return {s.roll_call.seat: s.roll_call}
        beat = s.beat
        if beat is not None and not beat.done:
            if beat.passive and (not beat.opened or beat.picks):  # nobody must answer
                return {}
            return {seat: beat for seat in beat.seats if seat not in beat.answers}
        if s.decision is not None:
            return {s.decision.seat: s.decision}
        return {}

    def answer(self, seat: int) -> None:
        s = self.scene
        if s.roll_call is not None:
            self.tap("confirm")
        elif s.beat is not None and not s.beat.done:
            beat = s.beat
            if seat in beat.seats and beat.seats.index(seat) != beat.selected:
                beat.selected = beat.seats.index(seat)
            if beat.can_play(seat):  # behind the curtain: "Play a card" / "Play Defense"
                self.send("y", True)
                self.tap("confirm")
                self.send("y", False)
            else:
                self.tap("confirm")  # pass
        elif s.decision is not None:
            self._decide(s.decision)

    def _turn(self, stage: str, seat: int) -> tuple:
        """Where a person took the first option once (a card played: once a window)."""
        state = self.scene.state
        return (stage, state.year, state.current_slot, seat, getattr(state, "window", None))

    def _decide(self, decision: Any) -> None:
        self.calls += 1
        choices = decision.choices
        options = choices.level.options
        enabled = [i for i, o in enumerate(options) if o.enabled]
        if not enabled:
            self.tap("back")
            return
        turn = self._turn(decision.stage, decision.seat)
        if decision.stage in ("window", "defense"):  # a playable card is played, once
            first = turn not in self.tried and len(enabled) > 1 or len(choices.levels) > 1
        else:
            first = len(choices.levels) > 1 or (self.calls % 3 == 0 and turn not in self.tried)
        if first:  # at most once a turn and stage: a person does not shuffle for ever
            self.tried.add(turn)
        target = enabled[0] if first else enabled[-1]
        if decision.secret:
            self.send("y", True)
        for _ in range(len(options)):
            if choices.level.selected == target:
                break
            self.tap("down")
        self.tap("confirm")
        if decision.secret:
            self.send("y", False)
