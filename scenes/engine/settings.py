"""Player preferences, saved as JSON per user: effects and music volumes, animation speed,
fullscreen, text size, the player palette (standard or colour-blind safe), the keyboard
keys of every action, and the phones (on or off, the address and port phones reach).

The file lives in the platform's config folder (platformdirs). A missing or corrupt file
gives the defaults and a message on stderr, never a crash. Headless runs and tests keep
settings in memory (`path=None`) so they neither read nor overwrite a player's choices.

The file is written whenever a setting changes (`save_if_changed`: the settings screen at
each change, the app twice a second and on every way out, a stop signal included),
atomically. A write that fails is said for the TV in `alerts` once per kind of failure
(again after a write succeeded in between), in plain words.
"""

from __future__ import annotations

import json
import sys
import time
from collections import deque
from dataclasses import asdict, dataclass, field
from pathlib import Path

import pygame

from game.files import (
    FileProblem,
    present,
    read_text,
    remove_stale_temps,
    write_atomic,
    write_problem,
)
from scenes.engine.input import BUTTONS, KEYMAP

MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes; anything bigger is not one
ANIM_SPEEDS = (0.75, 1.0, 1.5, 2.0)  # slow, normal, fast, very fast
TEXT_SIZES = (100, 125, 150)  # percent, for the HUD, the log and the prompts
#: Seconds a phone seat may be away before the computer plays it (0: never).
PHONE_AWAY = (0, 30, 60, 120, 300)
PALETTES = ("standard", "safe")  # "safe": stays apart under colour-blindness simulation
KEY_CODES = frozenset(v for k, v in vars(pygame).items() if k.startswith("K_"))
MAX_KEYS = 3  # keys per action
NOTICES_KEPT = 32  # closed save notices remembered (the newest)
RETRY_SECONDS = 10.0  # after a failed write, `save_if_changed` waits this long to retry


def default_keys() -> dict[str, list[int]]:
    """Every action's keys as shipped (pygame key codes, the way the file stores them)."""
    keys: dict[str, list[int]] = {name: [] for name in BUTTONS}
    for code, name in KEYMAP.items():
        keys[name].append(code)
    return keys


def _valid_keys(value: object) -> bool:
    """Every action present with 1-3 known key codes, and no key used twice."""
    if not isinstance(value, dict) or set(value) != set(BUTTONS):
        return False
    codes = [c for v in value.values() if isinstance(v, list) for c in v]
    return (all(isinstance(v, list) and 1 <= len(v) <= MAX_KEYS for v in value.values())
            and all(type(c) is int and c in KEY_CODES for c in codes)
            and len(codes) == len(set(codes)))


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


# (field, check, what a valid value is) for every saved field
_RULES = (
    ("volume", lambda v: _number(v) and 0.0 <= v <= 1.0, "a number from 0 to 1"),
    ("anim_speed", lambda v: _number(v) and v in ANIM_SPEEDS,
     f"one of {', '.join(map(str, ANIM_SPEEDS))}"),
    ("fullscreen", lambda v: isinstance(v, bool), "true or false"),
    ("music_volume", lambda v: _number(v) and 0.0 <= v <= 1.0, "a number from 0 to 1"),
    ("text_size", lambda v: type(v) is int and v in TEXT_SIZES,
     f"one of {', '.join(map(str, TEXT_SIZES))}"),
    ("palette", lambda v: v in PALETTES, f"one of {', '.join(PALETTES)}"),
    ("keys", _valid_keys, "every action with 1 to 3 distinct key codes"),
    ("ask_only_when_playable", lambda v: isinstance(v, bool), "true or false"),
    ("coach", lambda v: isinstance(v, bool), "true or false"),
    ("coach_seen", lambda v: isinstance(v, list) and len(v) <= 64
     and all(isinstance(t, str) and 0 < len(t) <= 32 for t in v), "a list of short names"),
    ("phones", lambda v: isinstance(v, bool), "true or false"),
    ("levels", lambda v: isinstance(v, dict) and len(v) <= 8 and all(
        isinstance(k, str) and len(k) <= 32 and v[k] in ("easy", "normal", "hard")
        for k in v), "game -> easy, normal or hard"),
    ("phones_host", lambda v: isinstance(v, str) and len(v) <= 64
     and all(c.isalnum() or c in ".:-[]" for c in v), "an address such as 192.168.1.20"),
    ("phones_port", lambda v: type(v) is int and 0 <= v <= 65535, "a port from 0 to 65535"),
    ("phone_away", lambda v: type(v) is int and v in PHONE_AWAY,
     f"one of {', '.join(map(str, PHONE_AWAY))}"),
    ("notices_closed", lambda v: isinstance(v, list) and len(v) <= NOTICES_KEPT
     and all(isinstance(t, str) and 0 < len(t) <= 4200 for t in v),
     "a list of the save notices closed"),
)


def _shown(value: object, limit: int = 60) -> str:
    """A bad value as JSON for the warning, cut to `limit` characters (a file may hold
    10,000 key codes in one field: the warning stays one readable line)."""
    text = json.dumps(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def default_path() -> Path:
    import platformdirs  # here, not at start-up's first import

    return Path(platformdirs.user_config_dir("unicorn-arcade", appauthor=False)) / "settings.json"


@dataclass
class Settings:
    volume: float = 0.8  # 0..1, sound effects
    anim_speed: float = 1.0  # multiplies animation and fade speeds
    fullscreen: bool = False
    music_volume: float = 0.6  # 0..1
    text_size: int = 100  # percent: HUD, log and prompts
    palette: str = "standard"  # or "safe" (colour-blind safe player colours)
    keys: dict[str, list[int]] = field(default_factory=default_keys)
    ask_only_when_playable: bool = False  # Startup Fever: skip the neutral card beat (leaks)
    coach: bool = True  # Startup Fever: one-line tips the first time each step appears
    coach_seen: list[str] = field(default_factory=list)  # topics the coach has explained
    levels: dict[str, str] = field(default_factory=dict)  # game -> computers' level last
    # started in its lobby (a first game starts at the lobby's own default: Easy for SF)
    phones: bool = False  # a lobby starts the phone server: phones join by QR code
    phones_host: str = ""  # where it listens: "" this computer's Wi-Fi/LAN address
    phones_port: int = 8626  # falls back to a free port when taken; 0: any free port
    phone_away: int = 60  # seconds a phone may be gone before the computer plays its seat
    #: the files whose notice the player closed (a save that could not be moved aside)
    notices_closed: list[str] = field(default_factory=list)
    path: Path | None = None  # where to save; None keeps them in memory

    def __post_init__(self) -> None:
        self.alerts: deque[str] = deque()  # failed writes, for the TV
        self._failing: set[str] = set()  # kinds of failure said since the last success
        self._written = self._text()  # what the file holds (or would hold) now
        self._failed_at: float | None = None  # when the last write failed

    @classmethod
    def load(cls, path: Path | None) -> Settings:
        """Settings from `path`; defaults for anything missing, wrong or unreadable.

        A wrong value (wrong type, out of range) is named on stderr and replaced by its
        default; the other values in the file still count. Unknown keys are ignored.
        """
        settings = cls(path=path)
        if path is None:
            return settings
        remove_stale_temps(path)  # left by a save killed mid-write (quiet on errors)
        try:
            if not present(path):
                return settings
        except FileProblem as exc:  # e.g. a config folder without search permission
            print(f"settings: ignoring unreadable {exc}; using defaults", file=sys.stderr)
            return settings
        try:  # read_text: a regular file under the cap (never a FIFO or /dev/zero)
            data = json.loads(read_text(path, MAX_BYTES))
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except FileProblem as exc:  # its message already names the file
            print(f"settings: ignoring unreadable {exc}; using defaults", file=sys.stderr)
            return settings
        except (OSError, ValueError, RecursionError) as exc:
            print(f"settings: ignoring unreadable {path} ({exc}); using defaults",
                  file=sys.stderr)
            return settings
        problems = []
        for name, valid, expected in _RULES:
            if name not in data:
                continue
            value = data[name]
            if valid(value):
                kind = type(getattr(settings, name))
                setattr(settings, name, value if kind in (dict, str) else kind(value))
            else:
                problems.append(f"{name} {_shown(value)} is not {expected}")
        if problems:
            print(f"settings: in {path}: {'; '.join(problems)}; using the default for "
                  f"{'it' if len(problems) == 1 else 'those'}", file=sys.stderr)
        settings._written = settings._text()
        return settings

    def _text(self) -> str:
        return json.dumps(self.as_dict(), indent=2)

    def save(self) -> bool:
        """Write to `path` (no-op in memory); a read-only disk costs a notice, not more:
        False then (and `alerts` says it once per kind of failure).

        Atomic like a save (temp file, fsync, rename): a crash mid-save leaves the old
        file, and a symlink at `path` is replaced, never written through.
        """
        text = self._text()
        if self.path is None:
            self._written = text
            return True
        try:
            write_atomic(self.path, text)
        except OSError as exc:
            print(f"settings: could not save {self.path} ({exc})", file=sys.stderr)
            self._failed_at = time.monotonic()
            kind = write_problem(exc)
            if kind not in self._failing:
                self._failing.add(kind)
                self.alerts.append(f"Settings not saved: {kind}. They could not be written "
                                   f"to {self.path.name} in {self.path.parent}; the new "
                                   "settings hold until the game closes.")
            return False
        self._written = text
        self._failing.clear()
        self._failed_at = None
        return True

    @property
    def changed(self) -> bool:
        """Whether a setting changed since the file was read or last written."""
        return self._text() != self._written

    def save_if_changed(self, retry: bool = True) -> bool:
        """`save()` when a setting changed since the last write (True when nothing did);
        retry=False: not within RETRY_SECONDS of a failed write (the periodic check)."""
        if not retry and self._failed_at is not None \
                and time.monotonic() - self._failed_at < RETRY_SECONDS:
            return False
        return self.save() if self.changed else True

    def take_alerts(self) -> list[str]:
        """The failed writes to show on the TV since the last call."""
        out = []
        while self.alerts:
            out.append(self.alerts.popleft())
        return out

    def close_notice(self, key: str) -> None:
        """The player closed the notice about this file: it is not shown again."""
        if key and key not in self.notices_closed:
            self.notices_closed = [*self.notices_closed, key][-NOTICES_KEPT:]
            self.save()

    def keymap(self) -> dict[int, str]:
        """Key code -> action, for the input layer."""
        return {code: name for name, codes in self.keys.items() for code in codes}

    def bind_key(self, action: str, code: int, replacing: int | None = None) -> str:
        """Make `code` the first key of `action`; "" if done, else why not (one line).

        A key moves from the action that had it, unless that would leave it keyless. An
        action never silently loses a key: with MAX_KEYS keys already, `replacing` names
        the one that gives way (`is_full` says when the caller must ask which).
        """
        if action not in BUTTONS or code not in KEY_CODES:
            return "That key cannot be used"
        owner = next((a for a, codes in self.keys.items() if code in codes), None)
        if owner is not None and owner != action and len(self.keys[owner]) == 1:
            return f"That key is {owner}'s only key"
        if self.is_full(action, code) and replacing not in self.keys[action]:
            return f"{action} has {MAX_KEYS} keys: choose one to replace"
        if owner is not None:
            self.keys[owner].remove(code)
        if self.is_full(action, code) and replacing is not None:  # checked listed above
            self.keys[action].remove(replacing)
        self.keys[action] = [code, *self.keys[action]]
        return ""

    def is_full(self, action: str, code: int) -> bool:
        """Whether binding `code` to `action` would need one of its keys to give way."""
        return code not in self.keys[action] and len(self.keys[action]) >= MAX_KEYS

    def as_dict(self) -> dict[str, object]:
        """The saved fields (everything but `path`), as written to the file."""
        return {k: v for k, v in asdict(self).items() if k != "path"}
