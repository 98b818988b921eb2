"""The SERVERMANIA game state: the game's data (fields.py) plus the public rules API.

`State` is what `new_game` and `from_json` return; its methods run the rules (rules.py)
and are described in game/API.md. Everything the game is lies in its fields, so
`to_json` / `from_json` round-trip a game exactly and `clone` is a cheap field copy.
Tests may set fields directly (a position, cash, servers) to build a scenario.
Loading a save, with all its checks, lives in saves.py.
"""

from __future__ import annotations

import random
from typing import Any

from game.servermania import rules
from game.servermania.actions import Action
from game.servermania.board import Board, default_board
from game.servermania.fields import MAX_PLAYERS, MIN_PLAYERS, Fields, Player
from game.servermania.rules import IllegalAction
from game.servermania.stages import CHANCE, TERMINAL


class State(Fields):
    """One game in progress (see game/API.md for the contract of the methods)."""

    __slots__ = ()

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

    def scores(self) -> list[int]:
        """Final money per seat (S12): cash + $20,000 per server (also mid-game)."""
        return rules.final_money(self)

    def winners(self) -> list[int]:
        """Seats sharing the win; empty while the game is still going."""
        return rules.winners_of(self.scores()) if self.is_terminal() else []

    def returns(self) -> list[float]:
        """Per seat: an even share of 1.0 for each winner once the game is over, else 0."""
        winners = self.winners()
        return [1.0 / len(winners) if seat in winners else 0.0
                for seat in range(len(self.players))]

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
