"""``tabula.VecEnv``: many games of one kind stepped at once in Rust, as a Gymnasium
``VectorEnv`` of numpy arrays (``pip install "tabula[rl]"``; see docs/rl.md).

The caller plays one seat of each game (the learner), or in self-play (``opponents=None``)
every seat, or some seats of each table. Chance (each environment's own seeded dice) and the
other seats (agent specs: ``random``, ``mc:N``, ``ismcts:N``) are played in Rust between the
caller's steps, with the GIL released and the environments in parallel. Observations, masks,
rewards and flags are written by Rust straight into numpy arrays.
"""

import sys
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode

from . import _args, _tabula
from .errors import ConfigError, IllegalAction, ShapeError

#: Who plays the seats: ``None`` (self-play: the caller plays every seat), one agent spec for
#: every other seat of a learner, one entry per seat (an agent spec, or ``"self"``/``None`` for
#: a seat the caller plays), or one such list per environment.
Opponents = Union[None, str, Sequence[Optional[str]], Sequence[Sequence[Optional[str]]]]


def _opponents_text(opponents: Opponents) -> Opponents:
    """The opponents as the extension reads them (kept for callers of earlier versions)."""
    return opponents


def observation_space(shape: Sequence[int], bounds=None) -> gymnasium.spaces.Box:
    """The observation space of a game's tensor: float32, within ``bounds`` (``(low, high)``,
    flat, as ``observation_bounds()`` gives them), or unbounded without them."""
    shape = tuple(shape)
    if bounds is None:
        return gymnasium.spaces.Box(-np.inf, np.inf, shape=shape, dtype=np.float32)
    low, high = (np.asarray(b, dtype=np.float32).reshape(shape) for b in bounds)
    return gymnasium.spaces.Box(low, high, shape=shape, dtype=np.float32)


def action_ids(actions: Any, count: int, num_actions: Optional[int] = None) -> np.ndarray:
    """``actions`` as an int64 array of ``count`` ids, or ``ShapeError`` (wrong shape, not
    integers); an id beyond 64 bits is an ``IllegalAction`` that names it as given."""
    array = np.asarray(actions)
    if array.shape != (count,):
        raise ShapeError(f"actions have shape {array.shape}, expected ({count},): one id per environment")
    if array.dtype.kind == "O":  # Python ints too large for int64, or objects
        try:
            values = [_args.integer("an action", a) for a in array]
        except TypeError:
            raise ShapeError(f"actions are integer ids, not {array.dtype}") from None
        for i, v in enumerate(values):
            _out_of_range(i, v, count, num_actions)
        return np.array(values, dtype=np.int64)
    if array.dtype.kind not in "iu":
        raise ShapeError(f"actions are integer ids, not {array.dtype}")
    if array.dtype.kind == "u" and array.dtype.itemsize == 8:
        for i in np.flatnonzero(array >= 2**63):
            _out_of_range(int(i), int(array[i]), count, num_actions)
    return array.astype(np.int64, copy=False)


def _out_of_range(index: int, value: int, count: int, num_actions: Optional[int]) -> None:
    if not -(2**63) <= value < 2**63:
        where = f"environment {index}: " if count > 1 else ""
        ids = f": ids are 0 to {num_actions - 1}" if num_actions else ""
        raise IllegalAction(f"{where}action id {value} is out of range{ids}")


class Buffers:
    """The arrays Rust writes into: observations, masks, rewards (one per environment, or one
    per seat in self-play), terminated, truncated and the seat of each observation."""

    def __init__(self, num_envs: int, observation_size: int, num_actions: int, rewards: int = 1, empty: bool = False):
        make = np.empty if empty else np.zeros
        self.obs = make((num_envs, observation_size), dtype=np.float32)
        self.mask = make((num_envs, num_actions), dtype=np.bool_)
        self.rewards = make((num_envs, rewards) if rewards > 1 else num_envs, dtype=np.float64)
        self.terminated = make(num_envs, dtype=np.bool_)
        self.truncated = make(num_envs, dtype=np.bool_)
        self.seats = make(num_envs, dtype=np.int64)

    def args(self) -> Tuple[np.ndarray, ...]:
        return (self.obs, self.mask, self.rewards, self.terminated, self.truncated, self.seats)

    _NAMES = ("obs", "mask", "rewards", "terminated", "truncated", "seats")

    def released(self) -> bool:
        """Whether nothing but this object refers to its arrays any more (no caller keeps one,
        nor a view of one), so that writing into them again can change nothing anyone sees."""
        return all(sys.getrefcount(getattr(self, name)) <= 2 for name in self._NAMES)


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
    """``num_envs`` games of ``game`` in which the caller plays one seat (a learner), or in
    self-play every seat, or some seats of each table.

    ``reset()`` and ``step(actions)`` return numpy arrays: observations float32
    ``[num_envs, observation_size]`` (the view of the seat to act only), rewards float64
    ``[num_envs]`` (the learner's) or in self-play ``[num_envs, players]`` (every seat's),
    terminated and truncated bool ``[num_envs]``; ``infos["action_mask"]`` holds the legal
    actions, bool ``[num_envs, num_actions]`` (all false once an episode is over), and
    ``infos["current_seat"]`` the seat each observation and mask belong to, int64
    ``[num_envs]``. ``action_space.sample()`` draws a random legal action per environment.
    Autoreset is Gymnasium's ``AutoresetMode.NEXT_STEP``: the step after the one that ended an
    episode ignores that environment's action and returns the first observation of the next.

    Args:
        game: a name of ``tabula.GAMES`` (``"kingdom-builder"``, ``"kingdom_builder"``).
        players: the player count; each episode plays the standard setup of a drawn seed.
        num_envs: how many games, 1 to 65,536 (checked before anything is allocated).
        seed: the master seed (0 to 2**64 - 1); environment ``i`` draws from streams of
            ``(seed, i)`` alone, so the trajectories are the same for any ``threads``.
            ``reset(seed=s)`` seeds anew.
        opponents: who plays the seats the caller does not. An agent spec (``"random"``,
            ``"mc:50"``, ``"ismcts:100"``) for every seat but the learner's, or one per seat;
            ``None`` for self-play (the caller plays every seat); a list with ``"self"`` (or
            ``None``) at the caller's seats and agent specs elsewhere, for every environment;
            or one such list per environment (mixed tables seated as the caller chooses).
        learner_seat: with a learner, its seat, or ``None`` for a seat drawn at every episode
            (``infos["learner_seat"]`` after ``reset``); not used in self-play.
        threads: threads that step the environments, 1 to 256 (default: every core).
        copy: ``True`` (default): every call returns new arrays, which Rust writes directly
            (nothing is copied); ``False``: the same arrays each call, which the next call
            overwrites (the fastest, for code that copies what it keeps).
        render_mode: ``None`` or ``"ansi"``.
        action_space: ``"flat"`` (the game's ids) or ``"steps"`` (Mosaix only: each entry
            chosen in two steps, every mask 508 wide; docs/rl.md).
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": ["ansi"], "render_fps": 1}

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
        action_space: str = "flat",
    ):
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self._core = _tabula._VecEnvCore(
            game, players, num_envs, seed, opponents, learner_seat, threads, True, action_space
        )
        self.game = game
        self.players = players
        self.num_envs = self._core.num_envs
        self.self_play = self._core.self_play
        self.copy = copy
        self.render_mode = render_mode
        self.observation_size = self._core.observation_size
        self.num_actions = self._core.num_actions
        bounds = self._core.observation_bounds()
        self.single_observation_space = observation_space((self.observation_size,), bounds)
        self.single_action_space = gymnasium.spaces.Discrete(self.num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, self.num_envs)
        self.action_space = LegalMultiDiscrete(self.num_envs, self.num_actions, self._core, seed=seed)
        self._rewards = players if self.self_play else 1
        self._buffers = self._new_buffers(empty=False)
        self._last = self._buffers
        self._pool: List[Buffers] = []
        self._has = np.ones(self.num_envs, dtype=np.bool_)
        self._has.flags.writeable = False

    def _new_buffers(self, empty: bool = True) -> Buffers:
        return Buffers(self.num_envs, self.observation_size, self.num_actions, self._rewards, empty=empty)

    def _target(self) -> Buffers:
        """The arrays of this call: with ``copy=True`` arrays no one else holds (arrays handed
        out earlier that the caller has let go of, every one of them, recycled; else new ones),
        with ``copy=False`` the same ones. Recycled arrays spare the allocation and the page
        faults of tens of megabytes per step (Kingdom Builder's observations, Mosaix's masks at
        1,024 environments); Rust writes every entry anyway."""
        if not self.copy:
            return self._buffers
        for b in self._pool:
            if b is not self._last and b.released():
                return b
        b = self._new_buffers()
        self._pool.append(b)
        if len(self._pool) > 3:
            self._pool.pop(0)
        return b

    @property
    def current_seats(self) -> np.ndarray:
        """Each environment's seat to act (the seat of its observation and mask)."""
        return np.asarray(self._core.learner_seats, dtype=np.int64)

    @property
    def learner_seats(self) -> np.ndarray:
        """Each environment's learner seat (in self-play, its seat to act)."""
        return self.current_seats

    def _infos(self, b: Buffers) -> Dict[str, Any]:
        return {
            "action_mask": b.mask,
            "_action_mask": self._has,
            "current_seat": b.seats,
            "_current_seat": self._has,
        }

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        """Starts a new episode in every environment (``seed``: seed every stream anew)."""
        seed = _args.seed(seed)
        super().reset(seed=seed)
        b = self._target()
        self._core.reset(seed, *b.args())
        self._last = b
        infos = self._infos(b)
        if not self.self_play:
            infos["learner_seat"] = b.seats.copy() if b is self._buffers else b.seats
            infos["_learner_seat"] = self._has
        return b.obs, infos

    def step(self, actions):
        """Plays one action id per environment, for its seat to act; raises
        ``IllegalAction`` (every environment unchanged) if one is out of range or not legal."""
        ids = action_ids(actions, self.num_envs, self.num_actions)
        b = self._target()
        self._core.step(ids, *b.args())
        self._last = b
        return b.obs, b.rewards, b.terminated, b.truncated, self._infos(b)

    def action_masks(self) -> np.ndarray:
        """The legal-action masks, bool ``[num_envs, num_actions]`` (a copy with
        ``copy=True``)."""
        return self._last.mask.copy() if self.copy else self._last.mask

    def render(self):
        """Each environment's view of its seat to act as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return tuple(self._core.render(i) for i in range(self.num_envs))

    def scores(self, index: int = 0) -> Optional[list]:
        """The final scores of environment ``index`` once its episode is over, else ``None``."""
        return self._core.scores(index)

    def close_extras(self, **kwargs):
        """Frees the environments: ``step`` and ``reset`` then raise
        ``ClosedEnvironmentError``."""
        self._core.close()

    def __repr__(self) -> str:
        mode = "self-play" if self.self_play else "a learner"
        return f"<tabula.VecEnv: {self.num_envs} x {self.game}, {self.players} players, {mode}>"
