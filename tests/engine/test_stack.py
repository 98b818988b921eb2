"""Scene stack: lifecycle hooks, fades, overlays drawing and input propagation."""

import pygame

from scenes.engine.input import DEVICE_REMOVED, Action
from scenes.engine.scene import Scene
from scenes.engine.stack import SceneStack


class Probe(Scene):
    def __init__(self, name, log, consume=False, opaque=True, modal=True):
        self.name, self.log, self.consume = name, log, consume
        self.opaque, self.modal = opaque, modal
        self.updates = 0

    def enter(self):
        self.log.append(f"{self.name}.enter")

    def exit(self):
        self.log.append(f"{self.name}.exit")

    def pause(self):
        self.log.append(f"{self.name}.pause")

    def resume(self):
        self.log.append(f"{self.name}.resume")

    def update(self, dt):
        self.updates += 1

    def draw(self, canvas, alpha):
        self.log.append(f"{self.name}.draw")

    def handle(self, action):
        self.log.append(f"{self.name}.handle:{action.name}")
        return self.consume

    def on_device_removed(self, device):
        self.log.append(f"{self.name}.removed:{device}")


def settle(stack, steps=60):
    for _ in range(steps):
        stack.update(1 / 60)


def test_push_sets_app_enters_and_pauses_the_scene_below():
    log, app = [], object()
    stack = SceneStack(app)
    a, b = Probe("a", log), Probe("b", log)
    stack.push(a, fade=False)
    stack.push(b, fade=False)
    assert stack.top is b and b.app is app
    assert log == ["a.enter", "a.pause", "b.enter"]


def test_pop_exits_the_top_and_resumes_the_one_below():
    log = []
    stack = SceneStack()
    stack.push(Probe("a", log), fade=False)
    stack.push(Probe("b", log), fade=False)
    log.clear()
    stack.pop(fade=False)
    assert log == ["b.exit", "a.resume"]
    assert len(stack) == 1


def test_replace_swaps_the_top_without_resuming_below():
    log = []
    stack = SceneStack()
    stack.push(Probe("a", log), fade=False)
    log.clear()
    stack.replace(Probe("c", log), fade=False)
    assert log == ["a.exit", "c.enter"]
    assert len(stack) == 1


def test_reset_drops_every_scene():
    log = []
    stack = SceneStack()
    for name in "abc":
        stack.push(Probe(name, log), fade=False)
    stack.reset(Probe("t", log), fade=False)
    assert [s.name for s in stack.scenes] == ["t"]


def test_fading_push_happens_at_the_dark_moment_and_blocks_input_meanwhile():
    log = []
    stack = SceneStack()
    a = Probe("a", log, consume=True)
    stack.push(a, fade=False)
    b = Probe("b", log)
    stack.push(b)  # opaque scenes fade by default
    assert stack.top is a and stack.busy
    assert stack.dispatch(Action("confirm")) is False
    settle(stack, 5)
    assert stack.top is a  # still fading out
    settle(stack)
    assert stack.top is b and not stack.busy


def test_two_changes_requested_during_one_fade_both_happen():
    stack = SceneStack()
    stack.push(Probe("a", []))
    stack.push(Probe("b", []))
    settle(stack)
    assert [s.name for s in stack.scenes] == ["a", "b"]


def test_overlay_is_drawn_over_the_scene_below_but_opaque_scenes_hide_it():
    log = []
    stack = SceneStack()
    canvas = pygame.Surface((64, 36))
    stack.push(Probe("game", log), fade=False)
    stack.push(Probe("pause", log, opaque=False), fade=False)
    log.clear()
    stack.draw(canvas, 0.0)
    assert log == ["game.draw", "pause.draw"]
    stack.push(Probe("settings", log), fade=False)
    log.clear()
    stack.draw(canvas, 0.0)
    assert log == ["settings.draw"]


def test_modal_overlay_stops_input_and_updates_reaching_the_scene_below():
    log = []
    stack = SceneStack()
    game = Probe("game", log)
    stack.push(game, fade=False)
    stack.push(Probe("pause", log, opaque=False), fade=False)
    log.clear()
    stack.dispatch(Action("confirm"))
    settle(stack, 3)
    assert log == ["pause.handle:confirm"]
    assert game.updates == 0


def test_non_modal_overlay_passes_unconsumed_input_and_updates_down():
    log = []
    stack = SceneStack()
    game = Probe("game", log, consume=True)
    stack.push(game, fade=False)
    stack.push(Probe("toast", log, opaque=False, modal=False), fade=False)
    log.clear()
    assert stack.dispatch(Action("confirm")) is True
    settle(stack, 3)
    assert log == ["toast.handle:confirm", "game.handle:confirm"]
    assert game.updates == 3


def test_consumed_action_goes_no_further():
    log = []
    stack = SceneStack()
    stack.push(Probe("game", log), fade=False)
    stack.push(Probe("prompt", log, opaque=False, modal=False, consume=True), fade=False)
    log.clear()
    stack.dispatch(Action("back"))
    assert log == ["prompt.handle:back"]


def test_unplugged_pad_is_announced_to_every_scene_even_under_a_modal_overlay():
    log = []
    stack = SceneStack()
    stack.push(Probe("game", log), fade=False)
    stack.push(Probe("pause", log, opaque=False), fade=False)
    log.clear()
    stack.dispatch(Action(DEVICE_REMOVED, "pad:3"))
    assert log == ["pause.removed:pad:3", "game.removed:pad:3"]


def test_pop_of_the_last_scene_leaves_an_empty_stack():
    stack = SceneStack()
    stack.push(Probe("a", []), fade=False)
    stack.pop()
    settle(stack)
    assert stack.top is None
