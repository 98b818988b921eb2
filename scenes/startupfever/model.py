"""What the Startup Fever table SHOWS: public information only, one step behind the rules.

The rules state runs ahead of the screen (a die is rolled before the marker has hopped),
so the scene keeps its own `TableModel` and moves it on as each animation lands, with the
figures each event carries (`show`): the numbers come from the rules, never recomputed. It never
holds a hand's cards (only how many), a face-down category chip (F13) nor marketing
tokens still sealed (F14: the money shown still holds them): `from_state` copies only
what every seat may see, so drawing the model cannot leak a secret.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

from game.startupfever import usertrack
from game.startupfever.figures import Figures
from game.startupfever.state import BIG_NERD, BIG_SUIT, NERD, SUIT

VESTS = (4, 3, 2, 1, 0)  # vesting fields, new hire first (as printed on the board)


def staff_grid(nerds: Sequence[int], suits: Sequence[int]) -> dict[tuple[str, int], int]:
    """A product's workers as the view counts them: (kind, vesting field) -> how many."""
    grid = {}
    for kind, counts in ((NERD, nerds), (SUIT, suits)):
        for vest, n in enumerate(counts):
            if n:
                grid[(kind, vest)] = n
    return grid


def executives(big_nerds: Sequence[int], big_suits: Sequence[int]) -> list[tuple[str, int]]:
    """A company's executives as the view lists them: (kind, vesting field)."""
    return [(BIG_NERD, v) for v in big_nerds] + [(BIG_SUIT, v) for v in big_suits]


@dataclass
class ProductShown:
    slot: str
    owner: int
    field: int = 0
    launched: bool = False
    chip: bool = False  # a category chip lies on the product (face down until launch)
    category: str | None = None  # None while the chip is face down
    workers: dict[tuple[str, int], int] = dc_field(default_factory=dict)  # (kind, vest) -> n
    marketing: int = 0

    def count(self, kind: str) -> int:
        """All Nerds (or Suits) on this product, whatever their vesting field."""
        return sum(n for (k, _v), n in self.workers.items() if k == kind)


@dataclass
class CompanyShown:
    seat: int
    money: int = 0
    vp: int = 0
    execs: list[tuple[str, int]] = dc_field(default_factory=list)  # (kind, vesting field)
    hand: int = 0  # number of Event Cards held (never which)
    slots: list[str] = dc_field(default_factory=list)


@dataclass
class TableModel:
    year: int = 0
    bank: int = 0
    supply: dict[str, int] = dc_field(default_factory=dict)
    deck: int = 0
    products: dict[str, ProductShown] = dc_field(default_factory=dict)
    companies: list[CompanyShown] = dc_field(default_factory=list)
    order: list[str] = dc_field(default_factory=list)  # this year's product turn order
    current: str | None = None  # the product whose turn it is
    discard: int = 0  # cards on the discard pile (played ones included)
    last_year: int | None = None  # the year the game ends, once every product launched

    @property
    def unlaunched(self) -> int:
        """Products not launched yet (the game's last year comes when none is left)."""
        return sum(1 for p in self.products.values() if not p.launched)

    @classmethod
    def from_state(cls, state: Any) -> TableModel:
        """The table as every seat sees it now (F13: no hands, no face-down chips)."""
        products = {}
        for slot, p in state.products.items():
            products[slot] = ProductShown(
                slot=slot, owner=p.owner, field=p.field, launched=p.launched,
                chip=p.category is not None, category=p.category if p.launched else None,
                workers=staff_grid(p.nerds, p.suits), marketing=p.marketing)
        companies = []
        for seat, pl in enumerate(state.players):
            money = pl.money + state.sealed_marketing(seat)  # F14: sealed tokens unseen
            companies.append(CompanyShown(seat=seat, money=money, vp=0,
                                          execs=executives(pl.big_nerds, pl.big_suits),
                                          hand=len(pl.hand), slots=list(pl.slots)))
        model = cls(year=state.year, bank=state.bank, supply=dict(state.supply),
                    deck=sum(state.deck.values()), products=products, companies=companies,
                    order=list(state.turn_order), current=state.current_slot,
                    discard=len(state.discard) + len(state.played),
                    last_year=None if state.all_launched_year is None else
                    state.all_launched_year + state.extra_years)
        model.rescore()
        return model

    def show(self, figures: Figures | None) -> None:
        """Take the figures an event carries (the rules' numbers right after it): the
        bank, the supply, and the money, executives, staff and marketing of the companies
        and products it touched. The screen computes none of them itself."""
        if figures is None:  # an event built without figures (a test's own): nothing new
            return
        self.bank = figures.bank
        self.supply = dict(figures.supply)
        for seat, money, big_nerds, big_suits in figures.companies:
            company = self.companies[seat]
            company.money = money
            company.execs = executives(big_nerds, big_suits)
        for slot, nerds, suits, marketing in figures.products:
            product = self.products[slot]
            product.workers = staff_grid(nerds, suits)
            product.marketing = marketing

    def rescore(self) -> None:
        """Each company's VP now, from where its markers stand (call after a marker moves)."""
        for company in self.companies:
            company.vp = 0
        for p in self.products.values():
            self.companies[p.owner].vp += usertrack.victory_points(p.field)

    def on_field(self, field_no: int) -> list[str]:
        """Slots whose marker stands on a field, in slot order (the order they are drawn)."""
        return sorted(s for s, p in self.products.items() if p.field == field_no)


__all__ = ["VESTS", "ProductShown", "CompanyShown", "TableModel", "NERD", "SUIT"]
