"""The phone server cannot be knocked over: floods of idle connections and slowloris
requests are bounded and timed out, a real phone still joins and plays, and the TV itself
survives them at the usual limit of 1,024 open files (`game.companion.limits`)."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.companion import autophones, flood
from tests.companion.helpers import PATIENCE, running_hub
from tests.companion.test_security import honest_phone_works

ROOT = Path(__file__).resolve().parents[2]


def open_count(hub) -> int:
    """Connections the hub's server holds open now."""
    return sum(1 for h in hub.guard.server.connections if h.transport is not None)


def test_the_guard_counts_what_is_really_open():
    with running_hub(max_connections=64) as hub:
        socks = connect_many(hub.port, 200)
        try:
            time.sleep(0.3)
            assert open_count(hub) == hub.guard.count == 64
        finally:
            for sock in socks:
                sock.close()


def connect_many(port: int, n: int, first: bytes = b"") -> list[socket.socket]:
    socks = []
    for _ in range(n):
        sock = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE)
        if first:
            sock.sendall(first)
        socks.append(sock)
    return socks


def server_closed(sock: socket.socket) -> bool:
    sock.settimeout(0)
    try:
        return sock.recv(4096) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def test_1100_idle_connections_stay_under_the_cap_and_a_phone_still_plays():
    with running_hub(max_connections=64) as hub:
        socks = connect_many(hub.port, 1100)
        try:
            deadline = time.monotonic() + PATIENCE
            while hub.guard.evicted + hub.guard.refused < 1100 - 64 \
                    and time.monotonic() < deadline:
                time.sleep(0.05)
            assert open_count(hub) <= 64
            assert hub.guard.evicted + hub.guard.refused >= 1100 - 64
            honest_phone_works(hub, seat=0)  # during the flood
            assert open_count(hub) <= 64
        finally:
            for sock in socks:
                sock.close()
        honest_phone_works(hub, seat=1, ticket=901)


def test_a_phone_keeps_its_socket_through_a_flood():
    """The phones' WebSockets are never the ones closed to make room."""
    from tests.companion.test_security import raw_websocket

    with running_hub(max_connections=32) as hub:
        phone = raw_websocket(hub, 2)
        socks = connect_many(hub.port, 300)
        try:
            time.sleep(0.3)
            assert 2 in hub.connected() and not server_closed(phone)
        finally:
            for sock in (*socks, phone):
                sock.close()


def test_300_slowloris_requests_are_closed_by_the_header_timeout():
    with running_hub(header_timeout=1.0) as hub:
        socks = connect_many(hub.port, 300, b"GET /s/abc HTTP/1.1\r\nHost: x\r\n")
        try:
            deadline = time.monotonic() + 2.0
            while time.monotonic() < deadline:  # a header byte now and then: still cut
                for sock in socks:
                    with contextlib.suppress(OSError):
                        sock.sendall(b"X")
                time.sleep(0.4)
            deadline = time.monotonic() + PATIENCE
            while open_count(hub) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert open_count(hub) == 0
            assert all(server_closed(sock) for sock in socks)
        finally:
            for sock in socks:
                sock.close()
        honest_phone_works(hub, seat=0)


def test_the_header_timeout_is_short_by_default():
    from game.companion.limits import connection_cap, raise_file_limit

    with running_hub() as hub:
        assert hub._header_timeout == 10.0
        assert hub.max_connections == connection_cap(raise_file_limit()) <= 256


def test_accept_errors_are_one_line_now_and_then_never_a_traceback():
    import asyncio

    from game.companion.limits import quiet_accept_errors

    lines: list[str] = []
    loop = asyncio.new_event_loop()
    try:
        quiet_accept_errors(loop, lines.append)
        for _ in range(481):
            loop.call_exception_handler({
                "message": "socket.accept() out of system resource",
                "exception": OSError(24, "Too many open files")})
    finally:
        loop.close()
    assert lines == ["phone server: socket.accept() out of system resource "
                     "(Too many open files); still serving"]


def test_the_soft_file_limit_is_raised_to_the_hard_one():
    pytest.importorskip("resource")
    code = ("import resource; from game.companion.limits import raise_file_limit; "
            "print(raise_file_limit(), resource.getrlimit(resource.RLIMIT_NOFILE)[0])")

    def low():
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 2048))

    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, preexec_fn=low, check=True).stdout.split()
    assert out == ["2048", "2048"]


@pytest.mark.skipif(sys.platform == "win32", reason="file limits are a POSIX matter")
def test_the_tv_survives_1100_idle_and_300_slowloris_at_1024_files_and_a_phone_plays():
    """The whole game in its own process, held to 1,024 open files (soft and hard, as a
    stock system gives), flooded; a scripted phone then joins and plays its seat to the
    end of the game, where the process ends (no frame budget: the flood alone takes some
    ten seconds, and a budget of 2,400 frames used to run out around then, leaving the
    phone anything from no move to a dozen)."""

    def stock_limit():
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    tv = subprocess.Popen(
        [sys.executable, "main.py", "play", "servermania", "--seats", "phone,normal",
         "--phones", "127.0.0.1:0", "--headless", "--speed", "8"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=stock_limit)
    try:
        join = tv.stdout.readline().split()
        assert join[:2] == ["JOIN", "0"], join
        port = int(re.search(r":(\d+)/", join[2]).group(1))
        report = flood.run("127.0.0.1", port, idle=1100, slowloris=300, seconds=3.0,
                           trickle=0.5)
        assert report["opened"] + report["failed"] == 1400
        assert report["closed_by_server"] >= 1400 - 256 - report["failed"]
        assert tv.poll() is None, tv.stderr.read()  # still running after the flood
        inbox: list[dict] = []
        phones = autophones.start_thread([join[2]], inboxes=[inbox])
        out, err = tv.communicate(timeout=240)
        phones.join(10)
    finally:
        if tv.poll() is None:
            tv.kill()
            tv.communicate()
    assert tv.returncode == 0, err
    assert "Traceback" not in err, err
    assert sum(m["type"] == "accepted" for m in inbox) >= 3  # the phone played its seat
    assert any(m["type"] == "view" and m["view"]["over"] for m in inbox)  # to the end
