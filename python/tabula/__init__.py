"""tabula: deterministic rules engines for tabletop games, from Python.

Every game is a class with the same methods (``tabula.SequenceDice``, ...; ``tabula.GAMES``
maps each game's name to its class)::

    import random, tabula

    game = tabula.new_game("sequence-dice", players=2, seed=7)
    rng = random.Random(7)
    while not game.is_over:
        if game.is_chance:
            outcomes = game.chance_outcomes()          # (Action, Fraction) pairs
            game.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            game.apply(rng.choice(game.legal_actions()))
    print(game)                                        # the board, for a terminal
    print(game.outcome())

Refusals raise the exceptions of :mod:`tabula.errors` (re-exported here) with the engine's
message; an illegal action leaves the state unchanged. ``import tabula.openspiel`` registers
the games with OpenSpiel (``pip install "tabula[openspiel]"``). See ``docs/python.md``.
"""

import abc
import os
from typing import TYPE_CHECKING, Dict, Union

from . import _tabula
from ._tabula import (
    __version__,
    Action,
    AleaIactaEst,
    BatchResult,
    KingdomBuilder,
    Mosaix,
    Outcome,
    Pig,
    SequenceDice,
    TheBorder,
    Turn,
    merge_summaries,
    new_game,
    play_random_games,
    run_replay,
    simulate,
)
from .errors import (
    ClosedEnvironmentError,
    ConfigError,
    IllegalAction,
    LoadError,
    ReplayError,
    ResetNeeded,
    ShapeError,
    TabulaError,
    UnknownGame,
)


if TYPE_CHECKING:
    from ._tabula import _State as State
else:

    class State(abc.ABC):
        """The common type of every game class (``isinstance(game, tabula.State)``)."""


#: Every game's class by its name (``"sequence-dice"``, ...).
GAMES: Dict[str, type] = {}
for _name in _tabula.game_names():
    _class = next(
        c for c in vars(_tabula).values() if isinstance(c, type) and getattr(c, "name", None) == _name
    )
    State.register(_class)
    GAMES[_name] = _class
del _name, _class


def run_replay_file(path: Union[str, "os.PathLike[str]"]) -> State:
    """Runs a replay file (docs/replay-format.md) and returns its final state.

    Raises :class:`ReplayError` with the index and the engine's reason of the first action
    that is refused, or the reason the file itself is refused.
    """
    with open(path, encoding="utf-8") as f:
        return run_replay(f.read())


def verify_replay_file(path: Union[str, "os.PathLike[str]"]) -> Union[None, ReplayError]:
    """Checks that a replay file runs to its end: ``None`` if it does, else the
    :class:`ReplayError` saying where and why it stops."""
    try:
        run_replay_file(path)
    except ReplayError as e:
        return e
    return None


__all__ = [
    "__version__",
    "Action",
    "AleaIactaEst",
    "BatchResult",
    "ClosedEnvironmentError",
    "ConfigError",
    "GAMES",
    "IllegalAction",
    "KingdomBuilder",
    "LoadError",
    "Mosaix",
    "Outcome",
    "Pig",
    "ReplayError",
    "ResetNeeded",
    "SequenceDice",
    "ShapeError",
    "State",
    "TabulaError",
    "TheBorder",
    "Turn",
    "UnknownGame",
    "merge_summaries",
    "new_game",
    "play_random_games",
    "run_replay",
    "run_replay_file",
    "simulate",
    "verify_replay_file",
]


def __getattr__(name: str):
    # ``tabula.VecEnv`` needs gymnasium and numpy (the "rl" extra): imported on first use.
    if name == "VecEnv":
        from .vector import VecEnv

        return VecEnv
    raise AttributeError(f"module 'tabula' has no attribute {name!r}")


def __dir__():
    """The package's API (``__all__``), not the modules it happens to import."""
    return sorted(__all__)
