"""Determinizations: whole States consistent with what one seat may see (F13).

The Hard player searches over games that *could* be the real one. `sample_state` takes
only `state.observation(seat)` (other hands are sizes, rival face-down chips are None,
the draw pile is a size, no RNG) and fills the hidden parts at random:

* the cards nobody can see (the 84 minus my hand, the played and the discarded cards) are
  dealt into the other hands, to their known sizes, and the rest form the draw pile
  (which lists every card kind, at 0 when none is left, as the real one does: a
  reshuffle adds the discards back kind by kind);
* each rival's unlaunched products get that rival's unused categories in a random order
  (every company has one product per category in play, F2);
* a rival's sealed marketing (F14, when the observation hides it) counts as 0;
* the RNG is a fresh one from the search's own RNG.

So nothing hidden can leak into a decision: a sample depends on the observation and the
search's RNG alone.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

from .cards import CARD_IDS, full_deck
from .persist import _build
from .rules import State

#: Keys that `observation` adds to the saved fields; they are not State attributes.
OBSERVATION_ONLY = ("seat", "current_player", "current_slot", "legal_actions")


def unseen_cards(obs: dict[str, Any]) -> list[str]:
    """The cards `obs["seat"]` cannot see: in other hands or in the draw pile (sorted,
    so that a sample depends on the RNG only)."""
    seat = obs["seat"]
    known = Counter(obs["players"][seat]["hand"])
    known.update(obs["played"])
    known.update(obs["discard"])
    left = Counter(full_deck())
    left.subtract(known)
    return sorted(card for card, k in left.items() for _ in range(max(0, k)))


def sample_state(obs: dict[str, Any], rng: random.Random) -> State:
    """One State consistent with `obs`, hidden information drawn from `rng`."""
    seat = obs["seat"]
    data = {k: v for k, v in obs.items() if k not in OBSERVATION_ONLY}
    data["players"] = [dict(p) for p in obs["players"]]
    data["products"] = {s: dict(p) for s, p in obs["products"].items()}
    pool = unseen_cards(obs)
    rng.shuffle(pool)
    for i, pl in enumerate(data["players"]):
        if i != seat:
            size = pl["hand"] if isinstance(pl["hand"], int) else len(pl["hand"])
            size = min(size, len(pool))
            pl["hand"], pool = pool[:size], pool[size:]
    left = Counter(pool)
    data["deck"] = {card: left[card] for card in CARD_IDS}  # every kind, even at 0
    _fill_chips(data, seat, rng)
    for p in data["products"].values():
        if p.get("marketing") is None:  # sealed (F14): unknown, taken as nothing
            p["marketing"] = 0
    state = cast(State, _build(data, State))
    state.rng = random.Random(rng.getrandbits(64))
    return state


def _fill_chips(data: dict[str, Any], seat: int, rng: random.Random) -> None:
    """Give each rival's hidden chips that rival's unused categories, shuffled. During the
    set-up (stage "chips") unplaced chips stay None: nobody has placed them yet."""
    if data["stage"] == "chips":
        return
    products = data["products"]
    for i, pl in enumerate(data["players"]):
        if i == seat:
            continue
        hidden = [s for s in pl["slots"] if products[s]["category"] is None]
        if not hidden:
            continue
        used = {products[s]["category"] for s in pl["slots"]}
        free = [c for c in data["categories"] if c not in used]
        rng.shuffle(free)
        for slot, category in zip(hidden, free, strict=False):
            products[slot]["category"] = category
