"""The companion server's loop side: aiohttp routes, one WebSocket per phone seat.

Everything here runs on the hub's own asyncio loop thread. The game thread never calls
these methods directly: `PhoneHub` posts them with `loop.call_soon_threadsafe`, and reads
what comes back from two `queue.SimpleQueue`s (answers, events).

Routes (a token is the seat's secret; a wrong or missing one gets a bare 403):

    GET  /s/{token}                the phone page for that seat
    GET  /ws/{token}               that seat's WebSocket
    GET  /j/{code}                 the short link the TV shows: redirects to the lobby
    GET  /lobby/{lobby}            the phone page in lobby mode (pick a free seat)
    GET  /api/lobby/{lobby}        the seats on offer and the free colours (JSON)
    POST /api/lobby/{lobby}/claim  {"seat", "name", "colour"} -> {"url": "/s/{token}"}

In the lobby a phone picks one of the offers the game made (`open_lobby`: an empty seat,
a computer's, or a person's seat to move their hand to the phone); the server gives it the
token of a slot no phone holds yet and tells the game ("claim": slot, offer, name, colour).
    GET  /static/...               the page's files, from one folder, no symlinks
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import secrets
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import WSMsgType, web

from .protocol import MAX_MESSAGE, BadMessage, RateLimit, parse

#: Close codes the phone page understands (4000-4999 are for applications).
CLOSE_IDLE, CLOSE_TAKEN_OVER, CLOSE_STOPPING, CLOSE_RELEASED = 4000, 4001, 4002, 4003
#: Public events kept for a phone that (re)connects.
PUBLIC_KEPT = 50
#: Messages queued for one slow phone before it is dropped (it resyncs on reconnect).
OUTBOX_LIMIT = 200
#: Bad messages one connection may send before it is closed.
BAD_LIMIT = 20
#: The longest name a phone may pick in the lobby.
MAX_NAME = 16
#: The short link's code: letters and digits nobody misreads (no 0/O, 1/I/L), 6 of them.
SHORT_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
SHORT_LENGTH = 6

_SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
        "style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


@dataclass
class Seat:
    """One seat as the server knows it: its secret token, looks, view and open question."""

    name: str
    colour: str
    token: str
    view: str = "null"  # the latest published view, as JSON text
    ticket: int | None = None  # the open question's ticket, or None
    question: str = "null"  # the open question, as JSON text
    choices: frozenset = frozenset()  # the option ids the open question accepts


@dataclass
class Conn:
    """One phone's WebSocket and the messages waiting to go out to it, in order."""

    seat: int
    ws: web.WebSocketResponse
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    dropped: bool = False  # too slow: being closed (the phone resyncs when it reconnects)

    def send(self, text: str) -> None:
        if self.dropped:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.dropped = True
            asyncio.ensure_future(self.ws.close(code=CLOSE_IDLE, message=b"too slow"))
            return
        self.outbox.put_nowait(text)


class CompanionServer:
    """The aiohttp application and the per-seat state it serves."""

    def __init__(self, seats: list[Seat], static_dir: Path, *, idle_timeout: float,
                 heartbeat: float, rate: float, burst: int,
                 answers: queue.SimpleQueue, events: queue.SimpleQueue) -> None:
        self.seats = seats
        self.static_dir = static_dir
        self.idle_timeout, self.heartbeat = idle_timeout, heartbeat
        self.rate, self.burst = rate, burst
        self.answers, self.events = answers, events
        self.conns: dict[int, Conn] = {}
        self.public: deque[str] = deque(maxlen=PUBLIC_KEPT)
        self.lobby_token = secrets.token_urlsafe(24)
        self.short_code = "".join(secrets.choice(SHORT_ALPHABET) for _ in range(SHORT_LENGTH))
        self.offers: list[dict] = []  # what a phone may claim in the lobby (`open_lobby`)
        self.lobby_colours: list[str] = []
        self.claimed: set[int] = set()  # slots given to a phone in the lobby
        self._tasks: set[asyncio.Task] = set()
        self._phones: set[object] = set()  # the connections (protocols) of open WebSockets

    # --- the application -------------------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_MESSAGE, middlewares=[_unknown_forbidden])
        app.router.add_get("/s/{token}", self.page)
        app.router.add_get("/ws/{token}", self.socket)
        app.router.add_get("/j/{code}", self.short_link)
        app.router.add_get("/lobby/{lobby}", self.lobby_page)
        app.router.add_get("/api/lobby/{lobby}", self.lobby_state)
        app.router.add_post("/api/lobby/{lobby}/claim", self.lobby_claim)
        app.router.add_static("/static", self.static_dir, follow_symlinks=False,
                              show_index=False)
        app.on_response_prepare.append(_add_headers)
        return app

    def is_phone(self, protocol: object) -> bool:
        """Whether this connection carries a phone's WebSocket (never closed to make
        room for another connection)."""
        return protocol in self._phones

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is (compared in constant time), else None."""
        found = None
        for seat, info in enumerate(self.seats):
            if secrets.compare_digest(info.token.encode(), token.encode("utf-8", "replace")):
                found = seat
        return found

    def _lobby_ok(self, request: web.Request) -> bool:
        given = request.match_info["lobby"].encode("utf-8", "replace")
        return secrets.compare_digest(self.lobby_token.encode(), given)

    # --- HTTP --------------------------------------------------------------------------
    async def page(self, request: web.Request) -> web.StreamResponse:
        if self.seat_of(request.match_info["token"]) is None:
            return _forbidden()
        return web.FileResponse(self.static_dir / "index.html")

    async def short_link(self, request: web.Request) -> web.StreamResponse:
        given = request.match_info["code"].upper().encode("utf-8", "replace")
        if not self.offers or not secrets.compare_digest(self.short_code.encode(), given):
            return _forbidden()
        raise web.HTTPSeeOther(f"/lobby/{self.lobby_token}")

    async def lobby_page(self, request: web.Request) -> web.StreamResponse:
        if not self._lobby_ok(request):
            return _forbidden()
        return web.FileResponse(self.static_dir / "index.html")

    async def lobby_state(self, request: web.Request) -> web.StreamResponse:
        if not self._lobby_ok(request):
            return _forbidden()
        offers = self.offers if self._free_slot() is not None else []
        return web.json_response({"seats": offers, "colours": self.lobby_colours})

    async def lobby_claim(self, request: web.Request) -> web.StreamResponse:
        if not self._lobby_ok(request):
            return _forbidden()
        try:
            data = await request.json()
        except (ValueError, web.HTTPException):
            return web.json_response({"error": "bad request"}, status=400)
        if not isinstance(data, dict) or set(data) != {"seat", "name", "colour"}:
            return web.json_response({"error": "bad request"}, status=400)
        offer_id, name, colour = data["seat"], data["name"], data["colour"]
        if type(offer_id) is not int or not isinstance(name, str) \
                or not isinstance(colour, str):
            return web.json_response({"error": "bad request"}, status=400)
        name = " ".join(name.split())[:MAX_NAME]
        offer = next((o for o in self.offers if o["seat"] == offer_id), None)
        slot = self._free_slot()
        if offer is None or slot is None:
            return web.json_response({"error": "seat taken"}, status=409)
        if not name or not name.isprintable() \
                or colour not in (*self.lobby_colours, offer["colour"]):
            return web.json_response({"error": "bad name or colour"}, status=400)
        self.offers.remove(offer)
        if colour in self.lobby_colours:
            self.lobby_colours.remove(colour)
        self.claimed.add(slot)
        info = self.seats[slot]
        info.name, info.colour = name, colour
        self.events.put({"kind": "claim", "seat": slot, "offer": offer_id, "name": name,
                         "colour": colour})
        return web.json_response({"url": f"/s/{info.token}"})

    def _free_slot(self) -> int | None:
        """The first slot no phone holds or has claimed."""
        return next((slot for slot in range(len(self.seats))
                     if slot not in self.claimed and slot not in self.conns), None)

    # --- the WebSocket -----------------------------------------------------------------
    async def socket(self, request: web.Request) -> web.StreamResponse:
        seat = self.seat_of(request.match_info["token"])
        if seat is None or not _same_origin(request):
            return _forbidden()
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=self.heartbeat)
        await ws.prepare(request)
        protocol = request.protocol
        self._phones.add(protocol)
        conn = Conn(seat, ws)
        old = self.conns.get(seat)
        self.conns[seat] = conn
        if old is not None:
            old.send(json.dumps({"type": "taken_over"}))
            self._spawn(self._close_after_flush(old, CLOSE_TAKEN_OVER, b"taken over"))
            self.events.put({"kind": "takeover", "seat": seat})
        else:
            self.events.put({"kind": "connect", "seat": seat})
        conn.send(self.state_message(seat))
        sender = asyncio.ensure_future(self._pump(conn))
        try:
            await self._read(conn)
        finally:
            sender.cancel()
            self._phones.discard(protocol)
            if self.conns.get(seat) is conn:
                del self.conns[seat]
                self.events.put({"kind": "disconnect", "seat": seat})
            if not ws.closed:
                await ws.close()
        return ws

    async def _read(self, conn: Conn) -> None:
        ws, limit, bad = conn.ws, RateLimit(self.rate, self.burst), 0
        while not ws.closed:
            try:
                msg = await ws.receive(timeout=self.idle_timeout)
            except TimeoutError:
                await ws.close(code=CLOSE_IDLE, message=b"idle")
                return
            if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED,
                            WSMsgType.ERROR):
                return
            if not limit.allow():
                await ws.close(code=1008, message=b"rate limit")
                return
            try:
                if msg.type != WSMsgType.TEXT:
                    raise BadMessage("text only")
                inbound = parse(msg.data)
            except BadMessage as err:
                bad += 1
                if bad > BAD_LIMIT:
                    await ws.close(code=1008, message=b"bad messages")
                    return
                conn.send(json.dumps({"type": "error", "reason": str(err)}))
                continue
            if inbound.type == "resync":
                conn.send(self.state_message(conn.seat))
            elif inbound.type == "ping":
                conn.send('{"type":"pong"}')
            else:
                self._answer(conn, inbound.ticket, inbound.choice)

    def _answer(self, conn: Conn, ticket, choice) -> None:
        """Hand a valid answer to the game; a stale ticket or an unknown choice is refused."""
        info = self.seats[conn.seat]
        if ticket != info.ticket:
            reason = "stale"
        elif choice not in info.choices or isinstance(choice, bool):
            reason = "unknown choice"
        else:
            info.ticket, info.question, info.choices = None, "null", frozenset()
            self.answers.put((conn.seat, ticket, choice))
            conn.send(json.dumps({"type": "accepted", "ticket": ticket}))
            return
        conn.send(json.dumps({"type": "refused", "ticket": ticket, "reason": reason}))

    async def _pump(self, conn: Conn) -> None:
        """Send a connection's outbox in order (a slow phone never holds up the others)."""
        with contextlib.suppress(ConnectionError, RuntimeError):
            while True:
                await conn.ws.send_str(await conn.outbox.get())

    async def _close_after_flush(self, conn: Conn, code: int, message: bytes) -> None:
        for _ in range(50):  # at most half a second for the goodbye to go out
            if conn.outbox.empty():
                break
            await asyncio.sleep(0.01)
        await conn.ws.close(code=code, message=message)

    def _spawn(self, coro) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- what the game posts (run on this loop) ----------------------------------------
    def state_message(self, seat: int) -> str:
        """Everything one seat may know now: its own view and question, public events."""
        info = self.seats[seat]
        return (
            f'{{"type":"state","seat":{seat},"name":{json.dumps(info.name)},'
            f'"colour":{json.dumps(info.colour)},"view":{info.view},'
            f'"ticket":{json.dumps(info.ticket)},"question":{info.question},'
            f'"public":[{",".join(self.public)}]}}'
        )

    def set_view(self, seat: int, view: str) -> None:
        self.seats[seat].view = view
        self._to(seat, f'{{"type":"view","view":{view}}}')

    def set_question(self, seat: int, ticket: int, question: str, choices: frozenset) -> None:
        info = self.seats[seat]
        info.ticket, info.question, info.choices = ticket, question, choices
        self._to(seat, f'{{"type":"ask","ticket":{ticket},"question":{question}}}')

    def withdraw(self, seat: int, ticket: int | None) -> None:
        info = self.seats[seat]
        if info.ticket is None or (ticket is not None and ticket != info.ticket):
            return
        self._to(seat, json.dumps({"type": "withdraw", "ticket": info.ticket}))
        info.ticket, info.question, info.choices = None, "null", frozenset()

    def add_public(self, event: str) -> None:
        self.public.append(event)
        for conn in list(self.conns.values()):
            conn.send(f'{{"type":"public","event":{event}}}')

    def set_seat(self, seat: int, name: str, colour: str) -> None:
        info = self.seats[seat]
        info.name, info.colour = name, colour
        if seat in self.conns:
            self._to(seat, self.state_message(seat))

    def open_lobby(self, offers: list[dict], colours: list[str]) -> None:
        self.offers, self.lobby_colours = [dict(o) for o in offers], list(colours)

    def release(self, seat: int, token: str) -> None:
        """The game gave this slot up: a new token (the old link is dead), its phone told."""
        self.claimed.discard(seat)
        info = self.seats[seat]
        info.token, info.ticket, info.question, info.choices = token, None, "null", frozenset()
        info.view = "null"
        conn = self.conns.pop(seat, None)
        if conn is not None:
            conn.send(json.dumps({"type": "released"}))
            self._spawn(self._close_after_flush(conn, CLOSE_RELEASED, b"seat released"))

    def _to(self, seat: int, text: str) -> None:
        conn = self.conns.get(seat)
        if conn is not None:
            conn.send(text)

    async def close_all(self) -> None:
        """Close every phone's connection once what is queued for it has gone out."""
        await asyncio.gather(*(self._close_after_flush(conn, CLOSE_STOPPING, b"game over")
                               for conn in list(self.conns.values())),
                             return_exceptions=True)


def _forbidden() -> web.Response:
    return web.Response(status=403, text="Forbidden")


def _same_origin(request: web.Request) -> bool:
    """A browser's WebSocket must come from this server's own page (no other site's)."""
    origin = request.headers.get("Origin")
    if origin is None:  # not a browser: the token alone decides
        return True
    return origin in (f"http://{request.host}", f"https://{request.host}")


@web.middleware
async def _unknown_forbidden(request: web.Request, handler) -> web.StreamResponse:
    """Any path or method the routes above do not know gets the same bare 403."""
    try:
        return await handler(request)
    except (web.HTTPNotFound, web.HTTPMethodNotAllowed, web.HTTPForbidden):
        return _forbidden()


async def _add_headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(_SECURITY_HEADERS)
