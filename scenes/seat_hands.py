"""Pause › Seats: who plays each seat now, handing a person's seat to the computer
(Easy / Normal / Hard) and giving it back to its person (their phone, a pad, the keyboard).

    SeatsOverlay(screen)    # screen: the game screen (`scenes.table.screen.GameScreen`)

The last row sets how long a phone may be away before the computer steps in (the
`phone_away` setting: 30 s to 5 min, or wait for it). A seat handed over here stays the
computer's until given back here (a phone's return does not take it: someone asked for
it); a phone away too long is stood in for by itself and takes its seat back when it
returns. A phone seat can also get a new link and PIN (its phone is lost, or the PIN
forgotten): the old link stops working.
"""

from __future__ import annotations

from typing import Any

from scenes.engine.input import KEYBOARD
from scenes.engine.settings import PHONE_AWAY
from scenes.overlays import MenuOverlay
from scenes.seating import SeatLostOverlay, device_label

LEVELS = (("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard"))
LEVEL_NAMES = dict(LEVELS)


def away_label(seconds: int) -> str:
    """"computer after 60 s": how long a phone seat waits for its phone ("wait" at 0)."""
    return "wait for it" if seconds == 0 else f"computer after {seconds} s"


def who_plays(screen: Any, seat: int) -> str:
    """"Phone", "Phone (away)", "Pad 2", "Computer (Normal)", "computer for now (Hard)"."""
    agent = screen.agents.get(seat)
    if seat in screen.stood_in:
        level = LEVEL_NAMES.get(getattr(agent, "kind", ""), "Normal")
        why = "phone away" if screen.stood_in[seat] == "away" else "asked"
        return f"Computer for now ({level}, {why})"
    if agent is not None:
        return f"Computer ({LEVEL_NAMES.get(getattr(agent, 'kind', ''), 'Normal')})"
    if screen.is_phone(seat):
        return "Phone (away)" if screen.phones.away_for(seat) is not None else "Phone"
    return device_label(screen.devices.device_of(seat))


class SeatsOverlay(MenuOverlay):
    """One row per seat (its name and who plays it now), then Back."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        rows = [(f"{screen.name(i)} · {who_plays(screen, i)}",
                 lambda i=i: self._open(i)) for i in range(len(screen.seats))]
        if screen.phones is not None:  # how long the table waits for a phone that went
            rows.append((f"Phone away: {away_label(self._away())}", self._next_away))
        super().__init__("Seats", [*rows, ("Back", self._back)],
                         "Hand a seat to the computer, or give it back")
        _fit(self)

    def _away(self) -> int:
        app = getattr(self.screen, "app", None)
        return getattr(getattr(app, "settings", None), "phone_away", 60)

    def _next_away(self) -> None:
        """The next of the setting's choices (saved with the settings)."""
        settings = self.app.settings
        now = settings.phone_away if settings.phone_away in PHONE_AWAY else 60
        settings.phone_away = PHONE_AWAY[(PHONE_AWAY.index(now) + 1) % len(PHONE_AWAY)]
        settings.save()
        row = len(self.screen.seats)
        label = f"Phone away: {away_label(settings.phone_away)}"
        self.choices[row] = (label, self._next_away)
        self.menu.buttons[row].label = label

    def _open(self, seat: int) -> None:
        screen = self.screen
        if seat in screen.agents and seat not in screen.stood_in:
            self.app.toasts.show("Computer seats are chosen in the lobby")
            return
        self.app.stack.push(SeatHandOverlay(screen, seat))

    def _back(self) -> None:
        self.app.stack.pop()


class SeatHandOverlay(MenuOverlay):
    """One seat: the computer at a level, or back to its person."""

    def __init__(self, screen: Any, seat: int) -> None:
        self.screen, self.seat = screen, seat
        name = screen.name(seat)
        choices = [(f"Computer: {label}", lambda level=level: self._computer(level))
                   for level, label in LEVELS]
        if seat in screen.stood_in:
            if screen.is_phone(seat):
                choices.append((f"Back to {name}'s phone", self._to_phone))
            else:
                device = screen.devices.device_of(seat)
                choices.append((f"Back to {name} ({device_label(device)})", self._to_person))
                if device != KEYBOARD:
                    choices.append((f"Back to {name} on the keyboard", self._to_keyboard))
                choices.append((f"Back to {name} on a pad", self._to_pad))
        if screen.is_phone(seat):
            choices.append((f"New phone link for {name}", self._new_link))
        choices.append(("Back", self._back))
        super().__init__(name, choices, who_plays(screen, seat))
        _fit(self)

    def _done(self) -> None:
        """Back to the pause menu."""
        self.app.stack.pop()
        if isinstance(self.app.stack.top, SeatsOverlay):
            self.app.stack.pop()

    def _computer(self, level: str) -> None:
        screen = self.screen
        if screen.agents.get(self.seat) is not None and \
                getattr(screen.agents[self.seat], "kind", level) != level:
            screen.stand_down(self.seat)  # another level: a new computer player
        screen.stand_in(self.seat, level, "asked")
        self._done()

    def _to_person(self) -> None:
        self.screen.stand_down(self.seat)
        self._done()

    def _to_keyboard(self) -> None:
        self.screen.devices.bind(self.seat, KEYBOARD)
        self._to_person()

    def _to_phone(self) -> None:
        screen = self.screen
        screen.stand_down(self.seat)
        away = screen.phones.away_for(self.seat) is not None
        self._done()
        if away:  # its phone is not here: its code, to open the seat again
            self.app.stack.push(screen.phone_codes(only=self.seat))

    def _to_pad(self) -> None:
        screen, seat = self.screen, self.seat

        def take(device: Any) -> None:
            screen.devices.bind(seat, device)
            screen.stand_down(seat)
        self._done()
        self.app.stack.push(SeatLostOverlay(screen.name(seat), screen.colour(seat),
                                            screen.devices, take,
                                            title=f"{screen.name(seat)} takes a pad"))

    def _new_link(self) -> None:
        screen = self.screen
        slot = screen.phones.slot[self.seat]
        url = screen.phones.hub.renew(slot)
        self._done()
        self.app.stack.push(screen.phone_codes(only=self.seat, urls={slot: url}))

    def _back(self) -> None:
        self.app.stack.pop()


def _fit(overlay: MenuOverlay) -> None:
    """Up to eight rows above the prompt bar: the rows share the room there."""
    buttons = overlay.menu.buttons
    top, bottom = buttons[0].rect.top, 632
    pitch = min(buttons[1].rect.top - top if len(buttons) > 1 else 70,
                (bottom - top) // len(buttons))
    for i, button in enumerate(buttons):
        button.rect.top = top + i * pitch
        button.rect.height = min(button.rect.height, pitch - 8)
    overlay.rect.height = buttons[-1].rect.bottom + 36 - overlay.rect.top
