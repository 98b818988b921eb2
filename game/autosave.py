"""Autosave and Continue: one save slot per game, written after every completed turn.

A save is the rules' own versioned JSON (`state.to_json()`) wrapped in a small envelope
holding who sits where (names, colours, pawn/logo, human or computer, level) and a line
for the title's "Continue" ("turn 12", "year 3"). Never pickle: a save is plain JSON a
player may open, and loading it goes through the rules' own checked `from_json`.

Writes are atomic (`game.files.write_atomic`: temp file, fsync, rename), so a crash at any
moment leaves the previous save or the new one. A save that cannot be read (corrupt,
truncated, written by a newer version) is moved aside as `<name>.bad` with its reason in
one line, so it is kept for a bug report and never overwritten by the next autosave.
A folder of None keeps the slots in memory (headless runs and tests never touch the
player's saves). No pygame here: the rules' simulators and tests may use it too.
"""

from __future__ import annotations

import json
import sys
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game import registry
from game.files import (
    FileProblem,
    move_aside_or_why,
    present,
    read_text,
    remove_stale_temps,
    write_atomic,
    write_problem,
)
from game.names import LABEL_MAX, NAME_MAX, shown, text_problem

FORMAT = "unicorn-arcade-autosave"
VERSION = 1
MAX_SAVE_BYTES = 2 * 1024 * 1024  # a save is 3-20 KB (`GameInfo.save_bytes`)
LEVELS = ("easy", "normal", "hard")
NOTICE_CHARS = 100  # a notice fits one line across the screen at 24 px


def default_folder() -> Path:
    """Where the player's saves live: the platform's user data folder."""
    import platformdirs  # here, not at start-up's first import

    return Path(platformdirs.user_data_dir("unicorn-arcade", appauthor=False)) / "saves"


@dataclass(frozen=True)
class SeatRecord:
    """One seat as saved: enough to seat the same players again on Continue."""

    name: str
    colour: str
    human: bool = True
    level: str = "normal"  # the computer's level (kept for humans too: harmless)
    token: str = ""  # the pawn shape or company logo chosen in the lobby ("" = default)


def title_of(game: str) -> str:
    """The game's name on screen (no rules imported: the title reads save headers only)."""
    return registry.get(game).title


def loader(game: str) -> Callable[[str], Any]:
    """The rules' checked `from_json` of `game`."""
    return registry.get(game).rules_module().from_json


@dataclass
class Saved:
    """A loaded save: the game id, its state, its seats and the progress line.

    A header (`Slots.latest_header`) has state None: read without importing the rules."""

    game: str
    state: Any
    seats: list[SeatRecord]
    progress: str
    saved_at: str = ""

    def summary(self) -> str:
        """"SERVERMANIA · Ada, Linus, Grace · turn 12" for the title's Continue entry."""
        names = ", ".join(s.name for s in self.seats)
        return f"{title_of(self.game)} · {names} · {self.progress}"


MESSAGE_CHARS = 300  # a problem's message never echoes more of a bad value than this


class SaveProblem(ValueError):
    """A save that could not be used; the message is one line naming the file and why
    (at most MESSAGE_CHARS: a save's bad value may be megabytes long)."""

    def __init__(self, message: str) -> None:
        if len(message) > MESSAGE_CHARS:
            message = message[:MESSAGE_CHARS - 3] + "..."
        super().__init__(message)


class Unreachable(SaveProblem):
    """The save's folder cannot be searched (permissions): nothing to set aside."""


class Slots:
    """The save slots: one file per game in `folder` (None: in memory only).

    `problems` collects the one-line notices of saves moved aside (or that could not be
    read) so the title can show them; `take_problems()` hands them over once, and
    `problem_keys` names the file each is about (`file_key`), so a notice the player
    closed need not come back for the same file.

    A write that fails (full disk, read-only folder...) is said for the TV in `alerts`
    (`take_alerts()`), in plain words with what still holds ("the last save, from turn
    12, is kept"): once per slot and kind of failure, and again once a write succeeded
    in between. `last_failure` is the latest failed write, in a few words.
    """

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.memory: dict[str, str] = {}  # game -> text, when folder is None
        self.problems: list[str] = []
        self.problem_keys: dict[str, str] = {}  # notice -> the file it is about
        self.alerts: deque[str] = deque()  # failed writes, for the TV (any thread adds)
        self.last_failure = ""
        self._failing: set[tuple[str, str]] = set()  # (game, kind) said since a success
        self._kept: dict[str, str] = {}  # game -> the progress line last written
        self._ours: dict[str, tuple[int, int]] = {}  # game -> (mtime_ns, size) we wrote
        self._lock = threading.Lock()
        self._queue: list[tuple[str, str, str]] = []  # background writes, oldest first
        self._writer: threading.Thread | None = None
        if folder is not None:  # temp files of a write killed last time (kill -9, power)
            for game in registry.ids():
                remove_stale_temps(folder / f"{game}.json")

    def path(self, game: str) -> Path | None:
        return None if self.folder is None else self.folder / f"{game}.json"

    # -- writing ------------------------------------------------------------------------

    def save(self, game: str, state: Any, seats: list[SeatRecord], progress: str,
             wait: bool = True) -> bool:
        """Write the slot of `game` atomically. False (and a notice) if the disk refused.

        wait=False (the autosave after each turn) writes on a background thread: the
        state is turned into text now, and the fsyncs (tens of ms on a busy disk) never
        stall a frame. Writes keep their order; `flush()` (and a waiting save, and the
        end of the program: the thread is not a daemon) waits for them.
        """
        registry.get(game)  # ValueError for a game there is not
        envelope = {"format": FORMAT, "version": VERSION, "game": game,
                    "saved_at": _now(),
                    "progress": progress, "seats": [asdict(s) for s in seats],
                    "state": json.loads(state.to_json())}
        text = json.dumps(envelope, separators=(",", ":"))
        if self.path(game) is None:
            self.memory[game] = text
            return True
        if not wait:
            with self._lock:
                self._queue.append((game, text, progress))
                if self._writer is None or not self._writer.is_alive():
                    self._writer = threading.Thread(target=self._drain, name="autosave")
                    self._writer.start()
            return True
        self.flush()
        return self._write(game, text, progress)

    def flush(self) -> None:
        """Wait until every background write has reached the disk."""
        writer = self._writer
        if writer is not None and writer is not threading.current_thread():
            writer.join()

    def _drain(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    return
                game, text, progress = self._queue.pop(0)
            self._write(game, text, progress)

    def _write(self, game: str, text: str, progress: str = "") -> bool:
        path = self.path(game)
        assert path is not None
        try:
            there = present(path)
        except FileProblem:
            there = False  # the write below fails and says so
        reason = self._unreadable(game) if there and not self._is_ours(game) else None
        if reason:  # never write over a save we could not read: keep it as .bad
            self._set_aside(game, reason)
        try:
            write_atomic(path, text)
            info = path.stat()
            self._ours[game] = (info.st_mtime_ns, info.st_size)
        except OSError as exc:
            self._failed(game, path, exc)
            return False
        self._failing = {failure for failure in self._failing if failure[0] != game}
        self._kept[game] = progress
        return True

    def _failed(self, game: str, path: Path, exc: OSError) -> None:
        """A write refused: stderr always; the TV once per kind until a write succeeds."""
        kind = write_problem(exc)
        self.last_failure = kind
        print(f"autosave: could not write {path} ({exc.strerror or exc})", file=sys.stderr)
        if (game, kind) in self._failing:
            return
        self._failing.add((game, kind))
        self.alerts.append(f"Autosave failed: {kind}. {title_of(game)} could not be saved "
                           f"to {path.name} in {path.parent}; {self._what_holds(game)}.")

    def _what_holds(self, game: str) -> str:
        """What is still on the disk for `game`, in words."""
        kept = self._kept.get(game)
        if kept is None:
            try:
                header = self._read(game, with_state=False)
            except SaveProblem:
                header = None
            kept = header.progress if header is not None else ""
            if header is None:
                return "no earlier save of this game is on the disk"
        return f"the last save, from {kept}, is kept" if kept else "the last save is kept"

    def take_alerts(self) -> list[str]:
        """The failed writes to show on the TV since the last call (oldest first)."""
        out = []
        while self.alerts:
            out.append(self.alerts.popleft())
        return out

    def _is_ours(self, game: str) -> bool:
        """The slot still holds the file this game wrote last (no need to read it back)."""
        path = self.path(game)
        try:
            info = path.stat() if path is not None else None
        except OSError:
            return False
        return info is not None and self._ours.get(game) == (info.st_mtime_ns, info.st_size)

    def _unreadable(self, game: str) -> str | None:
        """Why the file in the slot cannot be loaded (None: it loads fine)."""
        try:
            self._read(game)
        except Unreachable:
            return None
        except SaveProblem as exc:
            return str(exc)
        return None

    def discard(self, game: str) -> None:
        """The game ended: its slot is emptied (results are not something to continue)."""
        self.flush()
        self._kept.pop(game, None)
        path = self.path(game)
        if path is None:
            self.memory.pop(game, None)
        else:
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                self._notice(f"Could not remove the finished game's save {path} ({exc})")

    # -- reading ------------------------------------------------------------------------

    def load(self, game: str) -> Saved | None:
        """The save of `game`, None if there is none. A broken one is set aside (None)."""
        self.flush()
        try:
            return self._read(game)
        except Unreachable as exc:  # e.g. a folder without search permission
            self._notice(f"Saves cannot be read: {exc}", f"in {self.folder}",
                         key=f"unreachable:{self.folder}")
            return None
        except SaveProblem as exc:
            self._set_aside(game, str(exc))
            return None

    def latest(self) -> Saved | None:
        """The most recently saved game of all slots (what "Continue" resumes)."""
        found = [s for s in (self.load(game) for game in registry.ids()) if s is not None]
        return max(found, key=lambda s: s.saved_at) if found else None

    def latest_header(self) -> Saved | None:
        """`latest()` without its state (None) and without importing the rules: what the
        title shows. A save whose envelope is broken is set aside here; one whose state
        the rules refuse is set aside when `load` is asked for it (on Continue)."""
        self.flush()
        found = []
        for game in registry.ids():
            try:
                header = self._read(game, with_state=False)
            except SaveProblem as exc:
                self._set_aside(game, str(exc))
                continue
            if header is not None:
                found.append(header)
        return max(found, key=lambda s: s.saved_at) if found else None

    def take_problems(self) -> list[str]:
        problems, self.problems = self.problems, []
        return problems

    def _read(self, game: str, with_state: bool = True) -> Saved | None:
        path = self.path(game)
        if path is None:
            text = self.memory.get(game)
            if text is None:
                return None
            where = f"{game} save"
        else:
            try:
                if not present(path):
                    return None
            except FileProblem as exc:
                raise Unreachable(f"{path.name} {str(exc).replace(f'{path}: ', '')}") from None
            where = path.name
            try:
                text = read_text(path, MAX_SAVE_BYTES)
            except FileProblem as exc:
                raise SaveProblem(f"{where}: {exc}".replace(f"{path}: ", "")) from None
        return parse(game, text, where) if with_state else parse_header(game, text, where)

    def _set_aside(self, game: str, reason: str) -> None:
        path = self.path(game)
        if path is None:
            self.memory.pop(game, None)
            self._notice(f"Save set aside: {reason}")
            return
        key = file_key(path)
        moved = move_aside_or_why(path)
        if isinstance(moved, Path):
            self._notice(f"Save set aside as {moved.name}: {reason}", f"in {path.parent}")
            return
        self._notice(f"Your last {title_of(game)} game could not be read ({reason}), and "
                     f"it could not be moved aside: {moved}. It stays as {path.name} in "
                     f"{path.parent}.", key=key, limit=2 * MESSAGE_CHARS)

    def _notice(self, message: str, where: str = "", key: str = "",
                limit: int = NOTICE_CHARS) -> None:
        """One line for the screen (at most `limit` characters); all of it, and where, on
        stderr. `key`: the file it is about (`file_key`), when it stays where it is."""
        print(f"autosave: {message} {where}".rstrip(), file=sys.stderr)
        if len(message) > limit:
            message = message[:limit - 1].rstrip() + "…"
        self.problems.append(message)
        if key:
            self.problem_keys[message] = key


def file_key(path: Path) -> str:
    """A file as it is now (its name, inode, size, time): another file, or this one
    written again, has another key."""
    try:
        info = path.stat()
    except OSError:
        return f"{path}"
    return f"{path}:{info.st_ino}:{info.st_size}:{info.st_mtime_ns}"


def _now() -> str:
    """The moment of a save, in UTC (datetime is imported by the first save, not at start)."""
    from datetime import UTC, datetime

    return datetime.now(UTC).isoformat(timespec="seconds")


def turn_completed(game: str, events: list[Any]) -> bool:
    """Whether `events` (one `apply`) finished a turn worth autosaving (each game says
    when: `GameInfo.turn_completed`)."""
    return registry.get(game).turn_completed(events)


def progress(game: str, state: Any) -> str:
    """The Continue line's "turn 12" / "year 3"."""
    return registry.get(game).progress(state)


def parse(game: str, text: str, where: str = "save") -> Saved:
    """Check an autosave text and rebuild its state; SaveProblem (one line) if broken."""
    header, state_text = _envelope(game, text, where)
    try:
        state = loader(game)(state_text)
    except ValueError as exc:  # the rules' SaveError: a state they could not reach
        raise SaveProblem(f"{where}: {_first_line(exc)}") from None
    players = len(state.returns())  # one per seat (game/API.md)
    if players != len(header.seats):
        raise SaveProblem(f"{where} seats {len(header.seats)} players for a "
                          f"{players}-player game")
    header.state = state
    return header


def parse_header(game: str, text: str, where: str = "save") -> Saved:
    """The envelope of an autosave text (state None), checked without the rules."""
    return _envelope(game, text, where)[0]


def _envelope(game: str, text: str, where: str) -> tuple[Saved, str]:
    """The checked envelope (state None) and the state's JSON text."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveProblem(f"{where} is damaged or cut short ({_first_line(exc)})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveProblem(f"{where} is not a Unicorn Arcade save")
    version = data.get("version")
    if type(version) is not int:
        raise SaveProblem(f"{where} has no version number")
    if version > VERSION:
        raise SaveProblem(f"{where} is from a newer version of the game (save version "
                          f"{version})")
    if version != VERSION:
        raise SaveProblem(f"{where} has unknown save version {version}")
    if data.get("game") != game or not registry.known(game):
        raise SaveProblem(f"{where} holds {shown(data.get('game'))}, not {game!r}")
    try:
        seats = [_seat(s) for s in data["seats"]]
        progress = data["progress"]
        saved_at = data["saved_at"]
        for name, value in (("progress line", progress), ("time saved", saved_at)):
            problem = text_problem(value, LABEL_MAX)
            if problem:
                raise ValueError(f"its {name} {problem}")
        state_text = json.dumps(data["state"])
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveProblem(f"{where} is damaged ({_first_line(exc)})") from None
    return Saved(game, None, seats, progress, saved_at), state_text


def _seat(value: Any) -> SeatRecord:
    """A seat record whose texts are safe to draw (checked: they come from a file)."""
    if not isinstance(value, dict):
        raise TypeError("a seat is not an object")
    if not set(value) <= set(SeatRecord.__dataclass_fields__):
        raise TypeError(f"a seat has unknown fields {shown(sorted(map(str, value)))}")
    seat = SeatRecord(**value)
    for name, text, limit, empty in (("name", seat.name, NAME_MAX, False),
                                     ("colour", seat.colour, LABEL_MAX, False),
                                     ("token", seat.token, LABEL_MAX, True)):
        problem = text_problem(text, limit, empty=empty)
        if problem:
            raise ValueError(f"a seat's {name} {shown(text, 30)} {problem}")
    if not isinstance(seat.human, bool) or seat.level not in LEVELS:
        raise ValueError(f"bad seat {shown(value)}")
    return seat


def _first_line(exc: Exception) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text if len(text) <= 100 else text[:97] + "..."
