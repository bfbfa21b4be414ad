"""The tabula games inside OpenSpiel.

``import tabula.openspiel`` registers every game with ``pyspiel.register_game``::

    import pyspiel
    import tabula.openspiel

    game = pyspiel.load_game("tabula_kingdom_builder", {"players": 4, "seed": 7})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)

The mapping (docs/python.md has the whole of it):

- **Names and parameters.** ``tabula_sequence_dice``, ``tabula_mosaix``, ``tabula_the_border``,
  ``tabula_kingdom_builder``, ``tabula_alea_iacta_est``; integer parameters ``players`` (every
  count the game supports) and ``seed``. Each ``new_initial_state()`` takes the next setup
  number ``k`` on first use and starts from the standard setup of seed ``(seed + k * 2**32)
  mod 2**64`` (``setup_seed``), so successive games differ and a seed reproduces them all.
- **Action ids** are tabula's own (``Encode``): chance outcomes take ``0 ..
  max_chance_outcomes``, decisions the ids after them up to ``num_distinct_actions``; an id
  does not name the seat.
- **Turns.** Dynamics are sequential: a turn where several seats decide at once is played one
  seat at a time in seat order, and no seat's view shows another's choice before the engine
  reveals it.
- **Observations and information states** come from the seat's ``view``: the tensor is the
  game's observation tensor (the same for both), the observation string the view's terminal
  rendering, the information-state string the view's JSON. The views of these games hold all a
  seat knows that matters for play, so the information state is the current view rather than a
  list of past observations.
- **Returns.** One point is shared among the winners (``1/k`` each for ``k`` winners, 0 for the
  others): constant-sum 1, between 0 and 1. Rewards come at the end only.
- **Determinization.** ``resample_from_infostate`` uses the engine's ``determinize``, so
  OpenSpiel's Python IS-MCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) searches
  without peeking.
"""

import math
from typing import Callable, Dict, Optional

try:
    import numpy as np
    import pyspiel
except ImportError as e:  # open_spiel is an optional extra
    raise ImportError(
        f"tabula.openspiel needs open_spiel and numpy ({e}): pip install \"tabula[openspiel]\""
    ) from e

from . import GAMES
from .errors import ConfigError

#: Per tabula game: its OpenSpiel short name and long name, whether it hides anything, and an
#: upper bound on the number of decisions (not chance outcomes) in a game of a config.
_GAMES: Dict[str, dict] = {
    "sequence-dice": dict(
        short_name="tabula_sequence_dice",
        long_name="Sequence Dice (tabula)",
        # Nothing is hidden: board, supplies, the roll and the turn count are public.
        perfect_information=True,
        # One decision at most per turn, and at most max_turns turns.
        max_decisions=lambda config: int(config["max_turns"]),
    ),
    "kingdom-builder": dict(
        short_name="tabula_kingdom_builder",
        long_name="Kingdom Builder (tabula)",
        # The terrain cards in the players' hands are hidden.
        perfect_information=False,
        # At most 15 turns per player (3 settlements a turn of 40, then the last round), each
        # of at most 20 decisions (3 builds, 2 per use of at most 8 tiles, ending the turn);
        # doubled for margin.
        max_decisions=lambda config: 600 * int(config["seats"]),
    ),
    "mosaix": dict(
        short_name="tabula_mosaix",
        long_name="Mosaix (tabula)",
        # What the others entered in the current turn is hidden until the turn ends.
        perfect_information=False,
        # No strict bound: a formation may fit nobody turn after turn. A cap far above the
        # longest of 100 random games (110 decisions with 4 players).
        max_decisions=lambda config: 10_000,
    ),
    "the-border": dict(
        short_name="tabula_the_border",
        long_name="The Border (tabula)",
        # The engine hides nothing; one seat's crosses in action 2 never change what another
        # may cross or score there, so playing them in seat order reveals nothing that matters.
        perfect_information=True,
        # No strict bound: a player may end every action 1 without crossing. A cap far above
        # the longest of 100 random games (503 decisions with 4 players).
        max_decisions=lambda config: 10_000,
    ),
    "alea-iacta-est": dict(
        short_name="tabula_alea_iacta_est",
        long_name="Alea Iacta Est (tabula)",
        # Fortuna tiles, senate cards in hand and passed cards are secret.
        perfect_information=False,
        # At most 6 rounds; in a round at most 8 placements per player, 30 re-rolls (one chip
        # each, 30 chips in the game) of at most 9 decisions, under 20 choices per player at
        # the evaluation.
        max_decisions=lambda config: 6 * (28 * int(config["seats"]) + 270),
    ),
}

#: The registered short names by tabula game name.
SHORT_NAMES: Dict[str, str] = {name: spec["short_name"] for name, spec in _GAMES.items()}


class TabulaObserver:
    """An OpenSpiel py-observer of one seat: the game's observation tensor and a string, both
    written from the seat's view."""

    def __init__(self, game: "TabulaGame", iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"tabula observers take no parameters, not {params}")
        if iig_obs_type is not None and iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("tabula observes one seat's view: private_info must be SINGLE_PLAYER")
        self._information_state = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        shape = tuple(game.prototype.observation_shape)
        self.tensor = np.zeros(math.prod(shape), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: "TabulaState", player: int) -> None:
        # OpenSpiel learns the tensor's shape from initial states it makes and throws away:
        # writing a tensor takes no setup number (an initial state not used yet shows the
        # setup it would take now).
        table = state._table
        if table is None:
            table = state.get_game()._table_before_use(state._setup)
        # Written by Rust straight into the buffer pyspiel reads (no Python list between).
        table.write_observation(max(player, 0), self.tensor)

    def string_from(self, state: "TabulaState", player: int) -> str:
        if self._information_state:
            return f"seat {player} " + state.table.view_json(player)
        return state.table.view_text(player)


class _Setup:
    """The setup number of a state, taken from its game's count on first use: pyspiel makes
    initial states that it throws away (to learn a tensor's shape, to clone or deserialize a
    state), and those take no number. Copying or pickling it takes the number first, so that a
    copy is always of the same setup."""

    __slots__ = ("game", "number")

    def __init__(self, game: Optional["TabulaGame"], number: Optional[int] = None):
        self.game = game
        self.number = number

    def get(self) -> int:
        if self.number is None:
            self.number = self.game._take_setup()
            self.game = None
        return self.number

    def __deepcopy__(self, memo) -> "_Setup":
        return _Setup(None, self.get())

    def __reduce__(self):
        return (_Setup, (None, self.get()))


class TabulaState(pyspiel.State):
    """An OpenSpiel state around a tabula state (``table``) from the initial state of setup
    number ``setup`` (``TabulaGame.new_initial_state``)."""

    def __init__(self, game: "TabulaGame", setup: Optional[int] = None):
        super().__init__(game)
        self._setup = _Setup(game if setup is None else None, setup)
        self._table = None

    @property
    def setup(self) -> int:
        """The setup number of the game this state is in (``TabulaGame.setup_seed``)."""
        return self._setup.get()

    @property
    def table(self):
        """The tabula state (every method of the game's class)."""
        table = self._table
        if table is None:
            table = self._table = self.get_game().setup_table(self._setup.get())
        return table

    @table.setter
    def table(self, table) -> None:
        self._table = table

    def current_player(self) -> int:
        t = self.table
        if t.is_over:
            return pyspiel.PlayerId.TERMINAL
        if t.is_chance:
            return pyspiel.PlayerId.CHANCE
        return t.next_seat

    def _legal_actions(self, player: int):
        return self.table.legal_action_ids(player)

    # Python callers reach these two directly (the same answers as pyspiel's own, without a
    # round trip through C++ and back for every call); C++ callers keep pyspiel's.
    def legal_actions(self, player: Optional[int] = None):
        t = self.table
        if t.is_over:
            return []
        if t.is_chance:
            return t.legal_action_ids()
        seat = t.next_seat
        if player is None or player == seat:
            return t.legal_action_ids(seat)
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def is_chance_node(self) -> bool:
        return self.table.is_chance

    def chance_outcomes(self):
        return self.table.chance_outcome_ids()

    def _apply_action(self, action: int) -> None:
        t = self.table
        t.apply(action, None if t.is_chance else t.next_seat)

    def _action_to_string(self, player: int, action: int) -> str:
        seat = player if player >= 0 else None
        return str(self.table.action_from_id(action, seat))

    def is_terminal(self) -> bool:
        return self.table.is_over

    def returns(self):
        outcome = self.table.outcome()
        if outcome is None:
            return [0.0] * self.table.players
        return outcome.returns

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]):
        """A copy in which what ``player_id`` cannot see is drawn anew (the engine's
        ``determinize``), seeded from one call of ``probability_sampler``."""
        seed = int(probability_sampler() * 2**53)
        clone = self.clone()
        clone.table = self.table.determinize(player_id, seed)
        return clone

    def __str__(self) -> str:
        return str(self.table)


class TabulaGame(pyspiel.Game):
    """An OpenSpiel game around a tabula game class (``tabula_name``)."""

    tabula_name = ""

    def __init__(self, params: Optional[dict] = None):
        params = dict(params or {})
        spec = _GAMES[self.tabula_name]
        cls = GAMES[self.tabula_name]
        players = int(params.get("players", _default_players(cls)))
        seed = int(params.get("seed", 0))
        if seed < 0:
            raise ConfigError(f"the seed is a whole number from 0, not {seed}")
        self.prototype = cls(players, seed)
        self._cls = cls
        self._players = players
        self._seed = seed
        # How many setup numbers this game's initial states have taken (the next number).
        self._dealt = 0
        self._next = None
        info = pyspiel.GameInfo(
            num_distinct_actions=self.prototype.num_distinct_actions,
            max_chance_outcomes=self.prototype.max_chance_outcomes,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=spec["max_decisions"](self.prototype.config),
        )
        super().__init__(_game_type(self.tabula_name), info, {"players": players, "seed": seed})

    def new_initial_state(self) -> TabulaState:
        """The next game: an initial state that takes the next setup number (0, 1, 2, ...)
        when it is first used, so that successive games differ while the game's seed reproduces
        them all (``setup_seed``). Its clones, copies and pickles keep its number."""
        return TabulaState(self)

    def initial_state(self, setup: int) -> TabulaState:
        """The initial state of setup number ``setup`` (from 0), without moving on the count
        of ``new_initial_state``."""
        if setup < 0:
            raise ConfigError(f"the setup number is a whole number from 0, not {setup}")
        return TabulaState(self, setup)

    def setup_seed(self, setup: int) -> int:
        """The seed of the standard setup of setup number ``setup``: ``(seed + setup * 2**32)
        mod 2**64``, so setup 0 is the game's ``seed`` itself and ``GAMES[name](players,
        setup_seed(k))`` is the tabula state of setup ``k``."""
        return (self._seed + setup * 2**32) % 2**64

    def setup_table(self, setup: int):
        """A new tabula state: the initial state of setup number ``setup``."""
        if setup == 0:
            return self.prototype.clone()
        return self._cls(self._players, self.setup_seed(setup))

    def _take_setup(self) -> int:
        setup = self._dealt
        self._dealt += 1
        return setup

    def _table_before_use(self, setup: _Setup):
        # The table a state not used yet would have, without taking a number for it (one
        # table kept for the next number: OpenSpiel asks on every tensor it writes).
        number = setup.number if setup.number is not None else self._dealt
        if self._next is None or self._next[0] != number:
            self._next = (number, self.setup_table(number))
        return self._next[1]

    def make_py_observer(self, iig_obs_type=None, params=None) -> TabulaObserver:
        return TabulaObserver(self, iig_obs_type, params)


def _default_players(cls) -> int:
    return max(2, cls.min_players)


def _game_type(name: str) -> "pyspiel.GameType":
    spec = _GAMES[name]
    cls = GAMES[name]
    Information = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=spec["short_name"],
        long_name=spec["long_name"],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            Information.PERFECT_INFORMATION
            if spec["perfect_information"]
            else Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": _default_players(cls), "seed": 0},
    )


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for name, spec in _GAMES.items():
        if name not in GAMES or spec["short_name"] in registered:
            continue
        game_class = type(
            "".join(part.title() for part in name.split("-")) + "Game",
            (TabulaGame,),
            {"tabula_name": name, "__doc__": f"{spec['long_name']} as an OpenSpiel game."},
        )
        pyspiel.register_game(_game_type(name), game_class)


_register()
