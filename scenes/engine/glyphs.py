"""Button glyphs drawn in code: keyboard key caps, Xbox and PlayStation face buttons.

`glyph(fonts, action, style)` returns a small surface for an action name ('confirm', 'back',
…, or the combined 'updown' / 'leftright' / 'dpad') in the style of the device in use:
'keyboard', 'xbox' or 'playstation'. Surfaces are cached, so prompts cost a blit.

Key caps name the action's first key in the *current* key map (`use_keymap`, which the app
calls whenever the settings change): remap Confirm to J and every prompt says J.
`button_word(action, style)` is the same name as a word, for sentences ("press J to roll").
"""

from __future__ import annotations

import pygame

from scenes.engine.draw import optical_offset
from scenes.engine.fonts import Fonts
from scenes.engine.input import BUTTONS, KEYMAP
from scenes.engine.palette import (
    CREAM,
    GREY,
    INK,
    PS_CIRCLE,
    PS_CROSS,
    PS_SQUARE,
    PS_TRIANGLE,
    WHITE,
    XBOX_A,
    XBOX_B,
    XBOX_X,
    XBOX_Y,
    Color,
)

SIZE = 44  # glyph height in canvas pixels
DARK_KEY = (70, 66, 86)  # body of pad buttons that carry no colour

#: Short names for keys whose pygame names are long or unclear on a key cap.
KEY_NAMES = {pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Keypad Enter", pygame.K_ESCAPE: "Esc",
             pygame.K_BACKSPACE: "Backspace", pygame.K_SPACE: "Space", pygame.K_TAB: "Tab",
             pygame.K_PAGEUP: "PgUp", pygame.K_PAGEDOWN: "PgDn", pygame.K_DELETE: "Del",
             pygame.K_LSHIFT: "Shift", pygame.K_RSHIFT: "Shift", pygame.K_LCTRL: "Ctrl",
             pygame.K_RCTRL: "Ctrl", pygame.K_UP: "Up", pygame.K_DOWN: "Down",
             pygame.K_LEFT: "Left", pygame.K_RIGHT: "Right"}
ARROW_KEYS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT,
              "right": pygame.K_RIGHT}
PAD_WORDS = {"xbox": {"confirm": "A", "back": "B", "x": "X", "y": "Y", "pause": "Start",
                      "lshoulder": "LB", "rshoulder": "RB"},
             "playstation": {"confirm": "Cross", "back": "Circle", "x": "Square",
                             "y": "Triangle", "pause": "Options", "lshoulder": "L1",
                             "rshoulder": "R1"}}
ARROWS = {"up": ("up",), "down": ("down",), "left": ("left",), "right": ("right",),
          "updown": ("up", "down"), "leftright": ("left", "right"),
          "dpad": ("up", "down", "left", "right")}
XBOX_FACE = {"confirm": ("A", XBOX_A), "back": ("B", XBOX_B), "x": ("X", XBOX_X),
             "y": ("Y", XBOX_Y)}
PS_FACE = {"confirm": ("cross", PS_CROSS), "back": ("circle", PS_CIRCLE),
           "x": ("square", PS_SQUARE), "y": ("triangle", PS_TRIANGLE)}
SHOULDERS = {"xbox": {"lshoulder": "LB", "rshoulder": "RB"},
             "playstation": {"lshoulder": "L1", "rshoulder": "R1"}}

_cache: dict[tuple, pygame.Surface] = {}
_keys: dict[str, list[int]] = {}  # action -> its keys, first one first (the current map)
keymap_version = 0


def use_keymap(keymap: dict[int, str]) -> None:
    """Take the current key map (key code -> action, in the settings' order)."""
    global keymap_version
    keymap_version += 1  # a screen that caches a drawn prompt bar keys it with this
    _keys.clear()
    for code, action in keymap.items():
        _keys.setdefault(action, []).append(code)


use_keymap(KEYMAP)


def key_name(code: int) -> str:
    """A key's name as a cap shows it: "Enter", "J", "F5"."""
    if code in KEY_NAMES:
        return KEY_NAMES[code]
    name = pygame.key.name(code)
    return name.upper() if len(name) == 1 else name.title() or f"Key {code}"


def key_label(action: str) -> str:
    """The name of `action`'s first key now ("Enter"; "J" once Confirm is remapped to J);
    an action with no key (or a word that is no action) is named as it is."""
    codes = _keys.get(action)
    return key_name(codes[0]) if codes else action


def button_word(action: str, style: str) -> str:
    """`action`'s button as a word in a sentence, on a `style` device: "A", "Cross",
    or the keyboard's current key ("Enter", "J"); a direction on a pad is its name."""
    if style == "keyboard":
        return key_label(action)
    return PAD_WORDS.get(style, PAD_WORDS["xbox"]).get(action, action.capitalize())


def with_keys(text: str) -> str:
    """`text` with each "{action}" replaced by its pad button and its current key, for
    help pages any device reads: "{pause} pauses" -> "Start / P pauses"."""
    for action in BUTTONS:
        text = text.replace("{" + action + "}",
                            f"{button_word(action, 'xbox')} / {key_label(action)}")
    return text


def glyph(fonts: Fonts, action: str, style: str) -> pygame.Surface:
    """The glyph surface for `action` on a `style` device (cached; a key cap is cached
    under its current key, so a remap shows at once)."""
    keys = _keyboard_keys(action) if style == "keyboard" else ()
    key = (id(fonts), action, style, keys)
    if key not in _cache:
        _cache[key] = _make(fonts, action, style)
    return _cache[key]


def _keyboard_keys(action: str) -> tuple[str, ...]:
    return tuple(key_label(d) for d in ARROWS.get(action, (action,)))


def _make(fonts: Fonts, action: str, style: str) -> pygame.Surface:
    if action in ARROWS:
        if style != "keyboard":
            return _dpad(ARROWS[action])
        directions = ARROWS[action]
        if all(ARROW_KEYS[d] in _keys.get(d, ()) for d in directions):
            return _arrow_keys(directions)
        return _keycaps(fonts, [key_label(d) for d in directions])
    if style == "keyboard":
        return _keycap(fonts, key_label(action))
    if action in SHOULDERS.get(style, {}):
        return _pill(fonts, SHOULDERS[style][action])
    if action == "pause":
        return _menu_pill()
    if style == "playstation" and action in PS_FACE:
        return _ps_face(*PS_FACE[action])
    if action not in BUTTONS and len(action) > 1:
        return _keycap(fonts, action)  # a word, not a button ("Pad 4"): a cap naming it
    label, color = XBOX_FACE.get(action, (action[:1].upper(), GREY))
    return _xbox_face(fonts, label, color)


def _surface(width: int) -> pygame.Surface:
    return pygame.Surface((width, SIZE + 4), pygame.SRCALPHA)


def _cap(surface: pygame.Surface, rect: pygame.Rect, fill: Color, radius: int,
         drop: int) -> None:
    """A key or button body: a dark drop shadow, a dark rim and the `fill` face."""
    pygame.draw.rect(surface, INK, rect.move(0, drop), border_radius=radius)
    pygame.draw.rect(surface, INK, rect, border_radius=radius)
    pygame.draw.rect(surface, fill, rect.inflate(-6, -6), border_radius=radius - 2)


def _keycap(fonts: Fonts, label: str) -> pygame.Surface:
    face = fonts.body(24).render(label, True, INK)
    surface = _surface(max(SIZE, face.get_width() + 24))
    rect = pygame.Rect(0, 0, surface.get_width(), SIZE)
    _cap(surface, rect, CREAM, radius=10, drop=4)
    offset = optical_offset(fonts.body(24))
    surface.blit(face, face.get_rect(center=(rect.centerx, rect.centery + offset)))
    return surface


def _keycaps(fonts: Fonts, labels: list[str]) -> pygame.Surface:
    """Several key caps side by side (remapped directions: "W S")."""
    caps = [_keycap(fonts, label) for label in labels]
    surface = _surface(sum(c.get_width() for c in caps) + 4 * (len(caps) - 1))
    x = 0
    for cap in caps:
        surface.blit(cap, (x, 0))
        x += cap.get_width() + 4
    return surface


def _arrow_keys(directions: tuple[str, ...]) -> pygame.Surface:
    """One key cap per direction, side by side, each with a drawn triangle."""
    width = SIZE * len(directions) + 4 * (len(directions) - 1)
    surface = _surface(width)
    for i, direction in enumerate(directions):
        rect = pygame.Rect(i * (SIZE + 4), 0, SIZE, SIZE)
        _cap(surface, rect, CREAM, radius=10, drop=4)
        pygame.draw.polygon(surface, INK, _triangle(rect.center, 11, direction))
    return surface


def _triangle(center: tuple[int, int], r: int, direction: str) -> list[tuple[float, float]]:
    angle = {"up": -90, "right": 0, "down": 90, "left": 180}[direction]
    c = pygame.Vector2(center)
    points = [c + pygame.Vector2(r, 0).rotate(angle + a) for a in (0, 130, 230)]
    return [(p.x, p.y) for p in points]


def _dpad(directions: tuple[str, ...]) -> pygame.Surface:
    """A d-pad cross: the arms that matter are white, the others dark."""
    surface = _surface(SIZE)
    c, arm, half = SIZE // 2, SIZE // 2 - 3, 8
    cross = (pygame.Rect(c - half, c - arm, 2 * half, 2 * arm),
             pygame.Rect(c - arm, c - half, 2 * arm, 2 * half))
    for rect in cross:
        pygame.draw.rect(surface, INK, rect.inflate(6, 6).move(0, 3), border_radius=6)
    for rect in cross:
        pygame.draw.rect(surface, INK, rect.inflate(6, 6), border_radius=6)
    for rect in cross:
        pygame.draw.rect(surface, DARK_KEY, rect, border_radius=3)
    arms = {"up": pygame.Rect(c - half, c - arm, 2 * half, arm - half + 1),
            "down": pygame.Rect(c - half, c + half - 1, 2 * half, arm - half + 1),
            "left": pygame.Rect(c - arm, c - half, arm - half + 1, 2 * half),
            "right": pygame.Rect(c + half - 1, c - half, arm - half + 1, 2 * half)}
    for direction in directions:
        pygame.draw.rect(surface, WHITE, arms[direction], border_radius=3)
    return surface


def _xbox_face(fonts: Fonts, label: str, color: Color) -> pygame.Surface:
    surface = _surface(SIZE)
    c = (SIZE // 2, SIZE // 2)
    pygame.draw.circle(surface, INK, (c[0], c[1] + 3), SIZE // 2)
    pygame.draw.circle(surface, INK, c, SIZE // 2)
    pygame.draw.circle(surface, color, c, SIZE // 2 - 3)
    face = fonts.display(28).render(label, True, WHITE)
    rim = fonts.display(28).render(label, True, INK)
    rect = face.get_rect(center=(c[0], c[1] + optical_offset(fonts.display(28))))
    surface.blit(rim, rect.move(1, 2))
    surface.blit(face, rect)
    return surface


def _ps_face(shape: str, color: Color) -> pygame.Surface:
    """Dark round button with the coloured PlayStation shape on it."""
    surface = _surface(SIZE)
    c = pygame.Vector2(SIZE // 2, SIZE // 2)
    pygame.draw.circle(surface, INK, (c.x, c.y + 3), SIZE // 2)
    pygame.draw.circle(surface, (52, 50, 64), c, SIZE // 2 - 2)
    r = 11
    if shape == "cross":
        for a, b in (((-r, -r), (r, r)), ((-r, r), (r, -r))):
            pygame.draw.line(surface, color, c + a, c + b, 5)
    elif shape == "circle":
        pygame.draw.circle(surface, color, c, r + 1, 4)
    elif shape == "square":
        pygame.draw.rect(surface, color, pygame.Rect(c.x - r, c.y - r, 2 * r, 2 * r), 4)
    else:
        points = [c + pygame.Vector2(0, -r - 2).rotate(a) for a in (0, 120, 240)]
        pygame.draw.polygon(surface, color, points, 4)
    return surface


def _pill(fonts: Fonts, label: str) -> pygame.Surface:
    face = fonts.body(22).render(label, True, WHITE)
    surface = _surface(face.get_width() + 28)
    rect = pygame.Rect(0, 4, surface.get_width(), SIZE - 8)
    _cap(surface, rect, DARK_KEY, radius=14, drop=3)
    offset = optical_offset(fonts.body(22))
    surface.blit(face, face.get_rect(center=(rect.centerx, rect.centery + offset)))
    return surface


def _menu_pill() -> pygame.Surface:
    """Start/Options/Menu button: a small pill with three lines on it."""
    surface = _surface(SIZE)
    rect = pygame.Rect(0, 6, SIZE, SIZE - 12)
    _cap(surface, rect, DARK_KEY, radius=14, drop=3)
    for dy in (-6, 0, 6):
        y = rect.centery + dy
        pygame.draw.line(surface, WHITE, (rect.centerx - 8, y), (rect.centerx + 8, y), 3)
    return surface
