"""Scripted phones for tests and figures: WebSocket clients answering every question.

    phones = start_thread(join_urls)              # or start_process(join_urls)
    ...                                           # the game runs; the phones answer
    hub.stop(); phones.join(10)                   # they end when the server closes

Each phone connects to its seat's join URL (the WebSocket beside it) and answers each
question it is asked, its open question on connect too, with `choose(question)`:
"pass" when offered (the "any cards?" beat), "roll" for a die, else the last option (it
ends a step: End, Done, Pass...). Loopback only in practice; no browser.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import threading
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp

#: Seconds a scripted phone session may last at most (a red test or figure, never a hang).
LIFETIME = 300.0


def choose(question: dict) -> str | int:
    """The option a scripted phone picks: pass, roll, else the last (ends a step)."""
    ids = [option["id"] for option in question["options"]]
    for wanted in ("pass", "roll"):
        if wanted in ids:
            return wanted
    return ids[-1]


def ws_url(join_url: str) -> str:
    """A seat's join URL (…/s/TOKEN) -> its WebSocket (…/ws/TOKEN)."""
    base, token = join_url.split("/s/")
    return f"{base}/ws/{token}"


async def phone(session: aiohttp.ClientSession, url: str,
                pick: Callable[[dict], str | int] = choose,
                inbox: list[dict] | None = None,
                arrivals: list[tuple[int, float]] | None = None) -> None:
    """One phone: answer every question until the server closes the connection.
    arrivals: (the view's "rev", time.monotonic()) of each view as it arrives."""
    async with session.ws_connect(ws_url(url)) as ws:
        async for message in ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                return
            data = json.loads(message.data)
            view = data.get("view")
            if arrivals is not None and isinstance(view, dict) and "rev" in view:
                arrivals.append((view["rev"], time.monotonic()))
            if inbox is not None:
                inbox.append(data)
            question = data.get("question")
            if data["type"] in ("ask", "state") and question:
                await ws.send_json({"type": "answer", "ticket": data["ticket"],
                                    "choice": pick(question)})


async def phones(urls: list[str], pick: Callable[[dict], str | int] = choose,
                 inboxes: list[list[dict]] | None = None,
                 arrivals: list[list[tuple[int, float]]] | None = None) -> None:
    async with aiohttp.ClientSession() as session:
        await asyncio.gather(*(phone(session, url, pick, inboxes[n] if inboxes else None,
                                     arrivals[n] if arrivals is not None else None)
                               for n, url in enumerate(urls)))


def _run(urls: list[str], pick: Callable[[dict], str | int] = choose,
         inboxes: list[list[dict]] | None = None, record: str | None = None) -> None:
    arrivals: list[list[tuple[int, float]]] = [[] for _ in urls]
    try:
        with contextlib.suppress(TimeoutError, aiohttp.ClientError):  # the table went away
            asyncio.run(asyncio.wait_for(
                phones(urls, pick, inboxes, arrivals if record else None), LIFETIME))
    finally:
        if record:  # for the figure: each phone's view arrivals, as JSON
            Path(record).write_text(json.dumps(arrivals))


def start_thread(urls: list[str], pick: Callable[[dict], str | int] = choose,
                 inboxes: list[list[dict]] | None = None) -> threading.Thread:
    """The phones in a daemon thread of this process (their messages in `inboxes`)."""
    thread = threading.Thread(target=_run, args=(urls, pick, inboxes), daemon=True,
                              name="scripted-phones")
    thread.start()
    return thread


def start_process(urls: list[str], record: str | None = None,
                  ) -> multiprocessing.process.BaseProcess:
    """The phones in a child process (as real phones are other devices, they do not
    share the game's interpreter lock); they answer with `choose`. record: a file the
    phones write their views' arrivals to when they end ([[rev, monotonic time], ...]
    per phone; the clock is the machine's, shared by both processes)."""
    child = multiprocessing.get_context("spawn").Process(
        target=_run, args=(urls, choose, None, record), daemon=True)
    child.start()
    return child


__all__ = ["choose", "start_process", "start_thread", "ws_url"]
