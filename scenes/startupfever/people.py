"""Startup Fever's scripted people for `main.py pace` (`scenes.table.people`)."""

from __future__ import annotations

from typing import Any

from scenes.table.people import ScriptedPeople


class StartupFeverPeople(ScriptedPeople):
    """Startup Fever's people: the die, the beat rows (they pass) and decisions (mostly
    the last option, End / Pass / Seal, every third time the first one, as a person who
    plays a card or hires now and then, at most once a turn and stage)."""

    def in_window(self) -> bool:
        """A card beat on the table, or a card / Defense question open to a person (the
        rules' state may rest at a window while the table still shows what came before:
        that is not counted)."""
        s = self.scene
        decision = s.decision
        return s.beat is not None or (decision is not None
                                      and decision.stage in ("window", "defense"))

    def asked(self) -> dict[int, Any]:
        s = self.scene
        if s.roll_call is not None:
            return {s.roll_call.seat: s.roll_call}
        beat = s.beat
        if beat is not None and not beat.done:
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
            if beat.seat != seat and seat in beat.seats:
                beat.selected = beat.seats.index(seat)
            self.tap("confirm")  # pass
        elif s.decision is not None:
            self._decide(s.decision)

    def _decide(self, decision: Any) -> None:
        self.calls += 1
        choices = decision.choices
        options = choices.level.options
        enabled = [i for i, o in enumerate(options) if o.enabled]
        if not enabled:
            self.tap("back")
            return
        state = self.scene.state
        turn = (decision.stage, state.year, state.current_slot, decision.seat)
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
