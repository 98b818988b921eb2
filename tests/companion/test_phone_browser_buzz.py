"""A question reaches every phone: a buzz where `navigator.vibrate` works, a short chime
and a flash of the seat's colour where it is missing (iPhones); and the screen is kept
awake with the Screen Wake Lock API where the browser has it (taken again on return)."""

from __future__ import annotations

from .helpers import QUESTION, running_hub
from .test_phone_browser import PHONE, browser, expect  # noqa: F401

NO_VIBRATE = """
  delete Navigator.prototype.vibrate;
  window.__tones = 0;
  window.AudioContext = class {
    constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
    resume() {}
    createOscillator() {
      return { frequency: { setValueAtTime() {} }, connect(g) { return g; },
               start() { window.__tones += 1; }, stop() {} };
    }
    createGain() {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
               connect(d) { return d; } };
    }
  };
"""
WAKE_LOCK = """
  window.__locks = 0;
  Object.defineProperty(navigator, "wakeLock", { value: { request: async (kind) => {
    window.__locks += 1; return { released: false, kind };
  } } });
"""


def phone(browser, script: str):  # noqa: F811
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True,
                                  is_mobile=True)
    context.add_init_script(script)
    return context.new_page()


def test_without_vibration_a_question_chimes_and_flashes(browser):  # noqa: F811
    with running_hub() as hub:
        hub.publish(0, {"status": "Bo's move", "stats": [], "hand": [], "log": []})
        page = phone(browser, NO_VIBRATE)
        page.goto(hub.join_url(0))
        expect(page.locator("#status")).to_have_text("Bo's move")
        assert page.evaluate("typeof navigator.vibrate") == "undefined"
        page.locator("body").tap()  # a tap first: browsers allow sound after one
        hub.ask(0, 1, QUESTION)
        expect(page.locator("#prompt")).to_have_text(QUESTION["prompt"])
        assert "flash" in page.evaluate("document.body.className")
        assert page.evaluate("window.__tones") == 1
        page.context.close()


def test_the_screen_is_kept_awake_where_the_browser_can(browser):  # noqa: F811
    with running_hub() as hub:
        page = phone(browser, WAKE_LOCK)
        page.goto(hub.join_url(0))
        expect(page.locator("#status")).not_to_have_text("Connecting…")
        page.wait_for_function("window.__locks >= 1")
        page.context.close()
