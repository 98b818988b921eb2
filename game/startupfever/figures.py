"""What an event leaves on the table: the public figures the screen shows after it.

Events (events.py) that move money or staff carry one `Figures` as their `shown` field,
filled in by the rules (`StateFields._figures`), so the screens take every number from
the rules and compute none. See game/API.md.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Figures:
    """The public figures of the table right after an event, for the screen to show as
    they are (it runs no rule itself): the bank, the supply and, for the companies and
    products the event touched, money (sealed marketing still counted in, F14),
    executives, each product's staff per vesting field and its marketing money. Built
    only when events are (`apply`); the simulator's `apply_quiet` packs none."""

    bank: int
    supply: tuple[tuple[str, int], ...]
    companies: tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...]
    #: (seat, money shown, Big Nerds' vesting fields, Big Suits' vesting fields)
    products: tuple[tuple[str, tuple[int, ...], tuple[int, ...], int], ...]
    #: (slot, Nerds per vesting field 0-4, Suits per vesting field, marketing)

