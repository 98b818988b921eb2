"""Hypothesis is derandomized under CI, so a red CI run can be replayed exactly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]


def test_the_ci_profile_is_derandomized():
    assert settings.get_profile("ci").derandomize is True


def test_ci_true_loads_the_ci_profile_and_a_plain_run_does_not():
    probe = ("import tests.conftest; from hypothesis import settings; "
             "print(settings.default.derandomize)")
    plain = {k: v for k, v in os.environ.items() if k not in ("CI", "GITHUB_ACTIONS")}
    for ci, expected in (("true", "True"), (None, "False")):
        env = {**plain, "CI": ci} if ci else plain
        out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, text=True,
                             capture_output=True, check=True).stdout.strip()
        assert out == expected, (ci, out)
