"""Trains a masked policy on a game against random opponents through ``tabula.VecEnv``, with
numpy alone (REINFORCE with a baseline, a one-hidden-layer network, Adam), and writes the
learning curve (win rate per batch of episodes, and the random learner's) as an SVG picture.

    pip install "./python[rl]"
    python python/examples/train_policy.py --game sequence-dice --minutes 3 --plot curve.svg

docs/rl.md shows a curve made this way.
"""

import argparse
import time

import numpy as np

import tabula


class Policy:
    """Logits of a one-hidden-layer tanh network; illegal actions are masked out."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator):
        self.params = [
            rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden)),
            np.zeros(hidden),
            np.zeros((hidden, actions)),
            np.zeros(actions),
        ]
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params]
        self.updates = 0

    def forward(self, obs: np.ndarray, mask: np.ndarray):
        w1, b1, w2, b2 = self.params
        hidden = np.tanh(obs @ w1 + b1)
        logits = np.where(mask, hidden @ w2 + b2, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        return hidden, probs

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """One action per row drawn from the policy (0 for a row without legal actions)."""
        live = mask.any(axis=1)
        actions = np.zeros(len(obs), dtype=np.int64)
        if live.any():
            _, probs = self.forward(obs[live], mask[live])
            draws = rng.random((len(probs), 1))
            actions[live] = np.minimum((probs.cumsum(axis=1) < draws).sum(axis=1), probs.shape[1] - 1)
        return actions

    def update(self, obs, mask, actions, advantages, lr: float) -> None:
        """One Adam step up the policy gradient of ``advantages * log pi(action)``."""
        w1, b1, w2, b2 = self.params
        hidden, probs = self.forward(obs, mask)
        grad_logits = -probs
        grad_logits[np.arange(len(actions)), actions] += 1
        grad_logits *= advantages[:, None] / len(actions)
        grad_hidden = (grad_logits @ w2.T) * (1 - hidden**2)
        grads = [obs.T @ grad_hidden, grad_hidden.sum(0), hidden.T @ grad_logits, grad_logits.sum(0)]
        self.updates += 1
        for p, g, (m, v) in zip(self.params, grads, self.moments):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat = m / (1 - 0.9**self.updates)
            v_hat = v / (1 - 0.999**self.updates)
            p += lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def random_win_rate(args, episodes: int) -> float:
    """The win rate of a learner playing uniformly random legal actions."""
    env = tabula.VecEnv(args.game, args.players, args.envs, seed=args.seed + 1, copy=False)
    env.action_space.seed(args.seed)
    env.reset()
    results = []
    while len(results) < episodes:
        _, rewards, terminated, _, _ = env.step(env.action_space.sample())
        results.extend(rewards[terminated])
    return float(np.mean(results))


def train(args):
    """Trains for ``args.minutes``; returns the win rate of each batch of episodes."""
    rng = np.random.default_rng(args.seed)
    env = tabula.VecEnv(args.game, args.players, args.envs, seed=args.seed, copy=False)
    policy = Policy(env.observation_size, env.num_actions, args.hidden, rng)
    obs, info = env.reset()
    running = [[] for _ in range(args.envs)]  # each environment's (obs, mask, action) so far
    finished = []  # (steps, reward) of episodes not yet learned from
    curve = []
    baseline = 1 / args.players
    deadline = time.monotonic() + 60 * args.minutes
    while time.monotonic() < deadline:
        mask = info["action_mask"]
        actions = policy.act(obs, mask, rng)
        for i in np.flatnonzero(mask.any(axis=1)):
            running[i].append((obs[i].copy(), mask[i].copy(), actions[i]))
        obs, rewards, terminated, _, info = env.step(actions)
        for i in np.flatnonzero(terminated):
            finished.append((running[i], rewards[i]))
            running[i] = []
        if len(finished) >= args.batch:
            steps = [(o, m, a, r) for episode, r in finished for o, m, a in episode]
            o, m, a, r = (np.array(x) for x in zip(*steps))
            win_rate = float(np.mean([r for _, r in finished]))
            policy.update(o, m, a, r - baseline, args.lr)
            baseline = 0.9 * baseline + 0.1 * win_rate
            curve.append(win_rate)
            finished = []
            if len(curve) % 10 == 0:
                print(f"batch {len(curve)}: win rate {np.mean(curve[-10:]):.3f}", flush=True)
    return curve


def svg(curve, random_rate: float, title: str) -> str:
    """The learning curve (a moving average over 10 batches) as an SVG picture."""
    w, h, pad = 640, 360, 48
    smooth = [float(np.mean(curve[max(0, i - 9) : i + 1])) for i in range(len(curve))]
    x = lambda i: pad + (w - 2 * pad) * i / max(1, len(curve) - 1)  # noqa: E731
    y = lambda r: h - pad - (h - 2 * pad) * r  # noqa: E731
    points = " ".join(f"{x(i):.1f},{y(r):.1f}" for i, r in enumerate(smooth))
    ticks = "".join(
        f'<line x1="{pad}" x2="{w - pad}" y1="{y(t)}" y2="{y(t)}" stroke="#ddd"/>'
        f'<text x="{pad - 6}" y="{y(t) + 4}" text-anchor="end" font-size="11">{t:.1f}</text>'
        for t in (0, 0.2, 0.4, 0.6, 0.8, 1.0)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif">'
        f'<rect width="{w}" height="{h}" fill="white"/>{ticks}'
        f'<line x1="{pad}" x2="{w - pad}" y1="{y(random_rate)}" y2="{y(random_rate)}" stroke="#888" '
        f'stroke-dasharray="6 4"/><text x="{w - pad}" y="{y(random_rate) - 6}" text-anchor="end" '
        f'font-size="11" fill="#666">random learner {random_rate:.2f}</text>'
        f'<polyline points="{points}" fill="none" stroke="#1f6fb4" stroke-width="2"/>'
        f'<text x="{w / 2}" y="24" text-anchor="middle" font-size="14">{title}</text>'
        f'<text x="{w / 2}" y="{h - 12}" text-anchor="middle" font-size="11">batches of episodes '
        f"({len(curve)})</text></svg>\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sequence-dice")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--batch", type=int, default=64, help="episodes per update")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.003)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default="learning_curve.svg")
    args = parser.parse_args()
    random_rate = random_win_rate(args, 2000)
    print(f"random learner: win rate {random_rate:.3f}")
    curve = train(args)
    print(f"last 10 batches: win rate {np.mean(curve[-10:]):.3f} (random {random_rate:.3f})")
    title = f"{args.game} {args.players}p against random: win rate of the learner"
    with open(args.plot, "w", encoding="utf-8") as f:
        f.write(svg(curve, random_rate, title))
    print(f"curve: {args.plot}")


if __name__ == "__main__":
    main()
