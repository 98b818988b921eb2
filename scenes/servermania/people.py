"""SERVERMANIA's scripted people for `main.py pace` (`scenes.table.people`)."""

from __future__ import annotations

from typing import Any

from scenes.table.people import ScriptedPeople


class ServermaniaPeople(ScriptedPeople):
    """SERVERMANIA's people: their dice and the maintenance / stuck prompts (the choice
    the prompt offers first)."""

    def asked(self) -> dict[int, Any]:
        s = self.scene
        if s.roll_call is not None:
            return {s.roll_call.seat: s.roll_call}
        if s.prompt is not None:
            return {s.state.current_player: s.prompt}
        return {}

    def answer(self, seat: int) -> None:
        self.tap("confirm")
