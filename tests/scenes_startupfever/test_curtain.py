"""The hold-to-look curtain (RULES.md F13): a hand, a chip or a marketing budget is drawn
only while its owner holds the look button, and gone the moment it is let go."""

from __future__ import annotations

import pygame
import pytest

from scenes.engine.input import CLICK, Action
from scenes.startupfever.curtain import HandLook
from scenes.startupfever.decisions import decision_for
from tests.scenes_startupfever.decision_states import at_stage, context


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.init()
    pygame.display.set_mode((1280, 720))


def picture(thing, canvas: pygame.Surface) -> bytes:
    canvas.fill((0, 0, 0))
    thing.draw(canvas)
    return pygame.image.tobytes(canvas, "RGB")


def two_hands():
    """The same window twice, the human's hand different (both with a card to play)."""
    state = at_stage("window")
    other = state.clone()
    hand = other.players[0].hand
    other.players[0].hand = [*hand[:1], *["leak" if c != "leak" else "audit_half"
                                          for c in hand[1:]]]
    assert other.players[0].hand != hand
    return state, other


@pytest.mark.parametrize("device", ["keyboard", "pad:0"])
def test_hand_is_drawn_only_while_y_is_held(device):
    canvas = pygame.Surface((1280, 720))
    decisions = [decision_for(s, context(s)) for s in two_hands()]
    for d in decisions:  # the device in use sets the glyphs (Y or C) on the curtain
        d.handle(Action("down", device, True))
    closed = [picture(d, canvas) for d in decisions]
    assert closed[0] == closed[1]  # the closed curtain tells the hands apart by nothing
    for d in decisions:
        d.handle(Action("y", device, True))
    held = [picture(d, canvas) for d in decisions]
    assert held[0] != held[1] and held[0] != closed[0]
    for d in decisions:
        d.handle(Action("y", device, False))
    assert [picture(d, canvas) for d in decisions] == closed  # closed on release


def test_mouse_looks_by_pressing_and_holding_on_the_curtain():
    canvas = pygame.Surface((1280, 720))
    decision = decision_for(at_stage("window"), context(at_stage("window")))
    decision.handle(Action("point", "mouse", True, pos=(5, 5)))  # the mouse is in use
    closed = picture(decision, canvas)
    outside = (decision.curtain.area.right + 40, decision.curtain.area.bottom + 40)
    decision.handle(Action(CLICK, "mouse", True, pos=outside))
    assert not decision.curtain.open  # a press elsewhere opens nothing
    decision.handle(Action(CLICK, "mouse", False, pos=outside))
    decision.handle(Action(CLICK, "mouse", True, pos=decision.curtain.area.center))
    assert decision.curtain.open and picture(decision, canvas) != closed
    decision.handle(Action(CLICK, "mouse", False, pos=(5, 5)))  # let go away from options
    assert not decision.curtain.open and picture(decision, canvas) == closed


def test_nothing_is_chosen_blind_while_the_curtain_is_closed():
    state = at_stage("window")
    decision = decision_for(state, context(state))
    for name in ("down", "confirm", "rshoulder", "up", "confirm"):
        assert decision.handle(Action(name)) is None
    assert decision.curtain.opened == 0


@pytest.mark.parametrize("stage", ["chips", "marketing"])
def test_chips_and_marketing_are_chosen_behind_the_curtain(stage):
    canvas = pygame.Surface((1280, 720))
    state = at_stage(stage)
    decision = decision_for(state, context(state))
    assert decision.secret and decision.highlight == frozenset()
    closed = picture(decision, canvas)
    decision.handle(Action("y", "keyboard", True))
    assert picture(decision, canvas) != closed
    decision.handle(Action("y", "keyboard", False))
    assert picture(decision, canvas) == closed


def test_choosing_closes_the_curtain_even_while_y_is_still_held():
    state = at_stage("chips")
    decision = decision_for(state, context(state))
    decision.handle(Action("y", "keyboard", True))
    assert decision.handle(Action("confirm")) is not None
    assert not decision.curtain.open


def test_hand_look_between_turns_draws_a_hand_only_while_held():
    canvas = pygame.Surface((1280, 720))
    look = HandLook([0, 2], ["Ada", "Linus", "Grace"], [(255, 0, 0)] * 3)

    def shown(hand) -> bytes:
        canvas.fill((0, 0, 0))
        look.draw(canvas, context(at_stage("window")).fonts, hand, (450, 330))
        return pygame.image.tobytes(canvas, "RGB")

    blank = shown([])
    assert shown(["leak", "defense"]) == blank
    look.handle(Action("rshoulder"))  # whose hand: Grace
    assert look.seat == 2
    look.handle(Action("y", "pad:1", True))
    assert shown(["leak", "defense"]) != shown(["audit_half"])
    look.handle(Action("y", "pad:1", False))
    assert shown(["leak", "defense"]) == blank


def test_in_an_open_decision_y_shows_only_the_deciders_own_hand_while_held():
    canvas = pygame.Surface((1280, 720))
    state = at_stage("manage")
    other = state.clone()
    other.players[0].hand = ["leak", "leak"]
    decisions = [decision_for(s, context(s)) for s in (state, other)]
    assert decisions[0].hand == state.players[0].hand
    closed = [picture(d, canvas) for d in decisions]
    assert closed[0] == closed[1]  # the manage panel tells nothing of the hand
    for d in decisions:
        d.handle(Action("y", "pad:0", True))
    held = [picture(d, canvas) for d in decisions]
    assert held[0] != held[1]
    assert decisions[0].handle(Action("confirm", "pad:0")) is None  # nothing chosen blind
    for d in decisions:
        d.handle(Action("y", "pad:0", False))
    assert [picture(d, canvas) for d in decisions] == closed
