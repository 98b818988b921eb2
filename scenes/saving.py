"""Autosave for a game screen: apply a rules action, animate it, save each finished turn.

Both games' screens mix this in (`class BoardScene(Autosaving, Scene)`): they say which
save slot is theirs (`GAME`) and hold `app`, `state`, `seats`, `director` and `demo`.
A demo never saves; a finished game is not saved (its slot is emptied at the results).
"""

from __future__ import annotations

from typing import Any

from game import autosave
from game.autosave import SeatRecord


class Autosaving:
    GAME = ""  # the game's id (game/registry.py): the slot, the music, the rules pages
    app: Any
    state: Any
    seats: list[Any]
    director: Any
    demo: bool
    played = 0  # actions applied so far (phones are sent a new view when it changes)

    def play(self, action: Any) -> None:
        """Apply a decision or chance outcome; a completed turn is autosaved at once."""
        events = self.state.apply(action)
        self.played += 1
        self.director.push(events)
        if not self.demo and autosave.turn_completed(self.GAME, events):
            self.save_now(wait=False)  # written off the 60 Hz loop

    def save_now(self, wait: bool = True) -> bool:
        """Write this game to its autosave slot (False, with a notice, if the disk refused)."""
        if self.state.is_terminal():
            return True
        records = [SeatRecord(s.name, s.colour, s.human, getattr(s, "level", "normal"),
                              getattr(s, "token", "")) for s in self.seats]
        return self.app.saves.save(self.GAME, self.state, records,
                                   autosave.progress(self.GAME, self.state), wait=wait)
