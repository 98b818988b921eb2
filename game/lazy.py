"""A package whose public names are imported when first used (PEP 562).

Each game's package is imported whenever the registry looks for the games (its
`info.py`), e.g. by the title screen; its rules load on the first use of one of its names:

    __getattr__ = exports(__name__, {"new_game": "state", "CHANCE": "stages"})

`from game.servermania import new_game` and `game.servermania.state` both work as if the
package imported everything itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def exports(package: str, where: dict[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` for `package`: a name of `where` is read from the submodule
    it names, any other name is tried as a submodule (then AttributeError)."""

    def __getattr__(name: str) -> Any:  # noqa: N807 (the module hook's own name)
        module = where.get(name)
        if module is not None:
            return getattr(importlib.import_module(f"{package}.{module}"), name)
        if name.startswith("__"):
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.{name}":
                raise
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None

    return __getattr__
