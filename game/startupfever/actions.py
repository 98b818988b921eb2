"""Actions: small frozen dataclasses with a plain str(). Chance outcomes are actions too.

Employee kinds are "nerd", "suit", "big_nerd", "big_suit"; products are slot letters A-L;
companies are seats.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

KIND_NAMES = {"nerd": "Nerd", "suit": "Suit", "big_nerd": "Big Nerd", "big_suit": "Big Suit"}


# --- chance outcomes ----------------------------------------------------------------

@dataclass(frozen=True)
class Roll:
    """The die shows `value` (adoption, user loss, competition and tie re-rolls)."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True)
class Draw:
    """The next card drawn from the face-down pile is of type `card`."""

    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True)
class PickProduct:
    """Random pick of a product: next in the first year's order, or who selects first
    among products tied on users when choosing the turn order."""

    slot: str

    def __str__(self) -> str:
        return f"pick {self.slot}"


# --- player decisions ---------------------------------------------------------------

@dataclass(frozen=True)
class PlaceChip:
    """Set-up: put the chip of `category` face down on product `slot`."""

    slot: str
    category: str

    def __str__(self) -> str:
        return f"place {self.category} on {self.slot}"


@dataclass(frozen=True)
class PlayCard:
    """Play Event Card `card` on product `slot` or company `seat` (None when the card
    is played without effect in the discard window); `kind` names the hire for Hiring
    Failure."""

    card: str
    slot: str | None = None
    seat: int | None = None
    kind: str | None = None

    def __str__(self) -> str:
        text = f"play {self.card}"
        if self.slot is not None:
            text += f" on {self.slot}"
        elif self.seat is not None:
            text += f" on company {self.seat}"
        else:
            text += " (no effect)"
        if self.kind is not None:
            text += f" naming {KIND_NAMES[self.kind]}"
        return text


@dataclass(frozen=True)
class Pass:
    """Play no (more) card in this window."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Defend:
    """Reaction of a company targeted by a card: play Defense (True) or let it be."""

    use: bool

    def __str__(self) -> str:
        return "play Defense" if self.use else "no Defense"


@dataclass(frozen=True)
class Hire:
    """Hire one employee of `kind` from the supply for the current product."""

    kind: str

    def __str__(self) -> str:
        return f"hire {KIND_NAMES[self.kind]}"


@dataclass(frozen=True)
class Poach:
    """Offer `offer` tokens to an employee of company `seat`: a worker on product `slot`
    or an executive (slot None) standing on vesting field `vest`."""

    seat: int
    slot: str | None
    kind: str
    vest: int
    offer: int

    def __str__(self) -> str:
        where = self.slot if self.slot is not None else f"company {self.seat}"
        return f"poach {KIND_NAMES[self.kind]} (vest {self.vest}) from {where} for {self.offer}"


@dataclass(frozen=True)
class Counter:
    """The poached employee's company counters at offer + 1 (True) or lets go (False)."""

    accept: bool

    def __str__(self) -> str:
        return "counter-offer" if self.accept else "let go"


@dataclass(frozen=True)
class Retain:
    """Move an employee of the current product (or an executive) `steps` fields back
    towards 4, paying one token per field."""

    kind: str
    vest: int
    steps: int

    def __str__(self) -> str:
        return f"retain {KIND_NAMES[self.kind]} (vest {self.vest}) by {self.steps}"


@dataclass(frozen=True)
class EndManage:
    """Finish Manage Employees for this product turn."""

    def __str__(self) -> str:
        return "end manage employees"


@dataclass(frozen=True)
class LosePip:
    """User loss: spend one pip to move launched product `slot` back one field."""

    slot: str

    def __str__(self) -> str:
        return f"user loss on {self.slot}"


@dataclass(frozen=True)
class EndUserLoss:
    """Leave the remaining user-loss pips unused."""

    def __str__(self) -> str:
        return "end user loss"


@dataclass(frozen=True)
class MoveResigned:
    """Attrition: a resigning worker (kind, vesting field) goes to product `dest`, or back
    to the pile when `dest` is None."""

    kind: str
    vest: int
    dest: str | None

    def __str__(self) -> str:
        to = self.dest if self.dest is not None else "the pile"
        return f"{KIND_NAMES[self.kind]} (vest {self.vest}) resigns to {to}"


@dataclass(frozen=True)
class Reassign:
    """Year end: move a worker between two of your products, keeping its vesting field."""

    src: str
    dest: str
    kind: str
    vest: int

    def __str__(self) -> str:
        return f"move {KIND_NAMES[self.kind]} (vest {self.vest}) {self.src}->{self.dest}"


@dataclass(frozen=True)
class EndReassign:
    def __str__(self) -> str:
        return "end reassign"


@dataclass(frozen=True)
class Market:
    """Year end: put one money token of marketing on your product `slot`."""

    slot: str

    def __str__(self) -> str:
        return f"market {self.slot}"


@dataclass(frozen=True)
class EndMarketing:
    def __str__(self) -> str:
        return "end marketing"


@dataclass(frozen=True)
class ChoosePosition:
    """Year end: the product choosing takes turn-order position `position` (0 = first)."""

    position: int

    def __str__(self) -> str:
        return f"take position {self.position + 1}"


Action = (
    Roll | Draw | PickProduct | PlaceChip | PlayCard | Pass | Defend | Hire | Poach | Counter
    | Retain | EndManage | LosePip | EndUserLoss | MoveResigned | Reassign | EndReassign
    | Market | EndMarketing | ChoosePosition
)


def shared(cls: Callable[..., T]) -> Callable[..., T]:
    """A maker of `cls` that returns one shared object per argument tuple.

    Actions are frozen, so the legal-action generators reuse them: building a frozen
    dataclass costs several times a cache look-up, and they build thousands per game.
    (An untyped cache: the engine passes plain ints and strings, never bools for ints.)
    Callers that need a fresh object just call the class itself.
    """
    return functools.cache(cls)
