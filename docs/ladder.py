#!/usr/bin/env python3
"""The strength ladder of docs/agents.md: runs the `simulate` program for every row and prints
the table (win rates of the first agent with 95% Wilson intervals).

    cargo build --release --example simulate
    python3 docs/ladder.py                  # the whole ladder (about 35 CPU minutes)
    python3 docs/ladder.py kingdom-builder  # only the rows of these games

Every row is one `simulate --ladder SECOND,FIRST` command: the first agent in every seat in
turn against the second agent in all the other seats, an equal share of the games per
seating, all with the same seed, so the seatings play the same setups and dice and any
advantage of a seat cancels. Each command is printed on stderr and its ladder file kept in
target/ladder/ (the `--json` file of `simulate --ladder`)."""

import json
import math
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIMULATE = ROOT / "target" / "release" / "examples" / "simulate"
SEED = 1
N = 500

# (game, players, first agent, second agent, games in all): more games where the rate is
# close to a goal or the intervals would overlap, and where games are cheap.
ROWS = [
    (game, players, first, second, games)
    for game, players, vs_random, vs_mc in [
        ("kingdom-builder", 2, 200, 1000),
        ("kingdom-builder", 4, 200, 400),
        ("alea-iacta-est", 2, 200, 300),
        ("the-border", 2, 200, 400),
        ("mosaix", 2, 200, 400),
        ("sequence-dice", 2, 2000, 2000),
    ]
    for first, second, games in [
        (f"ismcts:{N}", "random", vs_random),
        (f"ismcts:{N}", f"mc:{N}", vs_mc),
        (f"mc:{N}", "random", vs_random),
    ]
]

def wilson(wins, n, z=1.96):
    """The 95% Wilson score interval of wins / n."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def row(game, players, first, second, games):
    """Plays one row, the two-level ladder `second,first` of `simulate`, and returns (wins of
    `first`, games)."""
    out = ROOT / "target" / "ladder"
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{game}-{players}p-{first.replace(':', '')}-vs-{second.replace(':', '')}.json"
    command = [str(SIMULATE), "--game", game, "--players", str(players), "--games",
               str(games // players), "--seed", str(SEED), "--ladder", f"{second},{first}",
               "--json", str(path)]
    print("simulate " + " ".join(command[1:-2]), file=sys.stderr, flush=True)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    rung = json.loads(path.read_text())["rungs"][0]
    return rung["wins"], rung["games"]


def main():
    games = set(sys.argv[1:])
    print("| game | players | agents | games | win rate of the first | 95% interval |")
    print("|---|---:|---|---:|---:|---|")
    for game, players, first, second, n in ROWS:
        if games and game not in games:
            continue
        wins, played = row(game, players, first, second, n)
        low, high = wilson(wins, played)
        print(f"| {game} | {players} | {first} vs {second} | {played} | "
              f"{100 * wins / played:.1f}% | {100 * low:.1f}% – {100 * high:.1f}% |", flush=True)


if __name__ == "__main__":
    main()
