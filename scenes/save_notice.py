"""The title's notice about a save that could not be read, in plain words, until dismissed.

"Your last <title> game could not be read; it was kept as <game>.json.bad in
/home/ada/.local/share/unicorn-arcade." The saves module sets a broken save aside when the
title reads the slots; which slot went and which file now keeps it are found by looking
at the save folder before and after (so the wording does not hang on how the file is
named). The notice is a panel over the title, in 26 px type, wrapped rather than cut;
Confirm, Back or a click closes it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game import registry
from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.glyphs import button_word, key_label
from scenes.engine.input import CLICK, Action
from scenes.engine.palette import CREAM, GOLD
from scenes.engine.widgets import panel

WIDTH = 1040
LINE = 34
FONT_PX = 26


def slot_files(saves: Any) -> set[str]:
    """The files in the save folder now (before the title reads the slots)."""
    folder = getattr(saves, "folder", None)
    if folder is None:
        return {f"memory:{game}" for game in getattr(saves, "memory", {})}
    try:
        return {p.name for p in Path(folder).iterdir()}
    except OSError:
        return set()


def damaged_messages(saves: Any, before: set[str],
                     closed: Any = ()) -> list[str]:
    """One plain sentence per save set aside since `before`, and the saves' notices about
    a file that stays where it is (it could not be moved aside, or the folder cannot be
    read), unless the player closed the notice about that same file (`closed`: the keys
    of those, `Slots.problem_keys`); [] when every save read fine."""
    problems = saves.take_problems()
    if not problems:
        return []
    keys = getattr(saves, "problem_keys", {})
    staying = [p for p in problems if p in keys]
    problems = [p for p in problems if p not in keys]
    after = slot_files(saves)
    folder = getattr(saves, "folder", None)
    out = []
    for info in registry.games():
        game, title = info.id, info.title
        if folder is None:
            if f"memory:{game}" in before and f"memory:{game}" not in after:
                out.append(f"Your last {title} game could not be read; it was set aside.")
            continue
        slot = saves.path(game).name
        if slot not in before or slot in after:
            continue
        kept = sorted(name for name in after - before if name.startswith(slot))
        where = f"it was kept as {kept[-1]} in {folder}" if kept else \
            f"it could not be kept (look in {folder})"
        out.append(f"Your last {title} game could not be read; {where}.")
    return (out or problems) + [p for p in dict.fromkeys(staying) if keys[p] not in closed]


def notice_keys(saves: Any, messages: list[str]) -> list[str]:
    """The files the notices in `messages` are about (those that stay where they are)."""
    keys = getattr(saves, "problem_keys", {})
    return [keys[m] for m in messages if m in keys]


class SaveNotice:
    """The panel; the title draws it last and offers it every action first."""

    def __init__(self, messages: list[str]) -> None:
        self.messages = messages
        self.lines: list[str] = []
        self.rect = pygame.Rect(0, 0, WIDTH, 0)

    def layout(self, fonts: Fonts) -> None:
        from scenes.overlays import _wrap_paths  # a long folder breaks after a '/'

        font = fonts.body(FONT_PX)
        self.lines = []
        for message in self.messages:
            if self.lines:
                self.lines.append("")
            self.lines += _wrap_paths(font, message, WIDTH - 80)
        height = 80 + LINE * len(self.lines) + 60
        self.rect = pygame.Rect((1280 - WIDTH) // 2, max(40, 330 - height // 2), WIDTH,
                                height)

    def handle(self, action: Action) -> bool:
        """True: closed by this action (confirm, back or a click); the title swallows it."""
        return action.pressed and action.name in ("confirm", "back", CLICK)

    def draw(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        if not self.lines:
            self.layout(fonts)
        from scenes.overlays import dim  # only when a save was set aside

        dim(canvas, 160)
        panel(canvas, fonts, self.rect, "A save could not be read")  # or moved aside
        font = fonts.body(FONT_PX)
        y = self.rect.y + 70
        for line in self.lines:
            draw.text(canvas, font, line, (self.rect.x + 40, y), CREAM, anchor="midleft")
            y += LINE
        close = f"Press {button_word('confirm', 'xbox')} or {key_label('confirm')}, or " \
                "click, to close"
        draw.text(canvas, fonts.body(FONT_PX), close, (640, self.rect.bottom - 36), GOLD)
