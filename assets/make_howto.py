"""Take the pictures of Startup Fever's How to play pages from the real table.

`python3 -m uv run python assets/make_howto.py [out folder]` plays seeded games of rule
players headless, opens the real table scene (`scenes/startupfever/table_scene.py`) at
the wanted moments and crops what a page talks about -> assets/howto/*.png. Re-run it
after the table's look changes and commit the pictures with it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game import startupfever as sf  # noqa: E402
from game.startupfever.players import RulePlayer  # noqa: E402
from scenes.app import make_app  # noqa: E402
from scenes.engine.settings import Settings  # noqa: E402
from scenes.startupfever.model import TableModel  # noqa: E402
from scenes.startupfever.seats import default_seats  # noqa: E402
from scenes.startupfever.table_scene import TableScene  # noqa: E402

OUT = Path(__file__).resolve().parent / "howto"


def play_until(state: sf.State, done: Callable[[sf.State], bool]) -> sf.State:
    agents = [RulePlayer(i) for i in range(len(state.players))]
    for _ in range(40_000):
        if done(state):
            return state
        seat = state.current_player
        state.apply(state.sample_chance() if seat == sf.CHANCE
                    else agents[seat].decide(state, state.legal_actions()))
    raise SystemExit("the wanted moment never came")


def table(state: sf.State, humans: int = 0) -> tuple:
    settings = Settings()
    settings.coach = False  # the table as it is, without a tip over it
    app = make_app(TableScene(default_seats(len(state.players), humans=humans), state=state,
                              pace=1.0), headless=True, seed=1, settings=settings)
    app.display.canvas = pygame.Surface((1280, 720))
    return app, app.stack.top


def run(app, scene, done: Callable[[], bool], limit: int = 20_000) -> None:
    for _ in range(limit):
        if done():
            break
        app.step()
    app.render(1.0)


def crop(app, rect: tuple[int, int, int, int], name: str, out: Path) -> None:
    picture = app.display.canvas.subsurface(pygame.Rect(rect)).copy()
    pygame.image.save(picture, str(out / f"{name}.png"))
    print(f"{name}.png {picture.get_size()}")


def main(out: Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    # the User Track in year 3 with VP on it, and the products with their staff
    # (the table view alone: no card or banner of the moment over it)
    state = play_until(sf.new_game(4, seed=5), lambda s: s.stage == "window" and sum(
        p.launched for p in s.products.values()) >= 6)
    app, scene = table(state)
    scene.view.draw(app.display.canvas, TableModel.from_state(state))
    crop(app, (0, 0, 904, 250), "track", out)
    areas = app.display.canvas.subsurface((0, 252, 460, 166)).copy()  # two rows of two
    legend = app.display.canvas.subsurface(scene.view.place("log").move(0, 0).clip(
        (470, 500, 430, 40))).copy()
    both = pygame.Surface((460, 166 + 8 + legend.get_height()))
    both.fill((30, 26, 56))
    both.blit(areas, (0, 0))
    both.blit(legend, (0, 174))
    pygame.image.save(both, str(out / "products.png"))
    print(f"products.png {both.get_size()}")
    # a person's Manage Employees prompt
    state = play_until(sf.new_game(4, seed=3),
                       lambda s: s.stage == "manage" and s.current_player == 0 and s.year >= 2)
    app, scene = table(state, humans=1)
    run(app, scene, lambda: scene.decision is not None and scene.decision.t > 0.5)
    crop(app, (0, 0, 904, 664), "manage", out)
    # a showdown at year end
    state = play_until(sf.new_game(3, seed=2), lambda s: s.stage == "comp_roll")
    app, scene = table(state)
    run(app, scene, lambda: scene.showdown.active and scene.showdown.phase == "ranks"
        and scene.showdown.settled)
    crop(app, scene.showdown.rect().inflate(24, 24).clip(pygame.Rect(0, 0, 1280, 720)),
         "showdown", out)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
