"""The shipped code's import graph (game/ and scenes/): no circles, nothing imports upwards,
and neither game's screens import the other's.

Every `import` counts, at the top of a module, inside a function (a circle hidden in a
function is still a circle) or under `if TYPE_CHECKING:` (a circle for the type checker
is still two modules that need each other: a seam is written as a `Protocol` beside the
module that uses it instead, e.g. `scenes.engine.scene.Host`, `scenes.table.driver.Table`).
The layers, lowest first; a module may import its own layer or a lower one:

0. `game` (rules, AI, saves) - headless; 1. `game.tools` (bench, stress, the engine builder)
2. `scenes.engine` (loop, stack, input, widgets, the screen registry)
3. screen parts any screen may use: overlays, seating, saving, the lobby, settings, ...
4. `scenes.table` (what both games' tables share); 5. `scenes.servermania`, `scenes.startupfever`
6. the screens that lead to the games: the title, the demo, the pause menu, How to play,
   a game with phone seats from the command line (`scenes.phone_game`), Past games and
   the replay viewer
7. `scenes.app` (start-up: fills the registry); 8. `scenes.tools` (measurements that draw)

A screen above asks for another by name (`app.screens.make("title")`, filled by
`scenes.app.SCREENS`) instead of importing it.
"""

from __future__ import annotations

import ast
from pathlib import Path

from scenes import registry

ROOT = Path(__file__).resolve().parent.parent
SCREENS = {"scenes.title", "scenes.demo", "scenes.pause", "scenes.howto", "scenes.phone_game",
           "scenes.past_games", "scenes.replay_view"}
GAMES = registry.ids()  # each game's screens package: layer 5


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, modules: set[str], root: Path = ROOT) -> set[str]:
    """The modules of `modules` that the file at `path` imports (anywhere in it)."""
    me = module_name(path, root)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found: set[str] = set()
    todo: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while todo:
        for node in ast.iter_child_nodes(todo.pop()):
            todo.append(node)
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    found.add(sub if sub in modules else base)
    return {m for m in found if m in modules and m != me}


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    files = sorted(p for top in ("game", "scenes") for p in (root / top).rglob("*.py"))
    modules = {module_name(p, root) for p in files}
    return {module_name(p, root): imports_of(p, modules, root) for p in files}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def layer(module: str) -> int:
    """The module's layer (see the docstring above)."""
    parts = module.split(".")
    if parts[0] == "game":
        return 1 if parts[1:2] == ["tools"] else 0
    if len(parts) == 1 or parts[1] == "engine":
        return 2
    if parts[1] == "table":
        return 4
    if parts[1] in GAMES:
        return 5
    if module in SCREENS:
        return 6
    if parts[1] == "app":
        return 7
    if parts[1] == "tools":
        return 8
    return 3


def upward(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    return sorted((a, b) for a, targets in graph.items() for b in targets if layer(b) > layer(a))


def game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "scenes" and parts[1:2] and parts[1] in GAMES else None


def between_games(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    return sorted((a, b) for a, targets in graph.items() for b in targets
                  if game_of(a) and game_of(b) and game_of(a) != game_of(b))


# -- the shipped code ------------------------------------------------------------------------

def test_no_import_circles():
    assert circles(import_graph()) == []


def test_no_module_imports_a_layer_above_its_own():
    assert upward(import_graph()) == []


def test_neither_games_screens_import_the_others():
    assert between_games(import_graph()) == []


def test_game_never_imports_scenes_or_pygame():
    graph = import_graph()
    assert not [(a, b) for a, targets in graph.items() for b in targets
                if a.startswith("game") and b.startswith("scenes")]
    for path in (ROOT / "game").rglob("*.py"):
        names = imports_of(path, {"pygame"})
        assert "pygame" not in names, path


def test_every_registered_screen_sits_above_the_modules_that_ask_for_it():
    from scenes.app import SCREENS as REGISTERED

    for name, where in REGISTERED.items():
        assert layer(where.partition(":")[0]) >= 5, name


# -- the checks themselves catch what they are for ----------------------------------------------

def _tree(tmp_path: Path, files: dict[str, str]) -> dict[str, set[str]]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for top in ("game", "scenes"):
        (tmp_path / top).mkdir(exist_ok=True)
    return import_graph(tmp_path)


def test_a_circle_hidden_in_a_function_is_found(tmp_path):
    graph = _tree(tmp_path, {
        "scenes/__init__.py": "",
        "scenes/a.py": "from scenes import b\n",
        "scenes/b.py": "def f():\n    from scenes.a import x\n",
        "scenes/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                       "    from scenes import a\n",
        "scenes/d.py": "from . import c\n",
    })
    assert circles(graph) == [["scenes.a", "scenes.b"]]
    assert graph["scenes.c"] == {"scenes.a"} and graph["scenes.d"] == {"scenes.c"}


def test_a_circle_held_by_a_type_checking_import_is_found(tmp_path):
    graph = _tree(tmp_path, {
        "scenes/__init__.py": "",
        "scenes/scene.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                           "    from scenes.app import App\n",
        "scenes/app.py": "from scenes.scene import Scene\n",
    })
    assert circles(graph) == [["scenes.app", "scenes.scene"]]


def test_an_upward_import_and_a_cross_game_import_are_found(tmp_path):
    graph = _tree(tmp_path, {
        "scenes/overlays.py": "from scenes.title import TitleScene\n",
        "scenes/title.py": "",
        "scenes/servermania/look.py": "",
        "scenes/startupfever/look.py": "from ..servermania import look\n",
        "scenes/table/screen.py": "import scenes.startupfever.look\n",
    })
    assert upward(graph) == [("scenes.overlays", "scenes.title"),
                             ("scenes.table.screen", "scenes.startupfever.look")]
    assert between_games(graph) == [("scenes.startupfever.look", "scenes.servermania.look")]
