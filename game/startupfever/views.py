"""What one seat may see of a Startup Fever game (RULES.md F13), for the players.

A seat sees its own hand and chips, everything on the table, and the *sizes* of other
hands and of the draw pile. During the sealed marketing allocation (F14) it sees its own
pending tokens (`marketing_pending`, its products only) but not the others': a rival's
money still counts the tokens it has put aside, until `MarketingRevealed`.

`SeatView` reads a `State` through (cheap, so the simulator stays fast): the live one,
or for the dict of `state.observation(seat)` a State rebuilt from it. A player gets its
view from `view_of` and cannot tell the two apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .determinize import observed_state
from .state import Player, Product

if TYPE_CHECKING:
    from .rules import State

#: State attributes every seat may read (the table, played cards, whose turn it is).
PUBLIC: Final = frozenset({
    "year", "stage", "window", "current_slot", "turn_seat", "bank", "supply", "hires",
    "adopt_halved",
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

    @property
    def launched(self) -> bool:
        return self._p.launched

    @property
    def field(self) -> int:
        return self._p.field

    @property
    def marketing(self) -> int:
        return self._p.marketing

    @property
    def nerds(self) -> list[int]:
        return self._p.nerds

    @property
    def suits(self) -> list[int]:
        return self._p.suits

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

    @property
    def name(self) -> str:
        return self._pl.name

    @property
    def slots(self) -> list[str]:
        return self._pl.slots

    @property
    def big_nerds(self) -> list[int]:
        return self._pl.big_nerds

    @property
    def big_suits(self) -> list[int]:
        return self._pl.big_suits

    @property
    def hand(self) -> int:
        return len(self._pl.hand)


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
        self.products: dict[str, Product | MaskedProduct] = {
            s: p if p.owner == seat else MaskedProduct(p) for s, p in state.products.items()}
        self.players: list[Player | MaskedPlayer] = [
            pl if i == seat else MaskedPlayer(pl, state, i) for i, pl in enumerate(state.players)]

    @property
    def deck(self) -> int:
        return sum(self._s.deck.values())

    def scores(self) -> list[int]:
        """Victory points per seat, from the public User Markers (the state counts them:
        compiled, natively, where a player's loop over the view reads each marker
        through a generic attribute look-up)."""
        return self._s.scores()

    def launched_rivals(self, category: str | None, owner: int) -> list[Product | MaskedProduct]:
        """The launched products of `category` that `owner` does not own, as this seat
        sees them, in table order (a launched product's category is public)."""
        products = self.products
        return [products[q.slot] for q in self._s.products.values()
                if q.category == category and q.launched and q.owner != owner]

    @property
    def marketing_pending(self) -> dict[str, int]:
        """This seat's own sealed marketing tokens per product (F14); never the others'."""
        pending = self._s.marketing_pending
        return {s: pending[s] for s in self.players[self.seat].slots if s in pending}

    def __getattr__(self, name: str) -> Any:  # only reached for names not in PUBLIC
        # (compiled by mypyc, the class ignores this: the AttributeError is Python's own)
        raise AttributeError(f"{name!r} is hidden from the players (F13)")

    # read-through properties, one per name in PUBLIC (typed: compiled, they are native)
    @property
    def year(self) -> int:
        return self._s.year

    @property
    def stage(self) -> str:
        return self._s.stage

    @property
    def window(self) -> str | None:
        return self._s.window

    @property
    def current_slot(self) -> str | None:
        return self._s.current_slot

    @property
    def turn_seat(self) -> int:
        return self._s.turn_seat

    @property
    def bank(self) -> int:
        return self._s.bank

    @property
    def supply(self) -> dict[str, int]:
        return self._s.supply

    @property
    def adopt_halved(self) -> bool:
        return self._s.adopt_halved

    @property
    def hires(self) -> int:
        return self._s.hires

    @property
    def hire_limit(self) -> int:
        return self._s.hire_limit

    @property
    def hire_fails(self) -> list[str]:
        return self._s.hire_fails

    @property
    def manage_blocked(self) -> bool:
        return self._s.manage_blocked

    @property
    def poach_counts(self) -> dict[str, int]:
        return self._s.poach_counts

    @property
    def protected(self) -> dict[str, int]:
        return self._s.protected

    @property
    def pending_poach(self) -> dict[str, Any] | None:
        return self._s.pending_poach

    @property
    def pending_card(self) -> dict[str, Any] | None:
        return self._s.pending_card

    @property
    def attrition(self) -> dict[str, Any] | None:
        return self._s.attrition

    @property
    def loss_left(self) -> int:
        return self._s.loss_left

    @property
    def loss_taken(self) -> dict[str, int]:
        return self._s.loss_taken

    @property
    def press(self) -> dict[str, int]:
        return self._s.press

    @property
    def exec_power(self) -> list[int]:
        return self._s.exec_power

    @property
    def played(self) -> list[str]:
        return self._s.played

    @property
    def discard(self) -> list[str]:
        return self._s.discard

    @property
    def turn_order(self) -> list[str]:
        return self._s.turn_order

    @property
    def turn_index(self) -> int:
        return self._s.turn_index

    @property
    def new_order(self) -> list[str | None]:
        return self._s.new_order

    @property
    def order_groups(self) -> list[list[str]]:
        return self._s.order_groups

    @property
    def all_launched_year(self) -> int | None:
        return self._s.all_launched_year

    @property
    def extra_years(self) -> int:
        return self._s.extra_years

    @property
    def categories(self) -> tuple[str, ...]:
        return self._s.categories

    @property
    def comp_category(self) -> str:
        return self._s.comp_category

    @property
    def seat_queue(self) -> list[int]:
        return self._s.seat_queue

    @property
    def end_reason(self) -> str | None:
        return self._s.end_reason


def view_of(state_or_observation: State | dict[str, Any]) -> SeatView:
    """The deciding seat's view of a State, or of an observation dict: then of a State
    rebuilt from it (`determinize.observed_state`), whose hidden parts the view never
    reads, so both give the same answers (and natively, compiled)."""
    if isinstance(state_or_observation, dict):
        return SeatView(observed_state(state_or_observation), state_or_observation["seat"])
    return SeatView(state_or_observation, state_or_observation.current_player)


assert set(dir(SeatView)) >= PUBLIC, "every public name needs its property"
