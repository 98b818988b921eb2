"""Input mapping from synthetic keyboard, mouse, controller and joystick events."""

import pygame
import pytest

from scenes.engine import input as inp
from scenes.engine.input import (
    DEVICE_ADDED,
    DEVICE_REMOVED,
    REPEAT_DELAY,
    REPEAT_INTERVAL,
    Action,
    InputMapper,
)


class FakeDevices:
    """Stands in for SDL: device index -> (instance id, name, is a GameController)."""

    def __init__(self, pads):
        self.pads = pads
        self.opened = []

    def is_controller(self, index):
        return self.pads[index][2]

    def open(self, index, as_controller):
        instance_id, name, _ = self.pads[index]
        self.opened.append((index, as_controller))
        return instance_id, name, object()


def ev(kind, **attrs):
    return pygame.event.Event(kind, **attrs)


def key(down, k):
    return ev(pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=0)


def pressed(actions):
    return [(a.name, a.device) for a in actions if a.pressed]


@pytest.fixture
def mapper():
    devices = FakeDevices({0: (7, "Xbox Wireless Controller", True),
                           1: (8, "PS5 DualSense", True),
                           2: (9, "Cheap USB Gamepad", False)})
    return InputMapper(devices)


def plug(mapper, index, controller=True):
    kind = pygame.CONTROLLERDEVICEADDED if controller else pygame.JOYDEVICEADDED
    return mapper.handle(ev(kind, device_index=index))


# keyboard

def test_arrow_and_wasd_keys_are_directions_from_the_keyboard(mapper):
    assert mapper.handle(key(True, pygame.K_UP)) == [Action("up", "keyboard", True)]
    assert mapper.handle(key(True, pygame.K_a)) == [Action("left", "keyboard", True)]


def test_enter_space_esc_p_map_to_confirm_confirm_back_pause(mapper):
    names = []
    for k in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_p):
        names += [a.name for a in mapper.handle(key(True, k)) + mapper.handle(key(False, k))]
    assert names == ["confirm"] * 4 + ["back"] * 2 + ["pause"] * 2


def test_key_release_is_an_unpressed_action(mapper):
    mapper.handle(key(True, pygame.K_RETURN))
    assert mapper.handle(key(False, pygame.K_RETURN)) == [Action("confirm", "keyboard", False)]


def test_unmapped_keys_do_nothing(mapper):
    assert mapper.handle(key(True, pygame.K_F5)) == []


def test_two_keys_for_one_action_press_once_and_release_when_both_are_up(mapper):
    assert len(mapper.handle(key(True, pygame.K_UP))) == 1
    assert mapper.handle(key(True, pygame.K_w)) == []
    assert mapper.handle(key(False, pygame.K_UP)) == []
    assert mapper.handle(key(False, pygame.K_w)) == [Action("up", "keyboard", False)]


def test_held_direction_repeats_after_a_delay_then_steadily(mapper):
    mapper.handle(key(True, pygame.K_DOWN))
    step = 1 / 60
    repeats = []
    for _ in range(round((REPEAT_DELAY + 3 * REPEAT_INTERVAL) / step)):
        repeats += mapper.update(step)
    assert repeats == [Action("down", "keyboard", True, repeat=True)] * 4
    mapper.handle(key(False, pygame.K_DOWN))
    assert all(not mapper.update(step) for _ in range(60))


def test_confirm_never_repeats_while_held(mapper):
    mapper.handle(key(True, pygame.K_RETURN))
    assert all(not mapper.update(1 / 60) for _ in range(120))


# mouse

def test_mouse_motion_becomes_point_in_canvas_coordinates():
    mapper = InputMapper(None, to_canvas=lambda pos: (pos[0] // 2, pos[1] // 2))
    actions = mapper.handle(ev(pygame.MOUSEMOTION, pos=(200, 100), rel=(0, 0), buttons=(0, 0, 0)))
    assert actions == [Action("point", "mouse", True, pos=(100, 50))]


def test_mouse_on_a_letterbox_bar_is_ignored():
    mapper = InputMapper(None, to_canvas=lambda pos: None)
    assert mapper.handle(ev(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))) == []


def test_left_click_presses_and_releases_click_right_click_is_back(mapper):
    down = mapper.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1))
    up = mapper.handle(ev(pygame.MOUSEBUTTONUP, pos=(10, 20), button=1))
    right = mapper.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=3))
    assert down == [Action("click", "mouse", True, pos=(10, 20))]
    assert up == [Action("click", "mouse", False, pos=(10, 20))]
    assert right[0].name == "back" and right[0].device == "mouse"


def test_mouse_wheel_scrolls_up_and_down(mapper):
    assert mapper.handle(ev(pygame.MOUSEWHEEL, x=0, y=1))[0].name == "up"
    assert mapper.handle(ev(pygame.MOUSEWHEEL, x=0, y=-2))[0].name == "down"


# controllers

def test_plugging_a_controller_announces_a_pad_device(mapper):
    assert plug(mapper, 0) == [Action(DEVICE_ADDED, "pad:7")]
    assert "pad:7" in mapper.connected()
    assert mapper.pads["pad:7"].style == "xbox"


def test_playstation_pads_get_playstation_glyphs(mapper):
    plug(mapper, 1)
    assert mapper.style_of("pad:8") == "playstation"


def test_controller_buttons_map_to_actions_carrying_the_pad(mapper):
    plug(mapper, 0)
    buttons = {pygame.CONTROLLER_BUTTON_A: "confirm", pygame.CONTROLLER_BUTTON_B: "back",
               pygame.CONTROLLER_BUTTON_X: "x", pygame.CONTROLLER_BUTTON_Y: "y",
               pygame.CONTROLLER_BUTTON_START: "pause",
               pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "lshoulder",
               pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rshoulder",
               pygame.CONTROLLER_BUTTON_BACK: "back",
               pygame.CONTROLLER_BUTTON_DPAD_UP: "up", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
               pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left",
               pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right"}
    for button, name in buttons.items():
        actions = mapper.handle(ev(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=button))
        assert actions == [Action(name, "pad:7", True)]
        mapper.handle(ev(pygame.CONTROLLERBUTTONUP, instance_id=7, button=button))


def test_two_pads_are_told_apart_by_device(mapper):
    plug(mapper, 0)
    plug(mapper, 1)
    a = mapper.handle(ev(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=0))
    b = mapper.handle(ev(pygame.CONTROLLERBUTTONDOWN, instance_id=8, button=0))
    assert pressed(a + b) == [("confirm", "pad:7"), ("confirm", "pad:8")]


def test_buttons_of_unknown_pads_are_ignored(mapper):
    assert mapper.handle(ev(pygame.CONTROLLERBUTTONDOWN, instance_id=99, button=0)) == []


def test_last_used_device_picks_the_prompt_glyphs(mapper):
    plug(mapper, 1)
    assert mapper.style == "keyboard"
    mapper.handle(ev(pygame.CONTROLLERBUTTONDOWN, instance_id=8, button=0))
    assert mapper.style == "playstation"
    mapper.handle(key(True, pygame.K_RETURN))
    assert mapper.style == "keyboard"


def axis(mapper, which, value, instance_id=7):
    return mapper.handle(ev(pygame.CONTROLLERAXISMOTION, instance_id=instance_id,
                            axis=which, value=value))


def test_stick_inside_the_dead_zone_does_nothing(mapper):
    plug(mapper, 0)
    assert axis(mapper, pygame.CONTROLLER_AXIS_LEFTX, int(0.2 * 32767)) == []
    assert axis(mapper, pygame.CONTROLLER_AXIS_LEFTY, int(-0.3 * 32767)) == []


def test_stick_pushed_far_holds_a_direction_and_releases_when_centred(mapper):
    plug(mapper, 0)
    assert axis(mapper, pygame.CONTROLLER_AXIS_LEFTX, 30000) == [Action("right", "pad:7", True)]
    assert axis(mapper, pygame.CONTROLLER_AXIS_LEFTX, 31000) == []  # no second press
    assert axis(mapper, pygame.CONTROLLER_AXIS_LEFTX, 1000) == [Action("right", "pad:7", False)]


def test_stick_up_is_negative_y(mapper):
    plug(mapper, 0)
    assert pressed(axis(mapper, pygame.CONTROLLER_AXIS_LEFTY, -32768)) == [("up", "pad:7")]


def test_stick_easing_back_between_thresholds_keeps_holding(mapper):
    plug(mapper, 0)
    axis(mapper, pygame.CONTROLLER_AXIS_LEFTY, 30000)
    assert axis(mapper, pygame.CONTROLLER_AXIS_LEFTY, int(0.45 * 32767)) == []
    assert mapper.is_held("pad:7", "down")


def test_held_stick_repeats_like_a_held_key(mapper):
    plug(mapper, 0)
    axis(mapper, pygame.CONTROLLER_AXIS_LEFTY, 30000)
    repeats = [a for _ in range(60) for a in mapper.update(1 / 60)]
    assert repeats and all(a.repeat and a.name == "down" for a in repeats)


def test_triggers_act_as_shoulders(mapper):
    plug(mapper, 0)
    assert pressed(axis(mapper, pygame.CONTROLLER_AXIS_TRIGGERLEFT, 32767)) == [
        ("lshoulder", "pad:7")]


def test_joystick_added_event_for_a_controller_is_left_to_the_controller_event(mapper):
    assert plug(mapper, 0, controller=False) == []
    assert mapper.devices.opened == []


def test_unmapped_joystick_falls_back_to_raw_buttons_hat_and_axes(mapper):
    assert plug(mapper, 2, controller=False) == [Action(DEVICE_ADDED, "pad:9")]
    assert mapper.devices.opened == [(2, False)]
    button = mapper.handle(ev(pygame.JOYBUTTONDOWN, instance_id=9, button=0))
    hat = mapper.handle(ev(pygame.JOYHATMOTION, instance_id=9, hat=0, value=(0, 1)))
    hat_off = mapper.handle(ev(pygame.JOYHATMOTION, instance_id=9, hat=0, value=(0, 0)))
    stick = mapper.handle(ev(pygame.JOYAXISMOTION, instance_id=9, axis=0, value=-0.9))
    assert button == [Action("confirm", "pad:9", True)]
    assert hat == [Action("up", "pad:9", True)]
    assert hat_off == [Action("up", "pad:9", False)]
    assert stick == [Action("left", "pad:9", True)]


def test_joystick_events_of_a_game_controller_are_not_doubled(mapper):
    plug(mapper, 0)
    assert mapper.handle(ev(pygame.JOYBUTTONDOWN, instance_id=7, button=0)) == []


def test_unplugging_releases_held_buttons_then_announces_removal(mapper):
    plug(mapper, 0)
    mapper.handle(ev(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=0))
    mapper.handle(ev(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=0))
    actions = mapper.handle(ev(pygame.CONTROLLERDEVICEREMOVED, instance_id=7))
    assert actions == [Action("confirm", "pad:7", False), Action(DEVICE_REMOVED, "pad:7")]
    assert "pad:7" not in mapper.connected()
    assert mapper.style == "keyboard"


def test_joystick_removed_event_of_a_controller_waits_for_the_controller_event(mapper):
    plug(mapper, 0)
    assert mapper.handle(ev(pygame.JOYDEVICEREMOVED, instance_id=7)) == []
    assert "pad:7" in mapper.connected()


def test_replugging_a_pad_works_again(mapper):
    plug(mapper, 0)
    mapper.handle(ev(pygame.CONTROLLERDEVICEREMOVED, instance_id=7))
    assert plug(mapper, 0) == [Action(DEVICE_ADDED, "pad:7")]


def test_a_pad_gone_before_it_could_be_opened_is_skipped():
    class Gone(FakeDevices):
        def open(self, index, as_controller):
            raise pygame.error("device not found")

    mapper = InputMapper(Gone({0: (1, "x", True)}))
    assert plug(mapper, 0) == []


def test_the_real_sdl_backend_starts_without_any_pad():
    backend = inp.SdlDevices()
    assert backend.is_controller(0) in (False, True)


def test_losing_window_focus_releases_held_keys_so_nothing_repeats_forever(mapper):
    mapper.handle(key(True, pygame.K_DOWN))
    assert mapper.release_device("keyboard") == [Action("down", "keyboard", False)]
    assert all(not mapper.update(1 / 60) for _ in range(60))
