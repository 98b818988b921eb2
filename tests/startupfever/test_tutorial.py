"""The tutorial scenario (game/startupfever/tutorial.py): a legal game in which every rule
happens within two years, whatever the person does where they are free."""

from __future__ import annotations

import random

import pytest

from game.startupfever import events as ev
from game.startupfever import tutorial
from game.startupfever.rules import CHANCE, from_json


def play(free: str, seed: int = 0):
    """The scenario to its end: the person does each hands-on step, and where free takes
    the last option ("last") or a random one ("random"); every event, in order."""
    rng = random.Random(seed)
    state = tutorial.tutorial_state("Sam")
    rival = tutorial.RivalPlayer()
    events: list = []
    fixed = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            outcome = tutorial.outcome(state)
            if outcome is not None:
                fixed += 1
                assert outcome in state.legal_actions()
            events += state.apply(outcome or state.sample_chance())
            continue
        legal = state.legal_actions()
        if state.current_player == tutorial.RIVAL:
            action = rival.decide(state.observation(tutorial.RIVAL), legal)
        else:
            lesson = tutorial.lesson(state)
            if lesson is not None:
                hits = [a for a in legal if lesson.wants(a)]
                assert hits, (lesson.step, legal)
                action = hits[0]
            else:
                action = legal[-1] if free == "last" else rng.choice(legal)
        events += state.apply(action)
    return state, events, fixed


def test_the_scenario_starts_as_a_legal_game_a_save_file_accepts():
    state = tutorial.tutorial_state("Sam")
    again = from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert state.year == 1 and [p.name for p in state.players] == ["Sam", "Ada"]
    assert sum(p.money for p in state.players) + state.bank == 100


@pytest.mark.parametrize("free,seed", [("last", 0), ("random", 1), ("random", 2),
                                       ("random", 3)])
def test_every_rule_happens_and_the_game_ends_after_year_two(free, seed):
    state, events, fixed = play(free, seed)
    assert state.year == tutorial.YEARS and state.end_reason == "all products launched"
    kinds = {type(e).__name__ for e in events}
    for name in ("UsersAdopted", "ProductLaunched", "RevenueEarned", "Hired", "PoachOffered",
                 "CounterOffered", "Retained", "CardPlayed", "CardCancelled", "UsersLost",
                 "CompetitionResult", "MarketingRevealed", "PositionChosen", "GameEnded"):
        assert name in kinds, name
    assert any(isinstance(e, ev.ProductLaunched) and e.leaked for e in events)  # Leak
    assert any(isinstance(e, ev.Hired) and e.kind.startswith("big_") for e in events)
    assert any(isinstance(e, ev.YearEndStep) and e.step.startswith("vest") for e in events)
    results = [d for e in events if isinstance(e, ev.CompetitionResult)
               for _s, _st, d, _f, _t in e.ranking]
    assert any(d > 0 for d in results) and any(d < 0 for d in results)  # gains and losses
    lost = [e for e in events if isinstance(e, ev.UsersLost) and e.reason == "user loss"]
    assert lost
    assert fixed > 20  # the dice and draws are the scenario's


def test_the_person_wins_when_following_the_steps():
    state, _events, _fixed = play("last")
    assert state.winners() == [tutorial.PERSON]


def test_ada_reads_only_her_observation():
    state = tutorial.tutorial_state("Sam")
    rival = tutorial.RivalPlayer()
    while state.current_player != tutorial.RIVAL:
        if state.current_player == CHANCE:
            state.apply(tutorial.outcome(state) or state.sample_chance())
        else:
            lesson = tutorial.lesson(state)
            legal = state.legal_actions()
            state.apply(next(a for a in legal if lesson.wants(a)) if lesson else legal[-1])
    legal = state.legal_actions()
    assert rival.decide(state, legal) == rival.decide(state.observation(tutorial.RIVAL), legal)
