"""Short-lived effects in canvas pixels: coin bursts, confetti, flying icons, +$ numbers.

Effects never block the game: they run alongside the animation steps and die on their
own. Randomness comes from a seeded `random.Random`, so screenshots are repeatable.
"""

from __future__ import annotations

import math
import random

import pygame
import pytweening

from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.palette import Color
from scenes.table import look

GRAVITY = 1400.0  # px / s²


class Particle:
    def __init__(self, image: pygame.Surface, pos: tuple[float, float],
                 vel: tuple[float, float], life: float, spin: float = 0.0) -> None:
        self.image, self.life, self.spin = image, life, spin
        self.pos, self.vel = pygame.Vector2(pos), pygame.Vector2(vel)
        self.age, self.angle = 0.0, 0.0

    def update(self, dt: float) -> bool:
        self.age += dt
        self.vel.y += GRAVITY * dt
        self.pos += self.vel * dt
        self.angle += self.spin * dt
        return self.age < self.life

    def draw(self, canvas: pygame.Surface) -> None:
        image = self.image
        if self.spin:
            image = pygame.transform.rotate(image, self.angle)
        fade = 1.0 - max(0.0, (self.age - self.life * 0.7) / (self.life * 0.3))
        if fade < 1.0:
            image = image.copy()
            image.set_alpha(round(255 * fade))
        canvas.blit(image, image.get_rect(center=(round(self.pos.x), round(self.pos.y))))


class FloatText:
    """A number or word that pops up, rises and fades ("+$20,000", "PAYDAY!")."""

    def __init__(self, text: str, pos: tuple[float, float], colour: Color, size: int = 34,
                 life: float = 1.3) -> None:
        self.text, self.colour, self.size, self.life = text, colour, size, life
        self.pos = pygame.Vector2(pos)
        self.age = 0.0
        self.bounds: pygame.Rect | None = None

    def update(self, dt: float) -> bool:
        self.age += dt
        return self.age < self.life

    def draw(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        u = self.age / self.life
        grow = pytweening.easeOutBack(min(1.0, u * 5))
        font = fonts.display(max(8, round(self.size * (0.6 + 0.4 * grow))))
        image = draw.render(font, self.text, self.colour, 4, volatile=True)  # 1 s, sizes
        if u > 0.7:
            image = image.copy()
            image.set_alpha(round(255 * (1 - (u - 0.7) / 0.3)))
        y = self.pos.y - 70 * pytweening.easeOutQuad(u)
        rect = image.get_rect(center=(round(self.pos.x), round(y)))
        if self.bounds is not None:
            rect.clamp_ip(self.bounds)  # never half off the board's edge
        canvas.blit(image, rect)


class Flyer:
    """An icon flying along an arc from one point to another (servers, coins to the pot)."""

    def __init__(self, image: pygame.Surface, start: tuple[float, float],
                 end: tuple[float, float], delay: float = 0.0, time: float = 0.6,
                 arc: float = -120.0, fall: bool = False) -> None:
        self.image, self.delay, self.time, self.arc = image, delay, time, arc
        self.start, self.end = pygame.Vector2(start), pygame.Vector2(end)
        self.age = 0.0
        self.fall = fall  # True: fades out instead of arriving (servers lost)

    def update(self, dt: float) -> bool:
        self.age += dt
        return self.age < self.delay + self.time

    def draw(self, canvas: pygame.Surface) -> None:
        if self.age < self.delay:
            return
        u = min(1.0, (self.age - self.delay) / self.time)
        e = pytweening.easeInOutSine(u) if not self.fall else pytweening.easeInQuad(u)
        p = self.start.lerp(self.end, e)
        p.y += self.arc * math.sin(math.pi * u)
        image = self.image
        if self.fall:
            image = pygame.transform.rotate(image, 140 * u)
            image.set_alpha(round(255 * (1 - u)))
        canvas.blit(image, image.get_rect(center=(round(p.x), round(p.y))))


class Effects:
    def __init__(self, seed: int = 0, bounds: pygame.Rect | None = None) -> None:
        self.rng = random.Random(seed)
        self.bounds = bounds  # floating texts stay inside this rect
        self.particles: list[Particle] = []
        self.texts: list[FloatText] = []
        self.flyers: list[Flyer] = []

    @property
    def busy(self) -> bool:
        return bool(self.particles or self.texts or self.flyers)

    def coins(self, pos: tuple[float, float], count: int = 14) -> None:
        image = look.sprite("coin_particle")
        for _ in range(count):
            angle = self.rng.uniform(-math.pi * 0.9, -math.pi * 0.1)
            speed = self.rng.uniform(350, 650)
            self.particles.append(Particle(image, pos, (math.cos(angle) * speed,
                                                        math.sin(angle) * speed),
                                           self.rng.uniform(0.7, 1.0),
                                           self.rng.uniform(-400, 400)))

    def confetti(self, pos: tuple[float, float], count: int = 40, spread: float = 900) -> None:
        for _ in range(count):
            image = look.sprite(f"confetti_{self.rng.randint(1, 6)}")
            angle = self.rng.uniform(-math.pi * 0.95, -math.pi * 0.05)
            speed = self.rng.uniform(spread * 0.4, spread)
            self.particles.append(Particle(image, pos, (math.cos(angle) * speed,
                                                        math.sin(angle) * speed),
                                           self.rng.uniform(1.0, 1.8),
                                           self.rng.uniform(-600, 600)))

    def sparks(self, pos: tuple[float, float], count: int = 10) -> None:
        image = look.sprite("spark")
        for i in range(count):
            angle = math.tau * i / count
            self.particles.append(Particle(image, pos, (math.cos(angle) * 300,
                                                        math.sin(angle) * 300 - 200), 0.5))

    def text(self, text: str, pos: tuple[float, float], colour: Color, size: int = 34,
             life: float = 1.3) -> None:
        label = FloatText(text, pos, colour, size, life)
        label.bounds = self.bounds
        self.texts.append(label)

    def fly(self, flyer: Flyer) -> None:
        self.flyers.append(flyer)

    def update(self, dt: float) -> None:
        self.particles = [p for p in self.particles if p.update(dt)]
        self.texts = [t for t in self.texts if t.update(dt)]
        self.flyers = [f for f in self.flyers if f.update(dt)]

    def finish(self) -> None:
        self.particles.clear()
        self.texts.clear()
        self.flyers.clear()

    def draw(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        for f in self.flyers:
            f.draw(canvas)
        for p in self.particles:
            p.draw(canvas)
        for t in self.texts:
            t.draw(canvas, fonts)
