"""The rules compiled by mypyc: built on request, used when asked for and current.

A game names the modules of its rules package to compile in its `GameInfo.compiled`
(`game/<game>/info.py`; today only Startup Fever, whose simulator and Hard player need
the speed). The compiled engine is the very same `.py` files turned into C extensions by
mypyc (no second copy of any rule). `python main.py build-engine`
(`game.tools.build_engine`) builds it into `.engine/<digest>/` beside the project, where
`<digest>` is a hash of the Python version and of every compiled source file.

Importing a rules package changes nothing by itself: the plain modules run. The game's
entry point (`main.py`, every command) calls `install()` first: when a build for exactly
these sources exists, an import hook loads the compiled modules from there; otherwise (no
build, or a source edited since) the plain Python modules run, unchanged. A stale build is
never used, and nothing compiled ever lies beside the sources to shadow them. The game
window (`main.py` / `play`) asks with `install_on_first_use()` instead: its title needs no
rules, so the check runs when the first compiled module is about to be imported.
This module imports little (hashing and import machinery only when a check runs).

`UNICORN_ENGINE=python` forces the plain modules; `UNICORN_ENGINE=compiled` asks for the
compiled engine in any process that imports the rules (a test run too) and makes a missing
build an error (CI runs the rules tests, `pytest -m rules`, a second time that way).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import importlib.machinery

ROOT = Path(__file__).resolve().parent.parent
HOME = ROOT / ".engine"
ENV = "UNICORN_ENGINE"


@dataclass(frozen=True)
class Part:
    """One rules package's share of the engine: the package, the modules compiled and
    those they import that stay plain (`GameInfo.compiled`, `.compiled_beside`)."""

    package: str
    modules: tuple[str, ...]
    beside: tuple[str, ...] = ()

    @property
    def sources(self) -> Path:
        """The package's folder of `.py` files."""
        return ROOT.joinpath(*self.package.split("."))

    def names(self) -> list[str]:
        """The compiled modules' import names."""
        return [f"{self.package}.{m}" for m in self.modules]


def parts() -> tuple[Part, ...]:
    """What the engine compiles: each registered game's `compiled` modules."""
    from game import registry

    return tuple(Part(info.rules, info.compiled, info.compiled_beside)
                 for info in registry.games() if info.compiled)


class EngineError(RuntimeError):
    """The compiled engine was required but cannot be built or found."""


def digest(sources: dict[str, Path] | None = None) -> str:
    """What a build is valid for: this Python's ABI and every compiled module's text
    (`sources`: a package's folder by package name, to read another copy of the files)."""
    import hashlib
    import sysconfig

    h = hashlib.sha256(sys.implementation.cache_tag.encode())
    h.update(sysconfig.get_config_var("EXT_SUFFIX").encode())
    for part in parts():
        folder = (sources or {}).get(part.package, part.sources)
        for name in part.modules:
            h.update(name.encode())
            h.update((folder / f"{name}.py").read_bytes())
    return h.hexdigest()[:20]


def build_dir(home: Path | None = None) -> Path:
    """The folder of the build for the current sources (`home`: HOME)."""
    return (home or HOME) / digest()


class _Finder:
    """Finds the compiled modules of every `Part` in a build folder (a meta path finder)."""

    def __init__(self, folder: Path) -> None:
        import sysconfig

        self.folder = folder
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        self.files = {f"{p.package}.{m}": folder / p.package.replace(".", "/") / f"{m}{suffix}"
                      for p in parts() for m in p.modules}

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(name)
        if file is None:
            return None
        import importlib.machinery
        import importlib.util

        loader = importlib.machinery.ExtensionFileLoader(name, str(file))
        return importlib.util.spec_from_file_location(name, file, loader=loader)


_installed: str | None = None
_finder: _Finder | None = None


class _FirstUse:
    """A meta path finder that runs `install()` when the first compiled module is about to
    be imported, then leaves (`install_on_first_use`)."""

    def __init__(self) -> None:
        self.names = frozenset(name for part in parts() for name in part.names())

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in self.names:
            return None
        _drop_first_use()
        install()
        return _finder.find_spec(name) if _finder is not None else None


def _drop_first_use() -> None:
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _FirstUse)]


def install_on_first_use() -> None:
    """`install()` when the first compiled module is imported rather than now (the game
    window: its title needs no rules, and start-up stays quick; or the environment asked,
    `asked()`, and the rules package is imported)."""
    if _installed is None and not any(isinstance(f, _FirstUse) for f in sys.meta_path):
        sys.meta_path.insert(0, _FirstUse())


def asked() -> bool:
    """Whether the environment asks for the compiled engine (`UNICORN_ENGINE=compiled`)."""
    return os.environ.get(ENV, "") == "compiled"


def install() -> str:
    """Use the compiled engine if a current build exists; return "compiled" or "python".
    Called by `main.py` before any rules are imported, or through `install_on_first_use`.
    Once a rules module runs plain, it stays plain in this process."""
    global _installed, _finder
    if _installed is not None:
        return _installed
    _drop_first_use()
    wanted = os.environ.get(ENV, "")
    folder = build_dir()
    finder = _Finder(folder)
    ready = wanted != "python" and (folder / "manifest.json").is_file() \
        and all(file.is_file() for file in finder.files.values())  # a damaged build: unused
    if wanted == "compiled" and not ready:
        raise EngineError(f"{ENV}=compiled, but no engine is built for these sources: run "
                          "`uv run --group engine main.py build-engine`")
    if any(name in sys.modules for name in finder.files):
        ready = False  # plain modules already run: never mix them with compiled ones
    if ready:
        sys.path.append(str(folder))  # the modules' shared library is a top-level module
        sys.meta_path.insert(0, finder)
        _finder = finder
    _installed = "compiled" if ready else "python"
    return _installed


def engine() -> str:
    """Which engine runs the compiled games' rules in this process."""
    return _installed or "python"
