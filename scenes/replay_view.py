"""Watching a kept game again (game/replays.py) on its own table screen.

The viewer holds the game's real table (`BoardScene`, `TableScene`) in watching mode:
nobody is asked, every action (chance steps too) comes from the replay, nothing is saved
or recorded, and only what the table showed at the time is shown. Around it:

- confirm pauses and plays on; left/right step one action back or forward (paused);
- up/down: ×1, ×4, ×16;
- the shoulders jump to the previous / next year (Startup Fever) or turn (SERVERMANIA);
- after the end (never before), X shows every hand and face-down choice;
- back leaves (to Past games, or the title).

A step back or a jump opens the table afresh at the state after that many actions
(replayed headless: a whole game takes a few hundredths of a second). A replay recorded
with other rules refuses in one line before anything opens (`scenes.table.watching`).
"""

from __future__ import annotations

from typing import Any

import pygame

from game import autosave, replays
from game.autosave import SeatRecord
from game.replays import Replay, ReplayProblem
from scenes.engine import draw
from scenes.engine.input import Action
from scenes.engine.palette import CREAM, GOLD, PANEL
from scenes.engine.scene import Scene
from scenes.engine.widgets import PromptBar
from scenes.table.sources import ScriptedSource

SPEEDS = (1.0, 4.0, 16.0)


class Timeline:
    """The replay played through once, headless: where each year or turn begins."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        player = replays.Player(replay)
        self.marks: list[tuple[int, str]] = [(0, autosave.progress(replay.game, player.state))]
        while not player.finished:
            player.step()
            label = autosave.progress(replay.game, player.state)
            if label != self.marks[-1][1] and not player.finished:
                self.marks.append((player.done, label))
        self.end = player.state
        self.unit = self.marks[0][1].split(" ")[0].capitalize()  # "Year", "Turn": the jumps
        self.hidden = replays.part(replay.game).hidden_at_end(self.end)

    def state_at(self, moves: int) -> Any:
        player = replays.Player(self.replay)
        for _ in range(moves):
            player.step()
        return player.state

    def mark_of(self, moves: int) -> int:
        """The index of the mark (year, turn) `moves` actions lie in."""
        return max(i for i, (at, _label) in enumerate(self.marks) if at <= moves)


class ReplayViewer(Scene):
    """One replay on its table. back: "past" (Past games) or "title"."""

    def __init__(self, replay: Replay, back: str = "title") -> None:
        self.replay = replay
        self.back = back
        self.timeline = Timeline(replay)
        self.speed_index = 0
        self.paused = False
        self.step_to: int | None = None  # paused, one step forward: play until here
        self.reveal = False
        self.table: Any = None
        self.base = 0  # actions played before the table opened

    # -- the table ---------------------------------------------------------------------------

    @property
    def position(self) -> int:
        return self.base + (len(self.table.moves) if self.table is not None else 0)

    @property
    def at_end(self) -> bool:
        return self.position >= len(self.replay.moves)

    def enter(self) -> None:
        self.open_at(0)

    def open_at(self, moves: int) -> None:
        """The table afresh at the state after `moves` actions."""
        self.close_table()
        moves = max(0, min(moves, len(self.replay.moves)))
        state = self.timeline.state_at(moves)
        game = self.replay.game
        kind = self.app.screens.kind(game)
        seats = [kind.SEAT.from_record(SeatRecord(**vars(s))) for s in self.replay.seats]
        table = self.app.screens.make(game, seats, demo=True, pace=SPEEDS[self.speed_index],
                                      state=state)
        table.watching = True
        table.app = self.app
        table.enter()
        table.script_next = self.next_action
        table.driver.sources = {seat: ScriptedSource(lambda _state, _legal: self.peek())
                                for seat in range(len(seats))}
        self.table, self.base = table, moves
        self.reveal = False

    def close_table(self) -> None:
        if self.table is not None:
            self.table.leaving = True
            self.table.driver.cancel()
            self.table.thinker.cancel()
            self.table.exit()
            self.table = None

    def peek(self) -> Any:
        """The next action, for the table's question (what it plays is `next_action`)."""
        if self.at_end:
            return None
        return replays.decode(self.table.state, self.replay.moves[self.position],
                              replays.part(self.replay.game).ACTIONS)

    def next_action(self) -> Any:
        action = self.peek()
        if action is None:
            raise ReplayProblem("the replay has no more actions")
        return action

    # -- input ---------------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        if not action.pressed:
            return True
        name = action.name
        if name == "back" or name == "pause":
            self.leave()
        elif name in ("confirm", "click"):
            self.paused = not self.paused
            self.step_to = None
            self.app.audio.play("click")
        elif name == "right":
            self.paused, self.step_to = True, self.position + 1
        elif name == "left":
            self.paused, self.step_to = True, None
            self.open_at(self.position - 1)
        elif name in ("up", "down"):
            self.speed_index = (self.speed_index + (1 if name == "up" else -1)) % len(SPEEDS)
            self.table.pace = SPEEDS[self.speed_index]
            self.app.audio.play("move")
        elif name in ("lshoulder", "rshoulder"):
            self.jump(-1 if name == "lshoulder" else 1)
        elif name == "x" and self.at_end and self.timeline.hidden:
            self.reveal = not self.reveal
        return True

    def jump(self, direction: int) -> None:
        """To the start of the previous (or this, if well into it) / next year or turn."""
        marks = self.timeline.marks
        here = self.timeline.mark_of(self.position)
        if direction < 0 and self.position > marks[here][0] + 2:
            target = here
        else:
            target = max(0, min(len(marks) - 1, here + direction))
        self.open_at(marks[target][0])
        self.app.audio.play("move")

    def leave(self) -> None:
        self.close_table()
        self.app.audio.play("back")
        if self.back == "past":
            self.app.stack.replace(self.app.screens.make("past"))
        else:
            from scenes.overlays import back_to_title

            back_to_title(self.app)

    # -- time ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        table = self.table
        if table is None:
            return
        table.autoplay = not self.paused or (self.step_to is not None
                                             and self.position < self.step_to)
        if self.at_end:
            table.autoplay = True  # the end: the table shows it, no results open
        table.update(dt)
        if self.step_to is not None and self.position >= self.step_to:
            self.step_to = None

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        if self.table is None:
            return
        self.table.draw(canvas, alpha)
        if self.reveal:
            self._draw_reveal(canvas)
        self.bar().draw(canvas, self.app.fonts, self.app.input.style)

    def bar(self) -> PromptBar:
        """Where the replay stands (first, as a tag: nothing covers the table) and what
        to press."""
        mark = self.timeline.marks[self.timeline.mark_of(self.position)][1]
        pace = "paused" if self.paused else f"×{SPEEDS[self.speed_index]:g}"
        where = f"{mark.capitalize()} · {self.position}/{len(self.replay.moves)} · {pace}"
        items = [("REPLAY", where), ("confirm", "Play" if self.paused else "Pause"),
                 ("leftright", "Step"), ("updown", "Speed"),
                 ("lshoulder", self.timeline.unit)]
        if self.at_end and self.timeline.hidden:
            items.append(("x", "Hide hands" if self.reveal else "Show hands"))
        items.append(("back", "Leave"))
        return PromptBar(items)

    def _draw_reveal(self, canvas: pygame.Surface) -> None:
        """After the end: every hand and face-down chip, one line per seat."""
        fonts = self.app.fonts
        lines = self.timeline.hidden
        rect = pygame.Rect(0, 0, 1000, 70 + 40 * len(lines))
        rect.center = (640, 340)
        draw.box(canvas, rect, PANEL, outline=GOLD, radius=22, width=4, shadow=8)
        draw.text(canvas, fonts.display(30), "At the end", (rect.centerx, rect.y + 32), GOLD)
        body = fonts.body(24)
        for k, (seat, text) in enumerate(lines):
            name = self.replay.seats[seat].name
            shown = draw.clip(body, f"{name}: {text}", rect.w - 60)
            draw.text(canvas, body, shown, (rect.x + 30, rect.y + 80 + 40 * k), CREAM,
                      anchor="midleft")

    def exit(self) -> None:
        self.close_table()

