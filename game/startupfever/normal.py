"""Startup Fever's Easy and Normal computer players (the levels are listed in levels.py).

Normal is the rule player (players.py) with its weak card rules fixed:

* Antitrust only bites a product over 100M users (field above 36): Normal plays it only
  on such a rival product (the rule player plays it on any rival with money, wasting it);
* Hiring Failure (F15: the product's first hire this turn fails, whatever its kind) is
  worth playing on a rival product whose owner can afford to hire;
* no card whose effect is nil at that moment (impact.py: a second Server Outage on the
  same turn, Antitrust under 100M users, ...), and no Defense against such a card;
* Leak only when it leads and the product is the last unlaunched one: then the game
  ends this year (F12) with Normal ahead (the rule player leaks any rival product while
  leading, which mostly hands that rival its launch and the game goes on).

Easy is the plain rule player that makes mistakes: a bit more than one decision in two
(`EASY_MISTAKES`) it takes a random legal action instead. It is calibrated against the
simple-minded newcomer (simple.py: hires what it can afford, never poaches or plays a
card), who must win at least its fair quarter against three Easys, while Normal still
beats Easy clearly (400 games each, seed 1, `main.py sim startupfever --ai ...`):
simple,easy,easy,easy: simple wins 37.6% (95% interval 33.0-42.5%; 22% at the old 0.5,
0% against the rule player alone); normal,easy,easy,easy: Normal wins 81.5% (77.4-85.0%).
"""

from __future__ import annotations

import random
from typing import Any, Final

from .actions import PlayCard
from .effects import NO_DEFENSE
from .impact import has_effect
from .players import RulePlayer, mypyc_attr, same, vp
from .usertrack import MARK_100M

#: Easy's share of random decisions (calibrated: see the module notes).
EASY_MISTAKES: Final = 0.6


@mypyc_attr(allow_interpreted_subclasses=True)
class NormalPlayer(RulePlayer):
    """The rule player with its card rules fixed (see the module notes); deterministic."""

    kind = "normal"

    def sensible_cards(self, view, legal: list) -> list[PlayCard]:
        """The card plays in `legal` this player rates worth playing now (for the Hard
        player's candidates)."""
        me = view.seat
        scores = vp(view)
        leading = scores[me] > max(s for i, s in enumerate(scores) if i != me)
        leader = self._leader(view, me, scores)
        return [a for a in legal if type(a) is PlayCard
                and self._card_value(view, a, me, leader, leading) > 0]

    def _card_value(self, view, a: PlayCard, me: int, leader: int, leading: bool) -> int:
        value = self._rated(view, a, me, leader, leading)
        # a wasted card (impact.py) is worth nothing; asked only of a card worth playing
        return value if value <= 0 or has_effect(view, a) else 0

    def _rated(self, view, a: PlayCard, me: int, leader: int, leading: bool) -> int:
        """The rule player's rating with Normal's fixes, before the wasted-card check."""
        card = a.card
        if card not in ("antitrust", "hiring_failure", "leak"):
            return super()._card_value(view, a, me, leader, leading)
        products = view.products
        if card == "leak":
            unlaunched = sum(1 for p in products.values() if not p.launched)
            return 3 if leading and unlaunched == 1 else 0
        target = a.seat if a.slot is None else products[a.slot].owner
        if target == me:
            return 0
        weight = 2 if target == leader else 1
        if card == "antitrust":
            return 3 * weight if products[a.slot].field > MARK_100M else 0
        # hiring failure
        return weight if view.players[target].money >= 2 else 0

    def _defense(self, view, legal: list) -> Any:
        """No Defense spent on a card that would do nothing."""
        pc = view.pending_card
        if not has_effect(view, PlayCard(pc["card"], pc["slot"], pc["target"], pc["kind"])):
            return same(legal, NO_DEFENSE)
        return super()._defense(view, legal)


@mypyc_attr(allow_interpreted_subclasses=True)
class EasyPlayer(RulePlayer):
    """The rule player, but about one decision in three is a random legal action."""

    kind = "easy"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)

    def decide(self, state_or_observation, legal: list) -> Any:
        if len(legal) > 1 and self.rng.random() < EASY_MISTAKES:
            return legal[int(self.rng.random() * len(legal))]
        return super().decide(state_or_observation, legal)
