"""The director turns the rules' events into a queue of animation steps and plays them.

Each event becomes one or more `Step`s: something starts (`begin`), then the step lasts
`duration` seconds and/or until a condition holds (a pawn stopped hopping, a card was
put away). Steps run one after another, so the screen tells the story in the order the
rules wrote it. `skip()` finishes everything at once and leaves every counter, pawn and
label exactly where the events say; nothing about the rules is decided here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.servermania import events as ev
from scenes.engine.palette import GOLD, MINT, RED, WHITE
from scenes.servermania import look
from scenes.servermania.board_view import KIND_TITLES
from scenes.servermania.cards import CardFlip
from scenes.servermania.die import FLIGHT, HOLD, DieRoll
from scenes.servermania.effects import Flyer
from scenes.servermania.hud import ORDINALS

if TYPE_CHECKING:
    from scenes.servermania.board_scene import BoardScene


def _noop() -> None:
    pass


@dataclass
class Step:
    label: str
    duration: float = 0.0
    begin: Callable[[], None] = _noop
    until: Callable[[], bool] | None = None
    started: bool = False
    elapsed: float = field(default=0.0)

    def done(self) -> bool:
        return self.elapsed >= self.duration and (self.until is None or self.until())


class Director:
    def __init__(self, stage: BoardScene) -> None:
        self.stage = stage
        self.queue: deque[Step] = deque()
        self.played = 0  # steps finished so far (tests count them)
        self._batch: list = []  # the events of the current `push`, for look-ahead
        self.burst: set[int] = set()  # PAYDAY! squares already celebrated during a move

    @property
    def idle(self) -> bool:
        return not self.queue

    def push(self, events: list) -> None:
        self._batch = list(events)
        for event in events:
            self.queue.extend(self.steps_for(event))
        self._batch = []

    def update(self, dt: float) -> None:
        while self.queue:
            step = self.queue[0]
            if not step.started:
                step.started = True
                step.begin()
            step.elapsed += dt
            dt = 0.0
            if not step.done():
                return
            self.queue.popleft()
            self.played += 1

    def skip(self) -> None:
        """Finish every queued step now: all begins run, then all motion snaps to its end."""
        while self.queue:
            step = self.queue.popleft()
            if not step.started:
                step.started = True
                step.begin()
            self.played += 1
            self.stage.finish_motion()
        self.stage.finish_motion()

    # -- one method per event kind --------------------------------------------------------

    def steps_for(self, event: object) -> list[Step]:
        handler = getattr(self, f"_{type(event).__name__}", None)
        if handler is None:  # an event kind this screen does not know: still log it
            return [Step(type(event).__name__, 0.3, lambda: self.stage.log(str(event)))]
        return handler(event)

    def _Rolled(self, e: ev.Rolled) -> list[Step]:
        s = self.stage
        name = s.name(e.seat)
        caption = {"techpad": "TechPad", "stuck": "STUCK"}.get(e.purpose, name)
        line = {"first": f"{name} rolls {e.value} for first go",
                "move": f"{name} rolls {e.value}",
                "techpad": f"{name} rolls {e.value} at TechPad",
                "stuck": f"{name} rolls {e.value} to leave STUCK"}.get(e.purpose, str(e))

        def throw() -> None:
            s.camera.frame_all()
            s.die = DieRoll(e.value, caption, s.colour(e.seat))
            s.sound("dice_roll")

        def land() -> None:
            s.sound("dice_land")
            if e.purpose == "first":
                s.hud.rolloff[e.seat] = e.value
            s.log(line, e.seat)

        return [Step("die thrown", FLIGHT * 0.82, throw),
                Step("die settles", FLIGHT * 0.18 + HOLD, land,
                     until=lambda: s.die is None or s.die.settled)]

    def _RollOffTie(self, e: ev.RollOffTie) -> list[Step]:
        s = self.stage
        names = " & ".join(s.name(i) for i in e.seats)

        def begin() -> None:
            s.banner(f"TIE! {names} roll again", GOLD)
            s.sound("whoosh")
            s.log(f"Tie on {e.value}: {names} roll again")
        return [Step("tie", 1.0, begin)]

    def _FirstPlayer(self, e: ev.FirstPlayer) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.banner(f"{s.name(e.seat)} goes first!", s.colour(e.seat))
            s.effects.confetti(s.pawn_screen(e.seat), 24, 600)
            s.sound("fanfare")
            s.log(f"{s.name(e.seat)} goes first with a {e.value}", e.seat)
        return [Step("first player", 1.2, begin)]

    def _TurnStarted(self, e: ev.TurnStarted) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.active = e.seat
            s.hud.rolloff.clear()
            s.hud.set_turn(e.seat)
            if s.is_human(e.seat):  # people get a big hello; computer turns just flow
                s.banner(f"{s.name(e.seat)}'s turn!", s.colour(e.seat), "user_marker")
            s.camera.frame_all()
            s.sound("whoosh")
            s.log(f"Turn {e.turn}: {s.name(e.seat)}", e.seat)
        return [Step("turn start", 0.55, begin)]

    def _MaintenanceChoice(self, e: ev.MaintenanceChoice) -> list[Step]:
        s = self.stage
        name = s.name(e.seat)
        if e.paid:
            text = f"{name} pays maintenance"
        elif e.could_pay:
            text = f"{name} skips maintenance"
        else:
            text = f"{name} can't pay maintenance"

        def begin() -> None:
            s.banner(text, s.colour(e.seat), "icon_customer_service")
            s.flash_square(e.square, s.colour(e.seat))
            s.sound("confirm" if e.paid else "click")
            s.log(text, e.seat)
        return [Step("maintenance", 0.8, begin)]

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
            s.follow = e.seat
            s.log(f"{s.name(e.seat)} moves {e.start} to {e.end}", e.seat)

        def arrived() -> bool:
            if pawn.moving:
                return False
            pawn.on_hop = None
            return True
        return [Step("move", 0.0, begin, until=arrived)]

    def payday_burst(self, square: int) -> None:
        s = self.stage
        at = s.square_screen(square)
        s.effects.coins(at, 12)
        s.effects.text("PAYDAY!", (at[0], at[1] - 30), GOLD, 30)
        s.flash_square(square, GOLD)
        s.sound("coin")
        self.burst.add(square)

    def _PassedPayday(self, e: ev.PassedPayday) -> list[Step]:
        s = self.stage

        def begin() -> None:
            if e.square not in self.burst:  # not seen during the move (or skipped)
                self.payday_burst(e.square)
            self.burst.discard(e.square)
            s.log(f"{s.name(e.seat)} passes PAYDAY! +{look.money(e.amount)}", e.seat)
        return [Step("payday passed", 0.35, begin)]

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
                s.banner(title, s.colour(e.seat), f"icon_{e.kind}")
            if e.kind == "stuck":
                s.pawns.pawns[e.seat].stuck = True
            s.sound(sounds.get(e.kind, "move"))
            s.log(f"{s.name(e.seat)} lands on {title}", e.seat)

        def after() -> None:
            s.follow = None
        return [Step("land", 0.75 if special else 0.3, begin), Step("unfollow", 0.0, after)]

    def _CardDrawn(self, e: ev.CardDrawn) -> list[Step]:
        s = self.stage
        deck = KIND_TITLES[e.deck]  # the decks share their squares' names

        def begin() -> None:
            s.camera.frame_all()
            s.card = CardFlip(e.deck, e.text, s.deck_screen(e.deck), s.view.center, s.app.fonts)
            s.sound("card_flip")
            s.log(f"{s.name(e.seat)} draws {deck}", e.seat)
        return [Step("card", 0.0, begin, until=lambda: s.card is None or s.card.done)]

    def _DeckReshuffled(self, e: ev.DeckReshuffled) -> list[Step]:
        s = self.stage
        deck = KIND_TITLES[e.deck]  # the decks share their squares' names

        def begin() -> None:
            s.banner(f"{deck} deck reshuffled", WHITE)
            s.sound("card_flip")
            s.log(f"The {deck} deck is reshuffled")
        return [Step("reshuffle", 0.6, begin)]

    def _CashChanged(self, e: ev.CashChanged) -> list[Step]:
        s = self.stage

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
            s.log(f"{s.name(e.seat)} {look.signed_money(e.delta)}", e.seat)
        return [Step("cash", 0.55, begin)]

    def _ServersChanged(self, e: ev.ServersChanged) -> list[Step]:
        s = self.stage

        def begin() -> None:
            icon = look.scaled("icon_server", (40, 40))
            at = s.pawn_screen(e.seat)
            target = s.hud.servers_anchor(e.seat)
            count = min(abs(e.delta), 10)
            counter = s.hud.servers[e.seat]
            word = "server" if abs(e.delta) == 1 else "servers"
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
            s.log(f"{s.name(e.seat)} {e.delta:+d} {word}", e.seat)
        return [Step("servers", 0.75, begin)]

    def _PotChanged(self, e: ev.PotChanged) -> list[Step]:
        s = self.stage

        def begin() -> None:
            coin = look.scaled("icon_coin", (30, 30))
            pot = s.pot_screen()
            player = s.pawn_screen(e.seat)
            if e.delta > 0:
                for i in range(6):
                    s.effects.fly(Flyer(coin, player, pot, delay=0.05 * i, time=0.5))
                s.hud.pot.set(e.pot_after, delay=0.05 * 5 + 0.5)  # when the last coin lands
                s.log(f"CEO BONUS pot +{look.money(e.delta)}", e.seat)
            else:
                s.hud.pot.set(e.pot_after)
                for i in range(10):
                    s.effects.fly(Flyer(coin, pot, player, delay=0.04 * i, time=0.6))
                s.effects.confetti(player, 30, 700)
                s.effects.text("CEO BONUS!", (player[0], player[1] - 90), GOLD, 44, 1.6)
                s.log(f"{s.name(e.seat)} takes the CEO BONUS: {look.money(-e.delta)}", e.seat)
            s.sound("pot")
        return [Step("pot", 0.8 if e.delta > 0 else 1.3, begin)]

    def _StuckRoll(self, e: ev.StuckRoll) -> list[Step]:
        s = self.stage

        def begin() -> None:
            text = f"{e.value}: free!" if e.freed else f"{e.value}: still STUCK"
            s.banner(text, MINT if e.freed else RED, "icon_stuck")
            s.sound("confirm" if e.freed else "stuck")
            s.log(f"{s.name(e.seat)} rolls {e.value}: {'free' if e.freed else 'still STUCK'}",
                  e.seat)
        return [Step("stuck roll", 0.7, begin)]

    def _LeftStuck(self, e: ev.LeftStuck) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.pawns.pawns[e.seat].stuck = False
            s.effects.sparks(s.pawn_screen(e.seat), 12)
            s.banner(f"{s.name(e.seat)} breaks free!", s.colour(e.seat), "icon_stuck")
            s.sound("whoosh")
            s.log(f"{s.name(e.seat)} leaves STUCK ({e.how})", e.seat)
        return [Step("left stuck", 0.7, begin)]

    def _Finished(self, e: ev.Finished) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.hud.finish_place[e.seat] = e.place
            s.pawns.pawns[e.seat].finished = True
            s.effects.confetti(s.pawn_screen(e.seat), 60, 900)
            bonus = f"  +{e.bonus_servers} servers" if e.bonus_servers else ""
            s.banner(f"{s.name(e.seat)} finishes {ORDINALS.get(e.place, e.place)}!{bonus}",
                     s.colour(e.seat), "icon_finish")
            s.sound("fanfare")
            s.log(f"{s.name(e.seat)} reaches FINISH ({ORDINALS.get(e.place, e.place)})",
                  e.seat)
        return [Step("finish", 1.5, begin)]

    def _TurnEnded(self, e: ev.TurnEnded) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.record_history()
            s.log(f"{s.name(e.seat)}'s turn ends", e.seat)
        return [Step("turn end", 0.2, begin)]

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
            s.log("Game over: " + " & ".join(s.name(w) for w in e.winners) + " win!")
        return [Step("game over", 1.8, begin)]
