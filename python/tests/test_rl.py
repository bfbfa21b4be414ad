"""The reinforcement-learning interfaces (extra "rl"): tabula.VecEnv, tabula.gymnasium and
tabula.pettingzoo for every game, their errors and their determinism."""

import warnings

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import tabula  # noqa: E402
import tabula.gymnasium  # noqa: E402,F401
import tabula.pettingzoo  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

# Each game at its smallest table of at least two and at its largest.
TABLES = sorted(
    {(name, p) for name, cls in tabula.GAMES.items() for p in (max(2, cls.min_players), cls.max_players)}
)
GAMES = [(name, max(2, cls.min_players)) for name, cls in tabula.GAMES.items()]


def random_actions(mask, rng):
    """A uniformly random legal id per row (0 where there is none)."""
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask], dtype=np.int64)


def play(env, steps, seed=0, first=False):
    """Steps a VecEnv with random legal actions (or each row's first legal action); returns
    the whole trajectory."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset()
    seen = [(obs.copy(), info["action_mask"].copy())]
    for _ in range(steps):
        mask = info["action_mask"]
        actions = np.argmax(mask, axis=1) if first else random_actions(mask, rng)
        obs, rewards, terminated, truncated, info = env.step(actions)
        seen.append((obs.copy(), info["action_mask"].copy(), rewards.copy(), terminated.copy()))
    return seen


@pytest.mark.parametrize("name,players", TABLES, ids=[f"{n}-{p}p" for n, p in TABLES])
def test_vec_env_of_every_game(name, players):
    env = tabula.VecEnv(name, players, num_envs=3, seed=5, threads=2)
    game = tabula.new_game(name, players)
    size = int(np.prod(game.observation_shape))
    obs, info = env.reset()
    assert obs.shape == (3, size) and obs.dtype == np.float32
    assert env.observation_space.shape == (3, size)
    assert env.single_action_space.n == game.num_distinct_actions
    assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    assert info["action_mask"].shape == (3, game.num_distinct_actions)
    assert info["action_mask"].dtype == np.bool_
    assert ((0 <= info["learner_seat"]) & (info["learner_seat"] < players)).all()
    rng = np.random.default_rng(1)
    ended = np.zeros(3, dtype=bool)
    assert obs in env.observation_space
    for _ in range(400):
        mask = info["action_mask"]
        was_over = ended.copy()
        obs, rewards, terminated, truncated, info = env.step(random_actions(mask, rng))
        assert obs in env.observation_space, "every entry within its declared bounds"
        assert (info["current_seat"] == env.learner_seats).all()
        assert obs.shape == (3, size) and rewards.dtype == np.float64
        assert not truncated.any()
        # NEXT_STEP: an environment that ended restarts, reward 0, with legal actions again.
        assert not terminated[was_over].any() and (rewards[was_over] == 0).all()
        assert info["action_mask"][was_over].any(axis=1).all()
        # The end: no legal action, the reward a share of a win; elsewhere reward 0.
        assert not info["action_mask"][terminated].any()
        assert ((rewards[terminated] >= 0) & (rewards[terminated] <= 1)).all()
        assert (rewards[~terminated] == 0).all()
        ended = terminated


def test_vec_env_masks_are_the_legal_actions():
    env = tabula.VecEnv("sequence-dice", 2, num_envs=1, seed=3, learner_seat=1, copy=False)
    obs, info = env.reset()
    assert env.learner_seats.tolist() == [1]
    assert env.scores(0) is None
    rng = np.random.default_rng(0)
    for _ in range(30):
        legal = set(np.flatnonzero(info["action_mask"][0]))
        assert legal and all(i >= tabula.SequenceDice(2).max_chance_outcomes for i in legal)
        obs, rewards, terminated, truncated, info = env.step(random_actions(info["action_mask"], rng))
        if terminated[0]:
            assert len(env.scores(0)) == 2
            break


def test_vec_env_is_deterministic_for_any_thread_count():
    def run(threads, num_envs=4):
        return play(tabula.VecEnv("the-border", 3, num_envs, seed=11, threads=threads), 60)

    one = run(1)
    for a, b in zip(one, run(2)):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)
    # Environment i depends on (seed, i) alone: the first of 4 is the first of 2.
    four = play(tabula.VecEnv("the-border", 3, 4, seed=11, threads=2), 60, first=True)
    two = play(tabula.VecEnv("the-border", 3, 2, seed=11, threads=1), 60, first=True)
    assert np.array_equal(four[-1][0][:2], two[-1][0])
    # reset(seed=...) seeds anew: the same start again.
    env = tabula.VecEnv("mosaix", 2, 2, seed=0)
    first, _ = env.reset(seed=8)
    env.step(random_actions(env.action_masks(), np.random.default_rng(0)))
    again, _ = env.reset(seed=8)
    assert np.array_equal(first, again)


def test_vec_env_copy_false_returns_its_buffers():
    env = tabula.VecEnv("pig", 2, num_envs=2, copy=False)
    obs, _ = env.reset()
    obs2, *_ = env.step(random_actions(env.action_masks(), np.random.default_rng(0)))
    assert obs is obs2
    env = tabula.VecEnv("pig", 2, num_envs=2)
    obs, _ = env.reset()
    obs2, *_ = env.step(random_actions(env.action_masks(), np.random.default_rng(0)))
    assert obs is not obs2


def test_opponents_play_between_the_learners_steps():
    env = tabula.VecEnv("pig", 2, num_envs=1, seed=1, opponents=["random", "mc:5"], learner_seat=0)
    play(env, 30)
    env = tabula.VecEnv("sequence-dice", 3, num_envs=2, seed=1, opponents="ismcts:5")
    play(env, 10)


def test_bad_arguments_raise_clear_exceptions():
    with pytest.raises(tabula.UnknownGame, match="unknown game 'chess'"):
        tabula.VecEnv("chess", 2)
    with pytest.raises(tabula.ConfigError, match="not 9"):
        tabula.VecEnv("sequence-dice", 9)
    with pytest.raises(tabula.ConfigError):
        tabula.VecEnv("sequence-dice", -1)
    with pytest.raises(tabula.ConfigError, match="num_envs"):
        tabula.VecEnv("sequence-dice", 2, num_envs=0)
    with pytest.raises(tabula.ConfigError, match="unknown agent 'alphazero'"):
        tabula.VecEnv("sequence-dice", 2, opponents="alphazero")
    with pytest.raises(tabula.ConfigError, match="bad budget"):
        tabula.VecEnv("sequence-dice", 2, opponents="mc:0")
    with pytest.raises(tabula.ConfigError, match="one per seat"):
        tabula.VecEnv("sequence-dice", 2, opponents="random,random,random")
    with pytest.raises(tabula.TabulaError, match="learner_seat 2"):
        tabula.VecEnv("sequence-dice", 2, learner_seat=2)
    env = tabula.VecEnv("sequence-dice", 2, num_envs=2, seed=4)
    obs, info = env.reset()
    legal = random_actions(info["action_mask"], np.random.default_rng(0))
    illegal = int(np.flatnonzero(~info["action_mask"][1])[0])
    for bad, what in [
        ([legal[0], 75], "out of range"),
        ([legal[0], -1], "out of range"),
        ([legal[0], illegal], "environment 1"),
    ]:
        with pytest.raises(tabula.IllegalAction, match=what):
            env.step(np.array(bad))
    with pytest.raises(tabula.errors.ShapeError, match=r"expected \(2,\)"):
        env.step(np.array([legal[0]]))
    with pytest.raises(tabula.errors.ShapeError, match="integer"):
        env.step(np.array([0.5, 1.5]))
    # Nothing changed: the legal actions still step.
    after, *_ = env.step(legal)
    fresh = tabula.VecEnv("sequence-dice", 2, num_envs=2, seed=4)
    fresh.reset()
    assert np.array_equal(after, fresh.step(legal)[0])


@pytest.mark.parametrize("name,players", GAMES, ids=[n for n, _ in GAMES])
def test_gymnasium_env_of_every_game(name, players):
    cls = tabula.GAMES[name]
    env = gymnasium.make(f"tabula/{cls.__name__}-v0", players=players, illegal_action="lose")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert not [str(w.message) for w in caught], "check_env warns"
    env = gymnasium.make(f"tabula/{cls.__name__}-v0", players=players, render_mode="ansi")
    obs, info = env.reset(seed=2)
    assert obs.shape == tuple(cls(players).observation_shape) and obs.dtype == np.float32
    assert env.unwrapped.action_masks().dtype == np.int8
    assert isinstance(env.render(), str)
    rng = np.random.default_rng(0)
    total = 0.0
    for _ in range(10_000):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        if terminated:
            break
    assert terminated and 0 <= total <= 1 and not truncated
    assert len(env.unwrapped.scores()) == players
    with pytest.raises(tabula.IllegalAction, match="reset"):
        env.step(action)


def test_gymnasium_illegal_actions():
    env = tabula.gymnasium.TabulaEnv("kingdom-builder", 2, learner_seat=0)
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[-1])
    with pytest.raises(tabula.IllegalAction):
        env.step(illegal)
    with pytest.raises(tabula.IllegalAction, match="out of range"):
        env.step(10**6)
    with pytest.raises(TypeError):
        env.step("a1")
    assert np.array_equal(env.action_masks(), info["action_mask"])
    legal = int(np.flatnonzero(info["action_mask"])[0])
    after, *_ = env.step(legal)
    fresh = tabula.gymnasium.TabulaEnv("kingdom-builder", 2, learner_seat=0)
    fresh.reset(seed=1)
    assert np.array_equal(after, fresh.step(legal)[0])
    lose = tabula.gymnasium.TabulaEnv("kingdom-builder", 2, illegal_action="lose")
    lose.reset(seed=1)
    _, reward, terminated, _, info = lose.step(illegal)
    assert reward == -1 and terminated and info["illegal_action"]
    with pytest.raises(ValueError):
        tabula.gymnasium.TabulaEnv("kingdom-builder", 2, illegal_action="ignore")


def test_gymnasium_make_vec_gives_a_vec_env():
    envs = gymnasium.make_vec("tabula/Mosaix-v0", num_envs=3, vectorization_mode="vector_entry_point", players=3)
    assert isinstance(envs.unwrapped, tabula.VecEnv)
    obs, info = envs.reset(seed=1)
    assert obs.shape[0] == 3


@pytest.mark.parametrize("name,players", TABLES, ids=[f"{n}-{p}p" for n, p in TABLES])
def test_pettingzoo_env_of_every_game(name, players):
    api_test(tabula.pettingzoo.env(name, players), num_cycles=1000)
    seed_test(lambda: tabula.pettingzoo.env(name, players), num_cycles=200)
    env = tabula.pettingzoo.env(name, players, render_mode="ansi")
    env.reset(seed=3)
    assert env.possible_agents == [f"player_{i}" for i in range(players)]
    assert env.observation_space("player_0") is env.observation_space("player_0")
    assert env.observation_space("player_0")["action_mask"].dtype == np.int8
    assert isinstance(env.render(), str)


def test_pettingzoo_episode_rewards_and_simultaneous_turns():
    env = tabula.pettingzoo.env("mosaix", 3)
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    rewards = {agent: 0.0 for agent in env.possible_agents}
    simultaneous = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        rewards[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        state = env.unwrapped.state_
        seat = state.next_seat
        others = [s for s in state.turn.seats if s != seat]
        ids = state.legal_action_ids(seat)
        if others and len(ids) > 1:
            # What another seat deciding at the same turn sees does not depend on the choice
            # (only on whether this seat has chosen).
            simultaneous += 1
            seen = []
            for choice in (ids[0], ids[-1]):
                after = state.clone()
                after.apply(choice, seat)
                seen.append([after.observation(s) for s in others])
            assert seen[0] == seen[1]
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert simultaneous > 0
    assert abs(sum(rewards.values()) - 1) < 1e-9


def test_pettingzoo_bad_arguments():
    with pytest.raises(tabula.UnknownGame):
        tabula.pettingzoo.env("chess")
    with pytest.raises(tabula.ConfigError):
        tabula.pettingzoo.env("the-border", players=7)
    env = tabula.pettingzoo.env("the-border", 2)
    env.reset(seed=0)
    with pytest.raises(tabula.IllegalAction):
        env.step(10**6)


def test_vec_env_action_space_samples_legal_actions():
    env = tabula.VecEnv("mosaix", 3, num_envs=4, seed=2, copy=False)
    env.action_space.seed(5)
    obs, info = env.reset()
    first = None
    for _ in range(200):
        was_over = info["action_mask"].any(axis=1) == False  # noqa: E712
        actions = env.action_space.sample()
        first = actions if first is None else first
        assert (info["action_mask"][np.arange(4), actions] | was_over).all()
        obs, rewards, terminated, truncated, info = env.step(actions)
    again = tabula.VecEnv("mosaix", 3, num_envs=4, seed=2)
    again.action_space.seed(5)
    again.reset()
    assert np.array_equal(again.action_space.sample(), first)


@pytest.mark.parametrize("name,players", TABLES, ids=[f"{n}-{p}p" for n, p in TABLES])
def test_self_play_vec_env_of_every_game(name, players):
    """opponents=None: the caller plays every seat; each step is one decision of the seat to
    move in each environment, the rewards of a finished game are every seat's (summing to 1)."""
    env = tabula.VecEnv(name, players, num_envs=4, seed=3, opponents=None, threads=2)
    assert env.self_play
    obs, info = env.reset()
    assert obs in env.observation_space
    rng = np.random.default_rng(2)
    seats_seen, ended = set(), 0
    for _ in range(300):
        seats = info["current_seat"]
        assert seats.shape == (4,) and ((0 <= seats) & (seats < players)).all()
        seats_seen.update(seats[info["action_mask"].any(axis=1)].tolist())
        obs, rewards, terminated, truncated, info = env.step(random_actions(info["action_mask"], rng))
        assert rewards.shape == (4, players) and obs in env.observation_space
        assert (rewards[~terminated] == 0).all()
        assert np.allclose(rewards[terminated].sum(axis=1), 1.0)
        ended += int(terminated.sum())
    assert seats_seen == set(range(players)) or players == 1


def test_self_play_is_deterministic_and_mixed_tables_seat_the_caller():
    def run(threads):
        env = tabula.VecEnv("sequence-dice", 2, num_envs=3, seed=9, opponents=None, threads=threads)
        return play(env, 80)

    for a, b in zip(run(1), run(2)):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)
    tables = [["self", "mc:5"], ["mc:5", "self"], ["self", "self"]]
    env = tabula.VecEnv("sequence-dice", 2, num_envs=3, seed=1, opponents=tables)
    obs, info = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(100):
        live = info["action_mask"].any(axis=1)
        assert ((info["current_seat"] == [0, 1, info["current_seat"][2]]) | ~live).all()
        obs, rewards, terminated, truncated, info = env.step(random_actions(info["action_mask"], rng))
        assert rewards.shape == (3, 2)
    # One table for every environment: the caller plays seat 1, IS-MCTS seat 0.
    env = tabula.VecEnv("pig", 2, num_envs=2, opponents=["ismcts:5", "self"])
    obs, info = env.reset()
    assert (info["current_seat"] == 1).all()


def test_mosaix_in_steps():
    """action_space="steps": every mask is 508 wide, an entry takes two steps (the turn, then
    the top left; the pending turn in the four extra observation entries), and numpy draws
    actions from the masks quickly."""
    flat = tabula.VecEnv("mosaix", 3, num_envs=4, seed=2, opponents=None)
    env = tabula.VecEnv("mosaix", 3, num_envs=4, seed=2, opponents=None, action_space="steps")
    assert env.num_actions == 508 and env.single_action_space.n == 508
    assert env.observation_size == flat.observation_size + 4
    obs, info = env.reset()
    rng = np.random.default_rng(1)
    pending = 0
    for _ in range(400):
        mask = info["action_mask"]
        assert mask.shape == (4, 508)
        obs, rewards, terminated, truncated, info = env.step(random_actions(mask, rng))
        assert obs in env.observation_space
        extra = obs[:, flat.observation_size :]
        assert (extra.sum(axis=1) <= 1).all()
        # While a turn is chosen, only top lefts (ids 408-507) are legal.
        chosen = extra.sum(axis=1) == 1
        pending += int(chosen.sum())
        assert not info["action_mask"][chosen, :408].any()
    assert pending > 50
    with pytest.raises(tabula.ConfigError, match="action_space"):
        tabula.VecEnv("kingdom-builder", 2, action_space="steps")
    with pytest.raises(tabula.ConfigError, match="action_space"):
        tabula.VecEnv("mosaix", 2, action_space="stairs")
    gym_env = gymnasium.make("tabula/Mosaix-v0", players=2, action_space="steps", illegal_action="lose")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(gym_env.unwrapped)
    assert not [str(w.message) for w in caught]


def test_vec_env_copy_true_returns_fresh_arrays_written_once():
    env = tabula.VecEnv("kingdom-builder", 2, num_envs=3, seed=4)
    obs1, info1 = env.reset()
    mask1 = info1["action_mask"].copy()
    obs2, rewards, terminated, truncated, info2 = env.step(env.action_space.sample())
    assert obs1 is not obs2 and info1["action_mask"] is not info2["action_mask"]
    assert np.array_equal(info1["action_mask"], mask1), "an earlier step's arrays are kept"
    same = tabula.VecEnv("kingdom-builder", 2, num_envs=3, seed=4, copy=False)
    same.reset()
    same.action_space.seed(0)
    env.action_space.seed(0)
    env.reset(seed=5)
    same.reset(seed=5)
    for _ in range(20):
        a = env.action_space.sample()
        same_a = same.action_space.sample()
        assert np.array_equal(a, same_a)
        x = env.step(a)
        y = same.step(same_a)
        for u, v in zip(x[:4], y[:4]):
            assert np.array_equal(u, v)


def test_the_self_play_example_runs(tmp_path):
    """python/examples/self_play.py with a tiny budget: it trains by self-play, evaluates on
    mixed tables and writes its curve and results."""
    import importlib.util
    import json
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[1] / "examples" / "self_play.py"
    spec = importlib.util.spec_from_file_location("self_play", path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    plot, out = tmp_path / "curve.svg", tmp_path / "results.json"
    results = example.main(["--smoke", "--against", "random,mc:2", "--plot", str(plot), "--json", str(out)])
    assert results["games"] > 0 and 0 <= results["random"][0] <= 1
    assert plot.read_text().startswith("<svg") and json.loads(out.read_text())["game"] == "sequence-dice"


@pytest.mark.parametrize("name,players", GAMES, ids=[n for n, _ in GAMES])
def test_stable_baselines3_check_env_passes_without_a_warning(name, players):
    """SB3's own checker on the mode docs/rl.md recommends (skipped where SB3 is not
    installed: it needs torch, which CI does not install)."""
    sb3_checker = pytest.importorskip("stable_baselines3.common.env_checker")
    cls = tabula.GAMES[name]
    env = gymnasium.make(f"tabula/{cls.__name__}-v0", players=players, illegal_action="lose")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sb3_checker.check_env(env.unwrapped)
    assert not [str(w.message) for w in caught], "SB3's check_env warns"
