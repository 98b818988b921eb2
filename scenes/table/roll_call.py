"""A person's roll: the die bounces in front of them, "Ada: press A to roll!", hit it.

A party game asks something of each player on their turn (Mario Party's dice block), so
every roll of a human seat waits here for that player's press. Holding the button charges
a wobble that grows until it is let go; it is only for fun: the face is never chosen here.
When the press ends, the scene samples the rules' chance step (`state.sample_chance()`)
and the director throws the die to that face.
"""

from __future__ import annotations

import math

import pygame

from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.glyphs import button_word, glyph
from scenes.engine.palette import CREAM, INK, Color
from scenes.table import look

CHARGE_TIME = 0.9  # seconds of holding for a full wobble
MAX_HOLD = 1.8  # held this long, the die flies anyway (a stuck key never stalls a game)
SIZE = 84
BOUNCE = 14  # px the waiting die hops
#: What the roll is for, said under the prompt (the rules' die purposes).
PURPOSES = {"first": "Highest roll goes first", "move": "Roll to move",
            "stuck": "Roll 1, 2 or 3 to break free", "techpad": "Gain that many servers"}


class RollCall:
    """Waiting for `seat` to roll for `purpose` ('first', 'move', 'stuck', 'techpad')."""

    def __init__(self, seat: int, name: str, colour: Color, purpose: str) -> None:
        self.seat, self.name, self.colour, self.purpose = seat, name, colour, purpose
        self.t = 0.0  # seconds waiting: the die bounces
        self.charge = 0.0  # 0..1 while the button is held
        self.holding = False
        self.on_phone = False  # a phone seat's die: thrown from its phone
        self.held = 0.0  # seconds of the current hold
        self.die_size = SIZE  # px; a board with a narrow place for the die sets it smaller
        self.halo_shakes = True  # False: the ring stays put, only the die shakes inside it

    def press(self) -> bool:
        """The button went down: start charging. True if already charging (a press with
        no release in between, as a script sends): then the die is thrown now."""
        if self.holding:
            self.holding = False
            return True
        self.holding, self.held = True, 0.0
        return False

    def release(self) -> bool:
        """The button came up: True if this press began here (so the die is thrown)."""
        thrown, self.holding = self.holding, False
        return thrown

    def update(self, dt: float) -> None:
        self.t += dt
        if self.holding:
            self.held += dt
            self.charge = min(1.0, self.charge + dt / CHARGE_TIME)

    @property
    def overheld(self) -> bool:
        """Held past MAX_HOLD: throw without waiting for the release."""
        return self.holding and self.held >= MAX_HOLD

    def words(self, style: str, mouse: bool = False) -> str:
        """"Ada: press A to roll!" with the confirm button of the seat's device (`style`:
        its pad's, or the keyboard's current Confirm key)."""
        if self.on_phone:
            return f"{self.name}: roll on your phone!"
        if mouse:
            return f"{self.name}: click to roll!"
        return f"{self.name}: press {button_word('confirm', style)} to roll!"

    def die_offset(self) -> tuple[float, float]:
        """Where the waiting die is drawn, relative to its rest spot (canvas px)."""
        k = self.die_size / SIZE
        if self.holding:  # charging: a shake that grows with the charge
            amp = (3 + 9 * self.charge) * k
            return (amp * math.sin(self.t * 47), amp * 0.5 * math.cos(self.t * 39))
        return (0.0, -BOUNCE * k * abs(math.sin(self.t * 5.0)))

    def die_rect(self, at: tuple[float, float]) -> pygame.Rect:
        """All the waiting die at `at` may cover: its ring at full charge, its hop and its
        shake (the ring's part of the shake only if `halo_shakes`)."""
        k = self.die_size / SIZE
        ring = round(self.die_size * 1.12) + round(22 * k)
        shaken = round(self.die_size * 1.12) + 24 * k  # the die at its widest shake
        width = ring + 24 * k if self.halo_shakes else max(ring, shaken)
        rect = pygame.Rect(0, 0, math.ceil(width), math.ceil(ring + BOUNCE * k + 12 * k))
        rect.midbottom = (round(at[0]), math.ceil(at[1] + ring / 2 + 6 * k))
        return rect

    def plate_size(self, fonts: Fonts, style: str, mouse: bool = False) -> tuple[int, int]:
        """The prompt's size (the scene places it away from the player's pawn)."""
        parts, hint = self._parts(fonts, style, mouse)
        width = max(sum(p.get_width() for p in parts), hint.get_width()) + 40
        return (width, 62 + 6 + hint.get_height() + 6)

    def draw(self, canvas: pygame.Surface, fonts: Fonts, at: tuple[float, float],
             style: str, mouse: bool = False, plate_top: tuple[float, float] | None = None
             ) -> pygame.Rect:
        """The bouncing die at `at` (canvas px) and the prompt, its top centre at
        `plate_top` (under the die if None); returns the prompt's area."""
        dx, dy = self.die_offset()
        face = look.sprite(f"die_{int(self.t * (14 if self.holding else 3)) % 6 + 1}")
        full, k = self.die_size, self.die_size / SIZE
        size = round(full * (1 + 0.12 * self.charge))
        image = pygame.transform.smoothscale(face, (size, size))
        if self.holding:
            image = pygame.transform.rotate(image, 12 * self.charge * math.sin(self.t * 31))
        shadow = look.scaled("pawn_shadow", (round(full * 0.9), round(full * 0.3)))
        canvas.blit(shadow, shadow.get_rect(center=(round(at[0]), round(at[1] + full * 0.5))))
        halo = pygame.Rect(0, 0, size + round(22 * k), size + round(22 * k))
        halo.center = (round(at[0] + (dx if self.halo_shakes else 0)), round(at[1] + dy))
        pygame.draw.rect(canvas, self.colour, halo, max(3, round(6 * k)),
                         border_radius=round(26 * k))
        canvas.blit(image, image.get_rect(center=(round(at[0] + dx), round(at[1] + dy))))
        top = plate_top or (at[0], at[1] + full * 0.5 + 18)
        return self._draw_plate(canvas, fonts, top, style, mouse)

    def _parts(self, fonts: Fonts, style: str, mouse: bool
               ) -> tuple[list[pygame.Surface], pygame.Surface]:
        font = fonts.display(34)
        if mouse or self.on_phone:
            parts: list[pygame.Surface] = [draw.render(font, self.words(style, mouse), INK)]
        else:
            parts = [draw.render(font, f"{self.name}: press ", INK),
                     glyph(fonts, "confirm", style),
                     draw.render(font, " to roll!", INK)]
        return parts, draw.render(fonts.body(24), PURPOSES.get(self.purpose, ""), CREAM)

    def _draw_plate(self, canvas: pygame.Surface, fonts: Fonts, top: tuple[float, float],
                    style: str, mouse: bool) -> pygame.Rect:
        parts, hint = self._parts(fonts, style, mouse)
        width = max(sum(p.get_width() for p in parts), hint.get_width()) + 40
        plate = pygame.Rect(0, 0, width, 62)
        plate.midtop = (round(top[0]), round(top[1]))
        plate.clamp_ip(canvas.get_rect().inflate(-16, -16))
        draw.box(canvas, plate, self.colour, radius=20, shadow=5)
        x = plate.centerx - sum(p.get_width() for p in parts) // 2
        for part in parts:
            canvas.blit(part, part.get_rect(midleft=(x, plate.centery)))
            x += part.get_width()
        band = hint.get_rect(midtop=(plate.centerx, plate.bottom + 6))
        pygame.draw.rect(canvas, INK, band.inflate(18, 6), border_radius=12)
        canvas.blit(hint, band)
        return plate.union(band.inflate(18, 6))
