"""SERVERMANIA's director: the rules' events in, animation steps out (the step queue is
the table's, `scenes.table.director`: what a step is, how steps play and how skip works).

The log speaks in names, one line per thing that happened: an event that only repeats
what another says (the pawn's move is told by where it lands, the money a fee costs by
the fee) writes no line of its own. The biggest moments (CEO BONUS, first to FINISH, half
the servers lost, the first pawn one roll from FINISH) get a big banner with the name,
a sound and particles.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from game.servermania import events as ev
from game.servermania.cards import DECK_NAMES
from game.servermania.rules import MAINTENANCE_FEE, STUCK_FEE
from scenes.engine.palette import GOLD, MINT, RED, WHITE
from scenes.servermania.board_view import KIND_TITLES
from scenes.servermania.hud import ORDINALS
from scenes.table import look
from scenes.table.cards import CardFlip
from scenes.table.die import DieRoll
from scenes.table.director import Director as TableDirector
from scenes.table.director import Step, event_handlers
from scenes.table.effects import Flyer

FINAL_STRETCH = 6  # squares from FINISH: one roll of the die

if TYPE_CHECKING:  # none of these imports this module
    import pygame

    from scenes.engine.palette import Color
    from scenes.engine.scene import Host
    from scenes.servermania.hud import Hud
    from scenes.servermania.pawns import PawnLayer
    from scenes.table.effects import Effects


class Board(Protocol):
    """What the director needs of the board it plays on (`BoardScene`, which imports this
    module): its seats' names and colours, the places on screen things fly between, the
    pieces it moves and the words it shows."""

    app: Host
    effects: Effects
    hud: Hud
    pawns: PawnLayer
    view: pygame.Rect
    card: CardFlip | None
    dice: list[DieRoll]
    active: int | None
    tallies: dict[int, ev.FinalTally]
    state: Any  # the rules' state (the final stretch reads the board and who finished)

    def name(self, seat: int) -> str: ...

    def colour(self, seat: int) -> Color: ...

    def is_human(self, seat: int) -> bool: ...

    def sound(self, name: str) -> None: ...

    def log(self, text: str, seat: int | None = None) -> None: ...

    def banner(self, text: str, colour: Color, icon: str | None = None,
               seat: int | None = None, square: int | None = None) -> None: ...

    def big_banner(self, text: str, colour: Color, icon: str | None = None,
                   seat: int | None = None) -> None: ...

    def flash_square(self, square: int, colour: Color) -> None: ...

    def square_label(self, square: int) -> str: ...

    def pawn_screen(self, seat: int) -> tuple[float, float]: ...

    def square_screen(self, square: int) -> tuple[float, float]: ...

    def pot_screen(self) -> tuple[float, float]: ...

    def deck_screen(self, deck: str) -> tuple[float, float]: ...

    def card_spot(self, seat: int) -> tuple[int, int]: ...

    def throw_die(self, die: DieRoll, keep: bool = False) -> None: ...

    def clear_dice(self) -> None: ...

    def record_history(self) -> None: ...

    def finish_motion(self) -> None: ...

# Die pace: a person's own roll is savoured; a computer's settles faster; the roll-off's
# computer dice land quickly so the first turn starts within 3 s, ties included.
HUMAN_PACE, CPU_PACE, ROLL_OFF_PACE = 1.2, 2.4, 2.4
#: Computers' roll-off dice fly overlapping: the next is thrown this long after the last.
ROLL_OFF_STAGGER = 0.08
#: Each tie's re-roll round throws its dice this much faster than the round before (so
#: even three ties in a row stay within 3 s while every die still tumbles and lands).
TIE_PACE_STEP = 0.8
#: Seconds "TIE!" shows over the landed dice before the tied ones fly again; each further
#: tie in a row is told quicker (TIE_QUICKEN times the one before).
TIE_BEAT, TIE_QUICKEN = 0.3, 0.7
FIRST_BEAT = 0.3  # seconds "Ada goes first!" shows before turn 1 (the banner stays on)
#: Where the roll-off's dice land, one per seat, side by side (world px).
ROLL_OFF_SPOTS = ((215, 350), (355, 350), (495, 350), (635, 350))
CARD_HOLD_HUMAN, CARD_HOLD_CPU = 2.4, 1.0  # seconds a drawn card's text stays up
CARD_PACE_CPU = 1.4  # a computer's card rises, flips and goes this much faster
#: Money reasons whose line another event writes (the fee's choice, the pot's win).
SAID_ELSEWHERE = frozenset({"maintenance fee", "STUCK fee", "CEO BONUS"})


class Director(TableDirector):
    """Plays SERVERMANIA's events; `steps_for` finds the method `_<EventName>` of the
    event's class (`scenes.table.director.event_handlers`)."""

    def __init__(self, stage: Board) -> None:
        super().__init__(stage)
        self.stage: Board = stage
        self.burst: set[int] = set()  # PAYDAY! squares already celebrated during a move
        self.roll_off: dict[int, DieRoll] = {}  # seat -> its die in the roll-off's round
        self.ties = 0  # roll-off ties so far: each re-roll round is quicker
        self.stretch_said = False  # "FINAL STRETCH": said once, for the first pawn near

    # -- one method per event kind --------------------------------------------------------

    def steps_for(self, event: object) -> list[Step]:
        name = _handlers().get(type(event))
        handler = getattr(self, name) if name is not None else None
        if handler is None:  # an event kind this screen does not know: still log it
            return [Step(type(event).__name__, 0.3, lambda: self.stage.log(str(event)))]
        return handler(event)

    def _Rolled(self, e: ev.Rolled) -> list[Step]:
        s = self.stage
        name = s.name(e.seat)
        human = s.is_human(e.seat)
        caption = {"techpad": "TechPad", "stuck": "STUCK"}.get(e.purpose, name)
        line = {"first": f"{name} rolls {e.value}",  # under "Who goes first?"
                "move": f"{name} rolls {e.value}"}.get(e.purpose)  # others: told by the result
        if e.purpose == "first":
            return self._roll_off_die(e, human, line or "")
        pace = HUMAN_PACE if human else CPU_PACE  # a computer's die settles faster
        # a person's own roll is tossed up from the die they hit
        launch = (0.0, -170.0) if human else (330.0, -300.0)
        die = DieRoll(e.value, caption, s.colour(e.seat), pace=pace, launch=launch)

        def throw() -> None:
            s.throw_die(die)
            s.sound("dice_roll")

        def land() -> None:
            s.sound("dice_land")
            if line:
                s.log(line, e.seat)

        if not human:  # a computer's pawn sets off as the face shows (the die stays)
            return [Step("die thrown", 0.0, throw, until=lambda: die.landed),
                    Step("die lands", 0.05, land)]
        return [Step("die thrown", 0.0, throw, until=lambda: die.landed),
                Step("die settles", 0.0, land, until=lambda: die.settled or die not in s.dice)]

    def _roll_off_die(self, e: ev.Rolled, human: bool, line: str) -> list[Step]:
        """The roll-off's dice land side by side and stay till turn 1. A computer's die
        is thrown while the one before is still tumbling (its face, HUD value and log
        line come as it lands); a person's own die is tossed up from the die they hit and
        the next roll waits for it. The tie or the first player waits for all of them."""
        s = self.stage
        pace = HUMAN_PACE if human else ROLL_OFF_PACE + TIE_PACE_STEP * self.ties

        def land() -> None:
            s.sound("dice_land")
            s.hud.rolloff[e.seat] = e.value
            s.log(line, e.seat)

        die = DieRoll(e.value, s.name(e.seat), s.colour(e.seat),
                      spot=ROLL_OFF_SPOTS[e.seat % len(ROLL_OFF_SPOTS)], pace=pace, size=84,
                      launch=(0.0, -170.0) if human else (330.0, -300.0), linger=30.0,
                      on_land=land)
        self.roll_off[e.seat] = die

        def throw() -> None:
            s.throw_die(die, keep=True)
            s.sound("dice_roll")
        if human:
            return [Step("die thrown", 0.0, throw, until=lambda: die.landed)]
        return [Step("die thrown", ROLL_OFF_STAGGER, throw)]

    def _all_landed(self) -> bool:
        return all(die.landed for die in self.roll_off.values())

    def _RollOffTie(self, e: ev.RollOffTie) -> list[Step]:
        s = self.stage
        names = " & ".join(s.name(i) for i in e.seats)
        self.ties += 1  # the re-roll's dice (pushed after this) fly faster

        def begin() -> None:
            s.banner(f"TIE! {names} roll again", GOLD)
            s.sound("whoosh")
            s.log(f"Tie on {e.value}: {names} roll again")

        def clear() -> None:  # only the tied dice leave: the others keep their faces
            for seat in e.seats:
                die = self.roll_off.pop(seat, None)
                if die is not None:
                    die.leave()
                s.hud.rolloff.pop(seat, None)
        return [Step("roll-off dice land", 0.0, until=self._all_landed),
                Step("tie", TIE_BEAT * TIE_QUICKEN ** (self.ties - 1), begin),
                Step("tie cleared", 0.0, clear)]

    def _FirstPlayer(self, e: ev.FirstPlayer) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.banner(f"{s.name(e.seat)} goes first!", s.colour(e.seat), seat=e.seat)
            s.effects.confetti(s.pawn_screen(e.seat), 24, 600)
            s.sound("fanfare")
            s.log(f"{s.name(e.seat)} goes first with a {e.value}", e.seat)
            self.roll_off.clear()
        return [Step("roll-off dice land", 0.0, until=self._all_landed),
                Step("first player", FIRST_BEAT, begin)]

    def _TurnStarted(self, e: ev.TurnStarted) -> list[Step]:
        s = self.stage
        human = s.is_human(e.seat)

        def begin() -> None:
            s.active = e.seat
            s.hud.rolloff.clear()
            s.clear_dice()  # the last roll (or the roll-off's dice) leaves the board
            s.hud.set_turn(e.seat)
            if human:  # people get a big hello; computer turns just flow
                s.banner(f"{s.name(e.seat)}'s turn!", s.colour(e.seat), "user_marker",
                         seat=e.seat)
            s.sound("whoosh")
            s.log(f"Turn {e.turn}: {s.name(e.seat)}", e.seat)
        return [Step("turn start", 0.6 if human else 0.2, begin)]

    def _MaintenanceChoice(self, e: ev.MaintenanceChoice) -> list[Step]:
        s = self.stage
        name = s.name(e.seat)
        if e.paid:
            text = f"{name} pays maintenance"
            line = f"{name} pays {look.money(MAINTENANCE_FEE)} maintenance into the pot"
        elif e.could_pay:
            text = line = f"{name} skips maintenance"
        else:
            text = line = f"{name} can't pay maintenance"

        def begin() -> None:
            s.banner(text, s.colour(e.seat), "icon_customer_service", seat=e.seat,
                     square=e.square)
            s.flash_square(e.square, s.colour(e.seat))
            s.sound("confirm" if e.paid else "click")
            s.log(line, e.seat)
        return [Step("maintenance", 0.5, begin)]

    def _Moved(self, e: ev.Moved) -> list[Step]:
        s = self.stage
        # PAYDAY! squares passed on this move burst as the pawn hops over them.
        paydays = {p.square for p in self._batch
                   if isinstance(p, ev.PassedPayday) and p.seat == e.seat}
        pawn = s.pawns.pawns[e.seat]

        def on_hop(square: int) -> None:
            if square in paydays:
                self.payday_burst(square)
            else:
                s.sound("hop")

        def begin() -> None:
            pawn.on_hop = on_hop
            s.pawns.move(e.seat, e.path)
            # the log line comes with the landing: "Ada moves to PAYDAY!"

        def arrived() -> bool:
            if pawn.moving:
                return False
            pawn.on_hop = None
            return True
        steps = [Step("move", 0.0, begin, until=arrived)]
        if self._final_stretch(e):
            steps.append(self._stretch_step(e.seat))
        return steps

    def _final_stretch(self, e: ev.Moved) -> bool:
        """The first pawn to come within one roll (6 squares) of FINISH, before anyone
        has finished: the end of the race is near, said once."""
        state = self.stage.state
        left = len(state.board) - 1 - e.end
        if self.stretch_said or state.finish_order or not 0 < left <= FINAL_STRETCH:
            return False
        self.stretch_said = True
        return True

    def _stretch_step(self, seat: int) -> Step:
        s = self.stage

        def begin() -> None:
            s.big_banner(f"FINAL STRETCH! {s.name(seat)} is one roll from FINISH",
                         GOLD, "icon_finish", seat=seat)
            s.sound("last_call")
            s.log(f"Final stretch: {s.name(seat)} is one roll from FINISH", seat)
        return Step("final stretch", 1.4, begin)

    def payday_burst(self, square: int) -> None:
        s = self.stage
        at = s.square_screen(square)
        s.effects.coins(at, 12)
        s.effects.text("PAYDAY!", (at[0], at[1] - 30), GOLD, 30)
        s.flash_square(square, GOLD)
        s.sound("coin")
        self.burst.add(square)

    def _PassedPayday(self, e: ev.PassedPayday) -> list[Step]:
        def begin() -> None:
            if e.square not in self.burst:  # not seen during the move (or skipped)
                self.payday_burst(e.square)
            self.burst.discard(e.square)
            # the money's own line says "+$20,000 (passed PAYDAY!)"
        return [Step("payday passed", 0.25, begin)]

    def _Landed(self, e: ev.Landed) -> list[Step]:
        s = self.stage
        special = e.kind not in ("plain", "start")
        title = KIND_TITLES.get(e.kind, "") or s.square_label(e.square)
        sounds = {"payday": "coin", "customer_service": "confirm", "techpad": "whoosh",
                  "stuck": "stuck", "ceo_bonus": "pot", "churn": "server_down",
                  "signups": "server_up", "finish": "fanfare"}

        def begin() -> None:
            s.flash_square(e.square, s.colour(e.seat))
            if special:
                s.banner(title, s.colour(e.seat), f"icon_{e.kind}", seat=e.seat,
                         square=e.square)
            else:  # a plain square's flavour text, large, for a moment over the square
                at = s.square_screen(e.square)
                s.effects.text(title, (at[0], at[1] - 20), WHITE, 30, 1.1)
            if e.kind == "stuck":
                s.pawns.pawns[e.seat].stuck = True
            s.sound(sounds.get(e.kind, "move"))
            if e.kind != "finish":  # "Ada reaches FINISH 1st" says it
                where = "" if special else f" ({e.square})"  # the number on the board
                s.log(f"{s.name(e.seat)} moves to {title}{where}", e.seat)
        return [Step("land", 0.4 if special else 0.25, begin)]

    def _CardDrawn(self, e: ev.CardDrawn) -> list[Step]:
        s = self.stage
        deck = DECK_NAMES[e.deck]
        human = s.is_human(e.seat)
        hold = CARD_HOLD_HUMAN if human else CARD_HOLD_CPU * CARD_PACE_CPU  # (paced below)

        def begin() -> None:
            s.card = CardFlip(e.deck, e.text, s.deck_screen(e.deck), s.card_spot(e.seat),
                              s.app.fonts, hold=hold, pace=1.0 if human else CARD_PACE_CPU)
            s.sound("card_flip")
            s.log(f"{s.name(e.seat)} draws {deck}: {e.text}", e.seat)
        return [Step("card", 0.0, begin, until=lambda: s.card is None or s.card.done)]

    def _DeckReshuffled(self, e: ev.DeckReshuffled) -> list[Step]:
        s = self.stage
        deck = DECK_NAMES[e.deck]

        def begin() -> None:
            s.banner(f"{deck} deck reshuffled", WHITE)
            s.sound("card_flip")
            s.log(f"The {deck} deck is reshuffled")
        return [Step("reshuffle", 0.5, begin)]

    def _CashChanged(self, e: ev.CashChanged) -> list[Step]:
        s = self.stage
        # a fee is told by its own event; the CEO BONUS by the pot's
        said = e.reason in SAID_ELSEWHERE

        def begin() -> None:
            s.hud.cash[e.seat].set(e.cash_after)
            at = s.pawn_screen(e.seat)
            colour = MINT if e.delta >= 0 else RED
            s.effects.text(look.signed_money(e.delta), (at[0], at[1] - 50), colour, 36)
            if e.delta > 0:
                s.effects.coins(at, 10)
                coin = look.scaled("icon_coin", (30, 30))
                for i in range(min(6, 2 + e.delta // 20000)):
                    s.effects.fly(Flyer(coin, at, s.hud.cash_anchor(e.seat), delay=0.05 * i,
                                        time=0.55))
                s.sound("coin")
            else:
                s.sound("back")
            if not said:
                s.log(f"{s.name(e.seat)} {look.signed_money(e.delta)} ({e.reason})", e.seat)
        return [Step("cash", 0.35, begin)]

    def _ServersChanged(self, e: ev.ServersChanged) -> list[Step]:
        s = self.stage
        halved = e.delta < 0 and e.reason.startswith("CUSTOMER SERVICE")
        word = "server" if abs(e.delta) == 1 else "servers"

        def begin() -> None:
            icon = look.scaled("icon_server", (40, 40))
            at = s.pawn_screen(e.seat)
            target = s.hud.servers_anchor(e.seat)
            count = min(abs(e.delta), 10)
            counter = s.hud.servers[e.seat]
            if e.delta > 0:
                s.effects.text(f"+{e.delta} {word}", (at[0], at[1] - 50), MINT, 34)
                for i in range(count):
                    s.effects.fly(Flyer(icon, (at[0] + 20 * (i - count / 2), at[1] - 40),
                                        target, delay=0.06 * i, time=0.55, arc=-160))
                counter.set(e.servers_after, delay=0.06 * (count - 1) + 0.55)  # last lands
                s.sound("server_up")
            else:
                counter.set(e.servers_after)
                s.effects.text(f"{e.delta} {word}", (at[0], at[1] - 50), RED, 34)
                for i in range(count):  # servers tumble off the pawn and fade away
                    side = -1 if i % 2 else 1
                    s.effects.fly(Flyer(icon, at, (at[0] + side * (50 + 25 * i), at[1] + 120),
                                        delay=0.07 * i, time=0.7, arc=-40, fall=True))
                s.sound("server_down")
            if halved:  # a big moment: half the company gone
                s.big_banner(f"{s.name(e.seat)} loses half: {-e.delta} {word}!", RED,
                             "icon_customer_service", seat=e.seat)
                s.effects.sparks(at, 16)
                s.sound("crash")
            s.log(f"{s.name(e.seat)} {e.delta:+d} {word} ({e.reason})", e.seat)
        return [Step("servers", 1.2 if halved else 0.5, begin)]

    def _PotChanged(self, e: ev.PotChanged) -> list[Step]:
        s = self.stage

        def begin() -> None:
            coin = look.scaled("icon_coin", (30, 30))
            pot = s.pot_screen()
            player = s.pawn_screen(e.seat)
            if e.delta > 0:  # a fee or penalty: its own line already says so
                for i in range(6):
                    s.effects.fly(Flyer(coin, player, pot, delay=0.05 * i, time=0.5))
                s.hud.pot.set(e.pot_after, delay=0.05 * 5 + 0.5)  # when the last coin lands
                s.sound("pot")
                return
            won = look.money(-e.delta)
            s.hud.pot.set(e.pot_after)
            for i in range(14):
                s.effects.fly(Flyer(coin, pot, player, delay=0.04 * i, time=0.6))
            s.effects.confetti(player, 50, 800)
            s.effects.coins(player, 24)
            s.big_banner(f"CEO BONUS! {s.name(e.seat)} +{won}", s.colour(e.seat),
                         "icon_ceo_bonus", seat=e.seat)
            s.sound("jackpot")
            s.log(f"{s.name(e.seat)} takes the CEO BONUS: +{won}", e.seat)
        return [Step("pot", 0.4 if e.delta > 0 else 1.6, begin)]

    def _StuckRoll(self, e: ev.StuckRoll) -> list[Step]:
        s = self.stage
        name = s.name(e.seat)
        text = f"{name} rolls {e.value}: free!" if e.freed else \
            f"{name} rolls {e.value}: still STUCK"

        def begin() -> None:
            s.banner(text, MINT if e.freed else RED, "icon_stuck", seat=e.seat)
            s.sound("confirm" if e.freed else "stuck")
            s.log(text, e.seat)
        return [Step("stuck roll", 0.7, begin)]

    def _LeftStuck(self, e: ev.LeftStuck) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.pawns.pawns[e.seat].stuck = False
            s.effects.sparks(s.pawn_screen(e.seat), 12)
            s.banner(f"{s.name(e.seat)} breaks free!", s.colour(e.seat), "icon_stuck",
                     seat=e.seat)
            s.sound("whoosh")
            if e.how == "paid":  # a roll to leave is told by the roll's own line
                s.log(f"{s.name(e.seat)} pays {look.money(STUCK_FEE)} to leave STUCK",
                      e.seat)
        return [Step("left stuck", 0.6, begin)]

    def _Finished(self, e: ev.Finished) -> list[Step]:
        s = self.stage
        place = ORDINALS.get(e.place, f"{e.place}th")

        def begin() -> None:
            s.hud.finish_place[e.seat] = e.place
            s.pawns.pawns[e.seat].finished = True
            at = s.pawn_screen(e.seat)
            s.effects.confetti(at, 70 if e.place == 1 else 40, 900)
            if e.bonus_servers:  # first to FINISH: a big moment
                s.big_banner(f"{s.name(e.seat)} finishes 1st! +{e.bonus_servers} servers",
                             s.colour(e.seat), "icon_finish", seat=e.seat)
                s.effects.sparks(at, 16)
            else:
                s.banner(f"{s.name(e.seat)} finishes {place}!", s.colour(e.seat),
                         "icon_finish", seat=e.seat)
            s.sound("fanfare")
            s.log(f"{s.name(e.seat)} reaches FINISH {place}", e.seat)
        return [Step("finish", 1.5 if e.bonus_servers else 1.1, begin)]

    def _TurnEnded(self, e: ev.TurnEnded) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.record_history()  # (the next turn's line says whose turn it is)
        return [Step("turn end", 0.05, begin)]

    def _FinalTally(self, e: ev.FinalTally) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.tallies[e.seat] = e
            s.log(f"{s.name(e.seat)}: {look.money(e.cash)} + {look.servers(e.servers)} = "
                  f"{look.money(e.final_money)}", e.seat)
        return [Step("tally", 0.3, begin)]

    def _GameOver(self, e: ev.GameOver) -> list[Step]:
        s = self.stage

        def begin() -> None:
            # (no chart point here: the last one came with the last TurnEnded)
            s.banner("GAME OVER!", GOLD, "icon_finish")
            s.effects.confetti(s.view.center, 80, 1000)
            s.sound("fanfare")
            s.log("Game over: " + winners_line([s.name(w) for w in e.winners]))
        return [Step("game over", 1.8, begin)]


def winners_line(names: list[str]) -> str:
    """"Ada wins!" / "Ada & Linus win!" (a shared win, S12)."""
    if not names:
        return "nobody wins"
    return f"{names[0]} wins!" if len(names) == 1 else " & ".join(names) + " win!"


@cache
def _handlers() -> dict[type, str]:
    return event_handlers(Director, ev, "_")
