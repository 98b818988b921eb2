"""Each phone decision in a real browser at 390x844, as the game builds it: it says what
it is about, a poach offer is a stepper, the header says "Your move" while the phone
asks, figures are never cut, and the results show the ranking.

Screenshots of each decision go to $PHONE_SHOTS_DECISIONS (default /tmp/phones/decisions)
for a person to look at.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game import servermania as sm
from game.companion import views

from .helpers import running_hub, wait_for
from .test_phone_browser import browser, expect, phone_page  # noqa: F401 (a fixture)
from .test_phone_questions import NAMES, poach_state, reach

SHOTS = Path(os.environ.get("PHONE_SHOTS_DECISIONS", "/tmp/phones/decisions"))

#: (stage, condition) of each decision shot: one of every Startup Fever decision.
STAGES = [
    ("chips", None), ("window", None), ("defense", None), ("attrition", None),
    ("manage", None), ("counter", None), ("loss", None), ("reassign", None),
    ("marketing", None), ("order_choose", lambda s: any(s.new_order)),
]
# Figures that overflow their box (cut at the phone's width): none may.
CUT = """() => [...document.querySelectorAll('.stat .value, .stepper .amount, #ranking .score')]
  .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
  .map(e => e.textContent)"""
WIDE = "() => document.documentElement.scrollWidth"


def as_seat(hub, state) -> None:
    """The hub's slot 0 looks like the deciding seat (its name on the page)."""
    hub.set_seat(0, NAMES[state.current_player], "#e05a47")


def question_for(state) -> tuple[dict, dict]:
    seat = state.current_player
    legal = state.legal_actions()
    words = views.words_for("startupfever", state, seat, legal, NAMES[:len(state.players)])
    question = views.decision("startupfever", state.stage, legal, state.window, words=words)
    view = views.seat_view("startupfever", state.observation(seat), NAMES, ["Year 2 begins"])
    return view, question


@pytest.mark.parametrize(("stage", "when"), STAGES, ids=[s for s, _ in STAGES])
def test_each_decision_says_what_it_is_about_at_phone_size(browser, stage, when):  # noqa: F811
    state = reach(stage, when) if when else reach(stage)
    view, question = question_for(state)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with running_hub() as hub:
        as_seat(hub, state)
        hub.publish(0, {**view, "status": "Someone's move", "your_turn": False})
        page = phone_page(browser, hub)
        page.goto(hub.join_url(0))
        expect(page.locator("#status")).to_have_text("Someone's move")
        hub.ask(0, 1, question)
        expect(page.locator("#prompt")).to_have_text(question["prompt"])
        expect(page.locator("#how")).to_have_text(question["how"])
        expect(page.locator("#status")).to_have_text("Your move")  # whenever it asks
        assert page.evaluate(CUT) == [] and page.evaluate(WIDE) <= 390
        page.screenshot(path=str(SHOTS / f"decision_{stage}.png"), full_page=True)
        hub.withdraw(0, 1)
        expect(page.locator("#status")).to_have_text("Someone's move")  # the view's own again
        page.context.close()


def test_a_poach_stepper_offers_the_amount_picked(browser):  # noqa: F811
    state = poach_state()
    view, question = question_for(state)
    option = next(o for o in question["options"] if "amount" in o and
                  o["amount"]["max"] > o["amount"]["min"])
    low, high = option["amount"]["min"], option["amount"]["max"]
    with running_hub() as hub:
        as_seat(hub, state)
        hub.publish(0, view)
        page = phone_page(browser, hub)
        page.goto(hub.join_url(0))
        hub.ask(0, 4, question)
        box = page.locator(".stepper", has_text=option["short"])
        group = page.locator("summary", has_text="Poach")
        # wait until the question is drawn: `is_visible` does not wait, so asked too
        # early it was False and the test looked for a group a short question lacks
        expect(box.or_(group).first).to_be_visible()
        if not box.is_visible():  # a long question: open the Poach group
            group.click()
        expect(box).to_be_visible()
        expect(box.locator(".amount")).to_have_text(f"${low}")
        expect(box.get_by_role("button", name="less")).to_be_disabled()  # the lowest
        for _ in range(high - low):
            box.get_by_role("button", name="more").click()
        expect(box.locator(".amount")).to_have_text(f"${high}")
        expect(box.get_by_role("button", name="more")).to_be_disabled()  # one's money
        box.get_by_role("button", name="less").click()
        picked = high - 1
        expect(box.locator(".go")).to_have_text(f"Offer ${picked}")
        SHOTS.mkdir(parents=True, exist_ok=True)
        box.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "decision_poach_stepper.png"))
        box.locator(".go").click()
        assert wait_for(hub.answers) == [(0, 4, f"{option['id']}:{picked}")]
        page.context.close()


def test_servermania_figures_are_never_cut_and_the_results_rank_everyone(browser):  # noqa: F811
    state = sm.new_game(4, seed=2)
    for pl, cash in zip(state.players, (100_000, 2_450_000, 0, 70_000), strict=True):
        pl.cash = cash
    obs = state.observation(1)
    obs.pop("board", None)
    view = views.seat_view("servermania", obs, NAMES[:4], ["Ada pays $50,000"])
    over = views.seat_view("servermania", obs, NAMES[:4], ["Game over"], over=True)
    with running_hub() as hub:
        hub.set_seat(0, "Bo", "#3d8bd9")
        hub.publish(0, view)
        page = phone_page(browser, hub)
        page.goto(hub.join_url(0))
        expect(page.locator(".stat").first).to_contain_text("$2,450,000")
        assert page.evaluate(CUT) == [] and page.evaluate(WIDE) <= 390
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "servermania_figures.png"))
        hub.publish(0, over)
        expect(page.locator("#results-head")).to_have_text(over["results"]["headline"])
        expect(page.locator("#ranking li")).to_have_count(4)
        expect(page.locator("#ranking li.you")).to_contain_text("Bo")
        assert page.evaluate(CUT) == []
        page.screenshot(path=str(SHOTS / "servermania_results.png"), full_page=True)
        page.context.close()


# --- a poach of a chosen amount and the counter-offer, in a real game ----------------------

#: What a phone that is not the test's subject taps: the way out of any other question.
WAY_OUT = ("Pass", "Let it happen", "Play no more cards", "End Manage Employees", "Stop here",
           "Done", "Seal the budget", "Let it go")


def counter_state():
    """A two-player manage step where the poacher can offer more than the lowest offer
    and the owner can still counter it: (state, the target's lowest Poach, the amount)."""
    from game import startupfever as sf

    def fits(s) -> bool:
        return pick(s) is not None

    def pick(s):
        me = s.players[s.current_player].money
        for a in s.legal_actions():
            if type(a) is sf.Poach and a.offer + 1 <= me and \
                    s.players[a.seat].money >= a.offer + 2:
                return a, a.offer + 1
        return None

    state = reach("manage", fits, games=200, players=2)
    return (state, *pick(state))


def tap_way_out(page) -> bool:
    """Answer whatever else is asked with its way out (or roll a die)."""
    roll = page.locator("#roll")
    if roll.is_visible() and roll.is_enabled():
        roll.dispatch_event("pointerdown")
        roll.dispatch_event("pointerup")
        return True
    for label in WAY_OUT:
        button = page.locator("#options button:enabled", has_text=label)
        if button.count() and button.first.is_visible():
            button.first.click()
            return True
    shown = page.locator("#options button:enabled:visible")  # none: the last one shown
    if shown.count():
        shown.last.click()
        return True
    return False


def test_a_phone_poaches_for_a_chosen_amount_and_the_other_phone_counters(browser):  # noqa: F811
    import time

    from scenes.app import SCREENS, make_app
    from scenes.engine.screens import Screens
    from scenes.phone_game import PhoneGame

    state, low, amount = counter_state()
    poacher, owner = state.current_player, low.seat
    kind = sf_kind(low.kind)
    table = PhoneGame(Screens(SCREENS), "startupfever", ["phone", "phone"], "127.0.0.1", 0,
                      seed=1, pace=8, state=state, rate=200, burst=200)
    urls: dict[int, str] = {}
    table.start(lambda line: urls.__setitem__(int(line.split()[1]), line.split()[2]))
    app = make_app(table.scene, headless=True, seed=1)
    pages = {}
    for seat, url in urls.items():
        pages[seat] = phone_page(browser, table.hub)
        pages[seat].goto(url)
    names = [s.name for s in table.seats]
    offered = countered = False
    deadline = time.monotonic() + 90
    try:
        while not countered and time.monotonic() < deadline:
            for _ in range(3):
                app.step()
                app.end_frame()
            for seat, page in pages.items():
                if page.locator("#question").is_hidden():
                    continue
                prompt = page.locator("#prompt").text_content() or ""
                if seat == poacher and not offered and prompt.startswith("Manage"):
                    target = f"{names[owner]}'s {kind}"
                    box = page.locator(".stepper", has_text=target).first
                    if not box.is_visible():
                        page.locator("summary", has_text="Poach").click()
                    for _ in range(amount - low.offer):
                        box.get_by_role("button", name="more").click()
                    expect(box.locator(".go")).to_have_text(f"Offer ${amount}")
                    box.locator(".go").click()
                    offered = True
                elif seat == owner and "poaches your" in prompt:
                    expect(page.locator("#status")).to_have_text("Your move")
                    assert names[poacher] in prompt and kind in prompt
                    expect(page.locator("#how")).to_contain_text(f"offers ${amount}")
                    keep = page.locator("#options button", has_text="Keep your")
                    expect(keep).to_contain_text(f"for ${amount + 1}")
                    SHOTS.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(SHOTS / "game_counter_offer.png"))
                    keep.click()
                    countered = True
                else:
                    tap_way_out(page)
        kept = f"{names[owner]} keeps the {kind} for ${amount + 1}"
        wait = time.monotonic() + 30
        while time.monotonic() < wait and not any(  # the counter reaches the rules
                kept in text for text, _c in table.scene.log_panel.entries):
            app.step()
            app.end_frame()
            time.sleep(0.002)
        lines = [text for text, _c in table.scene.log_panel.entries]
        assert f"{names[poacher]} offers ${amount} for {names[owner]}'s {kind}" in \
            " ".join(lines), lines[-8:]
        assert any(f"{names[owner]} keeps the {kind} for ${amount + 1}" in line
                   for line in lines), lines[-8:]
    finally:
        for page in pages.values():
            page.context.close()
        table.finish()
    assert offered and countered


def sf_kind(kind: str) -> str:
    from game.startupfever.actions import kind_name

    return kind_name(kind)
