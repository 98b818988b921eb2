"""Measure how fast a state change reaches the phones (loopback, no browser).

    python -m game.companion.latency [--phones 6] [--changes 300] [--hz 60]

A PhoneHub on 127.0.0.1 (any free port) gets `--phones` WebSocket clients, one per seat.
A stand-in game thread publishes a view to every seat `--hz` times a second, each view
stamped with the time it was published; each phone notes when it arrived. Prints the
latency percentiles (publish -> phone) and what one frame's publishing cost the game
thread. Only loopback traffic; bounded by --changes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import statistics
import time

import aiohttp

from .hub import PhoneHub, SeatInfo


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def measure(phones: int = 6, changes: int = 300, hz: float = 60.0) -> dict[str, float]:
    """Latencies and frame costs in milliseconds: p50, p99, max of each.

    The phones run in a child process (as real phones are other devices, they do not
    share this process's interpreter lock); time.monotonic is one clock for both.
    """
    seats = [SeatInfo(f"P{n}", "#8a7cff") for n in range(phones)]
    hub = PhoneHub("127.0.0.1", 0, seats=seats)
    hub.start()
    urls = [f"{hub.base_url}/ws/{hub.join_url(s).rsplit('/', 1)[1]}" for s in range(phones)]
    hand = [{"title": f"Card {n}", "text": "An effect text of a typical length. " * 2}
            for n in range(6)]
    frame_cost: list[float] = []
    results: multiprocessing.Queue = multiprocessing.get_context("spawn").Queue()
    child = multiprocessing.get_context("spawn").Process(
        target=_phones, args=(urls, changes, results), daemon=True)
    child.start()
    try:
        deadline = time.monotonic() + 30
        while len(hub.connected()) < phones and time.monotonic() < deadline:
            time.sleep(0.01)
        for step in range(changes):
            start = time.monotonic()
            for seat in range(phones):
                hub.publish(seat, {"stamp": time.monotonic(), "step": step,
                                   "status": "Your move", "hand": hand,
                                   "log": [f"line {n}" for n in range(12)]})
            frame_cost.append(time.monotonic() - start)
            time.sleep(max(0.0, 1 / hz - (time.monotonic() - start)))
        arrived = results.get(timeout=60)
    finally:
        child.join(10)
        hub.stop()
    ms = 1000.0
    return {
        "messages": len(arrived),
        "latency_p50": statistics.median(arrived) * ms,
        "latency_p99": _percentile(arrived, 99) * ms,
        "latency_max": max(arrived) * ms,
        "frame_p50": statistics.median(frame_cost) * ms,
        "frame_p99": _percentile(frame_cost, 99) * ms,
    }


def _phones(urls: list[str], changes: int, results) -> None:
    """The child process: one WebSocket per seat, noting when each view arrives."""
    arrived: list[float] = []

    async def phone(session: aiohttp.ClientSession, url: str) -> None:
        async with session.ws_connect(url) as ws:
            await ws.receive_str()  # the state on connect
            while True:
                message = json.loads(await ws.receive_str(timeout=30))
                now = time.monotonic()
                if message["type"] == "view":
                    arrived.append(now - message["view"]["stamp"])
                    if message["view"]["step"] == changes - 1:
                        return

    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            await asyncio.gather(*(phone(session, url) for url in urls))

    asyncio.run(asyncio.wait_for(run(), 120))
    results.put(arrived)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=6)
    parser.add_argument("--changes", type=int, default=300)
    parser.add_argument("--hz", type=float, default=60.0)
    args = parser.parse_args()
    r = measure(args.phones, args.changes, args.hz)
    print(f"{args.phones} phones, {args.changes} state changes at {args.hz:g} Hz, "
          f"{r['messages']} views received")
    print(f"state change -> phone: p50 {r['latency_p50']:.2f} ms, "
          f"p99 {r['latency_p99']:.2f} ms, max {r['latency_max']:.2f} ms")
    print(f"game thread, publishing to every phone in one frame: "
          f"p50 {r['frame_p50']:.3f} ms, p99 {r['frame_p99']:.3f} ms")


if __name__ == "__main__":
    main()
