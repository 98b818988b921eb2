"""What both games' screens do alike around the rules: seats, pause, leaving, a die press.

`BoardScene` (SERVERMANIA) and `TableScene` (Startup Fever) mix this in beside
`Autosaving`, so a seat's name and colour, the computer levels, the pause menu, an
unplugged pad, a refused device, a person's die press and the ways out (the title, the
results, a broken map) work the same at both tables. Each screen says which save slot
and pause page are its own (`GAME`, `PAUSE_PAGE`), which seat type its saves hold
(`SEAT`), and holds the attributes listed on the class.
"""

from __future__ import annotations

import math
import os
import sys
from typing import Any

import pygame

from game.autosave import Saved
from game.thinker import Thinker
from game.undo import Step, UndoLog
from scenes.engine import draw
from scenes.engine.input import CLICK, KEYBOARD, MOUSE, Action, DeviceId
from scenes.engine.palette import CREAM, INK, Color
from scenes.engine.paths import ROOT
from scenes.engine.scene import Host
from scenes.engine.theme import THEME
from scenes.engine.widgets import PromptBar
from scenes.overlays import ErrorOverlay, back_to_title
from scenes.seating import SeatDevices, device_label, hand_over, refusal_note, seat_style
from scenes.table.director import Director
from scenes.table.driver import TurnDriver
from scenes.table.pace import FAST
from scenes.table.roll_call import RollCall
from scenes.table.sources import ComputerSource, DecisionSource, DeviceSource


class GameScreen:
    GAME = ""  # the game's id (game/registry.py): the slot, the music, the rules pages
    PAUSE_PAGE: tuple[str, str] | None = None  # the game's own page in the pause menu
    SEAT: Any = None  # the seat type the lobby and the saves give this screen
    app: Host
    state: Any  # the rules' state (`game.api.RulesState` and the game's own fields)
    seats: list[Any]  # the game's `SEAT`s
    agents: dict[int, Any]  # seat -> its computer player (`game.levels`)
    director: Director
    devices: SeatDevices
    thinker: Thinker
    driver: TurnDriver
    roll_call: RollCall | None  # a person's own die, waiting for their press
    active: int | None  # whose panel or pawn glows
    demo: bool
    pace: float
    leaving: bool
    fast: set[DeviceId]
    mouse_down_at: float | None
    play: Any  # from Autosaving
    save_now: Any  # from Autosaving
    phones: Any = None  # phone seats (`scenes.table.phones.PhoneLink`), set before entering
    beat: Any = None  # a card window's beat open now (Startup Fever's; None otherwise)
    undo: UndoLog | None = None  # what people may take back (`game.undo`), set by the screen
    played: int  # actions applied (or taken back) since the table opened
    log_panel: Any  # the game's history panel (`add(line, colour)`)
    moves: list[Any]  # every action since `start` (the replay, the awards)

    # What to press, where both games ask alike; each screen adds its own bars.
    BAR_MOUSE = PromptBar([("Click", "Skip"), ("Hold", "Fast ×4"), ("Right-click", "Pause")])
    BAR_ROLL = PromptBar([("confirm", "Roll (hold to shake)"), ("pause", "Pause")])
    BAR_MOUSE_ROLL = PromptBar([("Click", "Roll"), ("Right-click", "Pause")])
    BAR_DEMO = PromptBar([("confirm", "Back to title"), ("rshoulder", "Hold: fast ×4"),
                          ("x", "Skip")])

    def __init__(self, seats: list[Any], seed: int | None = None, demo: bool = False,
                 pace: float = 1.0, state: Any = None, autoplay: bool = True,
                 devices: SeatDevices | None = None) -> None:
        """What every game screen is given (each screen's docstring says what it means);
        a continued `state` must have one player per seat."""
        if state is not None and len(state.players) != len(seats):
            raise ValueError(f"{len(seats)} seats for a {len(state.players)}-player game")
        self.seats = list(seats)
        self.seed = seed
        self.demo = demo
        self.pace = pace
        self.initial_state = state
        self.autoplay = autoplay
        self.devices = devices or SeatDevices()
        #: Seats the computer plays for now, and why: "away" (a phone gone too long: its
        #: return takes the seat back) or "asked" (Pause › Seats, until given back there).
        self.stood_in: dict[int, str] = {}

    @classmethod
    def from_save(cls, saved: Saved) -> Any:
        """Continue an autosaved game (the title's Continue). Devices are not saved (pads
        get new ids): `scenes.rejoin` lets each person take their seat before play."""
        return cls([cls.SEAT.from_record(r) for r in saved.seats], state=saved.state)

    # -- seats -------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def is_human(self, seat: int) -> bool:
        return not self.watching and seat not in self.agents

    def colour(self, seat: int) -> Color:
        return THEME.player_rgb(self.seats[seat].colour)

    def sound(self, name: str) -> None:
        self.app.audio.play(name)

    def level(self, seat: int) -> str:
        """The computer level of a seat (chosen in the lobby): a demo pits Hard against
        Normal."""
        if self.demo:
            return "hard" if seat % 2 == 0 else "normal"
        return self.seats[seat].level

    def refuse(self, seat: int, action: Action) -> bool:
        """A device answering a seat that is not its own: refused (a press is told so).
        A press never binds a seat: a continued game's seats are taken before play."""
        if self.devices.may_answer(seat, action.device):
            return False
        if action.pressed and action.name in ("confirm", CLICK):
            self.sound("error")
            self.app.toasts.show(refusal_note(self.name(seat), self.devices.device_of(seat)))
        return True

    # -- whose decision: the turn driver's questions ---------------------------------------

    @property
    def thinking(self) -> int | None:
        """The computer seat deciding now (a thought bubble shows over it), else None."""
        driver = getattr(self, "driver", None)
        return driver.thinking if driver is not None else None

    @thinking.setter
    def thinking(self, seat: int | None) -> None:
        self.driver.thinking = seat

    def source_for(self, seat: int) -> DecisionSource:
        """A computer seat's decisions come from its player (`agents`, a search in the
        worker thread when `in_thread` says so; a seat stood in for too); a phone seat's
        from its phone; a person's from the local devices."""
        agent = self.agents.get(seat)
        if agent is not None:
            return ComputerSource(agent, self.thinker, self.in_thread)
        if self.is_phone(seat):
            if not self.silent():
                self.active = seat  # whose move it is glows (a card window stays silent)
            return self.phones.source(self.GAME, self.phone_ready, self.take_back_label)
        return DeviceSource(self.ask_person)

    # -- the computer standing in for a person -----------------------------------------------

    def stand_in(self, seat: int, level: str, why: str = "asked") -> None:
        """The computer plays `seat` for now (at `level`): its person is away ("away": their
        phone's return takes the seat back) or asked it in the pause menu ("asked")."""
        if seat in self.stood_in:
            if why == "asked":  # asked in the pause menu: a phone's return keeps it so
                self.stood_in[seat] = why
            return
        if seat in self.agents:  # a computer seat from the lobby
            return
        from game.levels import make_player

        self.agents[seat] = make_player(self.GAME, level, (self.seed or 0) * 8 + seat + 64,
                                        clock=not self.app.headless)
        self.stood_in[seat] = why
        self._handed(seat)
        for_whom = self.name(seat)
        self.app.toasts.show(f"The computer plays for {for_whom} now")

    def stand_down(self, seat: int) -> None:
        """`seat`'s person takes it back from the computer."""
        if seat not in self.stood_in:
            return
        del self.stood_in[seat]
        self.agents.pop(seat, None)
        self._handed(seat)
        self.app.toasts.show(f"{self.name(seat)} plays again")

    def _handed(self, seat: int) -> None:
        """`seat` changed hands: what was asked of its old hands is asked again of its new
        ones (a decision begun, a die, a row of the "any cards?" beat)."""
        driver = getattr(self, "driver", None)
        if driver is not None and driver.asking is not None and driver.asking[0] == seat:
            driver.cancel()
        self.drop_question(seat)
        call = getattr(self, "roll_call", None)
        if call is not None and call.seat == seat and seat in self.agents:
            self.roll()  # the computer throws the die it was waiting for
        beat = self.beat
        if beat is not None and seat in self.agents and seat in beat.seats \
                and seat not in beat.answers:
            beat.answer(seat, beat.can_play(seat))  # the computer decides in the window

    def drop_question(self, seat: int) -> None:
        """Close a person's question of `seat` open at the TV (each screen its own)."""

    def is_stood_in(self, seat: int) -> bool:
        return seat in self.stood_in

    def silent(self) -> bool:
        """A card window or a Defense: who decides is not shown (F11: it would tell who
        holds a card)."""
        return getattr(self.state, "stage", None) in ("window", "defense")

    def phone_deciding(self) -> int | None:
        """The phone seat whose decision is open on its phone (the bar names it), never in
        a card window or a Defense."""
        if self.phones is None or self.silent():
            return None
        return self.phones.deciding

    def is_phone(self, seat: int) -> bool:
        """A seat played on a phone: the TV never asks it nor shows its secrets."""
        return self.phones is not None and seat in self.phones.seats

    def phone_ready(self, seat: int, state: Any, legal: list) -> Any:
        """A phone seat's answer given at the table already (none by default)."""
        return None

    def exit(self) -> None:
        """The table goes (the results, the title, an error): the phone server stops."""
        if self.phones is not None:
            self.phones.close(self)

    def tend_phones(self) -> None:
        """Once an update: the phones' answers in, each phone's own view out on a change."""
        if self.phones is not None:
            self.phones.tend(self)

    def in_thread(self, agent: Any, legal: list) -> bool:
        """Whether a computer's decision runs in the worker thread (every one, by default)."""
        return True

    def ask_person(self, seat: int, state: Any, legal: list) -> Any:
        """Open the question of a person's decision; return an answer known already."""
        raise NotImplementedError  # each game's screen asks its own way

    def thought(self, seat: int) -> None:
        """A computer seat's thinking time is over (its answer is taken next)."""

    def hold_decision(self, seat: int) -> bool:
        """True while a seat's decision waits for something shown first (none by default)."""
        return False

    def chain(self, seat: int, stage: Any) -> bool:
        """Whether the decision after one of `seat`'s, taken at `stage`, is taken in the
        same update (never, by default)."""
        return False

    # -- whose question the prompt bar asks ---------------------------------------------------

    def whose(self, seat: int, bar: PromptBar) -> PromptBar:
        """A seat bound to a pad: the bar starts by naming the pad that answers
        ("Pad 4 Alan"), so a couch sees whose controller is asked."""
        device = self.devices.device_of(seat)
        if device is None or device == KEYBOARD:
            return bar
        if self.is_phone(seat):
            return PromptBar([("Phone", self.phone_words(seat)), ("pause", "Pause")])
        return PromptBar([(device_label(device), self.name(seat)), *bar.items])

    def phone_away(self, seat: int) -> bool:
        """A phone seat whose phone has gone (it is away)."""
        return self.is_phone(seat) and self.phones.away_for(seat) is not None

    def phone_words(self, seat: int) -> str:
        """"Mo answers on the phone", or while Mo's phone is away, when the computer
        steps in (the setting's seconds) or where to hand the seat over."""
        name = self.name(seat)
        away = self.phones.away_for(seat)
        if away is None:
            return f"{name} answers on the phone"
        limit = getattr(self.app.settings, "phone_away", 0)
        if not limit:
            return f"{name}'s phone is away · Pause › Seats to hand it over"
        return f"{name}'s phone is away · the computer plays in {max(1, math.ceil(limit - away))} s"

    def bar_look(self, seat: int | None) -> tuple[str, bool]:
        """(glyph style, mouse?) of the bar: the asked seat's own device (a pad handed over
        shows its glyphs at once), else the device used last."""
        if seat is None or self.demo:
            return self.app.input.style, self.app.input.last_device == MOUSE
        return seat_style(self.app, self.devices, seat)

    # -- taking back (game.undo: a person's own steps since the last thing shown) -----------

    def take_back_step(self, seat: int | None) -> Step | None:
        """The step the person at `seat` may take back now (None: nothing, a computer, a
        demo)."""
        undo = self.undo
        if seat is None or self.demo or undo is None or not self.is_human(seat):
            return None
        return undo.last(seat)

    def take_back_label(self, seat: int | None) -> str | None:
        """"Take back: hire Nerd for B", for the bar or a phone (None: nothing to take back)."""
        step = self.take_back_step(seat)
        return None if step is None else f"Take back: {self.step_words(step)}"

    def step_words(self, step: Step) -> str:
        """A step in the words a bar shows its own seat (each screen may say it its way)."""
        return step.label

    def said_taken_back(self, step: Step) -> str | None:
        """The log line for everyone when `step` is taken back (None: say nothing)."""
        return f"{self.name(step.seat)} takes back: {self.step_words(step)}"

    def take_back(self) -> bool:
        """The newest step a person may take back is undone: the rules' state before it
        (every seat's view, the phones, the autosave and the replay follow), the table
        shows it (`shown_again`), and that seat is asked again."""
        undo = self.undo
        step = undo.steps[-1] if undo is not None and undo.steps else None
        if undo is None or step is None or self.demo:
            return False
        before = self.state
        self.state = undo.take_back()
        self.moves[step.mark:] = []
        self.played += 1
        self.driver.cancel()
        self.shown_again(before, step)
        line = self.said_taken_back(step)
        if line:
            self.log_panel.add(line, self.colour(step.seat))
        self.sound("back")
        self.save_now(wait=False)
        return True

    def shown_again(self, before: Any, step: Step) -> None:
        """Show the table as the taken-back state has it (each screen its own way)."""

    # -- pace --------------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return self.app.settings.anim_speed * self.pace * (FAST if self.fast else 1.0)

    def skip(self) -> None:
        if not self.director.idle:
            self.director.skip()
            self.sound("click")

    # -- a person's die ----------------------------------------------------------------------

    def roll_pressed(self, action: Action) -> None:
        """A person throws their own die: the press starts a shake (held, it grows), the
        release throws; confirm or a click anywhere."""
        call = self.roll_call
        if action.name == CLICK:
            self.fast.discard(action.device)
            self.mouse_down_at = None
        if call is None:  # asked only while a die waits; nothing to throw otherwise
            return
        if action.pressed:
            if call.press():
                self.roll()
            else:
                self.sound("click")
        elif call.release():
            self.roll()

    def roll(self) -> None:
        """The waiting person hit the die: the rules' chance step, sampled by their RNG."""
        self.roll_call = None
        self.sound("confirm")
        self.play(self.next_chance())

    def next_chance(self) -> Any:
        """The outcome of the chance step now: drawn by the state's seeded RNG."""
        return self.state.sample_chance()

    # -- pause and unplugged pads ------------------------------------------------------------

    def let_go(self) -> None:
        """An unplugged pad: drop whatever a person was holding down with it."""
        if self.roll_call is not None:
            self.roll_call.holding = False

    def open_pause(self, message: str = "") -> None:
        self.fast.clear()
        if self.roll_call is not None:  # a press cut short by a pause never throws
            self.roll_call.holding = False
        save = None if self.demo else self.save_now
        codes = self.phone_codes if self.phones is not None else None
        seats = None if self.demo else self.seat_hands
        self.app.stack.push(self.app.screens.make("pause", self.GAME, self.PAUSE_PAGE, save,
                                                  message, codes, seats=seats))

    def seat_hands(self) -> Any:
        """Pause › Seats: hand a seat to the computer and back (`scenes.seat_hands`)."""
        from scenes.seat_hands import SeatsOverlay

        return SeatsOverlay(self)

    def phone_codes(self, only: int | None = None, urls: dict[int, str] | None = None) -> Any:
        """Each phone seat's QR code (the pause menu's "Phone codes"), or one seat's;
        urls: a slot's new link (Pause › Seats › New phone link)."""
        from scenes.phone_join import PhoneJoinOverlay

        return PhoneJoinOverlay(self.phones.hub, [
            (self.phones.slot[seat], self.name(seat), self.colour(seat))
            for seat in self.phones.seats if only is None or seat == only],
            stay=True, urls=urls)

    def on_device_removed(self, device: DeviceId) -> None:
        """A seat's own pad gone: wait for a device to take the seat; any other: pause."""
        self.fast.discard(device)
        if self.demo or self.leaving:
            return
        self.let_go()
        if hand_over(self.app, self.devices, device, self.name, self.colour):
            return
        if self.app.stack.top is self:
            self.open_pause("A controller was unplugged")

    # -- ways out ----------------------------------------------------------------------------

    def _to_title(self) -> None:
        if self.leaving:
            return
        self.leaving = True
        self.driver.cancel()
        self.thinker.cancel()
        back_to_title(self.app)

    def watched_end(self) -> bool:
        """A replay at its end: the table stays (True) and no results open."""
        if self.watching:
            self.watched_to_end = True
        return self.watching

    def finishing(self) -> bool:
        """The game is over: True the first time (the caller shows the results); a
        finished game is not one to continue, so its autosave goes, and it is kept as a
        replay (`game.replays`; never a demo, nor a replay being watched)."""
        if self.leaving:
            return False
        self.leaving = True
        if not self.demo:
            self.app.saves.discard(self.GAME)
        self.keep_game()
        return True

    # -- the replay ----------------------------------------------------------------------------

    watching = False  # a replay plays on this table: nothing is recorded, nobody asked
    watched_to_end = False  # ... and it has reached its end (the viewer stays on the table)
    replay_id: str | None = None  # the replay this game was kept as
    kept: tuple[list[Any], list[str], str | None] = ([], [], None)  # for the results

    def keep_game(self) -> None:
        """The game is over: its awards (`game.awards`), and unless it is a demo or a
        replay, its replay and its people's records (`game.records`). `kept` holds what
        the results show of them."""
        from game import awards

        if self.watching:
            return
        found: list[Any] = []
        if getattr(self, "start", None) is not None:
            try:
                found = awards.of_game(self.GAME, self.start, self.moves)
            except ValueError as exc:  # a state set up by hand: no awards, no crash
                print(f"{self.GAME}: no awards: {exc}", file=sys.stderr)
        lines: list[str] = []
        if not self.demo and not self.watching:
            self.keep_replay()
            lines = self.app.records.add(self.GAME, [s.name for s in self.seats],
                                         [s.human for s in self.seats],
                                         list(self.state.scores()), list(self.state.winners()))
        self.kept = (found, lines, self.replay_id)

    def begin_replay(self, seed: int) -> None:
        """Once the state stands (each screen's `enter`): remember where the game began."""
        self.moves = []
        self.game_seed = seed
        self.fresh = self.initial_state is None  # the game `seed` deals: no copy kept
        self.start = self.state.clone()

    def keep_replay(self) -> None:
        """The finished game as a replay on the app's shelf (a notice if it failed)."""
        from game import replays

        if self.watching or getattr(self, "start", None) is None \
                or not replays.keeps(self.GAME):
            return
        seats = [replays.Seat(s.name, s.colour, s.human, getattr(s, "level", "normal"),
                              getattr(s, "token", "")) for s in self.seats]
        try:
            replay = replays.record(self.GAME, self.game_seed, seats, self.start, self.moves,
                                    self.fresh)
        except (replays.ReplayProblem, ValueError) as exc:  # a state set up by hand
            print(f"{self.GAME}: the replay was not kept: {exc}", file=sys.stderr)
            return
        self.replay_id = self.app.replays.add(replay)

    def cannot_start(self, problem: str, path: str, title: str, what: str) -> None:
        """A broken map: say so on screen (and stderr) and offer the way back to the title."""
        shown = os.path.normpath(path)
        if shown.startswith(str(ROOT) + os.sep):
            shown = os.path.relpath(shown, ROOT)
        problem = problem.replace(repr(path), shown).replace(path, shown)
        print(f"{self.GAME}: cannot start: {problem}", file=sys.stderr)
        self.leaving = True
        self.app.stack.replace(ErrorOverlay(
            f"{title} cannot start",
            f"The {what} map is broken. {problem[:1].upper()}{problem[1:]}",
            hint=f"Restore {shown} (for example from a fresh download of the game) and "
                 "try again. Everything else still works."), fade=False)


def thought_bubble(canvas: pygame.Surface, bubble: pygame.Rect, colour: Color,
                   clock: float) -> None:
    """A computer seat is deciding: a cream bubble with three dots bobbing in its colour."""
    draw.box(canvas, bubble, CREAM, radius=22, shadow=4)
    for k in range(3):
        lift = 5 * max(0.0, math.sin(clock * 8 - k * 0.9))
        dot = (bubble.centerx - 20 + 20 * k, round(bubble.centery - lift))
        pygame.draw.circle(canvas, INK, dot, 8)  # a dark rim: a gold dot shows on cream
        pygame.draw.circle(canvas, colour, dot, 6)
