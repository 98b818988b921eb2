"""`python main.py pace GAME --humans H --cpus C --level L --games N --seed S
--answer-after 1.0`: how long a game takes at the table, and how long its people wait.

Plays whole games through the real game screen (its `GameScreens.table`) headless, at
the default settings, with computers of one level (`level`: Normal unless asked; a change
to a computer player changes the table's pace too) and scripted people in the human
seats: each answers every prompt (a decision, their die, a card or Defense question, a
beat row) `answer_after` seconds of game time after it opens, and otherwise never
touches the table (nothing held fast, nothing skipped). The screens run their own logic
only: nothing is drawn, except when a prompt's answer needs what drawing lays out.

Figures per game and overall: `minutes` (game time: updates / 60, from the first update
to the results), `prompts` per person (every time the game waits on that person),
`presses` per person (every button a person pressed: a prompt may take several),
`window_s` (seconds of game time a card window was on the table: Startup Fever's beats
and card / Defense questions), `window_wait_s` (of those, the seconds the table waited
on the window alone: a beat with no animation beside it, or a card / Defense question;
a window riding on an animation costs nothing), `longest_idle_s` (seconds from a
person's answer to their next prompt, the longest over people and games; the wait for
the results after the last prompt does not count); overall `median_minutes`,
`prompts_per_human` and `presses_per_human` (medians over people and games),
`median_window_s`, `median_window_wait_s` and `longest_idle_s`.
"""

from __future__ import annotations

import dataclasses
import statistics
from typing import Any

from scenes import registry
from scenes.registry import resolve
from scenes.table.people import STEP_HZ
from scenes.table.results import ResultsScene

MAX_MINUTES = 120.0  # game time: a game still running then is cut off (and said so)


def _screen(game: str, humans: int, cpus: int, seed: int, level: str = "normal"
            ) -> tuple[Any, type]:
    screens = registry.get(game)
    seats = [seat if seat.human else dataclasses.replace(seat, level=level)
             for seat in screens.seats_module().default_seats(humans + cpus, humans)]
    return screens.table_class()(seats, seed=seed), resolve(screens.people)


def _over(app: Any, scene: Any) -> bool:
    top = app.stack.top
    return top is not scene and isinstance(top, ResultsScene)


def play_one(game: str, humans: int, cpus: int, seed: int, answer_after: float,
             level: str = "normal") -> dict[str, Any]:
    """One game at the table; its figures (see the module notes)."""
    from scenes.app import make_app

    scene, people_class = _screen(game, humans, cpus, seed, level)
    app = make_app(scene, headless=True, seed=seed)
    people = people_class(app, scene, answer_after)
    start = app.updates
    limit = int(MAX_MINUTES * 60 * STEP_HZ)
    while not _over(app, scene) and app.updates - start < limit:
        if app.stack.top is scene:
            people()
        app.step()
    minutes = (app.updates - start) / STEP_HZ / 60
    return {"seed": seed, "minutes": round(minutes, 2), "finished": _over(app, scene),
            "prompts": {scene.seats[s].name: n for s, n in people.prompts.items()},
            "presses": {scene.seats[s].name: n for s, n in people.presses.items()},
            "window_s": round(people.window_updates / STEP_HZ, 1),
            "window_wait_s": round(people.window_wait_updates / STEP_HZ, 1),
            "longest_idle_s": round(people.longest_idle, 1)}


def pace(game: str, humans: int, cpus: int, games: int, seed: int = 1,
         answer_after: float = 1.0, out: Any = None, level: str = "normal"
         ) -> dict[str, Any]:
    """`games` games (game g uses seed + g) with computers of `level`; per-game rows
    and the overall figures."""
    rows = []
    for g in range(games):
        row = play_one(game, humans, cpus, seed + g, answer_after, level)
        rows.append(row)
        if out is not None:
            out(format_row(row))
    prompts = [n for r in rows for n in r["prompts"].values()]
    presses = [n for r in rows for n in r["presses"].values()]
    return {"game": game, "humans": humans, "cpus": cpus, "level": level, "games": games,
            "seed": seed,
            "answer_after": answer_after,
            "median_minutes": round(statistics.median(r["minutes"] for r in rows), 2),
            "prompts_per_human": statistics.median(prompts) if prompts else 0,
            "presses_per_human": statistics.median(presses) if presses else 0,
            "median_window_s": round(statistics.median(r["window_s"] for r in rows), 1),
            "median_window_wait_s": round(statistics.median(r["window_wait_s"] for r in rows),
                                          1),
            "longest_idle_s": max((r["longest_idle_s"] for r in rows), default=0.0),
            "unfinished": sum(1 for r in rows if not r["finished"]),
            "per_game": rows}


def format_row(row: dict[str, Any]) -> str:
    prompts = ", ".join(f"{name} {n}" for name, n in row["prompts"].items()) or "none"
    presses = ", ".join(f"{name} {n}" for name, n in row["presses"].items()) or "none"
    cut = "" if row["finished"] else " (cut off)"
    return (f"  seed {row['seed']}: {row['minutes']:.1f} min{cut}; prompts: {prompts}; "
            f"presses: {presses}; card windows {row['window_s']:.0f} s "
            f"({row['window_wait_s']:.0f} s of them waiting); "
            f"longest idle {row['longest_idle_s']:.0f} s")


def format_report(figures: dict[str, Any]) -> str:
    people = "person" if figures["humans"] == 1 else "people"
    return (f"pace {figures['game']}: {figures['humans']} {people} + {figures['cpus']} "
            f"{figures['level'].capitalize()} computers, {figures['games']} games from seed "
            f"{figures['seed']}, answers "
            f"after {figures['answer_after']:g} s: median {figures['median_minutes']:.1f} "
            f"min, {figures['prompts_per_human']:g} prompts and "
            f"{figures['presses_per_human']:g} presses per person (median), "
            f"{figures['median_window_s']:g} s in card windows "
            f"({figures['median_window_wait_s']:g} s of them waiting; medians), longest idle "
            f"{figures['longest_idle_s']:.0f} s")
