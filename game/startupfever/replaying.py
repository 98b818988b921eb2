"""What a Startup Fever replay needs of the rules (game/replays.py): their version, the
game's options and the action classes a replay may name."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from game.replay_tables import action_tables, rules_digest

from .actions import Action
from .rules import State, new_game

#: The modules whose text decides a game (legal actions and their order, `apply`): a
#: replay recorded with other text is refused, never replayed wrongly.
RULES_FILES: Final = ("actions", "cards", "effects", "employees", "fields", "rules",
                      "stages", "state", "usertrack", "yearend")
#: the action classes by name (a replay may name one the listing did not hold), and
#: each one's fields in order (a replay writes their values in this order)
ACTIONS, FIELDS = action_tables(Action)


def rules_version() -> str:
    """A short digest of the rules' own text."""
    return rules_digest("startupfever", Path(__file__).resolve().parent, RULES_FILES)


def options_of(state: State) -> dict[str, Any]:
    """The options `start` needs besides names and seed."""
    return {"extra_years": state.extra_years}


def start(names: list[str], seed: int, options: dict[str, Any]) -> State:
    """The game a replay begins with (`options`: as `options_of` gave them, checked)."""
    extra = options.get("extra_years", 0)
    if type(extra) is not int or set(options) - {"extra_years"}:
        raise ValueError(f"unknown Startup Fever options {sorted(options)}")
    return new_game(names, seed=seed, extra_years=extra)


def hidden_at_end(state: State) -> list[tuple[int, str]]:
    """What the table never showed, per seat, once the game is over: the hand and the
    chips of products that never launched (a replay's "show hands" after its end)."""
    from .cards import CARDS

    lines = []
    for seat, player in enumerate(state.players):
        hand = ", ".join(CARDS[c].name if c in CARDS else c for c in player.hand) or "no cards"
        chips = [f"{s} {state.products[s].category}" for s in player.slots
                 if not state.products[s].launched and state.products[s].category]
        lines.append((seat, f"hand: {hand}" + (f"; face down: {', '.join(chips)}"
                                                if chips else "")))
    return lines
