"""`python main.py random-input --updates N`: random presses from the title, every screen.

A seeded stream of random input (keyboard keys, four pads' buttons, mouse moves and
clicks, typed letters) drives the whole program headless from the title: menus, lobbies,
both games, pause menus, settings, How to play, the demos. Quitting is ignored, so the
run goes on for all N updates. It reports RSS every `every` updates and the growth from
update 10,000 (caches warm, both games met) to the end: a leak shows as a climb.
Crashes surface as the exception they are (the hostile-input run counts them).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from scenes.app import make_app, use_dummy_drivers
from scenes.engine.input import BUTTONS, CLICK, KEYBOARD, POINT, TEXT, Action
from scenes.tools.procstats import rss_mb

DEVICES = (KEYBOARD, "pad:0", "pad:1", "pad:2", "pad:3")
WEIGHTS = {"confirm": 4, "back": 1, "pause": 1}  # others 1: forward more than back
BASELINE = 10_000  # the update whose RSS the end is compared with


def random_action(rng: random.Random) -> Action:
    """One random press, mouse event or typed text."""
    roll = rng.random()
    if roll < 0.08:
        pos = (rng.randrange(1280), rng.randrange(720))
        return Action(rng.choice((POINT, CLICK)), "mouse", True, pos=pos)
    if roll < 0.1:
        return Action(TEXT, KEYBOARD, text=rng.choice("abcdefghij -"))
    name = rng.choices(BUTTONS, [WEIGHTS.get(b, 1) for b in BUTTONS])[0]
    return Action(name, rng.choice(DEVICES))


def run_random_input(updates: int, *, seed: int = 1, rate: float = 0.25, every: int = 5000,
                     draw_every: int = 2, out: Callable[[str], None] = print
                     ) -> dict[str, Any]:
    """Drive the program `updates` updates with random input; the RSS figures."""
    use_dummy_drivers()
    rng = random.Random(seed)
    app = make_app(headless=True, seed=seed)
    quits = Counter()
    app.quit = lambda: quits.update(["quit"])  # type: ignore[method-assign]
    screens: Counter[str] = Counter()
    rss: dict[int, float] = {0: round(rss_mb(), 1)}
    held: list[Action] = []
    for update in range(1, updates + 1):
        if rng.random() < rate:
            action = random_action(rng)
            app._dispatch(action)
            if action.name in BUTTONS:
                held.append(action)
        if held and rng.random() < 0.5:  # releases, a little later
            done = held.pop(0)
            app._dispatch(Action(done.name, done.device, False))
        app.step()
        if update % draw_every == 0:
            app.render(0.5)
        screens[type(app.stack.top).__name__] += 1
        if update % every == 0 or update == BASELINE:
            rss[update] = round(rss_mb(), 1)
            out(f"  update {update:7d}: RSS {rss[update]:.1f} MB on {type(app.stack.top).__name__}")
    base = rss.get(BASELINE, rss[0])
    end = rss[max(rss)]
    out(f"random input: {updates} updates, RSS {rss[0]:.1f} MB at start, {base:.1f} at "
        f"update {BASELINE:,}, {end:.1f} at the end ({end - base:+.1f} MB); "
        f"{len(screens)} screens seen, {quits['quit']} quits ignored")
    return {"updates": updates, "seed": seed, "rss_mb": rss, "rss_start_mb": rss[0],
            "rss_baseline_mb": base, "rss_end_mb": end, "growth_mb": round(end - base, 1),
            "screens": dict(screens)}
