"""The tutorial's last screen: what each rule did in this game, then a real game.

`Notes` reads every rules event of the guided game as it is played (the rules' own
figures: fields climbed, money earned, showdown rows...) and `lines()` turns them into
one sentence per rule, about the person's company and Ada's. `DebriefScene` shows the
final VP, those lines, and two choices: play a real game (the lobby, whose computers
start on Easy) or go back to the title.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame

from game.startupfever import events as ev
from game.startupfever.actions import kind_name
from scenes.engine import draw
from scenes.engine.input import Action
from scenes.engine.palette import CREAM, DUSK, GOLD, INK, NIGHT, PANEL
from scenes.engine.scene import Scene
from scenes.engine.widgets import Button, Menu, PromptBar
from scenes.overlays import back_to_title

ROW_H = 40


class Notes:
    """What happened in the guided game, rule by rule (module notes). `names`: the seats'
    names; `owners`: product slot -> its owner's seat; the person is seat 0."""

    def __init__(self, names: list[str], owners: dict[str, int]) -> None:
        self.names, self.owners = names, owners
        self.climbed = Counter[int]()
        self.earned = Counter[int]()
        self.hires: list[tuple[int, str]] = []  # (seat, kind)
        self.launched: list[tuple[str, bool]] = []  # (slot, leaked)
        self.offers: list[Any] = []  # PoachOffered
        self.counters: list[Any] = []  # CounterOffered
        self.poached: list[Any] = []
        self.retained: list[Any] = []
        self.cards: list[Any] = []  # CardPlayed
        self.cancelled: list[Any] = []  # CardCancelled
        self.pushed = Counter[tuple[int, int]]()  # (pusher, owner) -> fields
        self.showdowns: list[tuple[int, int]] = []  # (owner, fields won or lost)
        self.marketing: list[tuple[str, int]] = []  # the person's (slot, tokens)
        self.first: str | None = None  # the product that chose position 1
        self.end: Any = None  # GameEnded
        self._turn_seat = 0  # whose product's turn it is (the user-loss pips are theirs)

    def add(self, events: list[object]) -> None:
        handlers: dict[type, Callable[[Any], None]] = {
            ev.TurnStarted: self._TurnStarted,
            ev.UsersAdopted: self._UsersAdopted,
            ev.RevenueEarned: self._RevenueEarned,
            ev.Hired: self._Hired,
            ev.ProductLaunched: self._ProductLaunched,
            ev.PoachOffered: self._PoachOffered,
            ev.CounterOffered: self._CounterOffered,
            ev.Poached: self._Poached,
            ev.Retained: self._Retained,
            ev.CardPlayed: self._CardPlayed,
            ev.CardCancelled: self._CardCancelled,
            ev.UsersLost: self._UsersLost,
            ev.CompetitionResult: self._CompetitionResult,
            ev.MarketingRevealed: self._MarketingRevealed,
            ev.PositionChosen: self._PositionChosen,
            ev.GameEnded: self._GameEnded,
        }
        for event in events:
            handler = handlers.get(type(event))
            if handler is not None:
                handler(event)

    def _TurnStarted(self, e: Any) -> None:
        self._turn_seat = self.owners[e.slot]

    def _UsersAdopted(self, e: Any) -> None:
        self.climbed[self.owners[e.slot]] += e.to_field - e.from_field

    def _RevenueEarned(self, e: Any) -> None:
        self.earned[e.seat] += e.paid

    def _Hired(self, e: Any) -> None:
        if not e.failed:
            self.hires.append((e.seat, e.kind))

    def _ProductLaunched(self, e: Any) -> None:
        self.launched.append((e.slot, e.leaked))

    def _PoachOffered(self, e: Any) -> None:
        self.offers.append(e)

    def _CounterOffered(self, e: Any) -> None:
        self.counters.append(e)

    def _Poached(self, e: Any) -> None:
        self.poached.append(e)

    def _Retained(self, e: Any) -> None:
        self.retained.append(e)

    def _CardPlayed(self, e: Any) -> None:
        self.cards.append(e)

    def _CardCancelled(self, e: Any) -> None:
        self.cancelled.append(e)

    def _UsersLost(self, e: Any) -> None:
        if e.reason == "user loss":
            self.pushed[(self._turn_seat, self.owners[e.slot])] += e.from_field - e.to_field

    def _CompetitionResult(self, e: Any) -> None:
        for slot, _strength, _delta, before, after in e.ranking:
            self.showdowns.append((self.owners[slot], after - before))

    def _MarketingRevealed(self, e: Any) -> None:
        self.marketing += [(slot, tokens) for slot, seat, tokens in e.marketing
                           if seat == 0 and tokens]

    def _PositionChosen(self, e: Any) -> None:
        if e.position == 0:
            self.first = e.slot

    def _GameEnded(self, e: Any) -> None:
        self.end = e

    # -- the sentences -----------------------------------------------------------------------

    def lines(self) -> list[tuple[str, str]]:
        """(rule, what it did in this game) for every rule that came up."""
        me, ada = self.names[0], self.names[1]
        out: list[tuple[str, str]] = []
        out.append(("Adoption", f"Your products climbed {self.climbed[0]} fields, "
                    f"{ada}'s {self.climbed[1]}: die + Nerds + 2 per Big Nerd."))
        launches = [s for s, leaked in self.launched if not leaked]
        leaks = [s for s, leaked in self.launched if leaked]
        if launches:
            out.append(("Launch", f"{_list(launches)} reached 10K users and launched."))
        out.append(("Revenue", f"You earned ${self.earned[0]}, {ada} ${self.earned[1]}: "
                    "the track's big number + Suits."))
        mine = Counter(kind for seat, kind in self.hires if seat == 0)
        theirs = Counter(kind for seat, kind in self.hires if seat == 1)
        if mine or theirs:
            out.append(("Hiring", f"You hired {_count(mine)}; {ada} {_count(theirs)}."))
        staff = []
        for offer in self.offers[:1]:
            kept = [c for c in self.counters if c.seat == offer.from_seat]
            how = (f"you kept it for ${kept[0].amount}" if kept and offer.from_seat == 0
                   else "it changed company" if self.poached else "it was kept")
            staff.append(f"{self.names[offer.seat]} offered ${offer.offer} for a "
                         f"{kind_name(offer.kind)} on {offer.from_slot or 'the company'}; {how}")
        for r in self.retained[:1]:
            staff.append(f"${r.cost} retained a {kind_name(r.kind)} (field {r.from_vest} → "
                         f"{r.to_vest})")
        if staff:
            out.append(("Poach, retain", "; ".join(staff) + "."))
        cards = [c.name for c in self.cards if c.seat == 0 and c.card != "defense"]
        words = [f"you played {_list(cards)}"] if cards else []
        words += [f"{'your' if c.seat == 0 else ada + chr(39) + 's'} Defense cancelled "
                  f"the {_card(c.card)}" for c in self.cancelled[:1]]
        if words:
            out.append(("Event Cards", _first_up("; ".join(words)) + "."))
        if self.pushed:
            parts = [f"{'you' if pusher == 0 else ada} pushed "
                     f"{'your' if owner == 0 else ada + chr(39) + 's'} products back {n}"
                     for (pusher, owner), n in sorted(self.pushed.items())]
            out.append(("User loss", _first_up("; ".join(parts) + " fields.")))
        won = [d for seat, d in self.showdowns if seat == 0 and d > 0]
        lost = [d for seat, d in self.showdowns if seat == 0 and d < 0]
        if self.showdowns:
            out.append(("Showdowns", f"You won {len(won)} (+{sum(won)} fields) and lost "
                        f"{len(lost)} ({sum(lost)} fields)."))
        if self.marketing:
            out.append(("Marketing", ", ".join(f"${t} on {s}" for s, t in self.marketing)
                        + ": that much more strength in the next showdown."))
        if self.first:
            out.append(("Turn order", f"{self.first}, with the fewest users, chose first "
                        "and took 1st place."))
        if leaks:
            out.append(("Leak", f"{_list(leaks)} leaked: the last product launched, so "
                        "that year was the last."))
        if self.end is not None:
            scores = self.end.scores
            won = "you win" if 0 in self.end.winners else f"{ada} wins"
            out.append(("The end", f"After year {self.end.year}: {me} {scores[0]} VP, "
                        f"{ada} {scores[1]} VP: {won}."))
        return out


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


def _list(items: list[str]) -> str:
    return ", ".join(items[:-1]) + (" and " if len(items) > 1 else "") + items[-1] \
        if items else "nothing"


def _count(kinds: Counter[str]) -> str:
    if not kinds:
        return "nobody"
    return _list([f"{n} {kind_name(k)}{'s' if n > 1 else ''}" for k, n in kinds.items()])


def _card(card: str) -> str:
    from game.startupfever.cards import CARDS

    return CARDS[card].name if card in CARDS else card


class DebriefScene(Scene):
    """The final VP, what each rule did (`Notes.lines`), and what next (module notes)."""

    def __init__(self, notes: Notes) -> None:
        self.notes = notes
        self.rows = notes.lines()
        self.leaving = False

    def enter(self) -> None:
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        self.menu = Menu([Button("Play a real game (Easy computers)",
                                 pygame.Rect(150, 602, 560, 52)),
                          Button("Back to title", pygame.Rect(740, 602, 390, 52))])
        self.prompts = PromptBar([("leftright", "Choose"), ("confirm", "Select"),
                                  ("back", "Title")])
        self.app.audio.play("fanfare")

    def handle(self, action: Action) -> bool:
        if not action.pressed and action.name != "click":
            return False
        if action.name == "back" and action.pressed:
            self._go(1)
            return True
        chosen = self.menu.choose_in_row(action, self.app.audio.play)
        if chosen is not None:
            self._go(chosen)
        return True

    def _go(self, choice: int) -> None:
        if self.leaving:
            return
        self.leaving = True
        if choice == 0:
            from scenes.startupfever.setup import NewGameScene

            self.app.stack.replace(NewGameScene(level="easy"))
        else:
            back_to_title(self.app)

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        canvas.blit(self.background, (0, 0))
        draw.text(canvas, fonts.display(52), "You have played Startup Fever!", (640, 50),
                  GOLD, outline=4)
        box = pygame.Rect(60, 92, 1160, 500)
        draw.box(canvas, box, PANEL, outline=INK, radius=20, shadow=6, width=4)
        body = fonts.ui(24)
        row_h = min(fonts.scaled(ROW_H), (box.h - 24) // max(1, len(self.rows)))
        y = box.y + 14
        for rule, words in self.rows:
            draw.text(canvas, fonts.fit("display", fonts.scaled(26), rule, 250, 18), rule,
                      (box.x + 24, y + row_h // 2), GOLD, anchor="midleft")
            font = fonts.fit("body", body.get_height(), words, box.w - 320, 16)
            draw.text(canvas, font, words, (box.x + 290, y + row_h // 2), CREAM,
                      anchor="midleft")
            y += row_h
        self.menu.draw(canvas, fonts)
        self.prompts.draw(canvas, fonts, self.app.input.style)
