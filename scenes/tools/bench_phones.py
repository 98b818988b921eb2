"""The TV with six phones: `python -m scenes.tools.bench_phones`.

The busiest phone table: a 6-seat table of the game with the most seats (`busiest()`:
Startup Fever) whose every seat is a phone: a real `PhoneHub` on
127.0.0.1 (any free port) and six real WebSocket clients in a child process
(`game.companion.autophones`: they answer every question at once, as real phones are
other devices they do not share the game's interpreter lock). The table runs headless
at 60 Hz (update + draw, then rest until the next frame, when the hub's thread does its
work, as on a real screen); each frame's update + draw is timed. The state change ->
phone latency comes from `game.companion.latency`. Figures for people, quoted by
`main.py bench`; nothing asserts a speed. Budget: p99 <= 4 ms.

`python -m scenes.tools.bench_phones flood` measures the same table while a hostile
process floods the phone port (`game.companion.flood`): 1,100 idle connections, then 300
slowloris requests, each held through the whole measurement.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

PHONES = 6
HZ = 60.0
WARM_UP = 30  # the first frames build the caches once
FAST = 4.0  # the pace of the worst-case runs (the game's fast-forward)
CONNECT_WAIT = 30.0  # seconds the phones may take to connect (a spawned process starts)


def busiest() -> Any:
    """The registered game with the most seats (`GameInfo`)."""
    from game import registry

    return max(registry.games(), key=lambda info: info.players[1])


def measure_tv(frames: int = 420, seed: int = 3, pace: float = 1.0,
               kind: str = "phone", flood: dict[str, Any] | None = None) -> dict[str, Any]:
    """Wall and CPU milliseconds of each TV frame (update + draw) with six phones; with
    kind="normal", the same table played by six computers (what the phones add); with
    `flood` (`game.companion.flood.run`'s options), while a hostile process floods the
    phone port (its report under "flood")."""
    from game.companion import autophones
    from game.companion import flood as hostile
    from scenes.app import SCREENS, frame_stats, make_app
    from scenes.engine.screens import Screens
    from scenes.phone_game import PhoneGame

    began = time.monotonic()
    table = PhoneGame(Screens(SCREENS), busiest().id, [kind] * PHONES, "127.0.0.1", 0,
                      seed=seed, pace=pace, rate=10_000, burst=10_000)  # machine-fast phones
    urls: list[str] = []
    table.start(lambda line: urls.append(line.split()[2]))
    handle, record = tempfile.mkstemp(suffix=".json")  # the phones' arrivals, when they end
    os.close(handle)
    link, hub = table.link, table.hub  # (none at a table of computers only)
    if link is not None:
        link.changed_at = {}
    phones = autophones.start_process(urls, record)
    wall: list[float] = []
    cpu: list[float] = []
    try:
        deadline = time.monotonic() + CONNECT_WAIT
        while hub is not None and len(hub.connected()) < len(urls) \
                and time.monotonic() < deadline and phones.is_alive():
            time.sleep(0.01)
        connected = len(hub.connected()) if hub is not None else 0
        attack = None
        if flood is not None:
            assert hub is not None, "a flood needs the phones' server"
            attack = hostile.start("127.0.0.1", hub.port,
                                   seconds=frames / HZ + WARM_UP / HZ + 5, **flood)
            time.sleep(3.0)  # the connections are open before the frames are timed
        app = make_app(table.scene, headless=True, seed=seed)
        for frame in range(frames + WARM_UP):
            start, start_cpu = time.perf_counter(), time.thread_time()
            app.step()
            app.render(1.0)
            end, end_cpu = time.perf_counter(), time.thread_time()
            app.end_frame()  # as the real loop does once the frame is shown
            if frame >= WARM_UP:
                wall.append((end - start) * 1000)
                cpu.append((end_cpu - start_cpu) * 1000)
            time.sleep(max(0.0, 1 / HZ - (time.perf_counter() - start)))
        asked, sent = (link.tickets, link.sent) if link is not None else (0, 0)
        attacked = hostile.finish(attack) if attack is not None else None
    finally:
        table.finish()
        phones.join(10)
        if phones.is_alive():
            phones.kill()
        arrivals = _read(record)
    return {"phones": PHONES, "connected": connected, "questions": asked, "views": sent,
            "seconds": time.monotonic() - began, "tv": frame_stats(wall),
            "tv_cpu": frame_stats(cpu),
            "reach": reach(link.changed_at or {} if link is not None else {}, arrivals),
            **({"flood": attacked} if flood is not None else {})}


def measure_flood(frames: int = 420) -> dict[str, Any]:
    """The six-phone table's frames during 1,100 idle connections, then during 300
    slowloris requests (a header byte a second)."""
    return {"idle": measure_tv(frames, flood={"idle": 1100}),
            "slowloris": measure_tv(frames, flood={"slowloris": 300, "trickle": 1.0})}


def report_flood(figures: dict[str, Any]) -> list[str]:
    lines = []
    for name, label in (("idle", "1,100 idle connections"), ("slowloris", "300 slowloris")):
        run, tv, cpu = figures[name], figures[name]["tv"], figures[name]["tv_cpu"]
        if not tv.get("frames"):
            continue
        attack = run.get("flood") or {}
        lines.append(
            f"phones under attack ({label}): TV frame median {tv['median_ms']:.2f} ms, p99 "
            f"{tv['p99_ms']:.2f} ms, max {tv['max_ms']:.2f} ms (CPU of the game thread: p99 "
            f"{cpu['p99_ms']:.2f} ms; {tv['frames']} frames, "
            f"{run['connected']} of {run['phones']} phones, {run['questions']} questions; "
            f"the attacker opened {attack.get('opened', '?')}, the server closed "
            f"{attack.get('closed_by_server', '?')})")
    return lines


def _read(path: str) -> list[list[list[float]]]:
    try:
        return json.loads(Path(path).read_text() or "[]")
    except (OSError, ValueError):
        return []
    finally:
        Path(path).unlink(missing_ok=True)


def reach(changed_at: dict[int, float], arrivals: list[list[list[float]]]) -> dict[str, Any]:
    """Milliseconds from each state change on the TV to each phone holding a view at
    least that new (a view skipped for a newer one counts when the newer one arrives)."""
    delays = []
    for phone in arrivals:
        seen = sorted((int(rev), at) for rev, at in phone)
        for rev, changed in changed_at.items():
            first = next((at for got, at in seen if got >= rev), None)
            if first is not None:
                delays.append((first - changed) * 1000)
    if not delays:
        return {"changes": 0}
    delays.sort()
    return {"changes": len(changed_at), "pairs": len(delays),
            "p50_ms": delays[len(delays) // 2], "p99_ms": delays[int(len(delays) * 0.99)],
            "max_ms": delays[-1]}


def measure_latency(changes: int = 240) -> dict[str, float]:
    """State change -> phone milliseconds on loopback (`game.companion.latency`)."""
    from game.companion.latency import measure

    began = time.monotonic()
    figures = measure(PHONES, changes, HZ)
    return {"phones": PHONES, "changes": changes, "hz": HZ, **figures,
            "seconds": time.monotonic() - began}


def measure(frames: int = 420) -> dict[str, Any]:
    """The TV's frames with six phones at the game's own pace; at four times that pace
    (four times the changes a second: the worst case), with six phones and with six
    computers instead; and the phones' latency."""
    fast = measure_tv(frames, pace=FAST)
    alone = measure_tv(frames, pace=FAST, kind="normal")
    return {**measure_tv(frames), "fast": {key: fast[key] for key in ("tv", "tv_cpu")},
            "without": {"tv": alone["tv"], "tv_cpu": alone["tv_cpu"]},
            "latency": measure_latency()}


def report(figures: dict[str, Any]) -> list[str]:
    """The lines for `main.py bench`."""
    tv, cpu, lat = figures["tv"], figures["tv_cpu"], figures["latency"]
    lines = []
    if tv.get("frames"):
        lines.append(
            f"phones: 6-seat {busiest().title} table at the game's pace, {figures['connected']} of "
            f"{figures['phones']} phones on loopback: TV frame median {tv['median_ms']:.2f} ms, "
            f"p99 {tv['p99_ms']:.2f} ms, max {tv['max_ms']:.2f} ms (CPU of the game thread: "
            f"median {cpu['median_ms']:.2f} ms, p99 {cpu['p99_ms']:.2f} ms; "
            f"{tv['frames']} frames at {HZ:g} Hz, {figures['questions']} questions, "
            f"{figures['views']} views, {figures['seconds']:.1f} s)")
        got = figures.get("reach") or {}
        if got.get("pairs"):
            lines.append(
                f"phones: state change on the TV -> each phone holds it: p50 "
                f"{got['p50_ms']:.1f} ms, p99 {got['p99_ms']:.1f} ms, max "
                f"{got['max_ms']:.1f} ms ({got['changes']} changes x {figures['connected']} "
                "phones, the views built two a frame, sent once the frame is shown)")
        fast, alone = figures.get("fast"), figures.get("without")
        if fast and alone and fast["tv"].get("frames") and alone["tv"].get("frames"):
            lines.append(
                f"phones: at {FAST:g}x pace (the worst case), TV frame p99 "
                f"{fast['tv']['p99_ms']:.2f} ms with six phones (CPU {fast['tv_cpu']['p99_ms']:.2f}"
                f" ms), {alone['tv']['p99_ms']:.2f} ms with six computers instead (CPU "
                f"{alone['tv_cpu']['p99_ms']:.2f} ms)")
    lines.append(f"phones: state change -> phone p50 {lat['latency_p50']:.2f} ms, "
                 f"p99 {lat['latency_p99']:.2f} ms, max {lat['latency_max']:.2f} ms "
                 f"({lat['phones']} phones, {lat['messages']} views at {lat['hz']:g} Hz, "
                 f"{lat['seconds']:.1f} s)")
    return lines


def main() -> int:
    from scenes.app import use_dummy_drivers

    use_dummy_drivers()
    args = sys.argv[1:]
    if args[:1] == ["flood"]:
        frames = int(args[1]) if len(args) > 1 else 420
        print("\n".join(report_flood(measure_flood(frames))))
        return 0
    frames = int(args[0]) if args else 420
    print("\n".join(report(measure(frames))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
