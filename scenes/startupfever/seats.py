"""Who sits at a Startup Fever table: a name, a colour and whether a person or the computer
plays. The same names and colours as SERVERMANIA, for up to six companies."""

from __future__ import annotations

from dataclasses import dataclass

from scenes.servermania.look import COLOURS
from scenes.servermania.seats import NAMES

MIN_SEATS, MAX_SEATS = 2, 6  # the rules' player count (game.startupfever.State)
MAX_EXTRA_YEARS = 2  # F12: the players may agree on 0-2 extra years


@dataclass(frozen=True)
class Seat:
    name: str
    colour: str  # one of servermania.look.COLOURS (six, one per seat)
    human: bool = True
    token: str = ""  # a shape badge ("" = the colour's own), as SERVERMANIA's results draw


def default_seats(count: int = 2, humans: int = 1) -> list[Seat]:
    """`count` seats with distinct names and colours; the first `humans` are people."""
    if not MIN_SEATS <= count <= MAX_SEATS:
        raise ValueError(f"Startup Fever seats 2-6 players, not {count}")
    return [Seat(NAMES[i], COLOURS[i], i < humans) for i in range(count)]
