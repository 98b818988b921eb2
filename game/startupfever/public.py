"""What everyone may see of a Startup Fever game: the observation of no seat at all.

    obs = public_observation(state)   # the shape of `state.observation(seat)`, seat None

Built from a seat's own observation with that seat's secrets taken out as well, so it
holds only what every seat sees (RULES.md F13, F14): every hand as its size, no chip of
an unlaunched product, no sealed marketing (a company's money still counts its sealed
tokens), no legal actions. A watcher's phone and the public part of every seat's phone
are made from it; a twin-world test proves it the same in two games that differ only in
hidden facts.
"""

from __future__ import annotations

from typing import Any


def public_observation(state: Any) -> dict[str, Any]:
    """The observation of a seat that holds nothing: everything public, nothing else."""
    obs = state.observation(0)
    seat0 = obs["players"][0]
    seat0["hand"] = len(state.players[0].hand)  # only the number of cards
    seat0["money"] += state.sealed_marketing(0)  # F14: tokens still sealed
    for product in obs["products"].values():
        if not product["launched"]:
            product["category"] = None
    obs["marketing_pending"] = {}
    obs["legal_actions"] = []
    obs["seat"] = None
    return obs
