"""Who sits at the table: a name, a colour, a pawn shape, and a person or the computer.

A computer seat's level (Easy / Normal / Hard, chosen in the lobby) picks its player from
`game.levels` (the board asks `make_player`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.autosave import SeatRecord
from game.servermania.rules import MAX_PLAYERS, MIN_PLAYERS
from scenes.table.look import COLOURS, SHAPES
from scenes.table.seats import NAMES

MIN_SEATS, MAX_SEATS = MIN_PLAYERS, MAX_PLAYERS  # the rules' player count (S1)


@dataclass(frozen=True)
class Seat:
    name: str
    colour: str  # one of look.COLOURS
    human: bool = True
    level: str = "normal"  # a computer seat's level: easy, normal or hard
    token: str = ""  # the pawn's shape marker ("" = the colour's own shape)

    @classmethod
    def from_record(cls, record: SeatRecord) -> Seat:
        """A saved seat; a colour or pawn this version does not draw falls back."""
        colour = record.colour if record.colour in COLOURS else COLOURS[0]
        token = record.token if record.token in SHAPES else ""
        return cls(record.name, colour, record.human, record.level, token)


def default_seats(count: int = 2, humans: int = 1) -> list[Seat]:
    """`count` seats with distinct names and colours; the first `humans` are people."""
    return [Seat(NAMES[i], COLOURS[i], i < humans) for i in range(count)]

