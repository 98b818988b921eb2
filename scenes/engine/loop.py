"""Fixed-timestep clock, after Glenn Fiedler's "Fix Your Timestep!".

Real time is measured with `time.perf_counter()` and poured into an accumulator; the game
is advanced in whole fixed steps of 1/60 s so every update sees the same `dt` (same seed +
same inputs = same result), and the left-over fraction becomes the interpolation factor
`alpha` used when drawing. A long stall (debugger, window drag, slow disk) is clamped so the
game never tries to catch up with hundreds of updates in a row: the "spiral of death".
"""

from __future__ import annotations

STEP = 1.0 / 60.0  # seconds per update
MAX_FRAME = 0.25  # longest real frame we accept before clamping
_EPSILON = 1e-9  # float slack so 0.1 s is six steps, not five


class FixedStep:
    """Turns elapsed real time into a whole number of fixed updates plus a fraction."""

    def __init__(self, step: float = STEP, max_frame: float = MAX_FRAME) -> None:
        self.step = step
        self.max_frame = max_frame
        self.accumulator = 0.0

    def advance(self, elapsed: float) -> int:
        """Add `elapsed` seconds of real time; return how many updates to run now."""
        self.accumulator += min(max(elapsed, 0.0), self.max_frame)
        steps = 0
        while self.accumulator + _EPSILON >= self.step:
            self.accumulator -= self.step
            steps += 1
        self.accumulator = max(self.accumulator, 0.0)
        return steps

    @property
    def alpha(self) -> float:
        """How far we are between the last update and the next one, in [0, 1)."""
        return min(self.accumulator / self.step, 1.0)
