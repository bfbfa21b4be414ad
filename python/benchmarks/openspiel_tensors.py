"""What an OpenSpiel tensor of a tabula game costs, and OpenSpiel's RL loop on it.

For a game and player count (default: Kingdom Builder, 4 players, whose tensor has 12,112
floats), along random games:

- ``set_from``: the observer writing the tensor into its numpy buffer (Rust writes it, with no
  Python list between);
- ``observation_tensor`` and ``information_state_tensor``: pyspiel's whole call, which runs
  ``set_from``, copies the buffer and converts it into a Python list of floats (its own share);
- decisions per second of ``open_spiel.python.rl_environment.Environment`` driven by
  ``random_agent.RandomAgent`` for every seat, which asks for every seat's information-state
  tensor at every step.

    python benchmarks/openspiel_tensors.py --seconds 5
    python benchmarks/openspiel_tensors.py --game tabula_alea_iacta_est --players 5

Figures, not a test: nothing asserts a speed (docs/performance.md, "OpenSpiel").
"""

import argparse
import random
import time

import numpy as np
import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import random_agent

import tabula.openspiel  # noqa: F401


def states(game, count: int, seed: int):
    """``count`` states met along random games, chance and decisions alike."""
    rng = random.Random(seed)
    out, state = [], game.new_initial_state()
    while len(out) < count:
        if state.is_terminal():
            state = game.new_initial_state()
            continue
        out.append(state.clone())
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return out


def per_call(f, items, seconds: float) -> float:
    """Microseconds per call of ``f`` over ``items``, cycled for about ``seconds``."""
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for item in items:
            f(item)
        calls += len(items)
    return (time.perf_counter() - start) / calls * 1e6


def rl_loop(game, seconds: float) -> float:
    """Decisions per second of rl_environment with a random agent at every seat."""
    env = rl_environment.Environment(game)
    n = env.action_spec()["num_actions"]
    agents = [random_agent.RandomAgent(player_id=i, num_actions=n) for i in range(game.num_players())]
    decisions, start = 0, time.perf_counter()
    time_step = env.reset()
    while time.perf_counter() - start < seconds:
        if time_step.last():
            for agent in agents:
                agent.step(time_step)
            time_step = env.reset()
            continue
        player = time_step.observations["current_player"]
        action = agents[player].step(time_step).action
        time_step = env.step([action])
        decisions += 1
    return decisions / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tabula_kingdom_builder")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    game = pyspiel.load_game(args.game, {"players": args.players})
    sample = [s for s in states(game, 400, 1) if not s.is_chance_node()][:100]
    observer = game.make_py_observer()
    size = int(np.prod(game.observation_tensor_shape()))
    set_from = per_call(lambda s: observer.set_from(s, s.current_player()), sample, args.seconds)
    obs = per_call(lambda s: s.observation_tensor(s.current_player()), sample, args.seconds)
    info = per_call(lambda s: s.information_state_tensor(s.current_player()), sample, args.seconds)
    rate = rl_loop(game, args.seconds)
    print(f"{args.game}, {args.players} players, tensor of {size:,} floats")
    print(f"set_from (Rust into the observer's numpy buffer): {set_from:8.1f} µs")
    print(f"observation_tensor (pyspiel's whole call):        {obs:8.1f} µs")
    print(f"information_state_tensor (pyspiel's whole call):  {info:8.1f} µs")
    print(f"rl_environment, random agents:                    {rate:8.0f} decisions/s")


if __name__ == "__main__":
    main()
