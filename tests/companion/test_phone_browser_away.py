"""A dropped phone in a real browser: the page closes mid-decision, the TV says the phone
is away, the computer takes the seat over after the setting's time, and the phone comes
back through the short link with its seat's PIN and plays its own seat again.

A TV screenshot of the "away" moment goes to /tmp/phones/tv_phone_away.png.
"""

from __future__ import annotations

import time
from pathlib import Path

from .test_phone_browser import browser, expect, phone_page  # noqa: F401 (a fixture)
from .test_phone_browser_decisions import tap_way_out

SHOTS = Path("/tmp/phones")
LIMIT = 120.0  # seconds the whole test may take (a red test, never a hang)


def test_a_phone_dropped_mid_decision_is_taken_over_and_returns_with_its_pin(browser):  # noqa: F811
    from scenes.app import SCREENS, make_app
    from scenes.engine.screens import Screens
    from scenes.phone_game import PhoneGame

    table = PhoneGame(Screens(SCREENS), "startupfever", ["phone", "phone", "normal"],
                      "127.0.0.1", 0, seed=5, pace=8, rate=200, burst=200)
    urls: dict[int, str] = {}
    table.start(lambda line: urls.__setitem__(int(line.split()[1]), line.split()[2]))
    app = make_app(table.scene, headless=True, seed=5)
    app.settings.phone_away = 2  # seconds (the menu offers 30 and more)
    scene, hub = table.scene, table.hub
    pages = {seat: phone_page(browser, hub) for seat in urls}
    for seat, page in pages.items():
        page.goto(urls[seat])
    toasts: list[str] = []
    show = app.toasts.show
    app.toasts.show = lambda text, *a, **k: (toasts.append(text), show(text, *a, **k))
    started = time.monotonic()

    def frames(count: int = 3) -> None:
        for _ in range(count):
            app.step()
            app.end_frame()
        assert time.monotonic() - started < LIMIT, "too slow"

    def tap_others(skip: int | None = None) -> None:
        for seat, page in pages.items():
            if seat != skip and page.locator("#question").is_visible():
                tap_way_out(page)

    try:
        answered = 0
        while answered < 3:  # seat 0 plays a few decisions on its phone first
            frames()
            if pages[0].locator("#question").is_visible():
                answered += tap_way_out(pages[0])
            tap_others(skip=0)
        while not pages[0].locator("#question").is_visible():  # a decision of its own
            frames()
            tap_others(skip=0)
        expect(pages[0].locator("#pin")).to_have_text(f"PIN {hub.pin(0)}")
        pages[0].context.close()  # the phone goes mid-decision
        name = scene.name(0)
        while f"{name}'s phone is away" not in toasts:
            frames()
        app.render(1.0)
        SHOTS.mkdir(parents=True, exist_ok=True)
        app.screenshot(str(SHOTS / "tv_phone_away.png"))
        assert scene.phones.away_for(0) is not None
        while scene.stood_in != {0: "away"}:  # the setting's two seconds
            frames()
            tap_others(skip=0)
        played = scene.played
        while scene.played < played + 10 and not scene.state.is_terminal():
            frames()  # the computer plays seat 0 (and the table goes on)
            tap_others(skip=0)
        assert scene.played >= played + 10 or scene.state.is_terminal()

        # back through the short link, with the PIN the old phone showed
        back = phone_page(browser, hub)
        back.goto(hub.short_url())
        expect(back.locator("#back")).to_be_visible()
        back.locator("#back-seats button", has_text=name).click()
        back.fill("#back-pin", "0000" if hub.pin(0) != "0000" else "1111")
        back.locator("#back-go").click()
        expect(back.locator("#back-error")).to_contain_text("not this seat's")
        back.fill("#back-pin", hub.pin(0))
        back.locator("#back-go").click()
        expect(back.locator("#name")).to_have_text(name)
        pages[0] = back
        while scene.stood_in:
            frames()
            tap_others(skip=0)
        assert f"{name}'s phone is back" in toasts and scene.is_human(0)
        while not back.locator("#question").is_visible():  # its own decisions again
            frames()
            tap_others(skip=0)
        expect(back.locator("#status")).to_have_text("Your move")
        assert tap_way_out(back)
    finally:
        for page in pages.values():
            if not page.is_closed():
                page.context.close()
        table.finish()
