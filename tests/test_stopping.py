"""One way to stop (`game.stopping`): SIGTERM, SIGINT and SIGHUP end every command within
seconds, with no traceback, the exit status 128 + the signal, no worker left behind, and
the saves on the disk intact; `soak` still prints its summary."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Seconds a stopped command may take to end here (the goal is 3; the machine is shared).
STOP_WITHIN = 6.0
#: Seconds to let a command get into its work once its handlers are in place.
SETTLE = 1.5

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(),
                                reason="reads /proc to see a process's handlers")

COMMANDS = {
    "title": ["--headless"],
    "window": [],  # the title in a (dummy) window: the player's saves and settings
    "play": ["play", "servermania", "--seats", "phone,normal", "--phones", "127.0.0.1:0",
             "--headless"],
    "demo": ["demo", "servermania", "--headless"],
    "pace": ["pace", "servermania", "--games", "50"],
    "random-input": ["random-input", "--updates", "100000000"],
    "stress": ["stress", "servermania", "--games", "1000000"],
    "sim": ["sim", "servermania", "--games", "10000000"],
    "soak": ["soak", "servermania", "--minutes", "30", "--pace", "8"],
    "bench": ["bench"],
}
SIGNALS = [signal.SIGTERM, signal.SIGINT, signal.SIGHUP]


def caught(pid: int) -> int:
    """The signals process `pid` catches (SigCgt of /proc/PID/status) as a bit mask."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return int(line.split()[1], 16)
    return 0


def descendants(pid: int) -> set[int]:
    """Every process below `pid` now."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for child in map(int, children):
                if child not in found:
                    found.add(child)
                    todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in state  # a zombie has ended


def start(args: list[str], home: Path) -> subprocess.Popen:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config"),
           "PYTHONUNBUFFERED": "1"}
    env.pop("SDL_NO_SIGNAL_HANDLERS", None)  # as a player's shell starts it
    return subprocess.Popen([sys.executable, "main.py", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def stop(proc: subprocess.Popen, signum: int, ready: str = ""
         ) -> tuple[float, str, str, set[int]]:
    """Wait for the stop handlers (and the first line of output starting with `ready`),
    let it work, send `signum`; (seconds to end, stdout, stderr, the processes it had
    below it)."""
    deadline = time.monotonic() + 60
    while not caught(proc.pid) & (1 << (signal.SIGHUP - 1)):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the stop handlers never came"
        time.sleep(0.02)
    head = ""
    if ready:  # a slow start (a busy machine) is still in its imports after SETTLE
        head = proc.stdout.readline()
        assert head.startswith(ready), (head, proc.communicate())
    time.sleep(SETTLE)
    assert proc.poll() is None, proc.communicate()
    below = descendants(proc.pid)
    sent = time.monotonic()
    proc.send_signal(signum)
    try:
        out, err = proc.communicate(timeout=30)
        out = head + out
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        pytest.fail(f"{signal.Signals(signum).name} did not stop it: {err[-2000:]}")
    return time.monotonic() - sent, out, err, below


def saved_game(home: Path) -> Path:
    """A save on the disk before the game starts (it must come through a stop intact)."""
    from game.autosave import Slots
    from tests.test_autosave import SEATS, played

    folder = home / "data" / "unicorn-arcade" / "saves"
    state = played()
    assert Slots(folder).save("servermania", state, SEATS, f"turn {state.turn}")
    return folder / "servermania.json"


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: signal.Signals(s).name)
@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_stops_cleanly_on_each_signal(command, signum, tmp_path):
    save = saved_game(tmp_path) if command == "window" else None
    before = save.read_bytes() if save else b""
    proc = start(COMMANDS[command], tmp_path)
    took, out, err, below = stop(proc, signum, "soak " if command == "soak" else "")
    print(f"{command} {signal.Signals(signum).name}: ended {took:.2f} s after the signal")
    assert proc.returncode == 128 + signum, (proc.returncode, err[-2000:])
    assert "Traceback" not in err, err[-3000:]
    assert took < STOP_WITHIN, f"{took:.1f} s"
    time.sleep(0.2)
    assert not [pid for pid in below if alive(pid)], "a process was left behind"
    if command == "soak":
        assert f"stopped by {signal.Signals(signum).name}" in out
        assert "games," in out.splitlines()[-1]  # the summary line, last
    if save is not None:
        assert save.read_bytes() == before
        assert not [p.name for p in save.parent.iterdir() if p.name.endswith(".tmp")]


def test_soak_json_names_the_signal(tmp_path):
    proc = start(["soak", "servermania", "--minutes", "30", "--pace", "8", "--json"],
                 tmp_path)
    _took, out, err, _below = stop(proc, signal.SIGINT, "soak ")
    assert proc.returncode == 130, err
    figures = json.loads(out.splitlines()[-1])
    assert figures["stopped_by"] == "SIGINT" and figures["frames"] > 0


def test_a_second_signal_while_stopping_ends_it_at_once(tmp_path):
    """A stop that hangs is never stuck: the second signal leaves at once."""
    code = ("import time; from game import stopping; stopping.install()\n"
            "try:\n    time.sleep(60)\nexcept stopping.Stopped:\n"
            "    print('stopping', flush=True)\n    time.sleep(60)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while not caught(proc.pid) & (1 << (signal.SIGHUP - 1)) and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.send_signal(signal.SIGTERM)
    assert proc.stdout.readline() == "stopping\n"
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=10)
    assert proc.returncode == 128 + signal.SIGTERM


def test_a_worker_takes_the_default_action_for_every_stop_signal():
    from game import stopping

    code = ("import signal; from game import stopping; stopping.install(); "
            "stopping.in_worker(); "
            "print(all(signal.getsignal(s) is signal.SIG_DFL for s in stopping.SIGNALS))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60).stdout
    assert out.strip() == "True" and signal.SIGHUP in stopping.SIGNALS


def test_sigterm_stops_a_test_run_with_a_window_open(tmp_path):
    """`timeout` (SIGTERM) ends a test run even once SDL is up (tests/conftest.py)."""
    sleeper = tmp_path / "test_sleeper.py"
    sleeper.write_text("import time\nimport pygame\n\n\ndef test_sleep():\n"
                       "    pygame.display.init()\n    pygame.display.set_mode((8, 8))\n"
                       "    print('window up', flush=True)\n    time.sleep(60)\n")
    (tmp_path / "conftest.py").write_text("import tests.conftest  # the suite's environment\n")
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    env = {k: v for k, v in os.environ.items() if k != "SDL_NO_SIGNAL_HANDLERS"}
    proc = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-s", "-p",
                             "no:cacheprovider", "-c", str(tmp_path / "pytest.ini"),
                             str(sleeper)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while "window up" not in proc.stdout.readline():
            assert time.monotonic() < deadline and proc.poll() is None
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
            pytest.fail("SIGTERM did not stop the test run")
    assert proc.returncode == -signal.SIGTERM
