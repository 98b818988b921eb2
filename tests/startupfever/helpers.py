"""Scenario builders for the Startup Fever rule tests."""

from __future__ import annotations

import random

from game import startupfever as sf
from game.startupfever.actions import PickProduct, Roll


def set_hand(state: sf.State, seat: int, cards: list[str]) -> None:
    """Give `seat` exactly `cards`, returning its old hand to the draw pile."""
    pl = state.players[seat]
    for card in pl.hand:
        state.deck[card] += 1
    pl.hand = []
    for card in cards:
        assert state.deck[card] > 0, f"no {card} left in the deck"
        state.deck[card] -= 1
        pl.hand.append(card)


def start(players: int = 4, seed: int = 0, hands: dict[int, list[str]] | None = None,
          order: str | None = None, extra_years: int = 0) -> sf.State:
    """A game at its first product turn: chips placed in listed order, hands emptied (or
    set from `hands`), and the first-year order alphabetical (or `order`)."""
    state = sf.new_game(players, seed=seed, extra_years=extra_years)
    while state.stage != "first_order":
        if state.current_player == sf.CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(state.legal_actions()[0])
    for seat in range(players):
        set_hand(state, seat, (hands or {}).get(seat, []))
    for slot in order or "".join(state.products):
        if state.stage != "first_order":
            break
        state.apply(PickProduct(slot))
    return state


def roll(state: sf.State, value: int) -> list:
    """Apply a die roll (the state must be at a die roll)."""
    assert state.current_player == sf.CHANCE, state.stage
    return state.apply(Roll(value))


def until(state: sf.State, stage: str, *, value: int = 1, limit: int = 500) -> list:
    """Roll `value` for adoption and user loss, sample other chance steps and take the
    quietest decision until `stage` is reached (a card window or Defense where the seat
    asked has a choice: a seat with nothing playable there only passes)."""
    events: list = []
    for _ in range(limit):
        if state.stage == stage and not (stage in ("window", "defense")
                                         and len(state.legal_actions()) == 1):
            return events
        if state.current_player == sf.CHANCE:
            fixed = state.stage in ("adoption_roll", "loss_roll")
            action = Roll(value) if fixed else state.sample_chance()
        else:
            action = _passive(state.legal_actions())
        events += state.apply(action)
    raise AssertionError(f"stage {stage} not reached (at {state.stage})")


def _passive(actions: list):
    """The quietest choice: end, pass or stop if possible, else the first action."""
    for a in actions:
        if type(a).__name__ in ("Pass", "EndManage", "EndUserLoss", "EndReassign",
                                "EndMarketing") or a == sf.Defend(False) or a == sf.Counter(False):
            return a
    return actions[0]


def total_money(state: sf.State) -> int:
    return state.bank + sum(p.money for p in state.players) + \
        sum(p.marketing for p in state.products.values()) + \
        sum(state.marketing_pending.values())


def employees(state: sf.State) -> dict[str, int]:
    counts = dict(state.supply)
    for p in state.products.values():
        counts["nerd"] += p.nerd_count
        counts["suit"] += p.suit_count
    for pl in state.players:
        counts["big_nerd"] += len(pl.big_nerds)
        counts["big_suit"] += len(pl.big_suits)
    return counts


def card_total(state: sf.State) -> int:
    return sum(state.deck.values()) + len(state.discard) + len(state.played) + \
        sum(len(p.hand) for p in state.players)


def random_game(players: int, seed: int, check=None) -> sf.State:
    """Play a whole game with random legal actions, calling `check(state)` each step."""
    state = sf.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player == sf.CHANCE:
            action = state.sample_chance()
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        if check:
            check(state)
    return state

