"""The TV draws what the name rule accepts (scenes.engine.scripts): letters Lato lacks
come from Noto, Arabic and Hebrew right to left and shaped, emoji in colour from the
computer's emoji font; what no font has is refused in words (the lobby, the phones).

Screenshots of names on the TV go to /tmp/phones/tv_names.png."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from scenes.engine import draw, scripts
from scenes.engine.fonts import Fonts

ARABIC, HEBREW = "\u0645\u0631\u064a\u0645", "\u05e9\u05e8\u05d4"
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"


@pytest.fixture(scope="module")
def fonts():
    pygame.init()
    scripts.prepare()
    return Fonts()


def alpha(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array_alpha(surface)


def test_a_typeface_draws_its_own_letters_and_noto_the_letters_it_lacks(fonts):
    body, display = fonts.body(28), fonts.display(34)
    assert scripts.runs(body, "Ada Ελένη") == [("Ada Ελένη", None)]  # Lato has Greek
    greek = scripts.runs(display, "Ελένη")  # League Spartan has not
    assert len(greek) == 1 and greek[0][1][0].endswith("NotoSans-Bold.ttf")
    assert [pick is None for _run, pick in scripts.runs(display, "Mo Жанна")] == \
        [True, False]


def test_an_arabic_name_is_one_shaped_run_right_to_left_across_its_space(fonts):
    body = fonts.body(28)
    (run, pick), = scripts.runs(body, f"{ARABIC} {ARABIC}")
    assert run == f"{ARABIC} {ARABIC}" and pick[1:] == ("Arab", True)
    shaped = scripts.render(body, ARABIC, (255, 255, 255))
    loose = pygame.font.Font(pick[0], 28).render(ARABIC, True, (255, 255, 255))
    assert shaped.get_width() < loose.get_width()  # joined letters: narrower than loose ones


def test_hebrew_reads_right_to_left_its_first_letter_on_the_right(fonts):
    body = fonts.body(60)
    first, second = "\u05d0", "\u05d1"  # alef, bet
    both = alpha(scripts.render(body, f"{first} {second}", (255, 255, 255)))  # a space too
    alef = alpha(scripts.render(body, first, (255, 255, 255)))
    w, h = alef.shape[0], min(alef.shape[1], both.shape[1])
    left = np.abs(both[:w, :h].astype(int) - alef[:, :h].astype(int)).sum()
    right = np.abs(both[-w:, :h].astype(int) - alef[:, :h].astype(int)).sum()
    assert right < left


def test_a_right_to_left_name_stays_in_its_place_in_a_log_line(fonts):
    body = fonts.body(28)
    pieces = scripts.runs(body, f"{ARABIC} hires a Nerd for A ($1)")
    assert pieces[0][0] == ARABIC and pieces[0][1][2]  # the name first, right to left
    assert pieces[1] == (" hires a Nerd for A ($1)", None)


@pytest.mark.skipif(scripts.emoji_font() is None, reason="no colour emoji font here")
def test_emoji_are_drawn_in_colour_at_the_lines_height(fonts):
    body = fonts.body(28)
    image = scripts.render(body, f"{FAMILY} Mo", (255, 255, 255))
    assert image.get_height() <= body.render("Mo", True, (0, 0, 0)).get_height() + 2
    pixels = pygame.surfarray.array3d(scripts.render(body, "\U0001F984 Uni", (255, 255, 255)))
    coloured = (pixels.max(axis=2).astype(int) - pixels.min(axis=2)) > 60
    assert coloured.any()  # not white text, not an empty box
    assert scripts.cannot_draw(FAMILY) is None


def test_what_no_font_draws_is_refused_in_words(monkeypatch, fonts):
    assert scripts.cannot_draw("Ada Ελένη Жанна") is None
    assert scripts.cannot_draw(f"{ARABIC} {HEBREW}") is None
    assert scripts.cannot_draw("\u540d\u524d") == \
        "The TV has no letters for \u540d: another name, please."
    monkeypatch.setattr(scripts, "_emoji", [None])  # a computer with no emoji font
    assert scripts.cannot_draw(f"Mo {FAMILY}") == \
        "This TV has no emoji font: a name without emoji, please."
    assert scripts.runs(fonts.body(28), "Mo") == [("Mo", None)]


def test_names_on_the_tv_screenshot(fonts):
    """Arabic, Hebrew, Greek, Vietnamese and emoji names as the TV draws them."""
    canvas = pygame.Surface((1280, 720))
    canvas.fill((40, 30, 60))
    lines = ["Ada", ARABIC, f"{HEBREW} \u05db\u05d4\u05df", "Ελένη", "Nguyễn Thị",
             f"{FAMILY} Fam", f"{ARABIC} hires a Nerd for A ($1)",
             f"Ada gets $5 from {HEBREW}"]
    for i, line in enumerate(lines):
        draw.text(canvas, fonts.body(30), line, (40, 30 + 80 * i), (255, 255, 255),
                  anchor="topleft")
        draw.text(canvas, fonts.display(36), line, (660, 30 + 80 * i), (250, 210, 80),
                  anchor="topleft", outline=3)
    out = Path("/tmp/phones")
    out.mkdir(parents=True, exist_ok=True)
    pygame.image.save(canvas, str(out / "tv_names.png"))
    assert canvas.get_bounding_rect().w > 0
