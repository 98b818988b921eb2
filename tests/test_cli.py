"""The command line: every subcommand is listed, parses, and `bench` reports its figures."""

from __future__ import annotations

import json

import pytest

import main
from scenes import bench


def test_help_lists_every_subcommand(capsys):
    with pytest.raises(SystemExit) as stop:
        main.main(["--help"])
    assert stop.value.code == 0
    text = capsys.readouterr().out
    for command in ("play", "demo", "sim", "bench"):
        assert command in text


def test_sim_json_prints_the_documented_keys(capsys):
    assert main.main(["sim", "servermania", "--games", "3", "--players", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in ("games", "seconds", "games_per_second", "avg_turns", "wins_by_seat",
                "violations"):
        assert key in figures
    assert figures["games"] == 3


def test_sim_rejects_an_unknown_game():
    with pytest.raises(SystemExit):
        main.main(["sim", "chess"])


def test_bench_report_names_every_figure():
    frames = {"frames": 10, "mean_ms": 1.5, "median_ms": 1.4, "p95_ms": 2.0, "max_ms": 3.0}
    board = {"moving": {"frames": 5, "mean_ms": 1.6, "p99_ms": 3.4, "max_ms": 6.2},
             "calm": {"frames": 0}}
    sim = {"games": 300, "seconds": 3.0, "games_per_second": 100.0, "violations": 0}
    table = {"busiest": {"frames": 5, "mean_ms": 1.1, "p99_ms": 1.6, "max_ms": 2.3},
             "busiest_cpu": {"frames": 5, "mean_ms": 1.0, "p99_ms": 1.5, "max_ms": 2.0},
             "table": {"frames": 0}}
    text = bench.report({"sim_servermania": sim, "sim_startupfever": sim,
                         "frames_title": frames, "frames_servermania_board": board,
                         "frames_startupfever_table": table})
    assert "sim servermania" in text and "sim startupfever" in text
    assert "100 games/s" in text
    assert "frames board (moving)" in text and "calm" not in text
    assert "frames SF table (busiest" in text and "busiest_cpu" in text
    assert "(table" not in text
