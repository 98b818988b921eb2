"""PhoneHub: views, questions and answers between the game thread and a phone."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from game.companion import PhoneHub
from game.companion.server import CLOSE_TAKEN_OVER

from .helpers import (
    QUESTION,
    SEATS,
    arun,
    await_for,
    receive,
    receive_until,
    running_hub,
    wait_for,
    ws_url,
)


def test_first_message_is_the_seats_state_and_an_answer_reaches_the_game():
    with running_hub() as hub:
        hub.publish(1, {"status": "Your move", "hand": [{"title": "Poach"}]})
        hub.ask(1, 5, QUESTION)

        async def phone():
            async with aiohttp.ClientSession() as session, \
                    session.ws_connect(ws_url(hub, 1)) as ws:
                first = await receive(ws)
                assert first["type"] == "state" and first["seat"] == 1
                assert first["name"] == "Bo" and first["colour"] == "#3d8bd9"
                assert first["view"]["hand"] == [{"title": "Poach"}]
                assert first["ticket"] == 5 and first["question"] == QUESTION
                await ws.send_json({"type": "answer", "ticket": 5, "choice": "poach"})
                assert (await receive(ws)) == {"type": "accepted", "ticket": 5}

        arun(phone())
        assert wait_for(hub.answers) == [(1, 5, "poach")]
        assert [e["kind"] for e in wait_for(hub.events, 2)] == ["connect", "disconnect"]


def test_views_and_questions_published_later_arrive_in_order():
    with running_hub() as hub:

        async def phone():
            async with aiohttp.ClientSession() as session, \
                    session.ws_connect(ws_url(hub, 0)) as ws:
                assert (await receive(ws))["view"] is None
                for n in range(20):
                    hub.publish(0, {"status": f"step {n}"})
                hub.ask(0, 9, QUESTION)
                seen = [(await receive(ws))["view"]["status"] for _ in range(20)]
                assert seen == [f"step {n}" for n in range(20)]
                asked = await receive(ws)
                assert asked == {"type": "ask", "ticket": 9, "question": QUESTION}
                hub.withdraw(0, 9)
                assert (await receive(ws)) == {"type": "withdraw", "ticket": 9}
                await ws.send_json({"type": "answer", "ticket": 9, "choice": "pass"})
                refused = await receive(ws)
                assert refused["type"] == "refused" and refused["reason"] == "stale"

        arun(phone())
        assert hub.answers() == []


def test_stale_and_unknown_answers_never_reach_the_game():
    with running_hub() as hub:
        hub.ask(0, 3, QUESTION)

        async def phone():
            async with aiohttp.ClientSession() as session, \
                    session.ws_connect(ws_url(hub, 0)) as ws:
                await receive(ws)
                for ticket, choice, reason in [(2, "pass", "stale"), (4, "pass", "stale"),
                                               (3, "steal", "unknown choice"),
                                               (3, 1, "unknown choice")]:
                    await ws.send_json({"type": "answer", "ticket": ticket, "choice": choice})
                    assert (await receive(ws)) == {"type": "refused", "ticket": ticket,
                                                   "reason": reason}
                await ws.send_json({"type": "answer", "ticket": 3, "choice": "pass"})
                assert (await receive(ws))["type"] == "accepted"
                # one answer per ticket: the same answer again is stale
                await ws.send_json({"type": "answer", "ticket": 3, "choice": "pass"})
                assert (await receive(ws))["reason"] == "stale"

        arun(phone())
        assert wait_for(hub.answers) == [(0, 3, "pass")]
        assert hub.answers() == []


def test_reconnecting_resumes_the_seat_and_a_second_phone_takes_over():
    with running_hub() as hub:
        hub.publish(2, {"status": "waiting"})

        async def phones():
            async with aiohttp.ClientSession() as session:
                first = await session.ws_connect(ws_url(hub, 2))
                assert (await receive(first))["view"] == {"status": "waiting"}
                second = await session.ws_connect(ws_url(hub, 2))
                assert (await receive(second))["view"] == {"status": "waiting"}
                assert (await receive(first)) == {"type": "taken_over"}
                closing = await first.receive(timeout=5)
                assert closing.type == aiohttp.WSMsgType.CLOSE
                assert closing.data == CLOSE_TAKEN_OVER
                # the new phone is the seat now
                hub.ask(2, 1, QUESTION)
                assert (await receive_until(second, "ask"))["ticket"] == 1
                await second.close()
                # losing the connection and reopening resumes, question included
                third = await session.ws_connect(ws_url(hub, 2))
                state = await receive(third)
                assert state["ticket"] == 1 and state["view"] == {"status": "waiting"}
                await third.close()

        arun(phones())
        kinds = [e["kind"] for e in wait_for(hub.events, 5)]
        assert kinds == ["connect", "takeover", "disconnect", "connect", "disconnect"]


def test_public_events_reach_every_phone_and_later_ones_on_connect():
    with running_hub() as hub:
        hub.broadcast({"text": "Ada launched a product"})

        async def phones():
            async with aiohttp.ClientSession() as session:
                a = await session.ws_connect(ws_url(hub, 0))
                assert (await receive(a))["public"] == [{"text": "Ada launched a product"}]
                b = await session.ws_connect(ws_url(hub, 1))
                await receive(b)
                await await_for(lambda: [1] if len(hub.connected()) == 2 else [])
                hub.broadcast({"text": "Year 2"})
                for ws in (a, b):
                    assert (await receive(ws)) == {"type": "public",
                                                   "event": {"text": "Year 2"}}
                    await ws.close()

        arun(phones())


OFFERS = [{"seat": 0, "label": "Seat 3 · free", "name": "", "colour": ""},
          {"seat": 1, "label": "Seat 2 · computer", "name": "Ava", "colour": "#44b36b"}]


def test_lobby_claims_an_offer_once_gives_a_free_slot_and_reports_it():
    with running_hub() as hub:
        hub.open_lobby(OFFERS, ["#e05a47", "#3d8bd9"])
        api = hub.lobby_url().replace("/lobby/", "/api/lobby/")

        async def phone():
            async with aiohttp.ClientSession() as session:
                async with session.get(api) as response:
                    data = await response.json()
                assert data == {"seats": OFFERS, "colours": ["#e05a47", "#3d8bd9"]}
                claim = {"seat": 1, "name": "  Zoë  ", "colour": "#3d8bd9"}
                async with session.post(api + "/claim", json=claim) as response:
                    assert response.status == 200
                    url = (await response.json())["url"]
                assert hub.join_url(0).endswith(url)  # the first slot no phone holds
                async with session.post(api + "/claim", json=claim) as response:
                    assert response.status == 409  # that offer is gone
                async with session.get(api) as response:
                    data = await response.json()
                assert data == {"seats": OFFERS[:1], "colours": ["#e05a47"]}
                bad = [{"seat": 0, "name": "", "colour": "#e05a47"},
                       {"seat": 0, "name": "X", "colour": "red"},
                       {"seat": 0, "name": "X", "colour": "#3d8bd9"},  # taken just now
                       {"seat": 0, "name": "X\x00", "colour": "#e05a47"},
                       {"seat": "0", "name": "X", "colour": "#e05a47"},
                       {"seat": 7, "name": "X", "colour": "#e05a47"},
                       [1, 2]]
                for body in bad:
                    async with session.post(api + "/claim", json=body) as response:
                        assert response.status in (400, 409), body
                async with session.ws_connect(ws_url(hub, 0)) as ws:
                    state = await receive(ws)
                    assert (state["name"], state["colour"]) == ("Zoë", "#3d8bd9")
                # the other offer is still there, for the next phone and the next slot
                own = {"seat": 0, "name": "Mo", "colour": "#e05a47"}
                async with session.post(api + "/claim", json=own) as response:
                    assert response.status == 200
                    assert hub.join_url(1).endswith((await response.json())["url"])

        arun(phone())
        events = hub.events()
        claims = [e for e in events if e["kind"] == "claim"]
        assert claims == [{"kind": "claim", "seat": 0, "offer": 1, "name": "Zoë",
                           "colour": "#3d8bd9"},
                          {"kind": "claim", "seat": 1, "offer": 0, "name": "Mo",
                           "colour": "#e05a47"}]


def test_the_short_link_leads_to_the_lobby_only_while_it_offers_seats():
    with running_hub() as hub:
        short = hub.short_url()
        code = short.rsplit("/", 1)[1]
        assert len(code) == 6 and code.isalnum() and code.upper() == code

        async def phone():
            async with aiohttp.ClientSession() as session:
                async with session.get(short, allow_redirects=False) as response:
                    assert response.status == 403  # no lobby open yet
                hub.open_lobby(OFFERS, ["#e05a47"])
                await await_for(lambda: [1] if hub._server.offers else [])
                for link in (short, short.lower()):
                    async with session.get(link, allow_redirects=False) as response:
                        assert response.status == 303
                        assert response.headers["Location"] == \
                            hub.lobby_url().removeprefix(hub.base_url)
                wrong = short[:-1] + ("Y" if short.endswith("Z") else "Z")  # one letter off
                async with session.get(wrong, allow_redirects=False) as response:
                    assert response.status == 403
                hub.close_lobby()
                await await_for(lambda: [] if hub._server.offers else [1])
                async with session.get(short, allow_redirects=False) as response:
                    assert response.status == 403

        arun(phone())


def test_a_released_slot_is_told_and_its_old_link_dies():
    with running_hub() as hub:
        old = hub.join_url(1)

        async def phone():
            async with aiohttp.ClientSession() as session:
                ws = await session.ws_connect(ws_url(hub, 1))
                await receive(ws)
                hub.release(1)
                assert (await receive(ws)) == {"type": "released"}
                closed = await ws.receive()
                assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                assert ws.close_code == 4003
                async with session.get(old) as response:
                    assert response.status == 403
                async with session.get(hub.join_url(1)) as response:
                    assert response.status == 200

        arun(phone())


def test_the_game_thread_never_waits_and_calls_before_start_are_kept():
    hub = PhoneHub("127.0.0.1", 0, seats=SEATS)
    hub.publish(0, {"status": "early"})
    hub.ask(0, 1, QUESTION)
    assert hub.answers() == [] and hub.events() == []
    with pytest.raises(ValueError):
        hub.ask(0, 2, {"prompt": "no options", "options": []})
    hub.start()
    try:
        async def phone():
            async with aiohttp.ClientSession() as session, \
                    session.ws_connect(ws_url(hub, 0)) as ws:
                state = await receive(ws)
                assert state["view"] == {"status": "early"} and state["ticket"] == 1

        arun(phone())
    finally:
        hub.stop()
    assert not hub.running
    hub.publish(0, {"status": "after the end"})  # a stopped hub ignores, never raises
    hub.stop()


def test_stop_tells_connected_phones_the_game_ended():
    hub = PhoneHub("127.0.0.1", 0, seats=SEATS)
    hub.start()

    async def phone():
        async with aiohttp.ClientSession() as session, \
                session.ws_connect(ws_url(hub, 0)) as ws:
            await receive(ws)
            await asyncio.get_running_loop().run_in_executor(None, hub.stop)
            closing = await ws.receive(timeout=5)
            assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == 4002

    arun(phone())
    assert not hub.running


def test_the_latency_tool_counts_every_view_at_every_phone():
    from game.companion.latency import measure

    figures = measure(phones=2, changes=5, hz=200)
    assert figures["messages"] == 10
    assert 0 <= figures["latency_p50"] <= figures["latency_p99"] <= figures["latency_max"]
