"""The SERVERMANIA game screen: the board, pawns, die, cards, side panel and prompts.

The scene drives the rules API and nothing else decides the game: when the director has
no animation left to play it asks the state what comes next. A chance step is sampled
with the state's own seeded RNG (`state.sample_chance()`); a computer seat "thinks" for
a moment and asks its rule-based player; a human seat gets a prompt. A die roll of a
human seat waits for that player to hit the die (`RollCall`); a computer's roll comes
after a short beat. Every `apply` returns events, which the director turns into
animation steps.

Pace: the animation speed setting scales everything; holding R-shoulder (E / PageDown, or
the left mouse button on the board) plays ×4; X (or a quick click) skips what is playing.
"""

from __future__ import annotations

import math

import pygame
import pytweening

from game import registry
from game import servermania as sm
from game.levels import make_player
from game.servermania import board as board_module
from game.servermania import events as sm_events
from game.servermania.fields import SERVER_VALUE
from game.servermania.stages import Phase
from game.thinker import Thinker
from game.tiled import MapError
from game.undo import Step, UndoLog
from scenes.engine import draw
from scenes.engine.input import CLICK, POINT, Action, DeviceId
from scenes.engine.palette import CREAM, GOLD, INK, MINT, Color
from scenes.engine.scene import Scene
from scenes.engine.theme import THEME, Theme
from scenes.engine.widgets import PromptBar
from scenes.overlays import dim
from scenes.saving import Autosaving
from scenes.seating import SeatDevices, seat_style
from scenes.servermania.board_view import BOARD_TITLES, shared_view
from scenes.servermania.camera import Camera, Lens
from scenes.servermania.director import Director
from scenes.servermania.hud import Hud
from scenes.servermania.middle import CORRIDORS, WIDE, on_screen, spot, wrap
from scenes.servermania.pawns import Pawn, PawnLayer
from scenes.servermania.prompts import Prompt, maintenance_prompt, stuck_prompt
from scenes.servermania.results import ResultsScene
from scenes.servermania.seats import Seat
from scenes.table import look
from scenes.table.cards import CardFlip
from scenes.table.die import DieRoll
from scenes.table.driver import TurnDriver
from scenes.table.effects import Effects
from scenes.table.log_panel import LINE, LogPanel
from scenes.table.pace import click_pace
from scenes.table.roll_call import SIZE as DIE_SIZE
from scenes.table.roll_call import RollCall
from scenes.table.screen import GameScreen, thought_bubble
from scenes.table.sources import DecisionSource

VIEW = pygame.Rect(0, 0, 980, 656)  # the board's part of the canvas (panel right, bar below)
THINK = 0.35  # seconds a computer seat "thinks" before deciding (at speed 1)
ROLL_BEAT = 0.15  # seconds before a computer seat rolls (the roll-off does not wait)
CPU_HOPS = 1.8  # a computer's pawn hops this much faster than a person's
FINISHED_PACE = 2.0  # once every person has finished, the computers' turns pass faster
#: The rules' die phases and what the roll is for (the `Rolled.purpose` words).
ROLL_PURPOSES = {Phase.ROLL_OFF: "first", Phase.MOVE_ROLL: "move", Phase.STUCK_ROLL: "stuck",
                 Phase.TECHPAD_ROLL: "techpad"}
# Places in the empty middle of the track (world px): the decks, the pot and the die.
#: The decks stand in the corridor left of the middle and the die in the one to its right
#: (no pawn stands there); the middle itself is kept for messages (middle.py).
DECK_SPOTS = {"signups": (160, 338), "churn": (160, 462)}
DECK_CARD = (66, 91)  # a deck's card size on the board (map px)
POT_SPOT = (440, 362)
DIE_SPOT = (800, 360)
CARD_ROOM = 250  # a drawn card's centre sits this far in from the board's side


class BoardScene(Autosaving, GameScreen, Scene):
    """One game of SERVERMANIA from the roll-off to the results.

    seats: 2-4 players. seed: dice and cards (None: from the app's RNG).
    demo: every seat is played by the computer and confirm/back return to the title.
    pace: extra speed factor (tests use it to play a whole game quickly).
    state: continue this game instead of starting a new one (tests build scenarios).
    autoplay: False leaves the rules alone and only plays events pushed to the director.
    devices: which device plays which seat (from the lobby); unbound seats are shared.
    """

    GAME = "servermania"  # the autosave slot, the music and the How to play pages
    PAUSE_PAGE = ("Square legend", "scenes.servermania.legend:LegendScene")
    SEAT = Seat

    def __init__(self, seats: list[Seat], seed: int | None = None, demo: bool = False,
                 pace: float = 1.0, state: sm.State | None = None,
                 autoplay: bool = True, devices: SeatDevices | None = None) -> None:
        super().__init__(seats, seed, demo, pace, state, autoplay, devices)
        self.view = VIEW

    # -- lifecycle ---------------------------------------------------------------------------

    def enter(self) -> None:
        self.app.audio.music(self.GAME)
        seed = self.seed if self.seed is not None else self.app.rng.randrange(1 << 30)
        try:
            self._open_map(seed)
        except MapError as exc:
            self.cannot_start(str(exc), board_module.DEFAULT_MAP, "SERVERMANIA", "board")
            return
        self.camera = Camera(self.view, self.board_view.track_bounds())
        # The whole board stays in view all game (zooming in and out every turn hid the
        # board's edges and made people lose track): one resting zoom, drawn up front.
        self.board_view.at_zoom(self.camera.full_zoom)
        players = self.state.players
        pawns = [Pawn(i, seat.colour, players[i].position,
                      self.board_view.center(players[i].position))
                 for i, seat in enumerate(self.seats)]
        for pawn, seat in zip(pawns, self.seats, strict=True):
            pawn.shape = seat.token
        self.pawns = PawnLayer(pawns, self.board_view.center)
        self.pawns.finish()
        self.hud = Hud(self.seats, [p.cash for p in players], [p.servers for p in players],
                       self.state.pot, SERVER_VALUE)
        self.log_panel = LogPanel(self.hud.log_rect())
        THEME.on_change(self._restyle)  # the HUD grows with the text size
        self._restyle(THEME)
        self.effects = Effects(seed, self.view.inflate(-8, -8))
        self.director = Director(self)
        self.agents = {i: make_player("servermania", self.level(i), seed * 8 + i,
                                   clock=not self.app.headless)
                       for i, s in enumerate(self.seats) if self.demo or not s.human}
        # computer decisions run off the 60 Hz loop
        self.thinker = Thinker(threaded=not self.app.headless)
        self.driver = TurnDriver(self, sm.CHANCE, sm.IllegalAction)  # whose move, who answers
        self.undo = UndoLog(registry.get(self.GAME).may_take_back)  # people's take-backs
        self.begin_replay(seed)  # every action from here is kept for the replay
        self.dice: list[DieRoll] = []  # thrown dice still on screen, newest last
        self.roll_call: RollCall | None = None  # a person's roll waiting for their press
        self.prompt_square = 0  # the square the open decision is about
        self.roll_wait = 0.0  # seconds a computer seat has waited to roll
        self.card: CardFlip | None = None
        self.prompt: Prompt | None = None
        self.active: int | None = None
        self.flashes: list[list] = []  # [square, colour, age]
        self.banner_state: Banner | None = None
        self.clock = 0.0
        self.fast: set[DeviceId] = set()
        self.mouse_down_at: float | None = None
        self.history: list[list[int]] = []
        self.tallies: dict[int, sm_events.FinalTally] = {}  # seat -> its end-of-game sum
        self.leaving = False
        self.record_history()
        if self.initial_state is not None and self.state.turn > 0:
            self._show_game_in_progress()
        else:
            self.log("Who goes first? Everyone rolls the die.")

    def _restyle(self, theme: Theme) -> None:
        """Fit the HUD and its log to the text size (told by the theme when it changes)."""
        if self.hud.fit(theme.text_scale, theme.fonts.scaled(LINE)):
            self.log_panel.resize(self.hud.log_rect())

    # What to press, by situation; mouse users get key caps naming the mouse buttons
    # (BAR_MOUSE, BAR_ROLL, BAR_MOUSE_ROLL and BAR_DEMO are GameScreen's, shared).
    BAR_PLAY = PromptBar([("rshoulder", "Hold: fast ×4"), ("x", "Skip"), ("pause", "Pause")])
    BAR_PROMPT = PromptBar([("updown", "Choose"), ("confirm", "Select"), ("pause", "Pause")])
    BAR_MOUSE_PROMPT = PromptBar([("Click", "Choose"), ("Right-click", "Pause")])

    def _open_map(self, seed: int) -> None:
        """Read the board (rules) and its art from the Tiled map; `MapError` if broken."""
        self.state = self.initial_state or sm.new_game([s.name for s in self.seats], seed=seed)
        path = board_module.DEFAULT_MAP
        try:
            self.board_view = shared_view(self.state.board, self.app.fonts, path)
        except MapError:
            raise
        except Exception as exc:  # pytmx's pygame loader raises many kinds on a bad map
            raise MapError(f"map {path!r} could not be drawn: {type(exc).__name__}: "
                           f"{exc}") from exc

    def _show_game_in_progress(self) -> None:
        """A game continued from a state: show whose turn it is, STUCK pawns, finishers."""
        seat = self.state.turn_seat
        self.active = seat
        self.hud.set_turn(seat)
        for place, finisher in enumerate(self.state.finish_order, start=1):
            self.hud.finish_place[finisher] = place
        for pawn, player in zip(self.pawns.pawns, self.state.players, strict=True):
            pawn.finished = player.finished
            pawn.stuck = self.state.board[player.position].kind == "stuck" and not player.finished
        self.log(f"Game continues: turn {self.state.turn}, {self.name(seat)} to play", seat)

    # -- services for the director -------------------------------------------------------------

    def log(self, text: str, seat: int | None = None) -> None:
        self.log_panel.add(text, self.colour(seat) if seat is not None else None)

    def banner(self, text: str, colour: Color, icon: str | None = None,
               seat: int | None = None, square: int | None = None) -> None:
        """A banner across the board, placed away from `seat`'s pawn and `square`."""
        self.banner_state = Banner(text, colour, icon, seat=seat, square=square)

    def big_banner(self, text: str, colour: Color, icon: str | None = None,
                   seat: int | None = None) -> None:
        """The biggest moments (CEO BONUS, first to FINISH, half the servers lost)."""
        self.banner_state = Banner(text, colour, icon, seat=seat, big=True)

    def pawn_rect(self, seat: int) -> pygame.Rect:
        """Where `seat`'s pawn is on the canvas now: with room above it for the arrow
        over the active pawn and for a hop; a pawn standing still without the arrow
        takes only its figure (80 px sprite, feet at 74: pawns.py)."""
        pawn = self.pawns.pawns[seat]
        lens = self.lens()
        x, y = lens.to_screen(pawn.pos)
        z = lens.zoom * pawn.scale
        still = seat != self.active and not pawn.moving
        rect = pygame.Rect(0, 0, round(70 * z), round((88 if still else 120) * z))
        rect.midbottom = (round(x), round(y + 12 * z - pawn.height * lens.zoom))
        return rect

    def square_rect(self, square: int) -> pygame.Rect:
        x, y, w, h = self.state.board[square].rect
        lens = self.lens()
        left, top = lens.to_screen((x, y))
        return pygame.Rect(round(left), round(top), round(w * lens.zoom), round(h * lens.zoom))

    def card_spot(self, seat: int) -> tuple[int, int]:
        """Where a drawn card is shown: the half of the board away from the drawer's pawn
        (the card is big: in the middle it would hide the pawn it talks about)."""
        pawn = self.pawn_rect(seat)
        left = (self.view.x + CARD_ROOM, self.view.centery)
        right = (self.view.right - CARD_ROOM, self.view.centery)
        return left if pawn.centerx > self.view.centerx else right

    def roll_spot(self) -> tuple[float, float]:
        """Where the waiting die bounces (world px): the corridor right of the middle, for
        the roll-off too (the middle holds the prompt; the thrown die flies to its spot)."""
        return DIE_SPOT

    def fit_die(self, call: RollCall) -> None:
        """Size the waiting die to its corridor: the biggest that covers no square, its
        hop, charge and shake included (its ring stays put: only the die shakes)."""
        call.halo_shakes, call.die_size = False, DIE_SIZE
        at = self.lens().to_screen(self.roll_spot())
        squares = [self.square_rect(i) for i in range(len(self.state.board))]
        while call.die_size > 24:
            if call.die_rect(at).inflate(4, 4).collidelist(squares) < 0:
                return
            call.die_size -= 2

    def die_rect(self) -> pygame.Rect | None:
        """All the waiting die may cover now (None: no die waits)."""
        if self.roll_call is None:
            return None
        return self.roll_call.die_rect(self.lens().to_screen(self.roll_spot()))

    def roll_plate_rect(self) -> pygame.Rect:
        """"Ada: press A to roll!": in the board's empty middle (over the roll-off's
        dice if need be: the panel shows their values); failing that, across the top or
        the bottom of the board, whichever leaves the player's pawn uncovered."""
        call = self.roll_call
        assert call is not None
        style, mouse = self.seat_style(call.seat)
        rect = pygame.Rect((0, 0), call.plate_size(self.app.fonts, style, mouse))
        middle = self.middle_spot(rect.size, [call.die_rect(self.lens().to_screen(
            self.roll_spot()))])
        if middle is not None:
            return middle
        rect.centerx = self.view.centerx
        rect.y = clear_top(rect, (self.view.y + 12, self.view.bottom - 12 - rect.h),
                           [self.pawn_rect(call.seat)])
        return rect

    def banner_rect(self) -> pygame.Rect | None:
        """Where the banner showing now is drawn: the first of top, bottom or middle of
        the board that covers neither its player's pawn nor its square."""
        b = self.banner_state
        if b is None:
            return None
        font = self.app.fonts.display(b.size)
        pad = 110 if b.icon else 60
        area = on_screen(self.lens(), self.view)
        lines = wrap(font, b.text, area.w - pad)
        width = min(area.w, max(font.size(line)[0] for line in lines) + pad)
        height = b.height + (len(lines) - 1) * font.get_linesize()
        plate = [self.roll_plate_rect()] if self.roll_call is not None else []
        middle = self.middle_spot((width, height), plate)
        if middle is not None:
            return middle
        width = min(self.view.w - 24, font.size(b.text)[0] + pad)
        rect = pygame.Rect(0, 0, width, b.height)
        rect.centerx = self.view.centerx
        avoid = []
        if b.seat is not None:
            avoid.append(self.pawn_rect(b.seat))
        if b.square is not None:
            avoid.append(self.square_rect(b.square))
        rect.y = clear_top(rect, (self.view.y + 14, self.view.bottom - 14 - b.height,
                                  self.view.centery - b.height // 2), avoid)
        return rect

    def middle_spot(self, size: tuple[int, int], avoid: list[pygame.Rect] | None = None,
                    area: pygame.Rect | None = None) -> pygame.Rect | None:
        """A place in the board's empty middle (or `area`) clear of every square, every
        pawn and `avoid` (middle.py); None when there is none."""
        lens = self.lens()
        clear = [self.square_rect(i) for i in range(len(self.state.board))]
        clear += [self.pawn_rect(seat) for seat in range(len(self.state.players))]
        return spot(size, area or on_screen(lens, self.view), clear + (avoid or []))

    def _place_toasts(self) -> None:
        """Toasts go to the middle too, clear of the roll prompt, the die, the banner and
        a decision prompt; when the middle has no room, to the empty corridor above or
        below the inner ring; the ones with no place anywhere wait (never over the track,
        a pawn or the bar of keys below the board)."""
        toasts = self.app.toasts
        if not toasts.items:
            return
        taken = [r for r in (self.banner_rect(), self.die_rect()) if r is not None]
        taken += list(self.end_rects().values())
        if self.roll_call is not None:
            taken.append(self.roll_plate_rect())
        if self.prompt is not None:
            taken.append(self.prompt.rect)
        lens = self.lens()
        areas = [on_screen(lens, self.view)] + [on_screen(lens, self.view, corridor)
                                                for corridor in CORRIDORS]
        toasts.widest = max(area.w for area in areas)  # a long one shrinks to fit
        sizes = [toasts.size(self.app.fonts, item[0]) for item in toasts.items]
        for n in range(len(sizes), 0, -1):  # as many as have a place, the first first
            size = (max(w for w, _ in sizes[:n]), sum(h + 8 for _, h in sizes[:n]) - 8)
            for area in areas:
                rect = self.middle_spot(size, taken, area)
                if rect is not None:
                    toasts.anchor, toasts.room = rect.midtop, n
                    return
        toasts.room = 0

    def flash_square(self, square: int, colour: Color) -> None:
        self.flashes.append([square, colour, 0.0])

    def lens(self, alpha: float = 1.0) -> Lens:
        zoom, center = self.camera.lens(alpha)
        return Lens(self.view, zoom, center)

    def pawn_screen(self, seat: int) -> tuple[float, float]:
        pawn = self.pawns.pawns[seat]
        lens = self.lens()
        x, y = lens.to_screen(pawn.pos)
        return (x, y - 36 * lens.zoom)

    def square_screen(self, square: int) -> tuple[float, float]:
        return self.lens().to_screen(self.board_view.center(square))

    def square_label(self, square: int) -> str:
        return self.state.board[square].label or f"square {square}"

    def deck_screen(self, deck: str) -> tuple[float, float]:
        return self.lens().to_screen(DECK_SPOTS[deck])

    def pot_screen(self) -> tuple[float, float]:
        return self.hud.pot_anchor()

    @property
    def die(self) -> DieRoll | None:
        """The die thrown last, while it is on screen."""
        return self.dice[-1] if self.dice else None

    def throw_die(self, die: DieRoll, keep: bool = False) -> None:
        """Show a new die; older ones leave unless `keep` (the roll-off's dice stay side by
        side until the first turn starts)."""
        if not keep:
            self.clear_dice()
        self.dice.append(die)

    def clear_dice(self) -> None:
        """Dice from earlier rolls fade away (a new roll, or the turn moved on)."""
        for die in self.dice:
            die.leave()

    def record_history(self) -> None:
        """Add one point per seat to the results chart: money as shown on the HUD now."""
        self.history.append(self.hud.money())

    def finish_motion(self) -> None:
        """Snap every moving thing to where it is going (skip)."""
        self.pawns.finish()
        for die in self.dice:
            die.finish()
        if self.card is not None:
            self.card.finish()
        self.effects.finish()
        self.hud.finish()
        self.camera.snap()

    # -- pace ----------------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        finished = FINISHED_PACE if self.people_done() else 1.0
        return super().speed * finished

    def people_done(self) -> bool:
        """Every person at the table has reached FINISH (and someone else still plays)."""
        people = [i for i in range(len(self.seats)) if self.is_human(i)]
        return bool(people) and all(self.pawns.pawns[i].finished for i in people)

    # -- input ---------------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        name = action.name
        if name == "rshoulder":
            (self.fast.add if action.pressed else self.fast.discard)(action.device)
            return True
        if self.demo and action.pressed and name in ("confirm", "back", "pause"):
            self._to_title()
            return True
        if name in ("pause", "back") and action.pressed:
            self.sound("back")
            self.open_pause()
            return True
        if self._someone_elses(action):
            return True
        if self.roll_call is not None and name in ("confirm", CLICK):
            self.roll_pressed(action)
            return True
        if self.roll_call is not None and name == "x" and action.pressed \
                and self.take_back_step(self.roll_call.seat) is not None:
            if not self.refuse(self.roll_call.seat, action):
                self.take_back()  # the choice before this die: asked again
            return True
        if self.prompt is not None and name in ("up", "down", "left", "right", "confirm",
                                                POINT, CLICK):
            before = self.prompt.selected
            choice = self.prompt.handle(action)
            if choice is not None:
                self.sound("confirm")
                self.prompt = None
                self.driver.answer(choice)
            elif self.prompt.selected != before:
                self.sound("move")
            return True
        if name == "x" and action.pressed:
            self.skip()
            return True
        if name == CLICK:
            click_pace(self, action)
            return True
        return False

    def seat_style(self, seat: int) -> tuple[str, bool]:
        """(glyph style, mouse?) to show a seat: its own device's, else the one used last."""
        return seat_style(self.app, self.devices, seat)

    def _someone_elses(self, action: Action) -> bool:
        """A device answering a roll or a prompt that is not its seat's: refused, said so."""
        name = action.name
        if self.roll_call is not None and name in ("confirm", CLICK):
            seat = self.state.turn_seat
        elif self.prompt is not None and name in ("up", "down", "left", "right", "confirm",
                                                  POINT, CLICK):
            seat = self.state.current_player
        else:
            return False
        return self.refuse(seat, action)

    def pause(self) -> None:
        self.fast.clear()
        if self.roll_call is not None:  # a press cut short by a pause never throws
            self.roll_call.holding = False

    # -- the game flow -----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.tend_phones()
        sdt = dt * self.speed
        self.clock += dt
        self.director.update(sdt)
        hops = 1.0 if self.active is None or self.is_human(self.active) else CPU_HOPS
        self.pawns.update(sdt * hops)
        self.camera.update(sdt)
        for die in self.dice:
            die.update(sdt)
        self.dice = [d for d in self.dice if not d.gone]
        if self.roll_call is not None:
            self.roll_call.update(dt)
            if self.roll_call.overheld:
                self.roll()
        if self.card is not None:
            self.card.update(sdt)
            if self.card.done:
                self.card = None
        self.effects.update(sdt)
        self.hud.update(sdt)
        self.log_panel.update(sdt)
        for flash in self.flashes:
            flash[2] += sdt
        self.flashes = [f for f in self.flashes if f[2] < 0.9]
        if self.banner_state is not None:
            self.banner_state.age += sdt
            if self.banner_state.age > self.banner_state.life:
                self.banner_state = None
        if self.prompt is not None:
            self.prompt.update(dt)
        if self.director.idle and self.autoplay and not self.leaving:
            self.driver.update(sdt)

    # -- the turn driver's questions (scenes.table.driver) -----------------------------------

    def waiting(self) -> bool:
        return self.prompt is not None

    def hold_chance(self, dt: float) -> bool:
        """A person rolls their own die (the roll call waits for their press); a
        computer's die waits a beat first (not in the roll-off)."""
        state = self.state
        roller = state.turn_seat
        purpose = ROLL_PURPOSES.get(state.phase)
        if purpose is not None and self.is_human(roller):
            if self.roll_call is None:
                self.roll_call = RollCall(roller, self.name(roller), self.colour(roller),
                                          purpose)
                self.fit_die(self.roll_call)
                self.banner_state = None  # the prompt says it: "Ada: press A to roll!"
                self.sound("turn")
            return True
        if purpose is not None and purpose != "first":
            self.roll_wait += dt
            if self.roll_wait < ROLL_BEAT:
                return True
        self.roll_wait = 0.0
        return False

    def drop_question(self, seat: int) -> None:
        if self.prompt is not None and self.state.current_player == seat:
            self.prompt = None

    def ask_person(self, seat: int, state: sm.State, legal: list) -> None:
        self.prompt = self.open_prompt()
        self.sound("confirm")

    def think_pace(self, seat: int, source: DecisionSource) -> tuple[bool, float]:
        return True, THINK

    def open_prompt(self) -> Prompt:
        seat = self.state.current_player
        legal = self.state.legal_actions()
        position = self.state.players[seat].position
        if sm.PAY_MAINTENANCE in legal:
            prompt = maintenance_prompt(self.state, self.name(seat), self.colour(seat),
                                        self.view)
            square = self.state.board.cs_ahead[position]
        else:
            prompt = stuck_prompt(self.state, self.name(seat), self.colour(seat), self.view)
            square = position
        self.place_prompt(prompt, seat, square)
        return prompt

    def place_prompt(self, prompt: Prompt, seat: int, square: int) -> None:
        """Put the question in the board's empty middle, laid out to fit it (clear of
        every square and pawn); when it cannot be (a close-up, pawns in the way), the
        roomy panel where it covers neither the player's pawn nor the square it is
        about: the middle of the board, else its top or bottom edge."""
        self.prompt_square = square
        fonts = self.app.fonts
        area = on_screen(self.lens(), self.view, WIDE)
        scale = fonts.text_scale
        while prompt.fit(area, fonts, scale):  # smaller while pawns below leave no room
            rect = self.middle_spot(prompt.rect.size, area=area)
            if rect is not None:
                prompt.place(rect.y, rect.x)
                return
            scale = round(prompt.scale - 0.05, 2)
        prompt.area = None
        prompt.layout(fonts.text_scale, fonts)  # its size at the text size
        prompt.place(clear_top(prompt.rect, (prompt.rect.y, self.view.y + 6,
                                             self.view.bottom - 6 - prompt.rect.h),
                               [self.pawn_rect(seat), self.square_rect(square)]))

    def shown_again(self, before: sm.State, step: Step) -> None:
        """A choice taken back before its die: the die waits no more, the cash and the pot
        count back to the state's, and the choice is asked again."""
        self.roll_call = None
        self.prompt = None
        for seat, player in enumerate(self.state.players):
            self.hud.cash[seat].set(player.cash)
            self.hud.servers[seat].set(player.servers)
        self.hud.pot.set(self.state.pot)
        if self.state.players[step.seat].cash > before.players[step.seat].cash:
            self.effects.coins(self.hud.cash_anchor(step.seat))  # the fee comes back

    def show_results(self) -> None:
        if self.watched_end() or not self.finishing():
            return
        self.app.stack.replace(ResultsScene(self.seats, self.state.scores(),
                                            self.state.winners(), self.history,
                                            [self.tallies.get(i) for i in range(len(self.seats))],
                                            demo=self.demo, pace=self.pace,
                                            devices=self.devices).kept(*self.kept))

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        if self.app.stack.top is not self:  # under an overlay nothing counts on: show
            self.hud.finish()  # the money as it stands, never a number frozen mid-count
        lens = self.lens(alpha)
        canvas.set_clip(self.view)
        self._draw_board(canvas, lens)
        self._draw_middle(canvas, lens)
        self._draw_flashes(canvas, lens)
        self.pawns.draw(canvas, lens, alpha, self.active, self.clock)
        self._draw_square_tags(canvas)
        self._draw_ends(canvas, lens)
        if self.thinking is not None:
            self._draw_thinking(canvas, self.thinking)
        for die in self.dice:
            die.draw(canvas, self.app.fonts, lens.to_screen(die.spot or DIE_SPOT), alpha)
        if self.roll_call is not None:
            self.fit_die(self.roll_call)  # to the corridor at this frame's zoom
            self.roll_call.draw(canvas, self.app.fonts, lens.to_screen(self.roll_spot()),
                                *self.seat_style(self.roll_call.seat),
                                self.roll_plate_rect().midtop)
        canvas.set_clip(None)
        fonts = self.app.fonts
        self.hud.draw(canvas, fonts, self.clock)
        self.log_panel.draw(canvas, self.app.fonts)
        if self.card is not None:
            self.card.draw(canvas, alpha)
        self.effects.draw(canvas, self.app.fonts)
        self._draw_banner(canvas)
        self._place_toasts()
        if self.prompt is not None:
            canvas.set_clip(self.view)
            if not self.prompt.compact:  # the roomy panel covers the board: dim it, but
                dim(canvas.subsurface(self.view), 120)  # the deciding pawn stays lit
                self.pawns.pawns[self.state.turn_seat].draw(canvas, lens, alpha, True,
                                                            self.clock)
            pulse = round(6 + 4 * math.sin(self.clock * 6))  # and the square it is about
            pygame.draw.rect(canvas, self.colour(self.state.turn_seat),
                             self.square_rect(self.prompt_square).inflate(pulse, pulse), 5,
                             border_radius=14)
            canvas.set_clip(None)
            self.prompt.draw(canvas, self.app.fonts)
        self.prompt_bar().draw(canvas, self.app.fonts, self.bar_look(self.asked())[0])
        if self.fast and not self.prompt and self.roll_call is None:
            draw.text(canvas, self.app.fonts.display(30), "FAST ×4", (self.view.right - 16, 16),
                      GOLD, anchor="topright", outline=3)

    def asked(self) -> int | None:
        """The seat a prompt or a die waits for (None: nobody's in particular)."""
        if self.demo:
            return None
        if self.prompt is not None:
            return self.state.current_player
        return self.state.turn_seat if self.roll_call is not None else None

    def prompt_bar(self) -> PromptBar:
        """What to press now: a seat's own question in its pad's words, named ("Pad 2
        Ada"); otherwise in the words of the device used last (mouse: click)."""
        if self.demo:
            return self.BAR_DEMO
        if self.phone_deciding() is not None:  # "Ada answers on the phone"
            return self.whose(self.phone_deciding(), self.BAR_PLAY)
        seat = self.asked()
        if self.bar_look(seat)[1]:
            bar = self.BAR_MOUSE_PROMPT if self.prompt else (
                self.BAR_MOUSE_ROLL if self.roll_call else self.BAR_MOUSE)
        else:
            bar = self.BAR_PROMPT if self.prompt else (
                self.BAR_ROLL if self.roll_call else self.BAR_PLAY)
        label = self.take_back_label(seat) if self.roll_call is not None else None
        if label is not None:  # "X Take back: pay maintenance", before the die is thrown
            bar = PromptBar([*bar.items[:-1], ("x", label), bar.items[-1]])
        return bar if seat is None else self.whose(seat, bar)

    def square_tags(self) -> list[tuple[pygame.Rect, str, pygame.font.Font]]:
        """A pawn at rest on a square hides its title: (tag, title, font) for each such
        square, the tag at the square's foot, in front of the pawn and mostly below the
        square ("SIGN UPS", "PAY DAY!")."""
        fonts = self.app.fonts
        tags = []
        seen: set[int] = set()
        for pawn in self.pawns.pawns:
            square = pawn.square
            kind = self.state.board[square].kind
            if pawn.moving or square in seen or not BOARD_TITLES.get(kind):
                continue
            seen.add(square)
            rect = self.square_rect(square)
            text = " ".join(BOARD_TITLES[kind])
            font = fonts.fit("display", 20, text, rect.w + 44, 16)
            w, h = font.size(text)
            tag = pygame.Rect(0, 0, w + 12, h + 4)
            tag.midtop = (rect.centerx, rect.bottom - 14)
            tags.append((tag, text, font))
        return tags

    def _draw_square_tags(self, canvas: pygame.Surface) -> None:
        for tag, text, font in self.square_tags():
            pygame.draw.rect(canvas, INK, tag, border_radius=tag.h // 2)
            draw.text(canvas, font, text, tag.center, CREAM)

    def _draw_board(self, canvas: pygame.Surface, lens: Lens) -> None:
        """Blit the pre-rendered board; while zooming, scale the close-up level to fit."""
        view, zoom, c = self.view, lens.zoom, lens.center
        for level in (self.camera.full_zoom, self.camera.close_zoom):
            if abs(zoom - level) < 0.002:
                surface = self.board_view.at_zoom(level)
                src = pygame.Rect(round(c.x * level - view.w / 2),
                                  round(c.y * level - view.h / 2), view.w, view.h)
                part = src.clip(surface.get_rect())
                if part != src:
                    canvas.fill(self.board_view.ground, view)
                canvas.blit(surface, (view.x + part.x - src.x, view.y + part.y - src.y), part)
                return
        level = self.camera.close_zoom
        big = self.board_view.at_zoom(level)
        w, h = view.w * level / zoom, view.h * level / zoom
        src = pygame.Rect(round(c.x * level - w / 2), round(c.y * level - h / 2), round(w),
                          round(h))
        part = src.clip(big.get_rect())
        if part != src:
            canvas.fill(self.board_view.ground, view)
        scaled = pygame.transform.smoothscale(big.subsurface(part),
                                              (round(part.w * zoom / level),
                                               round(part.h * zoom / level)))
        canvas.blit(scaled, lens.to_screen((part.x / level, part.y / level)))

    def _draw_middle(self, canvas: pygame.Surface, lens: Lens) -> None:
        """The two decks and the CEO BONUS pot in the middle of the track."""
        z = lens.zoom
        fonts = self.app.fonts
        small = fonts.body(max(10, round(20 * z)))
        for deck, place in DECK_SPOTS.items():
            size = (round(DECK_CARD[0] * z), round(DECK_CARD[1] * z))
            x, y = lens.to_screen(place)
            for k in range(3):  # a little stack
                back = look.scaled(f"card_back_{deck}", size)
                canvas.blit(back, back.get_rect(center=(round(x - 2 * k * z),
                                                        round(y - 3 * k * z))))
        if self.hud.rolloff:  # the roll-off's dice and names stand here for a moment
            return
        if self.prompt is not None and self.prompt.compact:  # a question covers the pot:
            return  # its figure would peek out from under it (the HUD shows it too)
        x, y = lens.to_screen(POT_SPOT)
        pot = self.hud.pot.shown
        coins = min(14, math.ceil(pot / 25_000)) if pot else 0
        coin = look.scaled("icon_coin", (round(30 * z), round(30 * z)))
        for k in range(coins):  # the pile grows with the pot
            dx = (-30 + 60 * ((k * 7) % 5) / 4) * z
            canvas.blit(coin, coin.get_rect(center=(round(x + dx), round(y + (18 - 6 * k) * z))))
        size = round(74 * z * (1 + 0.12 * self.hud.pot.flash))
        icon = look.scaled("icon_ceo_bonus", (size, size))
        canvas.blit(icon, icon.get_rect(center=(round(x), round(y + 4 * z))))
        draw.text(canvas, small, "CEO BONUS", (x, y + 50 * z), CREAM, anchor="center",
                  outline=2)
        draw.text(canvas, fonts.display(max(10, round(26 * z))), look.money(pot),
                  (x, y + 74 * z), GOLD, anchor="center", outline=3, volatile=True)

    def end_rects(self, lens: Lens | None = None) -> dict[str, pygame.Rect]:
        """The START and FINISH ribbons (canvas px): START above the first square, FINISH
        below the last, drawn over the pawns so they are never hidden."""
        lens = lens or self.lens()
        font = self.app.fonts.display(24)
        out = {}
        for word, index, side in (("START", 0, -1), ("FINISH", len(self.state.board) - 1, 1)):
            x, y, w, h = self.state.board[index].rect
            cx, edge = lens.to_screen((x + w / 2, y if side < 0 else y + h))
            rect = pygame.Rect(0, 0, font.size(word)[0] + 28, 34)
            if side < 0:
                rect.midbottom = (round(cx), round(edge + 2))
            else:
                rect.midtop = (round(cx), round(edge + 4))
            rect.clamp_ip(self.view)
            out[word] = rect
        return out

    def _draw_ends(self, canvas: pygame.Surface, lens: Lens) -> None:
        font = self.app.fonts.display(24)
        for word, rect in self.end_rects(lens).items():
            fill = MINT if word == "START" else CREAM
            draw.box(canvas, rect, fill, radius=12, shadow=3, width=3)
            if word == "FINISH":  # a chequered flag edge on each side
                for k in range(4):
                    for side in (rect.x + 5, rect.right - 13):
                        cell = pygame.Rect(side + 4 * (k % 2), rect.y + 5 + 6 * k, 4, 6)
                        pygame.draw.rect(canvas, INK, cell)
            draw.text(canvas, font, word, rect.center, INK)

    def _draw_flashes(self, canvas: pygame.Surface, lens: Lens) -> None:
        for square, colour, age in self.flashes:
            x, y, w, h = self.state.board[square].rect
            tl = lens.to_screen((x, y))
            grow = pytweening.easeOutQuad(min(1.0, age / 0.9))
            rect = pygame.Rect(round(tl[0]), round(tl[1]), round(w * lens.zoom),
                               round(h * lens.zoom)).inflate(round(14 * grow), round(14 * grow))
            width = max(2, round(7 * (1 - grow)))
            pygame.draw.rect(canvas, colour, rect, width, border_radius=14)

    def _draw_thinking(self, canvas: pygame.Surface, seat: int) -> None:
        """A thought bubble over a computer player's pawn while it decides."""
        x, y = self.pawn_screen(seat)
        bubble = pygame.Rect(0, 0, 84, 44)
        bubble.midbottom = (round(x + 34), round(y - 44))
        tail = bubble.bottom + 8
        if bubble.top < self.view.top + 4:  # a pawn on the top row: the bubble goes below
            bubble.midtop = (round(x + 34), round(y + 40))
            tail = bubble.top - 8
        thought_bubble(canvas, bubble, self.colour(seat), self.clock)
        pygame.draw.circle(canvas, INK, (bubble.x + 14, tail), 8)  # its tail, clear of dots
        pygame.draw.circle(canvas, CREAM, (bubble.x + 14, tail), 5)

    def _draw_banner(self, canvas: pygame.Surface) -> None:
        b = self.banner_state
        rect = self.banner_rect()
        if b is None or rect is None:
            return
        grow = pytweening.easeOutBack(min(1.0, b.age / 0.3))
        out = pytweening.easeInQuad(max(0.0, (b.age - b.life + 0.3) / 0.3))
        scale = max(0.05, grow * (1 - out))
        layer = draw.scratch("banner", rect.inflate(12, 12).size)  # none fresh per frame
        layer.fill((0, 0, 0, 0))
        inner = pygame.Rect(6, 0, rect.w, rect.h)
        draw.box(layer, inner, b.colour, radius=24, shadow=6, width=5 if b.big else 3)
        font = self.app.fonts.display(b.size)
        x = inner.x + 30
        if b.icon:
            side = b.height - 18
            image = look.scaled(b.icon, (side, side))
            layer.blit(image, image.get_rect(midleft=(inner.x + 16, inner.centery)))
            x = inner.x + side + 28
        room = inner.right - 16 - x
        lines = wrap(font, b.text, room) if rect.h > b.height else [b.text]
        step = font.get_linesize()
        for i, line in enumerate(lines):
            label = draw.render(font, line, INK, volatile=True)  # shown for a second or two
            if label.get_width() > room:  # never spill out of the banner
                label = draw.scaled_now("banner label", label, room / label.get_width())
            y = inner.centery + round((i - (len(lines) - 1) / 2) * step)
            layer.blit(label, label.get_rect(midleft=(x, y)))
        if scale < 0.999:
            layer = draw.scaled_now("banner zoom", layer, scale)
        canvas.blit(layer, layer.get_rect(center=rect.center))


def clear_top(rect: pygame.Rect, tops: tuple[int, ...], avoid: list[pygame.Rect]) -> int:
    """The first of `tops` at which `rect` covers none of `avoid`; failing that, the one
    covering the least of them. Banners and prompts never hide what they talk about."""
    best: tuple[int, int] | None = None
    for top in tops:
        moved = rect.move(0, top - rect.y)
        covered = sum(r.clip(moved).w * r.clip(moved).h for r in avoid)
        if covered == 0:
            return top
        if best is None or covered < best[0]:
            best = (covered, top)
    assert best is not None
    return best[1]


class Banner:
    """A message across the board for a moment; big ones are taller and stay longer."""

    def __init__(self, text: str, colour: Color, icon: str | None, seat: int | None = None,
                 square: int | None = None, big: bool = False) -> None:
        self.text, self.colour, self.icon = text, colour, icon
        self.seat, self.square, self.big = seat, square, big
        self.age = 0.0
        self.size = 42 if big else 32  # sized for the board's middle (two lines at most)
        self.height = 80 if big else 62
        self.life = 2.2 if big else 1.4
