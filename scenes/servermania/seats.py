"""Who sits at the table: a name, a colour and whether a person or the computer plays."""

from __future__ import annotations

from dataclasses import dataclass

from game.servermania.rules import MAX_PLAYERS, MIN_PLAYERS
from scenes.servermania.look import COLOURS

MIN_SEATS, MAX_SEATS = MIN_PLAYERS, MAX_PLAYERS  # the rules' player count (S1)

NAMES = ("Ada", "Linus", "Grace", "Alan", "Radia", "Ken", "Margaret", "Tim", "Barbara",
         "Dennis", "Hedy", "Guido")


@dataclass(frozen=True)
class Seat:
    name: str
    colour: str  # one of look.COLOURS
    human: bool = True


def default_seats(count: int = 2, humans: int = 1) -> list[Seat]:
    """`count` seats with distinct names and colours; the first `humans` are people."""
    return [Seat(NAMES[i], COLOURS[i], i < humans) for i in range(count)]
