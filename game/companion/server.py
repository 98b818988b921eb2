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

During a game (`allow_returns`) the short link leads back to one's own seat instead:

    GET  /back/{lobby}             the phone page in return mode (pick your seat, its PIN)
    GET  /api/back/{lobby}         the seats a phone has opened (names and colours)
    POST /api/back/{lobby}         {"seat", "pin"} -> {"url": "/s/{token}", "pin"}

Anyone in the room may watch (an audience phone), through the short link's pages:

    GET  /w/{lobby}                the phone page in watch mode
    GET  /ws-watch/{lobby}         a watcher's WebSocket: the public view only (no seat)

A watcher gets what `set_watch_view` publishes (made from the rules' public observation)
and the public events, never a seat's view, question or PIN; at most `MAX_WATCHERS`.

A seat's PIN (4 digits) is shown on the phone that holds it. Once a phone has opened a
seat, its link opens on another phone only with the PIN (`?pin=` on the WebSocket; the
page keeps it, so a reload on the same phone needs nothing): scanning someone else's code
cannot take their hand. Wrong PINs are counted per seat: after `PIN_TRIES` in a row the
seat refuses every PIN for `PIN_LOCK` seconds. `renew` gives a seat a new link and PIN.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import WSMsgType, web

from game.names import NAME_MAX, clean_name, name_problem

from .protocol import MAX_MESSAGE, BadMessage, RateLimit, parse

#: Close codes the phone page understands (4000-4999 are for applications).
CLOSE_IDLE, CLOSE_TAKEN_OVER, CLOSE_STOPPING, CLOSE_RELEASED = 4000, 4001, 4002, 4003
CLOSE_PIN = 4004  # the seat is held by a phone: its PIN is needed to open it here
#: Watching phones at once (each is one more connection the server keeps).
MAX_WATCHERS = 16
#: Wrong PINs in a row a seat takes before it refuses every PIN for PIN_LOCK seconds.
PIN_TRIES, PIN_LOCK = 5, 60.0
#: Public events kept for a phone that (re)connects.
PUBLIC_KEPT = 50
#: Messages queued for one slow phone before it is dropped (it resyncs on reconnect).
OUTBOX_LIMIT = 200
#: Bad messages one connection may send before it is closed.
BAD_LIMIT = 20
#: Seconds a phone has to answer the server's close frame before its socket is closed.
CLOSE_REPLY_TIMEOUT = 1.0
#: The longest name a phone may pick in the lobby (characters: `game.names`).
MAX_NAME = NAME_MAX
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
    pin: str = field(default_factory=lambda: new_pin())  # shown on the phone holding it
    opened: bool = False  # a phone has opened it: another needs the PIN
    misses: int = 0  # wrong PINs in a row
    locked_until: float = 0.0  # loop time until which every PIN is refused


def new_pin() -> str:
    """Four random digits."""
    return f"{secrets.randbelow(10_000):04d}"


@dataclass(eq=False)  # one per connection: compared (and kept in sets) by identity
class Conn:
    """One phone's WebSocket and the messages waiting to go out to it, in order."""

    seat: int
    ws: web.WebSocketResponse
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    dropped: bool = False  # too slow: being closed (the phone resyncs when it reconnects)
    #: (code, reason) once the server closes it: its own reading task does the closing
    closing: asyncio.Future = field(
        default_factory=lambda: asyncio.get_running_loop().create_future())
    ended: asyncio.Event = field(default_factory=asyncio.Event)  # its handler is done

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
                 answers: queue.SimpleQueue, events: queue.SimpleQueue,
                 can_draw: Callable[[str], str | None] | None = None) -> None:
        """can_draw: why the TV cannot draw a name (None: it can), thread-safe; a name
        it refuses is refused in the lobby with its words."""
        self.seats = seats
        self.can_draw = can_draw
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
        self.returns = False  # the short link leads back to one's seat (during a game)
        self.watchers: set[Conn] = set()  # audience phones (no seat)
        self.watch_view = "null"  # the public view they get, as JSON text
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
        app.router.add_get("/back/{lobby}", self.lobby_page)
        app.router.add_get("/w/{lobby}", self.lobby_page)
        app.router.add_get("/ws-watch/{lobby}", self.watch_socket)
        app.router.add_get("/api/back/{lobby}", self.back_state)
        app.router.add_post("/api/back/{lobby}", self.back_claim)
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
        if not (self.offers or self.returns) or \
                not secrets.compare_digest(self.short_code.encode(), given):
            return _forbidden()
        where = "lobby" if self.offers else "back"
        raise web.HTTPSeeOther(f"/{where}/{self.lobby_token}")

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
        name = clean_name(name[:MAX_NAME * 64])
        offer = next((o for o in self.offers if o["seat"] == offer_id), None)
        slot = self._free_slot()
        if offer is None or slot is None:
            return web.json_response({"error": "seat taken"}, status=409)
        problem = name_problem(name)
        reason = f"This name {problem}." if problem else \
            self.can_draw(name) if self.can_draw is not None else None
        if reason is not None:
            return web.json_response({"error": "bad name", "reason": reason}, status=400)
        if colour not in (*self.lobby_colours, offer["colour"]):
            return web.json_response({"error": "bad colour"}, status=400)
        self.offers.remove(offer)
        if colour in self.lobby_colours:
            self.lobby_colours.remove(colour)
        self.claimed.add(slot)
        info = self.seats[slot]
        info.name, info.colour = name, colour
        self.events.put({"kind": "claim", "seat": slot, "offer": offer_id, "name": name,
                         "colour": colour})
        return web.json_response({"url": f"/s/{info.token}"})

    # --- back to one's seat during a game -----------------------------------------------
    async def back_state(self, request: web.Request) -> web.StreamResponse:
        if not self._lobby_ok(request) or not self.returns:
            return _forbidden()
        return web.json_response({"seats": [
            {"seat": slot, "name": info.name, "colour": info.colour}
            for slot, info in enumerate(self.seats) if info.opened]})

    async def back_claim(self, request: web.Request) -> web.StreamResponse:
        if not self._lobby_ok(request) or not self.returns:
            return _forbidden()
        try:
            data = await request.json()
        except (ValueError, web.HTTPException):
            return web.json_response({"error": "bad request"}, status=400)
        if not isinstance(data, dict) or set(data) != {"seat", "pin"} \
                or type(data["seat"]) is not int or not isinstance(data["pin"], str) \
                or not 0 <= data["seat"] < len(self.seats):
            return web.json_response({"error": "bad request"}, status=400)
        info = self.seats[data["seat"]]
        if not info.opened:
            return web.json_response({"error": "no such seat"}, status=404)
        problem = self.pin_problem(info, data["pin"])
        if problem is not None:
            return web.json_response({"error": problem}, status=403)
        return web.json_response({"url": f"/s/{info.token}", "pin": info.pin})

    def pin_problem(self, info: Seat, pin: str | None) -> str | None:
        """None when `pin` opens the seat; else "wrong" or "locked" (a wrong one counts)."""
        now = asyncio.get_running_loop().time()
        if now < info.locked_until:
            return "locked"
        if pin is not None and len(pin) == len(info.pin) and \
                secrets.compare_digest(pin.encode("utf-8", "replace"), info.pin.encode()):
            info.misses = 0
            return None
        if pin:  # no PIN at all is a question, not a guess
            info.misses += 1
            if info.misses >= PIN_TRIES:
                info.misses, info.locked_until = 0, now + PIN_LOCK
                return "locked"
        return "wrong"

    def _free_slot(self) -> int | None:
        """The first slot no phone holds or has claimed."""
        return next((slot for slot in range(len(self.seats))
                     if slot not in self.claimed and slot not in self.conns), None)

    # --- the WebSocket -----------------------------------------------------------------
    async def socket(self, request: web.Request) -> web.StreamResponse:
        seat = self.seat_of(request.match_info["token"])
        if seat is None or not _same_origin(request):
            return _forbidden()
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=self.heartbeat,
                                   timeout=CLOSE_REPLY_TIMEOUT)
        await ws.prepare(request)
        info = self.seats[seat]
        if info.opened:
            problem = self.pin_problem(info, request.query.get("pin"))
            if problem is not None:  # held by a phone: its PIN first
                await ws.send_str(json.dumps({"type": "pin", "problem": problem,
                                              "name": info.name, "colour": info.colour}))
                await ws.close(code=CLOSE_PIN, message=problem.encode())
                return ws
        info.opened = True
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
            conn.ended.set()
        return ws

    async def watch_socket(self, request: web.Request) -> web.StreamResponse:
        """An audience phone: the public view and events, nothing it may answer."""
        if not self._lobby_ok(request) or not _same_origin(request) \
                or len(self.watchers) >= MAX_WATCHERS:
            return _forbidden()
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=self.heartbeat,
                                   timeout=CLOSE_REPLY_TIMEOUT)
        await ws.prepare(request)
        conn = Conn(-1, ws)
        protocol = request.protocol
        self._phones.add(protocol)
        self.watchers.add(conn)
        conn.send(self.watch_message())
        sender = asyncio.ensure_future(self._pump(conn))
        try:
            await self._read(conn)
        finally:
            sender.cancel()
            self._phones.discard(protocol)
            self.watchers.discard(conn)
            if not ws.closed:
                await ws.close()
            conn.ended.set()
        return ws

    def watch_message(self) -> str:
        return (f'{{"type":"state","watch":true,"view":{self.watch_view},"ticket":null,'
                f'"question":null,"public":[{",".join(self.public)}]}}')

    def set_watch_view(self, view: str) -> None:
        self.watch_view = view
        for conn in list(self.watchers):
            conn.send(f'{{"type":"view","view":{view}}}')

    async def _read(self, conn: Conn) -> None:
        ws, limit, bad = conn.ws, RateLimit(self.rate, self.burst), 0
        while not ws.closed:
            # The server's own closes (`_close_after_flush`) are made here, by the task
            # that reads: aiohttp then waits for the phone's close reply, reading (and
            # dropping) what the phone sent meanwhile. Closed from another task while
            # this one waits in `receive`, the socket was shut at once, and a message
            # from the phone still unread made the kernel reset the connection: the
            # phone could lose the close frame, and with it "the game has ended".
            if conn.closing.done():
                code, message = conn.closing.result()
                await ws.close(code=code, message=message)
                return
            receive = asyncio.ensure_future(ws.receive())
            done, _ = await asyncio.wait((receive, conn.closing), timeout=self.idle_timeout,
                                         return_when=asyncio.FIRST_COMPLETED)
            if receive not in done:
                receive.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await receive
                if conn.closing.done():
                    continue  # closed by the server: at the top of the loop
                await ws.close(code=CLOSE_IDLE, message=b"idle")
                return
            msg = receive.result()
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
            if inbound.type == "ping":
                conn.send('{"type":"pong"}')
            elif conn.seat < 0:  # a watcher: its state again, and nothing to answer
                if inbound.type == "resync":
                    conn.send(self.watch_message())
                else:
                    conn.send(json.dumps({"type": "refused", "ticket": inbound.ticket,
                                          "reason": "watching"}))
            elif inbound.type == "resync":
                conn.send(self.state_message(conn.seat))
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
        """Close a phone's connection once its goodbye has gone out; returns when its
        handler has ended (its reading task closes it: see `_read`)."""
        for _ in range(50):  # at most half a second for the goodbye to go out
            if conn.outbox.empty():
                break
            await asyncio.sleep(0.01)
        if not conn.closing.done():
            conn.closing.set_result((code, message))
        # (a phone that never answers is left to the runner's clean-up, which shuts it)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(conn.ended.wait(), CLOSE_REPLY_TIMEOUT + 1.0)

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
            f'"colour":{json.dumps(info.colour)},"pin":"{info.pin}","view":{info.view},'
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
        for conn in [*self.conns.values(), *self.watchers]:
            conn.send(f'{{"type":"public","event":{event}}}')

    def set_seat(self, seat: int, name: str, colour: str) -> None:
        info = self.seats[seat]
        info.name, info.colour = name, colour
        if seat in self.conns:
            self._to(seat, self.state_message(seat))

    def open_lobby(self, offers: list[dict], colours: list[str]) -> None:
        self.offers, self.lobby_colours = [dict(o) for o in offers], list(colours)

    def allow_returns(self, on: bool) -> None:
        self.returns = on

    def renew(self, seat: int, token: str) -> None:
        """A new link and PIN for a seat (its old phone is lost): the next phone to open
        it needs no PIN; a phone holding it now is told and closed."""
        info = self.seats[seat]
        info.token, info.pin, info.opened, info.misses = token, new_pin(), False, 0
        conn = self.conns.pop(seat, None)
        if conn is not None:
            conn.send(json.dumps({"type": "released"}))
            self._spawn(self._close_after_flush(conn, CLOSE_RELEASED, b"new link"))
            self.events.put({"kind": "disconnect", "seat": seat})

    def release(self, seat: int, token: str) -> None:
        """The game gave this slot up: a new token (the old link is dead), its phone told."""
        self.claimed.discard(seat)
        info = self.seats[seat]
        info.token, info.ticket, info.question, info.choices = token, None, "null", frozenset()
        info.view, info.pin, info.opened, info.misses = "null", new_pin(), False, 0
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
                               for conn in [*self.conns.values(), *self.watchers]),
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
