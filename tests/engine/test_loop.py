"""Fixed timestep: how many updates real elapsed time turns into."""

import pytest

from scenes.engine.loop import MAX_FRAME, STEP, FixedStep


def test_one_frame_of_exactly_one_step_runs_one_update():
    assert FixedStep().advance(STEP) == 1


def test_a_tenth_of_a_second_runs_six_updates():
    assert FixedStep().advance(0.1) == 6


def test_short_frames_accumulate_until_a_whole_step():
    clock = FixedStep()
    assert clock.advance(STEP / 2) == 0
    assert clock.advance(STEP / 2) == 1


def test_a_one_second_frame_runs_sixty_updates_when_not_clamped():
    assert FixedStep(max_frame=2.0).advance(1.0) == 60


def test_a_long_stall_is_clamped_against_the_spiral_of_death():
    clock = FixedStep()
    assert clock.advance(5.0) == round(MAX_FRAME / STEP) == 15
    assert clock.advance(STEP) == 1  # and nothing owed is carried over


def test_alpha_is_the_leftover_fraction_of_a_step():
    clock = FixedStep()
    clock.advance(STEP * 2.25)
    assert clock.alpha == pytest.approx(0.25)


def test_negative_elapsed_time_runs_nothing():
    clock = FixedStep()
    assert clock.advance(-1.0) == 0
    assert clock.alpha == 0


def test_sixty_frames_at_sixty_hertz_run_sixty_updates():
    clock = FixedStep()
    assert sum(clock.advance(1 / 60) for _ in range(60)) == 60


def test_frames_at_144_hz_average_sixty_updates_per_second():
    clock = FixedStep()
    assert sum(clock.advance(1 / 144) for _ in range(144 * 3)) == 180
