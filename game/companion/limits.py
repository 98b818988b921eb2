"""What keeps the phone server standing when someone on the Wi-Fi is hostile.

Anyone on the network can open connections to the phone port. Each one holds a file
descriptor in the game's process, and the game needs descriptors too (a sound, a picture,
a save): with the usual limit of 1,024, some 1,100 idle connections used to take the TV
down. So:

- `raise_file_limit()` lifts the process's soft limit to the hard one where allowed;
- `connection_cap(limit)` keeps the server's connections well below it (a quarter of the
  limit, at most `MAX_CONNECTIONS`: six phones and their page loads need a few dozen);
- `GuardedSite` serves the aiohttp app through a protocol factory that, at the cap,
  closes the oldest connection that is not a phone's WebSocket (an idle or half-sent
  request) to make room, so a flood never locks a real phone out;
- the header timeout (the server's keep-alive timeout, `HEADER_TIMEOUT`) closes a
  connection that does not finish a request in time (slowloris);
- `quiet_accept_errors` turns the event loop's accept errors ("socket.accept() out of
  system resource") into one line on stderr now and then, never a traceback per accept.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web

#: The most connections the server keeps open at once.
MAX_CONNECTIONS = 256
#: Seconds a connection may take to send a whole request (and may stay idle between two).
HEADER_TIMEOUT = 10.0
#: Seconds between two lines about the same accept error.
SAY_EVERY = 30.0


def raise_file_limit() -> int:
    """Lift the soft limit on open files to the hard one where allowed; the soft limit
    now (a large number where the platform has no such limit)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to lift
        return 1 << 16
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 16)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        for value in (wanted, 1 << 16, 10240):  # macOS refuses more than OPEN_MAX
            if value <= soft:
                break
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (value, hard))
                soft = value
                break
            except (ValueError, OSError):
                continue
    return soft if soft != resource.RLIM_INFINITY else 1 << 16


def connection_cap(file_limit: int) -> int:
    """The server's connection cap for a process allowed `file_limit` open files."""
    return max(16, min(MAX_CONNECTIONS, file_limit // 4))


class _Refused(asyncio.Protocol):
    """A connection turned away at once (only when every connection is a phone's)."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.close()


class ConnectionGuard:
    """The protocol factory in front of aiohttp's: at most `cap` connections open.

    It counts the connections the aiohttp server has (told through the server's own
    `connection_made` / `connection_lost`, which every connection calls) and those made
    but not yet connected (the event loop accepts a burst before any of them connects).
    `protected(handler)` says which connections are never closed to make room (the
    phones' WebSockets). `evicted` counts those closed to make room, `refused` those
    turned away because every open connection was protected.
    """

    def __init__(self, server: web.Server, cap: int,
                 protected: Callable[[Any], bool]) -> None:
        self.server, self.cap, self.protected = server, cap, protected
        self.evicted = 0
        self.refused = 0
        self.open: dict[Any, None] = {}  # connected, oldest first
        self.pending: dict[Any, float] = {}  # made, not connected yet: when made
        made, lost = server.connection_made, server.connection_lost

        def connection_made(handler: Any, transport: Any) -> None:
            self.pending.pop(handler, None)
            self.open[handler] = None
            made(handler, transport)

        def connection_lost(handler: Any, exc: BaseException | None = None) -> None:
            self.open.pop(handler, None)
            lost(handler, exc)

        # this server's own hooks, wrapped on the instance (aiohttp calls them as methods)
        server.connection_made = connection_made  # type: ignore[method-assign]
        server.connection_lost = connection_lost  # type: ignore[method-assign]

    @property
    def count(self) -> int:
        """Connections open or being opened now."""
        return len(self.open) + len(self.pending)

    def __call__(self) -> asyncio.BaseProtocol:
        now = time.monotonic()
        for handler, made in list(self.pending.items()):
            if now - made > 5.0:  # its accept failed: it never connects
                del self.pending[handler]
        if self.count >= self.cap:
            victim = next((h for h in self.open if not self.protected(h)), None)
            if victim is None:
                self.refused += 1
                return _Refused()
            del self.open[victim]  # gone now, though its connection_lost comes later
            victim.force_close()
            self.evicted += 1
        handler = self.server()
        self.pending[handler] = now
        return handler


class GuardedSite(web.SockSite):
    """`web.SockSite` whose connections go through a `ConnectionGuard` first."""

    def __init__(self, runner: web.BaseRunner, sock: Any, guard: Callable[[], Any],
                 **kwargs: Any) -> None:
        super().__init__(runner, sock, **kwargs)
        self._guard = guard

    async def start(self) -> None:
        await web.BaseSite.start(self)  # registers the site with its runner
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(self._guard, sock=self._sock,
                                                backlog=self._backlog)


def quiet_accept_errors(loop: asyncio.AbstractEventLoop,
                        out: Callable[[str], None] | None = None) -> None:
    """Say the loop's errors in one line each (the same one at most every `SAY_EVERY`
    seconds) instead of a logged traceback: the server keeps serving."""
    said: dict[str, float] = {}

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    tell = out or say

    def handler(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message = str(context.get("message", "error"))
        exc = context.get("exception")
        reason = getattr(exc, "strerror", None) or (str(exc) if exc else "")
        line = f"phone server: {message}" + (f" ({reason})" if reason else "")
        now = time.monotonic()
        if now - said.get(line, -SAY_EVERY) >= SAY_EVERY:
            said[line] = now
            tell(line + "; still serving")

    loop.set_exception_handler(handler)
