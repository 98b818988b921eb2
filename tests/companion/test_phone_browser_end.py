"""A phone is told the game has ended even when it is talking as the server stops.

The server used to close each phone's WebSocket from another task while the phone's own
reading task waited in `receive`: aiohttp then shut the socket right after the close
frame, and a message from the phone still unread made the kernel reset the connection.
The phone could lose the close frame (code 4002) and said "Connection lost —
reconnecting…" for good instead of "The game has ended" (about one round in seven of this
test's loop, before the fix). Now the reading task closes its own socket, waiting for the phone's
reply.
"""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers import running_hub
from .test_phone_browser import browser, phone_page  # noqa: F401

ROUNDS = 20  # before the fix, at least one of 20 failed in nearly every run


def test_a_phone_sending_as_the_server_stops_still_hears_the_game_ended(browser):  # noqa: F811
    for _ in range(ROUNDS):
        with running_hub() as hub:
            page = phone_page(browser, hub)
            page.goto(hub.join_url(0))
            expect(page.locator("#name")).to_have_text("Ada")
            # three messages from the phone, on their way as the server stops
            page.evaluate("for (let i = 0; i < 3; i++) "
                          "page.ws.send(JSON.stringify({type: 'resync'}))")
            hub.stop(timeout=0)
            expect(page.locator("#notice")).to_contain_text("ended")
            page.context.close()
