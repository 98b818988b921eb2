"""Phones join from the real lobby in a real browser (Debian's chromium, Playwright).

A SERVERMANIA lobby runs headless with the "Phones" setting on. Two phone pages open the
short link the TV writes, one takes the free seat and one the computer's, each with a
name and colour of its own; one of them starts the game from its phone. At the table the
phones throw their own dice from their Roll buttons; when the game is left the server
stops and the phones say the game has ended.

Screenshots (390x844) of the lobby on a phone and of a phone waiting for the start go to
the `shots` folder ($PHONE_SHOTS, else the test's tmp folder).
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from scenes.servermania.setup import NewGameScene as SMLobby
from tests.scenes_servermania.helpers import READY, step

from .helpers import PATIENCE
from .test_lobby_phones import lobby_app, until
from .test_phone_browser import assert_touch_targets, browser, phone_page, shots  # noqa: F401


def join(page, app, lobby, url: str, which: str, name: str, folder, shot: str = "") -> None:
    """On a phone: open the short link, pick the seat whose label has `which`, a name and
    the first colour offered, and join; the lobby takes the claim."""
    seated = len(lobby.joined)
    page.goto(url)
    page.get_by_role("button", name=re.compile(which)).tap()
    page.fill("#lobby-name", name)
    page.locator("#lobby-colours button").first.tap()
    assert_touch_targets(page)
    if shot:
        page.screenshot(path=str(folder / shot))
    page.get_by_role("button", name="Join").tap()
    until(app, lambda: len(lobby.joined) == seated + 1)
    expect(page.locator("#name")).to_have_text(name)


def test_two_phones_join_from_the_lobby_start_and_roll_their_own_dice(browser, shots):  # noqa: F811
    lobby = SMLobby()
    app = lobby_app(lobby)
    step(app, READY)
    hub = lobby.phones.hub
    short = hub.short_url()
    mo, bo = phone_page(browser, hub), phone_page(browser, hub)
    join(mo, app, lobby, short, "free", "Mo", shots, "phone_lobby_pick.png")
    join(bo, app, lobby, short, "computer", "Bo", shots)
    assert [(s.name, s.device) for s in lobby.seats()] == [("Mo", "phone:0"),
                                                            ("Bo", "phone:1")]
    expect(bo.locator("#prompt")).to_contain_text("You're in")
    bo.screenshot(path=str(shots / "phone_lobby_waiting.png"))
    bo.get_by_role("button", name="Start the game").tap()
    until(app, lambda: type(app.stack.top).__name__ == "BoardScene")
    table = app.stack.top
    assert table.phones.seats == [0, 1] and table.phones.slot == {0: 0, 1: 1}
    rolled = {0: 0, 1: 0}
    deadline = time.monotonic() + PATIENCE * 3
    while min(rolled.values()) < 2 and time.monotonic() < deadline:
        step(app, 5, draw=False)  # a few updates per look: the page is asked less often
        for seat, page in ((0, mo), (1, bo)):
            roll = page.locator("#roll")
            if roll.is_visible() and roll.is_enabled():
                box = roll.bounding_box()
                page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                page.mouse.down()
                page.mouse.up()
                rolled[seat] += 1
                step(app, 20, draw=False)
    assert min(rolled.values()) >= 2, rolled  # each phone threw its own die twice
    assert table.state.players[0].position or table.state.players[1].position
    app.stack.reset(app.screens.make("title"), fade=False)  # the game is left
    for page in (mo, bo):
        expect(page.locator("#notice")).to_contain_text("ended")
    deadline = time.monotonic() + PATIENCE
    while hub.running and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not hub.running
    for page in (mo, bo):
        page.context.close()
