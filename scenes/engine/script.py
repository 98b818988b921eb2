"""Reading a `--script FILE` of scripted input: refused in one clear line, never a traceback.

The file is a JSON list of `[update, action]` or `[update, action, device]` rows. It comes
from the command line, so it is untrusted like any other file: read through
`game.files` (capped, regular files only), and every row checked before the game starts.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from game.files import FileProblem, read_text
from scenes.engine.input import BUTTONS, KEYBOARD, Action

MAX_BYTES = 1024 * 1024  # a script of a million bytes is already ~40,000 presses
MAX_UPDATE = 10**9  # about 190 days at 60 updates a second
DEVICE = re.compile(r"keyboard|mouse|pad:[0-9]{1,9}")  # ASCII digits: never "pad:١"


class ScriptError(FileProblem):
    """A --script file that cannot be used; the message names the file and the problem."""


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a script may use")


def load_script(path: str | Path) -> list[tuple[int, Action]]:
    """The (update, Action) pairs of a script file, or ScriptError naming what is wrong."""
    text = read_text(path, MAX_BYTES)
    try:
        rows = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise ScriptError(f"{path}: nested too deeply to be a script") from None
    except ValueError as exc:  # JSONDecodeError, NaN/Infinity, over-long integers
        raise ScriptError(f"{path}: not a JSON script ({_first_line(exc)})") from None
    if not isinstance(rows, list):
        raise ScriptError(f"{path}: a script is a JSON list of [update, action] rows")
    return [_row(path, n, row) for n, row in enumerate(rows, start=1)]


def _row(path: str | Path, n: int, row: Any) -> tuple[int, Action]:
    where = f"{path}: row {n}"
    if not isinstance(row, list) or len(row) not in (2, 3):
        raise ScriptError(f"{where}: expected [update, action] or [update, action, device]")
    frame, name, *rest = row
    if isinstance(frame, bool) or not isinstance(frame, int) or not 0 <= frame <= MAX_UPDATE:
        raise ScriptError(f"{where}: the update must be a whole number from 0 to "
                          f"{MAX_UPDATE:,}, not {_shown(frame)}")
    if name not in BUTTONS:
        raise ScriptError(f"{where}: unknown action {_shown(name)} "
                          f"(one of {', '.join(BUTTONS)})")
    device = rest[0] if rest else KEYBOARD
    if not isinstance(device, str) or not DEVICE.fullmatch(device):
        raise ScriptError(f"{where}: unknown device {_shown(device)} "
                          "(keyboard, mouse or pad:N)")
    return (frame, Action(name, device))


def _shown(value: Any) -> str:
    """A short, safe rendering of a bad value for the one-line message."""
    text = json.dumps(value) if isinstance(value, str | int | float | bool) or value is None \
        else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _first_line(exc: BaseException) -> str:
    return str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
