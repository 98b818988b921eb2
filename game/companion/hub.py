"""`PhoneHub`: the game loop's side of the phone companion (thread-safe, never blocks).

    hub = PhoneHub("127.0.0.1", 0, seats=[SeatInfo("Ada", "#e05a47"), ...])
    base = hub.start()                  # the server runs in its own thread and asyncio loop
    hub.join_url(0)                     # a URL with seat 0's secret token (for its QR code)
    hub.publish(0, view)                # seat 0's own observation + the public log
    hub.ask(0, ticket, question)        # a decision of seat 0 is due
    for seat, ticket, choice in hub.answers(): ...   # drained once a frame
    for event in hub.events(): ...      # connects, disconnects, takeovers, lobby claims
    hub.stop()

A view and a question are plain JSON-able dicts (the phone page renders them generically):

    view = {"game": "startupfever", "status": "Your move", "your_turn": True,
            "stats": [{"label": "Money", "value": "$12"}, ...],
            "hand": [{"title": "Poach", "text": "Take one employee..."}, ...],
            "log": ["Ada launched a product", ...]}
    question = {"prompt": "Play a card?", "kind": "choice" | "roll", "window": False,
                "options": [{"id": "pass", "label": "Pass", "text": "..."}, ...]}

An option may also name its `group` (a heading), a `short` label shown under it and `pin`
(an end/pass option kept in sight): the page shows a question of more than six options
by group (views.py fills these for the games). A question may carry `undo`: {"id":
"undo", "label": "Take back: hire Nerd for B"}, a button of its own on the page.

The hub only ever sends a seat what the game publishes for that seat, plus `broadcast`
events every seat may see. An answer is refused on the server unless its ticket is the
seat's open question and its choice one of that question's option ids; the game still
checks the ticket is the one it is waiting for and the action is legal.
"""

from __future__ import annotations

import asyncio
import collections
import json
import queue
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

from .address import DEFAULT_PORT, LOOPBACK, bind_socket, lan_address
from .limits import (
    HEADER_TIMEOUT,
    ConnectionGuard,
    GuardedSite,
    connection_cap,
    quiet_accept_errors,
    raise_file_limit,
)
from .server import CompanionServer, Seat

#: The phone page's files (index.html, app.js, style.css): the only folder served.
PHONE_DIR = Path(__file__).resolve().parents[2] / "assets" / "phone"
#: Bits of randomness in a seat's token (secrets.token_urlsafe takes bytes).
TOKEN_BYTES = 24


@dataclass
class SeatInfo:
    """How a seat looks on its phone: a name and a colour ("#rrggbb")."""

    name: str
    colour: str


class PhoneHub:
    """A local HTTP + WebSocket server for phone seats, driven from the game thread.

    `rate`/`burst`: each connection's message limit (a token bucket), 20 a second with
    bursts of 60 by default: room for a fast tapper plus pings and resyncs; a phone past
    it is cut off (close code 1008) and may reconnect. `header_timeout`: seconds a
    connection may take to send a request, or stay idle between two (default
    `limits.HEADER_TIMEOUT`, or `idle_timeout` when shorter); `max_connections`: the most
    kept open at once (default: `limits.connection_cap` of the file limit, which `start`
    lifts to the hard limit where allowed). See `game.companion.limits`.
    """

    def __init__(self, host: str | None = None, port: int = DEFAULT_PORT, *,
                 seats: list[SeatInfo], static_dir: Path = PHONE_DIR,
                 idle_timeout: float = 60.0, heartbeat: float = 15.0,
                 rate: float = 20.0, burst: int = 60, header_timeout: float | None = None,
                 max_connections: int | None = None) -> None:
        self.host = lan_address() if host is None else host
        self.port = port
        self._answers: queue.SimpleQueue = queue.SimpleQueue()
        self._events: queue.SimpleQueue = queue.SimpleQueue()
        self._server = CompanionServer(
            [Seat(s.name, s.colour, secrets.token_urlsafe(TOKEN_BYTES)) for s in seats],
            Path(static_dir), idle_timeout=idle_timeout, heartbeat=heartbeat, rate=rate,
            burst=burst, answers=self._answers, events=self._events)
        self._header_timeout = (min(HEADER_TIMEOUT, idle_timeout) if header_timeout is None
                                else header_timeout)
        self.max_connections = max_connections
        self.guard: ConnectionGuard | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._runner: web.AppRunner | None = None
        self._stopped: asyncio.Event | None = None
        self._done = False  # stopped: later calls are ignored
        #: Hold what the game posts until `flush()` (the game flushes once its frame is
        #: on screen): waking the server's thread mid-frame hands it the interpreter
        #: lock while the frame waits (0.7 ms a wake-up, measured by `main.py bench`).
        self.deferred = False
        self._posted: collections.deque = collections.deque()
        self.base_url = ""

    # --- lifecycle --------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> str:
        """Start the server thread; returns the base URL once it accepts connections."""
        limit = raise_file_limit()
        if self.max_connections is None:
            self.max_connections = connection_cap(limit)
        sock = bind_socket(self.host, self.port)
        self.port = sock.getsockname()[1]
        shown = self.host if self.host not in ("0.0.0.0", "") else lan_address()
        if ":" in shown:
            shown = f"[{shown}]"
        self.base_url = f"http://{shown}:{self.port}"
        self._thread = threading.Thread(target=self._run, args=(sock,), name="phone-hub",
                                        daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout) or self._failure is not None:
            raise RuntimeError(f"the phone server did not start: {self._failure!r}")
        return self.base_url

    def stop(self, timeout: float = 5.0) -> None:
        """Close every phone's connection and the server; waits for the thread to end."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None or self._done:
            return
        if loop.is_running() and self._stopped is not None:
            loop.call_soon_threadsafe(self._stopped.set)
        thread.join(timeout)
        self._done = True

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _run(self, sock) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve(sock))
        except BaseException as err:  # noqa: BLE001 - reported to start()
            self._failure = err
            self._ready.set()
        finally:
            loop.close()

    async def _serve(self, sock) -> None:
        self._stopped = asyncio.Event()
        quiet_accept_errors(asyncio.get_running_loop())
        runner = web.AppRunner(self._server.app(), access_log=None,
                               keepalive_timeout=self._header_timeout, shutdown_timeout=1.0)
        await runner.setup()
        assert runner.server is not None and self.max_connections is not None
        self.guard = ConnectionGuard(runner.server, self.max_connections,
                                     self._server.is_phone)
        await GuardedSite(runner, sock, self.guard).start()
        self._runner = runner
        self._ready.set()
        await self._stopped.wait()
        self._run_posted()  # the last views go out before the connections close
        await self._server.close_all()
        await runner.cleanup()

    # --- URLs -------------------------------------------------------------------------
    def join_url(self, seat: int) -> str:
        """The URL that opens seat's phone page; it carries the seat's secret token."""
        return f"{self.base_url}/s/{self._server.seats[seat].token}"

    def lobby_url(self) -> str:
        """The URL a phone opens to pick a free seat (shown as the lobby's QR code)."""
        return f"{self.base_url}/lobby/{self._server.lobby_token}"

    def short_url(self) -> str:
        """A link short enough to type ("http://192.168.1.20:8626/j/K7QX4M"): it leads to
        the lobby while the lobby offers seats."""
        return f"{self.base_url}/j/{self._server.short_code}"

    # --- game thread -> phones (non-blocking) -----------------------------------------
    def publish(self, seat: int, view: dict) -> None:
        """Seat's own view now (its observation + the public log); sent only to that seat."""
        self._post(self._server.set_view, seat, json.dumps(view))

    def publish_many(self, views: dict[int, dict]) -> None:
        """Several seats' views at once, encoded on the server's thread: `views` must be
        fresh dicts the caller no longer changes."""
        self._post(self._set_views, dict(views))

    def _set_views(self, views: dict[int, dict]) -> None:
        for seat, view in views.items():
            self._server.set_view(seat, json.dumps(view))

    def ask(self, seat: int, ticket: int, question: dict) -> None:
        """Open a decision on seat's phone; its answer comes back with this ticket."""
        options = question.get("options")
        if not isinstance(options, list) or not options:
            raise ValueError("a question needs a non-empty list of options")
        choices = frozenset(option["id"] for option in options)
        undo = question.get("undo")
        if isinstance(undo, dict):  # "Take back" (views.with_take_back) is an answer too
            choices |= {undo["id"]}
        self._post(self._server.set_question, seat, int(ticket), json.dumps(question),
                   choices)

    def withdraw(self, seat: int, ticket: int | None = None) -> None:
        """The game moved on: close seat's open question (only `ticket`'s, when given)."""
        self._post(self._server.withdraw, seat, ticket)

    def broadcast(self, event: dict) -> None:
        """A public event every phone may see (kept for phones that connect later)."""
        self._post(self._server.add_public, json.dumps(event))

    def set_seat(self, seat: int, name: str, colour: str) -> None:
        """Change how a seat looks on its phone."""
        self._post(self._server.set_seat, seat, name, colour)

    def open_lobby(self, offers: list[dict], colours: list[str]) -> None:
        """What a phone may claim from the lobby URL now, replacing the last offers:
        each offer {"seat": id, "label": "Seat 3 · free", "name": ..., "colour": ...};
        the colours a phone may pick (an offer's own colour too). A claim comes back from
        `events()` as {"kind": "claim", "seat": slot, "offer": id, "name", "colour"}."""
        self._post(self._server.open_lobby, [dict(o) for o in offers], list(colours))

    def close_lobby(self) -> None:
        self._post(self._server.open_lobby, [], [])

    def release(self, slot: int) -> None:
        """Give a claimed slot up: its link stops working and its phone is told."""
        self._post(self._server.release, slot, secrets.token_urlsafe(TOKEN_BYTES))

    def flush(self) -> None:
        """Hand the server's thread what was held (`deferred`), with one wake-up."""
        if self._posted and not self._done:
            self._wake(self._run_posted)

    def _run_posted(self) -> None:
        while self._posted:
            fn, args = self._posted.popleft()
            fn(*args)

    def _post(self, fn, *args) -> None:
        if self._done:
            return
        if self.deferred and self._thread is not None:
            self._posted.append((fn, args))
            return
        self._wake(fn, *args)

    def _wake(self, fn, *args) -> None:
        loop = self._loop
        if loop is not None and loop.is_running():
            try:
                loop.call_soon_threadsafe(fn, *args)
                return
            except RuntimeError:  # the loop closed meanwhile: nobody to tell
                return
        if self._thread is None:  # not started yet: set the state directly
            fn(*args)

    # --- phones -> game thread (drained once a frame, never blocks) -------------------
    def answers(self) -> list[tuple[int, int, str | int]]:
        """(seat, ticket, choice) for each answer accepted since the last call."""
        return _drain(self._answers)

    def events(self) -> list[dict]:
        """{"kind": "connect"/"disconnect"/"takeover"/"claim", "seat": ..., ...} since the
        last call."""
        return _drain(self._events)

    def connected(self) -> set[int]:
        """The seats with a phone connected now (a snapshot)."""
        return set(self._server.conns)


def _drain(q: queue.SimpleQueue) -> list:
    out = []
    while True:
        try:
            out.append(q.get_nowait())
        except queue.Empty:
            return out


__all__ = ["LOOPBACK", "PhoneHub", "SeatInfo"]
