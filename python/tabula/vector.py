"""``tabula.VecEnv``: many games of one kind stepped at once in Rust, as a Gymnasium
``VectorEnv`` of numpy arrays (``pip install "tabula[rl]"``; see docs/rl.md).

One seat of each game, the learner, is played by the caller; chance (each environment's own
seeded dice) and the other seats (agent specs: ``random``, ``mc:N``, ``ismcts:N``) are played in
Rust between the learner's steps, with the GIL released and the environments in parallel.
Observations, masks, rewards and flags are written by Rust into arrays allocated once.
"""

from typing import Any, Dict, Optional, Sequence, Tuple, Union

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode

from . import _tabula
from .errors import ShapeError

Opponents = Union[str, Sequence[str]]


def _opponents_text(opponents: Opponents) -> str:
    """One agent spec for every other seat, or one per seat (a list or comma-separated)."""
    if isinstance(opponents, str):
        return opponents
    return ",".join(opponents)


def observation_space(shape: Sequence[int]) -> gymnasium.spaces.Box:
    """The observation space of a game's tensor: float32, unbounded (the layouts are each
    game's ``Encode`` impl)."""
    return gymnasium.spaces.Box(-np.inf, np.inf, shape=tuple(shape), dtype=np.float32)


def action_ids(actions: Any, count: int) -> np.ndarray:
    """``actions`` as an int64 array of ``count`` ids, or ``ShapeError``."""
    array = np.asarray(actions)
    if array.shape != (count,):
        raise ShapeError(f"actions have shape {array.shape}, expected ({count},): one id per environment")
    if array.dtype.kind not in "iu":
        raise ShapeError(f"actions are integer ids, not {array.dtype}")
    return array.astype(np.int64, copy=False)


class Buffers:
    """The arrays Rust writes into, allocated once."""

    def __init__(self, num_envs: int, observation_size: int, num_actions: int):
        self.obs = np.zeros((num_envs, observation_size), dtype=np.float32)
        self.mask = np.zeros((num_envs, num_actions), dtype=np.bool_)
        self.rewards = np.zeros(num_envs, dtype=np.float64)
        self.terminated = np.zeros(num_envs, dtype=np.bool_)
        self.truncated = np.zeros(num_envs, dtype=np.bool_)

    def args(self) -> Tuple[np.ndarray, ...]:
        return (self.obs, self.mask, self.rewards, self.terminated, self.truncated)


class LegalMultiDiscrete(gymnasium.spaces.MultiDiscrete):
    """The batched action space of :class:`VecEnv`: ``sample()`` without a mask draws a
    uniformly random legal action per environment (in Rust, from the lists the masks were
    written from; 0 for a finished episode), seeded by the space's ``seed``; with a ``mask`` or
    ``probability`` it is ``MultiDiscrete.sample``."""

    def __init__(self, num_envs: int, num_actions: int, core, seed=None):
        super().__init__(np.full(num_envs, num_actions), seed=seed)
        self._core = core

    def sample(self, mask=None, probability=None):
        if mask is not None or probability is not None:
            return super().sample(mask=mask, probability=probability)
        out = np.zeros(self.shape, dtype=np.int64)
        self._core.sample_legal(int(self.np_random.integers(2**63)), out)
        return out


class VecEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of ``game`` in which the caller plays one seat.

    ``reset()`` and ``step(actions)`` return numpy arrays: observations float32
    ``[num_envs, observation_size]`` (the learner's view only), rewards float64, terminated and
    truncated bool ``[num_envs]``, and in ``infos["action_mask"]`` the legal actions, bool
    ``[num_envs, num_actions]`` (all false once an episode is over);
    ``action_space.sample()`` draws a random legal action per environment. Autoreset is Gymnasium's
    ``AutoresetMode.NEXT_STEP``: the step after the one that ended an episode ignores that
    environment's action and returns the first observation of the next episode.

    Args:
        game: a name of ``tabula.GAMES`` (``"kingdom-builder"``, ``"kingdom_builder"``).
        players: the player count; each episode plays the standard setup of a drawn seed.
        num_envs: how many games.
        seed: the master seed; environment ``i`` draws from streams of ``(seed, i)`` alone, so
            the trajectories are the same for any ``threads``. ``reset(seed=s)`` seeds anew.
        opponents: the agent spec of every other seat, or one per seat (a list or
            comma-separated; the learner's entry is not used).
        learner_seat: the learner's seat, or ``None`` for a seat drawn at every episode
            (``infos["learner_seat"]`` after ``reset``, ``learner_seats`` at any time).
        threads: threads that step the environments (default: every core).
        copy: return copies of the arrays (default); ``False`` returns the arrays themselves,
            which the next call overwrites (fastest).
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        players: int = 2,
        num_envs: int = 1,
        seed: int = 0,
        opponents: Opponents = "random",
        learner_seat: Optional[int] = None,
        threads: Optional[int] = None,
        copy: bool = True,
        render_mode: Optional[str] = None,
    ):
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self._core = _tabula._VecEnvCore(
            game, players, num_envs, seed, _opponents_text(opponents), learner_seat, threads, True
        )
        self.game = game
        self.players = players
        self.num_envs = num_envs
        self.copy = copy
        self.render_mode = render_mode
        self.observation_size = self._core.observation_size
        self.num_actions = self._core.num_actions
        self.single_observation_space = observation_space((self.observation_size,))
        self.single_action_space = gymnasium.spaces.Discrete(self.num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = LegalMultiDiscrete(num_envs, self.num_actions, self._core, seed=seed)
        self._buffers = Buffers(num_envs, self.observation_size, self.num_actions)
        self._has_mask = np.ones(num_envs, dtype=np.bool_)

    @property
    def learner_seats(self) -> np.ndarray:
        """Each environment's learner seat in its current episode."""
        return np.asarray(self._core.learner_seats, dtype=np.int64)

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _infos(self) -> Dict[str, Any]:
        return {"action_mask": self._out(self._buffers.mask), "_action_mask": self._has_mask}

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        """Starts a new episode in every environment (``seed``: seed every stream anew)."""
        super().reset(seed=seed)
        self._core.reset(seed, *self._buffers.args())
        infos = self._infos()
        infos["learner_seat"] = self.learner_seats
        infos["_learner_seat"] = self._has_mask
        return self._out(self._buffers.obs), infos

    def step(self, actions):
        """Plays one action id per environment; raises ``IllegalAction`` (every environment
        unchanged) if one is out of range or not legal."""
        self._core.step(action_ids(actions, self.num_envs), *self._buffers.args())
        b = self._buffers
        return (
            self._out(b.obs),
            self._out(b.rewards),
            self._out(b.terminated),
            self._out(b.truncated),
            self._infos(),
        )

    def action_masks(self) -> np.ndarray:
        """The legal-action masks, bool ``[num_envs, num_actions]``."""
        return self._out(self._buffers.mask)

    def render(self):
        """Each environment's learner view as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return tuple(self._core.render(i) for i in range(self.num_envs))

    def scores(self, index: int = 0) -> Optional[list]:
        """The final scores of environment ``index`` once its episode is over, else ``None``."""
        return self._core.scores(index)

    def __repr__(self) -> str:
        return f"<tabula.VecEnv: {self.num_envs} x {self.game}, {self.players} players>"
