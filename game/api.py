"""The rules API both games implement, written down as types (see game/API.md).

`RulesState` is what `new_game` and `from_json` of `game.servermania` and
`game.startupfever` return; `RulesModule` is the shape of those two packages. The
drivers (scenes, simulator, stress, matchup, tests) use nothing else, so a third game
that satisfies these two protocols plays on the same table. Both are plain
`typing.Protocol`s: nothing inherits from them, `isinstance(state, RulesState)` checks
the names at run time and mypy checks the signatures.
"""

from __future__ import annotations

from typing import Any, Protocol, Self, runtime_checkable


@runtime_checkable
class RulesState(Protocol):
    """One game in progress: whose move, what is legal, and `apply`."""

    #: the seat whose turn it is (also during its chance steps)
    turn_seat: int

    @property
    def current_player(self) -> int:
        """The seat that decides now (>= 0), `CHANCE` (-1) when a die roll, a card draw
        or a random pick is due, `TERMINAL` (-2) once the game is over."""
        ...

    def legal_actions(self) -> list[Any]:
        """The actions `current_player` may take; at a chance step, the outcomes."""
        ...

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """At a chance step: every outcome with its probability (they sum to 1)."""
        ...

    def sample_chance(self) -> Any:
        """At a chance step: one outcome drawn with the state's own seeded RNG."""
        ...

    def apply(self, action: Any) -> list[Any]:
        """Play a legal action or chance outcome; return the events it caused, in order.
        Anything else raises the game's `IllegalAction` and changes nothing."""
        ...

    def apply_quiet(self, action: Any) -> None:
        """`apply` for the simulator's and the search's loops: the same rules, no event
        built. Only for an action this very state just listed or sampled."""
        ...

    def observation(self, seat: int) -> dict[str, Any]:
        """What `seat` may see, as plain data: hidden cards and the RNG left out."""
        ...

    def clone(self) -> Self:
        """An independent copy (the same future: the RNG is copied too)."""
        ...

    def to_json(self) -> str:
        """The whole game as versioned JSON; the game's `from_json` restores it exactly."""
        ...

    def is_terminal(self) -> bool:
        """The game is over."""
        ...

    def scores(self) -> list[int]:
        """One number per seat: SERVERMANIA final money, Startup Fever victory points."""
        ...

    def winners(self) -> list[int]:
        """The seats that share the win (see game/API.md for mid-game values)."""
        ...

    def returns(self) -> list[float]:
        """Per seat: 1/len(winners) for each winner once the game is over, else 0.0."""
        ...


class RulesModule(Protocol):
    """A game's rules package: `game.servermania` and `game.startupfever` both fit."""

    @property
    def CHANCE(self) -> int:  # noqa: N802 (the module constant's name)
        """`current_player` while a chance step waits (-1)."""
        ...

    @property
    def TERMINAL(self) -> int:  # noqa: N802
        """`current_player` once the game is over (-2)."""
        ...

    @property
    def IllegalAction(self) -> type[ValueError]:  # noqa: N802 (the class's name)
        """Raised by `apply` for anything not legal now; the state is unchanged."""
        ...

    @property
    def SaveError(self) -> type[ValueError]:  # noqa: N802
        """Raised by `from_json` for a broken or foreign save."""
        ...

    def new_game(self, players: Any = ..., seed: int | None = ...) -> RulesState:
        """A new game: players as a count or as names; the same seed, the same game."""
        ...

    def from_json(self, text: Any) -> RulesState:
        """Rebuild a saved game; a broken save raises `SaveError` saying why."""
        ...

