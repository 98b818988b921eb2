"""One award of the results (`Award`) and the helper the games' award rules share;
`game/awards.py` computes them, each game's own rules live in `game/<game>/awards.py`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Award:
    """One title: what for, the figure it was won with, the seats that share it."""

    title: str  # "Head hunter"
    figure: str  # "3 poached"
    seats: tuple[int, ...]
    detail: str = ""  # "K from 63K to 63M users"


def leaders(totals: dict[int, int], least: int = 1) -> tuple[tuple[int, ...], int]:
    """The seats sharing the highest total (at least `least`), and that total."""
    if not totals:
        return (), 0
    best = max(totals.values())
    if best < least:
        return (), best
    return tuple(sorted(s for s, v in totals.items() if v == best)), best
