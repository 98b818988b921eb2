"""The State's data (every field, typed) and the few helpers every rules module uses.

The rules are split over a linear chain of classes, each module importing only the one
below it: `StateFields` (here) <- `EmployeeRules` (employees.py) <- `CardRules`
(effects.py) <- `YearEndRules` (yearend.py) <- `SaveRules` (persist.py) <-
`ObservedRules` (observe.py) <- `State` (rules.py). A single chain (no multiple
inheritance) lets the modules be compiled by mypyc into native classes; as plain Python
it runs as before.
"""

from __future__ import annotations

import random
from typing import Any, Final

from . import events as ev
from . import usertrack
from .figures import Figures
from .stages import CHANCE_STAGES
from .state import Player, Product

CHANCE: Final = -1
TERMINAL: Final = -2

#: players -> seat -> every seat once, clockwise from that seat
_ROTATIONS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    n: tuple(tuple((seat + i) % n for i in range(n)) for seat in range(n))
    for n in range(2, 7)}


class StateFields:
    """Every field of a State, with its type (see `State.__init__` for what each holds)."""

    seed: int | None
    rng: random.Random
    extra_years: int
    players: list[Player]
    products: dict[str, Product]
    categories: tuple[str, ...]
    bank: int
    supply: dict[str, int]
    deck: dict[str, int]
    discard: list[str]
    played: list[str]
    year: int
    turn_order: list[str]
    turn_index: int
    turn_seat: int
    in_turn: bool
    actor: int
    stage: str
    all_launched_year: int | None
    end_reason: str | None
    deal_queue: list[int]
    deal_after: str
    order_pool: list[str]
    window: str | None
    window_seats: list[int]
    after_window: str
    pending_card: dict[str, Any] | None
    attrition: dict[str, Any] | None
    exec_power: list[int]
    press: dict[str, int]
    adopt_bonus: int
    adopt_halved: bool
    hire_fails: list[str]
    hire_limit: int
    hires: int
    manage_blocked: bool
    poach_counts: dict[str, int]
    protected: dict[str, int]
    pending_poach: dict[str, Any] | None
    loss_left: int
    loss_taken: dict[str, int]
    comp_queue: list[str]
    comp_category: str
    comp_base: dict[str, list[int]]
    comp_rolls: dict[str, list[int]]
    comp_pending: list[str]
    seat_queue: list[int]
    marketing_pending: dict[str, int]
    order_groups: list[list[str]]
    new_order: list[str | None]
    _events: list[Any] | None

    @property
    def current_player(self) -> int:
        stage = self.stage
        if stage in CHANCE_STAGES:
            return CHANCE
        if stage == "over":
            return TERMINAL
        return self.actor

    @property
    def current_slot(self) -> str | None:
        """The product whose turn it is (None outside product turns)."""
        if self.in_turn:  # checked first: outside product turns it is all there is to do
            try:
                return self.turn_order[self.turn_index]
            except IndexError:  # past the last product (or no order yet)
                return None
        return None

    def is_terminal(self) -> bool:
        return self.stage == "over"

    def scores(self) -> list[int]:
        """Victory points per seat: the small numbers under each product's marker."""
        vp = [0] * len(self.players)
        first = usertrack.LAUNCH_FIELD - 1  # usertrack.victory_points, inlined: the players
        for p in self.products.values():  # count VP at every card window (SeatView.scores)
            field = p.field
            if field > first:
                vp[p.owner] += field - first
        return vp

    def winners(self) -> list[int]:
        """Most VP; on a tie more money; still tied: a shared win."""
        vp = self.scores()
        best = max((vp[i], pl.money) for i, pl in enumerate(self.players))
        return [i for i, pl in enumerate(self.players) if (vp[i], pl.money) == best]

    def returns(self) -> list[float]:
        """Per seat: an even share of 1.0 for each winner once the game is over, else 0."""
        out = [0.0] * len(self.players)
        if self.stage == "over":
            winners = self.winners()
            for seat in winners:
                out[seat] = 1.0 / len(winners)
        return out

    def sealed_marketing(self, seat: int) -> int:
        """Tokens `seat` has put aside this year end that are not yet revealed (F14)."""
        pending = self.marketing_pending
        if not pending:
            return 0
        return sum(pending.get(s, 0) for s in self.players[seat].slots)

    def _figures(self, seats: tuple[int, ...], slots: tuple[str | None, ...]) -> Figures:
        """The public figures after an event touching these companies and products."""
        players, products = self.players, self.products
        return Figures(
            self.bank, tuple(self.supply.items()),
            tuple((s, players[s].money + self.sealed_marketing(s), tuple(players[s].big_nerds),
                   tuple(players[s].big_suits)) for s in seats),
            tuple((s, tuple(products[s].nerds), tuple(products[s].suits),
                   products[s].marketing) for s in slots if s is not None))

    # ------------------------------------------------------------------ helpers
    def _emit(self, kind: Any, *fields: Any) -> None:
        """Record the event `kind(*fields)`; not even built when nobody will read it (an
        `apply_quiet` of the simulator or the search). The
        most frequent events test `self._events is not None` before calling: then not even
        their fields are packed (a tenth of a compiled game)."""
        events = self._events
        if events is not None:
            events.append(kind(*fields))

    def _emit_shown(self, seats: tuple[int, ...], slots: tuple[str | None, ...], kind: Any,
                    *fields: Any) -> None:
        """`_emit` with the table's figures after it as the event's last field (`shown`):
        what the screen shows next comes from the rules. Nothing is packed unless events
        are built."""
        events = self._events
        if events is not None:
            events.append(kind(*fields, self._figures(seats, slots)))

    def _pay_to_bank(self, seat: int, amount: int) -> None:
        self.players[seat].money -= amount
        self.bank += amount

    def _from_bank(self, seat: int, amount: int) -> int:
        """Pay up to `amount` from the bank (recession: what it has); return the paid sum."""
        paid = min(amount, self.bank)
        self.bank -= paid
        self.players[seat].money += paid
        return paid

    def _launch(self, slot: str, leaked: bool) -> None:
        p = self.products[slot]
        p.launched = True
        self._emit(ev.ProductLaunched, slot, p.owner, p.category, leaked)
        if self.all_launched_year is None and all(q.launched for q in self.products.values()):
            self.all_launched_year = self.year

    def _open_window(self, window: str, then: str) -> None:
        """Open a card window (F11); every window point announces itself (WindowOpened).
        It asks every seat holding any card, clockwise from the seat whose turn it is
        (hand sizes are public, so this list is too); with no card in any hand it closes
        at once."""
        if self._events is not None:  # hot: not even the fields packed
            self._emit(ev.WindowOpened, window, self.current_slot)
        players = self.players
        clockwise = _ROTATIONS[len(players)][self.turn_seat]  # every seat, from the turn's
        self.window_seats = seats = [s for s in clockwise if players[s].hand]
        self.after_window = then
        if seats:
            self.window = window
            self.stage = "window_check"
        else:  # nobody holds a card (as `_step_window_check` ends)
            self.window = None
            self.stage = then
