"""Which device plays which seat, and what happens when a seat's pad is unplugged.

`SeatDevices` is the routing both games use: a seat bound to a device (a pad, or the
keyboard with its mouse) is answered only by that device, so a bound device never answers
another player's seat. A seat bound to nothing is pass-and-play: any device answers it
(the issue's rule; a lone pad can so play its own seat and a shared one). Pause, skip and
fast-forward stay open to everyone. The keyboard and the mouse are one person's hands
unless each plays a seat of its own (two people at one computer).

`SeatLostOverlay` is what a game pushes when a bound pad goes away (`hand_over`):
"reconnect, or press A on any device to take Ada's seat". The same pad plugged in again
takes the seat back by itself; otherwise the first free device that confirms takes it.
A continued game has no bindings (pads get new ids): its people take their seats again
on `scenes.rejoin`'s screen before play resumes; a press during play never binds a seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scenes.engine import draw
from scenes.engine.glyphs import button_word, key_label
from scenes.engine.input import CLICK, KEYBOARD, MOUSE, Action, DeviceId, Pad
from scenes.engine.palette import CREAM, GOLD, Color
from scenes.engine.scene import Scene
from scenes.engine.widgets import PromptBar, panel
from scenes.overlays import dim

if TYPE_CHECKING:
    from scenes.engine.scene import Host


#: A seat played on a phone is bound to the device "phone:<n>" (no device at the TV).
PHONE_PREFIX = "phone:"


def device_label(device: DeviceId | None) -> str:
    """"Keyboard", "Mouse", "Pad 2", "Phone" or "Shared": short enough for a seat card."""
    if device is None:
        return "Shared"
    if device == KEYBOARD:
        return "Keyboard"
    if device == MOUSE:
        return "Mouse"
    if device.startswith(PHONE_PREFIX):
        return "Phone"
    number = device.partition(":")[2]
    return f"Pad {int(number) + 1}" if number.isdigit() else device


class SeatDevices:
    """The seat -> device table of one game (kept when a game is paused and resumed)."""

    def __init__(self, bound: dict[int, DeviceId] | None = None) -> None:
        self.bound: dict[int, DeviceId] = dict(bound or {})

    def whose(self, device: DeviceId) -> DeviceId:
        """The person behind `device`: the mouse counts as the keyboard (and the keyboard
        as the mouse) unless each plays a seat of its own."""
        if device in (KEYBOARD, MOUSE) and device not in self.bound.values():
            other = MOUSE if device == KEYBOARD else KEYBOARD
            return other if other in self.bound.values() else KEYBOARD
        return device

    def bind(self, seat: int, device: DeviceId) -> None:
        for other in [s for s, d in self.bound.items() if d == device]:
            del self.bound[other]  # one device, one seat
        self.bound[seat] = device

    def unbind(self, seat: int) -> None:
        self.bound.pop(seat, None)

    def device_of(self, seat: int) -> DeviceId | None:
        return self.bound.get(seat)

    def seat_of(self, device: DeviceId) -> int | None:
        device = self.whose(device)
        return next((s for s, d in self.bound.items() if d == device), None)

    def may_answer(self, seat: int, device: DeviceId) -> bool:
        """Whether `device` may answer the prompt of `seat` (see the module docstring)."""
        mine = self.bound.get(seat)
        return mine is None or self.whose(device) == mine


def seat_style(app: Host, devices: SeatDevices, seat: int) -> tuple[str, bool]:
    """(glyph style, mouse?) to show a seat's prompt in: its own pad's glyphs, key caps
    for the keyboard's seat (mouse words when its person last clicked), and for a
    shared seat the device used last (any device answers it)."""
    device = devices.device_of(seat)
    last = app.input.last_device
    if device is None:
        return app.input.style, last == MOUSE
    if device in (KEYBOARD, MOUSE):
        return "keyboard", last == MOUSE and devices.whose(MOUSE) == device
    return app.input.style_of(device), False


def hand_over(app: Host, devices: SeatDevices, device: DeviceId,
              name: Callable[[int], str], colour: Callable[[int], Color]) -> bool:
    """`device` was unplugged. If it played a seat, the seat is freed and the game waits
    under a `SeatLostOverlay` until a device takes it; True then. False: the device
    played no seat (the game decides whether to pause)."""
    seat = devices.seat_of(device)
    if seat is None:
        return False
    devices.unbind(seat)

    def take(new: DeviceId) -> None:
        devices.bind(seat, new)
        app.toasts.show(f"{name(seat)} now plays with this controller")
    app.stack.push(SeatLostOverlay(name(seat), colour(seat), devices, take,
                                   app.input.gone.get(device)))
    return True


class SeatLostOverlay(Scene):
    """A bound pad went away: the game waits until a device takes the seat.

    take(device) is called with the device that confirmed; the game binds it. A device
    already bound to another seat is refused with a word (it keeps its own seat).
    """

    opaque = False

    def __init__(self, name: str, colour: Color, devices: SeatDevices,
                 take: Callable[[DeviceId], None], lost: Pad | None = None,
                 title: str = "") -> None:
        """title: the headline when no pad was unplugged (Pause › Seats: "Ada takes a pad")."""
        self.name, self.colour = name, colour
        self.title = title
        self.devices = devices
        self.take = take
        self.lost = lost  # the pad that went: plugged in again, it takes the seat back
        self.refused = ""
        self.prompts = PromptBar([("confirm", f"Take {name}'s seat")])
        self.rect = pygame.Rect(190, 210, 900, 270)

    def handle(self, action: Action) -> bool:
        if action.pressed and action.name in ("confirm", CLICK):
            other = self.devices.seat_of(action.device)
            if other is not None:
                self.refused = "That device already plays another seat."
                self.app.audio.play("error")
                return True
            self.app.audio.play("confirm")
            self.app.stack.pop()
            self.take(self.devices.whose(action.device))
        return True  # modal: the game waits

    def on_device_added(self, device: DeviceId) -> None:
        """The pad that left is plugged in again (same GUID and name, a new instance id):
        it takes the seat back by itself, no press needed."""
        pad = self.app.input.pads.get(device)
        if self.lost is None or pad is None or not pad.same_kind(self.lost):
            return
        if self.devices.seat_of(device) is not None or self.app.stack.top is not self:
            return
        self.app.audio.play("confirm")
        self.app.stack.pop()
        self.take(device)

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        dim(canvas, 170)
        fonts = self.app.fonts
        panel(canvas, fonts, self.rect, "Take a seat" if self.title else "Controller unplugged")
        stripe = pygame.Rect(self.rect.x + 40, self.rect.y + 44, self.rect.w - 80, 8)
        pygame.draw.rect(canvas, self.colour, stripe, border_radius=4)  # whose seat it is
        draw.text(canvas, fonts.display(40), self.title or f"{self.name}'s pad is gone",
                  (640, 300), GOLD, outline=3)
        draw.text(canvas, fonts.body(28), "Reconnect, or press "
                  f"{button_word('confirm', 'xbox')} ({key_label('confirm')}) on any device",
                  (640, 360), CREAM)
        draw.text(canvas, fonts.body(28), f"to take {self.name}'s seat.", (640, 398), CREAM)
        if self.refused:
            draw.text(canvas, fonts.body(24), self.refused, (640, 448), self.colour)
        self.prompts.draw(canvas, fonts, self.app.input.style)


def refusal_note(name: str, device: DeviceId | None = None) -> str:
    """What a device hears when it tries to answer someone else's prompt: the device
    that does answer, by its kind ("Ada's keyboard answers", "Ada's pad 2", "phone")."""
    if device is None:
        return f"It's {name}'s turn: {name}'s controller answers"
    what = device_label(device)
    what = what[:1].lower() + what[1:]
    return f"It's {name}'s turn: {name}'s {what} answers"

