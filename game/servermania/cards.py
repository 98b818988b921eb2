"""The SIGN UPS and CHURN! decks (RULES.md S10), designed by the project.

Each card does exactly one thing: a cash amount (fixed, or per server owned) or a number
of servers. SIGN UPS cards gain (the bank pays); CHURN! cards lose (money into the CEO
BONUS pot, servers back to the bank, never below $0 / 1 server). The texts are printed
on the cards and in RULES.md; a test checks every text states its card's amount.
"""

from __future__ import annotations

from dataclasses import dataclass

SIGNUPS_DECK = "signups"
CHURN_DECK = "churn"
DECK_NAMES = {SIGNUPS_DECK: "SIGN UPS", CHURN_DECK: "CHURN!"}


@dataclass(frozen=True, slots=True)
class Card:
    """One card. Exactly one of cash, cash_per_server, servers is non-zero; losses < 0."""

    deck: str
    id: int
    text: str
    cash: int = 0
    cash_per_server: int = 0
    servers: int = 0


def _deck(deck: str, rows: list[tuple[str, int, int, int]]) -> tuple[Card, ...]:
    return tuple(Card(deck, i, text, cash, per, servers)
                 for i, (text, cash, per, servers) in enumerate(rows))


SIGNUPS_CARDS = _deck(SIGNUPS_DECK, [
    ("A cat-video site picks your plan. Collect $20,000.", 20_000, 0, 0),
    ("Black Friday shop moves in before the rush. Collect $30,000.", 30_000, 0, 0),
    ("A podcast host reads your ad with real feeling. Gain 1 server.", 0, 0, 1),
    ("An agency migrates 40 WordPress sites to you. Gain 2 servers.", 0, 0, 2),
    ("Your 99.999% uptime badge goes viral. Gain 3 servers.", 0, 0, 3),
    ("A startup pays three years upfront. Collect $50,000.", 50_000, 0, 0),
    ("Gamers want low ping. Collect $5,000 per server.", 0, 5_000, 0),
    ("Free SSL promo works like a charm. Collect $5,000 per server.", 0, 5_000, 0),
    ("A rival's data centre floods; their clients swim over. Gain 2 servers.", 0, 0, 2),
    ("Support answers every ticket in 30 seconds. Collect $15,000.", 15_000, 0, 0),
    ("Bloggers discover your one-click install. Gain 1 server.", 0, 0, 1),
    ("An enterprise client signs a 24/7 SLA. Collect $40,000.", 40_000, 0, 0),
    ("You top Hacker News for an afternoon. Gain 2 servers.", 0, 0, 2),
    ("DNS just works. For once. Collect $10,000.", 10_000, 0, 0),
    ("A university moves its course sites to you. Collect $25,000.", 25_000, 0, 0),
    ("A crypto startup pays in actual money. Collect $20,000.", 20_000, 0, 0),
    ("A dev influencer posts 'zero downtime, ever'. Gain 1 server.", 0, 0, 1),
    ("Your reseller program takes off. Collect $5,000 per server.", 0, 5_000, 0),
])

CHURN_CARDS = _deck(CHURN_DECK, [
    ("Unpatched plugin: a client gets hacked. Pay $20,000.", -20_000, 0, 0),
    ("Someone ran rm -rf on production. Lose 1 server.", 0, 0, -1),
    ("Your SSL certificate expired over the weekend. Pay $10,000.", -10_000, 0, 0),
    ("The data centre AC fails in a heatwave. Lose 2 servers.", 0, 0, -2),
    ("DDoS on launch day. Pay $30,000.", -30_000, 0, 0),
    ("A billing bug double-charged everyone. Refunds: Pay $25,000.", -25_000, 0, 0),
    ("All the hard drives age at once. Lose 1 server.", 0, 0, -1),
    ("A big client leaves for a cloud giant. Lose 2 servers.", 0, 0, -2),
    ("The power bill arrives. Pay $5,000 per server.", 0, -5_000, 0),
    ("The backups turn out to be empty. Pay $40,000.", -40_000, 0, 0),
    ("Your status page says 'all green' during an outage. Pay $15,000.", -15_000, 0, 0),
    ("A client's spam gets your IPs blacklisted. Lose 1 server.", 0, 0, -1),
    ("A licence audit finds 300 unpaid seats. Pay $50,000.", -50_000, 0, 0),
    ("DNS propagation takes 'up to 48 hours'. Pay $10,000.", -10_000, 0, 0),
    ("Cooling upgrade, right now. Pay $5,000 per server.", 0, -5_000, 0),
    ("A leap second crashes the whole cluster. Lose 3 servers.", 0, 0, -3),
    ("Support replies 'works on my machine'. Pay $20,000.", -20_000, 0, 0),
    ("The intern unplugs a rack to charge a phone. Lose 1 server.", 0, 0, -1),
])

DECKS: dict[str, tuple[Card, ...]] = {SIGNUPS_DECK: SIGNUPS_CARDS, CHURN_DECK: CHURN_CARDS}
