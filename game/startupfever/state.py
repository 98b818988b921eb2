"""Plain data of a Startup Fever game: products, companies (players) and constants.

Workers are counted per vesting field: `nerds[v]` is how many Nerds of a product stand on
field v (0 = fully vested, 4 = new hire). Executives belong to the company as a whole
(RULES.md F9): `big_nerds` lists the vesting field of each Big Nerd.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Final

SOCIAL: Final = "Social Networking"
COMMUNICATION: Final = "Communication"
ECOMMERCE: Final = "E-commerce"
MEDIA: Final = "Media"
CATEGORIES: Final = (SOCIAL, COMMUNICATION, ECOMMERCE, MEDIA)  # removal order: Media, Communication
SLOTS: Final = "ABCDEFGHIJKL"
NERD: Final = "nerd"
SUIT: Final = "suit"
BIG_NERD: Final = "big_nerd"
BIG_SUIT: Final = "big_suit"
KINDS: Final = (NERD, SUIT, BIG_NERD, BIG_SUIT)
WORKER_KINDS: Final = (NERD, SUIT)
EXEC_KINDS: Final = (BIG_NERD, BIG_SUIT)
COST: Final = {NERD: 1, SUIT: 1, BIG_NERD: 6, BIG_SUIT: 6}
NEW_HIRE_FIELD: Final = 4
#: `FIELDS_BELOW[t]` is the vesting fields (0, ..., t - 1): the hot loops over fields
#: iterate these tuples (plain Python: a `range(...)` built per loop cost more than it)
FIELDS_BELOW: Final = tuple(tuple(range(t)) for t in range(6))
VEST_FIELDS: Final = FIELDS_BELOW[5]  # every field, 0-4
RETAIN_FIELDS: Final = FIELDS_BELOW[NEW_HIRE_FIELD]  # 0-3: a retain moves towards field 4
TOTAL_MONEY: Final = 100
START_MONEY: Final = 2
SUPPLY_WORKERS: Final = 50
HIRES_PER_TURN: Final = 2
OFFERS_PER_TARGET: Final = 2
LAST_YEAR: Final = 15  # safety stop (F12)


def products_per_player(players: int) -> int:
    """F1: 4 products with 2-3 players, 3 with 4, 2 with 5-6."""
    return 4 if players <= 3 else 3 if players == 4 else 2


def categories_for(players: int) -> tuple[str, ...]:
    """F2: with 3 products everyone removes Media; with 2, Media and Communication."""
    per = products_per_player(players)
    if per == 4:
        return CATEGORIES
    if per == 3:
        return (SOCIAL, COMMUNICATION, ECOMMERCE)
    return (SOCIAL, ECOMMERCE)


@dataclass
class Product:
    """One product slot (A-L) with its chip, User Marker, marketing and workers."""

    slot: str
    owner: int
    category: str | None = None  # None until its owner places the chip
    launched: bool = False
    field: int = 0
    marketing: int = 0
    nerds: list[int] = dc_field(default_factory=lambda: [0] * 5)
    suits: list[int] = dc_field(default_factory=lambda: [0] * 5)

    def workers(self, kind: str) -> list[int]:
        return self.nerds if kind == NERD else self.suits

    @property
    def nerd_count(self) -> int:
        return sum(self.nerds)

    @property
    def suit_count(self) -> int:
        return sum(self.suits)

    def copy(self) -> Product:
        """An independent copy (the search clones thousands)."""
        return Product(self.slot, self.owner, self.category, self.launched, self.field,
                       self.marketing, self.nerds[:], self.suits[:])


@dataclass
class Player:
    """A player and their company: money, hand of Event Cards and executives."""

    name: str
    money: int = START_MONEY
    hand: list[str] = dc_field(default_factory=list)
    slots: list[str] = dc_field(default_factory=list)
    big_nerds: list[int] = dc_field(default_factory=list)  # vesting field of each Big Nerd
    big_suits: list[int] = dc_field(default_factory=list)

    def executives(self, kind: str) -> list[int]:
        return self.big_nerds if kind == BIG_NERD else self.big_suits

    def copy(self) -> Player:
        """An independent copy (the search clones thousands)."""
        return Player(self.name, self.money, self.hand[:], self.slots[:], self.big_nerds[:],
                      self.big_suits[:])
