"""Hostile clients for the phone server's tests and figures: floods of idle connections
and slowloris requests, from a process of their own (as a hostile device would be).

    flood = start("127.0.0.1", port, idle=1100, slowloris=300, seconds=20)
    ...                                  # the TV plays on; a real phone joins
    report = finish(flood)               # {"opened": ..., "closed_by_server": ...}

`idle` connections connect and send nothing; `slowloris` ones send a request's first
line and then one header byte every `trickle` seconds, never finishing it. Both are
held until `seconds` have passed; the report counts how many the server closed. Loopback
only in practice.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import selectors
import socket
import tempfile
import time
from pathlib import Path
from typing import Any

#: Seconds a flood lasts at most (a red test or figure, never a hang).
LIFETIME = 120.0


def run(host: str, port: int, idle: int = 0, slowloris: int = 0, seconds: float = 10.0,
        trickle: float = 1.0) -> dict[str, Any]:
    """Open the connections, keep them as long as the server lets them, for `seconds`."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    socks: list[tuple[socket.socket, bool]] = []
    failed = 0
    for n in range(idle + slowloris):
        try:
            sock = socket.create_connection((host, port), timeout=5)
        except OSError:
            failed += 1
            continue
        sock.setblocking(False)
        slow = n >= idle
        if slow:
            with contextlib.suppress(OSError):
                sock.send(b"GET /s/" + str(n).encode() + b" HTTP/1.1\r\nHost: x\r\n")
        socks.append((sock, slow))
    opened, closed = len(socks), 0
    open_socks = dict(socks)
    watch = selectors.DefaultSelector()  # epoll/kqueue: no limit on descriptor numbers
    open_by_fd = {sock.fileno(): sock for sock in open_socks}
    for sock in open_socks:
        watch.register(sock, selectors.EVENT_READ)

    def gone(sock: socket.socket) -> None:
        nonlocal closed
        closed += 1
        del open_socks[sock]
        watch.unregister(sock)
        sock.close()

    deadline = time.monotonic() + min(seconds, LIFETIME)
    next_trickle = time.monotonic() + trickle
    while open_socks and time.monotonic() < deadline:
        for key, _ in watch.select(0.2):  # the server closed it (or answered, then closes)
            sock = open_by_fd[key.fd]
            try:
                data = sock.recv(4096)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if not data:
                gone(sock)
        if time.monotonic() >= next_trickle:
            next_trickle += trickle
            for sock, slow in list(open_socks.items()):
                if slow:
                    try:
                        sock.send(b"X")
                    except OSError:
                        gone(sock)
    still = len(open_socks)
    for sock in open_socks:
        sock.close()
    watch.close()
    return {"opened": opened, "failed": failed, "closed_by_server": closed,
            "still_open": still}


def _child(host: str, port: int, options: dict[str, Any], record: str) -> None:
    Path(record).write_text(json.dumps(run(host, port, **options)))


def start(host: str, port: int, **options: Any,
          ) -> tuple[multiprocessing.process.BaseProcess, str]:
    """`run` in a spawned process; (the process, where its report will be)."""
    handle, record = tempfile.mkstemp(suffix=".json")
    os.close(handle)
    process = multiprocessing.get_context("spawn").Process(
        target=_child, args=(host, port, options, record), daemon=True)
    process.start()
    return process, record


def finish(flood: tuple[multiprocessing.process.BaseProcess, str], timeout: float = LIFETIME,
           ) -> dict[str, Any]:
    """Wait for a started flood; its report ({} if it did not end in time)."""
    process, record = flood
    process.join(timeout)
    if process.is_alive():
        process.kill()
        process.join()
    try:
        return json.loads(Path(record).read_text() or "{}")
    except (OSError, ValueError):
        return {}
    finally:
        Path(record).unlink(missing_ok=True)
