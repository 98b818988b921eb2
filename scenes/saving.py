"""Autosave for a game screen: apply a rules action, animate it, save each finished turn.

Both games' screens mix this in (`class BoardScene(Autosaving, Scene)`): they say which
save slot is theirs (`GAME`) and hold `app`, `state`, `seats`, `director` and `demo`.
A demo never saves; a finished game is not saved (its slot is emptied at the results).
"""

from __future__ import annotations

from typing import Any

from game import autosave
from game.autosave import SeatRecord
from game.undo import UndoLog


class Autosaving:
    GAME = ""  # the game's id (game/registry.py): the slot, the music, the rules pages
    app: Any
    state: Any
    seats: list[Any]
    director: Any
    demo: bool
    played = 0  # actions applied so far (phones are sent a new view when it changes)
    undo: UndoLog | None = None  # the steps people may take back (set by each screen)
    join_next = False  # the next action belongs to the answer before it (a queued step)
    moves: list[Any]  # every action played so far, in order (what a replay holds)
    script_next: Any = None  # a replay being watched: gives each action in turn instead

    is_human: Any  # GameScreen's: a seat no computer plays

    def play(self, action: Any) -> None:
        """Apply a decision or chance outcome; a completed turn is autosaved at once. A
        person's decision goes through the undo log (`game.undo`), which keeps the step
        when they may still take it back."""
        state, join = self.state, self.join_next
        self.join_next = False
        if self.script_next is not None:  # a replay: its own action, chance steps too
            action = self.script_next()
        if self.undo is None:
            events = state.apply(action)
        else:
            seat = state.current_player
            person = not self.demo and seat >= 0 and self.is_human(seat)
            events = self.undo.play(state, action, person=person, join=join)
        self.moves.append(action)
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
