""""Scan to join": the TV shows each phone seat's QR code until its phone is connected.

Pushed over a game with phone seats (`scenes.phone_game`, in a window), and from the
pause menu's "Phone codes" (a phone whose battery died: another phone scans the seat's
code and takes the seat over): one card per phone seat with its name in its colour, the
QR code of its join link (drawn by `scenes.phone_qr`, no network service) and the address
beneath. A card turns into "Connected" once that seat's phone is on; when every phone is,
the start-of-game overlay goes by itself (confirm or back leaves at once: the game waits
for the phones anyway).
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.engine import draw
from scenes.engine.input import Action
from scenes.engine.palette import CREAM, GOLD, MINT, Color
from scenes.engine.scene import Scene
from scenes.engine.widgets import panel
from scenes.overlays import dim
from scenes.phone_qr import qr_for

CARD_W, CARD_H = 300, 380
GAP = 24
QR_SIDE = 250


class PhoneJoinOverlay(Scene):
    """seats: (hub slot, name, colour) of each phone seat; hub: the running `PhoneHub`;
    stay: stay up when every phone is connected (opened from the pause menu)."""

    opaque = False

    def __init__(self, hub: Any, seats: list[tuple[int, str, Color]],
                 stay: bool = False, urls: dict[int, str] | None = None) -> None:
        """urls: a slot's link when it is not the hub's current one yet (a new link)."""
        self.hub = hub
        self.seats = seats
        self.stay = stay
        first = self.cards()[0]
        side = min(QR_SIDE, first.w - 40, first.h - 130)  # whole pixels per module
        urls = urls or {}
        self.codes = {seat: qr_for(urls.get(seat) or hub.join_url(seat), side)
                      for seat, _n, _c in seats}
        self.connected: set[int] = set()

    def update(self, dt: float) -> None:
        self.connected = self.hub.connected()
        if not self.stay and all(seat in self.connected for seat, _n, _c in self.seats):
            self.app.stack.pop(fade=False)

    def handle(self, action: Action) -> bool:
        if action.pressed and action.name in ("confirm", "back"):
            self.app.stack.pop(fade=False)
        return True

    def cards(self) -> list[pygame.Rect]:
        """Where each seat's card goes: one row, narrower for five or six phones."""
        n = len(self.seats)
        w = min(CARD_W, (1240 - (n - 1) * GAP) // n)
        left = 640 - (n * w + (n - 1) * GAP) // 2
        h = min(CARD_H, w + 90)  # the code as wide as the card allows, the name and address
        return [pygame.Rect(left + k * (w + GAP), 150, w, h) for k in range(n)]

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        dim(canvas, 225 if self.stay else 170)  # over the pause menu: hide it
        title, line = ("Scan to join with your phone", "Same Wi-Fi as this computer · "
                       "each code is one seat's private hand")
        if self.stay:
            title, line = ("Phone codes", "A phone lost its page? Scan your seat's code and "
                           "type the PIN your phone showed (lost it: Pause › Seats › New link)")
        draw.text(canvas, fonts.display(44), title, (640, 60), GOLD, outline=3)
        draw.text(canvas, fonts.fit("body", 24, line, 1200), line, (640, 108), CREAM)
        for rect, (seat, name, colour) in zip(self.cards(), self.seats, strict=True):
            panel(canvas, fonts, rect)
            pygame.draw.rect(canvas, colour, rect, 6, border_radius=24)
            draw.text(canvas, fonts.display(30), name, (rect.centerx, rect.y + 36), colour,
                      outline=2)
            if seat in self.connected:
                draw.text(canvas, fonts.display(34), "Connected", rect.center, MINT,
                          outline=3)
                continue
            code = self.codes[seat]
            canvas.blit(code, code.get_rect(midtop=(rect.centerx, rect.y + 66)))
            address = self.hub.base_url.removeprefix("http://")
            draw.text(canvas, fonts.body(20), address, (rect.centerx, rect.bottom - 30),
                      CREAM)
        hint = "Enter: back" if self.stay else "Enter: play on without waiting here"
        draw.text(canvas, fonts.body(22), hint, (640, 580), CREAM, outline=2)
