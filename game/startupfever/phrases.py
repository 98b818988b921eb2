"""Words the TV and the phones both use for Startup Fever: money, vesting, users, places.

Headless (the TV's screens and the phone's questions import these, never the other way
round), so a decision reads the same on the table and in a hand.
"""

from __future__ import annotations

from . import usertrack
from .actions import kind_name

ORDINALS = ("1st", "2nd", "3rd")

#: What a new hire does, by kind ({slot}: the product it joins).
HIRE_EFFECT = {
    "nerd": "+1 adoption, +1 strength for {slot}",
    "suit": "+1 revenue for {slot} every turn",
    "big_nerd": "+2 adoption on all, +4 strength",
    "big_suit": "+2 revenue on all your products",
}


def money(amount: int) -> str:
    """"$41" ("-$3" below zero)."""
    return f"-${-amount}" if amount < 0 else f"${amount}"


def vesting(vest: int) -> str:
    """"vesting 3", or "fully vested" on field 0."""
    return "fully vested" if vest == 0 else f"vesting {vest}"


def ordinal(n: int) -> str:
    """1 -> "1st", 12 -> "12th"."""
    return ORDINALS[n - 1] if 1 <= n <= 3 else f"{n}th"


def users(field: int) -> str:
    """"25K users" for a field of the User Track ("no users" on X)."""
    return "no users" if field <= 0 else f"{usertrack.label(field)} users"


def a_kind(kind: str) -> str:
    """"a Nerd", "an ..." (the article by the name's first letter)."""
    name = kind_name(kind)
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"


def card_effect(text: str) -> str:
    """A card's text without its first sentence (when it is played, said elsewhere)."""
    head, _, rest = text.partition(". ")
    return rest or head


def plural(count: int, word: str) -> str:
    """"1 pip", "3 pips"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def position_words(slot: str, i: int, taken: dict[int, str], count: int) -> tuple[str, str]:
    """A turn-order place in words, for the TV and the phones alike: ("E plays 2nd of 4",
    "after B, before C"), `taken` being the places already chosen (place -> slot)."""
    before = [taken[j] for j in range(i) if j in taken]
    later = [taken[j] for j in range(i + 1, count) if j in taken]
    where = [f"after {before[-1]}" if before else "plays first" if i == 0 else
             "first of those placed"]
    if later:
        where.append(f"before {later[0]}")
    elif i == count - 1:
        where.append("plays last")
    return f"{slot} plays {ordinal(i + 1)} of {count}", ", ".join(where)
