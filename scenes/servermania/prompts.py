"""Decision prompts for human seats: the maintenance choice and the STUCK choice.

A prompt shows what matters for the choice (how far CUSTOMER SERVICE is and the chance of
landing on it, the cash after paying, the chance of rolling free) and offers two big
buttons anyone can answer: up/down + confirm on a pad or keyboard, or a mouse click.
The numbers are worked out by the rules themselves: `preview_*` play each option on a
clone of the state, so the screen never re-implements a rule.

On the board a prompt is laid out compactly (`fit`) to sit in the spiral's empty middle,
clear of the track: title, the facts, and the two options side by side, each with its
consequences on their own lines; when even that cannot fit (a close-up, a pawn in the
way), `layout` makes the roomy panel the board places at its top or bottom edge.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
import pytweening

from game import servermania as sm
from game.servermania.previews import either, preview_maintenance, preview_stuck
from game.servermania.rules import MAINTENANCE_FEE, STUCK_FEE
from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.input import CLICK, POINT, Action
from scenes.engine.palette import CREAM, GOLD, INK, PANEL, PANEL_LIGHT, WHITE, Color
from scenes.engine.theme import THEME, Theme
from scenes.table import look

#: The compact layout's font sizes at 100 % text (px): the title, the facts, an option's
#: label and its consequences; `fit` grows them with the text size as far as the middle
#: allows (125 % and 150 % get 105 %: the middle is 144 px tall), never below MIN_FIT.
COMPACT = {"title": 26, "fact": 24, "label": 24, "detail": 20}
MIN_FIT = 1.0
PAD, GAP, BAND, BUTTON_PAD = 4, 8, 28, 6
SEP = "  ·  "  # between an option's consequences


@dataclass
class Option:
    label: str
    detail: str
    action: object  # the rules action this button applies
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


class Prompt:
    """A panel with a title, a few facts and option buttons; `handle` returns the choice."""

    def __init__(self, title: str, facts: list[str], options: list[Option], colour: Color,
                 view: pygame.Rect, icon: str) -> None:
        self.title, self.facts, self.options = title, facts, options
        self.colour, self.icon = colour, icon
        self.selected = 0
        self.t = 0.0  # seconds open: the panel grows in
        self.view = view
        self.lines = list(facts)  # the facts wrapped at the text size in use
        self.scale = 1.0  # the text size used (may be below the one asked for)
        self.asked = 0.0  # the text size setting the layout was made for (0: not yet)
        THEME.on_change(self._restyle)
        self.top: int | None = None  # where the board placed the panel (None: centred)
        self.area: pygame.Rect | None = None  # the board's middle, when laid out to fit it
        self.sizes = COMPACT  # the compact layout's font sizes in px (see `fit`)
        self.details: list[list[str]] = [[] for _ in options]  # each option's lines (compact)
        self.layout(1.0, None)

    @property
    def compact(self) -> bool:
        """Laid out to sit in the board's middle (by `fit`)."""
        return self.area is not None

    def fit(self, area: pygame.Rect, fonts: Fonts, scale: float) -> bool:
        """Lay the prompt out compactly inside `area` (the board's empty middle) at the
        biggest text size from `scale` down that fits; False (and nothing changed) when
        it does not fit even at the smallest sizes (COMPACT times MIN_FIT). The board
        asks again from a smaller `scale` when a pawn leaves less room."""
        k = scale
        while k >= MIN_FIT - 1e-9:
            if self._fit_at(area, fonts, k):
                self.area = area.copy()
                self.asked = fonts.text_scale
                return True
            k = round(k - 0.05, 2)
        return False

    def _fit_at(self, area: pygame.Rect, fonts: Fonts, k: float) -> bool:
        sizes = {name: round(px * k) for name, px in COMPACT.items()}
        width = area.w
        inner = width - 2 * PAD - 4
        fact_font = fonts.body(sizes["fact"])
        lines = [w for fact in self.facts for w in draw.wrap(fact_font, fact, inner)]
        if any(fact_font.size(line)[0] > inner for line in lines):
            return False
        button_w = (width - 2 * PAD - GAP) // 2
        room = button_w - 2 * BUTTON_PAD
        label_font, detail_font = fonts.body(sizes["label"]), fonts.body(sizes["detail"])
        details = []
        for option in self.options:
            if label_font.size(option.label)[0] > room:
                return False
            wrapped = [w for part in option.detail.split(SEP)
                       for w in draw.wrap(detail_font, part, room)]
            if any(detail_font.size(line)[0] > room for line in wrapped):
                return False
            details.append(wrapped)
        band = round(BAND * k)
        button_h = (BUTTON_PAD + label_font.get_height()
                    + max(len(d) for d in details) * detail_font.get_height())
        fact_h = fact_font.get_height() + 1
        height = PAD + band + 3 + fact_h * len(lines) + 3 + button_h + PAD
        if height > area.h:
            return False
        self.sizes, self.lines, self.details, self.scale = sizes, lines, details, k
        top = area.y if self.area is None else max(area.y, min(self.rect.y, area.bottom - height))
        self.rect = pygame.Rect(area.x, top, width, height)
        y = self.rect.bottom - PAD - button_h
        for i, option in enumerate(self.options):
            option.rect = pygame.Rect(self.rect.x + PAD + i * (button_w + GAP), y, button_w,
                                      button_h)
        return True

    def facts_top(self) -> int:
        """Where the first line of facts starts (canvas px)."""
        if self.compact:
            return self.rect.y + PAD + round(BAND * self.scale) + 3
        return self.rect.y + 90

    def facts_rect(self, fonts: Fonts) -> pygame.Rect:
        """The area the facts are drawn in (canvas px)."""
        font = self.fact_font(fonts)
        step = font.get_height() + 1 if self.compact else round(34 * self.scale)
        width = max((font.size(line)[0] for line in self.lines), default=0)
        rect = pygame.Rect(0, self.facts_top(), width, step * len(self.lines))
        rect.centerx = self.rect.centerx
        return rect

    def fact_font(self, fonts: Fonts) -> pygame.font.Font:
        return fonts.body(self.sizes["fact"] if self.compact else round(26 * self.scale))

    def label_font(self, fonts: Fonts) -> pygame.font.Font:
        return fonts.body(self.sizes["label"] if self.compact else round(32 * self.scale))

    def layout(self, scale: float, fonts: Fonts | None) -> None:
        """Size the panel for the text size `scale`; a size that cannot fit the board's
        view steps down (150 % → 125 % → 100 %) rather than run text outside the panel."""
        view = self.view
        width = min(760, view.w - 40)
        for k in (scale, 1.25, 1.0):
            if k > scale:
                continue
            line = round(34 * k)
            if fonts is not None:
                font = fonts.get("body", round(26 * k))
                self.lines = [w for fact in self.facts for w in draw.wrap(font, fact, width - 40)]
            option_h, gap = round(82 * k), round(94 * k)
            height = 104 + line * len(self.lines) + len(self.options) * gap
            if height <= view.h - 20 or k == 1.0:
                break
        self.scale = k
        if fonts is not None:
            self.asked = scale
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (view.centerx, view.centery - 10)
        if self.top is not None:  # placed by the board: keep its top, inside the view
            self.rect.y = max(view.y + 6, min(self.top, view.bottom - 6 - height))
        top = self.rect.y + 100 + line * len(self.lines)
        for i, option in enumerate(self.options):
            option.rect = pygame.Rect(self.rect.x + 30, top + i * gap, width - 60, option_h)

    def place(self, top: int, left: int | None = None) -> None:
        """Move the panel (and its buttons) so its top edge is at `top` (and its left
        edge at `left`, if given)."""
        self.top = top
        dx = 0 if left is None else left - self.rect.x
        dy = top - self.rect.y
        self.rect.move_ip(dx, dy)
        for option in self.options:
            option.rect.move_ip(dx, dy)

    def handle(self, action: Action) -> object | None:
        """The chosen rules action, or None. Any device may answer."""
        if not action.pressed and action.name != CLICK:
            return None
        if action.name in ("up", "left") and action.pressed:
            self.selected = (self.selected - 1) % len(self.options)
        elif action.name in ("down", "right") and action.pressed:
            self.selected = (self.selected + 1) % len(self.options)
        elif action.name == "confirm":
            return self.options[self.selected].action
        elif action.name in (POINT, CLICK) and action.pos is not None:
            for i, option in enumerate(self.options):
                if option.rect.collidepoint(action.pos):
                    self.selected = i
                    if action.name == CLICK and action.pressed:
                        return option.action
        return None

    def update(self, dt: float) -> None:
        self.t += dt

    def _restyle(self, theme: Theme) -> None:
        """A new text size: laid out again at the next draw."""
        self.asked = 0.0

    def draw(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        if not self.asked and (self.area is None  # never bigger than the board placed:
                               or not self.fit(self.area, fonts,  # a pawn may stand below
                                               min(fonts.text_scale, self.scale))):
            self.area = None
            self.layout(fonts.text_scale, fonts)
        grow = pytweening.easeOutBack(min(1.0, self.t / 0.3))
        if grow < 0.999:
            layer = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
            self._draw(layer, fonts)
            size = (round(self.rect.w * grow), round(self.rect.h * grow))
            part = layer.subsurface(self.rect.inflate(0, 12).clip(layer.get_rect()))
            scaled = pygame.transform.smoothscale(part, (max(1, size[0]), max(1, size[1])))
            canvas.blit(scaled, scaled.get_rect(center=self.rect.center))
            return
        self._draw(canvas, fonts)

    def _draw(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        if self.compact:
            self._draw_compact(canvas, fonts)
            return
        draw.box(canvas, self.rect, PANEL, radius=26, shadow=10, width=5)
        band = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, 80)
        pygame.draw.rect(canvas, self.colour, band.inflate(-10, -10).move(0, 0),
                         border_top_left_radius=22, border_top_right_radius=22)
        icon = look.scaled(self.icon, (64, 64))
        canvas.blit(icon, icon.get_rect(midleft=(self.rect.x + 20, band.centery)))
        font = fonts.display(40)
        while font.size(self.title)[0] > self.rect.w - 120:
            font = fonts.display(font.get_height() - 4)
        draw.text(canvas, font, self.title, (self.rect.x + 96, band.centery), INK,
                  anchor="midleft")
        k = self.scale
        y = self.rect.y + 90
        for fact in self.lines:
            draw.text(canvas, fonts.get("body", round(26 * k)), fact, (self.rect.centerx, y),
                      CREAM, anchor="midtop")
            y += round(34 * k)
        for i, option in enumerate(self.options):
            selected = i == self.selected
            fill, ink = (GOLD, INK) if selected else (PANEL_LIGHT, WHITE)
            rect = option.rect.inflate(10, 6) if selected else option.rect
            draw.box(canvas, rect, fill, outline=WHITE if selected else INK, radius=18, shadow=5)
            detail = fonts.get("body", round(24 * k))
            text = option.detail
            while detail.size(text)[0] > rect.w - 40 and "  ·  " in text:
                text = text.rsplit("  ·  ", 1)[0]  # too wide at this size: the first part
            draw.text(canvas, fonts.get("body", round(32 * k)), option.label,
                      (rect.x + 24, rect.y + round(8 * k)), ink, anchor="topleft")
            draw.text(canvas, detail, text, (rect.x + 24, rect.bottom - round(8 * k)),
                      INK if selected else CREAM, anchor="bottomleft")


    def _draw_compact(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        sizes, k = self.sizes, self.scale
        draw.box(canvas, self.rect, PANEL, radius=16, shadow=3, width=3)
        band = pygame.Rect(self.rect.x + 3, self.rect.y + 3, self.rect.w - 6,
                           PAD - 3 + round(BAND * k))
        pygame.draw.rect(canvas, self.colour, band, border_top_left_radius=13,
                         border_top_right_radius=13)
        side = band.h - 4
        icon = look.scaled(self.icon, (side, side))
        canvas.blit(icon, icon.get_rect(midleft=(band.x + 6, band.centery)))
        font = fonts.display(sizes["title"])
        room = band.w - side - 20
        while font.size(self.title)[0] > room and font.get_height() > 12:
            font = fonts.display(font.get_height() - 2)
        draw.text(canvas, font, self.title, (band.x + side + 12, band.centery), INK,
                  anchor="midleft")
        fact = fonts.body(sizes["fact"])
        y = self.facts_top()
        for line in self.lines:
            draw.text(canvas, fact, line, (self.rect.centerx, y), CREAM, anchor="midtop")
            y += fact.get_height() + 1
        label, detail = fonts.body(sizes["label"]), fonts.body(sizes["detail"])
        for i, option in enumerate(self.options):
            selected = i == self.selected
            fill, ink = (GOLD, INK) if selected else (PANEL_LIGHT, WHITE)
            rect = option.rect
            draw.box(canvas, rect, fill, outline=WHITE if selected else INK, radius=12,
                     shadow=0, width=3)
            x, y = rect.x + BUTTON_PAD, rect.y + BUTTON_PAD // 2
            draw.text(canvas, label, option.label, (x, y), ink, anchor="topleft")
            y += label.get_height()
            for line in self.details[i]:
                draw.text(canvas, detail, line, (x, y), INK if selected else CREAM,
                          anchor="topleft")
                y += detail.get_height()


# -- the two SERVERMANIA decisions --------------------------------------------------------------

def maintenance_prompt(state: sm.State, name: str, colour: Color, view: pygame.Rect
                       ) -> Prompt:
    info = preview_maintenance(state)
    d, pay, skip = info["distance"], info["pay"], info["skip"]
    squares = "square" if d == 1 else "squares"
    odds = f"{pay['hits']} in {pay['of']}"
    facts = [f"Roll {d} to land on CUSTOMER SERVICE: {odds}." if pay["hits"] else
             f"CUSTOMER SERVICE is {d} {squares} ahead: out of reach."]
    options = [
        Option(f"Pay {look.money(MAINTENANCE_FEE)}",
               f"Cash after: {look.money(pay['cash'])}  ·  Land: "
               f"{info['servers']} → {look.servers(pay['servers_if_hit'])}", sm.PAY_MAINTENANCE),
        Option("Skip maintenance",
               f"Keep {look.money(skip['cash'])}  ·  Land: "
               f"{info['servers']} → {look.servers(skip['servers_if_hit'])}", sm.SKIP_MAINTENANCE),
    ]
    return Prompt(f"{name}: pay maintenance?", facts, options, colour, view,
                  "icon_customer_service")


def stuck_prompt(state: sm.State, name: str, colour: Color, view: pygame.Rect) -> Prompt:
    info = preview_stuck(state)
    faces = either(info["faces"])
    facts = [f"Pay to go on now, or roll {faces} to go free."]
    options = [
        Option(f"Pay {look.money(STUCK_FEE)}",
               f"Cash after: {look.money(info['pay_cash'])}  ·  then roll to move",
               sm.PAY_TO_LEAVE_STUCK),
        Option(f"Roll for {faces}", f"Keep {look.money(info['cash'])}  ·  "
               f"{info['freed']} in {info['of']} to go free", sm.ROLL_TO_LEAVE_STUCK),
    ]
    return Prompt(f"{name}: get out of STUCK?", facts, options, colour, view, "icon_stuck")
