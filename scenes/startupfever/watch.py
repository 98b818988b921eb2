"""How fast Startup Fever's demo plays, and the moments a watcher must be able to follow.

The demo plays the game at `DEMO_PACE` (3× the normal pace) so that a whole game fits a
few minutes, but three moments run on a slower "watch" clock so someone on the sofa can
read them: every Event Card's front stays up at least 2 s, every showdown lasts at least
4 s, and the winner screen stays 8 s (the results' `DEMO_RESTART` at speed 1) before the
next game. `--speed`
(the demo's `pace`) still makes all of them faster: the watch clock grows with
`pace / DEMO_PACE`.
"""

from __future__ import annotations

from scenes.startupfever.info import DEMO_PACE  # `main.py demo startupfever` without --speed

__all__ = ["DEMO_PACE", "results_speed", "watch_speed"]
WATCH_PACE = 0.9  # Event Cards and showdowns in the demo, at its default pace


def watch_speed(anim_speed: float, pace: float, fast: float) -> float:
    """The speed of the cards and showdowns of a demo playing at `pace`."""
    return anim_speed * fast * WATCH_PACE * pace / DEMO_PACE


def results_speed(anim_speed: float, pace: float) -> float:
    """The demo's results screen: its restart timer runs at this speed."""
    return anim_speed * pace / DEMO_PACE
