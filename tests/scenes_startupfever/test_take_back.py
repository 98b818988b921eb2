"""Taking back at the TV (ruling U1, game/undo.py): a person undoes a hire, a retain and a
placed marketing budget with X; the table, the bar and the log show it; the sealed budget
says nothing to the room; computers never take back."""

from __future__ import annotations

from game import startupfever as sf
from game.startupfever.actions import Hire, Market, Retain
from scenes.engine.input import Action
from scenes.startupfever.seats import Seat
from tests.scenes_startupfever.helpers import advance_to, run_until, step, table

SEATS = [Seat("Ada", "pink", True), Seat("Linus", "blue", False),
         Seat("Grace", "yellow", False)]


def manage_with_staff() -> sf.State:
    """Ada (seat 0) manages a product with a Nerd on field 1 she can retain, $8 to spend."""
    state = advance_to(sf.new_game(3, seed=11), "manage")
    while state.current_player != 0:
        state.apply(state.legal_actions()[-1])  # the others end their manage step
        state = advance_to(state, "manage")
    product = state.products[state.current_slot]
    product.nerds[1] += 1
    state.supply["nerd"] -= 1
    state.bank -= 8 - state.players[0].money
    state.players[0].money = 8
    return state


def answer(app, scene, action) -> None:
    """Ada's choice on her open panel (as her panel hands it to the table)."""
    scene.decision = None
    scene.driver.answer(action)
    run_until(app, lambda: scene.decision is not None, 2_000)


def bar_words(scene) -> list[str]:
    return [text for _key, text in scene._bar().items]


def test_a_person_takes_back_a_retain_then_a_hire_with_x():
    state = manage_with_staff()
    app, scene = table(SEATS, state=state)
    run_until(app, lambda: scene.decision is not None, 2_000)
    before, money = state.to_json(), scene.model.companies[0].money
    assert scene.decision.take_back is None  # nothing of hers yet this step
    hire = next(a for a in scene.state.legal_actions() if type(a) is Hire)
    answer(app, scene, hire)
    assert f"Take back: {hire}" in bar_words(scene)
    retain = next(a for a in scene.state.legal_actions() if type(a) is Retain and a.slot)
    answer(app, scene, retain)
    assert f"Take back: {retain}" in bar_words(scene)
    app.stack.dispatch(Action("x", "keyboard", True))
    run_until(app, lambda: scene.decision is not None, 2_000)
    assert f"Take back: {hire}" in bar_words(scene)  # one step at a time
    app.stack.dispatch(Action("x", "keyboard", True))
    run_until(app, lambda: scene.decision is not None, 2_000)
    step(app, 120)
    assert scene.state.to_json() == before  # exactly the game before her hire
    assert scene.model.companies[0].money == money  # the table shows it back
    assert scene.decision.take_back is None
    lines = [text for text, _c in scene.log_panel.entries]
    assert f"Ada takes back: {retain}" in lines and f"Ada takes back: {hire}" in lines
    assert scene.moves == []  # the replay forgets what was taken back


def test_a_placed_marketing_budget_is_taken_back_behind_the_curtain():
    state = advance_to(sf.new_game(3, seed=4), "marketing")
    while state.current_player != 0:
        state.apply(state.legal_actions()[-1])
    state.players[0].money = max(state.players[0].money, 3)
    two = [SEATS[0], Seat("Linus", "blue", True), SEATS[2]]  # two people: the curtain
    app, scene = table(two, state=state)  # (alone at the table there is none to hide)
    run_until(app, lambda: scene.decision is not None, 4_000)
    money = scene.state.players[0].money
    first = scene.state.players[0].slots[0]
    scene.decision.handle(Action("y", "keyboard", True))  # hold to look
    scene.decision.choices.level.selected = 0
    for _ in range(2):
        app.stack.dispatch(Action("right", "keyboard", True))  # $2 on her first product
    scene.decision.choices.level.selected = len(scene.decision.choices.level.options) - 1
    app.stack.dispatch(Action("confirm", "keyboard", True))  # place the budget
    run_until(app, lambda: type(scene.decision).__name__ == "SealDecision", 2_000)
    assert scene.state.marketing_pending == {first: 2}
    assert scene.state.players[0].money == money - 2
    seal = scene.decision
    assert not any("Take back" in w for w in bar_words(scene))  # curtain closed: nothing
    seal.handle(Action("y", "keyboard", True))
    assert f"Take back: marketing {first} $2" in bar_words(scene)
    shown = scene.model.companies[0].money
    app.stack.dispatch(Action("x", "keyboard", True))
    run_until(app, lambda: scene.decision is not None and scene.decision is not seal, 2_000)
    assert type(scene.decision).__name__ == "MarketingDecision"
    assert scene.decision.budget[first] == 2  # her budget comes back as it was
    assert scene.state.marketing_pending == {} and scene.state.players[0].money == money
    assert scene.model.companies[0].money == shown  # F14: the room saw no change at all
    assert not any("takes back" in text for text, _c in scene.log_panel.entries)
    assert Market(first) not in scene.moves


def test_computers_never_take_back():
    app, scene = table([Seat("Linus", "blue", False), Seat("Grace", "yellow", False)],
                       seed=5)
    for _ in range(200):
        step(app, 30, draw=False)
        assert scene.undo.steps == []
    assert scene.moves  # the game went on
