"""The 84 Event Cards (RULES.md F10): rulebook cards plus 57 designed by the project.

Each card type has exact text, the play windows it may be used in (F11) and what it may
target. Effects live in `effects.py`; the windows are named in `WINDOWS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# Play windows (F11). Product-turn windows open before that step of every product turn
# (USER_LOSS only on a launched product's turn); year-end windows once a year.
ADOPTION: Final = "adoption"
REVENUE: Final = "revenue"
MANAGE: Final = "manage"
USER_LOSS: Final = "user_loss"
COMPETITION: Final = "competition"
DISCARD: Final = "discard"
WINDOWS: Final = (ADOPTION, REVENUE, MANAGE, USER_LOSS, COMPETITION, DISCARD)
WINDOW_TITLES: Final = {
    ADOPTION: "before New User Adoption",
    REVENUE: "before Earn Product Revenue",
    MANAGE: "before Manage Employees",
    USER_LOSS: "before User Loss",
    COMPETITION: "Year End, before Compete for Users",
    DISCARD: "Year End, before discarding played cards",
}

# Target kinds: which product or company a card may be played on.
CURRENT_PRODUCT: Final = "current product"  # the product whose turn it is
CURRENT_COMPANY: Final = "current company"  # the company owning that product
UNLAUNCHED: Final = "unlaunched product"  # any product not yet launched
LAUNCHED: Final = "launched product"  # any launched product
ANY_PRODUCT: Final = "any product"
REACTION: Final = "reaction"  # Defense: only as a reaction


@dataclass(frozen=True)
class CardType:
    """One kind of Event Card: how many the deck holds, its text, windows and targets."""

    id: str
    name: str
    count: int
    text: str
    windows: tuple[str, ...]
    target: str
    designed: bool = False  # True for the 57 cards designed by the project
    short: str = ""  # what it does, in a few words (card faces on screen)


CARD_TYPES: Final[tuple[CardType, ...]] = (
    CardType(
        "antitrust", "Antitrust", 2,
        "Played on a Product before it manages employees. The EU or US are starting an "
        "antitrust investigation. If the Product has over 100M users, the management is "
        "distracted and cannot Manage Employees this year. The Product still gains users, "
        "earns revenue and may roll for user loss.",
        (MANAGE,), CURRENT_PRODUCT,
        short="Over 100M users: no hiring, poaching or retaining",
    ),
    CardType(
        "attrition", "Attrition", 3,
        "Played on a Product at Year End, before the competition. Morale plummets and 25% "
        "of its workers (round down) resign. You decide which workers resign and which "
        "company they go to: at most one to each Product of the competing companies, on "
        "its 4 field. If more resign than there are competing Products, the rest go back "
        "to the pile.",
        (COMPETITION,), ANY_PRODUCT,
        short="A quarter of its workers quit, to rivals",
    ),
    CardType(
        "audit_half", "Audit (half)", 2,
        "Played on a company before one of its Products manages employees. The government "
        "performs an audit and detects discrepancies. Return half of the company's money "
        "tokens to the bank (round down). Marketing Money allocated is not affected.",
        (MANAGE,), CURRENT_COMPANY,
        short="The company pays half its money to the bank",
    ),
    CardType(
        "audit_third", "Audit (one third)", 3,
        "Played on a company before one of its Products manages employees. The government "
        "(on one of these three cards, Uncle Frank) performs an audit and detects "
        "discrepancies. Return one third of the company's money tokens to the bank (round "
        "down). Marketing Money allocated is not affected.",
        (MANAGE,), CURRENT_COMPANY,
        short="The company pays a third of its money to the bank",
    ),
    CardType(
        "defense", "Defense", 4,
        "Played in defense of your company. A competent Legal or Public Relations team "
        "– or both – is the only line of defense when things get nasty. If your "
        "company has at least one Suit and anybody plays a card on your company or one of "
        "its Products, play this card at once to neutralize that card. Nothing happens.",
        (), REACTION,
        short="Cancel a card played on you (needs a Suit)",
    ),
    CardType(
        "executive_power", "Executive Power", 2,
        "Played on a company before one of its Products manages employees. The Board of "
        "Directors approved additional Executives: this year the company can hire or poach "
        "one extra Executive, a second CEO (Big Suit) or a second CTO (Big Nerd), not both. "
        "The second Executive has the same cost and power as the first and stays; if one of "
        "the two is poached later, the company is back to a single one.",
        (MANAGE,), CURRENT_COMPANY,
        short="The company may have a second CEO or CTO",
    ),
    CardType(
        "leak", "Leak", 6,
        "Played on a Product that has not launched, at the start of any Product turn or at "
        "Year End before the competition. Its secret gets out: the Product launches now, "
        "wherever its User Marker stands, and its chip is revealed.",
        (ADOPTION, COMPETITION), UNLAUNCHED,
        short="An unlaunched product launches now",
    ),
    CardType(
        "hiring_failure", "Hiring Failure", 5,
        "Played on a Product before it manages employees. The first hire this Product makes "
        "this turn, of any kind, fails: the money is paid to the bank and lost, and nobody "
        "comes (the employee stays in the supply). Poaching is not hiring. A second Hiring "
        "Failure on the same turn adds nothing.",
        (MANAGE,), CURRENT_PRODUCT,
        short="The product's first hire this turn fails",
    ),
    CardType(
        "viral_growth", "Viral Growth", 8,
        "Played on a Product before its New User Adoption. Word spreads like wildfire: "
        "add 3 to this Product's user adoption this turn.",
        (ADOPTION,), CURRENT_PRODUCT, True,
        short="+3 to the product's adoption this turn",
    ),
    CardType(
        "server_outage", "Server Outage", 7,
        "Played on a Product before its New User Adoption. The servers melt under the load: "
        "this Product's user adoption this turn is halved (rounded up).",
        (ADOPTION,), CURRENT_PRODUCT, True,
        short="The product's adoption this turn is halved",
    ),
    CardType(
        "funding_round", "Funding Round", 7,
        "Played on a company before one of its Products earns revenue. Investors pour in: "
        "the company takes 5 money tokens from the bank (what the bank has in a recession).",
        (REVENUE,), CURRENT_COMPANY, True,
        short="The company takes $5 from the bank",
    ),
    CardType(
        "talent_fair", "Talent Fair", 7,
        "Played on a Product before it manages employees. A job fair fills the lobby: this "
        "turn the Product may hire two more employees, up to four hires in all (a second "
        "Talent Fair on the same turn adds nothing).",
        (MANAGE,), CURRENT_PRODUCT, True,
        short="The product may hire 4 this turn, not 2",
    ),
    CardType(
        "acqui_hire", "Acqui-hire", 7,
        "Played on a Product before it manages employees. You buy a tiny startup for its "
        "team: pay 3 money tokens to the bank and up to 2 Nerds from the supply join this "
        "Product on its 4 field. Needs 3 money and a Nerd in the supply.",
        (MANAGE,), CURRENT_PRODUCT, True,
        short="Pay $3: up to 2 Nerds join the product",
    ),
    CardType(
        "patent_troll", "Patent Troll", 7,
        "Played on a company before one of its Products manages employees. A troll sues "
        "over a vague patent: the company pays 2 money tokens to the bank for each of its "
        "launched Products (all its money if it has less).",
        (MANAGE,), CURRENT_COMPANY, True,
        short="The company pays $2 per launched product",
    ),
    CardType(
        "security_breach", "Security Breach", 7,
        "Played on a launched Product before its User Loss. Hackers dump the user database "
        "and users flee: the Product moves back 3 fields on the User Track (not below X). "
        "It stays launched.",
        (USER_LOSS,), CURRENT_PRODUCT, True,
        short="A launched product drops 3 fields",
    ),
    CardType(
        "press_coverage", "Press Coverage", 7,
        "Played on a launched Product at Year End, before the competition. Glowing reviews "
        "everywhere: add 3 to this Product's strength in this year's competition.",
        (COMPETITION,), LAUNCHED, True,
        short="+3 showdown strength for a launched product",
    ),
)

CARDS: Final[dict[str, CardType]] = {c.id: c for c in CARD_TYPES}
CARD_IDS: Final[tuple[str, ...]] = tuple(c.id for c in CARD_TYPES)
DECK_SIZE: Final = sum(c.count for c in CARD_TYPES)
HAND_SIZE: Final = 4

assert DECK_SIZE == 84, DECK_SIZE
assert sum(c.count for c in CARD_TYPES if c.designed) == 57
assert all(c.short for c in CARD_TYPES)


# Window -> ids of the cards that may be played in it (any card in the discard window).
# Most hands hold none for the open window, so checking this first skips `card_plays`.
PLAYABLE_IN: Final[dict[str, frozenset[str]]] = {
    window: frozenset(CARD_IDS) if window == DISCARD else
    frozenset(c.id for c in CARD_TYPES if window in c.windows)
    for window in WINDOWS
}


def full_deck() -> dict[str, int]:
    """A fresh deck: card id -> copies (the draw order is random at each draw)."""
    return {c.id: c.count for c in CARD_TYPES}
