"""`main.py random-input`: seeded random input drives the program from the title."""

from __future__ import annotations

from scenes.tools.random_input import run_random_input


def test_random_input_walks_several_screens_and_reports_memory():
    lines: list[str] = []
    figures = run_random_input(400, seed=3, every=200, out=lines.append)
    assert figures["updates"] == 400 and set(figures["rss_mb"]) == {0, 200, 400}
    assert len(figures["screens"]) >= 3  # the title and the screens its menu opens
    assert lines[-1].startswith("random input: 400 updates")


def test_the_same_seed_walks_the_same_way():
    a = run_random_input(120, seed=5, every=120, out=lambda line: None)
    b = run_random_input(120, seed=5, every=120, out=lambda line: None)
    assert a["screens"] == b["screens"]
