"""The simple-minded player: how a newcomer plays Startup Fever on a first evening.

It hires what it can afford (a Big Nerd or Big Suit when it has $6, else Nerds, a Suit
when no Nerd is left),
keeps an employee a rival offers for when it has the money, pushes rivals' products back
when its user-loss die allows, and takes the plain way out everywhere else: it never
poaches, never retains, never plays an Event Card (not even Defense), never markets, and
takes the first free place in the turn order. It is the yardstick Easy is measured
against (`main.py sim startupfever --ai simple,easy,easy,easy`): a newcomer playing like
this should win about as often as an Easy computer (RULES.md notes the figure).
"""

from __future__ import annotations

from typing import Any

from .actions import (
    Counter,
    Defend,
    EndManage,
    EndMarketing,
    EndReassign,
    EndUserLoss,
    Hire,
    LosePip,
    Pass,
)
from .state import BIG_NERD, BIG_SUIT, NERD, SUIT


class SimplePlayer:
    """The newcomer (module notes); deterministic. Reads only its own observation."""

    kind = "simple"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def decide(self, state_or_observation: Any, legal: list) -> Any:
        view = state_or_observation
        if hasattr(view, "observation"):
            view = view.observation(view.current_player)
        stage = view["stage"]
        if stage == "manage":
            return self._manage(view, legal)
        if stage == "counter":
            return Counter(True) if Counter(True) in legal else Counter(False)
        if stage == "loss":
            me = view["seat"]
            rival = next((a for a in legal if type(a) is LosePip
                          and view["products"][a.slot]["owner"] != me), None)
            return rival if rival is not None else _first(legal, EndUserLoss())
        for plain in (Pass(), Defend(False), EndReassign(), EndMarketing()):
            if plain in legal:
                return plain
        return legal[0]

    @staticmethod
    def _manage(view: dict, legal: list) -> Any:
        """What it can afford: an executive, else a Nerd, else a Suit; then End."""
        for kind in (BIG_NERD, BIG_SUIT, NERD, SUIT):
            hire = next((a for a in legal if type(a) is Hire and a.kind == kind), None)
            if hire is not None:
                return hire
        return _first(legal, EndManage())


def _first(legal: list, wanted: Any) -> Any:
    return wanted if wanted in legal else legal[0]
