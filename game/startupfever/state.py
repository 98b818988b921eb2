"""Plain data of a Startup Fever game: products, companies (players) and constants.

Workers are counted per vesting field: `nerds[v]` is how many Nerds of a product stand on
field v (0 = fully vested, 4 = new hire). Executives belong to the company as a whole
(RULINGS F9): `big_nerds` lists the vesting field of each Big Nerd.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field

SOCIAL = "Social Networking"
COMMUNICATION = "Communication"
ECOMMERCE = "E-commerce"
MEDIA = "Media"
CATEGORIES = (SOCIAL, COMMUNICATION, ECOMMERCE, MEDIA)  # removal order: Media, Communication
SLOTS = "ABCDEFGHIJKL"
NERD, SUIT, BIG_NERD, BIG_SUIT = "nerd", "suit", "big_nerd", "big_suit"
KINDS = (NERD, SUIT, BIG_NERD, BIG_SUIT)
WORKER_KINDS = (NERD, SUIT)
EXEC_KINDS = (BIG_NERD, BIG_SUIT)
COST = {NERD: 1, SUIT: 1, BIG_NERD: 6, BIG_SUIT: 6}
NEW_HIRE_FIELD = 4
TOTAL_MONEY = 100
START_MONEY = 2
SUPPLY_WORKERS = 50
HIRES_PER_TURN = 2
OFFERS_PER_TARGET = 2
LAST_YEAR = 15  # safety stop (F12)


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
        """An independent copy (the search clones thousands: no __init__ call)."""
        new = object.__new__(Product)
        d = self.__dict__.copy()
        d["nerds"] = self.nerds[:]
        d["suits"] = self.suits[:]
        new.__dict__ = d
        return new


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
        """An independent copy (the search clones thousands: no __init__ call)."""
        new = object.__new__(Player)
        d = self.__dict__.copy()
        d["hand"] = self.hand[:]
        d["slots"] = self.slots[:]
        d["big_nerds"] = self.big_nerds[:]
        d["big_suits"] = self.big_suits[:]
        new.__dict__ = d
        return new
