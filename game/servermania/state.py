"""The SERVERMANIA game state: plain data plus the RULES_API methods.

Everything the game is lies in these fields (players, pot, phase, decks, the seeded RNG),
so `to_json` / `from_json` round-trip a game exactly and `clone` is a cheap field copy.
Tests may set fields directly (a position, cash, servers) to build a scenario.
The rules themselves live in rules.py (the methods here only delegate); loading a save,
with all its checks, lives in saves.py.
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
    GAME_OVER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROLL_OFF,
    STARTING_CASH,
    STARTING_SERVERS,
    TERMINAL,
    IllegalAction,
)

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
            "ledger": {key: getattr(self, key) for key in LEDGER},
            "rng": [version, list(internal), gauss],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def observation(self, seat: int) -> dict[str, Any]:
        """What `seat` may see. SERVERMANIA hides nothing but the future (the RNG and
        its seed)."""
        if not 0 <= seat < len(self.players):
            raise ValueError(f"no seat {seat} in a {len(self.players)}-player game")
        obs = self.to_dict()
        # The seed and the RNG state both predict every future die and card: hidden.
        del obs["rng"], obs["seed"], obs["format"], obs["version"]
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


__all__ = ["CHANCE", "TERMINAL", "IllegalAction", "Player", "State", "new_game"]
