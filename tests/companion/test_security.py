"""The companion server under hostile phones (loopback only, bounded in count and time).

What these tests try: reading another seat's view (every message to seat k is searched
for the other seats' secrets, from the first message on connect through resyncs,
takeovers and reconnects); wrong, missing, truncated, swapped and foreign tokens, and a
WebSocket opened by another site's page (a foreign Origin); path
traversal out of the static folder (../, %2e%2e, encoded slashes and backslashes,
absolute paths, symlinks out of the folder); oversized, non-JSON, wrongly-typed, binary
and raw garbage frames; answers with stale or unknown tickets; flooding past the rate
limit; idling; 500 connections in a loop; half-open TCP and WebSocket connections.
After each attack the server still serves an honest phone, and the game got no answer
it did not ask for.
"""

from __future__ import annotations

import asyncio
import base64
import os
import random
import secrets
import socket
import time
from pathlib import Path

import aiohttp
import pytest

from game.companion import PhoneHub
from game.companion.protocol import MAX_MESSAGE
from game.companion.server import CLOSE_IDLE

from .helpers import (
    PATIENCE,
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

# --- helpers -------------------------------------------------------------------------


def raw_request(hub: PhoneHub, target: str, method: str = "GET") -> tuple[int, bytes]:
    """Send one request line exactly as written (no client-side URL clean-up)."""
    with socket.create_connection(("127.0.0.1", hub.port), timeout=PATIENCE) as sock:
        sock.sendall(f"{method} {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                     .encode("latin-1"))
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    status = int(data.split(b" ", 2)[1])
    return status, data


def raw_websocket(hub: PhoneHub, seat: int) -> socket.socket:
    """A WebSocket opened by hand: the server's 101 is read, nothing more."""
    token = hub.join_url(seat).rsplit("/", 1)[1]
    sock = socket.create_connection(("127.0.0.1", hub.port), timeout=PATIENCE)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws/{token} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """Read until the server closes the connection (True) or the time runs out."""
    sock.settimeout(0.2)
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            if sock.recv(65536) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:
            return True
    return False


def honest_phone_works(hub: PhoneHub, seat: int = 0, ticket: int = 900) -> None:
    """An ordinary phone still joins, sees its question and answers it."""
    hub.answers()
    hub.ask(seat, ticket, QUESTION)

    async def phone():
        async with aiohttp.ClientSession() as session, \
                session.ws_connect(ws_url(hub, seat)) as ws:
            assert (await receive(ws))["ticket"] == ticket
            await ws.send_json({"type": "answer", "ticket": ticket, "choice": "pass"})
            assert (await receive_until(ws, "accepted"))["ticket"] == ticket

    arun(phone())
    assert wait_for(hub.answers) == [(seat, ticket, "pass")]


# --- each seat sees only its own ----------------------------------------------------


def _secret_view(seat: int, secret: str, step: int) -> dict:
    return {"status": f"step {step}", "your_turn": step % 3 == seat,
            "stats": [{"label": "Money", "value": f"${step}"}],
            "hand": [{"title": f"{secret}-card{step}", "text": f"{secret} effect"}],
            "log": [f"public line {step}"]}


def test_no_message_to_a_seat_carries_another_seats_secrets():
    secrets_of = [f"SECRET{seat}x{secrets.token_hex(8)}" for seat in range(3)]
    with running_hub() as hub:
        for seat, secret in enumerate(secrets_of):
            hub.publish(seat, _secret_view(seat, secret, 0))
            hub.ask(seat, seat + 1, {"prompt": f"{secret}?", "options": [
                {"id": f"{secret}-opt", "label": secret}]})
        received: dict[int, list[str]] = {0: [], 1: [], 2: []}

        async def listen(session, seat, count):
            async with session.ws_connect(ws_url(hub, seat)) as ws:
                first = await ws.receive_str(timeout=PATIENCE)
                assert secrets_of[seat] in first  # its own view, at once
                received[seat].append(first)
                for _ in range(count):
                    await ws.send_json({"type": "resync"})
                    received[seat].append(await ws.receive_str(timeout=PATIENCE))
                for step in range(1, 6):
                    hub.publish(seat, _secret_view(seat, secrets_of[seat], step))
                    hub.broadcast({"text": f"public event {seat}.{step}"})
                while True:  # until the last view it published comes back
                    text = await ws.receive_str(timeout=PATIENCE)
                    received[seat].append(text)
                    if "step 5" in text:
                        break

        async def phones():
            async with aiohttp.ClientSession() as session:
                await asyncio.gather(*(listen(session, seat, 3) for seat in range(3)))
                # a takeover and a reconnect start from a fresh state message too
                for seat in range(3):
                    a = await session.ws_connect(ws_url(hub, seat))
                    b = await session.ws_connect(ws_url(hub, seat))
                    for ws in (a, b):
                        while (msg := await ws.receive(timeout=PATIENCE)).type == \
                                aiohttp.WSMsgType.TEXT:
                            received[seat].append(msg.data)
                            if ws is b:
                                break
                    await b.close()

        arun(phones())
        for seat, texts in received.items():
            assert len(texts) > 8
            joined = "\n".join(texts)
            assert secrets_of[seat] in joined
            for other, secret in enumerate(secrets_of):
                if other != seat:
                    assert secret not in joined, (seat, other)
            for token_seat in range(3):  # no message carries any seat's token
                assert hub.join_url(token_seat).rsplit("/", 1)[1] not in joined


# --- tokens --------------------------------------------------------------------------


def test_a_wrong_or_missing_token_gets_403_and_nothing_else():
    with running_hub() as hub:
        other = PhoneHub("127.0.0.1", 0, seats=SEATS)  # never started: foreign tokens
        real = hub.join_url(0).rsplit("/", 1)[1]
        lobby = hub.lobby_url().rsplit("/", 1)[1]
        wrong = ["", "x", real[:-1], real + "A", real.upper() if real.upper() != real
                 else real.lower(), other.join_url(0).rsplit("/", 1)[1], lobby,
                 "%00", "..%2f" + real, real + "%20", "a" * 4000]
        for token in wrong:
            for path in (f"/s/{token}", f"/ws/{token}"):
                status, data = raw_request(hub, path)
                assert status == 403, path
                assert data.rstrip().endswith(b"\r\n\r\nForbidden"), path
                assert real.encode() not in data
        for path in ("/", "/s", "/s/", "/ws", "/ws/", "/lobby/", f"/lobby/{real}",
                     f"/api/lobby/{real}", "/api/lobby/x/claim", "/static/", "/static",
                     "/favicon.ico", "/admin"):
            status, data = raw_request(hub, path)
            assert status == 403 and data.endswith(b"Forbidden"), path
        status, _ = raw_request(hub, f"/s/{real}", method="DELETE")
        assert status == 403

        async def handshake():
            async with aiohttp.ClientSession() as session:
                for token in ("nope", lobby):
                    with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                        await session.ws_connect(f"{hub.base_url}/ws/{token}")
                    assert err.value.status == 403

            async with aiohttp.ClientSession() as session:  # another site's page
                for origin in ("http://evil.example", "null", f"http://127.0.0.1:{hub.port}x"):
                    with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                        await session.ws_connect(ws_url(hub, 0), headers={"Origin": origin})
                    assert err.value.status == 403

        arun(handshake())
        assert hub.events() == []  # nobody connected
        honest_phone_works(hub)


def test_tokens_are_unguessable_and_differ_per_seat_and_per_game():
    hubs = [PhoneHub("127.0.0.1", 0, seats=SEATS) for _ in range(2)]
    tokens = [h.join_url(s).rsplit("/", 1)[1] for h in hubs for s in range(3)]
    tokens += [h.lobby_url().rsplit("/", 1)[1] for h in hubs]
    assert len(set(tokens)) == len(tokens)
    for token in tokens:
        assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8 >= 128


# --- static files from one folder only ----------------------------------------------


@pytest.fixture
def static_dir(tmp_path: Path) -> Path:
    """A page folder with a secret beside it and symlinks pointing out of it."""
    page = tmp_path / "phone"
    page.mkdir()
    for name in ("index.html", "app.js", "style.css"):
        (page / name).write_text(f"PAGE {name}")
    (tmp_path / "secret.txt").write_text("OUTSIDE-SECRET")
    (tmp_path / "private").mkdir()
    (tmp_path / "private" / "keys.txt").write_text("OUTSIDE-SECRET")
    (page / "escape.txt").symlink_to(tmp_path / "secret.txt")
    (page / "escape_dir").symlink_to(tmp_path / "private", target_is_directory=True)
    (page / "root").symlink_to("/", target_is_directory=True)
    return page


TRAVERSALS = [
    "/static/../secret.txt",
    "/static/%2e%2e/secret.txt",
    "/static/%2E%2E/secret.txt",
    "/static/.%2e/secret.txt",
    "/static/%2e%2e%2fsecret.txt",
    "/static/..%2fsecret.txt",
    "/static/..%5csecret.txt",
    "/static/..\\secret.txt",
    "/static/%252e%252e/secret.txt",
    "/static/app.js/../../secret.txt",
    "/static/./../secret.txt",
    "/static//../secret.txt",
    "/static/%00../secret.txt",
    "/static/escape.txt",
    "/static/escape_dir/keys.txt",
    "/static/root/etc/passwd",
    "/static//etc/passwd",
    "/static/%2fetc%2fpasswd",
    "/static/%2Fetc/passwd",
    "/static/../../../../../../etc/passwd",
    "/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/s/../static/../secret.txt",
    "/../secret.txt",
    "//etc/passwd",
    "/etc/passwd",
    "http://127.0.0.1/etc/passwd",
]


def test_static_files_come_from_one_folder_only(static_dir: Path):
    with running_hub(static_dir=static_dir) as hub:
        status, data = raw_request(hub, "/static/app.js")
        assert status == 200 and data.endswith(b"PAGE app.js")
        assert b"nosniff" in data and b"Content-Security-Policy" in data
        for target in TRAVERSALS:
            status, data = raw_request(hub, target)
            assert status in (400, 403, 404), target
            assert b"OUTSIDE-SECRET" not in data and b"root:" not in data, target
        honest_phone_works(hub)


def test_the_real_page_is_served_and_needs_no_other_host():
    with running_hub() as hub:
        status, data = raw_request(hub, hub.join_url(0).split(str(hub.port), 1)[1])
        assert status == 200 and b"/static/app.js" in data
        for name in ("app.js", "style.css"):
            status, data = raw_request(hub, f"/static/{name}")
            assert status == 200
            assert b"http://" not in data and b"https://" not in data  # no CDN, offline


# --- what a phone sends ---------------------------------------------------------------


def test_bad_messages_are_refused_and_never_reach_the_game():
    with running_hub() as hub:
        hub.ask(0, 4, QUESTION)
        bad = ["", "not json", "[]", "42", '{"type":"apply","action":"win"}',
               '{"type":"answer","ticket":"4","choice":"pass"}',
               '{"type":"answer","ticket":4,"choice":"pass","seat":1}',
               '{"type":"answer","ticket":4,"choice":true}',
               '{"type":"answer","ticket":4,"choice":"pass ' + "x" * 70 + '"}',
               "\ud800"]

        async def phone():
            async with aiohttp.ClientSession() as session, \
                    session.ws_connect(ws_url(hub, 0)) as ws:
                await receive(ws)
                for text in bad:
                    try:
                        await ws.send_str(text)
                    except UnicodeEncodeError:
                        await ws.send_bytes(text.encode("utf-8", "surrogatepass"))
                    assert (await receive(ws))["type"] == "error", text
                await ws.send_bytes(b'{"type":"answer","ticket":4,"choice":"pass"}')
                assert (await receive(ws)) == {"type": "error", "reason": "text only"}

        arun(phone())
        assert hub.answers() == []
        honest_phone_works(hub)


def test_an_oversized_message_closes_that_connection_only():
    with running_hub() as hub:
        hub.ask(1, 4, QUESTION)

        async def phone():
            async with aiohttp.ClientSession() as session:
                for size in (MAX_MESSAGE + 1, 1 << 20):
                    ws = await session.ws_connect(ws_url(hub, 1))
                    await receive(ws)
                    pad = "x" * size
                    await ws.send_str('{"type":"answer","ticket":4,"choice":"pass","p":"'
                                      + pad + '"}')
                    msg = await ws.receive(timeout=PATIENCE)
                    assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                    await ws.close()

        arun(phone())
        assert hub.answers() == []
        honest_phone_works(hub, seat=1)


BROKEN_FRAMES = [
    b"\x83\x80abcd",  # a reserved opcode
    b"\xf1\x80abcd",  # reserved bits set
    b"\x81\xff" + b"\xff" * 8,  # a length of 2**64 - 1
    b"\x89\xfe\x01\x00abcd" + b"x" * 256,  # a control frame longer than 125 bytes
]


def test_raw_garbage_frames_do_not_hurt_the_server():
    rng = random.Random(26)
    with running_hub() as hub:
        for n in range(30):
            sock = raw_websocket(hub, n % 3)
            try:
                garbage = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
                try:
                    sock.sendall(garbage)
                    if n < len(BROKEN_FRAMES):  # surely broken: the server hangs up
                        sock.sendall(BROKEN_FRAMES[n])
                except OSError:  # the garbage alone made it hang up
                    continue
                if n < len(BROKEN_FRAMES):
                    assert closed_by_server(sock, PATIENCE), BROKEN_FRAMES[n]
            finally:
                sock.close()
        assert hub.answers() == []
        honest_phone_works(hub, seat=2)


def test_flooding_past_the_rate_limit_closes_the_connection():
    with running_hub(rate=5, burst=10) as hub:
        hub.ask(0, 1, QUESTION)

        async def phone():
            async with aiohttp.ClientSession() as session, \
                    session.ws_connect(ws_url(hub, 0)) as ws:
                await receive(ws)
                for _ in range(60):
                    await ws.send_json({"type": "answer", "ticket": 99, "choice": "pass"})
                replies = 0
                while (msg := await ws.receive(timeout=PATIENCE)).type == \
                        aiohttp.WSMsgType.TEXT:
                    replies += 1
                assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == 1008
                assert replies <= 12

        arun(phone())
        assert hub.answers() == []
        honest_phone_works(hub)


def test_the_default_limit_lets_a_fast_tapper_through_and_still_cuts_a_flood():
    with running_hub() as hub:  # the hub's own defaults: 20 a second, bursts of 60
        assert (hub._server.rate, hub._server.burst) == (20.0, 60)
        hub.ask(0, 1, QUESTION)

        async def tapper():  # 50 messages at once (taps, pings): all answered, still open
            async with aiohttp.ClientSession() as session, \
                    session.ws_connect(ws_url(hub, 0)) as ws:
                await receive(ws)
                for n in range(50):
                    await ws.send_json({"type": "ping"} if n % 2 else
                                       {"type": "answer", "ticket": 99, "choice": "pass"})
                for _ in range(50):
                    assert (await receive(ws))["type"] in ("pong", "refused")
                await ws.send_json({"type": "answer", "ticket": 1, "choice": "pass"})
                assert (await receive_until(ws, "accepted"))["ticket"] == 1

        async def flood():  # 600 at once: cut long before the end
            async with aiohttp.ClientSession() as session, \
                    session.ws_connect(ws_url(hub, 1)) as ws:
                await receive(ws)
                for _ in range(600):
                    await ws.send_json({"type": "ping"})
                replies = 0
                while (msg := await ws.receive(timeout=PATIENCE)).type == \
                        aiohttp.WSMsgType.TEXT:
                    replies += 1
                assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == 1008
                assert replies < 300  # the burst of 60, and the rate refills the rest

        arun(tapper())
        assert wait_for(hub.answers) == [(0, 1, "pass")]
        arun(flood())
        honest_phone_works(hub, seat=1)


def test_an_idle_connection_times_out():
    with running_hub(idle_timeout=0.3) as hub:

        async def phone():
            async with aiohttp.ClientSession() as session, \
                    session.ws_connect(ws_url(hub, 0), autoping=True) as ws:
                await receive(ws)
                msg = await ws.receive(timeout=PATIENCE)
                assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == CLOSE_IDLE

        arun(phone())
        kinds = [e["kind"] for e in wait_for(hub.events, 2)]
        assert kinds == ["connect", "disconnect"]


# --- many and broken connections --------------------------------------------------------


def test_500_connections_in_a_loop():
    with running_hub() as hub:
        async def churn():
            async with aiohttp.ClientSession() as session:
                for n in range(250):
                    async with session.ws_connect(ws_url(hub, n % 3)) as ws:
                        assert (await receive(ws))["type"] == "state"
        arun(churn())
        for _ in range(250):  # bare TCP connects, closed at once
            socket.create_connection(("127.0.0.1", hub.port), timeout=PATIENCE).close()
        events = wait_for(hub.events, 500)
        assert len(events) == 500
        assert wait_for(lambda: [1] if not hub.connected() else []) == [1]
        honest_phone_works(hub, seat=1)


def test_half_open_connections_neither_block_phones_nor_stay_forever():
    with running_hub(idle_timeout=1.0, heartbeat=0.4) as hub:
        partial = []
        for _ in range(60):  # HTTP requests that never finish
            sock = socket.create_connection(("127.0.0.1", hub.port), timeout=PATIENCE)
            sock.sendall(b"GET /s/abc HTTP/1.1\r\nHost: x\r\n")
            partial.append(sock)
        silent = [raw_websocket(hub, 1) for _ in range(3)]  # never answer a ping
        for _ in range(3):  # bare connects that send nothing
            partial.append(socket.create_connection(("127.0.0.1", hub.port)))
        try:
            honest_phone_works(hub, seat=0)
            assert all(closed_by_server(sock, PATIENCE) for sock in silent)
            assert all(closed_by_server(sock, PATIENCE) for sock in partial)
        finally:
            for sock in partial + silent:
                sock.close()
        honest_phone_works(hub, seat=1, ticket=901)


def test_a_phone_that_stops_reading_does_not_hold_up_the_others():
    with running_hub() as hub:
        stuck = raw_websocket(hub, 2)  # reads nothing from here on
        try:
            big = {"status": "x", "log": ["y" * 1000] * 60}

            async def phone():
                async with aiohttp.ClientSession() as session, \
                        session.ws_connect(ws_url(hub, 0)) as ws:
                    await receive(ws)
                    await await_for(lambda: [1] if len(hub.connected()) == 2 else [])
                    for n in range(300):  # phone 0 gets 150: below the outbox bound even
                        hub.publish(2, big)  # if its sender never ran during the burst
                        if n % 2:
                            hub.publish(0, {"status": f"{n}"})
                    last = None
                    while last != "299":
                        last = (await receive(ws))["view"]["status"]

            arun(phone())
        finally:
            stuck.close()
