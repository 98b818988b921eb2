"""The phone page in a real browser: Debian's chromium driven by Playwright.

A scripted fake "game" publishes views and asks questions through a real PhoneHub on
127.0.0.1; the page joins with the seat's link, shows the hand and the question, and a
tap's answer comes back through hub.answers(). Screenshots at 390x844 go to
$PHONE_SHOTS (default: the test's temporary folder).

Without /usr/bin/chromium these tests skip, except under CI (CI=true), where they fail:
`.ci/run` installs chromium. Playwright's own browser download is never used.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from .helpers import PATIENCE, running_hub, wait_for

CHROMIUM = Path("/usr/bin/chromium")
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}

if not CHROMIUM.exists() and not IN_CI:
    pytest.skip("no /usr/bin/chromium here (CI installs it)", allow_module_level=True)

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

HAND = [
    {"title": "Headhunter", "text": "Poach one employee from a rival's product; "
     "they may counter with Counter-offer."},
    {"title": "Viral Launch", "text": "+2 users for one launched product of yours."},
    {"title": "Audit", "text": "Card window: cancel a rival's card as it is played."},
]
SF_VIEW = {
    "game": "startupfever", "status": "Your move", "your_turn": True,
    "stats": [{"label": "Money", "value": "$14"}, {"label": "VP", "value": "3"},
              {"label": "Year", "value": "2 of 4"}],
    "hand": HAND,
    "log": ["Bo hired a Designer", "Cy launched a Social product", "Year 2 begins"],
}
DECISION = {"prompt": "Manage: what now?", "kind": "choice", "options": [
    {"id": "hire", "label": "Hire", "text": "Take an employee from the supply ($3)"},
    {"id": "launch", "label": "Launch a product", "text": "Needs 2 nerds in one field"},
    {"id": "pass", "label": "Done", "text": "End your manage step"},
]}
WINDOW = {"prompt": "Bo plays Headhunter on your Social product.", "kind": "choice",
          "window": True, "options": [
              {"id": "pass", "label": "Let it happen"},
              {"id": "audit", "label": "Play Audit", "text": "Cancel Headhunter"}]}
SM_VIEW = {"game": "servermania", "status": "Your turn", "your_turn": True,
           "stats": [{"label": "Cash", "value": "$2,400"}, {"label": "Servers", "value": "3"},
                     {"label": "Worth", "value": "$5,100"}],
           "log": ["Ada landed on Maintenance", "Ada paid $200"]}


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.fail("CI must have /usr/bin/chromium (.ci/run installs it)")
    with sync_playwright() as play:
        chromium = play.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PHONE_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def phone_page(browser, hub) -> Page:
    """A phone-sized page that records vibrations and every URL it fetches."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True,
                                  is_mobile=True)
    context.add_init_script(
        "window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; };")
    page = context.new_page()
    page.set_default_timeout(PATIENCE * 1000)
    page.fetched = []
    page.on("request", lambda request: page.fetched.append(request.url))
    return page


def assert_touch_targets(page: Page) -> None:
    """Every visible button is at least 44 x 44 CSS pixels."""
    for box in page.eval_on_selector_all(
            "button", "els => els.filter(e => e.offsetParent !== null)"
                      ".map(e => { const r = e.getBoundingClientRect();"
                      " return [e.textContent, r.width, r.height]; })"):
        assert box[1] >= 44 and box[2] >= 44, box


def test_a_phone_shows_its_hand_answers_a_decision_and_a_card_window(browser, shots):
    with running_hub() as hub:
        hub.publish(0, SF_VIEW)
        hub.publish(1, {**SF_VIEW, "hand": [{"title": "SEAT-1-SECRET"}]})
        page = phone_page(browser, hub)
        page.goto(hub.join_url(0))
        expect(page.locator("#name")).to_have_text("Ada")
        for card in HAND:
            expect(page.locator(".card", has_text=card["title"])).to_contain_text(card["text"])
        expect(page.locator(".stat").first).to_contain_text("$14")
        expect(page.locator("#question")).to_be_hidden()
        page.screenshot(path=str(shots / "phone_hand.png"))

        hub.ask(0, 1, DECISION)
        expect(page.locator("#prompt")).to_have_text("Manage: what now?")
        assert page.evaluate("window.__buzz.length") == 1  # it is your move: a buzz
        assert_touch_targets(page)
        page.screenshot(path=str(shots / "phone_decision.png"))
        page.get_by_role("button", name="Launch a product").tap()
        assert wait_for(hub.answers) == [(0, 1, "launch")]
        expect(page.locator("#question")).to_be_hidden()

        hub.ask(0, 2, WINDOW)
        expect(page.locator("#window-tag")).to_be_visible()
        assert_touch_targets(page)
        page.screenshot(path=str(shots / "phone_window.png"))
        page.get_by_role("button", name="Play Audit").tap()
        assert wait_for(hub.answers) == [(0, 2, "audit")]

        # a question the game withdraws goes away; a stale tap never reaches the game
        hub.ask(0, 3, DECISION)
        expect(page.locator("#prompt")).to_be_visible()
        hub.withdraw(0, 3)
        expect(page.locator("#question")).to_be_hidden()
        time.sleep(0.1)
        assert hub.answers() == []

        assert "SEAT-1-SECRET" not in page.content()
        assert all(url.startswith(hub.base_url) for url in page.fetched), page.fetched
        page.context.close()


def test_servermania_roll_is_held_then_released(browser, shots):
    with running_hub() as hub:
        hub.publish(1, SM_VIEW)
        page = phone_page(browser, hub)
        page.goto(hub.join_url(1))
        hub.ask(1, 7, {"prompt": "Your roll", "kind": "roll",
                       "options": [{"id": "roll", "label": "Roll"}]})
        roll = page.locator("#roll")
        expect(roll).to_be_visible()
        assert_touch_targets(page)
        box = roll.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        expect(roll).to_have_class("roll shaking")
        page.screenshot(path=str(shots / "phone_roll.png"))
        assert hub.answers() == []  # holding is not rolling yet
        page.mouse.up()
        assert wait_for(hub.answers) == [(1, 7, "roll")]
        page.context.close()


def test_lobby_join_and_takeover(browser, shots):
    with running_hub() as hub:
        hub.open_lobby([{"seat": 0, "label": "Seat 3 · free", "name": "", "colour": ""},
                        {"seat": 1, "label": "Seat 1 · Ada (Keyboard): move to this phone",
                         "name": "Ada", "colour": "#e05a47", "keep_name": True}],
                       ["#3d8bd9", "#44b36b", "#f2b631"])
        hub.publish(0, SF_VIEW)
        page = phone_page(browser, hub)
        page.goto(hub.short_url())  # the link the TV writes leads to the lobby
        page.get_by_role("button", name="Seat 3").tap()
        page.fill("#lobby-name", "Mo")
        page.get_by_role("button", name="#f2b631").tap()
        assert_touch_targets(page)
        page.screenshot(path=str(shots / "phone_lobby.png"))
        page.get_by_role("button", name="Join").tap()
        expect(page.locator("#name")).to_have_text("Mo")
        expect(page.locator(".card").first).to_contain_text("Headhunter")
        events = wait_for(hub.events, 2)
        assert events[0] == {"kind": "claim", "seat": 0, "offer": 0, "name": "Mo",
                             "colour": "#f2b631"}

        second = phone_page(browser, hub)  # the same link on another phone
        second.goto(hub.join_url(0))
        expect(second.locator("#name")).to_have_text("Mo")
        expect(page.locator("#notice")).to_contain_text("another phone")
        second.context.close()
        page.context.close()
