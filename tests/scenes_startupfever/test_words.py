"""Log words: every Startup Fever event class has a line (or a deliberate None), lines
name players and never bare seat numbers, and secret events never tell their secret."""

from __future__ import annotations

import dataclasses
import inspect
import re

import pytest

from game import startupfever as sf
from game.startupfever import events as ev
from game.startupfever.cards import CARDS
from game.startupfever.players import RulePlayer
from game.startupfever.state import CATEGORIES
from scenes.startupfever import words
from scenes.startupfever.words import describe

NAMES = ["Ada", "Linus", "Grace", "Alan", "Radia", "Ken"]
EVENT_CLASSES = [c for _n, c in inspect.getmembers(ev, inspect.isclass)
                 if dataclasses.is_dataclass(c) and c.__module__ == ev.__name__]
BARE_SEAT = re.compile(r"\b(seat|company|player) \d")


def played_events(players: int, seed: int) -> list:
    state = sf.new_game(NAMES[:players], seed=seed)
    bots = [RulePlayer(seed * 8 + i) for i in range(players)]
    out: list = []
    while not state.is_terminal():
        seat = state.current_player
        action = state.sample_chance() if seat == sf.CHANCE else \
            bots[seat].decide(state, state.legal_actions())
        out += state.apply(action)
    return out


@pytest.fixture(scope="module")
def events() -> list:
    out: list = []
    for players, seed in ((2, 1), (4, 2), (6, 3)):
        out += played_events(players, seed)
    # rarer events a few rule-player games may not show
    out += [ev.CardCancelled(1, "audit_half"), ev.CounterOffered(2, "E", "nerd", 4, 0, 4),
            ev.CardEffect("executive_power", None, 3, "company 3 may hire a second "
                          "executive this year"),
            ev.Hired(0, "A", "suit", 1, failed=True), ev.DeckReshuffled(30),
            ev.Poached(1, "D", 0, None, "big_nerd", 9)]
    return out


def test_every_event_class_has_words():
    assert EVENT_CLASSES, "events found"
    missing = [c.__name__ for c in EVENT_CLASSES if c not in words._WORDS]
    assert not missing


def test_every_event_class_is_met_in_the_checked_lines(events):
    met = {type(e).__name__ for e in events}
    assert {c.__name__ for c in EVENT_CLASSES} - met == set()


def test_lines_name_players_never_bare_seat_numbers(events):
    for event in events:
        line = describe(event, NAMES)
        if line is None:
            continue
        assert isinstance(line, str) and line.strip()
        assert not BARE_SEAT.search(line), line
        seat = getattr(event, "seat", None)
        if isinstance(seat, int) and type(event).__name__ not in ("PositionChosen",):
            assert NAMES[seat] in line, line


def test_secret_events_never_tell_their_secret(events):
    chips = [e for e in events if isinstance(e, ev.ChipPlaced)]
    draws = [e for e in events if isinstance(e, ev.CardDrawn)]
    assert chips and draws
    for e in chips:
        line = describe(e, NAMES)
        assert not any(c in line for c in CATEGORIES), line
    for e in draws:
        line = describe(e, NAMES)
        assert CARDS[e.card].name not in line, line
    sealed = [e for e in events if isinstance(e, ev.MarketingPlaced)]
    assert all(describe(e, NAMES) is None for e in sealed)  # F14: told at the reveal


def test_a_company_named_by_number_in_the_rules_text_is_named_by_its_player():
    line = describe(ev.CardEffect("executive_power", None, 3, "company 3 may hire a second "
                                  "executive this year"), NAMES)
    assert line == "Alan may hire a second executive this year"


def test_an_unknown_seat_reads_someone_never_a_number():
    assert describe(ev.CardDrawn(9, "leak"), NAMES[:2]) == "someone draws a card"


# -- the log panel --------------------------------------------------------------------------


def test_log_panel_shows_event_lines_and_opens_its_history_on_hover(events):
    import pygame

    from scenes.engine.fonts import Fonts
    from scenes.engine.input import Action
    from scenes.startupfever.log_panel import HISTORY_H, LogPanel
    from scenes.table.log_panel import FONT_SIZE

    pygame.init()
    canvas = pygame.Surface((1280, 720))
    place = pygame.Rect(470, 512, 425, 143)
    log = LogPanel(place)
    lines = [log.add_event(e, NAMES) for e in events[:200]]
    assert any(lines) and FONT_SIZE >= 24
    fonts = Fonts()
    canvas.fill((0, 0, 0))
    log.draw(canvas, fonts)
    above = pygame.Rect(place.x, place.bottom - HISTORY_H, place.w, HISTORY_H - place.h)
    assert pygame.transform.average_color(canvas, above)[:3] == (0, 0, 0)
    shown = len(log.lines(fonts))
    log.handle(Action("point", "mouse", pos=place.center))
    log.draw(canvas, fonts)
    assert log.open and len(log.lines(fonts)) > shown
    assert pygame.transform.average_color(canvas, above)[:3] != (0, 0, 0)
    log.handle(Action("point", "mouse", pos=(10, 10)))
    log.draw(canvas, fonts)
    assert not log.open and len(log.lines(fonts)) == shown


def test_a_turn_order_place_reads_the_same_on_the_tv_and_the_phone():
    """The position chooser's words come from one place (game/startupfever/phrases.py)."""
    from game.startupfever.phrases import position_words

    taken = {0: "B", 3: "C"}
    assert position_words("E", 1, taken, 5) == ("E plays 2nd of 5", "after B, before C")
    assert position_words("E", 4, taken, 5) == ("E plays 5th of 5", "after C, plays last")
    assert position_words("E", 0, {}, 3) == ("E plays 1st of 3", "plays first")
    assert position_words("E", 2, {3: "C"}, 4) == ("E plays 3rd of 4",
                                                   "first of those placed, before C")
