"""`python main.py replays [--json]` and `python main.py replay ID|latest --headless
[--json]`: the kept replays (game/replays.py) listed, and one played again.

`replay --headless` plays every action again without drawing and prints the winner and
the scores, which must equal the recorded result (exit 0; 1 if they differ; 2 if the
replay cannot be played: none, damaged, or recorded with other rules). Without
`--headless` the replay opens in the window and plays through the real table screens.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from game import replays
from game.replays import Replay, ReplayProblem, Shelf


def add_parsers(sub: Any) -> None:
    """The two subcommands, added to main.py's parser."""
    listing = sub.add_parser("replays", help="list the finished games kept as replays, "
                                             "newest first")
    listing.add_argument("--json", action="store_true", help="print one JSON list")
    one = sub.add_parser("replay", help="play a kept game again: ID (from `replays`) or "
                                        "latest; --headless: no window, prints the result")
    one.add_argument("id", metavar="ID|latest")
    one.add_argument("--headless", action="store_true",
                     help="no window: play it through without drawing and print the result")
    one.add_argument("--json", action="store_true", help="print one JSON object")


def summary(replay: Replay, size: int | None = None) -> dict[str, Any]:
    """What a listing says of a replay."""
    return {"id": replay.id, "finished": replay.finished, "game": replay.game,
            "title": replay.title,
            "seats": [{"name": s.name, "human": s.human,
                       "level": None if s.human else s.level} for s in replay.seats],
            "winners": replay.winner_names(), "scores": replay.scores,
            "moves": len(replay.moves), **({"bytes": size} if size is not None else {})}


def seat_words(replay: Replay) -> str:
    return ", ".join(s.name + ("" if s.human else f" ({s.level})") for s in replay.seats)


def run_replays(args: Any, shelf: Shelf | None = None,
                out: Callable[[str], None] = print) -> int:
    shelf = shelf or Shelf(replays.default_folder())
    try:
        kept = shelf.all()
    except ReplayProblem as exc:
        print(str(exc), file=sys.stderr)
        return 2
    for line in shelf.problems:
        print(line, file=sys.stderr)
    if args.json:
        out(json.dumps([summary(r, len(r.to_json())) for r in kept]))
        return 0
    if not kept:
        out("No replays yet: every finished game is kept here.")
    for r in kept:
        out(f"{r.id}  {r.finished}  {r.title}: {seat_words(r)}; "
            f"won by {' and '.join(r.winner_names())}")
    return 0


def run_replay(args: Any, shelf: Shelf | None = None,
               out: Callable[[str], None] = print) -> int:
    shelf = shelf or Shelf(replays.default_folder())
    try:
        replay = shelf.load(args.id)
        replays.begin(replay)  # other rules: refused before anything plays
    except ReplayProblem as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 2
    if not args.headless:
        from scenes.app import run_replay_window

        return run_replay_window(replay)
    try:
        state = replays.check(replay)
        same = True
    except ReplayProblem as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 1 if "not the recorded" in str(exc) else 2
    scores = list(state.scores())
    winners = [replay.seats[i].name for i in state.winners()]
    if args.json:
        out(json.dumps({"id": replay.id, "game": replay.game, "winners": winners,
                        "winner_seats": list(state.winners()), "scores": scores,
                        "names": [s.name for s in replay.seats], "moves": len(replay.moves),
                        "reproduced": same}))
    else:
        table = ", ".join(f"{s.name} {v}" for s, v in zip(replay.seats, scores, strict=True))
        out(f"{replay.title} {replay.finished}: {' and '.join(winners)} won ({table}); "
            "the recorded result, reproduced")
    return 0
