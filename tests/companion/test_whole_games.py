"""Whole games played through the hub: phones answer every decision of their seats.

A stand-in driver (the next step puts this on the shared turn driver) runs a game with
the public rules API: at a phone seat's decision it asks the phone, with one option per
legal action, and applies the answer; a SERVERMANIA phone seat rolls its own die (a
"roll" question) before the driver samples it; the other seats are computers choosing at
random. After every step each phone seat is published `observation(seat)`.

Checked: the game reaches its end, driven by the phones' answers; every phone received
exactly the views published for its own seat, in order, and nothing else; and no view a
seat received shows another seat's hand, unlaunched product categories or sealed
marketing.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time

import aiohttp

from game import servermania, startupfever
from game.companion import PhoneHub, SeatInfo

from .helpers import PATIENCE, wait_for, ws_url


def _phones(hub: PhoneHub, seats: list[int], seed: int, inbox: dict[int, list[str]]) -> None:
    """The phones (in their own thread): answer every question with a seeded choice."""

    async def phone(session: aiohttp.ClientSession, seat: int) -> None:
        rng = random.Random(seed * 10 + seat)
        async with session.ws_connect(ws_url(hub, seat)) as ws:
            while True:
                text = await ws.receive_str(timeout=PATIENCE)
                inbox[seat].append(text)
                message = json.loads(text)
                if message["type"] == "ask":
                    options = message["question"]["options"]
                    await ws.send_json({"type": "answer", "ticket": message["ticket"],
                                        "choice": rng.choice(options)["id"]})
                elif message["type"] == "view" and message["view"]["over"]:
                    return

    async def all_phones() -> None:
        async with aiohttp.ClientSession() as session:
            await asyncio.gather(*(phone(session, seat) for seat in seats))

    asyncio.run(asyncio.wait_for(all_phones(), 120))


def _answer(hub: PhoneHub, seat: int, ticket: int):
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        for got_seat, got_ticket, choice in hub.answers():
            if (got_seat, got_ticket) == (seat, ticket):
                return choice
        time.sleep(0.0005)
    raise AssertionError(f"no answer from seat {seat} for ticket {ticket}")


def play_over_phones(game, players: int, phone_seats: list[int], seed: int):
    """Play one whole game; returns the final state, what was published and received."""
    state = game.new_game(players=players, seed=seed)
    hub = PhoneHub("127.0.0.1", 0, seats=[SeatInfo(f"P{n}", "#8a7cff")
                                          for n in range(players)],
                   rate=10_000, burst=10_000)  # scripted phones answer at machine speed
    hub.start()
    published: dict[int, list[dict]] = {seat: [] for seat in phone_seats}
    inbox: dict[int, list[str]] = {seat: [] for seat in phone_seats}
    phones = threading.Thread(target=_phones, args=(hub, phone_seats, seed, inbox))
    phones.start()
    computer = random.Random(seed)
    ticket = 0
    try:
        assert len(wait_for(hub.events, len(phone_seats))) == len(phone_seats)

        def publish() -> None:
            for seat in phone_seats:
                view = {"obs": state.observation(seat), "over": state.is_terminal()}
                published[seat].append(view)
                hub.publish(seat, view)

        publish()
        while not state.is_terminal():
            seat = state.current_player
            if seat == game.CHANCE:
                if game is servermania and state.turn_seat in phone_seats and all(
                        isinstance(a, servermania.Die) for a in state.legal_actions()):
                    ticket += 1
                    hub.ask(state.turn_seat, ticket, {"prompt": "Your roll", "kind": "roll",
                                                      "options": [{"id": "roll",
                                                                   "label": "Roll"}]})
                    assert _answer(hub, state.turn_seat, ticket) == "roll"
                state.apply(state.sample_chance())
            elif seat in phone_seats:
                legal = state.legal_actions()
                ticket += 1
                hub.ask(seat, ticket, {"prompt": "Your move", "options": [
                    {"id": n, "label": str(action)} for n, action in enumerate(legal)]})
                state.apply(legal[_answer(hub, seat, ticket)])
            else:
                state.apply(computer.choice(state.legal_actions()))
            publish()
        phones.join(PATIENCE * 6)
        assert not phones.is_alive()
    finally:
        hub.stop()
    return state, published, inbox, ticket


def _views_received(texts: list[str]) -> list[dict]:
    messages = [json.loads(text) for text in texts]
    assert messages[0]["type"] == "state" and messages[0]["view"] is None
    assert {m["type"] for m in messages} <= {"state", "view", "ask", "accepted"}
    return [m["view"] for m in messages if m["type"] == "view"]


def test_a_whole_startup_fever_game_with_two_phone_seats_and_a_computer():
    state, published, inbox, asked = play_over_phones(startupfever, 3, [0, 2], seed=26)
    assert state.is_terminal() and asked > 100
    for seat, texts in inbox.items():
        views = _views_received(texts)
        assert views == published[seat]  # its own views, every one, in order
        mine = set(state.players[seat].slots)
        for view in views:
            obs = view["obs"]
            assert obs["seat"] == seat
            for other, player in enumerate(obs["players"]):
                if other != seat:
                    assert isinstance(player["hand"], int)  # only the number of cards
            for slot, product in obs["products"].items():
                if product["owner"] != seat and not product["launched"]:
                    assert product["category"] is None, slot
            assert set(obs["marketing_pending"]) <= mine
            assert isinstance(obs["deck"], int)


def test_a_whole_servermania_game_with_two_phones_rolling():
    state, published, inbox, asked = play_over_phones(servermania, 2, [0, 1], seed=26)
    assert state.is_terminal() and asked > 10
    for seat, texts in inbox.items():
        assert _views_received(texts) == published[seat]
        asks = [json.loads(t) for t in texts if '"type":"ask"' in t]
        assert any(a["question"]["kind"] == "roll" for a in asks)
