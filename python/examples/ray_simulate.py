"""Simulation on a Ray cluster: the same summary as `simulate --json`, byte for byte.

The game-index range 0..games is split into Ray tasks; each task plays its part in Rust
(``tabula.simulate`` with ``start``/``stop``, one core per task), the summaries are merged
exactly (``tabula.merge_summaries``) and the merged summary is written. Game i's config, dice
and agents depend on (seed, i) alone, so the file is byte-identical to

    cargo run --release --example simulate -- --game kingdom-builder --players 4 \\
        --games 100000 --seed 11 --agents random,mc:200,random,random --json summary.json

for the same game, players, games, seed and agents, however the range is split.

Run it on this machine (Ray starts a local cluster)::

    python python/examples/ray_simulate.py --game kingdom-builder --players 4 \\
        --games 100000 --seed 11 --json summary.json

On a cluster: start Ray on the head node (``ray start --head``) and on every worker
(``ray start --address=HEAD:6379``), install the package on each node
(``pip install ./python[ray]``), then run the script on the head node with
``--address auto`` (or ``RAY_ADDRESS=auto``); from elsewhere, a Ray Client address
(``--address ray://HEAD:10001``). ``--tasks`` sets how many parts the range is split into
(default: four per CPU of the cluster).
"""

import argparse
import os
import sys
import time
from typing import List, Optional, Tuple

import ray

import tabula


def split(games: int, tasks: int) -> List[Tuple[int, int]]:
    """`tasks` contiguous, non-empty index ranges covering 0..games."""
    tasks = max(1, min(tasks, games))
    bounds = [games * k // tasks for k in range(tasks + 1)]
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if a < b]


@ray.remote(num_cpus=1)
def simulate_part(game: str, players: int, games: int, seed: int, agents: str,
                  start: int, stop: int, config: Optional[str]) -> str:
    """The summary (JSON text) of games start..stop, played in Rust on one core."""
    return tabula.simulate(game, players, games, seed, agents, start=start, stop=stop,
                           config=config, threads=1)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help="e.g. kingdom-builder")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1, help="master seed (default 1, as simulate)")
    parser.add_argument("--agents", default="random",
                        help="one agent for every seat, or one per seat: random,mc:200,...")
    parser.add_argument("--config", help="a file holding one fixed config (JSON) for every game")
    parser.add_argument("--json", help="write the summary here (default: standard output)")
    parser.add_argument("--tasks", type=int, help="Ray tasks (default: 4 per cluster CPU)")
    parser.add_argument("--address", default=None,
                        help="Ray cluster address ('auto', 'ray://HEAD:10001'); default: "
                             "RAY_ADDRESS, or a new local Ray")
    args = parser.parse_args(argv)
    config = None
    if args.config:
        with open(args.config, encoding="utf-8") as f:
            config = f.read()
    # Checks the spec at once (a bad game, player count, agent or config is one clear line).
    try:
        tabula.simulate(args.game, args.players, args.games, args.seed, args.agents,
                        start=0, stop=0, config=config)
    except (tabula.TabulaError, ValueError) as e:
        print(f"ray_simulate: {e}", file=sys.stderr)
        return 2

    address = args.address or os.environ.get("RAY_ADDRESS")
    if address:
        ray.init(address=address)
    else:  # a Ray of its own on this machine, quietly
        ray.init(include_dashboard=False, log_to_driver=False)
    tasks = args.tasks or 4 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    parts = split(args.games, tasks)
    started = time.perf_counter()
    futures = [
        simulate_part.remote(args.game, args.players, args.games, args.seed, args.agents,
                             start, stop, config)
        for start, stop in parts
    ]
    summaries = []
    remaining = list(futures)
    while remaining:
        done, remaining = ray.wait(remaining, num_returns=1)
        summaries.extend(ray.get(done))
        print(f"\r{len(summaries)}/{len(parts)} parts done", end="", file=sys.stderr)
    print(f"\n{args.games} games in {time.perf_counter() - started:.1f} s on Ray",
          file=sys.stderr)
    text = tabula.merge_summaries(summaries)
    if args.json:
        with open(args.json, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
