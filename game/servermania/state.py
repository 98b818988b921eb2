"""The SERVERMANIA game state: plain data plus the RULES_API methods.

Everything the game is lies in these fields (players, pot, phase, decks, the seeded RNG),
so `to_json` / `from_json` round-trip a game exactly and `clone` is a cheap field copy.
Tests may set fields directly (a position, cash, servers) to build a scenario.
The rules themselves live in rules.py; the methods here only delegate.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from game.servermania import rules
from game.servermania.actions import Action
from game.servermania.board import Board, default_board
from game.servermania.cards import DECKS
from game.servermania.rules import (
    CHANCE,
    CHANCE_PHASES,
    DRAW,
    GAME_OVER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHASES,
    ROLL_OFF,
    STARTING_CASH,
    STARTING_SERVERS,
    TERMINAL,
    IllegalAction,
)

SAVE_FORMAT = "servermania-save"
SAVE_VERSION = 1


class SaveError(ValueError):
    """A save text that cannot be loaded; the message says why."""


@dataclass(slots=True)
class Player:
    name: str
    cash: int = STARTING_CASH
    servers: int = STARTING_SERVERS
    position: int = 0
    finished: bool = False


class State:
    """One game in progress. See RULES_API.md for the contract of the methods."""

    __slots__ = ("board", "players", "seed", "rng", "pot", "phase", "turn_seat", "turn",
                 "roll_off", "roll_off_rolls", "maintenance_paid", "draw_deck",
                 "finish_order", "decks", "bank_paid_out", "bank_received",
                 "servers_issued", "servers_returned")

    def __init__(self, board: Board, players: list[Player], seed: int) -> None:
        self.board = board
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.pot = 0
        self.phase = ROLL_OFF
        self.turn_seat = 0
        self.turn = 0                       # turns started so far
        self.roll_off = list(range(len(players)))   # seats in the current roll-off round
        self.roll_off_rolls: list[int] = []          # their rolls so far, in that order
        self.maintenance_paid = False       # S6: paid before the pending move roll
        self.draw_deck = ""                 # deck of the pending draw
        self.finish_order: list[int] = []
        # Cards not drawn since the last shuffle, per deck (S10).
        self.decks: dict[str, list[int]] = {d: list(range(len(c))) for d, c in DECKS.items()}
        # The bank's ledger, so money and servers can be accounted for (invariants).
        self.bank_paid_out = 0
        self.bank_received = 0
        self.servers_issued = 0
        self.servers_returned = 0

    # ---------------------------------------------------------------- RULES_API
    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == GAME_OVER:
            return TERMINAL
        return self.turn_seat

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return rules.chance_outcomes(self)

    def sample_chance(self) -> Action:
        return rules.sample_chance(self)

    def apply(self, action: Action) -> list:
        return rules.apply(self, action)

    def apply_quiet(self, action: Action) -> None:
        """`apply` without building event objects: the same rules, for the simulator."""
        rules.apply(self, action, False)

    def is_terminal(self) -> bool:
        return self.phase == GAME_OVER

    def scores(self) -> list[int]:
        """Final money per seat (S12): cash + $20,000 per server (also mid-game)."""
        return rules.final_money(self)

    def winners(self) -> list[int]:
        """Seats sharing the win; empty while the game is still going."""
        return rules.winners_of(self.scores()) if self.is_terminal() else []

    def clone(self) -> State:
        c = State.__new__(State)
        c.board = self.board
        c.players = [Player(p.name, p.cash, p.servers, p.position, p.finished)
                     for p in self.players]
        c.seed = self.seed
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.pot = self.pot
        c.phase = self.phase
        c.turn_seat = self.turn_seat
        c.turn = self.turn
        c.roll_off = list(self.roll_off)
        c.roll_off_rolls = list(self.roll_off_rolls)
        c.maintenance_paid = self.maintenance_paid
        c.draw_deck = self.draw_deck
        c.finish_order = list(self.finish_order)
        c.decks = {d: list(ids) for d, ids in self.decks.items()}
        c.bank_paid_out = self.bank_paid_out
        c.bank_received = self.bank_received
        c.servers_issued = self.servers_issued
        c.servers_returned = self.servers_returned
        return c

    def to_dict(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "seed": self.seed,
            "board": self.board.to_data(),
            "players": [{"name": p.name, "cash": p.cash, "servers": p.servers,
                         "position": p.position, "finished": p.finished}
                        for p in self.players],
            "pot": self.pot,
            "phase": self.phase,
            "turn_seat": self.turn_seat,
            "turn": self.turn,
            "roll_off": list(self.roll_off),
            "roll_off_rolls": list(self.roll_off_rolls),
            "maintenance_paid": self.maintenance_paid,
            "draw_deck": self.draw_deck,
            "finish_order": list(self.finish_order),
            "decks": {d: list(ids) for d, ids in self.decks.items()},
            "ledger": {"bank_paid_out": self.bank_paid_out,
                       "bank_received": self.bank_received,
                       "servers_issued": self.servers_issued,
                       "servers_returned": self.servers_returned},
            "rng": [version, list(internal), gauss],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def observation(self, seat: int) -> dict[str, Any]:
        """What `seat` may see. SERVERMANIA hides nothing but the future (the RNG)."""
        if not 0 <= seat < len(self.players):
            raise ValueError(f"no seat {seat} in a {len(self.players)}-player game")
        obs = self.to_dict()
        del obs["rng"], obs["format"], obs["version"]
        obs["seat"] = seat
        obs["current_player"] = self.current_player
        obs["scores"] = self.scores()
        return obs

    def invariant_violations(self) -> list[str]:
        """Broken invariants (S4 floors, money and servers accounted for); [] if none."""
        bad = []
        money = self.pot
        servers = 0
        for seat, p in enumerate(self.players):
            if p.cash < 0:
                bad.append(f"seat {seat} has cash {p.cash} < 0")
            if p.servers < 1:
                bad.append(f"seat {seat} has {p.servers} servers < 1")
            money += p.cash
            servers += p.servers
        n = len(self.players)
        expected = STARTING_CASH * n + self.bank_paid_out - self.bank_received
        if money != expected:
            bad.append(f"money not accounted for: players + pot = {money}, "
                       f"expected {expected}")
        if self.pot < 0:
            bad.append(f"pot {self.pot} < 0")
        if servers != STARTING_SERVERS * n + self.servers_issued - self.servers_returned:
            bad.append(f"servers not accounted for: {servers} held")
        return bad

    def __repr__(self) -> str:
        who = ", ".join(f"{p.name}@{p.position} ${p.cash:,} {p.servers}srv"
                        for p in self.players)
        return f"<SERVERMANIA {self.phase} seat {self.turn_seat} turn {self.turn}: {who}>"


def new_game(players: int | list[str] = 4, seed: int | None = None,
             board: Board | None = None) -> State:
    """A new game at the first-player roll-off (S1, S2). players: a count or names."""
    names = ([f"Player {i + 1}" for i in range(players)] if isinstance(players, int)
             else [str(n) for n in players])
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError(f"SERVERMANIA is for {MIN_PLAYERS}-{MAX_PLAYERS} players, "
                         f"not {len(names)}")
    if seed is None:
        seed = random.randrange(2**32)
    return State(board or default_board(), [Player(n) for n in names], seed)


def from_json(text: str) -> State:
    """Load a state saved by `to_json`; a broken save raises `SaveError` saying why."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"not a SERVERMANIA save: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("not a SERVERMANIA save (format tag missing)")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(f"save version {data.get('version')!r} is not supported "
                        f"(this game reads version {SAVE_VERSION})")
    try:
        return _state_from_dict(data)
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SaveError(f"corrupt SERVERMANIA save: {type(exc).__name__}: {exc}") from None


def _state_from_dict(data: dict[str, Any]) -> State:
    board = Board.from_data(data["board"])
    if board == default_board_or_none():
        board = default_board()
    players = [Player(str(p["name"]), int(p["cash"]), int(p["servers"]), int(p["position"]),
                      bool(p["finished"])) for p in data["players"]]
    s = State(board, players, int(data["seed"]))
    s.pot = int(data["pot"])
    phase = str(data["phase"])
    if phase not in PHASES:
        raise SaveError(f"corrupt SERVERMANIA save: unknown phase {phase!r}")
    s.phase = PHASES[PHASES.index(phase)]
    s.turn_seat = int(data["turn_seat"])
    s.turn = int(data["turn"])
    s.roll_off = [int(x) for x in data["roll_off"]]
    s.roll_off_rolls = [int(x) for x in data["roll_off_rolls"]]
    s.maintenance_paid = bool(data["maintenance_paid"])
    s.draw_deck = str(data["draw_deck"])
    s.finish_order = [int(x) for x in data["finish_order"]]
    s.decks = {str(d): [int(i) for i in ids] for d, ids in data["decks"].items()}
    ledger = data["ledger"]
    s.bank_paid_out = int(ledger["bank_paid_out"])
    s.bank_received = int(ledger["bank_received"])
    s.servers_issued = int(ledger["servers_issued"])
    s.servers_returned = int(ledger["servers_returned"])
    version, internal, gauss = data["rng"]
    s.rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
    _check_loaded(s)
    return s


def _check_loaded(s: State) -> None:
    n = len(s.players)
    problems = []
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        problems.append(f"{n} players")
    if not 0 <= s.turn_seat < n:
        problems.append(f"turn seat {s.turn_seat}")
    if any(not 0 <= p.position <= s.board.last for p in s.players):
        problems.append("a pawn off the board")
    if set(s.decks) != set(DECKS) or any(
            not ids or len(set(ids)) != len(ids) or not all(0 <= i < len(DECKS[d]) for i in ids)
            for d, ids in s.decks.items()):
        problems.append("bad decks")
    if s.phase == DRAW and s.draw_deck not in DECKS:
        problems.append(f"draw from unknown deck {s.draw_deck!r}")
    problems += s.invariant_violations()
    if problems:
        raise SaveError("corrupt SERVERMANIA save: " + "; ".join(problems))


def default_board_or_none() -> Board | None:
    """The default board if its map can be read (saves of custom boards still load)."""
    try:
        return default_board()
    except Exception:
        return None


__all__ = ["CHANCE", "TERMINAL", "IllegalAction", "Player", "SaveError", "State",
           "from_json", "new_game"]
