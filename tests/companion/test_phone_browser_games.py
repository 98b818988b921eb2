"""Whole games with phones in a real browser: Debian's chromium, driven by Playwright.

The real game screen runs headless in the test's thread (`scenes.phone_game`, as
`main.py play GAME --seats ... --phones 127.0.0.1:0 --headless` runs it); the phones are
pages of the real phone page in chromium, in a thread of their own, each tapping one of
its question's buttons (or holding and releasing its Roll button) whenever one shows.

- Startup Fever: two phone seats, one keyboard seat and a computer, to the results. The
  keyboard seat's decisions come from a script (`ScriptedSource`); its own die and its
  row of the "any cards?" beat are answered with keyboard presses (confirm).
- SERVERMANIA: two phone seats, to the results.

Screenshots at 390x844 of a hand, a decision and a card window in the real game go to
$PHONE_SHOTS_GAME (default /tmp/phone_shots_game/).

Without /usr/bin/chromium these tests skip, except under CI (CI=true), where they fail.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from pathlib import Path

import pytest

from scenes.engine.input import KEYBOARD, Action
from scenes.table.sources import ScriptedSource

from .test_phone_browser import ARGS, CHROMIUM, IN_CI, PHONE

if not CHROMIUM.exists() and not IN_CI:
    pytest.skip("no /usr/bin/chromium here (CI installs it)", allow_module_level=True)

from playwright.sync_api import sync_playwright  # noqa: E402

SHOTS = Path(os.environ.get("PHONE_SHOTS_GAME", "/tmp/phone_shots_game"))
#: The longest a whole game may take here (a red test, never a hang).
GAME_LIMIT = 150.0

#: Taps and rolls per phone made with Playwright's touch and mouse input; later ones are
#: the page's own click and pointer events from a script (the same handlers, ~20x faster).
REAL_INPUT = 4

# What a phone page shows now, read in one call.
READ = """() => {
  const q = document.getElementById('question');
  const buttons = [...document.querySelectorAll('#options button')];
  const roll = document.getElementById('roll');
  return {open: !q.hidden, window: !document.getElementById('window-tag').hidden,
          roll: !roll.hidden && !roll.disabled,
          options: buttons.filter(b => !b.disabled).length,
          cards: document.querySelectorAll('#hand .card').length,
          status: document.getElementById('status').textContent};
}"""
# Tap option number floor(r * enabled options), in the page.
TAP = """(r) => {
  const buttons = [...document.querySelectorAll('#options button')].filter(b => !b.disabled);
  if (!buttons.length || document.getElementById('question').hidden) return false;
  buttons[Math.min(buttons.length - 1, Math.floor(r * buttons.length))].click();
  return true;
}"""
# Press and release the Roll button, in the page.
ROLL = """() => {
  const roll = document.getElementById('roll');
  if (roll.hidden || roll.disabled) return false;
  for (const kind of ['pointerdown', 'pointerup'])
    roll.dispatchEvent(new PointerEvent(kind, {bubbles: true, cancelable: true}));
  return true;
}"""


class Phones(threading.Thread):
    """Chromium phones for the given join URLs, tapping until `stop` is set."""

    def __init__(self, urls: dict[int, str], seed: int, shots: Path | None) -> None:
        super().__init__(daemon=True)
        self.urls, self.rng, self.shots = urls, random.Random(seed), shots
        self.stop = threading.Event()
        self.ready = threading.Event()
        self.taps = {seat: 0 for seat in urls}
        self.rolls = {seat: 0 for seat in urls}
        self.windows = 0
        self.saw_over = {seat: False for seat in urls}
        self.shot: dict[str, str] = {}
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            with sync_playwright() as play:
                browser = play.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
                try:
                    self._play(browser)
                finally:
                    browser.close()
        except BaseException as err:  # noqa: BLE001 - the test thread reports it
            self.error = err
            self.ready.set()

    def _play(self, browser) -> None:
        pages = {}
        for seat, url in self.urls.items():
            context = browser.new_context(viewport=PHONE, device_scale_factor=1,
                                          has_touch=True, is_mobile=True)
            page = context.new_page()
            page.set_default_timeout(10_000)
            page.goto(url)
            pages[seat] = page
        self.ready.set()
        while not self.stop.is_set():
            idle = True
            for seat, page in pages.items():
                now = page.evaluate(READ)
                if now["status"] == "Game over":
                    self.saw_over[seat] = True
                if not now["open"]:
                    if now["cards"] and "hand" not in self.shot:
                        self._shoot(page, "hand", seat)
                        if "hand" in self.shot and page.evaluate(READ)["open"]:
                            del self.shot["hand"]
                    continue
                if now["roll"]:
                    idle = False
                    self._roll(page, seat)
                elif now["options"]:
                    idle = False
                    self._tap(page, seat, now)
            if idle:
                time.sleep(0.01)

    def _shoot(self, page, name: str, seat: int) -> None:
        if self.shots is None:
            return
        self.shots.mkdir(parents=True, exist_ok=True)
        path = self.shots / f"phone_{name}.png"
        page.screenshot(path=str(path))
        self.shot[name] = f"seat {seat}"

    def _tap(self, page, seat: int, now: dict) -> None:
        if now["window"]:
            self.windows += 1
            if "window" not in self.shot:
                self._shoot(page, "window", seat)
        elif "decision" not in self.shot and now["options"] >= 3:
            self._shoot(page, "decision", seat)
        # prefer the last option (ending a step, passing): games stay short
        r = 0.999 if self.rng.random() < 0.6 else self.rng.random()
        if self.taps[seat] >= REAL_INPUT:
            self.taps[seat] += page.evaluate(TAP, r)
            return
        buttons = page.locator("#options button:enabled:visible")  # not in a closed group
        count = buttons.count()
        if not count:
            return
        try:
            buttons.nth(min(count - 1, int(r * count))).tap(timeout=2_000)
            self.taps[seat] += 1
        except Exception:  # noqa: BLE001 - the question was withdrawn under the finger
            pass

    def _roll(self, page, seat: int) -> None:
        if self.rolls[seat] >= REAL_INPUT:
            self.rolls[seat] += page.evaluate(ROLL)
            return
        box = page.locator("#roll").bounding_box()
        if box is None:
            return
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.mouse.up()
        self.rolls[seat] += 1


class WatchingPhones(Phones):
    """The phones, and one more phone that only watches: every frame it receives kept."""

    def __init__(self, urls: dict[int, str], seed: int, shots: Path | None,
                 watch_url: str) -> None:
        super().__init__(urls, seed, shots)
        self.watch_url = watch_url
        self.frames: list[str] = []
        self.watched_over = False

    def _play(self, browser) -> None:
        context = browser.new_context(viewport=PHONE, device_scale_factor=1,
                                      has_touch=True, is_mobile=True)
        page = context.new_page()
        page.on("websocket", lambda ws: ws.on("framereceived", lambda f: self.frames.append(f)))
        page.goto(self.watch_url)
        self.watcher = page
        super()._play(browser)
        self.watched_over = page.locator("#results").is_visible()
        if self.shots is not None:
            page.screenshot(path=str(self.shots / "phone_watcher_results.png"),
                            full_page=True)


def play_in_browser(game: str, kinds: list[str], seed: int, shots: Path | None,
                    keyboard: int | None = None, watch: bool = False,
                    launched: dict[int, frozenset] | None = None, limit: float = GAME_LIMIT):
    from scenes.app import SCREENS, make_app
    from scenes.engine.screens import Screens
    from scenes.phone_game import PhoneGame

    # the hub's limits, loosened: these phones tap as fast as a machine can
    table = PhoneGame(Screens(SCREENS), game, kinds, "127.0.0.1", 0, seed=seed, pace=8,
                      rate=200, burst=200)
    urls: dict[int, str] = {}
    table.start(lambda line: urls.__setitem__(int(line.split()[1]), line.split()[2]))
    phones = WatchingPhones(urls, seed, shots, table.hub.watch_url()) if watch else \
        Phones(urls, seed, shots)
    phones.start()
    assert phones.ready.wait(60) and phones.error is None, phones.error
    app = make_app(table.scene, headless=True, seed=seed)
    rng = random.Random(seed)
    started = time.monotonic()
    pressed = {"rolls": 0, "beats": 0}

    def keyboard_hand(app) -> None:
        """The keyboard seat: scripted decisions, its die and beat row by keypresses."""
        scene = table.scene
        if phones.error is not None:
            raise AssertionError(f"the phones failed: {phones.error!r}")
        if time.monotonic() - started > limit:
            raise AssertionError("the game did not end in time")
        if launched is not None and getattr(scene, "state", None) is not None \
                and hasattr(scene.state, "products"):  # what was public at each change
            launched[table.link.rev] = frozenset(
                s for s, p in scene.state.products.items() if p.launched)
        if keyboard is None or getattr(scene, "driver", None) is None:
            return
        if keyboard not in scene.driver.sources:
            scene.driver.sources[keyboard] = ScriptedSource(
                lambda state, legal: legal[-1] if rng.random() < 0.6 else rng.choice(legal))
        call = scene.roll_call
        beat = getattr(scene, "beat", None)
        asked = (call is not None and call.seat == keyboard) or (
            hasattr(beat, "seats") and keyboard in beat.seats and keyboard not in beat.answers
            and beat.seats[beat.selected] == keyboard)
        if asked and app.updates % 7 == 0:
            pressed["rolls" if call is not None else "beats"] += 1
            scene.handle(Action("confirm", KEYBOARD, True))
            scene.handle(Action("confirm", KEYBOARD, False))

    try:
        table.run_headless(app, keyboard_hand)
        deadline = time.monotonic() + 5
        while not all(phones.saw_over.values()) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        table.finish()
        phones.stop.set()
        phones.join(30)
    assert phones.error is None, phones.error
    print(game, "taps", phones.taps, "rolls", phones.rolls, "windows", phones.windows,
          "keyboard", pressed, "updates", app.updates, "s", round(time.monotonic() - started))
    return table, phones, pressed


def test_startup_fever_with_two_phones_a_keyboard_and_a_computer_to_the_results():
    table, phones, pressed = play_in_browser(
        "startupfever", ["phone", "keyboard", "phone", "normal"], seed=7, shots=SHOTS,
        keyboard=1)
    scene = table.scene
    assert scene.state.is_terminal()
    assert type(scene.app.stack.top).__name__ == "ResultsScene"
    assert all(phones.saw_over.values())  # each phone was told the game is over
    assert min(phones.taps.values()) > 10 and min(phones.rolls.values()) > 0
    assert phones.windows > 0  # card windows reached the phones
    assert pressed["rolls"] > 0  # the keyboard seat threw its own dice
    assert scene.hand_look.seats == [1]  # the TV offers the keyboard seat's hand alone
    assert set(phones.shot) == {"hand", "decision", "window"}


def test_servermania_with_two_phones_to_the_results():
    table, phones, _pressed = play_in_browser("servermania", ["phone", "phone"], seed=7,
                                              shots=None, watch=True)
    assert table.scene.state.is_terminal() and phones.watched_over  # a watcher too
    tables = [v["table"] for v in (json.loads(f).get("view") for f in phones.frames) if v]
    assert tables and all(len(t["players"]) == 2 and "square" in t["players"][0]
                          for t in tables)
    assert type(table.scene.app.stack.top).__name__ == "ResultsScene"
    assert min(phones.rolls.values()) > 3
    assert all(phones.saw_over.values())


def test_a_watcher_follows_a_whole_game_and_is_sent_no_seats_secret():
    """An audience phone watches Startup Fever to the results: it gets the public table
    and log only (no hand, question or PIN), no product's chip before it launches, and
    the results at the end."""
    import json

    launched: dict[int, frozenset] = {}
    table, phones, _pressed = play_in_browser(
        "startupfever", ["phone", "normal"], seed=11, shots=SHOTS, watch=True,
        launched=launched, limit=2 * GAME_LIMIT)  # shares the cores with the suite
    assert table.scene.state.is_terminal() and phones.watched_over
    views_seen = 0
    for frame in phones.frames:
        message = json.loads(frame)
        assert message["type"] in ("state", "view", "public", "pong"), message["type"]
        assert message.get("question") is None and message.get("ticket") is None
        assert "pin" not in message
        view = message.get("view")
        if not view:
            continue
        views_seen += 1
        assert view["watch"] and view["hand"] == [] and view["stats"] == [] and \
            "obs" not in view
        known = launched.get(view.get("rev"), frozenset())
        for company in view["table"]["companies"]:
            for product in company["products"]:
                if product["category"] != "?":  # a chip shows only once launched
                    assert product["slot"] in known or view["over"], (view["rev"], product)
    assert views_seen > 20
    assert any((json.loads(f).get("view") or {}).get("results") for f in phones.frames)
