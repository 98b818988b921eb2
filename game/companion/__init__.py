"""The phone companion: a local web server that puts each seat's private hand on a phone.

Headless (no pygame). `PhoneHub` runs an aiohttp HTTP + WebSocket server in its own thread
and asyncio loop; the 60 Hz game loop talks to it only through non-blocking calls
(`publish`, `ask`, `answers`, `events`), so a frame never waits on the network.
"""

from .hub import PhoneHub, SeatInfo

__all__ = ["PhoneHub", "SeatInfo"]
