"""Scenario builders for SERVERMANIA rule tests: small tracks written as symbols."""

from __future__ import annotations

from game import servermania as sm
from game.servermania.board import board_from_kinds

SYMBOLS = {"S": "start", ".": "plain", "$": "payday", "C": "customer_service",
           "T": "techpad", "X": "stuck", "B": "ceo_bonus", "-": "churn", "+": "signups",
           "F": "finish"}


def track(text: str) -> sm.Board:
    """'S . . $ . F' -> a board of start, plain, plain, payday, plain, finish."""
    return board_from_kinds(SYMBOLS[c] for c in text.split())


def scenario(text: str, *, players: int = 2, first: int = 0, **seats: dict) -> sm.State:
    """A game on `text`, seats set up as given, roll-off done so `first` has the turn.

    seats: seat0={"position": 3, "servers": 2}, seat1={...}. The roll-off is played
    through the API (first rolls 6, others 1), so the turn starts where the pawn stands.
    """
    state = sm.new_game(players, seed=1, board=track(text))
    for key, attrs in seats.items():
        player = state.players[int(key.removeprefix("seat"))]
        for name, value in attrs.items():
            setattr(player, name, value)
    for seat in range(players):
        state.apply(sm.Die(6 if seat == first else 1))
    assert state.turn_seat == first
    return state


def of(events: list, cls: type) -> list:
    return [e for e in events if isinstance(e, cls)]


def roll(state: sm.State, value: int) -> list:
    return state.apply(sm.Die(value))
