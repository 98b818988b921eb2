"""Phone seats at either table: a decision source that asks a phone, and the link that
keeps each phone up to date (`game.companion.PhoneHub`).

    link = PhoneLink(hub, phone_seats={0, 1})
    scene.phones = link            # before the game screen opens

The game screen then gets its phone seats' decisions from `PhoneSource` (through
`source_for`) and calls `link.tend(scene)` once an update, which

- drains the hub's answers (never blocks) into the link's mailbox;
- publishes every phone seat its own view when something changed (an action applied, a
  log line): built from `observation(seat)` alone plus the public log, never another
  seat's; nothing is sent while nothing changes;
- hands a phone seat its own die: the table's roll call for that seat becomes a Roll
  button on the phone, and the phone's roll throws it;
- asks a phone seat in the table's "any cards?" beat on its phone, in parallel with
  every other seat (the beat's countdown is the same whatever anyone holds, F11).

A phone seat is bound to a device of its own (`phone:N`) in the table's `SeatDevices`,
so no device at the TV answers for it or opens its curtain.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any, Protocol

from game.companion import views
from game.undo import TAKE_BACK
from scenes.lobby_phones import is_phone, slot_of
from scenes.seating import PHONE_PREFIX

#: The device a phone seat is bound to in `SeatDevices` (none at the TV may answer for it).
PHONE_DEVICE = PHONE_PREFIX + "{}"
#: Phone views built per update after a change (the seat to move first): six seats' views
#: in one frame cost the TV ~1.3 ms at p99 (`main.py bench`); two a frame, 0.4 ms, and
#: the last seat's view is two frames (33 ms) later.
VIEWS_PER_UPDATE = 2


class Hub(Protocol):
    """What the link needs of the phones' server (`game.companion.PhoneHub`; the tests'
    `FakeHub` records the same calls)."""

    deferred: bool  # hold what a frame posts until `flush`, once the frame is shown

    def ask(self, slot: int, ticket: int, question: dict) -> None: ...

    def withdraw(self, slot: int, ticket: int | None = None) -> None: ...

    def publish_many(self, views: dict[int, dict]) -> None: ...

    def publish_watch(self, view: dict) -> None: ...

    def answers(self) -> list[tuple[int, int, Any]]: ...

    def events(self) -> list[dict]: ...

    def allow_returns(self, on: bool = True) -> None: ...

    def flush(self) -> None: ...

    def stop(self, timeout: float = 5.0) -> None: ...


class PhoneTable(Protocol):
    """What the phones need of the game screen they serve (`BoardScene`, `TableScene`,
    through `GameScreen`): the game's id (its phone words: `GameInfo.phone`), the state,
    the seats and their names, the log, a count of actions applied, a person's own die
    (`roll_call`, thrown with `roll()`), a card window's beat (`beat`, None when none is
    open or the game has none), take-backs, and the computers standing in for away
    phones (`stood_in`, `stand_in`, `stand_down`)."""

    GAME: str
    state: Any
    seats: list[Any]
    log_panel: Any
    played: int
    roll_call: Any
    beat: Any
    stood_in: dict[int, str]

    def name(self, seat: int) -> str: ...

    def roll(self) -> None: ...

    def take_back(self) -> bool: ...

    def take_back_label(self, seat: int | None) -> str | None: ...

    def stand_in(self, seat: int, level: str, why: str = "asked") -> None: ...

    def stand_down(self, seat: int) -> None: ...


class PhoneSource:
    """A seat whose decisions come from its phone: `begin` asks (one option per legal
    action), `poll` takes the phone's answer for this question's ticket only, `cancel`
    withdraws the question. An answer given earlier at the table (`ready`: a pass in the
    "any cards?" beat) is taken without asking again."""

    kind = "phone"
    shows_thinking = False

    def __init__(self, link: PhoneLink, game: str,
                 ready: Callable[[int, Any, list], Any] | None = None,
                 take_back: Callable[[int], str | None] | None = None) -> None:
        self.link, self.game, self.ready = link, game, ready
        self.take_back = take_back  # the seat's "Take back: ..." (None: nothing to take back)
        self.offered = False  # this question offers "Take back"
        self.seat: int | None = None
        self.ticket: int | None = None
        self.legal: list = []
        self._answer: Any = None
        self.amounts: dict[int, tuple[int, int]] = {}  # the open question's steppers
        self.fields: dict[int, str] = {}  # the action field each stepper sets

    def begin(self, seat: int, state: Any, legal: list) -> None:
        self.seat, self.legal = seat, list(legal)
        self._answer = self.ready(seat, state, legal) if self.ready is not None else None
        if self._answer is not None:
            return
        label = self.take_back(seat) if self.take_back is not None else None
        self.offered = label is not None
        question = views.question(self.game, state, self.legal, take_back=label, seat=seat,
                                  names=self.link.names())
        self.amounts = views.amounts(question)
        self.fields = {o["id"]: o["amount"].get("field", "offer")
                       for o in question["options"] if "amount" in o}
        self.ticket = self.link.ask(seat, question)
        self.link.deciding = seat  # the TV says so: "Ada answers on the phone"

    def poll(self) -> Any:
        if self._answer is not None:
            action, self._answer = self._answer, None
            return action
        if self.seat is None or self.ticket is None:
            return None
        choice = self.link.take(self.seat, self.ticket)
        if choice == views.UNDO and self.offered:
            self.ticket = None
            self.link.deciding = None
            return TAKE_BACK
        action = self.action(choice)
        if action is not None:
            self.ticket = None
            self.link.deciding = None
        return action

    def action(self, choice: Any) -> Any:
        """The legal action a phone's answer names: an index, or "index:amount" of a
        stepper (an offer of that amount, within the stepper's range); else None."""
        if isinstance(choice, int) and not isinstance(choice, bool) \
                and 0 <= choice < len(self.legal):
            return self.legal[choice]
        if not isinstance(choice, str) or choice.count(":") != 1:
            return None
        index, _, amount = choice.partition(":")
        if not (index.isdigit() and amount.isdigit()) or int(index) not in self.amounts:
            return None
        least, most = self.amounts[int(index)]
        if not least <= int(amount) <= most:
            return None
        return dataclasses.replace(self.legal[int(index)],
                                   **{self.fields[int(index)]: int(amount)})

    def cancel(self) -> None:
        if self.seat is not None and self.ticket is not None:
            self.link.withdraw(self.seat, self.ticket)
            self.link.deciding = None
        self.ticket = None
        self._answer = None


class PhoneLink:
    """The table's side of the phones: tickets, answers, views, dice and beats."""

    def __init__(self, hub: Hub, phone_seats: set[int] | list[int],
                 slots: dict[int, int] | None = None) -> None:
        """slots: the hub's slot of each phone seat when they differ (phones that joined
        in the lobby hold the slots they claimed there)."""
        self.hub = hub
        self.seats = sorted(set(phone_seats))
        self.slot = {seat: (slots or {}).get(seat, seat) for seat in self.seats}
        self.seat_of = {slot: seat for seat, slot in self.slot.items()}
        self.tickets = 0
        self.mailbox: dict[int, tuple[int, Any]] = {}  # seat -> (ticket, choice), newest
        self.open: dict[int, int] = {}  # seat -> the ticket of its open question
        self.published: tuple | None = None  # what the views were made from last
        self.roll_ticket: tuple[int, int] | None = None  # (seat, ticket) of a phone's die
        self.beat_asked: dict[int, int] = {}  # seat -> ticket, for the beat open now
        self.beat_of: Any = None  # that beat
        self.sent = 0  # views published so far (tests and figures)
        self.deciding: int | None = None  # the seat whose decision is open on its phone
        self.with_obs = False  # views carry the observation itself (tests prove with it)
        self.stale: list[int] = []  # seats whose view is out of date, next to publish first
        self.rev = 0  # changes so far; each view carries the one it shows ("rev")
        self.changed_at: dict[int, float] | None = None  # rev -> clock, when a figure asks
        self._scene: Any = None  # the table tended last (a question publishes a stale view)
        self._app: Any = None  # the app whose frames flush the hub (`after_frame`)
        self.table: dict | None = None  # the public table of change `table_rev`
        self.table_rev = -1
        self.seen: set[int] = set()  # seats whose phone has connected at least once
        self.away: dict[int, float] = {}  # seat -> when its phone went (clock seconds)
        self.clock: Callable[[], float] = time.monotonic
        hub.allow_returns()  # the short link leads back to one's seat (with its PIN)

    def names(self) -> list[str]:
        """The seats' names, as the table shows them."""
        scene = self._scene
        return [seat.name for seat in scene.seats] if scene is not None else []

    def bind(self, devices: Any) -> None:
        """Bind each phone seat to its own device in the table's `SeatDevices`."""
        for seat in self.seats:
            devices.bind(seat, PHONE_DEVICE.format(seat))

    def source(self, game: str, ready: Callable[[int, Any, list], Any] | None = None,
               take_back: Callable[[int], str | None] | None = None) -> PhoneSource:
        return PhoneSource(self, game, ready, take_back)

    # -- questions ---------------------------------------------------------------------------

    def ask(self, seat: int, question: dict) -> int:
        if seat in self.stale and self._scene is not None:
            self._publish(self._scene, only=seat)  # the view first, then the question
        self.tickets += 1
        self.open[seat] = self.tickets
        self.hub.ask(self.slot[seat], self.tickets, question)
        return self.tickets

    def take(self, seat: int, ticket: int) -> Any:
        """The phone's answer to `ticket`, once (None: not yet)."""
        got = self.mailbox.get(seat)
        if got is None or got[0] != ticket:
            return None
        del self.mailbox[seat]
        self.open.pop(seat, None)
        return got[1]

    def withdraw(self, seat: int, ticket: int) -> None:
        if self.open.get(seat) == ticket:
            del self.open[seat]
        self.hub.withdraw(self.slot[seat], ticket)

    @property
    def waiting(self) -> bool:
        """A phone's answer is awaited now."""
        return bool(self.open)

    # -- once an update ----------------------------------------------------------------------

    def tend(self, scene: PhoneTable) -> None:
        app = getattr(scene, "app", None)  # none before the scene is pushed
        if app is not None and app is not self._app:
            app.after_frame.append(self.flush)  # the server works once the frame is shown
            self._app, self.hub.deferred = app, True
        self.flush()  # what a loop that never ends its frames left held
        self._scene = scene
        self._changed(scene)
        for event in self.hub.events():
            self._event(scene, event)
        self._away(scene)
        for slot, ticket, choice in self.hub.answers():
            seat = self.seat_of.get(slot)
            if seat is not None and self.open.get(seat) == ticket:  # a stale one is dropped
                self.mailbox[seat] = (ticket, choice)
        self._roll(scene)
        self._beat(scene)
        self._publish(scene)

    # -- phones that go and come back ------------------------------------------------------

    def _event(self, scene: PhoneTable, event: dict) -> None:
        """A phone connected, went or was replaced by another: the TV says so; a phone
        back in time takes its seat back from the computer standing in for it."""
        seat = self.seat_of.get(event.get("seat"))  # type: ignore[arg-type]
        kind = event.get("kind")
        if seat is None or kind not in ("connect", "disconnect", "takeover"):
            return
        toasts = getattr(getattr(scene, "app", None), "toasts", None)
        name = scene.name(seat)
        if kind == "disconnect":
            self.away[seat] = self.clock()
            if toasts is not None:
                toasts.show(f"{name}'s phone is away")
            return
        self.seen.add(seat)
        if self.away.pop(seat, None) is not None and toasts is not None:
            toasts.show(f"{name}'s phone is back")
        if scene.stood_in.get(seat) == "away":
            scene.stand_down(seat)
        self.stale = [seat, *[s for s in self.stale if s != seat]]  # its view first

    def _away(self, scene: PhoneTable) -> None:
        """A phone away longer than the setting allows: the computer plays its seat until
        the phone comes back (0: the table waits for it)."""
        if not self.away:
            return
        limit = getattr(getattr(getattr(scene, "app", None), "settings", None),
                        "phone_away", 60)
        if not limit:
            return
        now = self.clock()
        for seat, since in self.away.items():
            if now - since >= limit and seat not in scene.stood_in:
                scene.stand_in(seat, scene.seats[seat].level, "away")

    def away_for(self, seat: int) -> float | None:
        """Seconds `seat`'s phone has been away (None: it is here)."""
        since = self.away.get(seat)
        return None if since is None else self.clock() - since

    def _changed(self, scene: PhoneTable) -> None:
        """Mark every seat's view stale after a change (an action applied, a log line);
        the seat to move comes first."""
        entries = scene.log_panel.entries
        key = (scene.played, len(entries), id(entries[-1]) if entries else 0)
        if key == self.published:
            return
        self.published = key
        self.rev += 1
        if self.changed_at is not None:
            self.changed_at[self.rev] = time.monotonic()
        mover = getattr(scene.state, "current_player", None)
        self.stale = sorted(self.seats, key=lambda seat: seat != mover)

    def _publish(self, scene: PhoneTable, budget: int = VIEWS_PER_UPDATE,
                 only: int | None = None) -> None:
        """Send up to `budget` stale seats their own view (or just seat `only`)."""
        seats = [only] if only is not None else self.stale[:budget]
        self.stale = [seat for seat in self.stale if seat not in seats]
        if not seats:
            return
        state = scene.state
        names = [seat.name for seat in scene.seats]
        log = [text for text, _colour in scene.log_panel.entries[-views.LOG_LINES:]]
        over = state.is_terminal()
        table = self._table(scene, names, log, over)
        several = getattr(state, "observations", None)  # one encoding for them all
        seen = several(seats) if several is not None else \
            [state.observation(seat) for seat in seats]
        out = {}
        drop = views.adapter(scene.GAME).DROP
        for seat, obs in zip(seats, seen, strict=True):
            for key in drop:  # the same for everyone, and large (the board)
                obs.pop(key, None)
            view = views.seat_view(scene.GAME, obs, names, log, over, with_obs=self.with_obs)
            if seat in scene.stood_in:
                view["status"] = "The computer plays for you"
            out[self.slot[seat]] = view | {"rev": self.rev, "table": table}
            self.sent += 1
        self.hub.publish_many(out)  # one wake-up of the server's thread for them all

    def _table(self, scene: PhoneTable, names: list[str], log: list[str], over: bool
               ) -> dict:
        """The public table of this change (once per change), from the rules' public
        observation; the watching phones get it with the log."""
        if self.table_rev == self.rev and self.table is not None:
            return self.table
        pub = views.public_of(scene.GAME, scene.state)
        board = getattr(scene.state, "board", None)
        squares = [sq.label for sq in board.squares] if board is not None else None
        self.table = views.table_view(scene.GAME, pub, names, squares)
        self.table_rev = self.rev
        watch = views.watch_view(scene.GAME, pub, names, log, over, squares, self.table)
        self.hub.publish_watch(watch | {"rev": self.rev})
        return self.table

    def flush(self) -> None:
        """Hand the phones' server what this frame posted (called once it is shown)."""
        self.hub.flush()

    def close(self, scene: PhoneTable, wait: float = 0.0) -> None:
        """The game is over or left: each phone gets its last view, then the server stops
        (the phones are told the game has ended); `wait`: seconds to wait for it."""
        if self._app is not None and self.flush in self._app.after_frame:
            self._app.after_frame.remove(self.flush)
        if getattr(scene, "state", None) is not None:
            self.published = None
            self._changed(scene)
            self._publish(scene, budget=len(self.seats))
        self.hub.stop(timeout=wait)  # by default no frame waits: it finishes on its own

    def _roll(self, scene: PhoneTable) -> None:
        """A phone seat's own die: asked on its phone; the phone's roll throws it."""
        call = scene.roll_call
        if self.roll_ticket is not None:
            seat, ticket = self.roll_ticket
            if call is None or call.seat != seat:
                self.withdraw(seat, ticket)  # the table moved on (a pause, a skip)
                self.roll_ticket = None
            else:
                choice = self.take(seat, ticket)
                if choice == "roll":
                    self.roll_ticket = None
                    scene.roll()
                elif choice == views.UNDO and scene.take_back_label(seat) is not None:
                    self.roll_ticket = None
                    scene.take_back()  # the choice before the die: asked again
            return
        if call is not None and call.seat in self.seats:
            purpose = getattr(call, "purpose", "adoption")
            call.on_phone = True  # the TV says so: "Ada: roll on your phone!"
            self.roll_ticket = (call.seat, self.ask(call.seat, views.roll(
                purpose, scene.take_back_label(call.seat))))

    def _beat(self, scene: PhoneTable) -> None:
        """Startup Fever's "any cards?" beat: its phone seats answer on their phones."""
        beat = scene.beat
        if beat is not self.beat_of:
            for seat, ticket in self.beat_asked.items():
                self.withdraw(seat, ticket)
            self.beat_asked, self.beat_of = {}, beat
            if beat is not None:
                for seat in beat.seats:
                    if seat in self.seats:
                        labels = beat.answer_labels(seat)
                        question = views.beat(beat.title, beat.how, labels[0][1],
                                              labels[0][0], labels[1][0],
                                              getattr(beat, "event", None), self.names(),
                                              scene.GAME)
                        self.beat_asked[seat] = self.ask(seat, question)
        if beat is None:
            return
        for seat, ticket in list(self.beat_asked.items()):
            if seat in beat.answers:
                self.withdraw(seat, ticket)
                del self.beat_asked[seat]
                continue
            choice = self.take(seat, ticket)
            if choice is not None:
                del self.beat_asked[seat]
                beat.answer(seat, choice == "play" and beat.can_play(seat))


def seat_phones(hub: Any, seats: list[Any]) -> tuple[PhoneLink | None, dict[int, Any]]:
    """From the lobby's seats: the link to their phones (None without a phone seat) and
    the other seats' devices ({seat: device}) for the table's `SeatDevices`."""
    slots = {i: slot_of(s.device) for i, s in enumerate(seats) if is_phone(s.device)}
    devices = {i: s.device for i, s in enumerate(seats)
               if s.device and i not in slots}
    if hub is None or not slots:
        return None, devices
    return PhoneLink(hub, set(slots), slots), devices


__all__ = ["PHONE_DEVICE", "PhoneLink", "PhoneSource", "seat_phones"]
