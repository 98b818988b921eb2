"""SERVERMANIA save files: loading a saved state as untrusted input.

`State.to_json` writes a save; `from_json` reads one back, type-checking every field and
refusing a state the rules could not have reached (see `_check_loaded`), so a corrupt or
hand-edited save raises `SaveError` saying why and never crashes the game.
"""

from __future__ import annotations

import json
from typing import Any

from game.names import LABEL_MAX, name_problem, text_problem
from game.servermania.board import LOOKAHEAD, STUCK, TECHPAD, Board, default_board
from game.servermania.cards import DECKS
from game.servermania.fields import (
    LEDGER,
    MAINTENANCE_FEE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SAVE_FORMAT,
    SAVE_VERSION,
    STUCK_FEE,
    Player,
)
from game.servermania.stages import (
    DRAW,
    GAME_OVER,
    MAINTENANCE,
    MOVE_ROLL,
    PHASES,
    ROLL_OFF,
    STUCK_CHOICE,
    STUCK_ROLL,
    TECHPAD_ROLL,
)
from game.servermania.state import State

MESSAGE_CHARS = 300  # a message never echoes more of a bad value than this


class SaveError(ValueError):
    """A save text that cannot be loaded; the message says why (in at most MESSAGE_CHARS:
    a bad value of megabytes is never echoed whole)."""

    def __init__(self, message: str) -> None:
        if len(message) > MESSAGE_CHARS:
            message = message[:MESSAGE_CHARS - 3] + "..."
        super().__init__(message)


def from_json(text: str) -> State:
    """Load a state saved by `to_json`; a broken save raises `SaveError` saying why."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveError(f"not a SERVERMANIA save: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("not a SERVERMANIA save (format tag missing)")
    if type(data.get("version")) is not int or data["version"] != SAVE_VERSION:
        raise SaveError(f"save version {data.get('version')!r} is not supported "
                        f"(this game reads version {SAVE_VERSION})")
    try:
        return _state_from_dict(data)
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError,
            RecursionError) as exc:
        # Belt and braces: the field checks below should catch every malformed value
        # first; whatever slips through still becomes a SaveError, never a crash.
        raise SaveError(f"corrupt SERVERMANIA save: {type(exc).__name__}: {exc}") from None


def _bad(what: str, value: Any, expected: str) -> SaveError:
    shown = repr(value)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return SaveError(f"corrupt SERVERMANIA save: {what} is {shown}, expected {expected}")


def _int(value: Any, what: str) -> int:
    """A JSON whole number (not a bool, not 3.0) or SaveError."""
    if type(value) is not int:
        raise _bad(what, value, "a whole number")
    return value


def _str(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise _bad(what, value, "a text")
    return value


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise _bad(what, value, "true or false")
    return value


def _list(value: Any, what: str) -> list:
    if not isinstance(value, list):
        raise _bad(what, value, "a list")
    return value


def _dict(value: Any, what: str) -> dict:
    if not isinstance(value, dict):
        raise _bad(what, value, "an object")
    return value


def _ints(value: Any, what: str) -> list[int]:
    return [_int(x, f"{what}[{i}]") for i, x in enumerate(_list(value, what))]


def _field(data: dict[str, Any], key: str, where: str = "") -> Any:
    if key not in data:
        raise SaveError(f"corrupt SERVERMANIA save: {where}{key!r} is missing")
    return data[key]


def _state_from_dict(data: dict[str, Any]) -> State:
    """Build the state field by field, refusing any value of the wrong type."""
    def get(key: str) -> Any:
        return _field(data, key)

    try:
        board = Board.from_data(get("board"))
    except ValueError as exc:           # BoardError / MapError from the board's own checks
        raise SaveError(f"corrupt SERVERMANIA save: {exc}") from None
    if board == _default_board_if_readable():
        board = default_board()
    players = []
    for seat, p in enumerate(_list(get("players"), "players")):
        p = _dict(p, f"players[{seat}]")
        w = f"players[{seat}]."
        players.append(Player(_str(_field(p, "name", w), w + "name"),
                              _int(_field(p, "cash", w), w + "cash"),
                              _int(_field(p, "servers", w), w + "servers"),
                              _int(_field(p, "position", w), w + "position"),
                              _bool(_field(p, "finished", w), w + "finished")))
    s = State(board, players, _int(get("seed"), "seed"))
    s.pot = _int(get("pot"), "pot")
    phase = _str(get("phase"), "phase")
    if phase not in PHASES:
        raise SaveError(f"corrupt SERVERMANIA save: unknown phase {phase!r}")
    s.phase = PHASES[PHASES.index(phase)]
    s.turn_seat = _int(get("turn_seat"), "turn_seat")
    s.turn = _int(get("turn"), "turn")
    s.roll_off = _ints(get("roll_off"), "roll_off")
    s.roll_off_rolls = _ints(get("roll_off_rolls"), "roll_off_rolls")
    s.maintenance_paid = _bool(get("maintenance_paid"), "maintenance_paid")
    s.draw_deck = _str(get("draw_deck"), "draw_deck")
    s.finish_order = _ints(get("finish_order"), "finish_order")
    s.decks = {_str(d, "a deck name"): _ints(ids, f"decks[{d!r}]")
               for d, ids in _dict(get("decks"), "decks").items()}
    ledger = _dict(get("ledger"), "ledger")
    for key in LEDGER:
        setattr(s, key, _int(_field(ledger, key, "ledger."), f"ledger.{key}"))
    rng = _list(get("rng"), "rng")
    if len(rng) != 3:
        raise _bad("rng", rng, "[version, state, gauss]")
    version, internal, gauss = rng
    if gauss is not None and type(gauss) is not float:
        raise _bad("rng gauss", gauss, "a number or null")
    try:
        s.rng.setstate((_int(version, "rng version"), tuple(_ints(internal, "rng state")),
                        gauss))
    except (TypeError, ValueError) as exc:
        raise SaveError(f"corrupt SERVERMANIA save: bad RNG state ({exc})") from None
    _check_loaded(s)
    return s


def _check_loaded(s: State) -> None:
    """Refuse a save whose fields contradict each other or the rules.

    Every check is something the rules guarantee in a real game; a state breaking one
    could hang the turn order or hand out a choice the rules never offer.
    """
    n = len(s.players)
    problems = []
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise SaveError(f"corrupt SERVERMANIA save: {n} players "
                        f"(SERVERMANIA is for {MIN_PLAYERS}-{MAX_PLAYERS})")
    if not 0 <= s.turn_seat < n:
        raise SaveError(f"corrupt SERVERMANIA save: turn seat {s.turn_seat} "
                        f"in a {n}-player game")
    if any(not 0 <= p.position <= s.board.last for p in s.players):
        raise SaveError("corrupt SERVERMANIA save: a pawn off the board")
    if set(s.decks) != set(DECKS) or any(
            not ids or len(set(ids)) != len(ids) or not all(0 <= i < len(DECKS[d]) for i in ids)
            for d, ids in s.decks.items()):
        problems.append("bad decks")
    if s.turn < 0:
        problems.append(f"turn {s.turn}")
    for seat, p in enumerate(s.players):
        problem = name_problem(p.name)
        if problem:
            problems.append(f"seat {seat}'s name {problem}")
    if any(text_problem(q.label, LABEL_MAX, empty=True) for q in s.board.squares):
        problems.append("a square's label is not a short printable text")
    problems += _finish_problems(s)
    problems += _phase_problems(s)
    problems += s.invariant_violations()
    if problems:
        raise SaveError("corrupt SERVERMANIA save: " + "; ".join(problems))


def _finish_problems(s: State) -> list[str]:
    """S11: finish_order lists exactly the finished players, each once, all on FINISH."""
    n = len(s.players)
    order = s.finish_order
    flagged = [seat for seat, p in enumerate(s.players) if p.finished]
    if len(set(order)) != len(order) or not all(0 <= seat < n for seat in order):
        return [f"finish order {order} is not distinct seats of {n} players"]
    problems = []
    if set(order) != set(flagged):
        problems.append(f"finished players {flagged} do not match finish order {order}")
    last = s.board.last
    for seat, p in enumerate(s.players):
        if p.finished != (p.position == last):
            problems.append(f"seat {seat} at square {p.position} "
                            f"{'is' if p.finished else 'is not'} flagged finished")
    return problems


def _phase_problems(s: State) -> list[str]:
    """The phase must be one the rules could have reached from these fields."""
    phase = s.phase
    seat = s.turn_seat
    p = s.players[seat]
    kinds = s.board.kinds
    everyone_done = len(s.finish_order) == len(s.players)
    problems = []
    if phase == GAME_OVER:
        if not everyone_done:
            problems.append("game over before every player has finished")
    elif everyone_done:
        problems.append(f"every player has finished but the phase is {phase!r}")
    elif phase != ROLL_OFF and p.finished:
        problems.append(f"seat {seat} has finished but it is their turn")
    if phase == ROLL_OFF:
        r, rolls = s.roll_off, s.roll_off_rolls
        if (not r or len(set(r)) != len(r) or not all(0 <= x < len(s.players) for x in r)
                or len(rolls) >= len(r) or r[len(rolls)] != seat
                or not all(1 <= v <= 6 for v in rolls)):
            problems.append(f"roll-off seats {r} / rolls {rolls} / seat {seat} do not fit")
        if s.turn != 0 or any(q.position or q.finished for q in s.players):
            problems.append("pawns moved before the roll-off ended")
    elif s.roll_off or s.roll_off_rolls:
        problems.append(f"roll-off data left over in phase {phase!r}")
    if phase == MAINTENANCE:                                   # S6
        if s.board.cs_ahead[p.position] < 0:
            problems.append(f"maintenance asked with no CUSTOMER SERVICE within "
                            f"{LOOKAHEAD} of square {p.position}")
        if p.cash < MAINTENANCE_FEE:
            problems.append(f"maintenance asked of seat {seat} with only ${p.cash:,} "
                            f"(under ${MAINTENANCE_FEE:,} nobody is asked)")
    elif phase == STUCK_CHOICE:                                # S8
        if kinds[p.position] != STUCK or p.cash < STUCK_FEE:
            problems.append(f"STUCK choice for seat {seat} on a {kinds[p.position]!r} "
                            f"square with ${p.cash:,}")
    elif phase == STUCK_ROLL and kinds[p.position] != STUCK:
        problems.append(f"STUCK roll for seat {seat} on a {kinds[p.position]!r} square")
    elif phase == TECHPAD_ROLL and kinds[p.position] != TECHPAD:
        problems.append(f"TechPad roll for seat {seat} on a {kinds[p.position]!r} square")
    if phase == DRAW:                                          # S10
        if s.draw_deck not in DECKS or kinds[p.position] != s.draw_deck:
            problems.append(f"draw from deck {s.draw_deck!r} on a "
                            f"{kinds[p.position]!r} square")
    elif s.draw_deck:
        problems.append(f"a pending draw from {s.draw_deck!r} in phase {phase!r}")
    if s.maintenance_paid and (phase != MOVE_ROLL or s.board.cs_ahead[p.position] < 0):
        problems.append(f"maintenance marked paid in phase {phase!r}")
    return problems


def _default_board_if_readable() -> Board | None:
    """The default board if its map can be read (saves of custom boards still load)."""
    try:
        return default_board()
    except Exception:
        return None
