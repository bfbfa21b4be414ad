"""Gymnasium environments of every game: ``import tabula.gymnasium`` registers
``tabula/SequenceDice-v0``, ``tabula/KingdomBuilder-v0``, ``tabula/Mosaix-v0``,
``tabula/TheBorder-v0``, ``tabula/AleaIactaEst-v0`` (and ``tabula/Pig-v0``)::

    import gymnasium, tabula.gymnasium

    env = gymnasium.make("tabula/KingdomBuilder-v0", players=4, opponents="ismcts:100")
    obs, info = env.reset(seed=7)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())

``gymnasium.make("tabula.gymnasium:tabula/Mosaix-v0")`` imports this module itself, and
``gymnasium.make_vec(id, num_envs=n, vectorization_mode="vector_entry_point")`` gives a
``tabula.VecEnv``. See docs/rl.md.
"""

from typing import Optional

import gymnasium
import numpy as np

from . import GAMES, _args, _tabula
from .errors import ConfigError, IllegalAction
from .vector import Buffers, Opponents, VecEnv, observation_space


class LegalDiscrete(gymnasium.spaces.Discrete):
    """``Discrete(num_actions)`` whose ``sample()`` without a mask draws a legal action of the
    environment's current state (so Gymnasium's checks and random baselines play legal
    moves); with a ``mask`` or ``probability`` it is ``Discrete.sample``."""

    def __init__(self, n: int, legal: np.ndarray, seed=None):
        super().__init__(n, seed=seed)
        self._legal = legal

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None and self._legal.any():
            mask = self._legal.astype(np.int8)
        return super().sample(mask=mask, probability=probability)


class TabulaEnv(gymnasium.Env):
    """One game of ``game`` in which the agent plays one seat (the learner) and agent specs
    play the others, in Rust between the learner's steps.

    Observations are the learner's tensor (float32, the game's shape, within the true bounds
    of every entry), actions ``Discrete(num_distinct_actions)`` ids; ``info["action_mask"]`` and ``action_masks()``
    give the legal ones (int8 0/1). The reward is 0 until the end, then the learner's share of
    a win (1 alone, 1/k for k tied winners, 0 for a loss). An illegal action raises
    ``tabula.errors.IllegalAction`` and changes nothing. ``truncated`` is always false: every
    game ends by its rules. A step before ``reset()`` raises ``ResetNeeded``, any call after
    ``close()`` ``ClosedEnvironmentError``.

    Args:
        game: a name of ``tabula.GAMES``.
        players: the player count (each episode: the standard setup of a drawn seed).
        opponents: the agent spec of every other seat, or one per seat (self-play is
            ``tabula.VecEnv``'s or ``tabula.pettingzoo``'s).
        learner_seat: the learner's seat, or ``None`` for a seat drawn at each reset
            (``info["learner_seat"]``).
        render_mode: ``None`` or ``"ansi"`` (the learner's view as text).
        illegal_action: ``"raise"`` (default): an illegal action raises ``IllegalAction``;
            ``"lose"``: it ends the episode with reward -1 and ``info["illegal_action"]`` (the
            engine's reason), the state unchanged; Gymnasium's ``check_env`` needs this, as it
            steps with an action sampled before a reset.
        action_space: ``"flat"`` (the game's ids) or ``"steps"`` (Mosaix only; docs/rl.md).
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str,
        players: int = 2,
        opponents: Opponents = "random",
        learner_seat: Optional[int] = None,
        render_mode: Optional[str] = None,
        illegal_action: str = "raise",
        action_space: str = "flat",
    ):
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if illegal_action not in ("raise", "lose"):
            raise ConfigError(f"illegal_action is 'raise' or 'lose', not {illegal_action!r}")
        if opponents is None:
            raise ConfigError(
                "opponents: a Gymnasium environment plays one learner; for self-play use "
                "tabula.VecEnv(..., opponents=None) or tabula.pettingzoo"
            )
        self.illegal_action = illegal_action
        self._lost = False
        self._core = _tabula._VecEnvCore(game, players, 1, 0, opponents, learner_seat, 1, False, action_space)
        if self._core.self_play:
            self._core.close()
            raise ConfigError(
                "opponents: a Gymnasium environment plays one learner (no \"self\" seats); for "
                "self-play use tabula.VecEnv or tabula.pettingzoo"
            )
        self.game = game
        self.players = players
        self.render_mode = render_mode
        self._shape = tuple(self._core.observation_shape)
        self._buffers = Buffers(1, self._core.observation_size, self._core.num_actions)
        self._actions = np.zeros(1, dtype=np.int64)
        self._seeded = False
        self.observation_space = observation_space(self._shape, self._core.observation_bounds())
        self.action_space = LegalDiscrete(self._core.num_actions, self._buffers.mask[0])

    def _observation(self) -> np.ndarray:
        return self._buffers.obs[0].reshape(self._shape).copy()

    def _info(self) -> dict:
        return {"action_mask": self.action_masks(), "learner_seat": self._core.learner_seats[0]}

    def action_masks(self) -> np.ndarray:
        """The legal actions now: int8 0/1 of length ``num_distinct_actions``."""
        return self._buffers.mask[0].astype(np.int8)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        seed = _args.seed(seed)
        super().reset(seed=seed)
        if seed is None and not self._seeded:
            seed = int(self.np_random.integers(2**63))
        self._seeded = True
        self._lost = False
        self._core.reset(seed, *self._buffers.args())
        return self._observation(), self._info()

    def step(self, action):
        action = _args.action(action, self._core.num_actions)
        if self._lost:
            raise IllegalAction("the episode is over: call reset() to start a new one")
        self._actions[0] = action
        try:
            self._core.step(self._actions, *self._buffers.args())
        except IllegalAction as e:
            if self.illegal_action == "raise":
                raise
            self._lost = True
            info = self._info()
            info["illegal_action"] = str(e)
            return self._observation(), -1.0, True, False, info
        b = self._buffers
        return (
            self._observation(),
            float(b.rewards[0]),
            bool(b.terminated[0]),
            bool(b.truncated[0]),
            self._info(),
        )

    def render(self):
        if self.render_mode == "ansi":
            return self._core.render(0)
        return None

    def scores(self) -> Optional[list]:
        """The final scores once the episode is over, else ``None``."""
        return self._core.scores(0)

    def close(self):
        """Frees the game: ``step`` and ``reset`` then raise ``ClosedEnvironmentError``
        (closing twice is allowed)."""
        self._core.close()


def _register() -> None:
    for name, cls in GAMES.items():
        env_id = f"tabula/{cls.__name__}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="tabula.gymnasium:TabulaEnv",
                vector_entry_point="tabula.vector:VecEnv",
                kwargs={"game": name},
            )


_register()

__all__ = ["LegalDiscrete", "TabulaEnv", "VecEnv"]
