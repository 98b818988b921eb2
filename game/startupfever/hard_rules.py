"""The Hard player's own rules (HardRules): Normal with its marketing, hiring, poaching,
retaining, turn position and year-end discard changed (each measured in the class notes).

Marketing (F14, sealed): tokens where they win ranks. Table 2 pays the winner of a
category far more than the runner-up (+9, +1, -4, -6 with four products), so a token is
worth most where it lifts a product past a rival's strength. The Normal rule aims a fixed
lead over any close rival and keeps 3 tokens; this rule puts each token where it raises
the expected Table 2 move of the seat's products the most (Table 1 strength against every
launched rival's, the die making each pairing a probability: evaluate.beat), while a
token still buys at least MIN_GAIN fields, keeping RESERVE tokens unless the game may end
this year. Measured as a rule in Normal's place (2,000 four-player games against three
Normals per seed): 24.0 -> 26.2 % wins (seed 21), 26.7 -> 29.1 % (seed 22).
"""

from __future__ import annotations

from typing import Any, Final

from .actions import ChoosePosition, EndManage, EndMarketing, Market, PlayCard, Poach
from .effects import PASS
from .evaluate import beat, table2_expected
from .normal import NormalPlayer
from .players import after, mypyc_attr, same
from .state import BIG_NERD, BIG_SUIT, COST, NERD, SUIT
from .usertrack import LAUNCH_FIELD
from .yearend import BIG_NERD_STRENGTH

MIN_GAIN: Final = 0.3  # expected fields a token must add (a token also buys a Nerd next year)
RESERVE: Final = 1  # tokens kept for next year's first hire, unless the game may end this year
NERDS_ONLY_FROM: Final = 2  # the year from which HardRules hires no more Suits
MAX_BIG_NERD_OFFER: Final = 12
MAX_NERD_OFFER: Final = 4  # tokens HardRules pays for a rival's Nerd once its hires are done
NEAR: Final = 6  # my unlaunched products this close to the Launch line will compete next year
SAVE_FROM: Final = 2  # tokens from which HardRules saves for a missing executive instead of hiring
#: Card windows where HardRules keeps a card worth less than HOLD_BELOW by Normal's rating
#: (a Hiring Failure or a Server Outage on a rival who does not lead, a small Audit...)
HOLD_WINDOWS: Final = frozenset({"adoption", "manage"})
HOLD_BELOW: Final = 3


def comp_value(view: Any, extra: dict[str, int]) -> float:
    """The expected Table 2 move, summed over the seat's products, with `extra` tokens of
    marketing on its products (rivals' sealed marketing is unknown: taken as none)."""
    me = view.seat
    players = view.players
    groups: dict[str, list[tuple[str, int, int]]] = {}
    for slot, p in view.products.items():
        cat = p.category
        if cat is None or not (p.launched or (p.owner == me and p.field >= LAUNCH_FIELD - NEAR)):
            continue
        strength = sum(p.nerds) + BIG_NERD_STRENGTH * len(players[p.owner].big_nerds) \
            + extra.get(slot, 0)
        groups.setdefault(cat, []).append((slot, p.owner, strength))
    total = 0.0
    for group in groups.values():
        n = len(group)
        if n < 2:
            continue
        for slot, owner, strength in group:
            if owner == me:
                rank = sum(1 - beat(strength - other) for s, _o, other in group if s != slot)
                total += table2_expected(rank, n)
    return total


def marketing_choice(view: Any, legal: list, end_near: bool) -> Any:
    """The next token's product (`Market`), or `EndMarketing` (a listed action)."""
    money = view.players[view.seat].money
    end = next(a for a in legal if type(a) is EndMarketing)
    if money <= (0 if end_near else RESERVE):
        return end
    pending = dict(view.marketing_pending)
    base = comp_value(view, pending)
    best: Market | EndMarketing = end
    best_gain = MIN_GAIN
    for a in legal:
        if type(a) is not Market:
            continue
        extra = dict(pending)
        extra[a.slot] = extra.get(a.slot, 0) + 1
        gain = comp_value(view, extra) - base
        if gain > best_gain:
            best, best_gain = a, gain
    return best


def big_nerd_poach(view: Any, legal: list) -> Poach | None:
    """The cheapest listed offer for a rival's Big Nerd that its owner cannot (or, by the
    Normal rule's price limit, will not) counter, when the seat has no Big Nerd: +4
    strength on every product and +2 adoption per turn, taken from a rival."""
    me = view.seat
    pl = view.players[me]
    if pl.big_nerds:
        return None
    limit = 7 if view.supply[BIG_NERD] else 10  # the highest counter Normal pays
    best = None
    for a in legal:
        if type(a) is not Poach or a.kind != BIG_NERD or a.offer > pl.money:
            continue
        if view.players[a.seat].money >= a.offer + 1 and a.offer + 1 <= limit:
            continue  # it would be countered
        if a.offer <= MAX_BIG_NERD_OFFER and (best is None or a.offer < best.offer):
            best = a
    return best


def sure_offer(view: Any, a: Poach) -> int:
    """The smallest offer for the worker of `a` that its owner will not counter by
    Normal's rule (a counter costs offer + 1; Normal pays at most 2 for a worker while the
    supply has that kind, else 4) or cannot (offer + 1 beyond its money)."""
    low = COST[a.kind] + a.vest
    worth = 2 if view.supply[a.kind] else 4
    return max(low, min(worth, view.players[a.seat].money))


def nerd_poach(view: Any, legal: list, direct: set[str], leader: int) -> Poach | None:
    """A Nerd for at most MAX_NERD_OFFER tokens at its sure offer (`sure_offer`) from a
    rival product in the current product's category (`direct`): it joins the current
    product, a swing of two in that showdown every year; the VP leader's (`leader`)
    first, then the cheapest, then the nearest seat clockwise. Hires are capped at two a
    product turn, poaches are not: the money left after them buys Nerds."""
    me = view.seat
    money = view.players[me].money
    n = len(view.players)
    best: Poach | None = None
    best_offer = 0
    best_key: tuple = ()
    for a in legal:
        if type(a) is not Poach or a.kind != NERD or a.slot not in direct:
            continue
        offer = sure_offer(view, a)
        if offer > MAX_NERD_OFFER or offer > money:
            continue
        key = (a.seat == leader, -offer, -after(me, a.seat, n))
        if best is None or key > best_key:
            best, best_offer, best_key = a, offer, key
    if best is None or best.offer == best_offer:
        return best
    return Poach(best.seat, best.slot, best.kind, best.vest, best_offer, best.to)


def saving_for_executive(view: Any, pl: Any, money: int) -> bool:
    """True when the seat keeps its SAVE_FROM-5 tokens for an executive the supply still
    holds instead of hiring a worker: a Big Nerd it lacks, or (years 1-2, when Normal hires
    it first) a Big Suit. Only three of each for four players: the company that saves
    from year 1 buys one a turn or more earlier, and an executive is one hire for the work
    of two to six workers (+2 revenue or adoption on every product, Big Nerd +4 strength in
    every showdown), while the hires per product turn are capped at two."""
    supply = view.supply
    want = (not pl.big_nerds and supply[BIG_NERD] > 0) or (
        view.year <= 2 and not pl.big_suits and supply[BIG_SUIT] > 0)
    return want and SAVE_FROM <= money < COST[BIG_NERD]


def order_position(legal: list, players: int) -> Any:
    """The earliest free position from the `players - 1`-th on (0 = first), else the last
    free one (the `ChoosePosition` to take). Early products earn and hire before the
    others (the executives and Nerds in the supply go to whoever comes first), but the
    first product of the year meets every rival hand full after the replenish: with
    Normal in every seat it drew 0.65 harmful cards per turn, the second 0.29, the third
    0.14, from the fourth on about 0.05; and a later turn finds the rivals' Nerds hired
    and vested, to poach (nerd_poach)."""
    spots = sorted((a for a in legal if type(a) is ChoosePosition), key=lambda a: a.position)
    later = [a for a in spots if a.position >= players - 1]
    return later[0] if later else spots[-1] if spots else legal[0]


def discard_all(legal: list) -> Any:
    """The first card of the hand played without effect in the discard window, else
    `Pass`. Cards are drawn only at the replenish right after this window, so a card still
    held here was not worth playing for a whole year (or, a Defense, a Press Coverage or
    an Attrition, has had its chance this year too): a fresh card from the deck is worth
    more. Normal dumps only a few dead kinds (Hiring Failure, Executive Power, a hopeless
    Antitrust or Security Breach) and so keeps a Leak it plays only as the game's last
    launch, Server Outages and Patent Trolls that HardRules holds for the leader
    (HOLD_BELOW), Defense... about two cards of four a year. Lab loop, HardRules alone
    in one seat against Normals, 1,000 games per seed: 6 players, seeds 201-210: 30.5 %
    with Normal's discard, dumping Leaks too 33.1 %, also Server Outages 35.4 %, also
    Patent Trolls 37.8 %, all but Defense and Press Coverage 38.8 %, every card 39.7 %
    (keeping Defense while holding a Suit 38.9 %); 4 players, seeds 201-204: 57.3 ->
    61.5 %; 2 players 86.0 -> 87.3 %."""
    for a in legal:
        if type(a) is PlayCard:
            return a
    return same(legal, PASS)


@mypyc_attr(allow_interpreted_subclasses=True)
class HardRules(NormalPlayer):
    """The Normal player with its rules changed, each measured in Normal's place against
    three Normals (2,000 games per seed, screening seeds 11, 12, 21, 22): marketing by
    expected Table 2 gain (above), Nerds only from year 2 on (Suits pay back too slowly
    once revenue runs: the Nerds add users every turn and strength every showdown), a
    rival's Big Nerd poached when the offer cannot be countered (these three: 24.0 ->
    33.5 % on seed 21, 26.7 -> 34.1 % on seed 22; 34.5 % over the four seeds); then saving
    for an executive from 2 tokens and from year 1 (saving_for_executive: 34.5 -> 39.8 %),
    no retains (+0.9: rivals playing Normal never poach an executive, and a Nerd retained
    from vest 0 to 1 is still poached for 2) and the turn position after the year's first
    (order_position: +2; 42.2 % with all six); then no card worth under HOLD_BELOW by
    Normal's rating played in the adoption or manage window (42.4 -> 45.2 % on seed 21,
    41.4 -> 43.2 % on seed 22; under 4 or 5, or in every window: no better or worse).
    Then a Nerd of a direct competitor (a launched rival product in the current
    product's category) poached at its sure offer of at most MAX_NERD_OFFER once the
    hires are done and nothing is saved for (nerd_poach), and the turn position from the
    `players - 1`-th on (order_position). Lab loop seeded like sim.py, 1,000 games per
    seed against three Normals, screening seeds 101, 102 (105, 106): the poach of any
    rival's Nerd 44.1 -> 52.7 % (a limit of 2 tokens 44.5 %, 3: 49.5 %, 5 or 6: 52.4 %;
    a reserve of 3 tokens kept 47.3 %; poaching while saving 43.5 %; Suits too 51.8 %);
    with the position index from `players - 1` on (0 = first; 3 at four players): 57.9 %
    (index 1, the former rule: 52.7 %; 2: 55.4 %; 4: 56.5 %; 5: 57.6 %; the last: 50.9 %);
    direct competitors only: 57.5 % (seeds 101, 102, 105, 106: the same as any rival's
    Nerd, and better with 2 players: 84.5 -> 87.0 %, 4,000 games, where any Nerd did
    worse than no Nerd poach, 86.5 %). Six players (seeds 103, 104, 2,000 games): no Nerd
    poach 23.6 %, with it 28.6 %; index 5 30.1 % (index 4 28.6 %). Then every card left
    in hand dumped at the discard window (discard_all: 6 players 30.5 -> 39.7 %, 4 players
    57.3 -> 61.5 %). It is the Hard player's default choice and its own seat's play in the
    search's look-ahead."""

    kind = "hard-rules"

    def _marketing(self, view, legal: list) -> Any:
        return marketing_choice(view, legal, self._end_near(view))

    def _card_value(self, view, a: PlayCard, me: int, leader: int, leading: bool) -> int:
        value = super()._card_value(view, a, me, leader, leading)
        return 0 if value < HOLD_BELOW and view.window in HOLD_WINDOWS else value

    def _manage(self, view, legal: list) -> Any:
        poach = big_nerd_poach(view, legal)
        if poach is not None:
            return poach
        choice = super()._manage(view, legal)
        pl = view.players[view.seat]
        if type(choice) is not EndManage or saving_for_executive(view, pl, pl.money):
            return choice
        product = view.products[view.current_slot]
        direct = {q.slot for q in self._rivals(view, product)} if product.category \
            else set()
        extra = nerd_poach(view, legal, direct, self._leader(view, view.seat))
        return choice if extra is None else extra

    def _discard(self, view, legal: list) -> Any:
        """Every card still in hand at the year end's discard window is dumped, one at a
        time (`discard_all`), so that the replenish deals a full fresh hand."""
        return discard_all(legal)

    def _pick_retain(self, view, legal: list, product, money: int) -> None:
        return None

    def _order_choose(self, view, legal: list) -> Any:
        return order_position(legal, len(view.players))

    def _wanted_worker(self, view, pl, kinds: set[str], money: int, late: bool
                       ) -> str | None:
        if not late and saving_for_executive(view, pl, money):
            return None
        if view.year < NERDS_ONLY_FROM:
            return super()._wanted_worker(view, pl, kinds, money, late)
        if not kinds & {NERD, SUIT}:
            return None
        return NERD if NERD in kinds else SUIT
