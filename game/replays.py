"""Replays: every finished game kept as a small file, played again exactly on demand.

A replay holds the rules' version, the seed, the seats and every action in order (each
as its index in `legal_actions()` at that moment, or as its class and fields when the
listing did not hold it: a poach offer of any amount), plus the result it reached. Games
are deterministic from a seed and their actions (game/API.md), so playing the actions
again from `start` gives the very same game; `check` proves it reaches the recorded
result. A replay recorded with other rules text refuses in one line (`ReplayProblem`),
never plays a different game.

`Shelf` keeps the newest `KEEP` replays in the user data folder beside the saves (one
JSON file each, written atomically, `game.files.write_atomic`); a file that cannot be
read is moved aside as `<name>.bad` and named in one line (`problems`), as saves are.
A folder of None keeps them in memory (tests, headless runs of the title).

Each game's own part (`ReplayPart`: the version digest of its rules, its options and its
action classes) is the module its `GameInfo.replays` names (`game/registry.py`); a game
that names none keeps no replays (`keeps`).
"""

from __future__ import annotations

import contextlib
import importlib
import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol

from game import registry
from game.files import FileProblem, move_aside, read_text, remove_stale_temps, write_atomic
from game.names import LABEL_MAX, NAME_MAX, shown, text_problem

if TYPE_CHECKING:
    from game.api import RulesModule

FORMAT: Final = "unicorn-arcade-replay"
VERSION: Final = 1
KEEP: Final = 100  # replays kept; the oldest go first
MAX_BYTES: Final = 1024 * 1024  # a Startup Fever replay is a few KB
MAX_MOVES: Final = 50_000
LEVELS: Final = ("easy", "normal", "hard")
_ID: Final = re.compile(r"^[0-9]{8}-[0-9]{6}-[a-z]+(-[0-9]+)?$")


class ReplayProblem(ValueError):
    """A replay that cannot be used, said in one line."""


def default_folder() -> Path:
    """Where the replays live: beside the saves, in the platform's user data folder."""
    import platformdirs

    return Path(platformdirs.user_data_dir("unicorn-arcade", appauthor=False)) / "replays"


class ReplayPart(Protocol):
    """What a replay needs of one game's rules (`GameInfo.replays` names the module)."""

    ACTIONS: dict[str, type]  # the action classes a replay may name, by class name
    FIELDS: dict[str, tuple[str, ...]]  # each one's fields, in its constructor's order

    def rules_version(self) -> str:
        """A short digest of the rules' own text: another digest plays another game."""
        ...

    def options_of(self, state: Any) -> dict[str, Any]:
        """The options the game was dealt with (JSON-able; `start` takes them back)."""
        ...

    def start(self, names: list[str], seed: int, options: dict[str, Any]) -> Any:
        """The game the seed deals these seats with these options."""
        ...

    def hidden_at_end(self, state: Any) -> list[tuple[int, str]]:
        """(seat, words) of what was still hidden when the game ended (hands...)."""
        ...


def keeps(game: str) -> bool:
    """Whether `game` is a registered game that keeps replays."""
    return registry.known(game) and bool(registry.get(game).replays)


def part(game: str) -> ReplayPart:
    """The game's own replay module (`GameInfo.replays`)."""
    if not registry.known(game):
        raise ReplayProblem(f"unknown game {shown(game, 30)}")
    info = registry.get(game)
    if not info.replays:
        raise ReplayProblem(f"{info.title} keeps no replays")
    module: ReplayPart = importlib.import_module(info.replays)
    return module


def rules_of(game: str) -> RulesModule:
    return registry.get(game).rules_module()


@dataclass(frozen=True)
class Seat:
    """A seat as the replay shows it: who, which colour, a person or which computer."""

    name: str
    colour: str
    human: bool = True
    level: str = "normal"
    token: str = ""


@dataclass
class Replay:
    """One finished game. `start`: the state it began from, when that was not simply the
    game `seed` deals (a continued save); `moves`: the encoded actions."""

    game: str
    seed: int
    seats: list[Seat]
    moves: list[Any]
    scores: list[int]
    winners: list[int]
    rules: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    start: str | None = None
    finished: str = ""  # "2026-12-01 21:30", local time
    id: str = ""

    @property
    def title(self) -> str:
        return registry.get(self.game).title

    def winner_names(self) -> list[str]:
        return [self.seats[i].name for i in self.winners]

    def to_json(self) -> str:
        data = {"format": FORMAT, "version": VERSION, "id": self.id, "game": self.game,
                "rules": self.rules, "finished": self.finished, "seed": self.seed,
                "options": self.options, "start": self.start,
                "seats": [vars(s) for s in self.seats], "moves": self.moves,
                "result": {"scores": self.scores, "winners": self.winners}}
        return json.dumps(data, separators=(",", ":"))


# -- recording ---------------------------------------------------------------------------------

def encode(state: Any, action: Any, fields_of: dict[str, tuple[str, ...]]) -> Any:
    """`action` as a replay writes it: its index among `state.legal_actions()`, else
    [class name, field values...]."""
    legal = state.legal_actions()
    try:
        return legal.index(action)
    except ValueError:
        name = type(action).__name__
        return [name, *(getattr(action, f) for f in fields_of[name])]


def record(game: str, seed: int, seats: list[Seat], start: Any, moves: list[Any],
           fresh: bool, finished: str | None = None) -> Replay:
    """The replay of a finished game: `start` is the state it began from (a clone nobody
    plays on), `moves` every action since, in order; `fresh`: `start` is the game the
    seed deals (so the file needs no copy of it)."""
    mine = part(game)
    state = start.clone()
    first = None if fresh else start.to_json()
    codes = []
    for action in moves:
        codes.append(encode(state, action, mine.FIELDS))
        state.apply(action)
    if not state.is_terminal():
        raise ReplayProblem("the game is not over")
    return Replay(game, seed, list(seats), codes, list(state.scores()), list(state.winners()),
                  rules=mine.rules_version(), options=mine.options_of(start), start=first,
                  finished=finished or time.strftime("%Y-%m-%d %H:%M"))


# -- playing again -----------------------------------------------------------------------------

def decode(state: Any, code: Any, actions: dict[str, type]) -> Any:
    """The action `code` stands for in `state` (ReplayProblem if none)."""
    if type(code) is int:
        legal = state.legal_actions()
        if not 0 <= code < len(legal):
            raise ReplayProblem(f"action {code} of {len(legal)} does not exist")
        return legal[code]
    cls = actions.get(code[0])
    if cls is None:
        raise ReplayProblem(f"unknown action {shown(code[0], 30)}")
    try:
        return cls(*code[1:])
    except TypeError as exc:
        raise ReplayProblem(f"a bad {cls.__name__}: {exc}") from None


def begin(replay: Replay) -> Any:
    """The state the replay starts from; ReplayProblem if these rules cannot play it."""
    mine = part(replay.game)
    if replay.rules != mine.rules_version():
        raise ReplayProblem(f"recorded with other {replay.title} rules ({replay.rules}; "
                            f"these are {mine.rules_version()}): it cannot be replayed")
    try:
        if replay.start is not None:
            return rules_of(replay.game).from_json(replay.start)
        return mine.start([s.name for s in replay.seats], replay.seed, replay.options)
    except ValueError as exc:
        raise ReplayProblem(f"cannot start: {str(exc).splitlines()[0][:100]}") from None


class Player:
    """Steps through a replay from its start: `step()` plays the next action and returns
    its events."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.state = begin(replay)
        self.actions = part(replay.game).ACTIONS
        self.done = 0  # moves played so far
        self.illegal = rules_of(replay.game).IllegalAction

    @property
    def finished(self) -> bool:
        return self.done >= len(self.replay.moves)

    def next_action(self) -> Any:
        return decode(self.state, self.replay.moves[self.done], self.actions)

    def step(self) -> list:
        action = self.next_action()
        try:
            events = self.state.apply(action)
        except self.illegal as exc:
            raise ReplayProblem(f"move {self.done + 1} is not legal: {exc}") from None
        self.done += 1
        return events


def check(replay: Replay) -> Any:
    """Play the whole replay without drawing; the final state, or ReplayProblem when it
    does not reach the recorded result."""
    player = Player(replay)
    while not player.finished:
        player.step()
    state = player.state
    if not state.is_terminal():
        raise ReplayProblem(f"the game is not over after its {len(replay.moves)} moves")
    if list(state.scores()) != replay.scores or list(state.winners()) != replay.winners:
        raise ReplayProblem(f"it ends {state.scores()} (winners {state.winners()}), not the "
                            f"recorded {replay.scores} (winners {replay.winners})")
    return state


# -- reading a file ----------------------------------------------------------------------------

def parse(text: str, where: str = "replay") -> Replay:
    """Check a replay file's text; ReplayProblem (one line) if it is not one we can use."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ReplayProblem(f"{where} is not JSON ({str(exc)[:60]})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayProblem(f"{where} is not a replay")
    if data.get("version") != VERSION:
        raise ReplayProblem(f"{where} has replay version {shown(data.get('version'), 20)}, "
                            f"not {VERSION}")
    try:
        return _build(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayProblem(f"{where} is damaged ({str(exc).splitlines()[0][:90]})") from None


def _build(data: dict[str, Any]) -> Replay:
    game = data["game"]
    if not keeps(game):
        raise ValueError(f"unknown game {shown(game, 30)}")
    for key in ("id", "rules", "finished"):
        if not isinstance(data[key], str) or len(data[key]) > 40:
            raise ValueError(f"bad {key}")
    if data["id"] and not _ID.match(data["id"]):
        raise ValueError("bad id")
    seed = data["seed"]
    if type(seed) is not int:
        raise ValueError("bad seed")
    if not isinstance(data["options"], dict) or len(data["options"]) > 8:
        raise ValueError("bad options")
    start = data["start"]
    if start is not None and not isinstance(start, str):
        raise ValueError("bad start")
    seats = [_seat(s) for s in _list(data["seats"], 6, "seats")]
    if len(seats) < 2:
        raise ValueError("fewer than 2 seats")
    moves = _list(data["moves"], MAX_MOVES, "moves")
    for move in moves:
        if type(move) is int:
            if move < 0:
                raise ValueError("a negative move")
        elif not (isinstance(move, list) and move and isinstance(move[0], str) and len(move) <= 8
                  and all(v is None or type(v) in (int, str, bool) for v in move[1:])):
            raise ValueError(f"bad move {shown(move, 40)}")
    result = data["result"]
    scores, winners = _list(result["scores"], 6, "scores"), _list(result["winners"], 6, "winners")
    if len(scores) != len(seats) or not all(type(v) is int for v in scores) or \
            not all(type(v) is int and 0 <= v < len(seats) for v in winners):
        raise ValueError("bad result")
    return Replay(game, seed, seats, moves, scores, winners, rules=data["rules"],
                  options=data["options"], start=start, finished=data["finished"],
                  id=data["id"])


def _list(value: Any, most: int, what: str) -> list:
    if not isinstance(value, list) or len(value) > most:
        raise ValueError(f"bad {what}")
    return value


def _seat(value: Any) -> Seat:
    if not isinstance(value, dict) or not set(value) <= set(Seat.__dataclass_fields__):
        raise ValueError("bad seat")
    seat = Seat(**value)
    for name, text, limit, empty in (("name", seat.name, NAME_MAX, False),
                                     ("colour", seat.colour, LABEL_MAX, False),
                                     ("token", seat.token, LABEL_MAX, True)):
        problem = text_problem(text, limit, empty=empty)
        if problem:
            raise ValueError(f"a seat's {name} {shown(text, 30)} {problem}")
    if type(seat.human) is not bool or seat.level not in LEVELS:
        raise ValueError(f"bad seat {shown(value)}")
    return seat


# -- the shelf ---------------------------------------------------------------------------------

def _order(replay_id: str) -> tuple[str, int]:
    """Ids in the order they were kept: the time, then the count within that second."""
    last = replay_id.rsplit("-", 1)[-1]
    return replay_id[:15], int(last) if last.isdecimal() else 1


class Shelf:
    """The kept replays: one file each in `folder` (None: in memory), newest `keep`."""

    def __init__(self, folder: Path | None, keep: int = KEEP) -> None:
        self.folder = folder
        self.keep = keep
        self.memory: dict[str, str] = {}  # id -> text, when folder is None
        self.problems: list[str] = []  # one line per file set aside or not written

    def _ids(self) -> list[str]:
        """Every replay id, oldest first (ids begin with the time they were kept)."""
        if self.folder is None:
            return sorted(self.memory, key=_order)
        try:
            names = [p.name for p in self.folder.iterdir()]
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise ReplayProblem(f"replays: cannot read {self.folder} ({exc.strerror})") from None
        return sorted((n[:-5] for n in names if n.endswith(".json") and _ID.match(n[:-5])),
                      key=_order)

    def add(self, replay: Replay) -> str | None:
        """Keep `replay` (its id given here); the oldest beyond `keep` go. None, with a
        line in `problems`, if the disk refused."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        same = [_order(i)[1] for i in self._ids() if i.startswith(stamp)]
        n = max(same, default=0) + 1  # several in one second: -2, -3, ... in order
        new = f"{stamp}-{replay.game}" + (f"-{n}" if n > 1 else "")
        replay.id = new
        text = replay.to_json()
        if self.folder is None:
            self.memory[new] = text
        else:
            try:
                remove_stale_temps(self.folder / f"{new}.json")
                write_atomic(self.folder / f"{new}.json", text)
            except OSError as exc:
                self.problems.append(f"The replay could not be kept ({exc.strerror or exc})")
                return None
        for old in self._ids()[:-self.keep]:
            self.remove(old)
        return new

    def remove(self, replay_id: str) -> None:
        if self.folder is None:
            self.memory.pop(replay_id, None)
            return
        with contextlib.suppress(OSError):
            (self.folder / f"{replay_id}.json").unlink()

    def load(self, replay_id: str) -> Replay:
        """The replay of that id ("latest": the newest); ReplayProblem if none or bad (a
        bad file is moved aside and named)."""
        ids = self._ids()
        if replay_id == "latest":
            if not ids:
                raise ReplayProblem("no replays kept yet")
            replay_id = ids[-1]
        if replay_id not in ids:
            raise ReplayProblem(f"no replay {shown(replay_id, 40)}")
        return self._read(replay_id)

    def _read(self, replay_id: str) -> Replay:
        where = f"replay {replay_id}"
        if self.folder is None:
            return parse(self.memory[replay_id], where)
        path = self.folder / f"{replay_id}.json"
        try:
            return parse(read_text(path, limit=MAX_BYTES), where)
        except (ReplayProblem, FileProblem) as exc:
            aside = move_aside(path)
            line = str(exc) + (f"; moved aside as {aside.name}" if aside else "")
            self.problems.append(line)
            raise ReplayProblem(line) from None

    def all(self) -> list[Replay]:
        """Every readable replay, newest first; bad ones are set aside (see `problems`)."""
        kept = []
        for replay_id in reversed(self._ids()):
            try:
                kept.append(self._read(replay_id))
            except ReplayProblem:
                continue
        return kept

    def clear(self) -> None:
        for replay_id in self._ids():
            self.remove(replay_id)
