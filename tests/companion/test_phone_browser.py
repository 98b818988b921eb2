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
import random
import shutil
import time
from pathlib import Path

import pytest

from game import servermania as sm
from game import startupfever as sf
from game.companion import views

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
    """Every visible button and group heading is at least 44 x 44 CSS pixels."""
    for box in page.eval_on_selector_all(
            "button, summary", "els => els.filter(e => e.offsetParent !== null)"
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

        expect(page.locator("#pin")).to_have_text(f"PIN {hub.pin(0)}")
        second = phone_page(browser, hub)  # the same link on another phone: its PIN first
        second.goto(hub.join_url(0))
        expect(second.locator("#pin-box")).to_be_visible()
        expect(second.locator(".card")).to_have_count(0)  # nothing of the seat shows
        second.fill("#pin-input", hub.pin(0))
        second.locator("#pin-go").click()
        expect(second.locator("#name")).to_have_text("Mo")
        expect(second.locator(".card").first).to_contain_text("Headhunter")
        expect(page.locator("#notice")).to_contain_text("another phone")
        second.reload()  # this phone keeps the PIN: a reload needs nothing more
        expect(second.locator(".card").first).to_contain_text("Headhunter")
        expect(second.locator("#pin-box")).to_be_hidden()
        second.context.close()
        page.context.close()


# --- long Startup Fever questions, by group ----------------------------------------------

#: Screenshots of the grouped questions are also copied here (for a person to look at).
SHOTS_COPY = Path(os.environ.get("PHONE_SHOTS_COPY", "/tmp/shots-page"))


def real_question(stage: str, least: int, seed: int = 0) -> tuple[list, dict]:
    """The first decision at `stage` with at least `least` legal actions met in random
    Startup Fever games (seeded: always the same), as views.decision asks it."""
    for game in range(seed, seed + 200):
        rng = random.Random(game)
        state = sf.new_game(4, seed=game)
        while not state.is_terminal():
            if state.current_player == sf.CHANCE:
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            if state.stage == stage and len(legal) >= least:
                return legal, views.decision("startupfever", state.stage, legal,
                                             window=state.window)
            state.apply(rng.choice(legal))
    raise AssertionError(f"no {stage} decision with {least} options")


def shoot(page: Page, shots: Path, name: str, **kwargs) -> None:
    path = shots / name
    page.screenshot(path=str(path), **kwargs)
    SHOTS_COPY.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, SHOTS_COPY / name)


def groups_of(question: dict) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for option in question["options"]:
        if not option.get("pin"):
            out.setdefault(option["group"], []).append(option)
    return out


def test_a_long_manage_question_is_grouped_and_a_closed_group_opens_on_tap(browser, shots):
    legal, question = real_question("manage", 30)
    groups = groups_of(question)
    big = [name for name, members in groups.items() if len(members) > 6]
    small = [name for name, members in groups.items() if len(members) <= 6]
    assert "Poach" in big and "Hire" in small, groups  # what this test is about
    with running_hub() as hub:
        hub.publish(0, SF_VIEW)
        page = phone_page(browser, hub)
        page.goto(hub.join_url(0))
        hub.ask(0, 4, question)
        expect(page.locator("#prompt")).to_have_text(question["prompt"])
        headings = page.locator("details.group > summary .name")
        expect(headings).to_have_text(list(groups))
        for name in groups:
            group = page.locator("details.group", has=page.locator(".name", has_text=name))
            if name in big:
                expect(group).not_to_have_attribute("open", "")
                expect(group.locator("button").first).to_be_hidden()
            else:
                expect(group).to_have_attribute("open", "")
                expect(group.locator("button").first).to_be_visible()
        end = page.get_by_role("button", name="End manage employees")
        expect(end).to_be_visible()
        expect(end).to_be_in_viewport()
        assert_touch_targets(page)
        shoot(page, shots, "phone_manage_collapsed.png")

        poach = page.locator("details.group", has=page.locator(".name", has_text="Poach"))
        poach.locator("summary").tap()
        expect(poach).to_have_attribute("open", "")
        picked = groups["Poach"][len(groups["Poach"]) // 2]
        button = page.get_by_role("button", name=picked["label"], exact=True)
        expect(button).to_be_visible()
        expect(button).to_have_text(picked["short"])
        assert_touch_targets(page)
        shoot(page, shots, "phone_manage_open.png")
        button.scroll_into_view_if_needed()
        expect(end).to_be_in_viewport()  # the way out stays in sight
        shoot(page, shots, "phone_manage_open_scrolled.png")
        button.tap()
        assert wait_for(hub.answers) == [(0, 4, picked["id"])]
        assert legal[picked["id"]].__class__.__name__ == "Poach"
        expect(page.locator("#question")).to_be_hidden()
        page.context.close()


def test_a_card_window_groups_by_card_with_the_targets_as_a_grid(browser, shots):
    legal, question = real_question("window", 14)
    groups = groups_of(question)
    assert all(name.startswith("Play ") for name in groups), groups
    with running_hub() as hub:
        hub.publish(0, SF_VIEW)
        page = phone_page(browser, hub)
        page.goto(hub.join_url(0))
        hub.ask(0, 5, question)
        expect(page.locator("#window-tag")).to_be_visible()
        expect(page.locator("details.group")).to_have_count(len(groups))
        name, members = next((n, m) for n, m in groups.items() if len(m) > 6)
        group = page.locator("details.group", has=page.locator(".name", has_text=name))
        expect(group).not_to_have_attribute("open", "")
        shoot(page, shots, "phone_window_collapsed.png")
        group.locator("summary").tap()
        expect(group.locator(".grid")).to_be_visible()
        expect(group.locator(".note")).to_have_text(members[0]["text"])  # said once
        expect(group.locator("button .text")).to_have_count(0)
        assert_touch_targets(page)
        shoot(page, shots, "phone_window_open.png")
        target = members[-1]
        group.get_by_role("button", name=target["label"], exact=True).tap()
        assert wait_for(hub.answers) == [(0, 5, target["id"])]
        assert str(legal[target["id"]]).endswith(f"on {target['short']}")
        page.context.close()


@pytest.mark.parametrize(("stage", "least"), [("attrition", 16), ("reassign", 20),
                                           ("order_choose", 10)])
def test_other_long_questions_are_grouped_within_reach(browser, shots, stage, least):
    legal, question = real_question(stage, least)
    groups = groups_of(question)
    with running_hub() as hub:
        hub.publish(0, SF_VIEW)
        page = phone_page(browser, hub)
        page.goto(hub.join_url(0))
        hub.ask(0, 8, question)
        expect(page.locator("details.group")).to_have_count(len(groups))
        opened = [n for n, members in groups.items() if len(members) <= 6 or len(groups) == 1]
        expect(page.locator("details.group[open] > summary .name")).to_have_text(opened)
        assert_touch_targets(page)
        shoot(page, shots, f"phone_{stage}.png")
        last = list(groups)[-1]
        group = page.locator("details.group", has=page.locator(".name", has_text=last))
        if last not in opened:
            group.locator("summary").tap()
        target = groups[last][0]
        group.get_by_role("button", name=target["label"], exact=True).tap()
        assert wait_for(hub.answers) == [(0, 8, target["id"])]
        page.context.close()


def test_short_questions_stay_one_plain_list(browser, shots):
    sf_question = views.decision("startupfever", "defense",
                                 [sf.Defend(True), sf.Defend(False)], window="adoption")
    sm_question = views.decision("servermania", "maintenance",
                                 [sm.PayMaintenance(), sm.SkipMaintenance()])
    with running_hub() as hub:
        hub.publish(0, SM_VIEW)
        page = phone_page(browser, hub)
        page.goto(hub.join_url(0))
        hub.ask(0, 6, sf_question)
        expect(page.get_by_role("button", name="No Defense")).to_be_visible()
        expect(page.locator("details.group")).to_have_count(0)
        expect(page.locator("#options > button")).to_have_count(2)
        page.get_by_role("button", name="No Defense").tap()
        assert wait_for(hub.answers) == [(0, 6, 1)]

        hub.ask(0, 7, sm_question)
        expect(page.locator("#prompt")).to_have_text("Maintenance: pay or skip?")
        expect(page.locator("#options > button")).to_have_text(
            ["Pay maintenance", "Skip maintenance"])
        expect(page.locator("details.group")).to_have_count(0)
        assert_touch_targets(page)
        shoot(page, shots, "phone_servermania_maintenance.png")
        page.get_by_role("button", name="Skip maintenance").tap()
        assert wait_for(hub.answers) == [(0, 7, 1)]
        page.context.close()
