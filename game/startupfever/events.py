"""Events returned by `apply`, in order, for scenes to animate and logs to print.

Frozen dataclasses carrying what a scene needs (who, which product, from/to fields,
amounts, dice, revealed categories, card text) with a readable str(). About a thousand
are built per game, so each gets a quicker `__init__` (see `_quick_init`).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields, is_dataclass

from .actions import KIND_NAMES
from .cards import WINDOW_TITLES
from .figures import Figures


def _shown() -> Figures | None:
    """The `shown` field of an event: its Figures (never compared, never printed)."""
    return field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class ChipPlaced:
    seat: int
    slot: str
    category: str  # secret: scenes show it only to the owner

    def __str__(self) -> str:
        return f"seat {self.seat} places a chip face down on {self.slot}"


@dataclass(frozen=True)
class CardDrawn:
    seat: int
    card: str  # secret: only the owner sees it

    def __str__(self) -> str:
        return f"seat {self.seat} draws a card"


@dataclass(frozen=True)
class DeckReshuffled:
    cards: int

    def __str__(self) -> str:
        return f"discard pile of {self.cards} cards shuffled into a new draw pile"


@dataclass(frozen=True)
class TurnOrderSet:
    year: int
    order: tuple[str, ...]

    def __str__(self) -> str:
        return f"turn order for year {self.year}: {' '.join(self.order)}"


@dataclass(frozen=True)
class ProductPicked:
    slot: str
    reason: str  # "first-year order" or "tie break"

    def __str__(self) -> str:
        return f"{self.slot} picked ({self.reason})"


@dataclass(frozen=True)
class PositionChosen:
    slot: str
    seat: int
    position: int

    def __str__(self) -> str:
        return f"{self.slot} takes turn position {self.position + 1}"


@dataclass(frozen=True)
class YearStarted:
    year: int

    def __str__(self) -> str:
        return f"year {self.year} begins"


@dataclass(frozen=True)
class TurnStarted:
    year: int
    slot: str
    seat: int

    def __str__(self) -> str:
        return f"year {self.year}: turn of product {self.slot} (seat {self.seat})"


@dataclass(frozen=True)
class DieRolled:
    purpose: str  # "adoption", "user loss", "competition", "tie re-roll"
    value: int
    slot: str | None = None

    def __str__(self) -> str:
        where = f" for {self.slot}" if self.slot else ""
        what = self.purpose if self.purpose.endswith("roll") else f"{self.purpose} roll"
        return f"{what}{where}: {self.value}"


@dataclass(frozen=True)
class UsersAdopted:
    slot: str
    roll: int
    nerds: int
    big_nerd_bonus: int
    card_bonus: int
    halved: bool
    total: int
    from_field: int
    to_field: int

    def __str__(self) -> str:
        parts = f"{self.roll}+{self.nerds}+{self.big_nerd_bonus}"
        if self.card_bonus:
            parts += f"+{self.card_bonus}"
        if self.halved:
            parts = f"({parts})/2"
        return (f"{self.slot} adopts {parts} = {self.total}: "
                f"field {self.from_field}->{self.to_field}")


@dataclass(frozen=True)
class ProductLaunched:
    slot: str
    seat: int
    category: str
    leaked: bool

    def __str__(self) -> str:
        how = "leaks" if self.leaked else "launches"
        return f"{self.slot} {how}: it is {self.category}"


@dataclass(frozen=True)
class RevenueEarned:
    slot: str
    seat: int
    base: int
    suits: int
    big_suit_bonus: int
    due: int
    paid: int
    shown: Figures | None = _shown()  # the table after it

    def __str__(self) -> str:
        text = f"{self.slot} earns {self.base}+{self.suits}+{self.big_suit_bonus} = {self.due}"
        if self.paid < self.due:
            text += f" (recession: bank pays {self.paid})"
        return text


@dataclass(frozen=True)
class Hired:
    seat: int
    slot: str
    kind: str
    cost: int
    failed: bool = False  # Hiring Failure: paid, nobody arrives
    shown: Figures | None = _shown()  # the table after it

    def __str__(self) -> str:
        if self.failed:
            return f"hiring a {KIND_NAMES[self.kind]} for {self.slot} fails ({self.cost} lost)"
        return f"{self.slot} hires a {KIND_NAMES[self.kind]} for {self.cost}"


@dataclass(frozen=True)
class PoachOffered:
    seat: int
    slot: str  # the poaching product
    from_seat: int
    from_slot: str | None
    kind: str
    vest: int
    offer: int

    def __str__(self) -> str:
        src = self.from_slot if self.from_slot else f"company {self.from_seat}"
        return (f"{self.slot} offers {self.offer} to a {KIND_NAMES[self.kind]} "
                f"(vest {self.vest}) of {src}")


@dataclass(frozen=True)
class CounterOffered:
    seat: int
    slot: str | None
    kind: str
    amount: int
    from_vest: int
    to_vest: int
    shown: Figures | None = _shown()  # the table after it

    def __str__(self) -> str:
        return (f"seat {self.seat} counters with {self.amount}: the {KIND_NAMES[self.kind]} "
                f"stays, vest {self.from_vest}->{self.to_vest}")


@dataclass(frozen=True)
class Poached:
    seat: int
    slot: str
    from_seat: int
    from_slot: str | None
    kind: str
    cost: int
    shown: Figures | None = _shown()  # the table after it

    def __str__(self) -> str:
        src = self.from_slot if self.from_slot else f"company {self.from_seat}"
        return f"{self.slot} poaches a {KIND_NAMES[self.kind]} from {src} for {self.cost}"


@dataclass(frozen=True)
class Retained:
    seat: int
    slot: str | None
    kind: str
    from_vest: int
    to_vest: int
    cost: int
    shown: Figures | None = _shown()  # the table after it

    def __str__(self) -> str:
        return (f"seat {self.seat} retains a {KIND_NAMES[self.kind]}: vest "
                f"{self.from_vest}->{self.to_vest} for {self.cost}")


@dataclass(frozen=True)
class ManageSkipped:
    slot: str
    reason: str

    def __str__(self) -> str:
        return f"{self.slot} manages no employees ({self.reason})"


@dataclass(frozen=True)
class UsersLost:
    slot: str
    from_field: int
    to_field: int
    reason: str  # "user loss", "competition", "Security Breach"

    def __str__(self) -> str:
        return f"{self.slot} loses users ({self.reason}): field {self.from_field}->{self.to_field}"


@dataclass(frozen=True)
class WindowOpened:
    """A card window (F11) opens. Emitted at every window point whether or not any seat
    holds a card (the rules then ask every seat that does, `window_seats`), so a scene
    can hold the same neutral "any cards?" beat every time (F13)."""

    window: str  # a cards.WINDOWS id
    slot: str | None  # the product whose turn it is (None at year end)

    def __str__(self) -> str:
        title = WINDOW_TITLES[self.window]
        on = f" ({self.slot}'s turn)" if self.slot else ""
        return f"card window {title}{on}"


@dataclass(frozen=True)
class CardPlayed:
    seat: int
    card: str
    name: str
    text: str
    slot: str | None
    target_seat: int | None
    kind: str | None = None

    def __str__(self) -> str:
        on = (f" on {self.slot}" if self.slot else
              f" on company {self.target_seat}" if self.target_seat is not None else
              " without effect")
        return f"seat {self.seat} plays {self.name}{on}"


@dataclass(frozen=True)
class CardCancelled:
    seat: int  # the defender
    card: str

    def __str__(self) -> str:
        return f"seat {self.seat} plays Defense: {self.card} is neutralized"


@dataclass(frozen=True)
class MoneyMoved:
    """Money between the bank and a company for a card (Audit, Funding Round, ...)."""

    seat: int
    amount: int  # + from the bank, - to the bank
    reason: str
    shown: Figures | None = _shown()  # the table after it

    def __str__(self) -> str:
        if not self.amount:  # a zero is neither a gain nor a loss
            return f"seat {self.seat}'s money is unchanged ({self.reason})"
        verb = "gets" if self.amount > 0 else "pays"
        return f"seat {self.seat} {verb} {abs(self.amount)} ({self.reason})"


@dataclass(frozen=True)
class CardEffect:
    """A lasting or turn effect set by a card (Viral Growth, Antitrust, Press Coverage...)."""

    card: str
    slot: str | None
    seat: int | None
    description: str

    def __str__(self) -> str:
        return self.description


@dataclass(frozen=True)
class EmployeeMoved:
    """A worker changes product without a payment (Attrition, Acqui-hire, reassign)."""

    kind: str
    from_slot: str | None  # None: the supply
    to_slot: str | None  # None: back to the pile
    from_vest: int
    to_vest: int
    reason: str
    shown: Figures | None = _shown()  # the table after it

    def __str__(self) -> str:
        src = self.from_slot or "the supply"
        dst = self.to_slot or "the pile"
        return f"{KIND_NAMES[self.kind]} {src}->{dst} ({self.reason})"


@dataclass(frozen=True)
class CompetitionResult:
    category: str
    ranking: tuple[tuple[str, int, int, int, int], ...]  # (slot, strength, delta, from, to)

    def __str__(self) -> str:
        parts = ", ".join(f"{s} str {st} {d:+d}" for s, st, d, _f, _t in self.ranking)
        return f"{self.category} showdown: {parts}"


@dataclass(frozen=True)
class YearEndStep:
    """A year-end administration step happened (vesting, discard, ...)."""

    step: str
    detail: str = ""
    shown: Figures | None = _shown()  # the table after it

    def __str__(self) -> str:
        return f"year end: {self.step}" + (f" ({self.detail})" if self.detail else "")


@dataclass(frozen=True)
class MarketingPlaced:
    """Private to `seat` (F14): one more sealed token on its product `slot`."""

    seat: int
    slot: str
    total: int  # the sealed tokens on `slot` so far

    def __str__(self) -> str:
        return f"{self.slot} marketing budget now {self.total}"


@dataclass(frozen=True)
class MarketingRevealed:
    """F14: every seat has finished its sealed allocation; all are shown together."""

    year: int  # the year this marketing money counts in (its Year End competition)
    marketing: tuple[tuple[str, int, int], ...]  # (slot, owner seat, tokens), every product
    shown: Figures | None = _shown()  # the table after it

    def __str__(self) -> str:
        shown = ", ".join(f"{s} {t}" for s, _seat, t in self.marketing if t)
        return f"marketing for year {self.year} revealed: {shown or 'none'}"


@dataclass(frozen=True)
class GameEnded:
    year: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str

    def __str__(self) -> str:
        return f"game over after year {self.year} ({self.reason}): VP {list(self.scores)}, " \
               f"winners {list(self.winners)}"


def _quick_init(cls: type) -> None:
    """Replace a frozen dataclass's `__init__` (one `object.__setattr__` call per field)
    by one that fills the instance's `__dict__` directly: the same signature and result
    (still frozen, equal, hashable), built 2-3 times quicker."""
    names = [f.name for f in fields(cls)]
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    params = ", ".join(f"{n}=_defaults[{n!r}]" if n in defaults else n for n in names)
    body = "".join(f"\n    d[{n!r}] = {n}" for n in names)
    namespace: dict = {"_defaults": defaults}
    exec(f"def __init__(self, {params}):\n    d = self.__dict__{body}", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]  # the class's own, written just above


for _cls in list(globals().values()):
    if isinstance(_cls, type) and is_dataclass(_cls) and _cls.__module__ == __name__:
        _quick_init(_cls)
del _cls
