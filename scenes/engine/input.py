"""One input layer: keyboard, mouse and every gamepad become the same named actions.

Scenes never look at pygame events. `InputMapper.handle(event)` turns one event into zero or
more `Action`s (pressed/released), `InputMapper.update(dt)` adds the held-direction repeats,
and every action names the device it came from so a lobby can bind one device to one player.

Gamepads go through SDL's GameController API (`pygame._sdl2.controller`), which gives every
pad the same Xbox-style layout; devices SDL has no mapping for fall back to raw joystick
buttons, hats and axes. Opening devices is done by a small backend object so tests can feed
synthetic CONTROLLER*/JOY* events without a real pad (see `SdlDevices` and the tests).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

# The actions a scene can receive. x/y are the two extra face buttons.
BUTTONS = ("up", "down", "left", "right", "confirm", "back", "pause", "x", "y",
           "lshoulder", "rshoulder")
DIRECTIONS = ("up", "down", "left", "right")
POINT = "point"  # mouse moved: pos in canvas coordinates
CLICK = "click"  # left mouse button: pressed True on down, False on up
DEVICE_ADDED = "device_added"  # hot-plug notifications, routed to Scene.on_device_added
DEVICE_REMOVED = "device_removed"  # ... and Scene.on_device_removed
TEXT = "text"  # typed characters (keyboard): Action.text holds them (name entry)
KEY = "key"  # any key while `InputMapper.capture` is on (remapping): Action.key holds it

KEYBOARD = "keyboard"
MOUSE = "mouse"
DeviceId = str  # "keyboard", "mouse" or "pad:<SDL instance id>"

DEAD_ZONE = 0.35  # stick travel ignored entirely (worn sticks drift)
STICK_PRESS = 0.6  # stick counts as a held direction beyond this
REPEAT_DELAY = 0.40  # seconds a direction is held before it starts repeating
REPEAT_INTERVAL = 0.10  # seconds between repeats after that

KEYMAP: dict[int, str] = {
    pygame.K_UP: "up", pygame.K_w: "up",
    pygame.K_DOWN: "down", pygame.K_s: "down",
    pygame.K_LEFT: "left", pygame.K_a: "left",
    pygame.K_RIGHT: "right", pygame.K_d: "right",
    pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm", pygame.K_SPACE: "confirm",
    pygame.K_ESCAPE: "back", pygame.K_BACKSPACE: "back",
    pygame.K_p: "pause", pygame.K_TAB: "pause",
    pygame.K_x: "x", pygame.K_c: "y",
    pygame.K_q: "lshoulder", pygame.K_PAGEUP: "lshoulder",
    pygame.K_e: "rshoulder", pygame.K_PAGEDOWN: "rshoulder",
}

CONTROLLER_BUTTONS: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: "confirm",
    pygame.CONTROLLER_BUTTON_B: "back",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_START: "pause",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "lshoulder",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rshoulder",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}

# Unmapped joysticks: the common layout of cheap USB pads.
JOYSTICK_BUTTONS: dict[int, str] = {
    0: "confirm", 1: "back", 2: "x", 3: "y", 4: "lshoulder", 5: "rshoulder",
    6: "back", 7: "pause", 9: "pause",
}

PLAYSTATION_NAMES = ("ps3", "ps4", "ps5", "dualshock", "dualsense", "playstation", "sony")


@dataclass(frozen=True)
class Action:
    """One thing a player did.

    name: one of BUTTONS, or POINT / CLICK for the mouse, or DEVICE_ADDED / DEVICE_REMOVED.
    device: "keyboard", "mouse" or "pad:<instance_id>"; lobbies bind a device to a player.
    pressed: True on press, False on release (most scenes ignore releases).
    repeat: True for the automatic repeats of a held direction.
    pos: mouse position in logical canvas coordinates (1280×720), letterbox undone.
    key: the pygame key code of a keyboard action (0 otherwise): name entry tells Space
        from Enter, and Backspace from Esc, though both map to the same action.
    text: for TEXT actions, the characters typed.
    """

    name: str
    device: DeviceId = KEYBOARD
    pressed: bool = True
    repeat: bool = False
    pos: tuple[int, int] | None = None
    key: int = field(default=0, compare=False)  # extra detail: equal actions stay equal
    text: str = ""


def pad_id(instance_id: int) -> DeviceId:
    return f"pad:{instance_id}"


def pad_style(name: str) -> str:
    """Which face-button glyphs to show for a pad called `name`: 'playstation' or 'xbox'."""
    lowered = name.lower()
    return "playstation" if any(word in lowered for word in PLAYSTATION_NAMES) else "xbox"


@dataclass
class Pad:
    """A connected gamepad. `handle` keeps the SDL object alive (closing it drops events)."""

    device: DeviceId
    instance_id: int
    name: str
    style: str
    is_controller: bool
    handle: Any = None
    guid: str = ""  # SDL's GUID: the same for a pad plugged in again (and for its twins)

    def same_kind(self, other: Pad) -> bool:
        """Whether `other` may be this pad plugged in again: same GUID (when SDL gives
        one) and same name; SDL gives a re-plugged pad a new instance id."""
        return self.name == other.name and (self.guid == other.guid or not self.guid or
                                            not other.guid)


class DeviceBackend(Protocol):
    """Opens pads by SDL device index. The real one is `SdlDevices`; tests pass a fake."""

    def is_controller(self, index: int) -> bool: ...

    def open(self, index: int, as_controller: bool) -> tuple[int, str, Any]:
        """Return (instance_id, name, handle)."""
        ...


class SdlDevices:
    """The real backend: SDL GameController when SDL knows the pad, raw joystick otherwise."""

    def __init__(self) -> None:
        from pygame._sdl2 import controller

        self._controller = controller
        if not pygame.joystick.get_init():
            pygame.joystick.init()
        if not controller.get_init():
            controller.init()

    def is_controller(self, index: int) -> bool:
        return bool(self._controller.is_controller(index))

    def open(self, index: int, as_controller: bool) -> tuple[int, str, Any]:
        if as_controller:
            pad = self._controller.Controller(index)
            return pad.as_joystick().get_instance_id(), pad.name, pad
        stick = pygame.joystick.Joystick(index)
        return stick.get_instance_id(), stick.get_name(), stick


@dataclass
class _Stick:
    """Digital view of one analogue stick: which directions it currently holds."""

    x: float = 0.0
    y: float = 0.0
    held: set[str] = field(default_factory=set)


class InputMapper:
    """Translates pygame events into `Action`s; the only place that knows about devices."""

    def __init__(self, devices: DeviceBackend | None = None,
                 to_canvas: Callable[[tuple[int, int]], tuple[int, int] | None] | None = None,
                 ) -> None:
        self.devices = devices
        self.keymap: dict[int, str] = dict(KEYMAP)  # the settings may remap keys
        self.capture = False  # True: the next key press is reported as KEY, not mapped
        self.to_canvas = to_canvas or (lambda pos: pos)
        self.pads: dict[DeviceId, Pad] = {}
        self.gone: dict[DeviceId, Pad] = {}  # unplugged pads (a re-plugged one matches)
        self.last_device: DeviceId = KEYBOARD
        self._by_instance: dict[int, Pad] = {}
        self._sources: dict[tuple[DeviceId, str], set[object]] = {}
        self._repeat_in: dict[tuple[DeviceId, str], float] = {}
        self._sticks: dict[tuple[DeviceId, str], _Stick] = {}

    # -- queries ---------------------------------------------------------------------------

    @property
    def style(self) -> str:
        """Glyph style of the device used last: 'keyboard', 'xbox' or 'playstation'."""
        return self.style_of(self.last_device)

    def style_of(self, device: DeviceId) -> str:
        pad = self.pads.get(device)
        return pad.style if pad else "keyboard"

    def connected(self) -> list[DeviceId]:
        """Every device a player could use right now, keyboard first."""
        return [KEYBOARD, MOUSE, *self.pads]

    def is_held(self, device: DeviceId, name: str) -> bool:
        return bool(self._sources.get((device, name)))

    # -- events ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> list[Action]:
        """Actions caused by one pygame event (often none)."""
        handler = self._HANDLERS.get(event.type)
        return handler(self, event) if handler else []

    def update(self, dt: float) -> list[Action]:
        """Advance held-direction repeat timers by one fixed step; return the repeats."""
        out = []
        for key in list(self._repeat_in):
            self._repeat_in[key] -= dt
            while self._repeat_in[key] <= 1e-9:
                self._repeat_in[key] += REPEAT_INTERVAL
                out.append(Action(key[1], key[0], True, repeat=True))
        return out

    def _press(self, device: DeviceId, name: str, source: object, key: int = 0
               ) -> list[Action]:
        self.last_device = device
        sources = self._sources.setdefault((device, name), set())
        was_held = bool(sources)
        sources.add(source)
        if was_held:
            return []
        if name in DIRECTIONS:
            self._repeat_in[(device, name)] = REPEAT_DELAY
        return [Action(name, device, True, key=key)]

    def _release(self, device: DeviceId, name: str, source: object, key: int = 0
                 ) -> list[Action]:
        sources = self._sources.get((device, name))
        if not sources or source not in sources:
            return []
        sources.discard(source)
        if sources:
            return []
        self._repeat_in.pop((device, name), None)
        return [Action(name, device, False, key=key)]

    def release_device(self, device: DeviceId) -> list[Action]:
        """Let go of everything `device` holds (unplugged, or the window lost focus)."""
        out = []
        for dev, name in list(self._sources):
            if dev == device:
                for source in list(self._sources[(dev, name)]):
                    out += self._release(dev, name, source)
        return out

    # keyboard

    def _key(self, event: pygame.event.Event) -> list[Action]:
        if self.capture and event.type == pygame.KEYDOWN:
            self.capture = False
            self.last_device = KEYBOARD
            return [Action(KEY, KEYBOARD, True, key=event.key)]
        if event.type == pygame.KEYUP:  # what the key holds, even if remapped meanwhile
            held = [n for (d, n), sources in self._sources.items()
                    if d == KEYBOARD and event.key in sources]
            return [a for n in held for a in self._release(KEYBOARD, n, event.key, event.key)]
        name = self.keymap.get(event.key)
        if name is None:
            return []
        return self._press(KEYBOARD, name, event.key, event.key)

    def _text(self, event: pygame.event.Event) -> list[Action]:
        self.last_device = KEYBOARD
        return [Action(TEXT, KEYBOARD, True, text=event.text)] if event.text else []

    # mouse

    def _mouse_motion(self, event: pygame.event.Event) -> list[Action]:
        pos = self.to_canvas(event.pos)
        return [Action(POINT, MOUSE, True, pos=pos)] if pos is not None else []

    def _mouse_button(self, event: pygame.event.Event) -> list[Action]:
        pos = self.to_canvas(event.pos)
        down = event.type == pygame.MOUSEBUTTONDOWN
        if down:  # a click makes the mouse the device whose prompts are shown
            self.last_device = MOUSE
        if event.button == 1 and pos is not None:
            return [Action(CLICK, MOUSE, down, pos=pos)]
        if event.button == 3 and down:
            return [Action("back", MOUSE, True, pos=pos)]
        return []

    def _mouse_wheel(self, event: pygame.event.Event) -> list[Action]:
        if event.y == 0:
            return []
        self.last_device = MOUSE
        return [Action("up" if event.y > 0 else "down", MOUSE, True)]

    # hot-plug

    def _added(self, event: pygame.event.Event) -> list[Action]:
        if self.devices is None:
            return []
        as_controller = event.type == pygame.CONTROLLERDEVICEADDED
        if not as_controller and self.devices.is_controller(event.device_index):
            return []  # SDL also sends CONTROLLERDEVICEADDED for it; open it there
        try:
            instance_id, name, handle = self.devices.open(event.device_index, as_controller)
        except pygame.error:
            return []  # unplugged again before we got to it
        if instance_id in self._by_instance:
            return []
        pad = Pad(pad_id(instance_id), instance_id, name, pad_style(name), as_controller, handle,
                  _guid(handle))
        self.pads[pad.device] = pad
        self._by_instance[instance_id] = pad
        return [Action(DEVICE_ADDED, pad.device)]

    def _removed(self, event: pygame.event.Event) -> list[Action]:
        pad = self._by_instance.get(event.instance_id)
        if pad is None:
            return []
        if pad.is_controller and event.type == pygame.JOYDEVICEREMOVED:
            return []  # wait for the CONTROLLERDEVICEREMOVED of the same pad
        out = self.release_device(pad.device)
        del self._by_instance[pad.instance_id]
        del self.pads[pad.device]
        self.gone[pad.device] = pad
        for old in list(self.gone)[:-16]:  # a few are enough to recognise
            del self.gone[old]
        for key in [k for k in self._sticks if k[0] == pad.device]:
            del self._sticks[key]
        if self.last_device == pad.device:
            self.last_device = KEYBOARD
        return [*out, Action(DEVICE_REMOVED, pad.device)]

    # pads

    def _pad(self, event: pygame.event.Event, controller: bool) -> Pad | None:
        pad = self._by_instance.get(event.instance_id)
        return pad if pad is not None and pad.is_controller == controller else None

    def _button(self, event: pygame.event.Event, controller: bool, table: dict[int, str],
                down: bool) -> list[Action]:
        """A pad button through `table`; mapped and raw pads differ only in the table."""
        pad = self._pad(event, controller)
        name = table.get(event.button)
        if pad is None or name is None:
            return []
        source = ("button", event.button)
        return (self._press if down else self._release)(pad.device, name, source)

    def _controller_button(self, event: pygame.event.Event) -> list[Action]:
        return self._button(event, True, CONTROLLER_BUTTONS,
                            event.type == pygame.CONTROLLERBUTTONDOWN)

    def _controller_axis(self, event: pygame.event.Event) -> list[Action]:
        pad = self._pad(event, controller=True)
        if pad is None:
            return []
        value = event.value / 32767 if isinstance(event.value, int) else event.value
        if event.axis in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return self._stick(pad.device, "left", event.axis == pygame.CONTROLLER_AXIS_LEFTX,
                               value)
        triggers = {pygame.CONTROLLER_AXIS_TRIGGERLEFT: "lshoulder",
                    pygame.CONTROLLER_AXIS_TRIGGERRIGHT: "rshoulder"}
        if event.axis in triggers:
            name, source = triggers[event.axis], ("trigger", event.axis)
            if value >= STICK_PRESS:
                return self._press(pad.device, name, source)
            if value < DEAD_ZONE:
                return self._release(pad.device, name, source)
        return []

    def _joy_button(self, event: pygame.event.Event) -> list[Action]:
        return self._button(event, False, JOYSTICK_BUTTONS, event.type == pygame.JOYBUTTONDOWN)

    def _joy_axis(self, event: pygame.event.Event) -> list[Action]:
        pad = self._pad(event, controller=False)
        if pad is None or event.axis not in (0, 1):
            return []
        return self._stick(pad.device, "axes", event.axis == 0, float(event.value))

    def _joy_hat(self, event: pygame.event.Event) -> list[Action]:
        pad = self._pad(event, controller=False)
        if pad is None:
            return []
        x, y = event.value
        wanted = {n for n, on in (("left", x < 0), ("right", x > 0), ("up", y > 0),
                                  ("down", y < 0)) if on}
        source = ("hat", event.hat)
        out = []
        for name in DIRECTIONS:
            if name in wanted:
                out += self._press(pad.device, name, source)
            else:
                out += self._release(pad.device, name, source)
        return out

    def _stick(self, device: DeviceId, stick_name: str, is_x: bool, value: float) -> list[Action]:
        """Turn one analogue axis into held directions, ignoring the dead-zone."""
        stick = self._sticks.setdefault((device, stick_name), _Stick())
        if is_x:
            stick.x = value
        else:
            stick.y = value
        wanted = set()
        if abs(stick.x) >= DEAD_ZONE or abs(stick.y) >= DEAD_ZONE:
            # A diagonal push counts for its dominant direction only: menus stay predictable.
            if abs(stick.x) >= abs(stick.y) and abs(stick.x) >= STICK_PRESS:
                wanted.add("right" if stick.x > 0 else "left")
            elif abs(stick.y) > abs(stick.x) and abs(stick.y) >= STICK_PRESS:
                wanted.add("down" if stick.y > 0 else "up")
            else:
                wanted = stick.held & _leaning(stick)  # between thresholds: keep what holds
        out = []
        source = ("stick", stick_name)
        for name in stick.held - wanted:
            out += self._release(device, name, source)
        for name in wanted - stick.held:
            out += self._press(device, name, source)
        stick.held = wanted
        return out

    _HANDLERS = {
        pygame.KEYDOWN: _key,
        pygame.KEYUP: _key,
        pygame.TEXTINPUT: _text,
        pygame.MOUSEMOTION: _mouse_motion,
        pygame.MOUSEBUTTONDOWN: _mouse_button,
        pygame.MOUSEBUTTONUP: _mouse_button,
        pygame.MOUSEWHEEL: _mouse_wheel,
        pygame.CONTROLLERDEVICEADDED: _added,
        pygame.JOYDEVICEADDED: _added,
        pygame.CONTROLLERDEVICEREMOVED: _removed,
        pygame.JOYDEVICEREMOVED: _removed,
        pygame.CONTROLLERBUTTONDOWN: _controller_button,
        pygame.CONTROLLERBUTTONUP: _controller_button,
        pygame.CONTROLLERAXISMOTION: _controller_axis,
        pygame.JOYBUTTONDOWN: _joy_button,
        pygame.JOYBUTTONUP: _joy_button,
        pygame.JOYAXISMOTION: _joy_axis,
        pygame.JOYHATMOTION: _joy_hat,
    }


def _guid(handle: Any) -> str:
    """The SDL GUID of an opened pad ("" when the backend gives none, as tests' fakes)."""
    stick = handle.as_joystick() if hasattr(handle, "as_joystick") else handle
    try:
        return str(stick.get_guid()) if stick is not None else ""
    except (AttributeError, pygame.error):
        return ""


def _leaning(stick: _Stick) -> set[str]:
    """Directions the stick points to at all (outside the dead-zone)."""
    out = set()
    if stick.x <= -DEAD_ZONE:
        out.add("left")
    if stick.x >= DEAD_ZONE:
        out.add("right")
    if stick.y <= -DEAD_ZONE:
        out.add("up")
    if stick.y >= DEAD_ZONE:
        out.add("down")
    return out
