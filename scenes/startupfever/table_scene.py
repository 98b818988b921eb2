"""The Startup Fever game screen: the table, the company panels, the show and the prompts.

The scene drives the rules API and nothing else decides the game, exactly like
SERVERMANIA's board scene: when the director has no animation left to play it asks the
state what comes next. A chance step is sampled with the state's own seeded RNG
(`state.sample_chance()`), except a human's own adoption die, which waits for its owner
to press (as they would throw it at a real table). A computer seat thinks for a moment
and asks its player (game/levels.py: the seat's level from the lobby, Easy / Normal /
Hard; a demo pits Hard against Normal), which sees
only that seat's view (F13); a Hard search runs in a worker thread (game/thinker.py) so
the table keeps moving. At a card window or a Defense question it decides silently (no
pause, a bubble only while a search runs), so its hand shows in nothing. A human seat gets a
decision from `decisions.decision_for`.

Devices: a seat bound to a pad in the lobby (`SeatDevices`) is answered by that pad
alone: its decisions, its die, its row of the card beat and its hand behind the curtain;
an unbound (pass-and-play) seat by any device. Another device's press is refused and
said so. When a seat's pad is unplugged the table waits until a device takes the seat
(`seating.hand_over`); a continued game's people take their seats again before play
(`scenes.rejoin`). Every `apply` returns events, which the director
turns into animation steps while the table's `TableModel` follows them.

Pace: the animation speed setting scales everything; holding R-shoulder (E / PageDown,
or the left mouse button on the table) plays ×4; X (or a quick click) skips what is
playing; Pause (or an unplugged pad that plays no seat) opens the pause menu.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytweening

from game import registry
from game import startupfever as sf
from game import undo as take_backs
from game.levels import make_player
from game.startupfever import layout as layout_module
from game.startupfever.stages import Stage
from game.thinker import Thinker
from game.tiled import MapError
from game.undo import UndoLog
from scenes.engine import draw, glyphs
from scenes.engine.input import CLICK, MOUSE, POINT, Action, DeviceId
from scenes.engine.palette import GOLD, INK, Color
from scenes.engine.scene import Scene
from scenes.engine.widgets import PromptBar
from scenes.overlays import dim
from scenes.saving import Autosaving
from scenes.seating import SeatDevices, seat_style
from scenes.startupfever import kept, notice, watch, words
from scenes.startupfever import look as sf_look
from scenes.startupfever.coach import Coach, tips_coach
from scenes.startupfever.curtain import HandLook
from scenes.startupfever.director import Director, Step
from scenes.startupfever.log_panel import HISTORY_H, LogPanel
from scenes.startupfever.model import TableModel
from scenes.startupfever.movers import CARD_SCALE, AdoptionRollCall, Movers
from scenes.startupfever.results import ResultsScene
from scenes.startupfever.seats import Seat
from scenes.startupfever.showdown import Showdown, lineup
from scenes.startupfever.table_view import TABLE, TableView
from scenes.startupfever.tempo import tempo
from scenes.startupfever.why import Story
from scenes.table.cards import CARD_SIZE, CardFlip
from scenes.table.die import DieRoll
from scenes.table.driver import TurnDriver
from scenes.table.effects import Effects
from scenes.table.pace import click_pace
from scenes.table.screen import GameScreen, thought_bubble
from scenes.table.sources import ComputerSource, DecisionSource

THINK = 0.45  # seconds a computer seat "thinks" before a visible decision (at speed 1)
THINK_AGAIN = 0.15  # ... and before its next step of the same decision (a second hire)
SILENT = frozenset({Stage.WINDOW, Stage.DEFENSE})  # computers decide these without a pause (F13)
FLASH = 0.9
BAR_TOP = 720 - PromptBar.HEIGHT
COACH_AREA = pygame.Rect(0, 0, 1280, BAR_TOP)  # where the guided game's bubbles may go
CURSOR_SHOWN = 4.0  # seconds the field cursor stays after the last direction pressed


class TableScene(Autosaving, GameScreen, Scene):
    """One game of Startup Fever from the chips to the results.

    seats: 2-6 companies. seed: dice and cards (None: from the app's RNG).
    demo: every seat is played by the computer and confirm/back return to the title.
    pace: extra speed factor (tests play whole games quickly with it).
    state: continue this game instead of starting a new one (tests build scenarios).
    autoplay: False leaves the rules alone and only plays events pushed to the director.
    extra_years: 0-2 extra years after the last launch (F12).
    devices: which device plays which seat (from the lobby); unbound seats are shared.
    """

    def __init__(self, seats: list[Seat], seed: int | None = None, demo: bool = False,
                 pace: float = 1.0, state: sf.State | None = None, autoplay: bool = True,
                 extra_years: int = 0, devices: SeatDevices | None = None) -> None:
        super().__init__(seats, seed, demo, pace, state, autoplay, devices)
        self.extra_years = extra_years
        self.table_rect = TABLE
        self.resumed = False  # continued from a save: opens with a neutral beat (beat.py)

    @classmethod
    def from_save(cls, saved: Any) -> Any:
        scene = super().from_save(saved)
        scene.resumed = True
        return scene

    # -- lifecycle ---------------------------------------------------------------------------

    GAME = "startupfever"  # the autosave slot, the music and the How to play pages
    PAUSE_PAGE = ("Card list", "scenes.startupfever.card_list:CardListScene")
    SEAT = Seat

    coach: Coach | None = None  # explains each step once (coach.py); set in enter

    def enter(self) -> None:
        self.coach = self.make_coach()
        self.app.audio.music(self.GAME)
        seed = self.seed if self.seed is not None else self.app.rng.randrange(1 << 30)
        self.leaving = False
        self.state = self.initial_state or sf.new_game([s.name for s in self.seats], seed=seed,
                                                       extra_years=self.extra_years)
        try:
            layout = layout_module.load_layout()
        except MapError as exc:
            self.cannot_start(str(exc), layout_module.DEFAULT_MAP, "Startup Fever", "table")
            return
        self.view = TableView(layout, self.seats)
        self.model = TableModel.from_state(self.state)
        self.story = Story({slot: p.owner for slot, p in self.state.products.items()},
                           self.state.year)  # for the results' "why" lines (why.py)
        self.director = Director(self)
        self.movers = Movers()
        self.effects = Effects(seed, TABLE.inflate(-8, -8))
        self.showdown = Showdown([s.name for s in self.seats], [s.colour for s in self.seats],
                                 TABLE)
        self.log_panel = LogPanel(self.view.log_rect())
        self.log_image = kept.surface("log layer", (1280, 720), alpha=True)  # the log, kept
        self.log_key: tuple | None = None
        self.bar_image = kept.surface("bar layer", (1280, 720))  # the prompt bar, kept
        self.bar_key: tuple | None = None
        self.agents = {i: make_player("startupfever", self.level(i), seed * 8 + i,
                                      clock=not self.app.headless)
                       for i, s in enumerate(self.seats) if self.demo or not s.human}
        # a searching player thinks off the 60 Hz loop
        self.thinker = Thinker(threaded=not self.app.headless)
        self.driver = TurnDriver(self, sf.CHANCE, sf.IllegalAction)  # whose move, who answers
        self.undo = UndoLog(registry.get(self.GAME).may_take_back)  # people's take-backs
        self.begin_replay(seed)  # every action from here is kept for the replay
        self.ctx: Any = None  # the decisions' context, made when a person is first asked
        self.decision: Any = None  # a human seat's open decision
        self.beat: Any = None  # the neutral "any cards?" beat every human seat shares
        self.roll_call: AdoptionRollCall | None = None  # a person's die waiting for them
        self.die: DieRoll | None = None
        self.card: CardFlip | None = None
        self.active: int | None = None
        self.flashes: dict[str, float] = {}  # product slot -> age of its glow
        self.banner_state: list | None = None  # [text, colour, icon, age]
        self.roll_rect: pygame.Rect | None = None  # a roll call's words, when one shows
        self.title_state: list | None = None  # [title, subtitle, age]
        self.hover_field: int | None = None  # the field under the mouse
        self.hover_product: str | None = None  # the product area under the mouse
        self.cursor_field: int | None = None  # the field the directions point at
        self.cursor_age = 0.0
        self.last_decision: tuple | None = None  # (seat, stage, product) decided last
        self.clock = 0.0
        self.fast: set[DeviceId] = set()
        self.mouse_down_at: float | None = None
        self.history: list[list[int]] = [[0] * len(self.seats)]  # VP at each year's end
        self.showdown_key: tuple[int, str] | None = None
        people = [i for i, s in enumerate(self.seats)
                  if s.human and not self.demo and not self.is_phone(i)]
        self.hand_look = HandLook(people, [s.name for s in self.seats],
                                  [self.colour(i) for i in range(len(self.seats))],
                                  self.devices)
        if self.state.year == 0:
            self.log_panel.add("New game: everyone places their chips face down")
        if self.resumed:  # wherever the save stood (a card window or not), the same beat
            from scenes.startupfever.beat import Resumed

            self.director.queue.extend(self.director.beat_step(Resumed()))

    # What to press, by situation; mouse users get key caps naming the mouse buttons
    # (BAR_MOUSE, BAR_ROLL, BAR_MOUSE_ROLL and BAR_DEMO are GameScreen's, shared).
    BAR_PLAY = PromptBar([("rshoulder", "Hold: fast ×4"), ("x", "Skip"), ("dpad", "Fields"),
                          ("lshoulder", "Hold: log"), ("pause", "Pause")])
    BAR_PEOPLE = PromptBar([("rshoulder", "Hold: fast ×4"), ("x", "Skip"),
                            ("y", "Hold: your hand"), ("dpad", "Fields"), ("pause", "Pause")])
    BAR_PEOPLE_MANY = PromptBar([("rshoulder", "Hold: fast ×4"), ("x", "Skip"),
                                 ("lshoulder", "Whose hand"), ("y", "Hold: look"),
                                 ("pause", "Pause")])

    BAR_COACH = PromptBar([("confirm", "Got it"), ("back", "Close"), ("pause", "Pause · leave")])

    # -- services for the director -------------------------------------------------------------

    def make_coach(self) -> Coach | None:
        """Tips for people (the "coach" setting), never in a demo; the guided game
        gives its own coach."""
        if self.demo or not any(s.human for s in self.seats) or not self.app.settings.coach:
            return None
        return tips_coach(self.app.settings)

    def _coach_explains(self) -> bool:
        """The guided game's bubble is on the table: the game waits for it."""
        return self.coach is not None and self.coach.holding and self._coach_shows()

    def _coach_shows(self) -> bool:
        """The coach's bubble waits for the year's title card and a banner to go."""
        return self.title_state is None and self.banner_state is None

    def log_event(self, event: object) -> None:
        line = words.describe(event, [s.name for s in self.seats])
        if line:
            seat = getattr(event, "seat", None)
            self.log_panel.add(line, self.colour(seat) if isinstance(seat, int) else None)

    def banner(self, text: str, colour: Color, icon: str | None = None) -> None:
        self.banner_state = [text, colour, icon, 0.0]

    def title_card(self, title: str, subtitle: str = "") -> None:
        self.title_state = [title, subtitle, 0.0]

    def flash_product(self, slot: str) -> None:
        self.flashes[slot] = 0.0

    def marker_image(self, slot: str, size: int = 34) -> pygame.Surface:
        owner = self.model.products[slot].owner
        return sf_look.user_marker(self.seats[owner].colour, slot, size)

    def chip_back(self, size: int) -> pygame.Surface:
        return sf_look.chip(None, size)

    def tally_area(self) -> pygame.Rect:
        """Where the adoption sum is shown: over the log, beside the die (the log line
        that follows says the same), so no product or field is hidden while it adds up."""
        return self.view.place("log").inflate(-4, -4)

    def card_spot(self) -> tuple[int, int]:
        """Where an Event Card is read: left of the log's box, where its banner shows."""
        half = round(CARD_SIZE[0] * CARD_SCALE) // 2
        return (self.view.log_rect().x - 10 - half, TABLE.centery + 32)

    def shares_beat(self) -> bool:
        """Whether card windows hold the neutral beat: any human seat at the table."""
        return not self.demo and any(s.human for s in self.seats)

    def open_beat(self, event: object) -> None:
        """Hold the beat for `event`, if it calls for one (decisions' beat.py decides)."""
        from scenes.startupfever.beat import beat_for

        beat = beat_for(event, self.state, self.context())
        if beat is not None and beat.done:
            beat = None
        if beat is None and self.beat is not None:
            return  # a window riding on this animation is open: it stays
        self.beat = beat
        if self.beat is not None and not self.beat.passive:  # a passive window asks
            self.hand_look.curtain.close()  # nobody: fast play and peeking go on
            self.fast.clear()
            self.sound("tick")

    def heard(self, events: list) -> None:
        """Every event the rules gave, as the director receives it: the results' story."""
        self.story.add(events)

    def context(self) -> Any:
        from scenes.startupfever.choices import Ctx

        if self.ctx is None:
            self.ctx = Ctx(self.seats, self.view, self.model, self.app.settings,
                           self.app.fonts, style_of=self.app.input.style_of,
                           devices=self.devices)
        self.ctx.model = self.model
        self.ctx.phones = frozenset(i for i in range(len(self.seats)) if self.is_phone(i))
        self.ctx.computers = frozenset(self.stood_in)
        self.ctx.away = self.phone_away
        return self.ctx

    def record_history(self) -> None:
        """One chart point per seat: VP as the table shows them now."""
        self.history.append([c.vp for c in self.model.companies])

    def finish_motion(self) -> None:
        """Snap every moving thing to where it is going (skip)."""
        self.movers.finish()
        if self.die is not None:
            self.die.finish()
        if self.card is not None:
            self.card.finish()
        self.effects.finish()
        self.showdown.finish()

    # -- input ---------------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        name = action.name
        if self.coach is not None and self._coach_shows() and self.coach.handle(action):
            return True  # (a bubble waiting behind a banner takes no confirm unseen)
        if self.demo and action.pressed and name in ("confirm", "back", "pause"):
            self._to_title()
            return True
        if name == "pause" and action.pressed:
            self.open_pause()
            return True
        if name == POINT and action.pos is not None:
            inside = TABLE.collidepoint(action.pos)
            self.hover_field = self.view.field_at(action.pos) if inside else None
            self.hover_product = self.view.product_at(action.pos) if inside else None
            self.log_panel.handle(action)  # the pointer on the log opens its history
        # A person deciding owns every button (the shoulders select behind a curtain);
        # with seats bound to pads, only the deciding seat's own device does.
        if self.decision is not None:
            if self.refuse(self.decision.seat, action):
                return True
            return self._to_decision(action)
        if self.beat is not None and self.beat.wants(action):
            self.beat.handle(action)
            return True
        if name == "rshoulder":
            (self.fast.add if action.pressed else self.fast.discard)(action.device)
            return True
        if self.hand_look.handle(action):  # a person peeks at their own hand (F13)
            return True
        if name == "lshoulder":  # held: the log opens its history (keys and pads)
            self.log_panel.expanded = action.pressed
            return True
        if self.roll_call is not None and name in ("confirm", CLICK):
            if not self.refuse(self.roll_call.seat, action):
                self.roll_pressed(action)
            return True
        if name in ("left", "right", "up", "down") and action.pressed:
            self._move_cursor(name)
            return True
        if name == "back" and action.pressed:
            self.open_pause()
            return True
        if name == "x" and action.pressed:
            self.skip()
            return True
        if name == CLICK:
            click_pace(self, action)
            return True
        return name == POINT

    def _move_cursor(self, direction: str) -> None:
        """Keys and pads read the track too: the directions walk a cursor over the fields
        (rows as drawn) and the field's users, revenue and VP show beside it."""
        if self.cursor_field is None:
            current = self.model.current
            self.cursor_field = self.model.products[current].field if current else 0
        else:
            self.cursor_field = self.view.field_step(self.cursor_field, direction)
        self.cursor_age = 0.0
        self.sound("move")

    def open_pause(self, message: str = "") -> None:
        self.sound("back")  # Pause, Back or an unplugged pad: the menu opens with a sound
        super().open_pause(message)

    def _to_decision(self, action: Action) -> bool:
        """A person is deciding: every action is theirs (Back steps out of a sub-list). A
        decision may hand over to its next panel without a rules action (`next`)."""
        decision = self.decision
        choice = decision.handle(action)
        if choice is None and decision.next is not None:
            self.decision, decision.next.device = decision.next, decision.device
            self.decision.take_back = decision.take_back
            return True
        if choice is not None:
            self.decision = None
            self.sound("confirm")
            self.driver.answer(choice)
        return True

    @property
    def rolling_for(self) -> int | None:
        """The human seat whose adoption die waits for its owner's press."""
        return self.roll_call.seat if self.roll_call is not None else None

    def let_go(self) -> None:
        """An unplugged pad: every curtain closes too (a hand held open by the lost pad
        must not stay shown)."""
        super().let_go()
        for holder in (self.decision, self.beat, self.hand_look):
            if holder is not None:
                holder.curtain.close()

    def pause(self) -> None:
        self.fast.clear()

    @property
    def watch_speed(self) -> float:
        """The speed of Event Cards and showdowns: the game's, or in the demo the slower
        watch clock a person on the sofa can follow."""
        if not self.demo:
            return self.speed
        fast = self.speed / (self.app.settings.anim_speed * self.pace)
        return min(self.speed, watch.watch_speed(self.app.settings.anim_speed, self.pace,
                                                 fast))

    # -- the game flow -----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.leaving:
            return
        self.tend_phones()
        held = False  # the guided game waits for one confirm on the coach's bubble
        if self.coach is not None:
            self.coach.update(dt if self._coach_shows() else 0.0)  # ages only when seen
            self.coach.watch(self)
            if self.coach.holding and self._coach_shows():
                return
            held = self.coach.holding  # behind a banner: it plays out, nothing moves on
        sdt = dt * self.speed * tempo(self)  # brisk while only computers act (tempo.py)
        self.clock += dt
        if not held:
            self.director.update(sdt)
        self.movers.update(sdt)
        wdt = dt * self.watch_speed  # cards and showdowns: slower in the demo (watch.py)
        self.showdown.update(wdt)
        if self.die is not None:
            self.die.update(sdt)
            if self.die.gone:
                self.die = None
        if self.card is not None:
            self.card.update(wdt)
            if self.card.done:
                self.card = None
        self.effects.update(sdt)
        self.log_panel.update(sdt)
        self.flashes = {k: a + sdt for k, a in self.flashes.items() if a + sdt < FLASH}
        if self.banner_state is not None:
            self.banner_state[3] += sdt
            if self.movers.tally is not None:  # the adoption sum takes the log's place:
                self.banner_state[3] = max(self.banner_state[3], notice.BANNER_TIME - 0.3)
            if self.banner_state[3] > notice.BANNER_TIME:  # a banner there steps aside
                self.banner_state = None
        if self.cursor_field is not None:
            self.cursor_age += dt
            if self.cursor_age > CURSOR_SHOWN:
                self.cursor_field = None
        if self.title_state is not None:
            self.title_state[2] += sdt
            if self.title_state[2] > 1.5:
                self.title_state = None
        if self.roll_call is not None:
            self.roll_call.update(dt)
            if self.roll_call.overheld:
                self.roll()
        if self.beat is not None:
            beat = self.beat  # a passive window keeps the animation's pace (public:
            quiet = beat.passive and not beat.opened  # tempo, fast); a beat that asks
            anim = self.app.settings.anim_speed  # runs in real seconds
            beat.update(sdt / anim if quiet and anim > 0 else dt)
            if beat.done:
                self.beat = None
        if self.decision is not None:
            self.decision.update(dt)
        if self.director.idle and self.autoplay and not self.leaving and not held:
            self.driver.update(sdt)

    # -- the turn driver's questions (scenes.table.driver) -----------------------------------

    def waiting(self) -> bool:
        return self.decision is not None or self.beat is not None or self.roll_call is not None

    def hold_chance(self, dt: float) -> bool:
        """A category's line-up shows before its first die; a person's adoption die waits
        for their press."""
        state = self.state
        if state.stage == Stage.COMP_ROLL and self._open_showdown():
            return True  # the line-up first, then the dice
        if state.stage == Stage.ADOPTION_ROLL and self.is_human(state.turn_seat):
            if self.card is not None:
                return True  # a person's die waits for an Event Card still up
            seat = state.turn_seat
            self.roll_call = AdoptionRollCall(seat, self.name(seat), self.colour(seat),
                                              state.current_slot)
            self.sound("turn")
            return True
        return False

    def drop_question(self, seat: int) -> None:
        if self.decision is not None and self.decision.seat == seat:
            self.decision = None
        if self.ctx is not None:
            self.context()  # who is a person now (the beats ask people only)

    def ask_person(self, seat: int, state: sf.State, legal: list) -> Any:
        from scenes.startupfever.decisions import decision_for

        decision = decision_for(state, self.context())
        if decision.ready is not None:  # answered already (in a beat, or queued)
            self.join_next = decision.queued  # a queued step is part of the answer before
            return decision.ready
        self.decision = decision
        decision.take_back = self.take_back_label(seat)
        owner = self.devices.device_of(seat)
        if owner is not None:
            decision.device = owner  # its bar shows the glyphs of the pad that answers
        if state.stage not in SILENT:
            self.active = seat  # the panel of whoever decides glows
        self.hand_look.curtain.close()
        self.fast.clear()
        self.sound("confirm")
        return None

    def phone_ready(self, seat: int, state: sf.State, legal: list) -> Any:
        """A phone seat's answer the table has already (`beat.answered`): a card window's
        or Defense's only answer, or what it said in the "any cards?" beat."""
        from scenes.startupfever.beat import answered

        return answered(state, self.context(), legal)

    def in_thread(self, agent: Any, legal: list) -> bool:
        """A Hard computer's search runs in the worker thread, except at a card window or
        Defense question: there every computer answers at once by its rules, whatever it
        holds (a search only when it holds a card would show on screen)."""
        return agent.kind == "hard" and len(legal) > 1 and self.state.stage not in SILENT

    def source_for(self, seat: int) -> DecisionSource:
        source = super().source_for(seat)
        if isinstance(source, ComputerSource) and self.state.stage in SILENT:
            source.at_once = True  # no search, no thought bubble, no glow (F11, F13)
        return source

    def hold_decision(self, seat: int) -> bool:
        """Every seat the rules ask for sealed marketing is announced alike, first (F14).
        A person the rules ask again in a window where they played a card gets the
        passive "another card?" beat first (`beat.again_for`). A person's decision waits
        for an Event Card still up (the table goes on beneath a card, never a person's
        question), unless it is a card window the person passed in its beat: that pass
        is public and costs no frame."""
        if self.is_human(seat):
            from scenes.startupfever.beat import again_for

            again = again_for(self.state, self.context())
            if again is not None and not again.done:  # a person asked again after a card
                self.beat = again  # (whatever they hold): a passive "another card?"
                return True
        if self.card is not None and self.is_human(seat):
            state = self.state
            passed = state.stage == Stage.WINDOW and \
                self.context().plan.get((Stage.WINDOW, seat)) is False
            if not passed:
                return True
        return self.state.stage == Stage.MARKETING and self.director.announce_allocating(seat)

    def chain(self, seat: int, stage: Any) -> bool:
        """Take the next decision in this same update: after a silent answer (a card window
        or Defense costs no frame, asked or not: F13), and through a sealed budget (all of it
        in one update, whatever its size: F14)."""
        state = self.state
        if stage == Stage.MARKETING:
            return state.stage == Stage.MARKETING and state.current_player == seat
        return stage in SILENT and self.director.idle

    def think_pace(self, seat: int, source: DecisionSource) -> tuple[bool, float]:
        """Computers think a moment before a visible decision (less before the next step of
        the same one); card windows and Defense are answered at once; a sealed budget takes
        one think, whatever its size."""
        state = self.state
        if state.stage in SILENT:
            return False, 0.0
        again = self.last_decision == (seat, state.stage, state.current_slot)
        if again and state.stage == Stage.MARKETING:
            return False, 0.0
        self.active = seat
        return True, THINK_AGAIN if again else THINK

    def thought(self, seat: int) -> None:
        state = self.state
        self.last_decision = (seat, state.stage, state.current_slot)

    def _open_showdown(self) -> bool:
        """Line up a category's products before its first die (public numbers only);
        True when something was queued to be shown first."""
        state = self.state
        key = (state.year, state.comp_category)
        if self.showdown_key == key:
            return False
        year_ends = self.director.year_end_card()
        if year_ends:  # "YEAR 2 ENDS" first, then the line-up
            self.director.queue.extend(year_ends)
            return True
        self.showdown_key = key
        slots = sorted(state.comp_base)
        base = {slot: state.comp_base[slot][0] for slot in slots}
        category = state.comp_category

        def begin() -> None:
            self.showdown.open(category, lineup(self.model, slots, base))
            self.sound("whoosh")
        self.director.queue.append(Step("showdown opens", 0.0, begin,
                                        until=lambda: self.showdown.settled))
        return True

    def step_words(self, step: take_backs.Step) -> str:
        return words.take_back_words(step.actions)

    def said_taken_back(self, step: take_backs.Step) -> str | None:
        """Said to everyone, except a sealed budget's tokens (F14: not even that there
        were any) and a chip's category (only that a chip comes back)."""
        return words.taken_back_line(step.actions, self.name(step.seat))

    def shown_again(self, before: Any, step: take_backs.Step) -> None:
        """The table as the taken-back state has it: money comes back from the bank and
        the products it touched glow (from the public figures alone: F13, F14)."""
        self.decision = None
        old, self.model = self.model, TableModel.from_state(self.state)
        for seat, (was, now) in enumerate(zip(old.companies, self.model.companies,
                                              strict=True)):
            if now.money > was.money:
                self.director.money_back(seat, now.money - was.money)
        for slot, shown in self.model.products.items():
            if shown != old.products[slot]:
                self.flash_product(slot)
        if self.ctx is not None:
            self.ctx.model = self.model

    def show_results(self) -> None:
        if self.watched_end() or not self.finishing():
            return
        self.app.stack.replace(ResultsScene(self.seats, self.state, self.history,
                                            demo=self.demo, pace=self.pace,
                                            devices=self.devices, story=self.story)
                            .kept(*self.kept))

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        highlight = set(self.flashes)
        if self.decision is not None and not self._coach_explains():
            highlight |= set(self.decision.highlight)
        self.view.draw(canvas, self.model, hidden_markers=self.movers.hidden,
                       highlight=highlight, turn_seat=self.active, t=self.clock)
        canvas.set_clip(TABLE)
        self._draw_log(canvas)
        if self.die is not None:
            self.die.draw(canvas, fonts, self.view.place("die").center, alpha)
        self.movers.draw(canvas, fonts)
        self.showdown.draw(canvas, fonts)
        canvas.set_clip(None)
        if not (self.coach is not None and self.coach.holding and self._coach_shows()):
            self.effects.draw(canvas, fonts)  # (flying numbers wait under a coach bubble)
        if self.card is not None:
            self.card.draw(canvas, alpha)
        if self.thinking is not None:
            self._draw_thinking(canvas, self.thinking)
        self._draw_banner(canvas)
        self._draw_title_card(canvas)
        if self.decision is None and self.beat is None:
            field = self.hover_field if self.hover_field is not None else self.cursor_field
            if field is not None:
                self.view.draw_field_info(canvas, field, self.model)
            elif self.hover_product is not None and not self.showdown.active:
                self.view.draw_product_info(canvas, self.hover_product, self.model)
        self.roll_rect = None
        if self.roll_call is not None:
            self.roll_rect = self._draw_roll_call(canvas, self.roll_call)
        seat = self.hand_look.seat
        if seat is not None and self.decision is None and self.beat is None:
            self.hand_look.draw(canvas, self.app.fonts, self.state.players[seat].hand,
                                TABLE.center)
        if self.beat is not None:
            self.beat.draw(canvas)
        if self.decision is not None and not self._coach_explains():
            self.decision.draw(canvas)  # (its options show once the bubble is read)
        if self.coach is not None and self._coach_shows():
            self.coach.draw(canvas, fonts, COACH_AREA if self.coach.guided else TABLE,
                            self.tip_area(), self.coach_avoids())
        self._draw_bar(canvas)
        if self.fast and self.decision is None and self.roll_call is None:
            draw.text(canvas, fonts.display(30), "FAST ×4", (TABLE.right - 16, 16),
                      GOLD, anchor="topright", outline=3)

    def _draw_log(self, canvas: pygame.Surface) -> None:
        """The log, redrawn only when a line comes, its glow fades or it opens (drawing
        it wraps every line again: too dear for every frame)."""
        panel = self.log_panel
        newest = panel.entries[-1] if panel.entries else None
        glow = round(panel.age / 0.05) if panel.age < 0.6 else -1
        rect = panel.place.copy()
        if panel.open:
            rect.h = max(rect.h, HISTORY_H)
            rect.bottom = panel.place.bottom
        key = (id(newest), len(panel.entries), tuple(rect), glow)
        if key != self.log_key:
            self.log_key = key
            self.log_image.fill((0, 0, 0, 0), rect)
            panel.draw(self.log_image, self.app.fonts)
        canvas.blit(self.log_image, rect.topleft, rect)

    def _draw_bar(self, canvas: pygame.Surface) -> None:
        """The prompt bar, rendered again only when what it says (or the device) changes.
        A seat's own question shows the glyphs of the pad bound to it."""
        bar, style = self._bar(), self.bar_look(self._asked())[0]
        key = (tuple(bar.items), style, glyphs.keymap_version)  # a remap redraws it
        if key != self.bar_key:
            self.bar_key = key
            bar.draw(self.bar_image, self.app.fonts, style)
        canvas.blit(self.bar_image, (0, BAR_TOP), pygame.Rect(0, BAR_TOP, 1280, 720 - BAR_TOP))

    def _asked(self) -> int | None:
        """The seat a decision or a die waits for (None: nobody's in particular)."""
        if self.demo:
            return None
        if self.decision is not None:
            return self.decision.seat
        return self.roll_call.seat if self.roll_call is not None else None

    def _bar(self) -> PromptBar:
        mouse = self.app.input.last_device == MOUSE
        if self.demo:
            return self.BAR_DEMO
        if self.coach is not None and self.coach.holding and self._coach_shows():
            return self.BAR_COACH
        if self.decision is not None:
            return self.whose(self.decision.seat, self.decision.bar)
        if self.phone_deciding() is not None:  # "Ada answers on the phone"
            return self.whose(self.phone_deciding(), self.BAR_PLAY)
        if self.beat is not None and getattr(self.beat, "bar", None) is not None:
            return self.beat.bar
        if self.roll_call is not None:
            mouse = seat_style(self.app, self.devices, self.roll_call.seat)[1]
            return self.whose(self.roll_call.seat,
                               self.BAR_MOUSE_ROLL if mouse else self.BAR_ROLL)
        if mouse:
            return self.BAR_MOUSE
        if not self.hand_look.seats:
            return self.BAR_PLAY
        return self.BAR_PEOPLE if len(self.hand_look.seats) == 1 else self.BAR_PEOPLE_MANY

    def _draw_roll_call(self, canvas: pygame.Surface, call: AdoptionRollCall) -> pygame.Rect:
        """SERVERMANIA's roll call over the dimmed table: the die bounces on its spot,
        "Ada: press A to roll!" above it, what the roll is for under that; returns the area
        of those words."""
        dim(canvas.subsurface(TABLE), 80)
        style, mouse = seat_style(self.app, self.devices, call.seat)
        spot = self.view.place("die")
        die = (spot.centerx, min(spot.centery, TABLE.bottom - 62))  # clear of the bar
        _w, h = call.plate_size(self.app.fonts, style, mouse)
        low = min(die[1] - 70, self.view.place("log").top - 6)  # above the die and the log
        return call.draw(canvas, self.app.fonts, die, style, mouse, (TABLE.centerx, low - h))

    def _draw_thinking(self, canvas: pygame.Surface, seat: int) -> None:
        """A thought bubble in place of a computer company's "(CPU)" while it decides: in
        its panel, never over the table (a very long name loses its end under it)."""
        gap = self.view.panels.name_gaps.get(seat)
        if gap is None:  # the panel is not painted yet
            return
        bubble = pygame.Rect(0, 0, max(84, min(120, gap.w)), max(36, gap.h))
        bubble.midleft = gap.midleft
        bubble.right = min(bubble.right, gap.right)
        thought_bubble(canvas, bubble, self.colour(seat), self.clock)

    def _draw_banner(self, canvas: pygame.Surface) -> None:
        """The banner: in the log's box, never over the track (notice.py)."""
        if self.banner_state is not None:
            text, colour, icon, age = self.banner_state
            notice.draw_banner(canvas, self.app.fonts, self.view.log_rect(), text, colour,
                               icon, age)

    def _prompts(self) -> list[pygame.Rect]:
        """What is open on the table now: a decision (or its curtain), a beat, a roll
        call's words, an Event Card still up."""
        card = self.card.area if self.card is not None and not self.card.done else None
        return [r for r in (getattr(self.decision, "curtain", None) and
                            self.decision.curtain.area,
                            getattr(self.beat, "shown", None), self.roll_rect, card) if r]

    def tip_area(self) -> pygame.Rect:
        """Where a coach tip goes: the log's box above its newest line (the line it may
        talk about stays readable), or beside the prompts open now."""
        band = self.view.place("bank").unionall([self.view.place("log"),
                                                 self.view.place("deck")])
        log = self.view.log_rect()
        newest = self.log_panel.newest_height(self.app.fonts)
        above = pygame.Rect(log.x, log.y, log.w, max(40, log.h - newest - 4))
        return notice.tip_area(above, band, self._prompts())

    def coach_avoids(self) -> list[pygame.Rect]:
        """What the guided bubble must never cover: the prompts open beside it (a beat, a
        roll call; a decision's options wait until it is read), the log and the company
        panels (bubbles may use the free part of the panels' column)."""
        prompts = [r for r in (getattr(self.beat, "shown", None), self.roll_rect) if r]
        return [*prompts, self.view.log_rect(),
                *(self.view.panel_rect(seat) for seat in range(len(self.seats)))]

    def _draw_title_card(self, canvas: pygame.Surface) -> None:
        """"YEAR 2" / "YEAR 2 ENDS": a big card that swings in, holds and leaves."""
        if self.title_state is None:
            return
        title, subtitle, age = self.title_state
        grow = pytweening.easeOutBack(min(1.0, age / 0.35))
        fade = pytweening.easeInQuad(max(0.0, (age - 1.2) / 0.3))
        rect = pygame.Rect(0, 0, round(560 * grow), round(170 * grow))
        rect.center = (TABLE.centerx, round(TABLE.centery - 40 - 400 * fade))
        if rect.w < 20:
            return
        draw.box(canvas, rect, GOLD, outline=INK, radius=28, shadow=8, width=5)
        if grow > 0.8:
            # volatile: each year's title (up to 90 KB) shows for a second and a half
            draw.text(canvas, self.app.fonts.display(64), title, (rect.centerx, rect.y + 66),
                      INK, volatile=True)
            if subtitle:
                draw.text(canvas, self.app.fonts.body(26), subtitle,
                          (rect.centerx, rect.bottom - 36), INK)

