"""Rules states at each human decision stage, and the three ways a player answers.

`at_stage(stage)` plays seeded rule players until seat 0 (the human) must decide at
`stage`; the rare stages (counter-offer, Defense, Attrition) are set up from a reached
state by giving the seats the money, staff or cards they need, then letting the rules
get there. `answer(decision, device)` answers with one device only, as a person would.
"""

from __future__ import annotations

from functools import cache

import pygame

from game import startupfever as sf
from game.startupfever.actions import PlayCard, Poach
from game.startupfever.layout import default_layout
from game.startupfever.players import RulePlayer
from game.undo import TAKE_BACK
from scenes.engine.input import CLICK, POINT, Action
from scenes.engine.settings import Settings
from scenes.startupfever.choices import Ctx
from scenes.startupfever.decisions import decision_for
from scenes.startupfever.model import TableModel
from scenes.startupfever.seats import default_seats
from scenes.startupfever.table_view import TableView

HUMAN = 0
STAGES = ("chips", "window", "defense", "attrition", "manage", "counter", "loss",
          "reassign", "marketing", "order_choose")
DEVICES = ("keyboard", "pad:0", "mouse")


def play_until(state: sf.State, done, limit: int = 40_000) -> sf.State:
    agents = [RulePlayer(i) for i in range(len(state.players))]
    for _ in range(limit):
        if done(state):
            return state
        if state.is_terminal():
            break
        seat = state.current_player
        state.apply(state.sample_chance() if seat == sf.CHANCE
                    else agents[seat].decide(state, state.legal_actions()))
    raise AssertionError("the wanted moment was not reached")


def _mine(stage: str, extra=lambda s: True):
    return lambda s: s.stage == stage and s.current_player == HUMAN and extra(s)


def _playable(state: sf.State) -> bool:
    """A card window of seat 0's own turn (so the window asks seat 0 first) where it
    can play (every card holder is asked; one with nothing playable only passes)."""
    return state.stage != "window" or (state.turn_seat == HUMAN
                                       and len(state.legal_actions()) > 1)


@cache
def _reached(stage: str) -> sf.State:
    """A seeded game (4 players) at `stage` with seat 0 deciding (at a card window: its
    first seat, with a card to play)."""
    for seed in range(40):
        state = sf.new_game(4, seed=seed)
        try:
            return play_until(state, _mine(stage, _playable))
        except AssertionError:
            continue
    raise AssertionError(f"no seeded game reached {stage}")


def at_stage(stage: str) -> sf.State:
    """A fresh copy of a state where seat 0 decides at `stage`."""
    if stage == "counter":
        return poached()
    if stage == "defense":
        return defended()
    if stage == "attrition":
        return attrition()
    return _reached(stage).clone()


def manage_with_rival_staff() -> sf.State:
    """Seat 0 manages; seat 1 has a vested Nerd on its first product and money."""
    state = _reached("manage").clone()
    rival = state.players[1]
    state.products[rival.slots[0]].nerds[0] += 1
    state.players[0].money += 10
    rival.money += 10
    state.bank -= 20
    return state


def poached() -> sf.State:
    """Seat 1 must answer a poach of its Nerd (it can pay the offer + 1)."""
    state = manage_with_rival_staff()
    slot = state.players[1].slots[0]
    state.apply(Poach(1, slot, "nerd", 0, 1))
    assert state.stage == "counter" and state.current_player == 1
    return state


def _window(state: sf.State, window: str) -> sf.State:
    return play_until(state, lambda s: s.stage == "window" and s.window == window
                      and s.turn_seat == 1)


def defended() -> sf.State:
    """Seat 0 plays Audit on seat 1, who holds Defense and a Suit: seat 1 is asked."""
    state = audited(["defense"])
    assert state.stage == "defense" and state.current_player == 1
    return state


def audited(hand: list[str]) -> sf.State:
    """Seat 0 plays Audit on seat 1 (which has a Suit and holds `hand`)."""
    state = play_until(sf.new_game(4, seed=3), lambda s: s.stage == "window"
                       and s.window == "manage" and s.turn_seat == 1)
    state.players[0].hand = ["audit_half"]
    state.players[1].hand = list(hand)
    state.products[state.players[1].slots[0]].suits[2] += 1
    state.actor, state.window_seats = 0, [0, 1] if hand else [0]
    state.apply(PlayCard("audit_half", seat=1))
    return state


def attrition() -> sf.State:
    """Seat 0 plays Attrition on seat 1's product of 8 workers: seat 0 sends them."""
    state = play_until(sf.new_game(4, seed=3), lambda s: s.stage == "window"
                       and s.window == "competition")
    target = state.players[1].slots[0]
    state.products[target].nerds[1] += 4
    state.products[target].suits[3] += 4
    state.supply["nerd"] -= 4
    state.supply["suit"] -= 4
    state.players[0].hand = ["attrition"]
    state.players[1].hand = []
    state.actor, state.window_seats = 0, [0]
    state.apply(PlayCard("attrition", slot=target))
    assert state.stage == "attrition" and state.current_player == 0
    return state


@cache
def _view(players: int) -> TableView:
    return TableView(default_layout(), default_seats(players, humans=players))


def context(state: sf.State) -> Ctx:
    n = len(state.players)
    return Ctx(default_seats(n, humans=n), _view(n), TableModel.from_state(state), Settings())


# -- answering with one device ------------------------------------------------------------------

def tap(decision, name: str, device: str, **kw) -> object | None:
    """Press and release: what the decision returns on either."""
    got = decision.handle(Action(name, device, True, **kw))
    after = decision.handle(Action(name, device, False, **kw))
    return got if got is not None else after


def answer(decision, device: str, canvas: pygame.Surface, limit: int = 40) -> object:
    """Pick the first option that can be picked, opening sub-lists, with `device` only.

    Keyboard: (hold C,) arrows and Enter. Pad: (hold Y,) d-pad, and A — or RB while Y
    is held. Mouse: click the row; behind a curtain, press on the cover, slide onto the
    row and let go on it.
    """
    for _ in range(limit):
        decision.draw(canvas)
        step = _mouse_step if device == "mouse" else _button_step
        got = step(decision, canvas if device == "mouse" else device)
        if got is not None:
            return got
        if decision.next is not None:  # the next panel, without a rules action
            decision = decision.next
    raise AssertionError(f"{type(decision).__name__} not answered by {device}")


def _target_index(decision) -> int:
    level = decision.choices.level
    return next(i for i, o in enumerate(level.options) if o.enabled and not o.back
                and o.action is not TAKE_BACK and (o.action is not None or o.then is not None))


def _button_step(decision, device: str) -> object | None:
    secret = decision.secret
    if secret and not decision.curtain.open:
        decision.handle(Action("y", device, True))
    choices = decision.choices
    want = _target_index(decision)
    if choices.level.selected != want:
        decision.handle(Action("down", device, True))
        return None
    pick = "rshoulder" if secret and device.startswith("pad") else "confirm"
    return decision.handle(Action(pick, device, True))


def _mouse_step(decision, canvas: pygame.Surface) -> object | None:
    want = _target_index(decision)
    if decision.secret:
        if not decision.curtain.open:
            decision.handle(Action(CLICK, "mouse", True, pos=decision.curtain.area.center))
            decision.draw(canvas)
        row = next(r for r, i in decision.choices.rows if i == want) \
            if any(i == want for _r, i in decision.choices.rows) else None
        if row is None:  # scrolled out of sight: the wheel brings it in
            decision.handle(Action("down", "mouse", True))
            return None
        decision.handle(Action(POINT, "mouse", True, pos=row.center))
        return decision.handle(Action(CLICK, "mouse", False, pos=row.center))
    rows = dict((i, r) for r, i in decision.choices.rows)
    if want not in rows:
        decision.handle(Action("down", "mouse", True))
        return None
    return tap(decision, CLICK, "mouse", pos=rows[want].center)


def fresh_decision(state: sf.State):
    return decision_for(state, context(state))
