"""A game with phone seats straight from the command line, no lobby:

    python main.py play startupfever --seats phone,phone,keyboard,normal \\
        --phones 127.0.0.1:0 --headless

Each seat is a computer level (easy, normal, hard), `phone`, `keyboard` or `pad` (pad
seats take the pads plugged in first, in seat order: `pad:0`, `pad:1`, ...; a press during
play never binds a seat). The phone server starts, one line
`JOIN <seat> <url>` per phone seat is printed (flushed at once), and the game runs,
waiting for the phones. When it is over the results show, the phones are told, the
server stops and (headless) the program ends. Computers only (`--seats normal,hard`)
start no phone server: the game plays to its results, kept as a replay like any other.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from game.companion import PhoneHub, SeatInfo
from scenes import registry
from scenes.engine.input import KEYBOARD, pad_id
from scenes.engine.palette import rgb_hex
from scenes.seating import SeatDevices
from scenes.table.look import COLOURS
from scenes.table.phones import PhoneLink
from scenes.table.seats import NAMES

LEVELS = ("easy", "normal", "hard")
PEOPLE = ("phone", "keyboard", "pad")
KINDS = LEVELS + PEOPLE
#: Updates the results stay on a headless TV before the program ends (the phones hear it).
RESULTS_UPDATES = 90
#: Seconds a headless TV rests per update while a phone's answer is awaited (no busy spin).
REST = 0.004
#: Updates a headless TV waits, its script used up, with nothing played and no phone
#: awaited (so a keyboard or pad seat is to move, and nobody can press), before it stops.
STUCK_UPDATES = 1200


def parse_seats(text: str) -> list[str]:
    """'phone,phone,normal,normal' -> the seat kinds (ValueError names a bad one)."""
    kinds = [kind.strip().lower() for kind in text.split(",") if kind.strip()]
    for kind in kinds:
        if kind not in KINDS:
            raise ValueError(f"unknown seat {kind!r} (seats: {', '.join(KINDS)})")
    if not kinds:
        raise ValueError("no seats in --seats (e.g. phone,phone,normal,normal)")
    if kinds.count("keyboard") > 1:
        raise ValueError("one keyboard seat at most")
    return kinds


def seat_class(game: str) -> tuple[Any, int, int]:
    """The game's seat type and its player count bounds."""
    seats = registry.get(game).seats_module()
    return seats.Seat, seats.MIN_SEATS, seats.MAX_SEATS


class PhoneGame:
    """One game with phone seats: the seats, the hub, the link and the table screen."""

    def __init__(self, screens: Any, game: str, kinds: list[str], host: str, port: int,
                 seed: int | None = None, pace: float = 1.0, state: Any = None,
                 **hub_options: Any) -> None:
        """state: a game to start from (tests, figures); hub_options: the `PhoneHub`'s
        limits (tests' scripted phones answer faster than a person)."""
        seat_type, low, high = seat_class(game)
        if not low <= len(kinds) <= high:
            raise ValueError(f"{game} seats {low}-{high} players, not {len(kinds)}")
        self.kinds = kinds
        self.seats = [seat_type(NAMES[i], COLOURS[i], kind in PEOPLE,
                                kind if kind in LEVELS else "normal")
                      for i, kind in enumerate(kinds)]
        phones = [i for i, kind in enumerate(kinds) if kind == "phone"]
        self.devices = SeatDevices()
        pads = 0
        for i, kind in enumerate(kinds):
            if kind == "keyboard":
                self.devices.bind(i, KEYBOARD)
            elif kind == "pad":
                self.devices.bind(i, pad_id(pads))
                pads += 1
        extra = {} if state is None else {"state": state}
        self.scene = screens.make(game, self.seats, seed=seed, pace=pace,
                                  devices=self.devices, **extra)
        self.hub: PhoneHub | None = None
        self.link: PhoneLink | None = None
        if not phones:  # computers (and people at the TV) only: no phone server at all
            return
        self.hub = PhoneHub(host, port, seats=[
            SeatInfo(seat.name, rgb_hex(self.scene.colour(i)))
            for i, seat in enumerate(self.seats)], **hub_options)
        self.link = PhoneLink(self.hub, phones)
        self.link.bind(self.devices)
        self.scene.phones = self.link

    def start(self, out: Callable[[str], None]) -> None:
        """Start the phone server and say where each phone seat joins."""
        if self.hub is None or self.link is None:
            return
        self.hub.start()
        for seat in self.link.seats:
            out(f"JOIN {seat} {self.hub.join_url(seat)}")

    def join_overlay(self) -> Any:
        """The "Scan to join" overlay: each phone seat's QR code on the TV."""
        from scenes.phone_join import PhoneJoinOverlay

        assert self.link is not None, "no phone seats"
        return PhoneJoinOverlay(self.hub, [(seat, self.seats[seat].name,
                                            self.scene.colour(seat))
                                           for seat in self.link.seats])

    @property
    def over(self) -> bool:
        state = getattr(self.scene, "state", None)
        return state is not None and state.is_terminal() and self.scene.leaving

    def finish(self) -> None:
        """The phones hear the game is over (their last view), then the server stops."""
        if self.link is not None:
            self.link.close(self.scene, wait=5.0)  # the last views go out, then it stops

    def run_headless(self, app: Any, on_step: Callable[[Any], None] | None = None,
                     draw_every: int = 10, err: Callable[[str], None] | None = None) -> int:
        """Run the game to its results (kept a moment on the TV) or `--frames`, resting
        while a phone is awaited; `on_step(app)` after each update (tests: a scripted
        keyboard). A keyboard or pad seat plays what the script presses; once the script
        is used up and such a seat is to move (nothing played for `STUCK_UPDATES`, no
        phone awaited), the run ends with status 1, saying so, rather than wait forever."""
        after, played, still = 0, -1, 0
        local = [i for i, kind in enumerate(self.kinds) if kind in ("keyboard", "pad")]
        while app.running and after < RESULTS_UPDATES:
            app.step()
            if on_step is not None:
                on_step(app)
            if app.updates % draw_every == 0:
                app.render(1.0)
            app.end_frame()
            if self.over:
                after += 1
            awaited = self.link is not None and self.link.waiting  # a phone to answer
            if awaited and not self.over:
                time.sleep(REST)
            now = getattr(self.scene, "played", 0)
            still = 0 if now != played or awaited or app.scripted() else still + 1
            played = now
            if local and on_step is None and still >= STUCK_UPDATES:
                seats = ", ".join(f"{self.seats[i].name} ({self.kinds[i]})" for i in local)
                (err or _say_err)(f"play: stopped at update {app.updates}: the script is "
                                  f"used up and a seat played from this computer ({seats}) "
                                  "is to move, which a headless run cannot press")
                return 1
        app.render(1.0)
        if app.screenshot_path:
            app.screenshot(app.screenshot_path)
        return 0


def _say_err(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def play(args: Any, make_app: Callable[..., Any], screens: Any,
         out: Callable[[str], None] | None = None,
         script: list[Any] | None = None) -> int:
    """`main.py play GAME --seats ... --phones HOST:PORT` (with `--frames`, `--script`:
    the script's rows, already read); returns the exit status."""
    from game.companion.address import DEFAULT_PORT, parse_host_port

    def say(line: str) -> None:
        print(line, flush=True)

    out = out or say
    try:
        kinds = parse_seats(args.seats)
        host, port = (parse_host_port(args.phones) if getattr(args, "phones", None)
                      else (None, DEFAULT_PORT))
        game = PhoneGame(screens, args.game, kinds, host, port,
                         seed=getattr(args, "seed", None), pace=getattr(args, "speed", 1.0) or 1.0)
    except ValueError as exc:
        print(f"play: {exc}", file=sys.stderr)
        return 2
    headless = getattr(args, "headless", False)
    if headless and script is None and any(kind in ("keyboard", "pad") for kind in kinds):
        print("play: a keyboard or pad seat needs the window, or --script FILE to press "
              "its keys in a headless run", file=sys.stderr)
        return 2
    app = make_app(game.scene, headless=headless, screenshot=getattr(args, "screenshot", None),
                   seed=getattr(args, "seed", None), frames=getattr(args, "frames", None),
                   script=script)
    game.start(out)
    try:
        if headless:
            return game.run_headless(app)
        if game.link is not None:  # "Scan to join" until phones are on
            app.stack.push(game.join_overlay(), fade=False)
        return app.run()
    finally:
        game.finish()
