"""Shared pieces of the companion tests: a hub on 127.0.0.1, a phone client, waiting."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterator

import aiohttp

from game.companion import PhoneHub, SeatInfo

SEATS = [SeatInfo("Ada", "#e05a47"), SeatInfo("Bo", "#3d8bd9"), SeatInfo("Cy", "#44b36b")]
#: Every wait in these tests gives up after this many seconds (a red test, never a hang).
PATIENCE = 10.0


@contextlib.contextmanager
def running_hub(**kwargs) -> Iterator[PhoneHub]:
    """A started hub on loopback (any free port), stopped afterwards."""
    kwargs.setdefault("seats", SEATS)
    hub = PhoneHub("127.0.0.1", 0, **kwargs)
    hub.start()
    try:
        yield hub
    finally:
        hub.stop()


def arun(coro):
    """Run one async test body, bounded in time."""
    return asyncio.run(asyncio.wait_for(coro, PATIENCE * 2))


def ws_url(hub: PhoneHub, seat: int, pin: bool = True) -> str:
    """The seat's WebSocket, as its own phone opens it (with its PIN, unless pin=False)."""
    token = hub.join_url(seat).rsplit("/", 1)[1]
    return f"{hub.base_url}/ws/{token}" + (f"?pin={hub.pin(seat)}" if pin else "")


async def receive(ws, timeout: float = PATIENCE) -> dict:
    """The next JSON message from the server."""
    msg = await ws.receive(timeout=timeout)
    assert msg.type == aiohttp.WSMsgType.TEXT, msg
    return json.loads(msg.data)


async def receive_until(ws, kind: str, timeout: float = PATIENCE) -> dict:
    """Skip messages until one of this type arrives."""
    deadline = time.monotonic() + timeout
    while True:
        message = await receive(ws, max(0.01, deadline - time.monotonic()))
        if message["type"] == kind:
            return message


def wait_for(fetch, count: int = 1, timeout: float = PATIENCE) -> list:
    """Drain a hub queue (hub.answers / hub.events) until it gave at least count items."""
    got: list = []
    deadline = time.monotonic() + timeout
    while len(got) < count and time.monotonic() < deadline:
        got.extend(fetch())
        time.sleep(0.005)
    return got


async def await_for(fetch, count: int = 1, timeout: float = PATIENCE) -> list:
    """wait_for from inside a test's event loop (the hub runs on its own)."""
    got: list = []
    deadline = time.monotonic() + timeout
    while len(got) < count and time.monotonic() < deadline:
        got.extend(fetch())
        await asyncio.sleep(0.005)
    return got


QUESTION = {"prompt": "Play a card?", "kind": "choice", "window": False,
            "options": [{"id": "pass", "label": "Pass"},
                        {"id": "poach", "label": "Poach", "text": "Take an employee"}]}
