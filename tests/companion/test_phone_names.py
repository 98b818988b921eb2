"""Names picked on a phone follow the one name rule (game/names.py) and the TV's fonts:
an emoji family is one character, a name the TV cannot draw or too long is refused with
its reason, and a name in a phone's log sits between Unicode isolates."""

from __future__ import annotations

import aiohttp
import pygame

from game.companion import views
from game.names import FSI, PDI
from scenes.engine import scripts

from .helpers import arun, running_hub

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
OFFERS = [{"seat": n, "label": f"Seat {n + 1} · free", "name": "", "colour": ""}
          for n in range(3)]
COLOURS = ["#3d8bd9", "#44b36b", "#f2b631"]


def claims(names: list[str], can_draw=None) -> list[tuple[int, dict]]:
    with running_hub(can_draw=can_draw) as hub:
        hub.open_lobby(OFFERS, COLOURS)

        async def go():
            out = []
            async with aiohttp.ClientSession() as session:
                url = f"{hub.lobby_url().replace('/lobby/', '/api/lobby/')}/claim"
                for n, name in enumerate(names):
                    body = {"seat": n % 3, "name": name, "colour": COLOURS[n % 3]}
                    async with session.post(url, json=body) as response:
                        out.append((response.status, await response.json()))
            return out

        return arun(go())


def test_a_phone_may_pick_a_name_of_sixteen_characters_an_emoji_family_one_of_them():
    (status, _body), = claims([FAMILY + "x" * 15])
    assert status == 200


def test_a_name_too_long_or_with_a_bidi_override_is_refused_with_its_reason():
    (long, long_body), (bidi, bidi_body) = claims(["x" * 17, "Mo\u202eay"])
    assert long == 400 and long_body["reason"] == "This name is longer than 16 characters."
    assert bidi == 400 and "U+202E RIGHT-TO-LEFT OVERRIDE" in bidi_body["reason"]


def test_a_name_the_tv_cannot_draw_is_refused_in_the_tvs_words():
    pygame.init()
    scripts.prepare()
    (status, body), = claims(["\u540d\u524d"], can_draw=scripts.cannot_draw)
    assert status == 400 and body["reason"].startswith("The TV has no letters for \u540d")


def test_names_in_a_phones_log_are_isolated():
    names = ["\u0645\u0631\u064a\u0645", "Bo"]
    lines = views.isolated(["\u0645\u0631\u064a\u0645 hires a Nerd for A ($1)",
                            "Bo pays $3 to \u0645\u0631\u064a\u0645"], names)
    assert lines == [f"{FSI}\u0645\u0631\u064a\u0645{PDI} hires a Nerd for A ($1)",
                     f"{FSI}Bo{PDI} pays $3 to {FSI}\u0645\u0631\u064a\u0645{PDI}"]
