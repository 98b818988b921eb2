"""Learn to play: a guided real Startup Fever game.

The person plays one company against two computer companies on the real table. The
game is seeded (`GUIDED_SEED`), so its dice and cards come out the same for the same
choices, and a coach bubble (coach.py) explains each step the first time it happens,
pointing at what it talks about. Each bubble waits for one confirm; Back on a bubble,
or Pause, leaves. The first year shows most steps; the coach stays on until the steps
that need launched products (a counter-offer, user loss) have happened too, then says
goodbye; the game goes on as a normal game, without the coach waiting.
"""

from __future__ import annotations

from dataclasses import replace

from scenes.startupfever.coach import Coach
from scenes.startupfever.seats import Seat, default_seats
from scenes.startupfever.table_scene import TableScene

GUIDED_SEED = 2024  # fixed dice and cards (for the same choices)


def guided_seats() -> list[Seat]:
    """You and two Normal computer companies, in the default colours."""
    seats = default_seats(3, humans=1)
    return [replace(seat, name=name, level="normal")
            for seat, name in zip(seats, ("You", "Ada", "Linus"), strict=True)]


class GuidedGame(TableScene):
    """The real table with a coach that waits for the person (module docstring)."""

    def __init__(self) -> None:
        super().__init__(guided_seats(), seed=GUIDED_SEED)

    def make_coach(self) -> Coach:
        return Coach(guided=True)

    def save_now(self, wait: bool = True) -> bool:
        """Never saved: the guided game must not take the place of a real game's save."""
        return True

    def update(self, dt: float) -> None:
        if self.coach is not None and self.coach.leave and not self.leaving:
            self._to_title()
            return
        super().update(dt)
