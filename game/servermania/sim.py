"""Headless SERVERMANIA simulator behind `python main.py sim servermania`.

Plays whole games with the simple players (seat types alternate random / rules and
rotate from game to game so every seat meets both), checks the invariants after every
turn (S4 floors, money and servers accounted for, the game ends within a turn cap), and
returns the figures. Game `g` uses seed `seed * 1_000_003 + g`, so any game can be
replayed alone. Large runs are split over the machine's cores (each game is
independent, so the figures do not depend on the split).
"""

from __future__ import annotations

from typing import Any

from game.parallel import play_ranges
from game.servermania.board import Board, default_board
from game.servermania.players import RandomPlayer, RulePlayer
from game.servermania.rules import CHANCE, TERMINAL
from game.servermania.state import new_game
from game.simulate import figures, new_tally, rotating_seat_types, tally_game

TYPES = (RandomPlayer, RulePlayer)
KINDS = tuple(cls.kind for cls in TYPES)
TURN_CAP = 2_000            # a game this long has not ended: a violation
PARALLEL_FROM = 400         # games; smaller runs are not worth starting processes


def game_seed(seed: int, g: int) -> int:
    return seed * 1_000_003 + g


def seat_types(players: int, g: int) -> list[type[RandomPlayer | RulePlayer]]:
    return rotating_seat_types(TYPES, players, g)


def play_game(players: int, seed: int, g: int, board: Board | None = None
              ) -> tuple[int, list[int], list[str], list[str]]:
    """Play game g; returns (turns, winners, seat type names, violation messages)."""
    gs = game_seed(seed, g)
    state = new_game(players, seed=gs, board=board)
    kinds = seat_types(players, g)
    agents = [cls(gs * 8 + seat) for seat, cls in enumerate(kinds)]
    violations: list[str] = []
    turn = 0
    apply = state.apply_quiet
    sample = state.sample_chance
    while True:
        cp = state.current_player
        if cp == CHANCE:
            apply(sample())
        elif cp == TERMINAL:
            break
        else:
            apply(agents[cp].decide(state, state.legal_actions()))
        if state.turn != turn:
            turn = state.turn
            bad = state.invariant_violations()
            if bad:
                violations += [f"game {g} (seed {gs}) turn {turn}: {b}" for b in bad]
            if turn > TURN_CAP:
                violations.append(f"game {g} (seed {gs}) did not end in {TURN_CAP} turns")
                break
    bad = state.invariant_violations()
    violations += [f"game {g} (seed {gs}) at the end: {b}" for b in bad]
    return state.turn, state.winners(), [cls.kind for cls in kinds], violations


def _play_range(args: tuple[int, int, int, int]) -> dict[str, Any]:
    players, seed, start, stop = args
    board = default_board()
    tally = new_tally(players, KINDS)
    turns = 0
    for g in range(start, stop):
        t, winners, kinds, bad = play_game(players, seed, g, board)
        turns += t
        tally_game(tally, winners, kinds, bad)
    tally["turns"] = turns
    return tally


def simulate(games: int, players: int = 4, seed: int = 1, workers: int | None = None
             ) -> dict[str, Any]:
    """Play `games` games of `players` and return the figures (see game/simulate.py)."""
    if games < 1:
        raise ValueError("games must be at least 1")
    default_board()                       # read the map once, before timing or forking
    parts, seconds, workers = play_ranges(
        _play_range, games=games, players=players, seed=seed, workers=workers,
        parallel_from=PARALLEL_FROM)
    averages = {"avg_turns": round(sum(p["turns"] for p in parts) / games, 2)}
    return figures(parts, averages, games=games, players=players, seed=seed,
                   workers=workers, seconds=seconds, kinds=KINDS)
