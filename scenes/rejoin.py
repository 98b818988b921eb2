"""Continue: before a saved game resumes, each person takes their own seat again.

Devices are not saved (pads get new ids each time they are plugged in), so a continued
game starts here: the saved seats are shown locked, each big enough to tell from the
couch (name, colour, pawn or logo), and each person moves their own marker onto their
seat (left / right: it comes in from that side, no seat is chosen for anyone) and
presses Confirm, or clicks it with the mouse; a Confirm with no marker moved takes
nothing, so two people cannot swap seats (and hands) by pressing first. A
person who is not here hands their seat to the computer (X) or makes it shared (Y: any
device answers it). Play starts as soon as no person's seat is locked; Back gives a seat
up again (or, with nothing taken, returns to the title). Nothing during play binds a seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from scenes.engine import draw
from scenes.engine.glyphs import button_word
from scenes.engine.input import CLICK, MOUSE, POINT, Action, DeviceId
from scenes.engine.palette import CREAM, DUSK, GOLD, INK, MUTED, NIGHT, PANEL, PANEL_LIGHT, WHITE
from scenes.engine.scene import Scene
from scenes.engine.widgets import PromptBar
from scenes.seating import SeatDevices, device_label

LOCKED, COMPUTER, SHARED, SAVED_CPU = "locked", "computer", "shared", "cpu"
CARD_TOP, CARD_H = 136, 420
Portrait = Callable[[str, str, int], pygame.Surface]


class RejoinScene(Scene):
    """Shown instead of `screen` until every person's seat is taken; then replaced by it.

    screen: the continued game screen (`GameScreen.from_save`), not yet entered.
    portrait(colour, token, height): the seat's pawn or logo, as the lobby draws it.
    """

    def __init__(self, screen: Any, title: str, portrait: Portrait | None = None) -> None:
        self.screen = screen
        self.title = title
        self.portrait = portrait
        seats = screen.seats
        # seat -> LOCKED, COMPUTER, SHARED, SAVED_CPU or the device that took it
        self.state: list[str] = [LOCKED if s.human else SAVED_CPU for s in seats]
        self.cursors: dict[DeviceId, int] = {}  # device -> the seat its marker is on
        self.message = ""
        self.started = False

    def enter(self) -> None:
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        self.prompts = PromptBar([("leftright", "Your seat"), ("confirm", "Take it"),
                                  ("x", "Computer plays it"), ("y", "Shared"),
                                  ("back", "Give back")])
        n = len(self.state)
        gap = 20 if n <= 4 else 12
        width = min(300, (1200 - gap * (n - 1)) // n)
        left = 640 - (n * width + (n - 1) * gap) // 2
        self.cards = [pygame.Rect(left + i * (width + gap), CARD_TOP, width, CARD_H)
                      for i in range(n)]

    # -- the seats ---------------------------------------------------------------------------

    def person_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.state) if s != SAVED_CPU]

    def seat_of(self, device: DeviceId) -> int | None:
        return next((i for i, s in enumerate(self.state) if s == device), None)

    def locked(self) -> list[int]:
        return [i for i, s in enumerate(self.state) if s == LOCKED]

    def take(self, seat: int, device: DeviceId) -> bool:
        """`device` takes `seat` (a locked, shared or handed-over person seat)."""
        if self.state[seat] == SAVED_CPU or self.seat_of(device) is not None or \
                self.state[seat] not in (LOCKED, COMPUTER, SHARED):
            return False
        self.state[seat] = device
        self.app.audio.play("confirm")
        self._maybe_start()
        return True

    def set_seat(self, seat: int, what: str) -> None:
        """A locked seat becomes COMPUTER or SHARED (again: locked again)."""
        current = self.state[seat]
        if current == SAVED_CPU or current not in (LOCKED, COMPUTER, SHARED):
            self.app.audio.play("error")
            return
        self.state[seat] = LOCKED if current == what else what
        self.app.audio.play("click")
        self._maybe_start()

    def give_back(self, device: DeviceId) -> bool:
        seat = self.seat_of(device)
        if seat is None:
            return False
        self.state[seat] = LOCKED
        self.cursors[device] = seat
        return True

    def _maybe_start(self) -> None:
        if self.locked() or self.started:
            return
        self.started = True
        screen = self.screen
        bound = {i: s for i, s in enumerate(self.state)
                 if s not in (LOCKED, COMPUTER, SHARED, SAVED_CPU)}
        screen.devices = SeatDevices(bound)
        for i, s in enumerate(self.state):
            if s == COMPUTER:
                screen.seats[i] = replace(screen.seats[i], human=False)
        self.app.audio.play("fanfare")
        self.app.stack.replace(screen)

    # -- input -------------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        if action.name == POINT:
            return True
        if not action.pressed or self.started:
            return True
        if action.name == CLICK:
            self._click(action.pos)
            return True
        device = action.device
        seats = self.person_seats()
        if action.name in ("left", "right"):
            step = -1 if action.name == "left" else 1
            at = self.cursors.get(device)
            if at is None:  # the marker comes in from that side: no seat is pre-selected
                self.cursors[device] = seats[0] if step > 0 else seats[-1]
            else:
                k = seats.index(at) if at in seats else 0
                self.cursors[device] = seats[(k + step) % len(seats)]
            self.message = ""
            self.app.audio.play("move")
            return True
        at = self.cursors.get(device)
        if at is None:
            if action.name in ("confirm", "x", "y"):
                self.message = "First move onto your seat (left / right), then confirm."
                self.app.audio.play("error")
            elif action.name == "back":
                self._back(device)
            return True
        if action.name == "confirm":
            if self.seat_of(device) == at:
                return True
            if not self.take(at, device):
                self.message = ("You already play another seat: Back gives it up."
                                if self.seat_of(device) is not None else
                                "That seat is taken.")
                self.app.audio.play("error")
        elif action.name in ("x", "y"):
            self.set_seat(at, COMPUTER if action.name == "x" else SHARED)
        elif action.name == "back":
            self._back(device)
        return True

    def _back(self, device: DeviceId) -> None:
        if self.give_back(device):
            self.app.audio.play("back")
        elif any(s not in (LOCKED, SAVED_CPU) for s in self.state):
            self.app.audio.play("error")  # others have sat down: each leaves with their own
        else:
            from scenes.overlays import back_to_title  # overlays imports the title

            self.app.audio.play("back")
            back_to_title(self.app)

    def _click(self, pos: tuple[int, int] | None) -> None:
        if pos is None:
            return
        for seat, card in enumerate(self.cards):
            if self.state[seat] == SAVED_CPU:
                continue
            computer, shared = self._buttons(card)
            if computer.collidepoint(pos) and self.state[seat] in (LOCKED, COMPUTER):
                self.set_seat(seat, COMPUTER)
            elif shared.collidepoint(pos) and self.state[seat] in (LOCKED, SHARED):
                self.set_seat(seat, SHARED)
            elif card.collidepoint(pos):
                if self.state[seat] == MOUSE:
                    self.give_back(MOUSE)
                    self.app.audio.play("back")
                elif not self.take(seat, MOUSE):
                    self.app.audio.play("error")

    def on_device_removed(self, device: DeviceId) -> None:
        """An unplugged pad's seat is locked again until someone takes it."""
        self.give_back(device)
        self.cursors.pop(device, None)

    # -- drawing -----------------------------------------------------------------------------

    @staticmethod
    def _buttons(card: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """The card's Computer and Shared buttons: side by side, or one above the other
        on the narrow cards of a six-seat table."""
        if card.w < 240:
            return (pygame.Rect(card.x + 10, card.bottom - 108, card.w - 20, 44),
                    pygame.Rect(card.x + 10, card.bottom - 56, card.w - 20, 44))
        half = (card.w - 30) // 2
        y = card.bottom - 62
        return (pygame.Rect(card.x + 10, y, half, 50),
                pygame.Rect(card.x + 20 + half, y, half, 50))

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        canvas.blit(self.background, (0, 0))
        draw.text(canvas, fonts.display(48), f"Continue {self.title}", (640, 44), GOLD,
                  outline=4, shadow=5)
        draw.text(canvas, fonts.body(28), "Take your seat: move onto it (left / right) and press "
                  f"{self._confirm_words()}, or click it", (640, 100), CREAM)
        for seat, card in enumerate(self.cards):
            self._draw_card(canvas, seat, card)
        if self.message:
            draw.text(canvas, fonts.body(26), self.message, (640, 592), CREAM, outline=2)
        elif self.locked():
            waiting = ", ".join(self.screen.name(i) for i in self.locked())
            draw.text(canvas, fonts.body(26), f"Waiting for: {waiting}", (640, 592), CREAM,
                      outline=2)
        self.prompts.draw(canvas, fonts, self.app.input.style)

    def _confirm_words(self) -> str:
        return f"{button_word('confirm', 'xbox')} / {button_word('confirm', 'keyboard')}"

    def _draw_card(self, canvas: pygame.Surface, seat: int, card: pygame.Rect) -> None:
        fonts = self.app.fonts
        s = self.screen.seats[seat]
        colour = self.screen.colour(seat)
        state = self.state[seat]
        locked = state == LOCKED
        draw.box(canvas, card, PANEL, outline=colour if not locked else INK, radius=22,
                 shadow=5, width=5)
        head = pygame.Rect(card.x + 5, card.y + 5, card.w - 10, 58)
        pygame.draw.rect(canvas, colour, head, border_top_left_radius=18,
                         border_top_right_radius=18)
        name_font = fonts.fit("display", 40, s.name, head.w - 16, 22)
        draw.text(canvas, name_font, s.name, head.center, INK)
        if self.portrait is not None:  # as large as the card allows: told from the sofa
            size = min(126, card.w - 60)
            image = self.portrait(s.colour, getattr(s, "token", ""), size)
            canvas.blit(image, image.get_rect(midbottom=(card.centerx, card.y + 196)))
        small = fonts.body(24)
        if state == SAVED_CPU:
            lines, ink = (f"Computer ({s.level.capitalize()})",), MUTED
        elif locked:
            lines, ink = ("Locked", f"{self._confirm_words()}: take it"), GOLD
        elif state == COMPUTER:
            lines, ink = ("Computer plays", "this seat"), CREAM
        elif state == SHARED:
            lines, ink = ("Shared seat", "any device answers"), CREAM
        else:
            lines, ink = (device_label(state) if state != MOUSE else "Mouse", "has this seat"), \
                WHITE
        for k, line in enumerate(lines):
            font = fonts.fit("body", 28 if k == 0 else 24, line, card.w - 20, 20)
            draw.text(canvas, font, line, (card.centerx, card.y + 222 + 34 * k), ink)
        # markers: which devices point at this seat
        here = [d for d, at in self.cursors.items() if at == seat and self.seat_of(d) is None]
        for k, device in enumerate(here[:2]):
            label = device_label(device) if device != MOUSE else "Mouse"
            text = draw.render(small, f"» {label}", INK)
            pill = text.get_rect(center=(card.centerx, card.y + 290 + 32 * k)).inflate(16, 4)
            pygame.draw.rect(canvas, GOLD, pill, border_radius=pill.h // 2)
            canvas.blit(text, text.get_rect(center=pill.center))
        if state in (LOCKED, COMPUTER, SHARED):
            for rect, label, on in zip(self._buttons(card), ("Computer", "Shared"),
                                       (state == COMPUTER, state == SHARED), strict=True):
                draw.box(canvas, rect, GOLD if on else PANEL_LIGHT,
                         outline=WHITE if on else INK, radius=12, shadow=3)
                font = fonts.fit("body", 24, label, rect.w - 10, 20)
                draw.text(canvas, font, label, rect.center, INK if on else WHITE)
