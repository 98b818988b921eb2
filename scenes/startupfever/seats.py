"""Who sits at a Startup Fever table: a name, a colour, a company logo, and a person or the
computer (of a level: Easy / Normal / Hard, chosen in the lobby; the table asks
`game.levels.make_player`). The same names, colours and shapes as SERVERMANIA, for up to
six companies: a player keeps their colour and shape in both games."""

from __future__ import annotations

from dataclasses import dataclass

from game.autosave import SeatRecord
from scenes.table.look import COLOURS, SHAPES
from scenes.table.seats import NAMES

MIN_SEATS, MAX_SEATS = 2, 6  # the rules' player count (game.startupfever.State)
MAX_EXTRA_YEARS = 2  # F12: the players may agree on 0-2 extra years


@dataclass(frozen=True)
class Seat:
    name: str
    colour: str  # one of table.look.COLOURS (six, one per seat)
    human: bool = True
    level: str = "normal"  # a computer seat's level: easy, normal or hard
    token: str = ""  # the logo's shape ("" = the colour's own), as SERVERMANIA's pawns

    @classmethod
    def from_record(cls, record: SeatRecord) -> Seat:
        """A saved seat; a colour or logo this version does not draw falls back."""
        colour = record.colour if record.colour in COLOURS else COLOURS[0]
        token = record.token if record.token in SHAPES else ""
        return cls(record.name, colour, record.human, record.level, token)


def default_seats(count: int = 2, humans: int = 1) -> list[Seat]:
    """`count` seats with distinct names and colours; the first `humans` are people."""
    if not MIN_SEATS <= count <= MAX_SEATS:
        raise ValueError(f"Startup Fever seats 2-6 players, not {count}")
    return [Seat(NAMES[i], COLOURS[i], i < humans) for i in range(count)]
