"""Environment steps per second of ``tabula.VecEnv``: each step plays one random legal action
per environment and delivers observations and masks as numpy arrays. With Pgx installed
(``pip install pgx``, JAX on the CPU), its backgammon and connect_four run the same way in the
same run.

Modes (``--modes``, comma-separated; one row per game and mode):

- ``copy``: a learner against ``random`` with the default ``copy=True`` (fresh arrays every
  step, written once by Rust);
- ``random``: the same with ``copy=False`` (the same arrays every step);
- ``self``: self-play (``opponents=None``, one decision of the seat to move per step),
  ``copy=False``; ``self-copy``: with ``copy=True``.

Actions come from ``action_space.sample()`` (drawn in Rust from the legal lists), or with
``--numpy-actions`` from the masks in numpy. ``--action-space steps`` plays Mosaix in steps.

    python benchmarks/vec_env.py --seconds 3
    python benchmarks/vec_env.py --game mosaix --players 4 --envs 256 --numpy-actions --action-space steps

Prints a Markdown table (docs/performance.md): steps per wall-clock second, and in brackets per
CPU-second of the process (all its threads), which other load on the machine disturbs less.
Figures, not a test: nothing asserts a speed.
"""

import argparse
import os
import time

import numpy as np

import tabula

# The table of docs/rl.md: each game at the player count of its throughput goal.
DEFAULT_RUNS = [
    ("sequence-dice", 2),
    ("the-border", 2),
    ("kingdom-builder", 4),
    ("mosaix", 4),
    ("alea-iacta-est", 5),
]

MODES = {
    "copy": dict(copy=True, opponents="random"),
    "random": dict(copy=False, opponents="random"),
    "self": dict(copy=False, opponents=None),
    "self-copy": dict(copy=True, opponents=None),
}


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal id per row of a bool mask (0 for a row without any)."""
    flat = np.flatnonzero(mask)
    rows, cols = np.divmod(flat, mask.shape[1])
    counts = np.bincount(rows, minlength=mask.shape[0])
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    picks = starts + (rng.random(mask.shape[0]) * counts).astype(np.int64)
    actions = np.zeros(mask.shape[0], dtype=np.int64)
    has = counts > 0
    actions[has] = cols[picks[has]]
    return actions


def tabula_rate(game, players, num_envs, seconds, threads, numpy_actions, mode, action_space):
    """(steps per wall-clock second, steps per CPU-second of the process)."""
    env = tabula.VecEnv(game, players, num_envs, seed=1, threads=threads, action_space=action_space, **MODES[mode])
    rng = np.random.default_rng(1)
    _, info = env.reset()
    steps, start, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        if numpy_actions:
            actions = random_legal(info["action_mask"], rng)
        else:
            actions = env.action_space.sample()
        _, _, _, _, info = env.step(actions)
        steps += num_envs
    env.close()
    return steps / (time.perf_counter() - start), steps / (time.process_time() - cpu)


def pgx_rate(env_id: str, num_envs: int, seconds: float):
    """(steps per wall-clock second, steps per CPU-second of the process)."""
    import jax
    import jax.numpy as jnp
    import pgx

    env = pgx.make(env_id)
    init, step = jax.jit(jax.vmap(env.init)), jax.jit(jax.vmap(env.step))

    @jax.jit
    def act(key, mask):
        logits = jnp.where(mask, 0.0, -jnp.inf)
        return jax.random.categorical(key, logits, axis=-1)

    key = jax.random.PRNGKey(0)
    key, sub = jax.random.split(key)
    state = init(jax.random.split(sub, num_envs))
    # Compile outside the clock (and let the games run past their openings).
    for _ in range(3):
        key, k1, k2 = jax.random.split(key, 3)
        state = step(state, act(k1, state.legal_action_mask), jax.random.split(k2, num_envs))
    jax.block_until_ready(state)
    steps, start, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        key, k1, k2 = jax.random.split(key, 3)
        state = step(state, act(k1, state.legal_action_mask), jax.random.split(k2, num_envs))
        np.asarray(state.observation), np.asarray(state.legal_action_mask)
        steps += num_envs
    return steps / (time.perf_counter() - start), steps / (time.process_time() - cpu)


def cell(rates) -> str:
    """A table cell: steps per wall-clock second (steps per CPU-second)."""
    wall, cpu = rates
    return f"{wall:,.0f} ({cpu:,.0f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--envs", type=int, nargs="*", default=[1, 64, 256, 1024])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--threads", type=int, default=None, help="default: every core")
    parser.add_argument("--modes", default="copy,random,self", help=f"comma-separated: {', '.join(MODES)}")
    parser.add_argument("--numpy-actions", action="store_true", help="choose actions from the masks in numpy")
    parser.add_argument("--action-space", default="flat", choices=["flat", "steps"])
    parser.add_argument("--no-pgx", action="store_true", help="leave out the Pgx rows")
    args = parser.parse_args()
    runs = [(args.game, args.players)] if args.game else DEFAULT_RUNS
    modes = args.modes.split(",")
    how = "numpy from the masks" if args.numpy_actions else "action_space.sample()"
    print(
        f"cores: {os.cpu_count()}, threads: {args.threads or 'all'}, {args.seconds} s per cell, "
        f"actions: {how}, action space: {args.action_space}\n"
    )
    print("| environment | mode | " + " | ".join(f"{n} envs" for n in args.envs) + " |")
    print("|---|---|" + "---:|" * len(args.envs))
    for game, players in runs:
        for mode in modes:
            rates = [
                tabula_rate(game, players, n, args.seconds, args.threads, args.numpy_actions, mode, args.action_space)
                for n in args.envs
            ]
            print(f"| {game} {players}p | {mode} | " + " | ".join(cell(r) for r in rates) + " |", flush=True)
    if args.no_pgx:
        return
    try:
        import pgx  # noqa: F401
    except ImportError:
        print("\n(pgx not installed: no Pgx rows)")
        return
    for env_id in ["backgammon", "connect_four"]:
        rates = [pgx_rate(env_id, n, args.seconds) for n in args.envs]
        print(f"| pgx {env_id} | self | " + " | ".join(cell(r) for r in rates) + " |", flush=True)


if __name__ == "__main__":
    main()
