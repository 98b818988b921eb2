"""How to play Startup Fever: every topic a newcomer needs, pictures of
the real table, and text that stays large enough at 1280×720."""

from __future__ import annotations

import pytest

from scenes import registry
from scenes.howto import HOWTO, HowToPlayScene
from tests.scenes_servermania.helpers import READY, new_app, press, step

TOPICS = ("victory points", "VP", "Adoption", "Revenue", "Manage employees", "User loss",
          "Big Nerd", "4 strength", "field 4", "vested", "Poach", "Counter-offer",
          "Retain", "Showdown", "Reassign", "Marketing", "Turn order", "Leak",
          "last product launches")


def test_the_pages_cover_every_topic():
    text = " ".join(t for page in registry.get("startupfever").pages() for _s, t in page.rows)
    for topic in TOPICS:
        assert topic in text, topic
    titles = [p.title for p in registry.get("startupfever").pages()]
    assert "Your product turn at a glance" in titles and "Year end at a glance" in titles


def test_pictures_come_from_the_real_table():
    pictures = [p.picture for p in registry.get("startupfever").pages() if p.picture]
    assert len(pictures) >= 3
    for name in pictures:
        assert (HOWTO / f"{name}.png").is_file(), name


@pytest.mark.parametrize("size", [100, 150])
def test_every_page_is_full_and_legible(size):
    app = new_app(HowToPlayScene("startupfever"))
    app.settings.text_size = size
    app.apply_settings()
    step(app, READY)
    scene = app.stack.top
    for _ in registry.get("startupfever").pages():
        assert scene.text_px >= 22 and len(scene.rows) >= 3
        press(app, "right")
        step(app, 2)
