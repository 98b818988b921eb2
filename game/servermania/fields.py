"""The SERVERMANIA game's data: every field of a game, the starting numbers, no rule.

`Fields` holds everything a game is (players, pot, phase, decks, the seeded RNG) and the
methods that need no rule: `clone`, `to_json`, the invariants. The rules (rules.py) read
and write these fields; `State` (state.py) adds the public methods that run the rules.
The numbers are those of the rulings S1-S12 in RULES.md beside this file.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Self

from game.servermania.board import Board
from game.servermania.cards import DECKS
from game.servermania.stages import CHANCE, CHANCE_PHASES, GAME_OVER, ROLL_OFF, TERMINAL

MIN_PLAYERS, MAX_PLAYERS = 2, 4            # S1
STARTING_CASH = 50_000                      # S1
STARTING_SERVERS = 2                        # S1
PAYDAY_PER_SERVER = 10_000                  # S5 (double when landing)
MAINTENANCE_FEE = 50_000                    # S6
STUCK_FEE = 50_000                          # S8
STUCK_FREE_MAX = 3                          # S8: 1-3 frees the pawn
FIRST_FINISH_BONUS = 10                     # S11 servers
SERVER_VALUE = 20_000                       # S12

SAVE_FORMAT = "servermania-save"
SAVE_VERSION = 1
#: The bank's ledger fields (State attributes, saved under "ledger").
LEDGER = ("bank_paid_out", "bank_received", "servers_issued", "servers_returned")


@dataclass(slots=True)
class Player:
    name: str
    cash: int = STARTING_CASH
    servers: int = STARTING_SERVERS
    position: int = 0
    finished: bool = False


class Fields:
    """One game's data; `State` (state.py) is this plus the rules' public methods."""

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

    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == GAME_OVER:
            return TERMINAL
        return self.turn_seat

    def is_terminal(self) -> bool:
        return self.phase == GAME_OVER

    def clone(self) -> Self:
        c = self.__class__.__new__(self.__class__)
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
            "ledger": {key: getattr(self, key) for key in LEDGER},
            "rng": [version, list(internal), gauss],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

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


