"""The command line: every subcommand is listed, parses, and `bench` reports its figures."""

from __future__ import annotations

import json

import pytest

import main
from scenes.tools import bench


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


FRAMES = {"frames": 10, "mean_ms": 1.5, "median_ms": 1.4, "p95_ms": 2.0, "p99_ms": 2.5,
          "max_ms": 30.0, "over_budget": 0.1}
SIM = {"games": 300, "workers": 1, "seconds": 3.0, "games_per_second": 100.0, "violations": 0}
FIGURES = {
    "sims": {"servermania": {"one_process": SIM, "all_cores": {**SIM, "workers": 2}},
             "startupfever": {"one_process": SIM, "all_cores": SIM}},
    "frames": {"title": {"all": FRAMES},
               "servermania_board": {"moving": FRAMES, "calm": {"frames": 0}}},
    "startup": {"runs": 5, "median_ms": 812.0, "min_ms": 700.0, "max_ms": 900.0,
                "bare_window_ms": 400.0, "ratio": 2.03},
    "demo_peak_rss": {"servermania": {"peak_rss_mb": 120.4, "seconds": 50.0, "pace": 8.0,
                                      "exit": 0}},
    "ai_decision": {},
    "phones": {"phones": 6, "connected": 6, "questions": 29, "views": 660, "seconds": 9.5,
               "tv": {**FRAMES, "median_ms": 1.18, "p99_ms": 3.25},
               "tv_cpu": {**FRAMES, "median_ms": 1.1, "p99_ms": 2.5},
               "latency": {"phones": 6, "changes": 240, "hz": 60.0, "messages": 1440,
                           "latency_p50": 0.71, "latency_p99": 3.14, "latency_max": 4.19,
                           "frame_p50": 0.05, "frame_p99": 0.1, "seconds": 4.7}},
}


def test_bench_report_names_every_figure():
    text = bench.report(FIGURES)
    assert "sim servermania" in text and "sim startupfever" in text
    assert "100 games/s on 1 process(es)" in text and "on 2 process(es)" in text
    assert "frames servermania_board (moving)" in text and "calm" not in text
    assert "frames title (all)" in text and "10.0% over 16.7 ms" in text
    assert "median 812 ms of 5 fresh processes" in text
    assert "peak RSS of one servermania demo game: 120 MB" in text
    assert "no AI levels yet" in text
    assert "6 of 6 phones on loopback: TV frame median 1.18 ms, p99 3.25 ms" in text
    assert "CPU of the game thread: median 1.10 ms, p99 2.50 ms" in text
    assert "state change -> phone p50 0.71 ms, p99 3.14 ms" in text


def test_bench_json_carries_the_phone_figures(monkeypatch, capsys):
    """`main.py bench --json`: the six phones' TV frames and latency, as plain data."""
    monkeypatch.setattr(bench, "collect", lambda: FIGURES)
    assert bench.run_bench(as_json=True) == 0
    phones = json.loads(capsys.readouterr().out)["phones"]
    assert phones["tv"]["p99_ms"] == 3.25 and phones["latency"]["latency_p99"] == 3.14


def test_the_phone_bench_plays_a_table_on_six_real_phones():
    """A short run of the real thing: six phones connect, the table asks them and
    publishes their views; the figures have their documented shape (no speed asserted)."""
    from scenes.app import use_dummy_drivers
    from scenes.tools import bench_phones

    use_dummy_drivers()
    figures = bench_phones.measure_tv(frames=120)
    assert figures["connected"] == 6 and figures["questions"] > 0 and figures["views"] >= 6
    assert figures["tv"]["frames"] == figures["tv_cpu"]["frames"] == 120
    assert 0 < figures["tv"]["median_ms"] <= figures["tv"]["p99_ms"]
    reach = figures["reach"]  # every change reached every phone, two views a frame
    assert reach["changes"] > 0 and reach["pairs"] == 6 * reach["changes"]
    assert 0 < reach["p50_ms"] <= reach["p99_ms"] <= reach["max_ms"]
    lines = bench_phones.report({**figures, "latency": FIGURES["phones"]["latency"]})
    assert len(lines) == 3
    assert lines[0].startswith("phones: 6-seat Startup Fever table at the game's pace")
    assert lines[1].startswith("phones: state change on the TV -> each phone holds it")


def test_the_phone_bench_measures_the_same_table_with_six_computers():
    """`bench`'s comparison run: the table of six computers has no phones' server at all
    (it used to read the link it does not have, and `main.py bench` stopped there)."""
    from scenes.app import use_dummy_drivers
    from scenes.tools import bench_phones

    use_dummy_drivers()
    figures = bench_phones.measure_tv(frames=30, kind="normal")
    assert figures["connected"] == 0 and figures["questions"] == figures["views"] == 0
    assert figures["tv"]["frames"] == 30 and figures["tv"]["median_ms"] > 0


def test_bench_names_the_engine_and_how_to_compile_a_plain_one():
    sims = {"startupfever": {"one_process": {**SIM, "engine": "python"},
                             "all_cores": {**SIM, "engine": "python"}}}
    text = bench.report({**FIGURES, "sims": sims})
    assert text.count("(python engine)") == 2 and text.count("build-engine") == 1
    sims = {"startupfever": {"one_process": {**SIM, "engine": "compiled"}}}
    text = bench.report({**FIGURES, "sims": sims})
    assert "(compiled engine)" in text and "build-engine" not in text


def test_bench_lists_ai_levels_once_they_exist(monkeypatch):
    figures = {**FIGURES, "ai_decision": {"servermania/hard": {
        "decisions": 400, "p50_ms": 1.25, "p99_ms": 9.5}}}
    assert "AI servermania/hard: p50 1.25 ms, p99 9.50 ms over 400 decisions" in \
        bench.report(figures)


def test_bench_gives_a_searching_players_cost_per_look_ahead():
    """Startup Fever's Hard reports its samples and candidates; the bench divides its
    CPU by them (one game of four Hard players is enough to see it)."""
    figures = bench.ai_decision_figures("startupfever", "hard", games=1)
    assert figures["lookahead_us"] > 0
    assert "lookahead_us" not in bench.ai_decision_figures("startupfever", "normal", games=1)
    text = bench.report({**FIGURES, "ai_decision": {"startupfever/hard": {
        "decisions": 9, "p50_ms": 0.1, "p99_ms": 12.0, "lookahead_us": 81.4}}})
    assert "AI startupfever/hard: p50 0.10 ms, p99 12.00 ms over 9 decisions, 81 us CPU " \
        "per look-ahead" in text


def test_bench_collects_every_figure_from_every_table(monkeypatch):
    """`collect` asks every board scene and AI level in the tables, and each game's demo."""
    monkeypatch.setattr(bench, "SIMS", (("servermania", 4),))
    monkeypatch.setattr(bench, "BOARD_SCENES", {"a_board": lambda n: {"moving": FRAMES}})
    monkeypatch.setattr(bench, "AI_LEVELS", {"x/easy": lambda: {"decisions": 1, "p50_ms": 1.0,
                                                                 "p99_ms": 1.0}})
    monkeypatch.setattr(bench, "startup_figures", lambda: FIGURES["startup"])
    monkeypatch.setattr(bench, "demo_peak_rss", lambda game: {"game": game})
    monkeypatch.setattr(bench, "phone_figures", lambda: FIGURES["phones"])
    figures = bench.collect(frames=5)
    assert figures["phones"] == FIGURES["phones"]
    assert set(figures["sims"]["servermania"]) == {"one_process", "all_cores"}
    assert figures["frames"]["title"]["all"]["frames"] == 5
    assert figures["frames"]["a_board"] == {"moving": FRAMES}
    assert figures["ai_decision"]["x/easy"]["decisions"] == 1
    from scenes.demo import available

    assert figures["demo_peak_rss"] == {game: {"game": game} for game in available()}


def test_bench_has_every_ai_level_of_both_games_and_times_their_decisions():
    from game.levels import LEVELS

    assert set(bench.AI_LEVELS) == {f"{game}/{level}" for game in ("servermania",
                                                                   "startupfever")
                                    for level in LEVELS}
    figures = bench.ai_decision_figures("servermania", "normal", games=1)
    assert figures["decisions"] > 5 and 0 <= figures["p50_ms"] <= figures["p99_ms"]


def test_bench_measures_start_up_in_fresh_processes():
    figures = bench.startup_figures(runs=1)
    assert figures["runs"] == 1 and figures["median_ms"] > 0


def test_soak_reports_rss_per_game_and_frame_p99(capsys):
    from scenes.tools.soak import soak

    lines = []
    figures = soak("servermania", 10, max_frames=90, out=lines.append, every=1e9)
    assert figures["games"] == 1 and figures["frames"] == 90
    assert figures["per_game"][0]["rss_mb"] > 0
    assert figures["per_minute"][0]["frames"] == 90 and figures["per_minute"][0]["p99_ms"] > 0
    assert lines[0].startswith("soak servermania") and "game   1 starts" in lines[1]
    assert "frame p99" in lines[2] and "RSS growth after the first game" in lines[-1]


def test_soak_growth_compares_like_with_like_and_the_worse_counts():
    from scenes.tools.soak import summary

    def games(*mb):
        return [{"game": k + 1, "frame": k, "rss_mb": v} for k, v in enumerate(mb)]

    def minutes(*rows):
        return [{"minute": k + 1, "games": g, "rss_mb": v, "p99_ms": 3.0}
                for k, (g, v) in enumerate(rows)]

    # a game's own pictures (mid-game, +4 MB) are not growth: starts and minutes are flat
    flat = summary("g", minutes((6, 68.0), (12, 68.1)), games(50, 64, 64.2, 64.1), 9)
    assert flat["rss_growth_pct"] == 0.2 and flat["rss_growth_mixed_pct"] == 6.4
    # a leak shows at the game starts ...
    leak = summary("g", minutes((6, 68.0), (12, 68.2)), games(50, 64, 67, 70.4), 9)
    assert leak["rss_growth_pct"] == leak["rss_growth_game_starts_pct"] == 10.0
    # ... and in the minutes; the first minute counted is one after the second game began
    drift = summary("g", minutes((1, 55.0), (6, 68.0), (12, 75.0)), games(50, 64, 64.3), 9)
    assert drift["rss_first_minute_mb"] == 68.0 and drift["rss_growth_pct"] == 10.3


def test_soak_stops_when_the_games_asked_for_are_over():
    from scenes.tools.soak import soak

    figures = soak("servermania", 10, games=0, out=lambda line: None)
    assert figures["games"] == 0 and figures["frames"] == 1


def test_soak_of_a_game_without_a_demo_is_refused(capsys, monkeypatch):
    from scenes import registry

    monkeypatch.setattr(registry, "_screens", {"servermania": registry.get("servermania")})
    assert main.main(["soak", "startupfever", "--minutes", "0.01"]) == 2
    assert "soak: no demo for 'startupfever'" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["sim", "servermania", "--games", "0"], ["sim", "servermania", "--games", "x"],
    ["stress", "servermania", "--games", "-1"], ["soak", "servermania", "--minutes", "nan"],
    ["soak", "servermania", "--pace", "inf"], ["soak", "servermania", "--minutes", "0"],
    ["--frames", "0"], ["demo", "servermania", "--frames", "-5"],
])
def test_bad_numbers_on_the_command_line_are_refused_with_status_2(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main.main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "error: argument" in err and "Traceback" not in err


def test_a_player_count_the_game_does_not_allow_is_one_line(capsys):
    assert main.main(["sim", "servermania", "--players", "9", "--games", "2"]) == 2
    assert capsys.readouterr().err == "sim: SERVERMANIA is for 2-4 players, not 9\n"


def test_a_screenshot_path_that_cannot_be_written_is_one_line(tmp_path, capsys):
    assert main.main(["--headless", "--frames", "2", "--screenshot", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("screenshot: could not save") and err.count("\n") == 1
    shot = tmp_path / "title.png"
    assert main.main(["--headless", "--frames", "2", "--screenshot", str(shot)]) == 0
    assert shot.read_bytes()[:4] == b"\x89PNG"
    assert [p.name for p in tmp_path.iterdir()] == ["title.png"]  # no temp file left


def test_bench_times_the_startupfever_table_beside_servermania():
    from scenes import registry

    assert set(bench.BOARD_SCENES) == set(registry.ids())


def test_a_reader_that_goes_away_gets_no_traceback():
    """`main.py sim ... | head -1`: the reader closes the pipe before the report is
    printed; the command ends quietly with status 0 instead of a BrokenPipeError."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(main.__file__).parent
    proc = subprocess.Popen([sys.executable, "main.py", "sim", "servermania", "--games", "50"],
                            cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader is gone before anything is written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0
    assert "Traceback" not in err and "BrokenPipe" not in err


@pytest.mark.parametrize("argv", [
    [], ["--headless"], ["--headless", "--frames", "5"],
    ["--frames", "3", "--seed", "7", "--screenshot", "shot.png", "--script", "s.json"],
])
def test_a_plain_window_line_reads_as_argparse_reads_it_without_argparse(argv):
    quick = main.quick_args(argv)
    assert quick is not None
    assert vars(quick) == vars(main.build_parser().parse_args(argv))


@pytest.mark.parametrize("argv", [
    ["--help"], ["-h"], ["play"], ["play", "--headless"], ["sim", "servermania"],
    ["--frames=5"], ["--head"], ["--frames", "0"], ["--frames", "x"], ["--frames"],
    ["--seed", "-3"], ["--screenshot", ""], ["--headless", "--headless"],
    ["--frames", "2", "--frames", "3"], ["--script", "--headless"],
])
def test_anything_else_is_left_to_argparse(argv):
    """A subcommand, help, an abbreviation, `--opt=value`, a repeat or a value argparse
    would refuse (or read its own way): argparse reads it and answers as it always did."""
    assert main.quick_args(argv) is None


def test_a_refused_window_value_is_still_said_by_argparse(capsys):
    with pytest.raises(SystemExit) as stop:
        main.main(["--frames", "0"])
    assert stop.value.code == 2
    assert "--frames: 0 is not at least 1" in capsys.readouterr().err
