"""One way to stop: SIGTERM, SIGINT and SIGHUP end every command the same way.

    stopping.install()        # once, at the start of the program (main.py does it)
    try:
        ...                   # any work: a game window, a simulation, a soak
    except stopping.Stopped as stop:
        ...                   # (optional) say what was done so far: `soak`'s summary
        return stop.exit_code # 128 + the signal's number, as a shell expects

The first signal raises `Stopped` in the main thread, wherever it is (a loop that never
pumps SDL's events included), so the `finally` blocks run: the phone server closes, the
pool's workers are ended, the settings are written. A save in progress is never torn:
every write is atomic (`game.files.write_atomic`) and the background autosave thread
finishes its write before the program ends. `Stopped` is a `KeyboardInterrupt`, so code
that already leaves quietly on Ctrl-C leaves quietly on the others too; the entry point
catches it last, so no command prints a traceback. A second signal while stopping ends
the process at once (a stop that hangs is never stuck).

SDL turns SIGTERM and SIGINT into a quit event when nobody else handles them, an event
only a loop that reads SDL's events would see: `install` asks SDL not to
(`SDL_NO_SIGNAL_HANDLERS`), before any window opens. Worker processes call
`in_worker()` so that their parent alone decides when they end. Headless: no pygame.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable
from types import FrameType

#: The signals that stop a command, where the platform has them.
SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP")
                if hasattr(signal, name))


class Stopped(KeyboardInterrupt):
    """Raised in the main thread when a stop signal arrives."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        return 128 + self.signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


_received: list[int] = []
#: Called with the signal's number just before `Stopped` is raised (tests, a last word).
listeners: list[Callable[[int], None]] = []


def _on_signal(signum: int, _frame: FrameType | None) -> None:
    if _received:  # asked again while stopping: leave now
        os._exit(128 + signum)
    _received.append(signum)
    for listener in list(listeners):
        listener(signum)
    raise Stopped(signum)


def install() -> None:
    """Handle the stop signals in this process (call it from the main thread, once,
    before SDL starts); calling it again changes nothing."""
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    for signum in SIGNALS:
        signal.signal(signum, _on_signal)


def requested() -> int | None:
    """The signal that asked this process to stop, if one did."""
    return _received[0] if _received else None


def exit_code(exc: BaseException) -> int:
    """The exit status for a stop: 128 + the signal (130 for a plain Ctrl-C)."""
    return exc.exit_code if isinstance(exc, Stopped) else 128 + signal.SIGINT


def in_worker() -> None:
    """In a worker process: the default action for every stop signal, so the parent's
    `terminate()` (or a Ctrl-C to the whole group) ends it at once."""
    for signum in SIGNALS:
        signal.signal(signum, signal.SIG_DFL)


def quiet_exit(code: int) -> int:
    """After a stop: stdout may be a closed pipe; never complain when flushing it."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return code
