"""Actions: small frozen dataclasses with a plain str(). Chance outcomes are actions too.

Employee kinds are "nerd", "suit", "big_nerd", "big_suit"; products are slot letters A-L;
companies are seats.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar, get_args

T = TypeVar("T")

KIND_NAMES = {"nerd": "Nerd", "suit": "Suit", "big_nerd": "Big Nerd", "big_suit": "Big Suit"}


def kind_name(kind: Any) -> str:
    """"Nerd" for "nerd"; an unknown kind as its repr, so that str() of a malformed
    action never raises (error messages are built from it)."""
    try:
        return KIND_NAMES[kind]
    except (KeyError, TypeError):
        return repr(kind)


# --- chance outcomes ----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Roll:
    """The die shows `value` (adoption, user loss, competition and tie re-rolls)."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, slots=True)
class Draw:
    """The next card drawn from the face-down pile is of type `card`."""

    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True, slots=True)
class PickProduct:
    """Random pick of a product: next in the first year's order, or who selects first
    among products tied on users when choosing the turn order."""

    slot: str

    def __str__(self) -> str:
        return f"pick {self.slot}"


# --- player decisions ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlaceChip:
    """Set-up: put the chip of `category` face down on product `slot`."""

    slot: str
    category: str

    def __str__(self) -> str:
        return f"place {self.category} on {self.slot}"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play Event Card `card` on product `slot` or company `seat` (None when the card
    is played without effect in the discard window). `kind` is kept for compatibility
    and is always None: no card names a kind any more (Hiring Failure, F15)."""

    card: str
    slot: str | None = None
    seat: int | None = None
    kind: str | None = None

    def __str__(self) -> str:
        from game.startupfever.cards import CARDS  # noqa: PLC0415 (cards imports nothing here)

        ctype = CARDS.get(self.card)
        text = f"play {ctype.name if ctype else self.card}"
        if self.slot is not None:
            text += f" on {self.slot}"
        elif self.seat is not None:
            text += f" on company {self.seat}"
        else:
            text += " (no effect)"
        if self.kind is not None:
            text += f" naming {kind_name(self.kind)}"
        return text


@dataclass(frozen=True, slots=True)
class Pass:
    """Play no (more) card in this window."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Defend:
    """Reaction of a company targeted by a card: play Defense (True) or let it be."""

    use: bool

    def __str__(self) -> str:
        return "play Defense" if self.use else "no Defense"


@dataclass(frozen=True, slots=True)
class Hire:
    """Hire one employee of `kind` from the supply for the current product.

    `slot` names that product ("hire Nerd for B"): `legal_actions` fills it in and
    `apply` refuses a hire naming any other product. It is a label, left out of equality
    and hashing, so `Hire("nerd")` (no slot: the current product) equals the listed one.
    """

    kind: str
    slot: str | None = field(default=None, compare=False)

    def __str__(self) -> str:
        where = "" if self.slot is None else f" for {self.slot}"
        return f"hire {kind_name(self.kind)}{where}"


@dataclass(frozen=True, slots=True)
class Poach:
    """Offer `offer` tokens to an employee of company `seat`: a worker on product `slot`
    or an executive (slot None) standing on vesting field `vest`.

    `to` names the current product, which the employee would join; like `Hire.slot` it
    is a label checked by `apply` and left out of equality.
    """

    seat: int
    slot: str | None
    kind: str
    vest: int
    offer: int
    to: str | None = field(default=None, compare=False)

    def __str__(self) -> str:
        where = self.slot if self.slot is not None else f"company {self.seat}"
        joins = "" if self.to is None else f" to {self.to}"
        return (f"poach {kind_name(self.kind)} (vest {self.vest}) from {where}{joins} "
                f"for {self.offer}")


@dataclass(frozen=True, slots=True)
class Counter:
    """The poached employee's company counters at offer + 1 (True) or lets go (False)."""

    accept: bool

    def __str__(self) -> str:
        return "counter-offer" if self.accept else "let go"


@dataclass(frozen=True, slots=True)
class Retain:
    """Move an employee of the current product (or an executive) `steps` fields back
    towards 4, paying one token per field.

    `slot` names the product a retained worker stands on (None for an executive, who
    belongs to the whole company); like `Hire.slot` it is a label checked by `apply`
    and left out of equality.
    """

    kind: str
    vest: int
    steps: int
    slot: str | None = field(default=None, compare=False)

    def __str__(self) -> str:
        where = "" if self.slot is None else f" on {self.slot}"
        return f"retain {kind_name(self.kind)}{where} (vest {self.vest}) by {self.steps}"


@dataclass(frozen=True, slots=True)
class EndManage:
    """Finish Manage Employees for this product turn."""

    def __str__(self) -> str:
        return "end manage employees"


@dataclass(frozen=True, slots=True)
class LosePip:
    """User loss: spend one pip to move launched product `slot` back one field."""

    slot: str

    def __str__(self) -> str:
        return f"user loss on {self.slot}"


@dataclass(frozen=True, slots=True)
class EndUserLoss:
    """Leave the remaining user-loss pips unused."""

    def __str__(self) -> str:
        return "end user loss"


@dataclass(frozen=True, slots=True)
class MoveResigned:
    """Attrition: a resigning worker (kind, vesting field) goes to product `dest`, or back
    to the pile when `dest` is None."""

    kind: str
    vest: int
    dest: str | None

    def __str__(self) -> str:
        to = self.dest if self.dest is not None else "the pile"
        return f"{kind_name(self.kind)} (vest {self.vest}) resigns to {to}"


@dataclass(frozen=True, slots=True)
class Reassign:
    """Year end: move a worker between two of your products, keeping its vesting field."""

    src: str
    dest: str
    kind: str
    vest: int

    def __str__(self) -> str:
        return f"move {kind_name(self.kind)} (vest {self.vest}) {self.src}->{self.dest}"


@dataclass(frozen=True, slots=True)
class EndReassign:
    def __str__(self) -> str:
        return "end reassign"


@dataclass(frozen=True, slots=True)
class Market:
    """Year end: put one money token of marketing on your product `slot`."""

    slot: str

    def __str__(self) -> str:
        return f"market {self.slot}"


@dataclass(frozen=True, slots=True)
class EndMarketing:
    def __str__(self) -> str:
        return "end marketing"


@dataclass(frozen=True, slots=True)
class ChoosePosition:
    """Year end: the product choosing takes turn-order position `position` (0 = first)."""

    position: int

    def __str__(self) -> str:
        position = self.position
        return f"take position {position + 1 if type(position) is int else repr(position)}"


Action = (
    Roll | Draw | PickProduct | PlaceChip | PlayCard | Pass | Defend | Hire | Poach | Counter
    | Retain | EndManage | LosePip | EndUserLoss | MoveResigned | Reassign | EndReassign
    | Market | EndMarketing | ChoosePosition
)


# The exact field types of every action: `apply` refuses an action whose fields have
# other types (a bool is not an int, 3.0 is not 3, a list is not a slot) before anything
# compares or hashes it. Read from the annotations of every class in `Action`, so a
# new field (or a new action listed there) cannot be forgotten.
_TYPES = {"int": (int,), "str": (str,), "bool": (bool,), "str | None": (str, type(None)),
          "int | None": (int, type(None))}
FIELD_TYPES: dict[type, tuple[tuple[str, tuple[type, ...]], ...]] = {
    cls: tuple((f.name, _TYPES[str(f.type)]) for f in fields(cls)) for cls in get_args(Action)
}


def malformed(action: Any) -> str | None:
    """Why `action` is not a well-formed action (unknown type or a field of the wrong
    type), or None when it is."""
    shape = FIELD_TYPES.get(type(action))
    if shape is None:
        return f"not a Startup Fever action: {describe(action)}"
    for name, types in shape:
        value = getattr(action, name)
        if type(value) not in types:
            wanted = " or ".join("None" if t is type(None) else t.__name__ for t in types)
            return f"{type(action).__name__}.{name} must be {wanted}, not {_shown(value)}"
    return None


def _shown(value: Any) -> str:
    """repr(value) for a message, at most 60 characters; never raises (a forged field's
    `__repr__` may raise anything: the refusal must still be an IllegalAction)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a message must be built whatever the object is
        return f"a malformed {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


def describe(action: Any) -> str:
    """str(action) for messages, falling back to repr: it never raises."""
    try:
        return str(action)
    except Exception:  # noqa: BLE001 - a message must be built whatever the object is
        try:
            return repr(action)
        except Exception:  # noqa: BLE001
            return f"<{type(action).__name__}>"


def shared(cls: Callable[..., T], most: int | None = None) -> Callable[..., T]:
    """A maker of `cls` that returns one shared object per argument tuple.

    Actions are frozen, so the legal-action generators reuse them: building a frozen
    dataclass costs several times a cache look-up, and they build thousands per game.
    (An untyped cache: the engine passes plain ints and strings, never bools for ints.)
    Callers that need a fresh object just call the class itself. `most`: keep at most
    that many, the least recently used going first, for a maker whose argument tuples
    have no practical end (a poach offer's price and its two products: an all-night demo
    met ~70 new ones every game and kept them all, seen in the demo soak).
    """
    return functools.lru_cache(maxsize=most)(cls)
