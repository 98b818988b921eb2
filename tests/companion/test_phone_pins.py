"""A seat's PIN: once a phone holds a seat, its link opens on another phone only with the
PIN shown on the first (scanning someone else's code cannot take their hand); the short
link works during a game for going back to one's own seat, with that PIN; wrong PINs are
counted and lock the seat a while; a new link (Pause › Seats) starts afresh."""

from __future__ import annotations

import aiohttp

from game.companion.server import CLOSE_PIN, PIN_TRIES

from .helpers import arun, receive, running_hub, wait_for, ws_url


def token(hub, seat: int) -> str:
    return hub.join_url(seat).rsplit("/", 1)[1]


def test_a_held_seat_opens_elsewhere_only_with_its_pin():
    with running_hub() as hub:
        hub.publish(0, {"status": "Ada's view"})
        pin = hub.pin(0)
        assert len(pin) == 4 and pin.isdigit()

        async def phones():
            async with aiohttp.ClientSession() as session:
                first = await session.ws_connect(ws_url(hub, 0, pin=False))  # its first phone
                state = await receive(first)
                assert state["pin"] == pin and state["view"] == {"status": "Ada's view"}
                for guess in (None, "0000" if pin != "0000" else "1111"):
                    url = ws_url(hub, 0, pin=False) + (f"?pin={guess}" if guess else "")
                    other = await session.ws_connect(url)
                    refused = await receive(other)
                    assert refused["type"] == "pin" and refused["problem"] == "wrong"
                    assert "view" not in refused and pin not in str(refused)
                    closing = await other.receive(timeout=5)
                    assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == CLOSE_PIN
                assert not first.closed  # the seat's own phone keeps it
                second = await session.ws_connect(ws_url(hub, 0))  # with the PIN
                assert (await receive(second))["view"] == {"status": "Ada's view"}
                assert (await receive(first)) == {"type": "taken_over"}
                await second.close()

        arun(phones())
        kinds = [e["kind"] for e in wait_for(hub.events, 3)]
        assert kinds == ["connect", "takeover", "disconnect"]


def test_wrong_pins_lock_the_seat_for_a_while():
    with running_hub() as hub:
        pin = hub.pin(1)
        wrong = "1234" if pin != "1234" else "4321"

        async def phones():
            async with aiohttp.ClientSession() as session:
                first = await session.ws_connect(ws_url(hub, 1, pin=False))
                await receive(first)
                problems = []
                for _ in range(PIN_TRIES):
                    ws = await session.ws_connect(ws_url(hub, 1, pin=False) + f"?pin={wrong}")
                    problems.append((await receive(ws))["problem"])
                ws = await session.ws_connect(ws_url(hub, 1))  # the right one, too late
                problems.append((await receive(ws))["problem"])
                return problems

        problems = arun(phones())
        assert problems == ["wrong"] * (PIN_TRIES - 1) + ["locked", "locked"]


def test_the_short_link_leads_back_to_ones_seat_during_a_game_with_its_pin():
    with running_hub() as hub:

        async def flow():
            async with aiohttp.ClientSession() as session:
                short = hub.short_url()
                async with session.get(short, allow_redirects=False) as response:
                    assert response.status == 403  # no lobby and no game taking phones back
                hub.allow_returns()
                first = await session.ws_connect(ws_url(hub, 2, pin=False))
                await receive(first)
                async with session.get(short, allow_redirects=False) as response:
                    assert response.status == 303
                    where = response.headers["Location"]
                assert where.startswith("/back/")
                api = f"{hub.base_url}/api{where}"
                async with session.get(api) as response:
                    seats = (await response.json())["seats"]
                assert seats == [{"seat": 2, "name": "Cy", "colour": "#44b36b"}]  # opened only
                async with session.post(api, json={"seat": 2, "pin": "x"}) as response:
                    assert response.status == 403
                async with session.post(api, json={"seat": 0, "pin": hub.pin(0)}) as response:
                    assert response.status == 404  # never opened: not offered
                async with session.post(api, json={"seat": 2, "pin": hub.pin(2),
                                                   "x": 1}) as response:
                    assert response.status == 400
                async with session.post(api, json={"seat": 2, "pin": hub.pin(2)}) as response:
                    answer = await response.json()
                assert answer == {"url": f"/s/{token(hub, 2)}", "pin": hub.pin(2)}
                await first.close()

        arun(flow())


def test_a_new_link_drops_the_old_one_and_needs_no_pin_at_first():
    with running_hub() as hub:
        old = ws_url(hub, 0, pin=False)

        async def flow():
            async with aiohttp.ClientSession() as session:
                first = await session.ws_connect(old)
                await receive(first)
                url = hub.renew(0)
                assert (await receive(first)) == {"type": "released"}
                async with session.get(hub.base_url + "/ws/" + old.rsplit("/", 1)[1]) as r:
                    assert r.status == 403  # the old link is dead
                assert url == hub.join_url(0)
                fresh = await session.ws_connect(ws_url(hub, 0, pin=False))
                state = await receive(fresh)
                assert state["pin"] == hub.pin(0)
                await fresh.close()

        arun(flow())
