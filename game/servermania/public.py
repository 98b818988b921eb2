"""What everyone may see of a SERVERMANIA game: the observation of no seat at all
(SERVERMANIA hides nothing but the future, so it is any seat's observation, seatless)."""

from __future__ import annotations

from typing import Any


def public_observation(state: Any) -> dict[str, Any]:
    """Every seat's public facts; the board left out (the same for everyone, and large),
    and each deck as its size (its order is the cards to come)."""
    obs = state.observation(0)
    obs.pop("board", None)
    obs["decks"] = {name: len(cards) for name, cards in obs.get("decks", {}).items()}
    obs["seat"] = None
    return obs
