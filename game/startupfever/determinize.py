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


def observed_state(obs: dict[str, Any]) -> State:
    """A State showing exactly what `obs` shows, its hidden parts filled by one fixed
    draw: a `SeatView` of it for `obs["seat"]` reads what that seat's view of the real
    game reads (the players' way to decide from an observation dict)."""
    return Sampler(obs).sample(random.Random(0))


def sample_state(obs: dict[str, Any], rng: random.Random) -> State:
    """One State consistent with `obs`, hidden information drawn from `rng`."""
    return Sampler(obs).sample(rng)


class Sampler:
    """Draws determinizations of one observation: what every sample shares (the known
    State, the unseen cards, each rival's hidden chips and free categories) is worked
    out once, so a sample costs a copy and the random parts. The search draws a dozen
    or more per decision, and building each from the observation's dict took a third
    of its time."""

    def __init__(self, obs: dict[str, Any]) -> None:
        seat = obs["seat"]
        data = {k: v for k, v in obs.items() if k not in OBSERVATION_ONLY}
        data["players"] = [dict(p) for p in obs["players"]]
        data["products"] = {s: dict(p) for s, p in obs["products"].items()}
        self.pool = unseen_cards(obs)
        #: (seat, hand size) of every rival, in seat order (the hands drawn from the pool)
        self.hands: list[tuple[int, int]] = []
        room = len(self.pool)
        for i, pl in enumerate(data["players"]):
            if i != seat:
                size = pl["hand"] if isinstance(pl["hand"], int) else len(pl["hand"])
                size = min(size, room)
                room -= size
                self.hands.append((i, size))
                pl["hand"] = []
        self.dealt = len(self.pool) - room
        self.chips = _hidden_chips(data, seat)
        for p in data["products"].values():
            if p.get("marketing") is None:  # sealed (F14): unknown, taken as nothing
                p["marketing"] = 0
        data["deck"] = dict.fromkeys(CARD_IDS, 0)
        self.base = cast(State, _build(data, State))

    def sample(self, rng: random.Random) -> State:
        """A State: the base copied, the rivals' hands drawn at random from the unseen
        cards (the rest is the draw pile, kind by kind, every kind listed), their hidden
        chips given their free categories in a random order, and a fresh RNG."""
        state = self.base.clone(seed=rng.getrandbits(64))
        drawn = rng.sample(self.pool, self.dealt)
        start = 0
        players = state.players
        for seat, size in self.hands:
            players[seat].hand = drawn[start:start + size]
            start += size
        left = Counter(self.pool)
        left.subtract(drawn)
        state.deck = {card: left[card] for card in CARD_IDS}  # every kind, even at 0
        products = state.products
        for slots, free in self.chips:
            order = free[:]
            rng.shuffle(order)
            for slot, category in zip(slots, order, strict=False):
                products[slot].category = category
        return state


def _hidden_chips(data: dict[str, Any], seat: int) -> list[tuple[list[str], list[str]]]:
    """Per rival with face-down chips: (its products whose chip is hidden, its unused
    categories), each rival's products to get those categories in a random order (every
    company has one product per category in play, F2). During the set-up (stage "chips")
    unplaced chips stay None: nobody has placed them yet."""
    if data["stage"] == "chips":
        return []
    products = data["products"]
    out = []
    for i, pl in enumerate(data["players"]):
        if i == seat:
            continue
        hidden = [s for s in pl["slots"] if products[s]["category"] is None]
        if not hidden:
            continue
        used = {products[s]["category"] for s in pl["slots"]}
        out.append((hidden, [c for c in data["categories"] if c not in used]))
    return out
