"""The pause menu both games push on Start / P / Esc: resume, settings, how to play, the
game's reference screen (SERVERMANIA's square legend, Startup Fever's card list), and
save and quit to the title (asked twice, so a stray press never leaves a game).

The reference screen is named by import path ("module:Class") and imported when the menu
opens, like the title menu's entries.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.engine.input import Action
from scenes.engine.scene import Scene
from scenes.engine.widgets import Button, Menu
from scenes.howto import HowToPlayScene
from scenes.menu import resolve
from scenes.overlays import ConfirmOverlay, MenuOverlay, back_to_title
from scenes.settings import SettingsScene

ROW_H, ROW_GAP, WIDTH = 58, 12, 480
BOTTOM = 632  # the last row ends above the prompt bar (with the panel's margin)


class PauseMenu(MenuOverlay):
    """game: the game's id (whose pages How to play opens).

    reference: (label, "module:Class") of the game's reference screen, built with no
    arguments. save: writes the game now and says whether it worked (None: nothing to
    save, the last entry just quits). phone_codes: the "Phone codes" overlay of a game
    with phone seats (each seat's QR code, to rejoin or move to another phone).
    """

    def __init__(self, game: str, reference: tuple[str, str] | None = None,
                 save: Callable[[], bool] | None = None, message: str = "",
                 phone_codes: Callable[[], Scene] | None = None) -> None:
        self.game = game
        self.save = save
        self.phone_codes = phone_codes
        self.reference = resolve(reference[1]) if reference else None
        choices: list[tuple[str, Callable[[], None]]] = [
            ("Resume", self._resume), ("Settings", self._settings),
            ("How to play", self._how_to_play)]
        if reference:
            choices.append((reference[0], self._open_reference))
        if phone_codes is not None:
            choices.append(("Phone codes", lambda: self.app.stack.push(phone_codes())))
        choices.append(("Save and quit" if save else "Quit to title", self._quit))
        super().__init__("Paused", choices, message)
        top = 250 if message else 200
        pitch = min(ROW_H + ROW_GAP, (BOTTOM - top) // len(choices))  # six rows fit too
        buttons = [Button(label, pygame.Rect(640 - WIDTH // 2, top + i * pitch,
                                             WIDTH, pitch - ROW_GAP)) for i, (label, _) in
                   enumerate(choices)]
        self.menu = Menu(buttons)
        panel_top = top - (110 if message else 76)
        self.rect = pygame.Rect(340, panel_top, 600, buttons[-1].rect.bottom + 36 - panel_top)

    def handle(self, action: Action) -> bool:
        if action.name == "back":
            return super().handle(action)
        result = self.menu.handle(action)
        if result is None:
            return True  # modal
        sounds = {"move": "move", "blocked": "error", "activate": "confirm"}
        self.app.audio.play(sounds.get(result[0], "move"))
        if result[0] == "activate":
            self.choices[result[1]][1]()
        return True

    def _resume(self) -> None:
        self.app.stack.pop()

    def _settings(self) -> None:
        self.app.stack.push(SettingsScene())

    def _how_to_play(self) -> None:
        self.app.stack.push(HowToPlayScene(self.game))

    def _open_reference(self) -> None:
        if self.reference is not None:
            self.app.stack.push(self.reference())

    def _quit(self) -> None:
        if self.save is None:
            self.app.stack.push(ConfirmOverlay("Quit to title?", self._leave,
                                               yes="Quit, lose this game", no="Keep playing",
                                               message="This game will be lost."))
            return
        self.app.stack.push(ConfirmOverlay("Save and quit?", self._save_and_leave,
                                           yes="Save and quit", no="Keep playing",
                                           message="Continue on the title resumes it."))

    def _save_and_leave(self) -> None:
        if self.save is not None and not self.save():
            problem = self.app.saves.last_failure or "the save failed"
            if len(problem) > 44:  # one line in the panel: cut at a word
                problem = problem[:43].rsplit(" ", 1)[0] + " …"
            self.app.stack.pop()
            self.app.stack.push(ConfirmOverlay("Could not save", self._leave,
                                               yes="Quit anyway", no="Keep playing",
                                               message=problem))
            return
        self._leave()

    def _leave(self) -> None:
        back_to_title(self.app)
