"""Phones join from the lobby: the "Phones" setting starts the server
when a lobby opens, the lobby shows its QR code and short link, a phone claims a free seat,
a computer's seat or a seated person's seat (their hand moves to the phone), may leave it
again, and the game starts with those seats played on their phones. The server stops when
the lobby is left without a game, and when the game ends.
"""

from __future__ import annotations

import time

import aiohttp

from scenes.app import make_app
from scenes.engine.settings import Settings
from scenes.startupfever.setup import NewGameScene as SFLobby
from scenes.table.phones import PhoneLink
from tests.scenes_servermania.helpers import READY, press, shoot, step

from .helpers import PATIENCE, arun, receive, receive_until, ws_url


def lobby_app(lobby):
    settings = Settings()
    settings.phones, settings.phones_host, settings.phones_port = True, "127.0.0.1", 0
    return make_app(lobby, headless=True, seed=3, settings=settings)


def api(lobby) -> str:
    return lobby.phones.hub.lobby_url().replace("/lobby/", "/api/lobby/")


def until(app, check, updates: int = 400):
    """Step the app until `check()` holds (the hub's thread answers in its own time)."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        step(app, 1, draw=False)
        if check():
            return
        time.sleep(0.002)
    raise AssertionError("the lobby never got there")


async def offers(session, url) -> list[dict]:
    async with session.get(url) as response:
        assert response.status == 200
        return (await response.json())["seats"]


async def claim(session, url, offer: int, name: str, colour: str) -> str:
    body = {"seat": offer, "name": name, "colour": colour}
    async with session.post(url + "/claim", json=body) as response:
        assert response.status == 200, await response.text()
        return (await response.json())["url"]


def test_the_setting_opens_the_server_and_the_lobby_shows_its_code_and_link(tmp_path):
    lobby = SFLobby()
    app = lobby_app(lobby)
    step(app, READY)
    assert lobby.phones is not None and lobby.phones.hub.running
    hub = lobby.phones.hub
    assert all(card.right < lobby.phone_box.left for card in lobby.cards)
    frame = shoot(app, "lobby_phones", tmp_path)
    # the QR code is drawn: dark and white modules in the phones' column
    box = lobby.phone_box
    inks = {tuple(frame.get_at((x, y)))[:3] for x in range(box.x, box.right, 3)
            for y in range(box.y + 80, box.y + 250, 3)}
    assert (255, 255, 255) in inks and len(inks) > 3
    assert lobby.phones.address == hub.short_url().removeprefix("http://")
    assert lobby.phones.local_only  # 127.0.0.1: the column says no phone can reach it
    press(app, "back")  # nobody seated: back to the title
    step(app, 60)
    deadline = time.monotonic() + PATIENCE
    while hub.running and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not hub.running  # the lobby left without a game: the server stopped


def test_a_bad_address_leaves_phones_off_with_a_reason_and_the_lobby_plays_on(tmp_path):
    lobby = SFLobby()
    settings = Settings()
    settings.phones, settings.phones_host, settings.phones_port = True, "203.0.113.9", 0
    app = make_app(lobby, headless=True, seed=3, settings=settings)
    step(app, READY)
    assert lobby.phones is None and lobby.phone_note.startswith("Phones are off")
    shoot(app, "lobby_phones_off", tmp_path)
    press(app, "confirm")
    assert [s.device for s in lobby.joined] == ["keyboard"]


def test_phones_claim_free_computer_and_person_seats_leave_and_play_the_game(tmp_path):
    lobby = SFLobby()
    app = lobby_app(lobby)
    step(app, READY)
    press(app, "confirm", "pad:0")  # Ada joins with her pad; one computer is seated
    assert [s.device for s in lobby.seats()] == ["pad:0", None]
    until(app, lambda: lobby.phones.offered is not None)
    url = api(lobby)
    hub = lobby.phones.hub
    rgb = lobby.phones._rgb

    async def phones() -> None:
        async with aiohttp.ClientSession() as session:
            listed = await offers(session, url)
            labels = [o["label"] for o in listed]
            assert labels[0] == "Seat 3 · free"
            assert "Seat 1 · Ada (Pad 1): move to this phone" in labels
            assert "Seat 2 · computer" in labels
            free = listed[0]["seat"]
            mo = await claim(session, url, free, "Mo", rgb("purple"))
            until(app, lambda: len(lobby.joined) == 2)
            # Mo's seat: a person on a phone, named and coloured as the phone chose
            seat = lobby.joined[1]
            assert (seat.name, seat.colour, seat.device) == ("Mo", "purple", "phone:0")
            async with session.ws_connect(hub.base_url + mo.replace("/s/", "/ws/")) as ws:
                state = await receive(ws)
                assert state["name"] == "Mo"
                assert [o["id"] for o in state["question"]["options"]] == ["start", "leave"]
                # Ada moves her hand to a phone: her pad is free again, her seat is kept
                listed = await offers(session, url)
                ada = next(o for o in listed if "Ada" in o["label"])
                await claim(session, url, ada["seat"], "Ada", ada["colour"])
                until(app, lambda: lobby.joined[0].device == "phone:1")
                assert "pad:0" not in lobby.cursors
                # a third phone takes the computer's seat, then leaves it again
                listed = await offers(session, url)
                bot = next(o for o in listed if o["label"].endswith("computer"))
                cy = await claim(session, url, bot["seat"], "Cy", bot["colour"])
                until(app, lambda: len(lobby.joined) == 3)
                async with session.ws_connect(hub.base_url + cy.replace("/s/", "/ws/")) \
                        as third:
                    state = await receive(third)
                    await third.send_json({"type": "answer", "ticket": state["ticket"],
                                           "choice": "leave"})
                    until(app, lambda: len(lobby.joined) == 2)
                    assert (await receive_until(third, "released"))["type"] == "released"
                assert lobby.computers == 0 and len(lobby.seats()) == 2
                shoot(app, "lobby_phones_seated", tmp_path)
                # the game starts: two phone seats; Mo's phone is asked at once (chips)
                press(app, "confirm", "pad:0")  # the freed pad joins as a third person
                press(app, "pause", "pad:0")
                step(app, 40, draw=False)
                table = app.stack.top
                assert isinstance(table.phones, PhoneLink)
                assert table.phones.slot == {0: 1, 1: 0}
                assert table.devices.device_of(2) == "pad:0"
                assert [s.name for s in table.seats][:2] == ["Ada", "Mo"]
                for _ in range(600):
                    step(app, 1, draw=False)
                    if table.phones.open:
                        break
                    await _yield()
                assert set(table.phones.open) <= {0, 1} and table.phones.open
                message = await receive_until(ws, "view")
                assert message["view"]["seat"] == 1  # Mo's own view

    arun(phones())
    assert hub.running
    app.stack.reset(app.screens.make("title"), fade=False)  # the game is left
    deadline = time.monotonic() + PATIENCE
    while hub.running and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not hub.running


async def _yield() -> None:
    import asyncio

    await asyncio.sleep(0.002)


def test_a_phone_seat_is_not_offered_again_and_its_name_stays_unique(tmp_path):
    lobby = SFLobby()
    app = lobby_app(lobby)
    step(app, READY)
    phones = lobby.phones
    phones.offer()
    free = next(k for k, seat in phones.offers.items() if seat is None)
    phones.claim(2, free, "Ava", phones._rgb("yellow"))
    step(app, 2)
    [seat] = lobby.joined
    assert seat.device == "phone:2" and seat.colour == "yellow"
    names = [s.name for s in lobby.seats()]
    assert len(names) == len(set(names))  # a computer named Ava: the phone is "Ava2"
    assert all(s is None or s.device != "phone:2" for s in phones.offers.values())
    shoot(app, "lobby_phone_card", tmp_path)
    lobby.exit()


def test_a_phone_starts_the_game_when_the_table_is_ready_and_is_told_when_it_is_not():
    lobby = SFLobby()
    app = lobby_app(lobby)
    step(app, READY)
    lobby.computers = 0
    phones = lobby.phones
    phones.offer()
    phones.claim(0, next(k for k, v in phones.offers.items() if v is None), "Mo", "#000000")

    async def phone() -> None:
        async with aiohttp.ClientSession() as session, \
                session.ws_connect(ws_url(phones.hub, 0)) as ws:
            state = await receive(ws)
            await ws.send_json({"type": "answer", "ticket": state["ticket"],
                                "choice": "start"})
            until(app, lambda: phones.tickets > state["ticket"])  # asked again
            again = await receive_until(ws, "ask")
            assert "2 players or more" in again["question"]["prompt"]
            lobby.computers = 1
            await ws.send_json({"type": "answer", "ticket": again["ticket"],
                                "choice": "start"})
            until(app, lambda: phones.handed)
            step(app, 40, draw=False)
            assert type(app.stack.top).__name__ == "TableScene"
            assert app.stack.top.phones.slot == {0: 0}

    arun(phone())
    app.stack.reset(app.screens.make("title"), fade=False)


def test_the_phones_setting_cycles_off_and_each_address_and_a_bad_saved_one_is_refused(
        tmp_path):
    from scenes.settings import ROWS, SettingsScene, phones_label

    settings = Settings()
    app = make_app(SettingsScene(), headless=True, seed=1, settings=settings)
    step(app, READY)
    scene = app.stack.top
    row = ROWS.index("Phones")
    seen = []
    for _ in range(4):
        scene._change(row, +1, wrap=True)
        seen.append((settings.phones, settings.phones_host, phones_label(settings)))
    assert seen == [(True, "", "On · Wi-Fi :8626"),
                    (True, "0.0.0.0", "On · all networks :8626"),
                    (True, "127.0.0.1", "On · this computer only :8626"),
                    (False, "127.0.0.1", "Off")]
    path = tmp_path / "settings.json"
    path.write_text('{"phones": true, "phones_host": "<script>", "phones_port": 70000}')
    loaded = Settings.load(path)
    assert (loaded.phones, loaded.phones_host, loaded.phones_port) == (True, "", 8626)
