"""The compiled Startup Fever engine is used only when asked for and when it matches the
sources (game/engine.py): the game's entry point asks (`main.py`), importing the rules does not.

CI runs the suite on the plain modules, then its rules tests with `UNICORN_ENGINE=compiled`
after `main.py build-engine`; `test_the_engine_asked_for_is_the_one_running` makes sure
the second run really ran compiled code.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import main
from game import engine
from game import startupfever as sf
from game.startupfever import players, rules, sim
from game.tools import build_engine

ROOT = Path(__file__).resolve().parent.parent


def test_the_engine_asked_for_is_the_one_running():
    compiled = [m.__file__.endswith(sysconfig.get_config_var("EXT_SUFFIX"))
                for m in (rules, players, sim)]
    if os.environ.get(engine.ENV) == "compiled":
        assert sf.ENGINE == engine.engine() == "compiled" and all(compiled)
        assert all(Path(m.__file__).is_relative_to(engine.HOME) for m in (rules, sim))
    else:
        assert compiled == [sf.ENGINE == "compiled"] * 3


def test_any_change_to_a_compiled_source_makes_a_new_digest(tmp_path):
    (part,) = engine.parts()
    assert part.package == "game.startupfever"
    sources = tmp_path / "startupfever"
    shutil.copytree(part.sources, sources)
    before = engine.digest({part.package: sources})
    assert before == engine.digest()
    path = sources / "employees.py"
    path.write_text(path.read_text() + "\n")
    assert engine.digest({part.package: sources}) != before


def _which_engine(home: Path, env: str | None, entry: bool = True
                  ) -> subprocess.CompletedProcess:
    """A fresh process that points the engine at `home` and imports the rules; `entry`:
    after calling `install()` first, as the game's entry point (`main.py`) does."""
    code = (f"from pathlib import Path; import sys; import game.engine as e; "
            f"e.HOME = Path({str(home)!r}); hooks = len(sys.meta_path); "
            + ("e.install(); " if entry else "") +
            "import game.startupfever as sf; from game.startupfever import rules; "
            "print(sf.ENGINE, len(sys.meta_path) - hooks, rules.__file__)")
    environ = {k: v for k, v in os.environ.items() if k != engine.ENV}
    if env is not None:
        environ[engine.ENV] = env
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environ,
                          capture_output=True, text=True, timeout=60)


def test_no_build_or_a_stale_one_runs_the_plain_modules(tmp_path):
    stale = tmp_path / "0123456789abcdef0123"  # another digest: sources edited since
    stale.mkdir()
    (stale / "manifest.json").write_text("{}")
    run = _which_engine(tmp_path, None)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[0] == "python" and run.stdout.strip().endswith("rules.py")


def test_asking_for_the_compiled_engine_without_a_build_says_how_to_build_it(tmp_path):
    run = _which_engine(tmp_path, "compiled")
    assert run.returncode != 0
    assert "EngineError" in run.stderr and "build-engine" in run.stderr.splitlines()[-1]


def _current_build(home: Path, damaged: bool = False) -> None:
    """A build folder for the current sources under `home` whose module files are empty
    (importing one fails loudly) and, if `damaged`, one of them is missing."""
    folder = home / engine.digest()
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    target = folder / "game" / "startupfever"
    target.mkdir(parents=True)
    for m in engine.parts()[0].modules[1 if damaged else 0:]:
        (target / f"{m}{suffix}").write_bytes(b"")
    (folder / "manifest.json").write_text("{}")


def test_the_plain_modules_can_be_forced_over_a_current_build(tmp_path):
    _current_build(tmp_path)  # empty module files: importing them would fail loudly
    run = _which_engine(tmp_path, "python")
    assert run.returncode == 0 and run.stdout.split()[0] == "python", run.stderr
    assert _which_engine(tmp_path, None).returncode != 0  # proof that it would be used


def test_importing_the_rules_installs_no_import_hook_unless_asked(tmp_path):
    _current_build(tmp_path)  # empty module files: importing them would fail loudly
    run = _which_engine(tmp_path, None, entry=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[:2] == ["python", "0"]
    assert _which_engine(tmp_path, "compiled", entry=False).returncode != 0  # asked: used


def test_the_entry_point_asks_before_any_rules_are_imported(tmp_path):
    """The command line knows the games (their `info`), yet no compiled module is loaded
    before it asks for the engine."""
    code = ("import sys, main, game.engine as e; "
            "e.install = lambda: print(sorted(m for m in sys.modules if m in "
            "e._FirstUse().names), 'installed') or 'python'; "
            "main.main(['sim', 'startupfever', '--games', '1', '--players', '2', '--json'])")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0] == "[] installed"


def test_a_build_missing_a_module_is_not_used(tmp_path):
    _current_build(tmp_path, damaged=True)
    run = _which_engine(tmp_path, None)
    assert run.returncode == 0 and run.stdout.split()[0] == "python", run.stderr


def test_building_without_mypyc_is_one_clear_line_and_status_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(engine, "HOME", tmp_path)
    monkeypatch.setitem(sys.modules, "mypyc", None)  # as if not installed
    with pytest.raises(engine.EngineError, match="--group engine"):
        build_engine.build(home=tmp_path)
    assert main.main(["build-engine"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("build-engine: mypyc is not installed")
