"""Audience phones (watchers): the public view and events only, never a seat's view,
question or PIN, nothing they may answer; at most MAX_WATCHERS of them."""

from __future__ import annotations

import aiohttp

from game.companion.server import MAX_WATCHERS

from .helpers import QUESTION, arun, receive, receive_until, running_hub


def watch_ws(hub) -> str:
    return hub.watch_url().replace("/w/", "/ws-watch/")


def test_a_watcher_gets_the_public_view_and_events_and_can_answer_nothing():
    with running_hub() as hub:
        hub.publish(0, {"status": "SEAT-0-SECRET"})
        hub.ask(0, 1, QUESTION)
        hub.publish_watch({"status": "Bo's move", "table": {"whose": "Bo's move"}})

        async def go():
            async with aiohttp.ClientSession() as session:
                async with session.get(hub.watch_url()) as page:
                    assert page.status == 200
                watcher = await session.ws_connect(watch_ws(hub))
                state = await receive(watcher)
                assert state["watch"] and state["view"]["status"] == "Bo's move"
                assert state["ticket"] is None and state["question"] is None
                assert "pin" not in state and "SEAT-0-SECRET" not in str(state)
                hub.publish_watch({"status": "Cy's move"})
                assert (await receive_until(watcher, "view"))["view"] == {"status": "Cy's move"}
                hub.broadcast({"text": "public line"})
                assert (await receive_until(watcher, "public"))["event"]["text"] == "public line"
                await watcher.send_json({"type": "answer", "ticket": 1, "choice": "pass"})
                refused = await receive_until(watcher, "refused")
                assert refused["reason"] == "watching"
                await watcher.close()
            assert hub.answers() == []

        arun(go())


def test_watching_needs_the_lobby_code_and_the_audience_is_capped():
    with running_hub() as hub:

        async def go():
            async with aiohttp.ClientSession() as session:
                bad = watch_ws(hub)[:-3] + "xyz"
                async with session.get(bad) as response:
                    assert response.status == 403
                watchers = [await session.ws_connect(watch_ws(hub))
                            for _ in range(MAX_WATCHERS)]
                for ws in watchers:
                    await receive(ws)
                async with session.get(watch_ws(hub)) as response:
                    assert response.status == 403  # the room is full
                assert hub.watchers() == MAX_WATCHERS
                for ws in watchers:
                    await ws.close()

        arun(go())
