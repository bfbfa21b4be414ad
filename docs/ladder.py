#!/usr/bin/env python3
"""The strength ladder of docs/agents.md: runs the `simulate` program for every row and prints
the table (win rates of the first agent with their 95% intervals, and its Elo rating above the
second, as the ladder file gives them).

    cargo build --release --example simulate
    python3 docs/ladder.py                  # the whole ladder (about 35 CPU minutes)
    python3 docs/ladder.py kingdom-builder  # only the rows of these games

Every row is one `simulate --ladder SECOND,FIRST` command: the first agent in every seat in
turn against the second agent in all the other seats, an equal share of the games per
seating, all with the same seed, so the seatings play the same setups and dice and any
advantage of a seat cancels. The interval is the ladder file's: the seatings of one game index
are one unit, since they share its setup and dice (docs/simulation.md, "Ladder"); the rating is
the ladder's Bradley–Terry fit, in Elo points. Each command is printed on stderr and its ladder
file kept in target/ladder/ (the `--json` file of `simulate --ladder`)."""

import json
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

def row(game, players, first, second, games):
    """Plays one row, the two-level ladder `second,first` of `simulate`, and returns its rung
    and the rating of `first` (the second level of the ladder file)."""
    out = ROOT / "target" / "ladder"
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{game}-{players}p-{first.replace(':', '')}-vs-{second.replace(':', '')}.json"
    command = [str(SIMULATE), "--game", game, "--players", str(players), "--games",
               str(games // players), "--seed", str(SEED), "--ladder", f"{second},{first}",
               "--json", str(path)]
    print("simulate " + " ".join(command[1:-2]), file=sys.stderr, flush=True)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    ladder = json.loads(path.read_text())
    return ladder["rungs"][0], ladder["ratings"][1]


def main():
    games = set(sys.argv[1:])
    print("| game | players | agents | games | win rate of the first | 95% interval | Elo above "
          "the second |")
    print("|---|---:|---|---:|---:|---|---|")
    for game, players, first, second, n in ROWS:
        if games and game not in games:
            continue
        rung, rating = row(game, players, first, second, n)
        rate, low, high = rung["win_rate"], rung["win_rate_low"], rung["win_rate_high"]
        print(f"| {game} | {players} | {first} vs {second} | {rung['games']} | "
              f"{100 * rate:.1f}% | {100 * low:.1f}% – {100 * high:.1f}% | "
              f"{rating['elo']:+.0f} ({rating['low']:+.0f} – {rating['high']:+.0f}) |", flush=True)


if __name__ == "__main__":
    main()
