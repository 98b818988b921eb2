"""Issue 26, F11 with phone seats: the TV shows nothing of a phone seat's hand.

The real Startup Fever table runs headless with phone seats on a real `PhoneHub`
(127.0.0.1, any free port) and scripted phones over WebSocket. Twice from the same seed,
the phones answering alike (every beat: pass), only seat 0's hand differs: cards for
the coming windows or none (the rules ask seat 0 alike: it holds cards). Every TV frame is
hashed: not one pixel differs, and every "any cards?" beat lasts as many updates; every
message to the other phones (their views, status line and log included, and questions)
is the same.

To be repeatable the hub is driven in lockstep (`Lockstep`): the table waits for every
phone's answer (they answer at once on loopback) and takes it a fixed number of updates
after asking, a beat's answer `BEAT_ANSWER` updates later (a person reading the
question), any other the next update. Real sockets, a deterministic clock.
"""

from __future__ import annotations

import hashlib
import time

import pygame
import pytest

from game.companion import autophones
from tests.scenes_startupfever.helpers import Person
from tests.scenes_startupfever.test_table_secrets import TURN_WINDOWS, before_the_turns

from .helpers import PATIENCE, wait_for

#: Updates after its question a phone's answer to the beat reaches the table.
BEAT_ANSWER = 40
FRAMES = 500  # four beats or more in either table, then the year ends at neither
PLAYABLE = ["viral_growth", "server_outage", "security_breach", "defense"]
DEAD = ["press_coverage", "press_coverage", "attrition", "defense"]  # nothing asked early


class Lockstep:
    """A real hub whose answers reach the table on a fixed update count (module doc)."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self.due: dict[int, list] = {}  # seat -> [ticket, updates to go]
        self.arrived: dict[tuple[int, int], object] = {}
        self.frame = 0  # the TV's update now (the film sets it)
        self.sent: list[tuple[int, int, str, dict]] = []  # (frame, slot, kind, message)

    def publish_many(self, views: dict[int, dict]) -> None:
        self.sent += [(self.frame, slot, "view", view) for slot, view in views.items()]
        self.hub.publish_many(views)

    def __getattr__(self, name: str):
        return getattr(self.hub, name)

    def ask(self, seat: int, ticket: int, question: dict) -> None:
        self.sent.append((self.frame, seat, "question", question))
        self.hub.ask(seat, ticket, question)
        beat = {o["id"] for o in question["options"]} <= {"play", "pass"}
        self.due[seat] = [ticket, BEAT_ANSWER if beat else 1]  # (replaces an older one)

    def withdraw(self, seat: int, ticket: int | None = None) -> None:
        self.hub.withdraw(seat, ticket)
        if seat in self.due and ticket in (None, self.due[seat][0]):
            del self.due[seat]

    def answers(self) -> list:
        deadline = time.monotonic() + PATIENCE
        while any((seat, ticket) not in self.arrived for seat, (ticket, _) in self.due.items()):
            for seat, ticket, choice in self.hub.answers():
                self.arrived[(seat, ticket)] = choice
            assert time.monotonic() < deadline, f"no answer from the phones to {self.due}"
            time.sleep(0.0005)
        out = []
        for seat, due in list(self.due.items()):
            due[1] -= 1
            if due[1] <= 0:
                out.append((seat, due[0], self.arrived.pop((seat, due[0]))))
                del self.due[seat]
        return out


def film(kinds: list[str], hand: list[str], frames: int = FRAMES):
    """Each TV frame's digest, each closed beat's (first update, updates it lasted) and
    what was seen, up to `frames` or the year end."""
    from scenes.app import SCREENS, make_app
    from scenes.engine.screens import Screens
    from scenes.phone_game import PhoneGame

    state = before_the_turns(len(kinds), seed=5, hands={0: hand})
    table = PhoneGame(Screens(SCREENS), "startupfever", kinds, "127.0.0.1", 0, seed=5,
                      pace=4.0, state=state, rate=10_000, burst=10_000)
    urls: dict[int, str] = {}
    table.start(lambda line: urls.__setitem__(int(line.split()[1]), line.split()[2]))
    phones = autophones.start_thread([urls[s] for s in sorted(urls)])
    scene = table.scene
    digests, beats, seen = [], [], {"asked": 0, "phone_rows": 0}
    try:
        assert len(wait_for(table.hub.events, len(urls))) == len(urls)  # phones on
        table.link.hub = Lockstep(table.hub)
        app = make_app(scene, headless=True, seed=5)
        person = Person(app, scene, "keyboard") if "keyboard" in kinds else None
        beat, opened = None, 0
        for frame in range(frames):
            table.link.hub.frame = frame
            state = scene.state
            if state.window in ("competition", "discard") or \
                    state.stage in ("deal_check", "deal"):
                break  # year end: hands may be dumped, the decks differ
            if person is not None and app.stack.top is scene:
                person()
            app.step()
            app.render(1.0)
            digests.append(hashlib.md5(pygame.image.tobytes(app.display.canvas,
                                                            "RGB")).digest())
            if scene.beat is not beat:
                if beat is not None:
                    beats.append((opened, frame - opened))
                beat, opened = scene.beat, frame
                if beat is not None:
                    seen["phone_rows"] += sum(scene.is_phone(s) for s in beat.seats)
            state = scene.state
            if state.stage == "window" and state.window in TURN_WINDOWS and \
                    state.current_player == 0:
                seen["asked"] += 1
        seen["sent"] = list(table.link.hub.sent)
    finally:
        table.finish()
    phones.join(PATIENCE)
    return digests, beats, seen


@pytest.mark.parametrize("kinds", [["phone", "phone", "normal", "normal"],
                                   ["phone", "keyboard", "phone", "normal"]],
                         ids=["phones", "phones-and-a-person"])
def test_tv_frames_are_identical_whatever_a_phone_seat_holds(kinds):
    (frames_a, beats_a, seen_a), (frames_b, beats_b, seen_b) = (
        film(kinds, hand) for hand in (PLAYABLE, DEAD))
    # every card holder answers each window (F11): the rules ask seat 0 alike in both
    assert seen_a["asked"] == seen_b["asked"] > 0
    assert seen_a["phone_rows"] > 0 and len(frames_a) > 300  # phone rows in the beats
    n = min(len(frames_a), len(frames_b))  # the rules, ahead of the show, end the film
    assert n > 300
    closed_a = [b for b in beats_a if sum(b) < n]
    assert closed_a == [b for b in beats_b if sum(b) < n]  # every beat as long
    assert len(closed_a) >= 2 and all(length > BEAT_ANSWER for _, length in closed_a)
    assert frames_a[:n] == frames_b[:n]  # and not one pixel differs
    # every message to another phone (views with their status line and log, questions)
    others_a, others_b = ([(f, slot, kind, msg) for f, slot, kind, msg in seen["sent"]
                           if slot != 0 and f < n] for seen in (seen_a, seen_b))
    assert len(others_a) > 50 and others_a == others_b
