"""Take back on a phone, in a real browser (Debian's chromium, Playwright): a phone seat
hires and retains at the real Startup Fever table, then taps "Take back" twice and the
game is exactly as before its hire; a sealed marketing token comes back the same way.

The TV runs headless in the test's thread, stepped between the page's taps; the phone
server answers in its own thread. Without /usr/bin/chromium these tests skip, except
under CI (CI=true), where they fail.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game import startupfever as sf
from game.startupfever.actions import Hire, Market, Retain
from tests.scenes_startupfever.helpers import advance_to

from .test_phone_browser import ARGS, CHROMIUM, IN_CI, PHONE

if not CHROMIUM.exists() and not IN_CI:
    pytest.skip("no /usr/bin/chromium here (CI installs it)", allow_module_level=True)

from playwright.sync_api import expect, sync_playwright  # noqa: E402

LIMIT = 30.0  # seconds any one wait may take (a red test, never a hang)


def manage_with_staff() -> sf.State:
    """Seat 0 manages a product holding a Nerd on field 1, with $8."""
    state = advance_to(sf.new_game(3, seed=11), "manage")
    while state.current_player != 0:
        state.apply(state.legal_actions()[-1])
        state = advance_to(state, "manage")
    state.products[state.current_slot].nerds[1] += 1
    state.supply["nerd"] -= 1
    state.bank -= 8 - state.players[0].money
    state.players[0].money = 8
    return state


class Table:
    """The real game screen with seat 0 on a phone page, stepped by the test."""

    def __init__(self, state: sf.State, page) -> None:
        from scenes.app import SCREENS, make_app
        from scenes.engine.screens import Screens
        from scenes.phone_game import PhoneGame

        self.game = PhoneGame(Screens(SCREENS), "startupfever", ["phone", "normal", "normal"],
                              "127.0.0.1", 0, seed=3, pace=8, state=state, rate=200,
                              burst=200)
        urls: dict[int, str] = {}
        self.game.start(lambda line: urls.__setitem__(int(line.split()[1]),
                                                      line.split()[2]))
        self.scene = self.game.scene
        self.app = make_app(self.scene, headless=True, seed=3)
        self.page = page
        page.goto(urls[0])

    def until(self, done) -> None:
        """Step the TV until `done()` (the phone server works in its own thread)."""
        start = time.monotonic()
        while not done():
            assert time.monotonic() - start < LIMIT, "not reached in time"
            self.app.step()
            self.app.end_frame()
            time.sleep(0.002)

    def asked(self) -> bool:
        """The phone shows an open question for the seat."""
        return self.page.evaluate("() => !document.getElementById('question').hidden "
                                  "&& [...document.querySelectorAll('#options button')]"
                                  ".some(b => !b.disabled)")

    def undo_label(self) -> str | None:
        return self.page.evaluate("() => { const u = document.getElementById('undo');"
                                  " return u.hidden ? null : u.textContent; }")

    def tap(self, name: str) -> None:
        self.page.get_by_role("button", name=name).first.tap()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as play:
        chromium = play.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(LIMIT * 1000)
    return page


def test_a_phone_takes_back_a_retain_and_a_hire(browser, tmp_path):
    state = manage_with_staff()
    before = state.to_json()
    slot = state.current_slot
    page = phone(browser)
    table = Table(state, page)
    try:
        table.until(table.asked)
        assert table.undo_label() is None  # nothing of its own to take back yet
        hire = next(a for a in table.scene.state.legal_actions() if type(a) is Hire)
        table.tap(f"Hire {hire.kind.replace('_', ' ').title()} for {slot}")
        table.until(lambda: table.scene.moves and table.asked())
        assert table.undo_label() == f"Take back: {table.scene.moves[-1]}"
        retain = next(a for a in table.scene.state.legal_actions()
                      if type(a) is Retain and a.slot)
        table.tap(str(retain)[:1].upper() + str(retain)[1:])
        table.until(lambda: len(table.scene.moves) == 2 and table.asked())
        assert table.undo_label() == f"Take back: {retain}"
        shots = Path(os.environ.get("PHONE_SHOTS", tmp_path))
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / "phone_take_back.png"))
        table.page.locator("#undo").tap()
        table.until(lambda: len(table.scene.moves) == 1 and table.asked()
                    and table.undo_label() is not None)
        assert table.undo_label() == f"Take back: {table.scene.moves[-1]}"
        table.page.locator("#undo").tap()
        table.until(lambda: not table.scene.moves and table.asked())
        assert table.undo_label() is None
        assert table.scene.state.to_json() == before  # the game before the hire, exactly
        expect(page.locator("#log")).to_contain_text("Ada takes back")
    finally:
        table.game.finish()
        page.context.close()


def test_a_phone_takes_back_a_sealed_marketing_token(browser):
    state = advance_to(sf.new_game(3, seed=4), "marketing")
    while state.current_player != 0:
        state.apply(state.legal_actions()[-1])
    state.players[0].money = max(state.players[0].money, 2)
    before = state.to_json()
    page = phone(browser)
    table = Table(state, page)
    try:
        table.until(table.asked)
        slot = state.players[0].slots[0]
        table.tap(f"Market {slot}")
        table.until(lambda: table.scene.moves and table.asked())
        assert table.scene.moves == [Market(slot)]
        assert table.undo_label() == f"Take back: marketing {slot} $1"
        table.page.locator("#undo").tap()
        table.until(lambda: not table.scene.moves and table.asked())
        assert table.scene.state.to_json() == before
        lines = [text for text, _c in table.scene.log_panel.entries]
        assert not any("takes back" in line for line in lines)  # F14: the room hears nothing
    finally:
        table.game.finish()
        page.context.close()
