"""The TV with six phones: `python -m scenes.tools.bench_phones`.

A 6-seat Startup Fever table whose every seat is a phone: a real `PhoneHub` on
127.0.0.1 (any free port) and six real WebSocket clients in a child process
(`game.companion.autophones`: they answer every question at once, as real phones are
other devices they do not share the game's interpreter lock). The table runs headless
at 60 Hz (update + draw, then rest until the next frame, when the hub's thread does its
work, as on a real screen); each frame's update + draw is timed. The state change ->
phone latency comes from `game.companion.latency`. Figures for people, quoted by
`main.py bench`; nothing asserts a speed. Budget: p99 <= 4 ms (issue 26).
"""

from __future__ import annotations

import sys
import time
from typing import Any

PHONES = 6
HZ = 60.0
WARM_UP = 30  # the first frames build the caches once
CONNECT_WAIT = 30.0  # seconds the phones may take to connect (a spawned process starts)


def measure_tv(frames: int = 420, seed: int = 3, pace: float = 4.0) -> dict[str, Any]:
    """Wall and CPU milliseconds of each TV frame (update + draw) with six phones."""
    from game.companion import autophones
    from scenes.app import SCREENS, frame_stats, make_app
    from scenes.engine.screens import Screens
    from scenes.phone_game import PhoneGame

    began = time.monotonic()
    table = PhoneGame(Screens(SCREENS), "startupfever", ["phone"] * PHONES, "127.0.0.1", 0,
                      seed=seed, pace=pace, rate=10_000, burst=10_000)  # machine-fast phones
    urls: list[str] = []
    table.start(lambda line: urls.append(line.split()[2]))
    phones = autophones.start_process(urls)
    wall: list[float] = []
    cpu: list[float] = []
    try:
        deadline = time.monotonic() + CONNECT_WAIT
        while len(table.hub.connected()) < PHONES and time.monotonic() < deadline \
                and phones.is_alive():
            time.sleep(0.01)
        connected = len(table.hub.connected())
        app = make_app(table.scene, headless=True, seed=seed)
        for frame in range(frames + WARM_UP):
            start, start_cpu = time.perf_counter(), time.thread_time()
            app.step()
            app.render(1.0)
            end, end_cpu = time.perf_counter(), time.thread_time()
            if frame >= WARM_UP:
                wall.append((end - start) * 1000)
                cpu.append((end_cpu - start_cpu) * 1000)
            time.sleep(max(0.0, 1 / HZ - (time.perf_counter() - start)))
        asked, sent = table.link.tickets, table.link.sent
    finally:
        table.finish()
        phones.join(10)
        if phones.is_alive():
            phones.kill()
    return {"phones": PHONES, "connected": connected, "questions": asked, "views": sent,
            "seconds": time.monotonic() - began, "tv": frame_stats(wall),
            "tv_cpu": frame_stats(cpu)}


def measure_latency(changes: int = 240) -> dict[str, float]:
    """State change -> phone milliseconds on loopback (`game.companion.latency`)."""
    from game.companion.latency import measure

    began = time.monotonic()
    figures = measure(PHONES, changes, HZ)
    return {"phones": PHONES, "changes": changes, "hz": HZ, **figures,
            "seconds": time.monotonic() - began}


def measure(frames: int = 420) -> dict[str, Any]:
    """Both figures: the TV's frames with six phones, and the phones' latency."""
    return {**measure_tv(frames), "latency": measure_latency()}


def report(figures: dict[str, Any]) -> list[str]:
    """Two lines for `main.py bench`."""
    tv, cpu, lat = figures["tv"], figures["tv_cpu"], figures["latency"]
    lines = []
    if tv.get("frames"):
        lines.append(
            f"phones: 6-seat Startup Fever table, {figures['connected']} of "
            f"{figures['phones']} phones on loopback: TV frame median {tv['median_ms']:.2f} ms, "
            f"p99 {tv['p99_ms']:.2f} ms, max {tv['max_ms']:.2f} ms (CPU of the game thread: "
            f"median {cpu['median_ms']:.2f} ms, p99 {cpu['p99_ms']:.2f} ms; "
            f"{tv['frames']} frames at {HZ:g} Hz, {figures['questions']} questions, "
            f"{figures['views']} views, {figures['seconds']:.1f} s)")
    lines.append(f"phones: state change -> phone p50 {lat['latency_p50']:.2f} ms, "
                 f"p99 {lat['latency_p99']:.2f} ms, max {lat['latency_max']:.2f} ms "
                 f"({lat['phones']} phones, {lat['messages']} views at {lat['hz']:g} Hz, "
                 f"{lat['seconds']:.1f} s)")
    return lines


def main() -> int:
    from scenes.app import use_dummy_drivers

    use_dummy_drivers()
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 420
    print("\n".join(report(measure(frames))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
