"""Records across evenings: per name and game, games played, wins, best score and the
day last played, kept in the user data folder beside the saves (one JSON file, written
atomically; a file that cannot be read is moved aside and named, and records start
afresh). Names typed the same way share a record (`game.names.name_key`). Only people
are counted: a computer seat's name is the lobby's, not a player's.

    book = Book(folder)
    lines = book.add(game, names, people, scores, winners)   # ["Ada: 3rd win in 5 games"]
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

from game import registry
from game.files import FileProblem, move_aside, read_text, write_atomic
from game.names import NAME_MAX, name_key, text_problem

FORMAT: Final = "unicorn-arcade-records"
VERSION: Final = 1
MAX_BYTES: Final = 1024 * 1024
MOST: Final = 500  # records kept per game (the least recently played go first)


def default_folder() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("unicorn-arcade", appauthor=False))


@dataclass
class Record:
    """One name's record in one game."""

    name: str  # as typed the last time
    games: int = 0
    wins: int = 0
    best: int = 0
    last: str = ""  # "2026-12-01"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def line(record: Record, won: bool) -> str:
    """"Ada: 3rd win in 5 games", "Bo: 1 win in 4 games", "Cy: first game"."""
    games = f"{record.games} game{'s' * (record.games != 1)}"
    if won:
        return f"{record.name}: {ordinal(record.wins)} win in {games}"
    if record.games == 1:
        return f"{record.name}: first game"
    return f"{record.name}: {record.wins} win{'s' * (record.wins != 1)} in {games}"


class Book:
    """Every record, per game and name key (folder None: in memory)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.problems: list[str] = []
        self.games: dict[str, dict[str, Record]] = {}
        self._loaded = False

    @property
    def path(self) -> Path | None:
        return None if self.folder is None else self.folder / "records.json"

    def load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        path = self.path
        if path is None or not path.exists():
            return
        try:
            self.games = parse(read_text(path, limit=MAX_BYTES))
        except (FileProblem, ValueError) as exc:
            aside = move_aside(path)
            self.problems.append(f"records: {str(exc)[:80]}" +
                                 (f"; moved aside as {aside.name}" if aside else ""))
            self.games = {}

    def of(self, game: str) -> list[Record]:
        """A game's records, most wins first (then most games, then the name)."""
        self.load()
        return sorted(self.games.get(game, {}).values(),
                      key=lambda r: (-r.wins, -r.games, name_key(r.name)))

    def add(self, game: str, names: list[str], people: list[bool], scores: list[int],
            winners: list[int]) -> list[str]:
        """Count a finished game for its people; their lines for the results."""
        self.load()
        book = self.games.setdefault(game, {})
        today = time.strftime("%Y-%m-%d")
        lines = []
        for seat, (name, person) in enumerate(zip(names, people, strict=True)):
            if not person:
                continue
            key = name_key(name)
            record = book.get(key) or Record(name)
            record.name, record.games, record.last = name, record.games + 1, today
            won = seat in winners
            record.wins += won
            record.best = max(record.best, scores[seat]) if record.games > 1 else scores[seat]
            book[key] = record
            lines.append(line(record, won))
        if len(book) > MOST:
            for key, _r in sorted(book.items(), key=lambda kv: kv[1].last)[:len(book) - MOST]:
                del book[key]
        self.save()
        return lines

    def save(self) -> None:
        if self.path is None:
            return
        data = {"format": FORMAT, "version": VERSION,
                "games": {g: [asdict(r) for r in book.values()] for g, book in self.games.items()}}
        try:
            write_atomic(self.path, json.dumps(data, indent=1))
        except OSError as exc:
            self.problems.append(f"The records could not be kept ({exc.strerror or exc})")

    def clear(self) -> None:
        """Forget every record (Settings: Clear records)."""
        self.load()
        self.games = {}
        if self.path is not None:
            try:
                self.path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                self.problems.append(f"The records could not be cleared ({exc.strerror})")


def parse(text: str) -> dict[str, dict[str, Record]]:
    """A records file's text, checked (ValueError saying what is wrong)."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a records file")
    if data.get("version") != VERSION:
        raise ValueError(f"records version {data.get('version')!r}, not {VERSION}")
    games = data.get("games")
    if not isinstance(games, dict):
        raise ValueError("no games")
    out: dict[str, dict[str, Record]] = {}
    for game, rows in games.items():
        if not registry.known(game) or not isinstance(rows, list) or len(rows) > MOST:
            raise ValueError(f"bad records of {str(game)[:20]!r}")
        book: dict[str, Record] = {}
        for row in rows:
            book[name_key(_record(row).name)] = _record(row)
        out[game] = book
    return out


def _record(row: Any) -> Record:
    if not isinstance(row, dict) or set(row) != set(Record.__dataclass_fields__):
        raise ValueError("a bad record")
    record = Record(**row)
    if text_problem(record.name, NAME_MAX) or text_problem(record.last, 10, empty=True):
        raise ValueError("a bad name or date in a record")
    if not all(type(v) is int and 0 <= v < 10**9 for v in (record.games, record.wins)) \
            or type(record.best) is not int or record.wins > record.games:
        raise ValueError(f"a bad record for {record.name!r}")
    return record
