"""The side panel's top half: whose turn, one row per player, and the CEO BONUS pot.

Numbers shown here come only from events (CashChanged, ServersChanged, PotChanged carry
the value after the change); they count toward their new value instead of jumping.

Each row shows cash, servers and the net worth they make (cash + $20,000 per server, the
final money of S12), and the rank by that worth: equal worth is a shared rank ("=1st"),
and while everyone is equal there is no rank at all. A finished player's FINISH place
sits under their badge, apart from the money rank.
"""

from __future__ import annotations

import math

import pygame

from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.palette import CREAM, GOLD, INK, MUTED, PANEL, PANEL_LIGHT, WHITE, mix
from scenes.engine.theme import THEME
from scenes.servermania.seats import Seat
from scenes.table import look

PANEL_RECT = pygame.Rect(980, 0, 300, 656)
BANNER = pygame.Rect(990, 8, 280, 54)
ROW_TOP, ROW_H, ROW_GAP = 70, 88, 4
POT_H = 52
NAME_MIN = 20  # px: long names shrink to this, then lose letters ("Margaret (CP…")
LOG_BOTTOM = 648
LOG_LINES = 2  # the log keeps at least this many lines when big text crowds the panel
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


class Counter:
    """A number that eases toward its target: money visibly counts up or down.

    `target` is always the value the events so far give (the chart and the standings read
    it); `set(value, delay)` may hold the count-up back until flying coins or servers land.
    """

    def __init__(self, value: int) -> None:
        self.value = float(value)
        self.target = value
        self.flash = 0.0  # seconds left of the "just changed" glow
        self.hold = 0.0  # seconds before the shown number starts moving
        self._pending_flash = False

    def set(self, value: int, delay: float = 0.0) -> None:
        if value != self.target:
            self._pending_flash = True
        self.target = value
        self.hold = delay

    def update(self, dt: float) -> None:
        if self.hold > 0:
            self.hold = max(0.0, self.hold - dt)
            return
        if self._pending_flash:
            self.flash, self._pending_flash = 0.8, False
        self.value += (self.target - self.value) * min(1.0, dt * 7)
        if abs(self.target - self.value) < 1:
            self.value = float(self.target)
        self.flash = max(0.0, self.flash - dt)

    def finish(self) -> None:
        self.value = float(self.target)
        self.hold = 0.0

    @property
    def shown(self) -> int:
        return round(self.value)


class Hud:
    def __init__(self, seats: list[Seat], cash: list[int], servers: list[int], pot: int,
                 server_value: int) -> None:
        self.seats = seats
        self.cash = [Counter(c) for c in cash]
        self.servers = [Counter(s) for s in servers]
        self.pot = Counter(pot)
        self.server_value = server_value
        self.turn: int | None = None
        self.banner_text = "WHO GOES FIRST?"
        self.banner_t = 1.0
        self.finish_place: dict[int, int] = {}
        self.rolloff: dict[int, int] = {}  # seat -> die value in the first-player roll-off
        self.k = 1.0  # how much the HUD's text and rows grow (the text size, if it fits)

    # -- size ----------------------------------------------------------------------------

    def fit(self, text_scale: float, log_line: int) -> bool:
        """Grow the HUD for the text size setting, as far as the panel allows: the rows,
        the pot and at least `LOG_LINES` log lines of `log_line` px must fit in the panel
        (two players get the whole 150 %, four about 112 %). True if the size changed."""
        k = text_scale
        while k > 1.0 and self._log_top(k) + LOG_LINES * log_line + 8 > LOG_BOTTOM:
            k = round(k - 0.01, 2)
        k = max(1.0, k)
        changed, self.k = k != self.k, k
        return changed

    def _log_top(self, k: float) -> int:
        return self.pot_rect(k).bottom + 8

    def log_rect(self) -> pygame.Rect:
        """The log's place below the pot (it shrinks as the rows grow)."""
        top = self._log_top(self.k)
        return pygame.Rect(990, top, 280, LOG_BOTTOM - top)

    def px(self, size: float) -> int:
        """`size` at 100 % text, grown with the HUD."""
        return round(size * self.k)

    def banner_rect(self) -> pygame.Rect:
        return pygame.Rect(BANNER.x, BANNER.y, BANNER.w, self.px(BANNER.h))

    # -- model ---------------------------------------------------------------------------

    def set_turn(self, seat: int) -> None:
        """Whose turn it is: the banner takes their colour, badge and name."""
        self.turn = seat
        self.banner_text = f"{self.seats[seat].name.upper()}'S TURN"
        self.banner_t = 0.0

    def money(self) -> list[int]:
        """Each seat's money as the events shown so far leave it: cash + servers at their
        end-of-game value. The one place the screens value servers (the rules expose
        final money only for a whole state, which runs ahead of the animation)."""
        return [c.target + s.target * self.server_value
                for c, s in zip(self.cash, self.servers, strict=True)]

    def rank_labels(self) -> list[str]:
        """The rank badge of each row: '' while all are equal or before the game starts,
        '=2nd' for a shared place, '1st' for a place held alone."""
        money = self.worth_shown()  # the ranks agree with the numbers on screen
        if self.turn is None or self.rolloff or len(set(money)) == 1:
            return ["" for _ in money]
        places = places_of(money)
        return [("=" if places.count(p) > 1 else "") + ORDINALS.get(p, f"{p}th")
                for p in places]

    def worth_shown(self) -> list[int]:
        """Each row's worth as its counters show it right now (they count up to `money`)."""
        return [c.shown + s.shown * self.server_value
                for c, s in zip(self.cash, self.servers, strict=True)]

    def name_of(self, seat: int) -> str:
        s = self.seats[seat]
        return s.name + ("" if s.human else " (CPU)")

    def row_rect(self, seat: int) -> pygame.Rect:
        top = self.banner_rect().bottom + ROW_TOP - BANNER.bottom
        return pygame.Rect(990, top + seat * (self.px(ROW_H) + ROW_GAP), 280, self.px(ROW_H))

    def pot_rect(self, k: float | None = None) -> pygame.Rect:
        k = self.k if k is None else k
        row = round(ROW_H * k) + ROW_GAP
        top = BANNER.y + round(BANNER.h * k) + ROW_TOP - BANNER.bottom + len(self.seats) * row
        return pygame.Rect(990, top + 2, 280, round(POT_H * k))

    def badge_px(self, size: int = 40) -> int:
        """A player's badge grows less than the words (they need the row's width)."""
        return min(self.px(size), size + 8)

    def text_left(self, seat: int) -> int:
        """Where the row's words start, right of the player's badge."""
        return self.row_rect(seat).x + 16 + self.badge_px()

    def cash_anchor(self, seat: int) -> tuple[int, int]:
        r = self.row_rect(seat)
        return (self.text_left(seat) + self.px(64), r.y + self.px(46))

    def servers_anchor(self, seat: int) -> tuple[int, int]:
        r = self.row_rect(seat)
        return (r.right - self.px(58), r.y + self.px(46))

    def rank_font(self, fonts: Fonts, rank: str) -> pygame.font.Font:
        """The money rank's font: bold and at least 22 px at 100 % text (read from the
        couch with four rows), shrunk only as far as its badge needs."""
        size = self.px(24 if len(rank) > 3 else 28)
        return fonts.fit("display", size, rank, self.px(72) - 10, self.px(22))

    def badge_rect(self, seat: int) -> pygame.Rect:
        """The money-rank badge, top right of the row."""
        badge = pygame.Rect(0, 0, self.px(72), self.px(30))  # read from the couch (>= 22 px)
        badge.topright = (self.row_rect(seat).right - 6, self.row_rect(seat).y + 3)
        return badge

    def flag_rect(self, seat: int) -> pygame.Rect:
        """The FINISH place (flag and ordinal), under the player's badge at the left."""
        r = self.row_rect(seat)
        return pygame.Rect(r.x + 4, r.bottom - self.px(30), self.px(50), self.px(26))

    def name_rect(self, seat: int, fonts: Fonts, badge: bool = True) -> pygame.Rect:
        """Where the name is drawn: between the player's badge and the rank badge (or the
        row's end while no rank is shown)."""
        r = self.row_rect(seat)
        font, text = self._name_font(seat, fonts, badge)
        return pygame.Rect(self.text_left(seat), r.y + 4, font.size(text)[0], font.get_height())

    def _name_font(self, seat: int, fonts: Fonts, badge: bool = True
                   ) -> tuple[pygame.font.Font, str]:
        end = self.badge_rect(seat).x - 6 if badge else self.row_rect(seat).right - 10
        room = end - self.text_left(seat)
        name = self.name_of(seat)
        # long names shrink a little rather than run under the badge, then lose letters
        font = fonts.fit("body", self.px(24), name, room, self.px(NAME_MIN))
        name = draw.clip(font, name, room, "")
        return font, name

    def pot_anchor(self) -> tuple[int, int]:
        r = self.pot_rect()
        return (r.x + self.px(34), r.centery)

    # -- time ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        for c in (*self.cash, *self.servers, self.pot):
            c.update(dt)
        self.banner_t = min(1.0, self.banner_t + dt / 0.4)

    def finish(self) -> None:
        for c in (*self.cash, *self.servers, self.pot):
            c.finish()
        self.banner_t = 1.0

    # -- drawing -------------------------------------------------------------------------

    def draw(self, canvas: pygame.Surface, fonts: Fonts, clock: float) -> None:
        pygame.draw.rect(canvas, INK, PANEL_RECT)
        pygame.draw.line(canvas, PANEL_LIGHT, PANEL_RECT.topleft, PANEL_RECT.bottomleft, 3)
        self._draw_banner(canvas, fonts)
        ranks = self.rank_labels()
        for seat in range(len(self.seats)):
            self._draw_row(canvas, fonts, seat, ranks[seat], clock)
        self._draw_pot(canvas, fonts, clock)

    def _draw_banner(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        colour = THEME.player_rgb(self.seats[self.turn].colour) if self.turn is not None else GOLD
        grow = 1.0 - 0.12 * (1 - self.banner_t) ** 2
        banner = self.banner_rect()
        rect = banner.inflate(-round(banner.w * (1 - grow)), 0)
        draw.box(canvas, rect, colour, radius=18, shadow=4)
        badge_w = self.badge_px(38) + 18
        room = rect.w - (badge_w + 14 if self.turn is not None else 30)
        font = fonts.fit("display", self.px(30), self.banner_text, room, 20)
        if self.turn is not None:
            seat = self.seats[self.turn]
            badge = look.marker(seat.colour, self.badge_px(38), seat.token)
            canvas.blit(badge, badge.get_rect(midleft=(rect.x + 10, rect.centery)))
            draw.text(canvas, font, self.banner_text, (rect.x + badge_w, rect.centery), INK,
                      anchor="midleft")
        else:
            draw.text(canvas, font, self.banner_text, rect.center, INK)

    def _draw_row(self, canvas: pygame.Surface, fonts: Fonts, seat: int, rank: str,
                  clock: float) -> None:
        s = self.seats[seat]
        rect = self.row_rect(seat)
        colour = THEME.player_rgb(s.colour)
        active = seat == self.turn
        fill = mix(PANEL, colour, 0.25) if active else PANEL
        draw.box(canvas, rect, fill, outline=colour if active else INK, radius=14, shadow=0,
                 width=4)
        canvas.blit(look.marker(s.colour, self.badge_px(), s.token), (rect.x + 8, rect.y + 6))
        badged = bool(rank) or seat in self.rolloff
        font, name = self._name_font(seat, fonts, badged)
        draw.text(canvas, font, name, self.name_rect(seat, fonts, badged).topleft, WHITE,
                  anchor="topleft")
        badge = self.badge_rect(seat)
        if seat in self.rolloff:  # first-player roll-off: the die replaces the rank
            face = look.scaled(f"die_{self.rolloff[seat]}", (self.px(34), self.px(34)))
            canvas.blit(face, face.get_rect(center=badge.center))
        elif rank:
            badge_colour = GOLD if rank == "1st" else mix(MUTED, WHITE, 0.2)
            pygame.draw.rect(canvas, INK, badge.move(0, 2), border_radius=16)
            pygame.draw.rect(canvas, badge_colour, badge, border_radius=16)
            draw.text(canvas, self.rank_font(fonts, rank), rank, badge.center, INK)
        if seat in self.finish_place:  # a white chip: the FINISH place, not the money
            spot = self.flag_rect(seat)
            pygame.draw.rect(canvas, CREAM, spot, border_radius=8)
            flag = look.scaled("icon_finish", (self.px(18), self.px(18)))
            canvas.blit(flag, flag.get_rect(midleft=(spot.x + 2, spot.centery)))
            place = ORDINALS.get(self.finish_place[seat], f"{self.finish_place[seat]}th")
            room = spot.right - 3 - (spot.x + 2 + flag.get_width() + 1)
            draw.text(canvas, fonts.fit("body", self.px(20), place, room, 14), place,
                      (spot.right - 3, spot.centery), INK, anchor="midright")
        self._draw_money(canvas, fonts, seat, rect)

    def _draw_money(self, canvas: pygame.Surface, fonts: Fonts, seat: int,
                    rect: pygame.Rect) -> None:
        """Cash and servers on the middle line, the worth they make on the bottom one."""
        left, line = self.text_left(seat), rect.y + self.px(58)
        count = self.servers[seat]
        icon = look.scaled("icon_server", (self.badge_px(26), self.badge_px(26)))
        servers = f"{count.shown}"
        r = draw.text(canvas, fonts.display(self.px(26)), servers, (rect.right - 12, line),
                      _flash_colour(count.flash, WHITE), anchor="bottomright", volatile=True)
        bump = 4 * math.sin(count.flash * 20) if count.flash else 0
        canvas.blit(icon, icon.get_rect(bottomright=(r.x - 4, line - bump)))
        cash = look.money(self.cash[seat].shown)
        room = r.x - 4 - icon.get_width() - 8 - left
        draw.text(canvas, fonts.fit("display", self.px(26), cash, room), cash, (left, line),
                  _flash_colour(self.cash[seat].flash, WHITE), anchor="bottomleft",
                  volatile=True)
        label = draw.text(canvas, fonts.body(self.px(20)), "worth", (left, rect.bottom - 6),
                          CREAM, anchor="bottomleft")
        worth = look.money(self.worth_shown()[seat])
        room = rect.right - 10 - (label.right + 8)
        font = fonts.fit("display", self.px(24), worth, room, self.px(21))
        if font.size(worth)[0] > room:  # big text: "$1.63M" rather than tiny digits
            worth = _short(self.worth_shown()[seat])
            font = fonts.fit("display", self.px(24), worth, room)
        draw.text(canvas, font, worth, (label.right + 8, rect.bottom - 4), GOLD,
                  anchor="bottomleft", volatile=True)

    def _draw_pot(self, canvas: pygame.Surface, fonts: Fonts, clock: float) -> None:
        rect = self.pot_rect()
        glow = self.pot.flash / 0.8
        fill = mix(PANEL, GOLD, 0.35 * glow)
        draw.box(canvas, rect, fill, outline=GOLD, radius=14, shadow=0, width=3)
        size = round(self.px(44) * (1 + 0.15 * glow * abs(math.sin(clock * 12))))
        icon = look.scaled("icon_ceo_bonus", (size, size))
        canvas.blit(icon, icon.get_rect(center=(rect.x + self.px(30), rect.centery)))
        left = rect.x + self.px(58)
        draw.text(canvas, fonts.fit("body", self.px(22), "CEO BONUS", rect.right - 10 - left),
                  "CEO BONUS", (left, rect.y + 1), CREAM, anchor="topleft")
        draw.text(canvas, fonts.display(self.px(26)), look.money(self.pot.shown),
                  (rect.right - 12, rect.bottom - 3), _flash_colour(self.pot.flash, GOLD),
                  anchor="bottomright", volatile=True)


def _short(amount: int) -> str:
    """$1.63M for a worth too long for its row at big text."""
    if abs(amount) >= 1_000_000:
        return f"${amount / 1_000_000:.2f}M"
    return f"${amount / 1000:.0f}K"


def places_of(money: list[int]) -> list[int]:
    """1-based places for these amounts; equal amounts share a place."""
    return [1 + sum(1 for m in money if m > mine) for mine in money]


def _flash_colour(flash: float, base: tuple[int, int, int]) -> tuple[int, int, int]:
    if flash <= 0:
        return base
    return mix(base, GOLD if base != GOLD else WHITE, min(1.0, flash / 0.4))
