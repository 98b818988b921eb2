"""The Startup Fever rules compiled by mypyc: built on request, used when it is current.

The compiled engine is the very same `.py` files of `game/startupfever/` turned into C
extensions by mypyc (no second copy of any rule). `python main.py build-engine` builds it
into `.engine/<digest>/` beside the project, where `<digest>` is a hash of the Python
version and of every compiled source file. `game.startupfever` calls `install()` before
it imports its modules: when a build for exactly these sources exists, an import hook
loads the compiled modules from there; otherwise (no build, or a source edited since)
the plain Python modules run, unchanged. A stale build is never used, and nothing
compiled ever lies beside the sources to shadow them.

`UNICORN_ENGINE=python` forces the plain modules; `UNICORN_ENGINE=compiled` makes a
missing build an error (CI runs the whole suite a second time that way). Building needs
a C compiler and the `engine` dependency group (mypy):
`uv run --group engine main.py build-engine`.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = "game.startupfever"
#: the modules compiled: the state, the rules, the seat views, the simple players and the
#: simulator (the actions, events and the search stay plain Python: compiled, an action
#: would refuse a wrongly typed field when built, not when applied as `apply` promises)
MODULES = ("fields", "state", "usertrack", "cards", "employees", "effects", "yearend",
           "persist", "rules", "views", "players", "sim")
ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "game" / "startupfever"
HOME = ROOT / ".engine"
ENV = "UNICORN_ENGINE"
#: mypyc settings: the events and actions are imported by compiled modules but not
#: compiled; their dataclass fast paths need not type-check
MYPY_CONFIG = ("[mypy]\n[mypy-game.startupfever.events,game.startupfever.actions]\n"
               "ignore_errors = True\n")


class EngineError(RuntimeError):
    """The compiled engine was required but cannot be built or found."""


def digest(sources: Path = SOURCES) -> str:
    """What a build is valid for: this Python's ABI and every compiled module's text."""
    h = hashlib.sha256(sys.implementation.cache_tag.encode())
    h.update(sysconfig.get_config_var("EXT_SUFFIX").encode())
    for name in MODULES:
        h.update(name.encode())
        h.update((sources / f"{name}.py").read_bytes())
    return h.hexdigest()[:20]


def build_dir(home: Path | None = None) -> Path:
    """The folder of the build for the current sources (`home`: HOME)."""
    return (home or HOME) / digest()


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules of `PACKAGE` in a build folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        self.files = {f"{PACKAGE}.{m}": folder / PACKAGE.replace(".", "/") / f"{m}{suffix}"
                      for m in MODULES}

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(name)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(name, str(file))
        return importlib.util.spec_from_file_location(name, file, loader=loader)


_installed: str | None = None


def install() -> str:
    """Use the compiled engine if a current build exists; return "compiled" or "python".
    Called once by `game.startupfever` before its modules are imported."""
    global _installed
    if _installed is not None:
        return _installed
    wanted = os.environ.get(ENV, "")
    folder = build_dir()
    finder = _Finder(folder)
    ready = wanted != "python" and (folder / "manifest.json").is_file() \
        and all(file.is_file() for file in finder.files.values())  # a damaged build: unused
    if wanted == "compiled" and not ready:
        raise EngineError(f"{ENV}=compiled, but no engine is built for these sources: run "
                          "`uv run --group engine main.py build-engine`")
    if ready:
        sys.path.append(str(folder))  # the modules' shared library is a top-level module
        sys.meta_path.insert(0, finder)
    _installed = "compiled" if ready else "python"
    return _installed


def engine() -> str:
    """Which engine runs the Startup Fever rules in this process."""
    return _installed or "python"


_SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify
setup(name="startupfever-engine", script_args=["build_ext", "--inplace"],
      ext_modules=mypycify(["--config-file", "mypy.ini"] + sys.argv[1:], opt_level="3"))
"""


def build(home: Path | None = None) -> Path:
    """Compile the modules with mypyc into `home/<digest>/` (`home`: HOME) and return that
    folder (kept as it is when already built). Older builds in `home` are removed."""
    home = home or HOME
    folder = build_dir(home)
    if (folder / "manifest.json").is_file():
        return folder
    try:
        import mypyc  # noqa: F401
    except ImportError as exc:
        raise EngineError("mypyc is not installed: run "
                          "`uv run --group engine main.py build-engine`") from exc
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shutil.copytree(ROOT / "game", work / "game",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        (work / "mypy.ini").write_text(MYPY_CONFIG)
        (work / "setup.py").write_text(_SETUP)
        files = [f"game/startupfever/{m}.py" for m in MODULES]
        run = subprocess.run([sys.executable, "setup.py", *files], cwd=work,
                             capture_output=True, text=True)
        if run.returncode != 0:
            raise EngineError("mypyc failed:\n" + (run.stdout + run.stderr)[-4000:])
        staged = home / f".{folder.name}.tmp"
        shutil.rmtree(staged, ignore_errors=True)
        target = staged / PACKAGE.replace(".", "/")
        target.mkdir(parents=True)
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        for shared in work.glob(f"*__mypyc{suffix}"):
            shutil.copy2(shared, staged / shared.name)
        for m in MODULES:
            shutil.copy2(work / "game" / "startupfever" / f"{m}{suffix}", target)
    (staged / "manifest.json").write_text(json.dumps(
        {"modules": list(MODULES), "python": sys.version.split()[0]}, indent=1))
    for old in home.iterdir():
        if old.is_dir() and old != staged:
            shutil.rmtree(old, ignore_errors=True)
    staged.rename(folder)
    return folder
