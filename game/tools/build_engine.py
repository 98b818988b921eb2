"""`python main.py build-engine`: compile the games' rules with mypyc (the modules each
game's `GameInfo.compiled` names; `game/engine.py`).

The build goes into `.engine/<digest>/` beside the project (`game.engine.HOME`), where
`game.engine` finds and loads it while it matches the sources. Building needs a C compiler
and the `engine` dependency group (mypy): `uv run --group engine main.py build-engine`.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from game import engine
from game.engine import ROOT, EngineError, build_dir, parts


def mypy_config() -> str:
    """mypyc's settings: a library without type stubs is taken as untyped (as the
    project's own mypy settings do), and the modules imported by compiled ones but not
    compiled (a game's events and actions) need not type-check (their dataclass fast
    paths)."""
    beside = ",".join(f"{p.package}.{m}" for p in parts() for m in p.beside)
    ignored = f"[mypy-{beside}]\nignore_errors = True\n" if beside else ""
    return "[mypy]\nignore_missing_imports = True\n" + ignored


_SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify
setup(name="unicorn-engine", script_args=["build_ext", "--inplace"],
      ext_modules=mypycify(["--config-file", "mypy.ini"] + sys.argv[1:], opt_level="3"))
"""


def build(home: Path | None = None) -> Path:
    """Compile the modules with mypyc into `home/<digest>/` (`home`: HOME) and return that
    folder (kept as it is when already built). Older builds in `home` are removed."""
    home = home or engine.HOME
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
        (work / "mypy.ini").write_text(mypy_config())
        (work / "setup.py").write_text(_SETUP)
        files = [f"{p.package.replace('.', '/')}/{m}.py" for p in parts() for m in p.modules]
        run = subprocess.run([sys.executable, "setup.py", *files], cwd=work,
                             capture_output=True, text=True)
        if run.returncode != 0:
            raise EngineError("mypyc failed:\n" + (run.stdout + run.stderr)[-4000:])
        staged = home / f".{folder.name}.tmp"
        shutil.rmtree(staged, ignore_errors=True)
        staged.mkdir(parents=True)
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        for shared in work.glob(f"*__mypyc{suffix}"):
            shutil.copy2(shared, staged / shared.name)
        for part in parts():
            package = part.package.replace(".", "/")
            target = staged / package
            target.mkdir(parents=True)
            for m in part.modules:
                shutil.copy2(work / package / f"{m}{suffix}", target)
    (staged / "manifest.json").write_text(json.dumps(
        {"modules": [name for p in parts() for name in p.names()],
         "python": sys.version.split()[0]}, indent=1))
    for old in home.iterdir():
        if old.is_dir() and old != staged:
            shutil.rmtree(old, ignore_errors=True)
    staged.rename(folder)
    return folder
