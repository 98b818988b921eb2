"""Phone seats on the real tables: `PhoneSource` (scenes.table.phones), the link that
publishes each phone seat its own view, and `main.py play GAME --seats ... --phones`.

The whole games here run the real game screens headless, with scripted phones (aiohttp
WebSocket clients in their own thread) answering every question of their seats.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import aiohttp
import pytest

from game import startupfever as sf
from game.startupfever.actions import PlayCard
from game.startupfever.cards import CARDS
from scenes.table.phones import PHONE_DEVICE, PhoneLink, PhoneSource

ROOT = Path(__file__).resolve().parents[2]


class FakeHub:
    """What the link and the source call on a hub, recorded."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, int, dict]] = []
        self.withdrawn: list[tuple[int, int | None]] = []
        self.views: list[tuple[int, dict]] = []
        self.inbox: list[tuple[int, int, object]] = []
        self.happened: list[dict] = []  # connects and disconnects, for `events`

    def events(self):
        out, self.happened = self.happened, []
        return out

    def ask(self, seat, ticket, question):
        self.asked.append((seat, ticket, question))

    def withdraw(self, seat, ticket=None):
        self.withdrawn.append((seat, ticket))

    def publish_many(self, views):
        for seat, view in views.items():
            self.publish(seat, view)

    def publish(self, seat, view):
        self.views.append((seat, view))

    def answers(self):
        out, self.inbox = self.inbox, []
        return out

    deferred = False
    watched: list[dict]

    def publish_watch(self, view):
        self.__dict__.setdefault("watched", []).append(view)

    def allow_returns(self, on=True):
        self.returns = on

    def flush(self):
        pass

    def stop(self, timeout=5.0):
        self.stopped = True


class FakeScene:
    """Just enough of a table for `PhoneLink.tend`."""

    GAME = "startupfever"

    def __init__(self, state) -> None:
        self.state = state
        self.played = 0
        self.seats = [type("Seat", (), {"name": n})() for n in ("Ada", "Bo", "Cy")]
        self.log_panel = type("Log", (), {"entries": [("New game", None)]})()
        self.roll_call = None
        self.beat = None
        self.stood_in: dict[int, str] = {}

    def name(self, seat):
        return self.seats[seat].name

    def take_back_label(self, seat):
        return None

    def stand_in(self, seat, level, why="asked"):
        self.stood_in[seat] = why

    def stand_down(self, seat):
        self.stood_in.pop(seat, None)


def test_a_phone_source_asks_with_the_legal_actions_and_takes_only_its_ticket():
    state = sf.new_game(["Ada", "Bo", "Cy"], seed=4)
    hub = FakeHub()
    link = PhoneLink(hub, {0})
    source = PhoneSource(link, "startupfever")
    legal = state.legal_actions()
    source.begin(0, state, legal)
    (seat, ticket, question), = hub.asked
    assert seat == 0 and question["prompt"] == "Secret chip for A"
    assert [o["id"] for o in question["options"]] == list(range(len(legal)))
    assert question["options"][1]["label"] == f"{legal[1].category} on {legal[1].slot}"
    link.tend(FakeScene(state))
    assert source.poll() is None  # nothing answered yet
    hub.inbox = [(0, ticket + 7, 1), (1, ticket, 1)]  # a stale ticket, another seat
    link.tend(FakeScene(state))
    assert source.poll() is None
    hub.inbox = [(0, ticket, 2)]
    link.tend(FakeScene(state))
    assert source.poll() == legal[2]
    assert source.poll() is None  # an answer is taken once
    source.begin(0, state, legal)
    source.cancel()
    assert hub.withdrawn == [(0, hub.asked[-1][1])]


def test_a_card_option_carries_the_cards_effect_text():
    from game.companion import views

    question = views.decision("startupfever", "window", [PlayCard("antitrust", slot="A")],
                              window="manage")
    option, = question["options"]
    assert option["label"].startswith("Play Antitrust")
    assert option["text"] == CARDS["antitrust"].text
    assert question["window"] is True


def test_views_are_published_only_on_a_change_and_only_the_seats_own():
    state = sf.new_game(["Ada", "Bo", "Cy"], seed=4)
    hub = FakeHub()
    link = PhoneLink(hub, {0, 2})
    link.with_obs = True
    scene = FakeScene(state)
    link.tend(scene)
    assert [seat for seat, _ in hub.views] == [0, 2]
    link.tend(scene)
    link.tend(scene)
    assert len(hub.views) == 2  # nothing changed: nothing sent
    scene.played += 1
    link.tend(scene)
    assert len(hub.views) == 4
    for seat, view in hub.views:
        assert view["obs"]["seat"] == seat
        assert view["obs"] == state.observation(seat)
    # as sent to a real phone: the same view without the observation riding along
    plain = PhoneLink(FakeHub(), {0, 2})
    plain.tend(scene)
    for (_seat, view), (_s, full) in zip(plain.hub.views, hub.views[-2:], strict=True):
        assert "obs" not in view
        assert view == {k: v for k, v in full.items() if k != "obs"} | {"rev": 1}


def test_phone_seats_are_bound_to_a_device_no_one_at_the_tv_holds():
    from scenes.engine.input import KEYBOARD
    from scenes.seating import SeatDevices

    devices = SeatDevices()
    PhoneLink(FakeHub(), {1}).bind(devices)
    assert devices.device_of(1) == PHONE_DEVICE.format(1)
    assert not devices.may_answer(1, KEYBOARD) and not devices.may_answer(1, "pad:0")
    assert devices.may_answer(0, KEYBOARD)


# -- whole games on the real tables, scripted phones --------------------------------------------

def scripted_phones(urls: dict[int, str], inbox: dict[int, list[dict]], seed: int,
                    pause: float = 0.0) -> threading.Thread:
    """Phones in their own thread: each answers its seat's every question at random
    (preferring to end a step, so games stay short) until the server closes."""

    async def phone(session: aiohttp.ClientSession, seat: int, url: str) -> None:
        rng = random.Random(seed * 10 + seat)
        base, token = url.split("/s/")
        async with session.ws_connect(f"{base}/ws/{token}") as ws:
            async for message in ws:
                if message.type != aiohttp.WSMsgType.TEXT:
                    return
                data = json.loads(message.data)
                inbox[seat].append(data)
                question = data.get("question")
                if data["type"] in ("ask", "state") and question:
                    options = question["options"]
                    pick = options[-1] if rng.random() < 0.5 else rng.choice(options)
                    if pause:
                        await asyncio.sleep(pause)
                    await ws.send_json({"type": "answer", "ticket": data["ticket"],
                                        "choice": pick["id"]})

    async def everyone() -> None:
        async with aiohttp.ClientSession() as session:
            await asyncio.gather(*(phone(session, s, u) for s, u in urls.items()))

    thread = threading.Thread(target=lambda: asyncio.run(asyncio.wait_for(everyone(), 300)),
                              daemon=True)
    thread.start()
    return thread


def play_phone_game(game: str, kinds: list[str], seed: int, on_step=None):
    """A whole game of the real table headless, phone seats answered by scripted phones."""
    from scenes.app import SCREENS, make_app
    from scenes.engine.screens import Screens
    from scenes.phone_game import PhoneGame

    table = PhoneGame(Screens(SCREENS), game, kinds, "127.0.0.1", 0, seed=seed, pace=8,
                      rate=10_000, burst=10_000)
    table.link.with_obs = True  # the views carry the observation: what a phone could learn
    urls: dict[int, str] = {}
    table.start(lambda line: urls.__setitem__(int(line.split()[1]), line.split()[2]))
    inbox: dict[int, list[dict]] = {seat: [] for seat in urls}
    phones = scripted_phones(urls, inbox, seed)
    app = make_app(table.scene, headless=True, seed=seed)
    started = time.monotonic()

    def step(app) -> None:
        if on_step is not None:
            on_step(app, table)
        if time.monotonic() - started > 240:
            raise AssertionError("the game did not end in time")

    try:
        table.run_headless(app, step)
    finally:
        table.finish()
    phones.join(10)
    return table, inbox


def own_views_only(game: str, table, inbox: dict[int, list[dict]]) -> None:
    state = table.scene.state
    for seat, messages in inbox.items():
        views = [m["view"] for m in messages if m["type"] == "view"] + \
                [m["view"] for m in messages if m["type"] == "state" and m["view"]]
        assert views and views[-1]["over"] or any(v["over"] for v in views)
        for view in views:
            obs = view["obs"]
            assert obs["seat"] == seat
            if game != "startupfever":
                continue
            for other, player in enumerate(obs["players"]):
                if other != seat:
                    assert isinstance(player["hand"], int)
            for slot, product in obs["products"].items():
                if product["owner"] != seat and not product["launched"]:
                    assert product["category"] is None, slot
            assert set(obs["marketing_pending"]) <= set(state.players[seat].slots)


def test_a_whole_startup_fever_game_with_two_phone_seats_on_the_real_table():
    curtains: set[int] = set()

    def watch(app, table) -> None:
        look = getattr(table.scene, "hand_look", None)
        if look is not None and look.seat is not None:
            curtains.add(look.seat)
        decision = getattr(table.scene, "decision", None)
        if decision is not None:
            curtains.add(("decision", decision.seat))

    table, inbox = play_phone_game("startupfever", ["phone", "normal", "phone"], 26, watch)
    scene = table.scene
    assert scene.state.is_terminal()
    assert type(scene.app.stack.top).__name__ == "ResultsScene"
    assert scene.hand_look.seats == []  # the TV offers no phone seat's hand
    assert not curtains  # and never opened one, nor a decision panel of a phone seat
    assert sum(m["type"] == "ask" for m in inbox[0]) > 20
    own_views_only("startupfever", table, inbox)


def test_a_whole_servermania_game_with_two_phones_rolling_on_the_real_board():
    table, inbox = play_phone_game("servermania", ["phone", "phone"], 26)
    assert table.scene.state.is_terminal()
    for seat in (0, 1):
        asks = [m["question"] for m in inbox[seat] if m["type"] == "ask"]
        assert any(q["kind"] == "roll" for q in asks)
    own_views_only("servermania", table, inbox)


def test_the_command_line_door_prints_join_lines_and_ends_with_the_game(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    shot = tmp_path / "results.png"
    process = subprocess.Popen(
        [sys.executable, "main.py", "play", "servermania", "--seats", "phone,phone",
         "--phones", "127.0.0.1:0", "--headless", "--seed", "5", "--speed", "8",
         "--screenshot", str(shot)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = [process.stdout.readline().split() for _ in range(2)]
        assert [(w[0], w[1]) for w in lines] == [("JOIN", "0"), ("JOIN", "1")]
        urls = {int(w[1]): w[2] for w in lines}
        assert all(u.startswith("http://127.0.0.1:") for u in urls.values())
        inbox: dict[int, list[dict]] = {0: [], 1: []}
        # the hub's own rate limit holds: these phones answer a little slower than it
        phones = scripted_phones(urls, inbox, 5, pause=0.11)
        assert process.wait(180) == 0, process.stderr.read()
        phones.join(10)
    finally:
        process.kill()
    assert shot.exists()
    assert all(any(m["type"] == "view" and m["view"]["over"] for m in inbox[s]) for s in inbox)


@pytest.mark.parametrize("seats", ["phone,phone,banana", "normal", "phone",
                                   "phone,keyboard,keyboard", ","])
def test_the_command_line_door_refuses_bad_seats(seats, capsys, monkeypatch):
    import main

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert main.main(["play", "servermania", "--seats", seats, "--phones", "127.0.0.1:0",
                      "--headless"]) == 2
    assert capsys.readouterr().err.startswith("play: ")


def test_the_tv_shows_each_phone_seats_qr_code_until_its_phone_is_on(tmp_path):
    import pygame
    import zxingcpp

    from scenes.app import SCREENS, make_app
    from scenes.engine.screens import Screens
    from scenes.phone_game import PhoneGame
    from scenes.phone_join import PhoneJoinOverlay

    from .helpers import wait_for

    table = PhoneGame(Screens(SCREENS), "startupfever", ["phone", "normal", "phone"],
                      "127.0.0.1", 0, seed=2)
    table.start(lambda line: None)
    try:
        app = make_app(table.scene, headless=True, seed=2)
        overlay = table.join_overlay()
        app.stack.push(overlay, fade=False)
        for _ in range(20):  # the first screen's fade-in
            app.step()
        app.render(1.0)
        pygame.image.save(app.display.canvas, str(tmp_path / "join.png"))
        read = set()
        for rect in overlay.cards():
            part = app.display.canvas.subsurface(rect).copy()
            grey = pygame.image.tobytes(part, "RGB")[::3]
            read |= {code.text for code in zxingcpp.read_barcodes(
                memoryview(grey).cast("B", (rect.h, rect.w)))}
        assert read == {table.hub.join_url(0), table.hub.join_url(2)}

        async def connect_both() -> None:
            async with aiohttp.ClientSession() as session:
                base, t0 = table.hub.join_url(0).split("/s/")
                t2 = table.hub.join_url(2).split("/s/")[1]
                async with session.ws_connect(f"{base}/ws/{t0}"), \
                        session.ws_connect(f"{base}/ws/{t2}"):
                    assert len(await asyncio.to_thread(wait_for, table.hub.events, 2)) == 2
                    for _ in range(5):
                        app.step()
                    assert isinstance(app.stack.scenes[-1], PhoneJoinOverlay) is False

        asyncio.run(connect_both())
        assert app.stack.top is table.scene
    finally:
        table.finish()
