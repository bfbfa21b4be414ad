"""Random games per second, driven from Python three ways: through pyspiel, through the plain
tabula API, and through the batch call that plays in Rust without the GIL.

    python benchmarks/random_games.py --game kingdom-builder --players 4 --seconds 10

Prints one line per way (and OpenSpiel's own C++ backgammon driven the same way from Python,
for reference, with --reference). Figures, not a test: nothing here asserts a speed.
"""

import argparse
import random
import time

import tabula

try:
    import pyspiel

    import tabula.openspiel
except ImportError:  # open_spiel is optional
    pyspiel = None


def play_plain(cls, players: int, seed: int, rng: random.Random) -> int:
    """One random game through the plain API; returns the number of actions."""
    state = cls(players, seed)
    n = 0
    while not state.is_over:
        if state.is_chance:
            outcomes = state.chance_outcome_ids()
            ids = [a for a, _ in outcomes]
            weights = [p for _, p in outcomes]
            state.apply(rng.choices(ids, weights)[0])
        else:
            seat = state.next_seat
            state.apply(rng.choice(state.legal_action_ids(seat)), seat)
        n += 1
    return n


def play_pyspiel(game, rng: random.Random) -> int:
    """One random game through pyspiel's API; returns the number of actions."""
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            ids = [a for a, _ in outcomes]
            weights = [p for _, p in outcomes]
            state.apply_action(rng.choices(ids, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return n


def rate(play, seconds: float) -> tuple:
    """Games per CPU-second, per wall-second, and actions per game of `play(i)` run for about
    `seconds` of CPU time. CPU time (time.process_time) is the fairer figure on a loaded
    machine; both are printed."""
    start, wall = time.process_time(), time.perf_counter()
    games = actions = 0
    while time.process_time() - start < seconds:
        actions += play(games)
        games += 1
    cpu, wall = time.process_time() - start, time.perf_counter() - wall
    return games / cpu, games / wall, actions / max(games, 1)


def line(label: str, figures: tuple) -> str:
    per_cpu, per_wall, length = figures
    return (
        f"  {label:<26}{per_cpu:10.1f} games per CPU-second  "
        f"({per_wall:.1f} per wall-second, {length:.0f} actions/game)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kingdom-builder")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per way")
    parser.add_argument("--batch-games", type=int, default=20000)
    parser.add_argument("--reference", action="store_true", help="also time pyspiel backgammon")
    args = parser.parse_args()
    cls = tabula.GAMES[args.game]
    rng = random.Random(1)
    print(f"{args.game}, {args.players} players, random play, one core")

    print(line("plain API (Python loop)", rate(lambda i: play_plain(cls, args.players, i, rng), args.seconds)))

    if pyspiel is None:
        print("  pyspiel                   (open_spiel not installed)")
    else:
        short = tabula.openspiel.SHORT_NAMES.get(args.game)
        if short is not None:
            game = pyspiel.load_game(short, {"players": args.players, "seed": 0})
            print(line("pyspiel (Python loop)", rate(lambda i: play_pyspiel(game, rng), args.seconds)))
        if args.reference:
            game = pyspiel.load_game("backgammon")
            figures = rate(lambda i: play_pyspiel(game, rng), args.seconds)
            print(line("reference: C++ backgammon", figures) + " through pyspiel")

    start, wall = time.process_time(), time.perf_counter()
    result = tabula.play_random_games(args.game, args.players, games=args.batch_games, seed=1)
    cpu, wall = time.process_time() - start, time.perf_counter() - wall
    length = sum(result.lengths) / len(result)
    figures = (len(result) / cpu, len(result) / wall, length)
    print(line("batch (Rust, no GIL)", figures) + f", {args.batch_games} games, 1 thread")

if __name__ == "__main__":
    main()
