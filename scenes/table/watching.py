"""The door to a kept game's replay, from the results or Past games: the replay screen
is asked for by name (`app.screens.make("replay", ...)`, scenes/replay_view.py), so the
screens that lead to it need not import it."""

from __future__ import annotations

from typing import Any

from game.replays import ReplayProblem


def watch(app: Any, replay_id: str, back: str = "title") -> bool:
    """Open the replay `replay_id` of the app's shelf on its table (back: "past" or
    "title", where leaving it goes); False, with a one-line notice, if it cannot be
    played: gone, damaged, or recorded with other rules."""
    try:
        replay = app.replays.load(replay_id)
        viewer = app.screens.make("replay", replay, back)
    except ReplayProblem as exc:
        app.toasts.show(str(exc)[:100])
        app.audio.play("error")
        return False
    app.stack.replace(viewer)
    return True
