"""What one seat may see of a Startup Fever game (RULINGS F13), for the players.

A seat sees its own hand and chips, everything on the table, and the *sizes* of other
hands and of the draw pile. During the sealed marketing allocation (F14) it sees its own
pending tokens (`marketing_pending`, its products only) but not the others': a rival's
money still counts the tokens it has put aside, until `MarketingRevealed`.

`SeatView` reads a live `State` through (cheap, so the simulator stays fast);
`observation_view` gives the same attribute names from the dict of
`state.observation(seat)`. A player gets one or the other from `view_of` and cannot tell
them apart.
"""

from __future__ import annotations

from operator import attrgetter
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules import State
    from .state import Player, Product

#: State attributes every seat may read (the table, played cards, whose turn it is).
PUBLIC = frozenset({
    "year", "stage", "window", "current_slot", "turn_seat", "bank", "supply", "hires",
    "hire_limit", "hire_fails", "manage_blocked", "poach_counts", "protected",
    "pending_poach", "pending_card", "attrition", "loss_left", "loss_taken", "press",
    "exec_power", "played", "discard", "turn_order", "turn_index", "new_order",
    "order_groups", "all_launched_year", "extra_years", "categories", "comp_category",
    "seat_queue", "end_reason",
})


class MaskedProduct:
    """A rival's product as a seat sees it: its category is None until it launches."""

    __slots__ = ("_p", "slot", "owner")

    def __init__(self, product: Product) -> None:
        self._p = product
        self.slot = product.slot  # a product's slot and owner never change: copied, the
        self.owner = product.owner  # players read them most (plain reads are quicker)

    launched = property(attrgetter("_p.launched"))
    field = property(attrgetter("_p.field"))
    marketing = property(attrgetter("_p.marketing"))
    nerds = property(attrgetter("_p.nerds"))
    suits = property(attrgetter("_p.suits"))

    @property
    def category(self) -> str | None:
        p = self._p
        return p.category if p.launched else None


class MaskedPlayer:
    """A rival company as a seat sees it: its hand is only a number of cards, and its
    money includes its sealed marketing tokens until they are revealed (F14)."""

    __slots__ = ("_pl", "_s", "_seat")

    def __init__(self, player: Player, state: State, seat: int) -> None:
        self._pl = player
        self._s = state
        self._seat = seat

    @property
    def money(self) -> int:
        state = self._s
        if state.marketing_pending:  # only while the allocation is sealed
            return self._pl.money + state.sealed_marketing(self._seat)
        return self._pl.money

    name = property(attrgetter("_pl.name"))
    slots = property(attrgetter("_pl.slots"))
    big_nerds = property(attrgetter("_pl.big_nerds"))
    big_suits = property(attrgetter("_pl.big_suits"))
    hand = property(lambda self: len(self._pl.hand))


class SeatView:
    """Read-through view of a live State for one seat (F13), built once per game.

    The seat's own products and company are the state's own objects (it may see all of
    them); rival products and companies are masked proxies. Of the rest, only names in
    `PUBLIC` and `deck` (the size of the draw pile) are readable: anything else (the RNG,
    the deck's contents, ...) raises AttributeError. Views are read-only by convention.
    """

    __slots__ = ("_s", "seat", "products", "players")

    def __init__(self, state: State, seat: int) -> None:
        self._s = state
        self.seat = seat
        self.products = {s: p if p.owner == seat else MaskedProduct(p)
                         for s, p in state.products.items()}
        self.players = [pl if i == seat else MaskedPlayer(pl, state, i)
                        for i, pl in enumerate(state.players)]

    @property
    def deck(self) -> int:
        return sum(self._s.deck.values())

    @property
    def marketing_pending(self) -> dict[str, int]:
        """This seat's own sealed marketing tokens per product (F14); never the others'."""
        pending = self._s.marketing_pending
        return {s: pending[s] for s in self.players[self.seat].slots if s in pending}

    def __getattr__(self, name: str) -> Any:  # only reached for names not in PUBLIC
        raise AttributeError(f"{name!r} is hidden from the players (F13)")


for _name in PUBLIC:  # read-through properties: much faster than __getattr__ per access
    setattr(SeatView, _name, property(attrgetter("_s." + _name)))
del _name


def observation_view(obs: dict[str, Any]) -> SimpleNamespace:
    """The same attribute shape as `SeatView`, built from `state.observation(seat)`."""
    data = dict(obs)
    data["products"] = {s: SimpleNamespace(**p) for s, p in obs["products"].items()}
    data["players"] = [SimpleNamespace(**p) for p in obs["players"]]
    return SimpleNamespace(**data)


def view_of(state_or_observation: State | dict[str, Any]) -> SeatView | SimpleNamespace:
    """A view for the deciding seat from a State or an observation dict."""
    if isinstance(state_or_observation, dict):
        return observation_view(state_or_observation)
    return SeatView(state_or_observation, state_or_observation.current_player)
