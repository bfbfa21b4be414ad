"""Type stubs of the extension module ``tabula._tabula`` (see docs/python.md)."""

from fractions import Fraction
from typing import Any, List, Mapping, Optional, Sequence, Tuple, TypeVar, Union, final

_S = TypeVar("_S", bound="_State")

__version__: str

__all__ = [
    "__version__",
    "Pig",
    "SequenceDice",
    "Mosaix",
    "TheBorder",
    "KingdomBuilder",
    "AleaIactaEst",
    "Action",
    "Turn",
    "Outcome",
    "BatchResult",
    "game_names",
    "new_game",
    "run_replay",
    "play_random_games",
    "_restore",
    "simulate",
    "merge_summaries",
]
_Config = Union[str, Mapping[str, Any]]

@final
class Action:
    """An action: a decision of a seat, or an outcome of a chance event (``seat`` is None).

    ``str(action)`` is the engine's rendering; actions are equal when game, id and seat are."""

    @property
    def id(self) -> int:
        """The stable id: chance outcomes ``0 .. max_chance_outcomes``, then decisions."""
    @property
    def seat(self) -> Optional[int]:
        """The seat that takes this action; None for a chance outcome."""
    @property
    def game(self) -> str:
        """The game's name, e.g. ``"kingdom-builder"``."""
    @property
    def is_chance(self) -> bool:
        """Whether this is the outcome of a chance event."""
    def to_json(self) -> Any:
        """The engine's serde form of the action (as in replay files), as Python data."""
    def __hash__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Turn:
    """Who acts next."""

    @property
    def kind(self) -> str:
        """``"seat"``, ``"seats"`` (several decide in any order), ``"chance"`` or ``"over"``."""
    @property
    def seats(self) -> Tuple[int, ...]:
        """The deciding seats (empty at chance and at the end)."""
    @property
    def next_seat(self) -> Optional[int]:
        """The seat a sequential driver asks next (the lowest deciding seat)."""
    @property
    def is_chance(self) -> bool: ...
    @property
    def is_over(self) -> bool: ...

@final
class Outcome:
    """The result of a finished game."""

    @property
    def scores(self) -> List[int]:
        """Final score per seat."""
    @property
    def winners(self) -> Tuple[int, ...]:
        """The winning seats (ties share)."""
    @property
    def returns(self) -> List[float]:
        """One point shared among the winners (1/k each), 0 for the others."""

@final
class BatchResult:
    """The results of ``play_random_games``, game by game in index order."""

    @property
    def scores(self) -> List[List[int]]: ...
    @property
    def winners(self) -> List[Tuple[int, ...]]: ...
    @property
    def lengths(self) -> List[int]:
        """Actions per game (decisions and chance outcomes)."""
    @property
    def wins(self) -> List[Fraction]:
        """Wins per seat, exact; a tie of k winners counts 1/k for each."""
    def __len__(self) -> int: ...

class _VecEnvCore:
    """The environments behind ``tabula.VecEnv`` and ``tabula.gymnasium`` (docs/rl.md): Rust
    writes into the numpy arrays given to ``reset`` and ``step``, with the GIL released.
    ``opponents``: ``None`` (self-play at every seat), an agent spec or one per seat (a
    learner, unless some entry is ``"self"``), or one list per environment (self-play
    tables)."""

    def __init__(
        self,
        game: str,
        players: int,
        num_envs: int = 1,
        seed: int = 0,
        opponents: Any = None,
        learner_seat: Optional[int] = None,
        threads: Optional[int] = None,
        autoreset: bool = True,
        action_space: str = "flat",
    ) -> None: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def self_play(self) -> bool: ...
    @property
    def observation_shape(self) -> List[int]: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    def observation_bounds(self) -> Tuple[List[float], List[float]]: ...
    @property
    def learner_seats(self) -> List[int]: ...
    def reset(
        self, seed: Optional[int], obs: Any, mask: Any, rewards: Any, terminated: Any, truncated: Any, seats: Any
    ) -> None: ...
    def step(
        self, actions: Any, obs: Any, mask: Any, rewards: Any, terminated: Any, truncated: Any, seats: Any
    ) -> None: ...
    def sample_legal(self, seed: int, out: Any) -> None: ...
    def render(self, index: int = 0) -> str: ...
    def scores(self, index: int = 0) -> Optional[List[int]]: ...
    def close(self) -> None: ...
    @property
    def closed(self) -> bool: ...

class _State:
    """The methods every game class has. (Stub only: at run time each game class defines them
    itself; ``isinstance(x, tabula.State)`` is true for every game.)"""

    name: str
    """The game's name, as in replay files."""
    min_players: int
    max_players: int

    def __new__(
        cls: type[_S], players: Optional[int] = None, seed: int = 0, *, config: Optional[_Config] = None
    ) -> _S:
        """The standard setup of ``players`` and ``seed``, or the given ``config`` (a dict or
        its JSON text). Raises ``ConfigError``."""
    @staticmethod
    def standard_config(players: int, seed: int) -> Any:
        """The standard config, as a dict to edit and pass back as ``config=``."""
    @classmethod
    def from_json(cls: type[_S], text: str) -> _S:
        """A state from ``to_json()`` text, checked like a saved file (raises ``LoadError``)."""
    @classmethod
    def run_replay(cls: type[_S], text: str) -> _S:
        """The final state of a replay file's text (raises ``ReplayError``)."""
    @property
    def players(self) -> int: ...
    @property
    def config(self) -> Any:
        """The config, as a dict."""
    @property
    def turn(self) -> Turn: ...
    @property
    def is_chance(self) -> bool: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def next_seat(self) -> Optional[int]: ...
    def legal_actions(self, seat: Optional[int] = None) -> List[Action]:
        """Every legal action (of ``seat`` only, if given); the chance outcomes at chance."""
    def legal_action_ids(self, seat: Optional[int] = None) -> List[int]:
        """Sorted ids of the legal actions of ``seat`` (default: the seat to move; needed at a
        turn of several seats, since ids do not name the seat), or of the chance outcomes."""
    def apply(self, action: Union[Action, int], seat: Optional[int] = None) -> None:
        """Applies an action or an id (an id at a turn of several seats needs ``seat``).
        Raises ``IllegalAction`` and leaves the state unchanged."""
    def chance_outcomes(self) -> List[Tuple[Action, Fraction]]:
        """The pending chance event's outcomes with exact probabilities, by id."""
    def chance_outcome_ids(self) -> List[Tuple[int, float]]:
        """The same as ``(id, float)`` pairs."""
    def chance_from_text(self, text: str) -> Action:
        """The chance outcome a person typed in (what physical dice show)."""
    def action_from_id(self, id: int, seat: Optional[int] = None) -> Action: ...
    def action_id(self, action: Union[Action, int]) -> int: ...
    @property
    def num_distinct_actions(self) -> int: ...
    @property
    def max_chance_outcomes(self) -> int: ...
    def observation(self, seat: int) -> List[float]:
        """``seat``'s observation tensor, flat (row-major); reshape with ``observation_shape``."""
    def write_observation(self, seat: int, out: Any) -> None:
        """Writes ``seat``'s tensor into ``out``, a writable C-contiguous float32 numpy array
        of ``observation_shape`` (or flat), with no Python list between."""
    def observation_bounds(self) -> Tuple[List[float], List[float]]:
        """The true bounds ``(low, high)`` of every tensor entry (flat), from the layout."""
    @property
    def observation_shape(self) -> Tuple[int, ...]: ...
    def view(self, seat: int) -> Any:
        """All that ``seat`` may know, as a dict."""
    def view_json(self, seat: int) -> str: ...
    def view_text(self, seat: int) -> str:
        """``seat``'s view rendered for a terminal."""
    def scores(self) -> List[int]: ...
    def outcome(self) -> Optional[Outcome]: ...
    def determinize(self: _S, seat: int, seed: int) -> _S:
        """A copy with what ``seat`` cannot see resampled consistently with its view."""
    def random_playout(self, seed: int) -> Outcome:
        """The outcome of playing on at random from here (in Rust, without the GIL); the state
        is unchanged. A fast rollout for search agents."""
    def to_json(self) -> str: ...
    def history(self) -> List[Action]:
        """Every action since the start (raises ``LoadError`` for a loaded state)."""
    def replay(self, seed: int = 0) -> str:
        """The replay file (docs/replay-format.md) of the game so far, as JSON text."""
    def clone(self: _S) -> _S: ...
    def __copy__(self: _S) -> _S: ...
    def __deepcopy__(self: _S, memo: Any) -> _S: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class SequenceDice(_State):
    """Sequence Dice (2 to 4 players; 4 play as two teams)."""

@final
class KingdomBuilder(_State):
    """Kingdom Builder, the base game (2 to 4 players)."""

@final
class Mosaix(_State):
    """Mosaix (1 to 4 players; 1 is the solo game)."""

@final
class TheBorder(_State):
    """The Border (2 to 4 players)."""

@final
class AleaIactaEst(_State):
    """Alea Iacta Est (2 to 5 players)."""

@final
class Pig(_State):
    """Pig, dicecore's small example game (2 to 6 players; roll or hold, first to the target wins)."""

def game_names() -> List[str]: ...
def new_game(
    name: str, players: Optional[int] = None, seed: int = 0, *, config: Optional[_Config] = None
) -> _State:
    """A new game by name, as the programs read names (``"kingdom-builder"``,
    ``"kingdom_builder"``, ``"Kingdom Builder"``, ``"KingdomBuilder"``)."""
def run_replay(text: str) -> _State:
    """The final state of a replay file's text, for whichever game it records."""
def play_random_games(
    name: str,
    players: Optional[int] = None,
    games: int = 1,
    seed: int = 0,
    *,
    config: Optional[_Config] = None,
    threads: int = 1,
) -> BatchResult:
    """Plays random games in Rust without the GIL: game i is game i of ``simulate`` with
    ``random`` agents and the same seed (it depends on (seed, i) alone)."""
def _restore(name: str, state: str, history: Optional[str] = None) -> _State: ...
@overload
def simulate(
    name: str,
    players: int,
    games: int,
    seed: int = 0,
    agents: str = "random",
    *,
    start: int = 0,
    stop: Optional[int] = None,
    config: Optional[_Config] = None,
    threads: Optional[int] = None,
    metrics: Union[bool, str, Sequence[str], None] = False,
    per_game: Literal[False] = False,
) -> str: ...
@overload
def simulate(
    name: str,
    players: int,
    games: int,
    seed: int = 0,
    agents: str = "random",
    *,
    start: int = 0,
    stop: Optional[int] = None,
    config: Optional[_Config] = None,
    threads: Optional[int] = None,
    metrics: Union[bool, str, Sequence[str], None] = False,
    per_game: Literal[True],
) -> Tuple[str, List[Dict[str, Any]]]:
    """Plays games ``start .. stop`` (default: all) of a simulation in Rust without the GIL
    (``threads``: default all cores) and returns the summary as canonical JSON text: for the
    whole range, the bytes of ``simulate --json``. ``metrics``: ``True`` adds every metric
    (the bytes of ``simulate --metrics --json``), a list of their names (or one
    comma-separated string, e.g. ``"Balance,LeadChange"``) only those (``simulate --metrics
    Balance,LeadChange``); an unknown name raises ``ConfigError`` (a ``ValueError``) listing
    the known ones, a name of an earlier version (``DurationActions``) warns with a
    ``DeprecationWarning`` and reads as its new name; see docs/simulation.md. ``agents``: one
    spec for every seat or one per seat, comma-separated (``random``, ``mc:200``,
    ``ismcts:1000``; see docs/agents.md). ``per_game=True`` returns ``(summary, games)``:
    ``games`` one dict per game in index order, the lines of ``simulate --games-out`` (index,
    seed, config digest, agents, first mover, length, decisions, scores, winners, Ludii's
    ranks, and the chosen metrics' per-game ingredients ``legal`` and ``running``)."""
def merge_summaries(summaries: List[str]) -> str:
    """Merges the summaries of parts of one simulation, exactly, into canonical JSON text."""
