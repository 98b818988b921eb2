"""How to play: pages turn with a pad, the shoulders switch game, the title opens it."""

from __future__ import annotations

from scenes import registry
from scenes.howto import HowToPlayScene
from scenes.menu import resolve, title_menu
from tests.scenes_servermania.helpers import READY, new_app, press, step


def test_pages_turn_switch_game_and_close_past_the_last():
    rules = HowToPlayScene("servermania")
    app = new_app(rules)
    step(app, READY)
    press(app, "left", "pad:0")  # nothing before the first page
    assert rules.page == 0
    for _ in registry.get("servermania").pages()[1:]:
        press(app, "right", "pad:0")
    assert rules.page == len(registry.get("servermania").pages()) - 1
    press(app, "rshoulder", "pad:0")
    assert (rules.game, rules.page) == ("startupfever", 0)
    assert all(image.get_width() > 0 and lines for image, lines in rules.rows)  # sprites
    for _ in registry.get("startupfever").pages():
        press(app, "confirm", "pad:0")  # confirm reads on; past the last page it closes
    step(app, 40)
    assert app.stack.top is not rules


def test_the_title_menu_opens_how_to_play():
    entry = next(e for e in title_menu() if e.label == "How to play")
    assert resolve(entry.target) is HowToPlayScene
