"""Every bad input on every environment type: a clear exception that names the argument, the
id as given, nothing changed, and never a crash of the interpreter (docs/rl.md, "Errors")."""

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import tabula  # noqa: E402
import tabula.gymnasium  # noqa: E402
import tabula.pettingzoo  # noqa: E402
from tabula.errors import ClosedEnvironmentError, ConfigError, IllegalAction, ResetNeeded, ShapeError  # noqa: E402

BIG = 2**64 - 1


class Vec:
    """tabula.VecEnv (a learner) with one environment."""

    name = "VecEnv"

    def make(self, **kw):
        return tabula.VecEnv("sequence-dice", 2, **kw)

    def reset(self, env, seed=None):
        return env.reset(seed=seed)

    def step(self, env, action):
        if isinstance(action, int) and not isinstance(action, bool) and action >= 2**63:
            array = np.array([action], dtype=np.uint64)
        else:
            array = np.array([action])
        return env.step(array)

    def legal(self, env):
        return int(np.flatnonzero(env.action_masks()[0])[0])


class SelfPlay(Vec):
    """tabula.VecEnv in self-play."""

    name = "VecEnv self-play"

    def make(self, **kw):
        return tabula.VecEnv("sequence-dice", 2, opponents=None, **kw)


class Gym:
    """The Gymnasium environment."""

    name = "gymnasium"

    def make(self, **kw):
        return gymnasium.make("tabula/SequenceDice-v0", players=2, **kw).unwrapped

    def reset(self, env, seed=None):
        return env.reset(seed=seed)

    def step(self, env, action):
        return env.step(action)

    def legal(self, env):
        return int(np.flatnonzero(env.action_masks())[0])


class Zoo:
    """The PettingZoo environment (with its order checks)."""

    name = "pettingzoo"

    def make(self, **kw):
        return tabula.pettingzoo.env("sequence-dice", 2, **kw)

    def reset(self, env, seed=None):
        return env.reset(seed=seed)

    def step(self, env, action):
        return env.step(action)

    def legal(self, env):
        return int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])


class Game:
    """A game class (``apply`` takes the ids)."""

    name = "game class"

    def make(self, **kw):
        return tabula.SequenceDice(2, **kw)

    def reset(self, env, seed=None):
        return tabula.SequenceDice(2, seed=seed)

    def step(self, env, action):
        while env.is_chance:
            env.apply(env.chance_outcome_ids()[0][0])
        return env.apply(action)

    def legal(self, env):
        return env.legal_action_ids()[0]


ENVS = [Vec(), SelfPlay(), Gym(), Zoo(), Game()]
IDS = [e.name for e in ENVS]


@pytest.mark.parametrize("kind", ENVS, ids=IDS)
@pytest.mark.parametrize("seed", [-1, 2**64, -(2**70)])
def test_a_seed_out_of_range_is_a_config_error_naming_it(kind, seed):
    env = kind.make()
    with pytest.raises(ConfigError, match="seed"):
        kind.reset(env, seed)
    if isinstance(kind, (Vec, Game)):
        with pytest.raises(ConfigError, match="seed"):
            kind.make(seed=seed)


@pytest.mark.parametrize("kind", ENVS, ids=IDS)
def test_a_seed_that_is_no_integer_is_a_type_error(kind):
    env = kind.make()
    for seed in (1.5, "7", True):
        with pytest.raises(TypeError, match="seed"):
            kind.reset(env, seed)


@pytest.mark.parametrize("num_envs", [-1, 0, 10**12, 2**16 + 1, 2**64])
def test_num_envs_is_bounded_before_anything_is_allocated(num_envs):
    with pytest.raises(ConfigError, match="num_envs"):
        tabula.VecEnv("sequence-dice", 2, num_envs)
    with pytest.raises(ConfigError, match="num_envs"):
        tabula.VecEnv("kingdom-builder", 4, num_envs=num_envs, opponents=None)
    with pytest.raises(TypeError, match="num_envs"):
        tabula.VecEnv("sequence-dice", 2, num_envs=2.0)


@pytest.mark.parametrize("threads", [0, -1, 257, 2**64])
def test_threads_are_checked(threads):
    with pytest.raises(ConfigError, match="threads"):
        tabula.VecEnv("sequence-dice", 2, 4, threads=threads)
    with pytest.raises(ConfigError, match="threads"):
        tabula.play_random_games("pig", 2, 4, threads=threads)


def test_players_and_games_are_checked_with_their_names():
    with pytest.raises(ConfigError, match="players"):
        tabula.VecEnv("sequence-dice", -1)
    with pytest.raises(ConfigError, match="games"):
        tabula.play_random_games("pig", 2, -1)
    with pytest.raises(ConfigError, match="seed"):
        tabula.play_random_games("pig", 2, 1, seed=-3)
    with pytest.raises(ConfigError, match="seed"):
        tabula.new_game("pig", 2, -1)
    game = tabula.Pig(2)
    for call in (game.determinize, lambda seat, seed: game.random_playout(seed)):
        with pytest.raises(ConfigError, match="seed"):
            call(0, -1)


@pytest.mark.parametrize("kind", ENVS, ids=IDS)
@pytest.mark.parametrize("action", [3.7, 3.0, True, "a1", [1]])
def test_a_non_integer_action_is_refused(kind, action):
    env = kind.make()
    kind.reset(env, 1) if not isinstance(kind, Game) else None
    # VecEnv: one integer id per environment in an array (a ShapeError says which rule broke).
    expected, words = (ShapeError, "actions") if isinstance(kind, Vec) else (TypeError, "integer")
    with pytest.raises(expected, match=words):
        kind.step(env, action)
    # Nothing changed: a legal action still plays.
    kind.step(env, kind.legal(env))


@pytest.mark.parametrize("kind", ENVS, ids=IDS)
@pytest.mark.parametrize("action", [BIG, -1, 2**63, 10**6])
def test_an_id_out_of_range_is_reported_as_given(kind, action):
    env = kind.make()
    kind.reset(env, 1) if not isinstance(kind, Game) else None
    with pytest.raises(IllegalAction, match=f"action id {action} is out of range"):
        kind.step(env, action)
    kind.step(env, kind.legal(env))


@pytest.mark.parametrize("kind", [k for k in ENVS if not isinstance(k, Game)], ids=IDS[:-1])
def test_a_step_before_reset_says_call_reset_first(kind):
    env = kind.make()
    with pytest.raises(ResetNeeded, match=r"call reset\(\) first"):
        kind.step(env, 11)


@pytest.mark.parametrize("kind", [k for k in ENVS if not isinstance(k, Game)], ids=IDS[:-1])
def test_step_and_reset_after_close_raise(kind):
    env = kind.make()
    kind.reset(env, 1)
    env.close()
    env.close()  # closing twice is allowed
    with pytest.raises(ClosedEnvironmentError, match="closed"):
        kind.step(env, 11)
    with pytest.raises(ClosedEnvironmentError, match="closed"):
        kind.reset(env, 1)


def test_bad_opponents_and_seats():
    with pytest.raises(ConfigError, match="no seat played by the caller"):
        tabula.VecEnv("pig", 2, 2, opponents=[["random", "random"], ["self", "random"]])
    with pytest.raises(ConfigError, match="one per environment"):
        tabula.VecEnv("pig", 2, 3, opponents=[["self", "random"], ["self", "random"]])
    with pytest.raises(ConfigError, match="3 seats"):
        tabula.VecEnv("pig", 2, 1, opponents=[["self", "random", "random"]])
    with pytest.raises(ConfigError, match="unknown agent"):
        tabula.VecEnv("pig", 2, 1, opponents=["self", "alphazero"])
    with pytest.raises(ConfigError, match="learner_seat"):
        tabula.VecEnv("pig", 2, 1, opponents=None, learner_seat=0)
    with pytest.raises(TypeError, match="opponents"):
        tabula.VecEnv("pig", 2, 1, opponents=7)
    with pytest.raises(ConfigError, match="opponents"):
        tabula.gymnasium.TabulaEnv("pig", 2, opponents=None)
    with pytest.raises(ConfigError, match="opponents"):
        tabula.gymnasium.TabulaEnv("pig", 2, opponents=["self", "random"])


def test_wrong_buffers_and_shapes_are_refused():
    env = tabula.VecEnv("sequence-dice", 2, num_envs=2, opponents=None)
    env.reset()
    with pytest.raises(ShapeError, match=r"expected \(2,\)"):
        env.step(np.array([11]))
    with pytest.raises(ShapeError, match="integer"):
        env.step(np.array([[11, 12]]).astype(object)[0].astype(float))
    with pytest.raises(ShapeError, match="integer"):
        env.step(np.array([object(), object()]))
    with pytest.raises(IllegalAction, match=f"environment 1: action id {2**70} is out of range"):
        env.step(np.array([11, 2**70], dtype=object))
