"""The User Track (RULES.md F5): a log scale of 47 fields, five fields per factor of ten.

Field 0 is "X" (no users); field i >= 1 shows 10^(1 + (i - 1) / 5) users. Field 16 is the
Launch line and field 36 the 100M mark (the floor of user loss, F7).
"""

from __future__ import annotations

from typing import Final

LAST_FIELD: Final = 46
LAUNCH_FIELD: Final = 16
MARK_100M: Final = 36


def users(field: int) -> int:
    """Number of users shown on a field (0 on "X")."""
    if field <= 0:
        return 0
    return round(10 ** (1 + (field - 1) / 5))


def base_revenue(field: int) -> int:
    """The large number: annual base revenue for a product on this field."""
    if field < 11:  # below 1K users (and "X")
        return 1
    if field < 21:  # 1K-99K
        return 2
    return (field - 1) // 5 - 1  # 100K: 3, 1M: 4, 10M: 5, 100M: 6, 1B: 7, 10B: 8


def victory_points(field: int) -> int:
    """The small number: victory points at the end of the game."""
    return max(0, field - (LAUNCH_FIELD - 1))


def label(field: int) -> str:
    """Readable user count: "X", "63", "10K", "2.5M", "10B"."""
    if field <= 0:
        return "X"
    n = users(field)
    for size, suffix in ((10**9, "B"), (10**6, "M"), (10**3, "K")):
        if n >= size:
            value = n / size
            text = f"{value:.1f}" if value < 10 else f"{value:.0f}"
            return text.removesuffix(".0") + suffix
    return str(n)


def clamp(field: int) -> int:
    """Markers stay within fields 0-46 (F8)."""
    return 0 if field < 0 else LAST_FIELD if field > LAST_FIELD else field


TABLE: Final = tuple((f, label(f), base_revenue(f), victory_points(f))
                     for f in range(LAST_FIELD + 1))
"""(field, users label, base revenue, victory points) for every field, for docs and scenes."""
