"""A finished scene is freed while the screen is dark, even when its parts hold each
other in cycles (a game's scenes do): its pictures must not linger while the next scene
allocates its own (seen in the demo soak)."""

from __future__ import annotations

import gc
import weakref

import pygame

from scenes.engine.scene import Scene
from scenes.engine.stack import SceneStack


class Game(Scene):
    def __init__(self) -> None:
        self.picture = pygame.Surface((1280, 720))  # what lingering would cost
        self.me = self  # a cycle, as a scene, its director and its prompts make


def test_a_replaced_scene_in_a_cycle_is_freed_at_the_dark_moment():
    stack = SceneStack()
    old = Game()
    stack.push(old, fade=False)
    gone = weakref.ref(old)
    del old
    stack.replace(Game())
    was_enabled = gc.isenabled()
    gc.disable()  # only the stack's own collection may free the cycle
    try:
        for _ in range(200):  # the fade out, the swap while dark, the fade in
            stack.update(1 / 60)
        assert gone() is None
    finally:
        if was_enabled:
            gc.enable()
