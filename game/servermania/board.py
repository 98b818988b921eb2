"""The SERVERMANIA track as plain data, read from the Tiled map `maps/servermania.tmx`.

The map's object layer "squares" holds one object per square with the properties
`index` (int) and `kind` (string); its rectangle gives the square's place on screen and
its name an optional label. `load_board` turns the map into a `Board` and refuses a
broken track with a `MapError` that names the problem (RULES.md S3).
"""

from __future__ import annotations

import functools
import math
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.tiled import MAX_COORDINATE, MapData, MapError, load_map

START = "start"
PLAIN = "plain"
PAYDAY = "payday"
CUSTOMER_SERVICE = "customer_service"
TECHPAD = "techpad"
STUCK = "stuck"
CEO_BONUS = "ceo_bonus"
CHURN = "churn"
SIGNUPS = "signups"
FINISH = "finish"
KINDS = (START, PLAIN, PAYDAY, CUSTOMER_SERVICE, TECHPAD, STUCK, CEO_BONUS, CHURN,
         SIGNUPS, FINISH)

#: Printed names of the kinds, as on the board.
KIND_NAMES = {
    START: "START UP", PLAIN: "", PAYDAY: "PAYDAY!", CUSTOMER_SERVICE: "CUSTOMER SERVICE",
    TECHPAD: "TechPad Agency", STUCK: "STUCK", CEO_BONUS: "CEO BONUS", CHURN: "CHURN!",
    SIGNUPS: "SIGN UPS", FINISH: "FINISH",
}

#: RULES.md S3: track length and the least number of each special square.
MIN_SQUARES, MAX_SQUARES = 48, 64
MIN_COUNTS = {PAYDAY: 4, CUSTOMER_SERVICE: 2, TECHPAD: 2, STUCK: 1, CEO_BONUS: 2,
              SIGNUPS: 6, CHURN: 6}
#: RULES.md S6: maintenance is asked when CUSTOMER SERVICE lies 1..6 squares ahead.
LOOKAHEAD = 6

DEFAULT_MAP = os.path.normpath(
    os.path.join(os.path.dirname(__file__), "..", "..", "maps", "servermania.tmx"))


class BoardError(MapError):
    """A track that breaks the board rules (S3); the message names the problem."""


@dataclass(frozen=True, slots=True)
class Square:
    """One square of the track. `center` and `rect` are in map pixels."""

    index: int
    kind: str
    center: tuple[float, float]
    label: str = ""
    rect: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)


class Board:
    """The squares in track order plus lookup tables the rules use on every move.

    `kinds[i]` is the kind of square i and `cs_ahead[i]` the nearest CUSTOMER SERVICE
    square 1..6 ahead of square i (or -1), so the hot path never scans the track.
    """

    __slots__ = ("squares", "width", "height", "source", "kinds", "last", "cs_ahead")

    def __init__(self, squares: Sequence[Square], *, width: int = 1280, height: int = 720,
                 source: str = "", strict: bool = False) -> None:
        check_track([s.kind for s in squares], [s.index for s in squares], strict=strict)
        self.squares: tuple[Square, ...] = tuple(sorted(squares, key=lambda s: s.index))
        self.width = width
        self.height = height
        self.source = source
        self.kinds: tuple[str, ...] = tuple(s.kind for s in self.squares)
        self.last = len(self.squares) - 1
        cs_ahead = []
        for i in range(len(self.kinds)):
            ahead = [j for j in range(i + 1, min(i + LOOKAHEAD, self.last) + 1)
                     if self.kinds[j] == CUSTOMER_SERVICE]
            cs_ahead.append(ahead[0] if ahead else -1)
        self.cs_ahead: tuple[int, ...] = tuple(cs_ahead)

    def __len__(self) -> int:
        return len(self.squares)

    def __getitem__(self, index: int) -> Square:
        return self.squares[index]

    def __iter__(self):
        return iter(self.squares)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.squares == other.squares

    def __hash__(self) -> int:
        return hash(self.squares)

    def __repr__(self) -> str:
        return f"Board({len(self.squares)} squares from {self.source or 'data'})"

    def to_data(self) -> dict[str, Any]:
        """Plain JSON-able description (used by save files)."""
        return {
            "width": self.width, "height": self.height, "source": self.source,
            "squares": [[s.index, s.kind, list(s.center), s.label, list(s.rect)]
                        for s in self.squares],
        }

    @classmethod
    def from_data(cls, data: Any) -> Board:
        """The board of `to_data`; `BoardError` naming the problem if the data is broken."""
        if not isinstance(data, dict) or not isinstance(data.get("squares"), list):
            raise BoardError("board data is not an object with a 'squares' list")
        squares = []
        for n, row in enumerate(data["squares"]):
            if not (isinstance(row, list) and len(row) == 5):
                raise BoardError(f"board square #{n} is not [index, kind, center, label, rect]")
            i, k, c, label, rect = row
            if (type(i) is not int or not isinstance(k, str) or not isinstance(label, str)
                    or not _numbers(c, 2) or not _numbers(rect, 4)):
                raise BoardError(f"board square #{n} is malformed: {row!r}")
            squares.append(Square(i, k, (float(c[0]), float(c[1])), label,
                                  tuple(float(v) for v in rect)))  # type: ignore[arg-type]
        width, height, source = data.get("width"), data.get("height"), data.get("source", "")
        if type(width) is not int or type(height) is not int or not isinstance(source, str):
            raise BoardError("board width/height must be whole numbers and source a text")
        return cls(squares, width=width, height=height, source=source)


def _numbers(value: Any, n: int) -> bool:
    """True if `value` is a list of n finite ints/floats (not bools) within the coordinate
    bound maps obey: a save may not smuggle in NaN, infinity or 1e308 (the board screen
    would crash drawing them)."""
    return (isinstance(value, list) and len(value) == n
            and all(type(v) in (int, float) and math.isfinite(v)
                    and abs(v) <= MAX_COORDINATE for v in value))


def check_track(kinds: Sequence[str], indices: Sequence[int], *, strict: bool) -> None:
    """Raise `BoardError` if the track cannot be played (or, if strict, breaks S3)."""
    if not kinds:
        raise BoardError("the track has no squares")
    unknown = sorted({k for k in kinds if k not in KINDS})
    if unknown:
        raise BoardError(f"unknown square kind(s): {', '.join(map(repr, unknown))}; "
                         f"known kinds are {', '.join(KINDS)}")
    counts = Counter(indices)
    dupes = sorted(i for i, n in counts.items() if n > 1)
    if dupes:
        raise BoardError(f"duplicate square index(es): {dupes}")
    missing = sorted(set(range(len(indices))) - set(indices))
    if missing:
        raise BoardError(f"gap in the track: square index(es) {missing} missing "
                         f"(indices must run 0..{len(indices) - 1})")
    by_index = dict(zip(indices, kinds, strict=True))
    last = len(kinds) - 1
    if by_index[0] != START:
        raise BoardError(f"square 0 must be START UP (kind 'start'), not {by_index[0]!r}")
    if by_index[last] != FINISH:
        raise BoardError(f"the last square ({last}) must be FINISH, not {by_index[last]!r}")
    kind_counts = Counter(kinds)
    if kind_counts[START] != 1:
        raise BoardError(f"the track needs exactly one START UP, found {kind_counts[START]}")
    if kind_counts[FINISH] != 1:
        raise BoardError(f"the track needs exactly one FINISH, found {kind_counts[FINISH]}")
    if not strict:
        return
    if not MIN_SQUARES <= len(kinds) <= MAX_SQUARES:
        raise BoardError(f"the track has {len(kinds)} squares; "
                         f"it needs {MIN_SQUARES}-{MAX_SQUARES} (S3)")
    for kind, least in MIN_COUNTS.items():
        if kind_counts[kind] < least:
            raise BoardError(f"the track has {kind_counts[kind]} {KIND_NAMES[kind]} "
                             f"square(s); it needs at least {least} (S3)")
    cs = sorted(i for i, k in by_index.items() if k == CUSTOMER_SERVICE)
    for a, b in zip(cs, cs[1:], strict=False):
        if b - a <= LOOKAHEAD:
            raise BoardError(f"CUSTOMER SERVICE squares {a} and {b} are within "
                             f"{LOOKAHEAD} of each other (S3)")


def whole_number(value: Any) -> int | None:
    """`value` as an int if it is a whole number (int, integral float, digits), else None.

    Refuses what `int()` would quietly truncate or coerce: 3.5 (not 3), True (not 1).
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return None
    return None


def board_from_map(data: MapData, *, strict: bool = True) -> Board:
    """Turn the plain map data into a Board; `MapError` if the squares layer is broken."""
    layer = data.object_layers.get("squares")
    if layer is None:
        raise MapError(f"map {data.path!r} has no object layer named 'squares'")
    squares = []
    for obj in layer:
        where = f"map {data.path!r}, object {obj.id} ({obj.name or 'unnamed'})"
        if "index" not in obj.properties:
            raise MapError(f"{where} has no 'index' property")
        if "kind" not in obj.properties:
            raise MapError(f"{where} has no 'kind' property")
        index = whole_number(obj.properties["index"])
        if index is None:
            raise MapError(f"{where}: index {obj.properties['index']!r} is not a whole "
                           f"number")
        kind = str(obj.properties["kind"]).strip()
        label = str(obj.properties.get("label", obj.name or KIND_NAMES.get(kind, "")))
        squares.append(Square(index, kind, obj.center, label,
                              (obj.x, obj.y, obj.width, obj.height)))
    width, height = data.pixel_size
    try:
        return Board(squares, width=width, height=height, source=data.path, strict=strict)
    except BoardError as exc:
        raise BoardError(f"map {data.path!r}: {exc}") from None


def load_board(path: str | os.PathLike[str] | None = None, *, strict: bool = True) -> Board:
    """Read a board from a Tiled map (the default map when path is None)."""
    return board_from_map(load_map(path or DEFAULT_MAP), strict=strict)


@functools.cache
def default_board() -> Board:
    """The board of `maps/servermania.tmx`, read once per process."""
    return load_board(os.path.normpath(DEFAULT_MAP))


def board_from_kinds(kinds: Iterable[str], *, labels: Sequence[str] = ()) -> Board:
    """A board built straight from a list of kinds (for tests and tools); squares in a row."""
    kinds = list(kinds)
    squares = [Square(i, k, (40.0 + 80 * (i % 12), 40.0 + 80 * (i // 12)),
                      labels[i] if i < len(labels) else KIND_NAMES.get(k, ""),
                      (80.0 * (i % 12), 80.0 * (i // 12), 80.0, 80.0))
               for i, k in enumerate(kinds)]
    return Board(squares, source="kinds")
