"""Why an Event Card cannot be played now, in a few words, for the screens.

The rules decide (`card_plays`); this module only explains their answer, so a hand
shown on screen can say "not now: only before New User Adoption" instead of a bare
"not now". Headless: the scenes read it, it reads the state and `cards.py`.
"""

from __future__ import annotations

from typing import Any

from game.startupfever.cards import (
    CARDS,
    CURRENT_PRODUCT,
    DISCARD,
    LAUNCHED,
    REACTION,
    UNLAUNCHED,
    WINDOW_TITLES,
)
from game.startupfever.effects import ACQUI_HIRE_PRICE

SHORT_WINDOWS = {
    "adoption": "before adoption",
    "revenue": "before revenue",
    "manage": "before Manage Employees",
    "user_loss": "before User Loss",
    "competition": "before the showdown",
}


WINDOW_PLAIN = {  # a card window in plain words ({slot}: the product whose turn it is)
    "adoption": "{slot} rolls for new users",
    "revenue": "{slot} earns its money",
    "manage": "{slot} hires, poaches and retains",
    "user_loss": "the user-loss roll",
    "competition": "the year-end showdowns",
    "discard": "old cards are thrown away",
}
RULEBOOK_STEP = {"adoption": "New User Adoption", "revenue": "Earn Product Revenue",
                 "manage": "Manage Employees", "user_loss": "User Loss",
                 "competition": "Compete for Users", "discard": "Year End"}


def window_words(window: str, slot: str | None) -> str:
    """"before J rolls for new users (New User Adoption)": a card window said plainly,
    with the rulebook's name of the step after it."""
    plain = WINDOW_PLAIN.get(window, window).format(slot=slot or "the product")
    return f"before {plain} ({RULEBOOK_STEP.get(window, window)})"


def when(card: str) -> str:
    """When `card` may be played: "before adoption or before the showdown"."""
    ctype = CARDS[card]
    if ctype.target == REACTION:
        return "in reply to a card played on you"
    return " or ".join(SHORT_WINDOWS[w] for w in ctype.windows)


def not_now(state: Any, seat: int, card: str) -> str:
    """Why `seat` cannot play `card` at this moment ("" when it can).

    Reads the open card window; between windows (`state.window` None) the answer is
    when the card can be played.
    """
    ctype = CARDS[card]
    window = getattr(state, "window", None)
    if window is not None and state.stage == "window" and state.card_plays(seat, card):
        return ""
    if ctype.target == REACTION:
        return "only in reply to a card played on you (with a Suit)"
    if window is None or window == DISCARD or window not in ctype.windows:
        return f"only {when(card)}"
    if ctype.target == LAUNCHED:
        return "no product has launched yet"
    if ctype.target == UNLAUNCHED:
        return "every product has launched"
    if card == "acqui_hire":
        return f"needs ${ACQUI_HIRE_PRICE} and a Nerd in the supply"
    if card == "security_breach":
        return f"only on a launched product's turn ({state.current_slot} is not launched)"
    if ctype.target == CURRENT_PRODUCT and state.current_slot is None:
        return f"only {WINDOW_TITLES[window]}"
    return "not playable now"
