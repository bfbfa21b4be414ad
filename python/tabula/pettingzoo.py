"""PettingZoo environments of every game: ``tabula.pettingzoo.env(game, players=2)`` is an
``AECEnv`` in which every seat is an agent (``pip install "tabula[rl]"``; see docs/rl.md)::

    import tabula.pettingzoo

    env = tabula.pettingzoo.env("the-border", players=3)
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \\
            env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents are ``player_0 … player_{n-1}`` (seat ``i`` is ``player_i``). Chance (rolls, draws) is
resolved inside by dice seeded at ``reset(seed=...)`` (0 to 2**64 - 1). At a turn where several seats decide at
once they are asked one at a time, lowest seat first, and no observation shows another seat's
pending choice (observations are written from each seat's view). Rewards are 0 until the end,
then each seat's share of a win: 1 alone, 1/k for k tied winners, 0 for a loss. A step
before ``reset()`` raises ``tabula.errors.ResetNeeded``, one after ``close()``
``ClosedEnvironmentError``, a non-integer action ``TypeError``.
"""

import random
from typing import Any, Dict, Optional

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import _args, new_game
from .errors import ClosedEnvironmentError, ConfigError, ResetNeeded
from .vector import observation_space


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order checks, refusing a step or an observation before ``reset()`` with
    ``tabula.errors.ResetNeeded`` ("call reset() first") as every tabula environment does."""

    def step(self, action) -> None:
        if not self._has_reset:
            raise ResetNeeded("the environment has not started: call reset() first")
        super().step(action)

    def observe(self, agent: str):
        if not self._has_reset:
            raise ResetNeeded("the environment has not started: call reset() first")
        return super().observe(agent)


def env(game: str, players: int = 2, render_mode: Optional[str] = None) -> AECEnv:
    """The AEC environment of ``game`` for ``players``, with PettingZoo's order checks."""
    return OrderEnforcing(raw_env(game, players, render_mode))


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped class)
    """The AEC environment of one game; :func:`env` wraps it in PettingZoo's order checks."""

    metadata = {"render_modes": ["ansi"], "name": "tabula_v0", "is_parallelizable": False}

    def __init__(self, game: str, players: int = 2, render_mode: Optional[str] = None):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode is None or 'ansi', not {render_mode!r}")
        probe = new_game(game, players, 0)  # refuses an unknown game or player count
        self.game = type(probe).name
        self.players = players
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"tabula_{self.game.replace('-', '_')}_v0")
        self._shape = tuple(probe.observation_shape)
        self._num_actions = probe.num_distinct_actions
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": observation_space(self._shape, probe.observation_bounds()),
                    "action_mask": gymnasium.spaces.Box(0, 1, (self._num_actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {
            agent: gymnasium.spaces.Discrete(self._num_actions) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self.state_ = probe
        self._started = False
        self._closed = False

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self._action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game: the standard setup of a seed drawn from the dice, which ``seed`` seeds
        anew (otherwise they draw on)."""
        if self._closed:
            raise ClosedEnvironmentError("the environment is closed: make a new one")
        seed = _args.seed(seed)
        if seed is not None:
            self._rng = random.Random(seed)
        self.state_ = new_game(self.game, self.players, self._rng.getrandbits(64))
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {agent: {} for agent in self.agents}
        self._resolve_chance()
        self.agent_selection = self._agent_to_move()
        self._started = True

    def _resolve_chance(self) -> None:
        while self.state_.is_chance:
            outcomes = self.state_.chance_outcome_ids()
            ids = [i for i, _ in outcomes]
            self.state_.apply(self._rng.choices(ids, [p for _, p in outcomes])[0])

    def _agent_to_move(self) -> str:
        return self.possible_agents[self.state_.next_seat]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """The seat's tensor (from its view only) and its legal actions (int8 0/1)."""
        seat = self._seat[agent]
        observation = np.empty(self._shape, dtype=np.float32)
        self.state_.write_observation(seat, observation)
        mask = np.zeros(self._num_actions, dtype=np.int8)
        if not self.state_.is_over and seat in self.state_.turn.seats:
            mask[self.state_.legal_action_ids(seat)] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action) -> None:
        """Plays ``action`` (an integer id) for the agent to move; ``IllegalAction`` if it may
        not, ``TypeError`` for anything but an integer."""
        if self._closed:
            raise ClosedEnvironmentError("the environment is closed: make a new one")
        if not self._started:
            raise ResetNeeded("the environment has not started: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = _args.action(action, self._num_actions)
        self.state_.apply(action, self._seat[agent])
        self._cumulative_rewards[agent] = 0.0
        self._resolve_chance()
        if self.state_.is_over:
            returns = self.state_.outcome().returns
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
            self.agent_selection = self.possible_agents[(self._seat[agent] + 1) % self.players]
        else:
            self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """The view of the agent to move as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        return self.state_.view_text(self._seat[self.agent_selection])

    def close(self) -> None:
        """Ends the environment: ``step`` and ``reset`` then raise
        ``ClosedEnvironmentError`` (closing twice is allowed)."""
        self._closed = True
