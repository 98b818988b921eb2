"""What a phone may send, checked by hand before anything reaches the game.

Every inbound WebSocket message is a small JSON object of one known shape:

    {"type": "answer", "ticket": <int>, "choice": <str | int>}
    {"type": "resync"}
    {"type": "ping"}

Anything else (too long, not JSON, not an object, an unknown type or key, a wrong value
type) is refused with a reason. A `RateLimit` is a token bucket per connection.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

#: The longest text message a phone may send (bytes); aiohttp closes on anything longer.
MAX_MESSAGE = 1024
#: The longest choice id a phone may send back.
MAX_CHOICE = 64

_KEYS = {
    "answer": {"type", "ticket", "choice"},
    "resync": {"type"},
    "ping": {"type"},
}


class BadMessage(ValueError):
    """An inbound message that is not one of the known shapes."""


@dataclass(frozen=True)
class Inbound:
    """One valid message from a phone."""

    type: str
    ticket: int | None = None
    choice: str | int | None = None


def parse(text: str) -> Inbound:
    """Check one text frame; raise BadMessage with a short reason when it is not valid."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise BadMessage("too long")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise BadMessage("not JSON") from err
    if not isinstance(data, dict):
        raise BadMessage("not an object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _KEYS:
        raise BadMessage("unknown type")
    if set(data) != _KEYS[kind]:
        raise BadMessage("unexpected keys")
    if kind != "answer":
        return Inbound(kind)
    ticket, choice = data["ticket"], data["choice"]
    if type(ticket) is not int or not 0 <= ticket < 2**53:
        raise BadMessage("bad ticket")
    if type(choice) is int:
        if not -(2**53) < choice < 2**53:
            raise BadMessage("bad choice")
    elif not isinstance(choice, str) or not 0 < len(choice) <= MAX_CHOICE:
        raise BadMessage("bad choice")
    return Inbound(kind, ticket, choice)


class RateLimit:
    """A token bucket: `rate` messages a second on average, bursts of up to `burst`."""

    def __init__(self, rate: float, burst: int, clock=time.monotonic) -> None:
        self.rate, self.burst, self._clock = rate, burst, clock
        self._tokens = float(burst)
        self._last = clock()

    def allow(self) -> bool:
        """Take one token if there is one; False means the message is over the limit."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False
