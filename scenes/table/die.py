"""The die: thrown in from the side, tumbling and bouncing, settling on the chosen face.

The rules have already chosen the value (the driver sampled it); this only shows it. The
tumble cycles the generated tumble frames and random-looking faces while spinning, the
fall uses easeOutBounce, and the landing pops the final face.

Optional knobs (all keyword, so `DieRoll(value, caption, colour)` keeps working): `spot`
where it lands (world px, the caller's choice), `pace` (computer and roll-off dice settle
faster), `size`, `launch` (where it is thrown from, relative to its rest: a player's own
roll is tossed straight up from the die they hit), `on_land` (called once as the final face
shows, so the roll-off can throw the next die before this one lands) and `leave()` to fade
it out early.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytweening

from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.palette import CREAM, INK
from scenes.table import look

FLIGHT = 0.95  # seconds from throw to rest at speed 1
HOLD = 0.45  # the settled face stays in focus this long before the step ends
LINGER = 2.5  # then the die rests on the board, fading after this long
SIZE = 100


LEAVE = 0.3  # seconds of fading when told to leave


class DieRoll:
    def __init__(self, value: int, caption: str, colour: tuple[int, int, int], *,
                 spot: tuple[float, float] | None = None, pace: float = 1.0,
                 size: int = SIZE, launch: tuple[float, float] = (330, -300),
                 linger: float = LINGER, on_land: Callable[[], None] | None = None) -> None:
        self.value = value
        self.caption = caption
        self.colour = colour
        self.spot = spot
        self.pace = pace
        self.size = size
        self.launch = launch
        self.linger = linger  # seconds it rests on the board after settling
        self.on_land = on_land
        self.t = 0.0
        self.prev_t = 0.0

    @property
    def settled(self) -> bool:
        return self.t >= FLIGHT + HOLD

    @property
    def gone(self) -> bool:
        return self.t >= FLIGHT + HOLD + self.linger

    @property
    def landed(self) -> bool:
        """The final face shows (it may still be bouncing a little)."""
        return self.t >= FLIGHT

    def update(self, dt: float) -> None:
        self.prev_t = self.t
        self.t += dt * self.pace
        self._tell_landed()

    def finish(self) -> None:
        self.t = self.prev_t = max(self.t, FLIGHT + HOLD)
        self._tell_landed()

    def _tell_landed(self) -> None:
        if self.on_land is not None and self.landed:
            call, self.on_land = self.on_land, None
            call()

    def leave(self) -> None:
        """Fade out now (the turn moved on): keeps the face, drops the lingering."""
        self.t = self.prev_t = max(self.t, FLIGHT + HOLD + self.linger - LEAVE)

    def face(self, t: float) -> pygame.Surface:
        if t >= FLIGHT * 0.82:
            return look.sprite(f"die_{self.value}")
        frame = int(t / 0.055)
        if frame % 2 == 0:
            return look.sprite(f"die_tumble_{frame // 2 % 3 + 1}")
        return look.sprite(f"die_{(frame * 5 + self.value) % 6 + 1}")

    def draw(self, canvas: pygame.Surface, fonts: Fonts, rest: tuple[float, float],
             alpha: float) -> None:
        t = self.prev_t + (self.t - self.prev_t) * alpha
        if t >= FLIGHT + HOLD + self.linger:
            return
        u = min(1.0, t / FLIGHT)
        start = (rest[0] + self.launch[0], rest[1] + self.launch[1])
        x = start[0] + (rest[0] - start[0]) * pytweening.easeOutQuad(u)
        y = start[1] + (rest[1] - start[1]) * pytweening.easeOutBounce(u)
        angle = 900 * (1 - pytweening.easeOutCubic(min(1.0, u / 0.82)))
        pop = 0.0
        if FLIGHT * 0.82 <= t < FLIGHT + 0.25:
            pop = pytweening.easeOutBack(min(1.0, (t - FLIGHT * 0.82) / 0.25))
            pop = 0.22 * (1 - abs(2 * pop - 1))
        size = round(self.size * (1 + pop))
        shadow = look.scaled("pawn_shadow", (round(size * 0.9), round(size * 0.3)))
        canvas.blit(shadow, shadow.get_rect(center=(round(rest[0]), round(rest[1] + size * 0.5))))
        image = draw.scaled_now("die", self.face(t), (size, size))  # a new size each frame
        if angle % 360:
            image = pygame.transform.rotate(image, angle)
        fade = 1.0 - max(0.0, (t - FLIGHT - HOLD - self.linger + LEAVE) / LEAVE)
        if fade < 1.0:
            image.set_alpha(round(255 * fade))
        canvas.blit(image, image.get_rect(center=(round(x), round(y))))
        if t >= FLIGHT * 0.82 and fade > 0.6:
            font = fonts.body(24)
            label = draw.render(font, self.caption, CREAM, 3)
            plate = label.get_rect(midtop=(round(rest[0]), round(rest[1] + self.size * 0.6)))
            pygame.draw.rect(canvas, INK, plate.inflate(16, 6), border_radius=14)
            pygame.draw.rect(canvas, self.colour, plate.inflate(16, 6), 3, border_radius=14)
            canvas.blit(label, plate)
