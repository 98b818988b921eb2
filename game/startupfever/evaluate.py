"""Fitted evaluation of a Startup Fever position, for the Hard player's depth cut-off.

The search stops a few steps after the decision and asks here how good the position is
for a seat, instead of playing the game out. Each seat gets features (seat_features,
named by FEATURES): its VP on the table, its projected final VP, money, revenue, staff,
executives and cards, some scaled by the years left. The projection reckons, per product:

* how many product turns it still has (this year's, then the years until the slowest
  unlaunched product should launch: F12 ends the game that year);
* per turn the mean die (3.5) + its Nerds + 2 per Big Nerd (F9);
* at every remaining year end the Table 2 move expected from its strength rank in its
  category (the die makes each pairing a probability);
* fields above 100M users discounted (rivals spend user-loss pips there).

The win chance is a softmax over the seats' scores w . x (so hurting any rival helps, the
leader most), with the weights w fitted to who won thousands of self-play games
(evalfit.py; the weights, the data size and the held-out figures are in
eval_weights.json). Works on any State (a determinization or the real game): it reads
public quantities and, of hidden ones, only those the determinization drew for the seat.
"""

from __future__ import annotations

import json
import math
from importlib import resources
from pathlib import Path
from typing import Final

from .fields import StateFields
from .state import Player, Product
from .usertrack import LAST_FIELD, LAUNCH_FIELD, MARK_100M, base_revenue
from .yearend import BIG_NERD_STRENGTH, TABLE2

MEAN_DIE: Final = 3.5
#: Weight of a projected field above the 100M mark (rivals' user-loss pips bite there).
ABOVE_100M: Final = 0.6
#: Stages of the year end before the competition (after the product turns).
BEFORE_COMPETITION: Final = frozenset({"year_end", "comp_begin", "comp_next", "comp_roll",
                                       "comp_done"})
#: Stages that may happen inside the competition's card window.
IN_WINDOW: Final = frozenset({"window", "defense", "attrition"})


def _beat_table() -> dict[int, float]:
    """P(a + die > b + die) + half the ties, by the strength gap a - b."""
    table = {}
    for gap in range(-6, 7):
        win = sum(1.0 if gap + x > y else 0.5 if gap + x == y else 0.0
                  for x in range(1, 7) for y in range(1, 7))
        table[gap] = win / 36
    return table


BEAT: Final = _beat_table()


def beat(gap: int) -> float:
    return 1.0 if gap > 6 else 0.0 if gap < -6 else BEAT[gap]


def table2_expected(rank: float, n: int) -> float:
    """Table 2's move at a fractional rank (0 = first) among n competitors."""
    row = TABLE2[n]
    lo = min(int(rank), n - 1)
    hi = min(lo + 1, n - 1)
    frac = rank - lo
    return row[lo] * (1 - frac) + row[hi] * frac


def turns_left(state: StateFields) -> tuple[dict[str, float], float, int]:
    """(product turns each product still has, full years after this one, competitions
    left including this year's)."""
    products = state.products
    order = state.turn_order
    idx = state.turn_index
    stage = state.stage
    this_year: dict[str, float] = dict.fromkeys(products, 0.0)
    comp_now = 0
    if order and (idx < len(order) or stage in BEFORE_COMPETITION
                  or (stage in IN_WINDOW and state.window == "competition")):
        comp_now = 1
        for i in range(idx, len(order)):
            this_year[order[i]] = 1.0
        if idx < len(order) and state.in_turn and not (
                stage == "adoption_roll" or (stage == "window" and state.window == "adoption")):
            this_year[order[idx]] = 0.0  # its adoption is done this year
    elif not order:  # set-up: the first year is still to come
        this_year = dict.fromkeys(products, 1.0)
    future = 0.0
    if state.all_launched_year is None:
        players = state.players
        p: Product
        for slot, p in products.items():
            if p.launched:
                continue
            rate = MEAN_DIE + sum(p.nerds) + 2 * len(players[p.owner].big_nerds)
            need = (LAUNCH_FIELD - p.field) / rate - this_year[slot]
            if need > future:
                future = need
        future = min(future, max(0, 15 - state.year))
        if comp_now == 0:
            future = max(future, 1.0)  # the game goes on into next year
    else:
        future = float(state.extra_years if comp_now else 0)
    return ({s: this_year[s] + future for s in products}, future, comp_now)


def _projection(state: StateFields) -> tuple[list[float], list[float], float, float]:
    """(projected final VP per seat, projected income after this turn per seat, full
    years after this one, competitions left including this year's): the table projected
    forward as the module notes say."""
    players = state.players
    products = state.products
    turns, future, comp_now = turns_left(state)
    press = state.press
    competitions = comp_now + future
    comp_gain: dict[str, float] = {}
    p: Product
    pl: Player
    if competitions > 0:
        by_cat: dict[str, list[Product]] = {}
        for slot, p in products.items():
            category = p.category
            if category is None:
                continue
            if p.launched or p.field + turns[slot] * MEAN_DIE >= LAUNCH_FIELD:
                by_cat.setdefault(category, []).append(p)
        for group in by_cat.values():
            n = len(group)
            if n < 2:
                continue
            # strength without the die, then with this year's marketing and press (ints:
            # a pairing's gap is exact); the ranks summed in the group's order
            base = [sum(p.nerds) + BIG_NERD_STRENGTH * len(players[p.owner].big_nerds)
                    for p in group]
            now = [base[i] + group[i].marketing + press.get(group[i].slot, 0)
                   for i in range(n)]
            for i in range(n):
                rank_now = rank_later = 0.0
                for j in range(n):
                    if j != i:
                        rank_now += 1 - beat(now[i] - now[j])
                        rank_later += 1 - beat(base[i] - base[j])
                comp_gain[group[i].slot] = comp_now * table2_expected(rank_now, n) \
                    + future * table2_expected(rank_later, n)
    projected_vp: list[float] = []
    incomes: list[float] = []
    for pl in players:
        projected = income = 0.0
        most = 0.0
        for slot in pl.slots:
            p = products[slot]
            t = turns[slot]
            most = max(most, t)
            rate = MEAN_DIE + sum(p.nerds) + 2 * len(pl.big_nerds)
            field = p.field + t * rate + comp_gain.get(slot, 0.0)
            if field > MARK_100M:
                field = MARK_100M + (min(field, LAST_FIELD) - MARK_100M) * ABOVE_100M
            if p.launched or field >= LAUNCH_FIELD:
                projected += max(0.0, field - (LAUNCH_FIELD - 1))
            income += t * (base_revenue(p.field) + sum(p.suits) + 2 * len(pl.big_suits))
        projected_vp.append(projected)
        incomes.append(income * max(0.0, most - 1))
    return projected_vp, incomes, future, competitions


def seat_features(state: StateFields) -> list[list[float]]:
    """Per seat, the quantities the evaluation weighs (FEATURES names them, in order): the
    VP on the table and projected (adoption and Table 2 at the remaining year ends), the
    assets that turn into users later (money, revenue, staff, executives, cards), some of
    them scaled by the years left, whose worth fades as the end nears."""
    projected, incomes, future, competitions = _projection(state)
    products = state.products
    cards_count = 1.0 if competitions > 0 else 0.0
    rows = []
    p: Product
    pl: Player
    for seat, pl in enumerate(state.players):
        vp = 0.0
        nerds = suits = launched = 0
        for slot in pl.slots:
            p = products[slot]
            if p.field >= LAUNCH_FIELD:
                vp += p.field - (LAUNCH_FIELD - 1)
            if p.launched:
                launched += 1
            nerds += sum(p.nerds)
            suits += sum(p.suits)
        hand = len(pl.hand)
        money = float(pl.money)
        big_nerds = len(pl.big_nerds)
        rows.append([vp, projected[seat], projected[seat] * future, money, money * future,
                     incomes[seat], hand * cards_count, big_nerds, big_nerds * future,
                     len(pl.big_suits) * future, nerds * future, suits * future,
                     float(launched)])
    return rows


#: What seat_features measures, in order (the fitted weights in WEIGHTS_FILE follow it).
FEATURES: Final = ("vp", "projected_vp", "projected_vp_x_years", "money", "money_x_years",
                   "income_x_turns", "cards", "big_nerds", "big_nerds_x_years",
                   "big_suits_x_years", "nerds_x_years", "suits_x_years", "launched")
#: The fitted weights (evalfit.py writes it; see there for the data and the fit figures).
#: (Found in the package's folder: compiled, this module itself lives elsewhere.)
WEIGHTS_FILE: Final = Path(str(resources.files("game.startupfever") / "eval_weights.json"))


def load_weights(path: Path = WEIGHTS_FILE) -> tuple[float, ...]:
    """The fitted weights, checked against FEATURES (a stale file is an error, not a
    silently wrong evaluation)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{path.name} was fitted for other features: re-run evalfit")
    return tuple(float(w) for w in data["weights"])


WEIGHTS: Final = load_weights()


def scores(state: StateFields, weights: tuple[float, ...] = WEIGHTS) -> list[float]:
    """Each seat's fitted score: its win chance is exp(score) over the sum of all."""
    out = []
    for row in seat_features(state):
        total = 0.0
        for w, x in zip(weights, row, strict=True):
            total += w * x
        out.append(total)
    return out


def projected_scores(state: StateFields) -> list[float]:
    """Each seat's projected final VP (the projection the features start from)."""
    return _projection(state)[0]


def win_chance(scores: list[float], seat: int) -> float:
    """The seat's share of a softmax over the scores: every rival hurt raises it (the
    leader most), unlike a lead over the best rival alone."""
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    return weights[seat] / sum(weights)


def evaluate(state: StateFields, seat: int) -> float:
    """How good the position is for `seat`, in [0, 1]; exact (0, 1 or shared) when over."""
    if state.stage == "over":
        winners = state.winners()
        return 1 / len(winners) if seat in winners else 0.0
    return win_chance(scores(state), seat)


__all__ = ["evaluate", "projected_scores", "scores", "turns_left", "win_chance"]
