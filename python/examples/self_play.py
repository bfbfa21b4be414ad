"""Learns a game by self-play alone, with numpy: one masked policy plays every seat of
``tabula.VecEnv(..., opponents=None)``, trained by PPO (clipped policy gradient, a value head
and generalised advantage estimation over each seat's own decisions, an entropy bonus, Adam)
on the final win shares. Then it measures the policy
against ``random`` and a Monte-Carlo agent on tables seated half one way, half the other, with
95% intervals, and draws the learning curve.

    pip install "./python[rl]"
    python python/examples/self_play.py --game sequence-dice --minutes 5 --plot curve.svg
    python python/examples/self_play.py --game alea-iacta-est --minutes 8 --against random

docs/rl.md gives the runs, their times and their curves. ``--smoke`` trains for a few updates
only (the test suite runs it).
"""

import argparse
import json
import math
import os
import time

# The environments' own threads use the cores; BLAS threads on these small matrices would only
# contend with them (a tenfold slow-down measured on the 2-core machine). Set before numpy loads.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

import tabula  # noqa: E402


class Policy:
    """A two-layer tanh network with a policy head (logits over the action ids, illegal ones
    masked out) and a value head (the seat's expected win share), trained by PPO with Adam."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator):
        def layer(n_in, n_out, scale):
            return rng.normal(0, scale / np.sqrt(n_in), (n_in, n_out)).astype(np.float32)

        self.params = [
            layer(inputs, hidden, 1.0),
            np.zeros(hidden, np.float32),
            layer(hidden, hidden, 1.0),
            np.zeros(hidden, np.float32),
            layer(hidden, actions, 0.01),
            np.zeros(actions, np.float32),
            layer(hidden, 1, 1.0),
            np.zeros(1, np.float32),
        ]
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params]
        self.updates = 0
        self.lr = 0.0

    def forward(self, obs: np.ndarray, mask: np.ndarray):
        """Hidden activations, action probabilities (0 where illegal) and values."""
        w1, b1, w2, b2, wp, bp, wv, bv = self.params
        h1 = np.tanh(obs @ w1 + b1)
        h2 = np.tanh(h1 @ w2 + b2)
        logits = np.where(mask, h2 @ wp + bp, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits) * mask
        probs /= probs.sum(axis=1, keepdims=True)
        values = (h2 @ wv + bv)[:, 0]
        return h1, h2, probs, values

    def act(self, obs, mask, rng, greedy=False):
        """One action per row with a legal action (0 for the others), its probability and the
        row's value."""
        live = mask.any(axis=1)
        actions = np.zeros(len(obs), dtype=np.int64)
        chosen = np.ones(len(obs), dtype=np.float32)
        value = np.zeros(len(obs), dtype=np.float32)
        if live.any():
            _, _, probs, values = self.forward(obs[live], mask[live])
            value[live] = values
            if greedy:
                picks = probs.argmax(axis=1)
            else:
                draws = rng.random((len(probs), 1))
                picks = np.minimum((probs.cumsum(axis=1) < draws).sum(axis=1), probs.shape[1] - 1)
            actions[live] = picks
            chosen[live] = probs[np.arange(len(picks)), picks]
        return actions, chosen, value

    def update(self, obs, mask, actions, old_prob, advantages, returns, args) -> None:
        """One PPO step: clipped surrogate on normalised advantages, value loss, entropy."""
        w1, b1, w2, b2, wp, bp, wv, bv = self.params
        n = len(actions)
        h1, h2, probs, values = self.forward(obs, mask)
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        rows = np.arange(n)
        ratio = probs[rows, actions] / np.maximum(old_prob, 1e-8)
        clip = args.clip
        active = np.where(advantages > 0, ratio < 1 + clip, ratio > 1 - clip)
        # d(loss)/d(logits): the surrogate, the entropy bonus and (below) the value loss.
        coef = -(ratio * advantages * active) / n
        g_logits = -coef[:, None] * probs
        g_logits[rows, actions] += coef
        logp = np.log(np.maximum(probs, 1e-12)) * mask
        entropy = -(probs * logp).sum(axis=1, keepdims=True)
        g_logits += args.entropy * probs * (logp + entropy) / n
        g_values = 2 * args.value * (values - returns)[:, None] / n
        g_h2 = (g_logits @ wp.T + g_values @ wv.T) * (1 - h2**2)
        g_h1 = (g_h2 @ w2.T) * (1 - h1**2)
        grads = [
            obs.T @ g_h1,
            g_h1.sum(0),
            h1.T @ g_h2,
            g_h2.sum(0),
            h2.T @ g_logits,
            g_logits.sum(0),
            h2.T @ g_values,
            g_values.sum(0),
        ]
        norm = math.sqrt(sum(float((g * g).sum()) for g in grads))
        scale = min(1.0, args.max_grad / (norm + 1e-8))
        self.updates += 1
        for p, g, (m, v) in zip(self.params, grads, self.moments):
            g = g * scale
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat = m / (1 - 0.9**self.updates)
            v_hat = v / (1 - 0.999**self.updates)
            p -= (self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(p.dtype)


class Rollouts:
    """Self-play steps kept until their episodes end, then handed out with their advantages
    and returns. A seat's decisions form its own trajectory (rewards 0 until the end, then its
    win share); advantages are generalised advantage estimates along it (``lam``; 1 gives the
    plain final reward minus the value)."""

    def __init__(self, num_envs: int, lam: float):
        self.chunks = []  # per step: obs, mask, action, prob, seat, live, value, advantage
        self.first = 0  # index of chunks[0]
        self.start = np.zeros(num_envs, dtype=np.int64)  # step at which each episode began
        self.ready = 0
        self.lam = lam

    def add(self, obs, mask, actions, probs, values, seats):
        live = mask.any(axis=1)
        advantages = np.full(len(obs), np.nan, dtype=np.float32)
        self.chunks.append([obs, mask, actions, probs, seats.copy(), live, values, advantages])

    def finish(self, terminated, rewards):
        """Gives the steps of every episode that ended at the last step their advantages."""
        last = self.first + len(self.chunks) - 1
        for i in np.flatnonzero(terminated):
            steps = [self.chunks[t - self.first] for t in range(self.start[i], last + 1)]
            steps = [c for c in steps if c[5][i]]
            for seat in {int(c[4][i]) for c in steps}:
                following, advantage = float(rewards[i, seat]), 0.0
                for c in reversed([c for c in steps if c[4][i] == seat]):
                    value = float(c[6][i])
                    advantage = following - value + self.lam * advantage
                    c[7][i] = advantage
                    following = value
            self.ready += len(steps)
            self.start[i] = last + 1

    def take(self):
        """Every step with an advantage, as arrays (observations, masks, actions, their
        probabilities, advantages, returns); drops the steps no episode needs any more."""
        parts = [[] for _ in range(6)]
        for chunk in self.chunks:
            done = chunk[5] & ~np.isnan(chunk[7])
            if done.any():
                returns = chunk[7] + chunk[6]
                for k, x in enumerate((chunk[0], chunk[1], chunk[2], chunk[3], chunk[7], returns)):
                    parts[k].append(x[done])
                chunk[5] = chunk[5] & ~done
        keep = int(self.start.min()) - self.first
        self.chunks = self.chunks[keep:]
        self.first += keep
        self.ready = 0
        return [np.concatenate(p) for p in parts]


def train(policy, args, rng, log):
    """Self-play for ``args.minutes``; evaluates against random every ``args.eval_every``
    seconds and returns the curve (seconds, games, win rate against random)."""
    env = tabula.VecEnv(args.game, args.players, args.envs, seed=args.seed, opponents=None, copy=False)
    obs, info = env.reset()
    rollouts = Rollouts(args.envs, args.gae_lambda)
    curve, games = [], 0
    start = time.monotonic()
    next_eval = 0.0
    while True:
        elapsed = time.monotonic() - start
        if elapsed >= next_eval:
            rate, low, high = evaluate(policy, args, "random", args.curve_games, rng)
            curve.append((elapsed, games, rate, low, high))
            log(f"{elapsed:6.0f} s  {games:7d} games  {policy.updates:5d} updates  against random {rate:.3f} ({low:.3f}-{high:.3f})")
            next_eval += args.eval_every
        if elapsed >= 60 * args.minutes or (args.smoke and policy.updates >= 3):
            break
        mask = info["action_mask"]
        actions, probs, values = policy.act(obs, mask, rng)
        rollouts.add(obs.copy(), mask.copy(), actions, probs, values, info["current_seat"])
        obs, rewards, terminated, _, info = env.step(actions)
        rollouts.finish(terminated, rewards)
        games += int(terminated.sum())
        if rollouts.ready >= args.batch:
            # The learning rate falls linearly to a tenth over the run.
            policy.lr = args.lr * (1 - 0.9 * min(1.0, elapsed / (60 * args.minutes)))
            o, m, a, p, adv, ret = rollouts.take()
            for _ in range(args.epochs):
                order = rng.permutation(len(a))
                for s in range(0, len(a), args.minibatch):
                    i = order[s : s + args.minibatch]
                    policy.update(o[i], m[i], a[i], p[i], adv[i], ret[i], args)
    env.close()
    return curve, games


def evaluate(policy, args, opponent: str, games: int, rng, greedy=True):
    """The policy's mean win share against ``opponent`` over ``games`` games, half seated
    first and half second (the mixed tables of ``VecEnv``), with a 95% normal interval."""
    n = min(games, 256)
    n -= n % args.players
    tables = [[opponent] * args.players for _ in range(n)]
    for i, table in enumerate(tables):
        table[i % args.players] = "self"
    env = tabula.VecEnv(args.game, args.players, n, seed=int(rng.integers(2**63)), opponents=tables, copy=False)
    obs, info = env.reset()
    shares = []
    counted = np.zeros(n, dtype=np.int64)
    quota = -(-games // n)
    while len(shares) < games:
        actions, _, _ = policy.act(obs, info["action_mask"], rng, greedy=greedy)
        obs, rewards, terminated, _, info = env.step(actions)
        for i in np.flatnonzero(terminated):
            if counted[i] < quota:
                shares.append(rewards[i, i % args.players])
                counted[i] += 1
    env.close()
    shares = np.array(shares[:games])
    mean = float(shares.mean())
    half = 1.96 * float(shares.std(ddof=1)) / math.sqrt(len(shares))
    return mean, mean - half, mean + half


def svg(curve, title: str) -> str:
    """The win rate against random along the run (with its interval) as an SVG picture."""
    w, h, pad = 640, 360, 52
    t_end = max(c[0] for c in curve) or 1.0
    x = lambda t: pad + (w - 2 * pad) * t / t_end  # noqa: E731
    y = lambda r: h - pad - (h - 2 * pad) * r  # noqa: E731
    line = " ".join(f"{x(c[0]):.1f},{y(c[2]):.1f}" for c in curve)
    band = " ".join(f"{x(c[0]):.1f},{y(c[4]):.1f}" for c in curve) + " " + " ".join(
        f"{x(c[0]):.1f},{y(c[3]):.1f}" for c in reversed(curve)
    )
    ticks = "".join(
        f'<line x1="{pad}" x2="{w - pad}" y1="{y(t)}" y2="{y(t)}" stroke="#ddd"/>'
        f'<text x="{pad - 6}" y="{y(t) + 4}" text-anchor="end" font-size="11">{t:.1f}</text>'
        for t in (0, 0.2, 0.4, 0.6, 0.8, 1.0)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif">'
        f'<rect width="{w}" height="{h}" fill="white"/>{ticks}'
        f'<line x1="{pad}" x2="{w - pad}" y1="{y(0.5)}" y2="{y(0.5)}" stroke="#888" stroke-dasharray="6 4"/>'
        f'<polygon points="{band}" fill="#1f6fb4" fill-opacity="0.15"/>'
        f'<polyline points="{line}" fill="none" stroke="#1f6fb4" stroke-width="2"/>'
        f'<text x="{w / 2}" y="24" text-anchor="middle" font-size="14">{title}</text>'
        f'<text x="{w / 2}" y="{h - 14}" text-anchor="middle" font-size="11">seconds of self-play '
        f"(win share against random, 95% interval; dashed: even)</text></svg>\n"
    )


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sequence-dice")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--envs", type=int, default=128)
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--batch", type=int, default=8192, help="steps per update round")
    parser.add_argument("--minibatch", type=int, default=1024)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--value", type=float, default=0.5)
    parser.add_argument("--gae-lambda", type=float, default=0.95, help="1: final reward minus value")
    parser.add_argument("--max-grad", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-every", type=float, default=30.0, help="seconds between points of the curve")
    parser.add_argument("--curve-games", type=int, default=256)
    parser.add_argument("--games", type=int, default=2000, help="games of each final evaluation")
    parser.add_argument("--against", default="random,mc:20", help="agents of the final evaluation")
    parser.add_argument("--plot", default=None, help="write the curve as SVG here")
    parser.add_argument("--json", default=None, help="write the results as JSON here")
    parser.add_argument("--save", default=None, help="write the trained weights here (.npz)")
    parser.add_argument("--smoke", action="store_true", help="a few updates and tiny evaluations (tests)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.envs, args.batch, args.minibatch, args.curve_games, args.games = 16, 512, 256, 16, 16
        args.eval_every = 1e9
    rng = np.random.default_rng(args.seed)
    probe = tabula.VecEnv(args.game, args.players, 1, opponents=None)
    policy = Policy(probe.observation_size, probe.num_actions, args.hidden, rng)
    probe.close()
    started = time.monotonic()
    curve, games = train(policy, args, rng, lambda line: print(line, flush=True))
    trained = time.monotonic() - started
    print(f"self-play: {games} games, {policy.updates} updates in {trained:.0f} s")
    results = {"game": args.game, "players": args.players, "seconds": trained, "games": games, "curve": curve}
    for opponent in args.against.split(","):
        rate, low, high = evaluate(policy, args, opponent, args.games, rng)
        results[opponent] = (rate, low, high)
        print(f"against {opponent}: win share {rate:.3f} (95% interval {low:.3f} - {high:.3f}, {args.games} games)")
    if args.save:
        np.savez(args.save, *policy.params)
    if args.plot:
        title = f"{args.game} {args.players}p, self-play only: the policy against random"
        with open(args.plot, "w", encoding="utf-8") as f:
            f.write(svg(curve, title))
        print(f"curve: {args.plot}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)
    return results


if __name__ == "__main__":
    main()
