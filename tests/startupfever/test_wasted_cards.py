"""No wasted cards: Normal and Hard never play a card whose effect is
nil at that moment, and `impact.has_effect` names every such case (`NIL_CASES`)."""

from __future__ import annotations

import pytest

from game import startupfever as sf
from game.startupfever.actions import Defend, Pass, PlayCard, Roll
from game.startupfever.effects import TALENT_FAIR_MAX_HIRES
from game.startupfever.impact import NIL_CASES, has_effect
from game.startupfever.normal import NormalPlayer
from game.startupfever.search import HardPlayer
from game.startupfever.state import BIG_NERD
from game.startupfever.usertrack import LAST_FIELD
from game.startupfever.views import SeatView

from .helpers import start

WINDOW = {"antitrust": "manage", "attrition": "competition", "audit_half": "manage",
          "audit_third": "manage", "executive_power": "manage", "hiring_failure": "manage",
          "talent_fair": "manage", "server_outage": "adoption", "viral_growth": "adoption",
          "funding_round": "revenue", "patent_troll": "manage", "security_breach": "user_loss"}
#: Cards played on the player's own product (seat 0 owns A); the others by seat 1 on A.
OWN = {"executive_power", "talent_fair", "viral_growth", "funding_round"}


def to_window(state: sf.State, window: str) -> None:
    for _ in range(500):
        if state.stage == "window" and state.window == window \
                and len(state.legal_actions()) > 1:  # a seat that can play (others pass)
            return
        if state.current_player == sf.CHANCE:
            state.apply(Roll(1) if state.stage in ("adoption_roll", "loss_roll")
                        else state.sample_chance())
        else:
            acts = state.legal_actions()
            state.apply(next((a for a in acts if type(a).__name__ in ("Pass", "EndManage")),
                             acts[-1]))
    raise AssertionError(f"window {window} never opened")


def at_window(card: str) -> tuple[sf.State, PlayCard]:
    """Seat 0's product A at the card's window; the card in the deciding seat's hand, its
    target strong and rich (so that a live play would be worth it)."""
    seat = 0 if card in OWN else 1
    state = start(hands={seat: [card]})
    a = state.products["A"]
    a.launched, a.field = True, 40
    a.nerds[0] = 4
    a.suits[0] = 2
    state.supply["nerd"] -= 4
    state.supply["suit"] -= 2
    state.players[1].money += 4
    state.players[0].money += 6
    state.bank -= 10
    to_window(state, WINDOW[card])
    assert state.actor == seat
    play = next(a for a in state.legal_actions() if isinstance(a, PlayCard))
    return state, play


# card -> the nil cases of NIL_CASES, in order, each as a change to the state
NIL: dict[str, list] = {
    "antitrust": [lambda s: setattr(s.products["A"], "field", 36),
                  lambda s: setattr(s, "manage_blocked", True),
                  lambda s: setattr(s.players[0], "money", 0)],
    "attrition": [lambda s: (s.products["A"].nerds.__setitem__(0, 1),
                             s.products["A"].suits.__setitem__(0, 2))],
    "audit_half": [lambda s: setattr(s.players[0], "money", 1)],
    "audit_third": [lambda s: setattr(s.players[0], "money", 2)],
    "executive_power": [lambda s: s.exec_power.append(0)],
    "hiring_failure": [lambda s: s.hire_fails.append("A"),
                       lambda s: setattr(s, "manage_blocked", True),
                       lambda s: setattr(s.players[0], "money", 0)],
    "talent_fair": [lambda s: setattr(s, "hire_limit", TALENT_FAIR_MAX_HIRES),
                    lambda s: setattr(s, "manage_blocked", True),
                    lambda s: setattr(s.players[0], "money", 0)],
    "server_outage": [lambda s: setattr(s, "adopt_halved", True),
                      lambda s: setattr(s.products["A"], "field", LAST_FIELD)],
    "viral_growth": [lambda s: setattr(s.products["A"], "field", LAST_FIELD)],
    "funding_round": [lambda s: setattr(s, "bank", 0)],
    "patent_troll": [lambda s: setattr(s.players[0], "money", 0)],
    "security_breach": [lambda s: setattr(s.products["A"], "field", 0)],
}


def test_every_nil_case_is_listed_and_built():
    assert {card: len(cases) for card, cases in NIL.items()} == \
        {card: len(cases) for card, cases in NIL_CASES.items()}


CASES = [(card, i) for card, cases in NIL.items() for i in range(len(cases))]


@pytest.mark.parametrize(("card", "case"), CASES)
def test_a_card_with_a_nil_effect_is_never_played_by_normal_or_hard(card, case):
    state, play = at_window(card)
    view = SeatView(state, state.actor)
    assert has_effect(view, play), "the live play does something"
    if card == "executive_power":  # worth it to Normal: a Big Nerd it may double
        state.players[0].big_nerds.append(4)
        state.supply[BIG_NERD] -= 1
        state.players[0].money = 10
    NIL[card][case](state)
    assert not has_effect(view, play), NIL_CASES[card][case]
    legal = state.legal_actions()
    assert play in legal
    assert NormalPlayer().decide(state, legal) != play
    assert HardPlayer(case, samples=4, time_budget=None).decide(state, legal) != play


def test_no_defense_is_spent_on_a_card_that_does_nothing():
    state = start(hands={1: ["server_outage", "server_outage"], 0: ["defense"]})
    state.products["A"].suits[0] = 1
    state.supply["suit"] -= 1
    state.adopt_halved = True  # a first outage already halves this turn's adoption
    state.apply(Pass())  # seat 0 holds Defense only: nothing to play in the window
    state.apply(PlayCard("server_outage", "A"))
    assert state.stage == "defense" and state.actor == 0
    assert NormalPlayer().decide(state, state.legal_actions()) == Defend(False)
