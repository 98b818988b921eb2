"""Names and texts from saves are data, not trusted.

A NUL or a lone surrogate in a seat name or the progress line used to crash the title's
save summary on every start, and a long name froze it (cut one character at a time and
measured again every frame). Such a save is now set aside at load, and every text fitted
into a box is cut by a bounded, cached search.
"""

from __future__ import annotations

import json

import pygame
import pytest

from game import autosave, registry, servermania, startupfever
from game.autosave import SeatRecord, Slots
from game.names import NAME_MAX, text_problem
from scenes.app import make_app
from scenes.engine import draw, surface_cache

HOSTILE = ["Ada\x00", "\ud800", "A\u202eB", "tab\there", "x" * 1000, "x" * 100_000, ""]


def saved_file(tmp_path, game: str) -> dict:
    slots = Slots(tmp_path)
    if game == "servermania":
        state = servermania.new_game(["Ada", "Linus"], seed=3)
    else:
        state = startupfever.new_game(["Ada", "Linus"], seed=3)
    assert slots.save(game, state, [SeatRecord("Ada", "pink"), SeatRecord("Linus", "blue")],
                      autosave.progress(game, state))
    return json.loads((tmp_path / f"{game}.json").read_text())


def write(tmp_path, game: str, data: dict) -> None:
    text = json.dumps(data)
    (tmp_path / f"{game}.json").write_text(text, encoding="utf-8")


@pytest.mark.parametrize("game", list(registry.ids()))
@pytest.mark.parametrize("bad", HOSTILE)
@pytest.mark.parametrize("where", ["name", "progress"])
def test_a_save_with_an_unprintable_or_long_text_is_set_aside(tmp_path, game, bad, where):
    data = saved_file(tmp_path, game)
    if where == "name":
        data["seats"][0]["name"] = bad
    else:
        data["progress"] = bad
    write(tmp_path, game, data)
    slots = Slots(tmp_path)
    assert slots.load(game) is None
    assert (tmp_path / f"{game}.json.bad").exists()
    (problem,) = slots.take_problems()
    assert len(problem) <= autosave.NOTICE_CHARS and problem.isprintable()


@pytest.mark.parametrize("game", list(registry.ids()))
def test_a_player_name_inside_the_rules_state_is_checked_too(tmp_path, game):
    data = saved_file(tmp_path, game)
    data["state"]["players"][1]["name"] = "Linus\x00"
    with pytest.raises(ValueError, match="name"):
        (servermania if game == "servermania" else startupfever).from_json(
            json.dumps(data["state"]))


@pytest.mark.parametrize("game", list(registry.ids()))
def test_the_title_starts_over_such_saves_and_shows_the_notice(tmp_path, game):
    data = saved_file(tmp_path, game)
    data["seats"][0]["name"] = "\ud800" + "x" * 100_000
    write(tmp_path, game, data)
    app = make_app(headless=True, frames=30, seed=1, saves=Slots(tmp_path))
    app.run()  # used to raise from font.render (or never draw a frame)
    assert app.stack.top.saved is None and app.stack.top.notice is not None


class CountingFont:
    """A font that counts its measurements (and refuses to go on past a bound)."""

    def __init__(self, font: pygame.font.Font, limit: int) -> None:
        self.font, self.calls, self.limit = font, 0, limit

    def size(self, text: str) -> tuple[int, int]:
        self.calls += 1
        if self.calls > self.limit:
            raise AssertionError(f"more than {self.limit} measurements for one text")
        return self.font.size(text)

    def __getattr__(self, name: str):
        return getattr(self.font, name)


def test_the_title_fits_a_long_summary_in_a_bounded_number_of_measurements(monkeypatch):
    """The old loop measured once per two characters, on every frame."""
    app = make_app(headless=True, frames=1, seed=1)
    slots = app.saves
    slots.save("servermania", servermania.new_game(["Ada", "Linus"], seed=3),
               [SeatRecord("Ada", "pink"), SeatRecord("Linus", "blue")], "turn 0")
    monkeypatch.setattr(autosave.Saved, "summary", lambda self: "Ada " * 25_000)
    pygame.init()
    font = CountingFont(pygame.font.Font(None, 24), limit=40)
    monkeypatch.setattr(app.fonts, "body", lambda size="body": font)
    app.run()
    scene = app.stack.top
    for _ in range(30):  # every frame: the cut is cached, not measured again
        scene.draw(app.display.canvas, 1.0)
    assert font.calls <= 40


def test_clip_cuts_to_the_longest_start_that_fits_in_a_few_measurements():
    pygame.font.init()
    font = CountingFont(pygame.font.Font(None, 24), limit=30)
    text = "abcdefghij" * 10_000
    cut = draw.clip(font, text, 300)
    assert cut.endswith("…") and font.font.size(cut)[0] <= 300
    longer = text[:len(cut)] + "…"  # one more character no longer fits
    assert font.font.size(longer)[0] > 300
    assert draw.clip(font, "short", 300) == "short"


def test_text_problem_names_what_is_wrong():
    assert text_problem("Ada", NAME_MAX) is None
    assert "longer" in text_problem("x" * (NAME_MAX + 1), NAME_MAX)
    assert "unprintable" in text_problem("a\x00", NAME_MAX)
    assert "unprintable" in text_problem("\udcff", NAME_MAX)
    assert text_problem(3, NAME_MAX) == "is not a text"
    assert text_problem("", NAME_MAX) == "is empty" and text_problem("", 5, empty=True) is None


def test_the_lobby_limits_names_to_what_a_save_accepts():
    from scenes import lobby

    assert lobby.NAME_MAX == NAME_MAX


def test_the_text_cache_is_bounded_by_bytes_as_well_as_by_count():
    """Issue 23, item 6: 1,024 large outlined labels held 25 MB; the bytes are capped."""
    pygame.font.init()
    cache = surface_cache.SurfaceCache(draw._make_text, maxsize=1024, max_bytes=2 * 1024 * 1024)
    font = pygame.font.Font(None, 96)
    for n in range(200):
        cache(font, f"label number {n}", (255, 255, 255), 4, (0, 0, 0))
        assert cache.bytes <= 2 * 1024 * 1024
    info = cache.cache_info()
    assert info.misses == 200 and 0 < info.currsize < 200
    last = cache(font, "label number 199", (255, 255, 255), 4, (0, 0, 0))
    assert cache.cache_info().hits == 1 and last.get_width() > 0
    assert draw._render.max_bytes == draw.TEXT_CACHE_BYTES
