"""The real-time loop of the App: fixed updates per rendered frame, with a fake clock."""

from scenes.engine.app import App
from scenes.engine.scene import Scene


class Counter(Scene):
    """Records how many updates ran before each draw and the alpha it was drawn with."""

    def __init__(self):
        self.pending = 0
        self.per_frame = []
        self.alphas = []

    def update(self, dt):
        assert dt == 1 / 60
        self.pending += 1

    def draw(self, canvas, alpha):
        self.per_frame.append(self.pending)
        self.alphas.append(alpha)
        self.pending = 0


def run_with_clock(starts, frames):
    """Run an App whose clock reads `starts[0]` at launch and `starts[i]` at frame i."""
    scene = Counter()
    readings = iter(starts)
    app = App(scene, headless=True, frames=frames, timer=lambda: next(readings))
    app.run()
    return scene, app


def test_headless_runs_exactly_one_update_per_frame():
    scene = Counter()
    App(scene, headless=True, frames=30).run()
    assert scene.per_frame == [1] * 30


def test_each_frame_runs_the_updates_its_real_time_is_worth():
    step = 1 / 60
    starts = [0.0, step, 2 * step, 4 * step, 4.5 * step, 5 * step]
    scene, app = run_with_clock(starts, frames=5)
    assert scene.per_frame == [1, 1, 2, 0, 1]
    assert app.updates == 5


def test_a_long_stall_costs_at_most_a_quarter_second_of_updates():
    step = 1 / 60
    scene, app = run_with_clock([0.0, step, step + 5.0], frames=16)
    assert scene.per_frame == [1, 15]


def test_frames_between_updates_are_drawn_with_the_interpolation_factor():
    step = 1 / 60
    scene, _ = run_with_clock([0.0, step, 1.5 * step, 2 * step], frames=2)
    assert scene.per_frame == [1, 0, 1]
    assert abs(scene.alphas[1] - 0.5) < 1e-6
