"""The phone's questions by group (views.decision): headings, short labels, pinned ways
out, and ids that stay the indexes of the legal actions."""

from __future__ import annotations

import random

import pytest

from game import servermania as sm
from game import startupfever as sf
from game.companion import views
from game.startupfever import phone as sf_phone
from game.startupfever.cards import CARDS


def decisions(games: int = 12):
    """(stage, legal, question) for every decision of some random 2-5 player games."""
    for seed in range(games):
        rng = random.Random(seed)
        state = sf.new_game(2 + seed % 4, seed=seed)
        while not state.is_terminal():
            if state.current_player == sf.CHANCE:
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            yield state.stage, legal, views.decision("startupfever", state.stage, legal,
                                                     window=state.window)
            state.apply(rng.choice(legal))


def test_every_option_keeps_its_index_and_words_and_no_two_look_alike_in_a_group():
    seen = set()
    for stage, legal, question in decisions():
        options = question["options"]
        assert [o["id"] for o in options] == list(range(len(legal)))
        assert [o["label"] for o in options] == [views.label("startupfever", a) for a in legal]
        shown = [(o["group"], o.get("short", o["label"])) for o in options]
        assert len(set(shown)) == len(shown), (stage, shown)  # never two alike buttons
        for option in options:
            assert isinstance(option["group"], str) and option["group"]
            assert len(option.get("short", "")) <= len(option["label"])
            seen.add((str(stage), option["group"] if not option.get("pin") else "pin"))
    assert {("manage", "Hire"), ("manage", "Poach"), ("manage", "Retain"),
            ("manage", "pin"), ("window", "pin"), ("reassign", "pin")} <= seen


def test_a_manage_step_names_its_product_once_and_groups_hire_poach_retain():
    legal = [sf.Hire("nerd", slot="B"), sf.Hire("big_suit", slot="B"),
             sf.Poach(1, "F", "suit", 1, 2, to="B"), sf.Poach(2, None, "big_nerd", 2, 8, to="B"),
             sf.Retain("nerd", 1, 2, slot="B"), sf.EndManage()]
    question = views.decision("startupfever", "manage", legal)
    assert question["prompt"] == "Manage employees on B"
    shown = [(o["group"], o.get("short"), o.get("pin", False)) for o in question["options"]]
    assert shown == [("Hire", "Nerd", False), ("Hire", "Big Suit", False),
                     ("Poach", "Suit (vest 1) from F for 2", False),
                     ("Poach", "Big Nerd (vest 2) from company 2 for 8", False),
                     ("Retain", "Nerd on B (vest 1) by 2", False),
                     ("Done", None, True)]
    assert question["options"][2]["label"] == "Poach Suit (vest 1) from F to B for 2"
    # with nothing naming the product the prompt stays the stage's own
    assert views.decision("startupfever", "manage", [sf.EndManage()])["prompt"] == \
        sf_phone.PROMPTS["manage"]


def test_cards_are_grouped_by_card_with_their_targets_as_short_labels():
    legal = [sf.PlayCard("attrition", slot="A"), sf.PlayCard("attrition", slot="C"),
             sf.PlayCard("press_coverage", slot="A"), sf.PlayCard("antitrust", seat=1),
             sf.Pass()]
    question = views.decision("startupfever", "window", legal, window="competition")
    options = question["options"]
    assert [o["group"] for o in options] == ["Play Attrition", "Play Attrition",
                                             "Play Press Coverage", "Play Antitrust", "Done"]
    assert [o.get("short") for o in options] == ["A", "C", "A", "Company 1", None]
    assert options[0]["text"] == CARDS["attrition"].text  # still on each option
    assert options[-1] == {"id": 4, "label": "Pass", "group": "Done", "pin": True}


@pytest.mark.parametrize(("action", "pinned"), [
    (sf.Pass(), True), (sf.EndManage(), True), (sf.EndMarketing(), True),
    (sf.EndReassign(), True), (sf.EndUserLoss(), True), (sf.Defend(False), True),
    (sf.Defend(True), False), (sf.Counter(False), False), (sf.Market("A"), False)])
def test_the_ways_out_are_pinned(action, pinned):
    option, = views.decision("startupfever", "window", [action])["options"]
    assert option.get("pin", False) is pinned


def test_year_end_questions_group_by_worker_source_and_target():
    attrition = views.decision("startupfever", "attrition", [
        sf.MoveResigned("nerd", 2, "A"), sf.MoveResigned("nerd", 2, None),
        sf.MoveResigned("suit", 4, "B")])["options"]
    assert [(o["group"], o["short"]) for o in attrition] == [
        ("Nerd (vest 2) to", "A"), ("Nerd (vest 2) to", "Pile"),
        ("Suit (vest 4) to", "B")]
    reassign = views.decision("startupfever", "reassign", [
        sf.Reassign("A", "C", "nerd", 3), sf.Reassign("B", "A", "suit", 0)])["options"]
    assert [(o["group"], o["short"]) for o in reassign] == [
        ("Move from A", "Nerd (vest 3) to C"), ("Move from B", "Suit (vest 0) to A")]
    order = views.decision("startupfever", "order_choose",
                           [sf.ChoosePosition(n) for n in range(12)])["options"]
    assert {o["group"] for o in order} == {"Take position"}
    assert [o["short"] for o in order] == [str(n) for n in range(1, 13)]


def test_servermania_questions_are_named_from_the_action_class():
    question = views.decision("servermania", "maintenance",
                              [sm.PayMaintenance(), sm.SkipMaintenance()])
    assert [(o["group"], o["label"]) for o in question["options"]] == [
        ("Pay maintenance", "Pay maintenance"), ("Skip maintenance", "Skip maintenance")]
    assert not any("short" in o or "pin" in o for o in question["options"])


def test_a_startup_fever_phone_shows_its_own_money_and_victory_points_as_the_rules_count():
    import random

    from game import startupfever as sf
    from game.companion.views import money, seat_view

    state, rng, checked = sf.new_game(4, seed=11), random.Random(11), 0
    while not state.is_terminal():
        if state.current_player == sf.CHANCE:
            state.apply(state.sample_chance())
            continue
        for seat in range(4):
            stats = {s["label"]: s["value"] for s in
                     seat_view("startupfever", state.observation(seat), list("ABCD"), [])["stats"]}
            assert stats["VP"] == str(state.scores()[seat])
            assert stats["Money"] == money(state.players[seat].money)
            assert stats["Year"] == (str(state.year) if state.year else "Set-up")
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 100
