"""The games inside OpenSpiel: registration, pyspiel's random-simulation test for every game
at every player count, the mapping of ids, observations and returns, and bots playing whole
games. Skipped when open_spiel is not installed (it is an optional extra)."""

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import tabula  # noqa: E402
import tabula.openspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

CASES = [
    (name, players)
    for name, cls in tabula.GAMES.items()
    if name in tabula.openspiel.SHORT_NAMES
    for players in range(cls.min_players, cls.max_players + 1)
]
IDS = [f"{n}-{p}p" for n, p in CASES]


def load(name, players, seed=0):
    return pyspiel.load_game(tabula.openspiel.SHORT_NAMES[name], {"players": players, "seed": seed})


def test_registered():
    names = set(pyspiel.registered_names())
    for short in tabula.openspiel.SHORT_NAMES.values():
        assert short in names
    game = pyspiel.load_game("tabula_sequence_dice")
    assert game.num_players() == 2
    with pytest.raises(tabula.ConfigError, match="not 9"):
        pyspiel.load_game("tabula_sequence_dice", {"players": 9})
    with pytest.raises(tabula.ConfigError, match="seed"):
        pyspiel.load_game("tabula_sequence_dice", {"seed": -1})


@pytest.mark.parametrize("name,players", CASES, ids=IDS)
def test_random_sim(name, players):
    game = load(name, players, seed=players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def walk(state, steps, seed):
    """``state`` after up to ``steps`` random actions."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", sorted(tabula.openspiel.SHORT_NAMES))
def test_successive_games_vary_and_the_seed_reproduces_them(name):
    cls = tabula.GAMES[name]
    players = cls.max_players
    game = load(name, players, seed=7)
    states = [game.new_initial_state() for _ in range(12)]
    assert [s.setup for s in states] == list(range(12))
    configs = [s.table.config for s in states]
    for k, config in enumerate(configs):
        assert config == cls(players, game.setup_seed(k)).config
        assert game.initial_state(k).table.config == config
    assert game.setup_seed(0) == 7 and game.setup_seed(3) == 7 + 3 * 2**32
    # Every game draws at least the start player: 12 setups are not all alike.
    assert len({repr(c) for c in configs}) > 1
    again = load(name, players, seed=7)
    assert [again.new_initial_state().table.config for _ in range(12)] == configs


def test_kingdom_builder_games_differ():
    # The case: every initial state had the same board, cards and start player.
    game = pyspiel.load_game("tabula_kingdom_builder", {"players": 4})
    configs = [game.new_initial_state().table.config for _ in range(6)]
    for part in ("board", "cards", "start"):
        assert len({repr(c[part]) for c in configs}) > 1, part


@pytest.mark.parametrize("name", sorted(tabula.openspiel.SHORT_NAMES))
def test_copies_keep_the_setup(name):
    game = load(name, tabula.GAMES[name].max_players, seed=1)
    game.new_initial_state().is_terminal()
    state = walk(game.new_initial_state(), 3, seed=0)
    third = game.new_initial_state()
    copy = third.clone()  # cloned before it is used: the same setup all the same
    assert copy.setup == third.setup == 2 and str(copy) == str(third)
    walk(third, 25, seed=1)
    # Tensors (pyspiel makes a throwaway initial state for each) take no setup number.
    for _ in range(3):
        third.observation_tensor(0)
        third.information_state_tensor(0)
    for other in (
        third.clone(),
        game.deserialize_state(third.serialize()),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, third))[1],
        pickle.loads(pickle.dumps(third)),
    ):
        assert other.setup == 2
        assert str(other) == str(third) and other.history() == third.history()
        assert other.legal_actions() == third.legal_actions()
    assert state.setup == 1
    assert game.new_initial_state().setup == 3


@pytest.mark.parametrize("name,players", CASES, ids=IDS)
def test_game_type_and_mapping(name, players):
    game = load(name, players, seed=2)
    table = tabula.GAMES[name](players, seed=2)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    assert game.num_distinct_actions() == table.num_distinct_actions
    assert game.max_chance_outcomes() == table.max_chance_outcomes
    assert game.observation_tensor_shape() == list(table.observation_shape)
    state = game.new_initial_state()
    rng = random.Random(players)
    while not state.is_terminal():
        if state.is_chance_node():
            assert table.is_chance and state.chance_outcomes() == table.chance_outcome_ids()
            action = rng.choice(state.legal_actions())
            table.apply(action)
        else:
            seat = state.current_player()
            assert seat == table.next_seat
            assert state.legal_actions() == table.legal_action_ids(seat)
            assert state.legal_actions(seat) == state.legal_actions()
            assert all(state.legal_actions(p) == [] for p in range(players) if p != seat)
            assert not state.is_chance_node()
            if len(state.history()) % 11 == 0:
                for p in range(players):
                    assert state.observation_tensor(p) == pytest.approx(table.observation(p))
                    assert state.observation_string(p) == table.view_text(p)
            action = rng.choice(state.legal_actions())
            assert state.action_to_string(seat, action) == str(table.action_from_id(action, seat))
            table.apply(action, seat)
        state.apply_action(action)
        assert str(state) == str(table)
    assert state.returns() == table.outcome().returns
    assert sum(state.returns()) == pytest.approx(1.0)


class RustRollouts(mcts.Evaluator):
    """An evaluator for OpenSpiel's Python search bots: one random play-out in Rust
    (``random_playout``), uniform priors."""

    def __init__(self, seed):
        self._rng = random.Random(seed)

    def evaluate(self, state):
        outcome = state.table.random_playout(self._rng.getrandbits(63))
        return np.array(outcome.returns)

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


def play(game, bots, seed):
    """A whole game with a bot per seat; chance sampled with numpy."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()](state))
    return state


@pytest.mark.parametrize("name", sorted(tabula.openspiel.SHORT_NAMES))
def test_bots_play_whole_games(name):
    cls = tabula.GAMES[name]
    players = max(2, cls.min_players)
    game = load(name, players, seed=1)
    perfect = game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    if perfect:
        # pyspiel's MCTSBot.step releases the GIL before calling back into Python game code
        # (it crashes on any Python game); step_with_policy keeps it.
        evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
        bots = [
            pyspiel.MCTSBot(game, evaluator, 2.0, 4, 50, False, seat, False).step_with_policy
            for seat in range(players)
        ]
        bots = [lambda s, b=b: b(s)[1] for b in bots]
    else:
        # pyspiel's C++ ISMCTSBot cannot reach a Python game's resample_from_infostate;
        # OpenSpiel's Python ISMCTSBot is the same algorithm and can.
        evaluator = RustRollouts(0)
        bots = [
            ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(seat)).step
            for seat in range(players)
        ]
    state = play(game, bots, seed=1)
    assert state.is_terminal() and sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("name,players", CASES, ids=IDS)
def test_resample_keeps_the_information_state(name, players):
    game = load(name, players, seed=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for step in range(60):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            seat = state.current_player()
            other = state.resample_from_infostate(seat, sampler)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert other.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("short_name", sorted(tabula.openspiel.SHORT_NAMES.values()))
def test_rl_environment_runs_with_random_agents(short_name):
    """OpenSpiel's RL loop over every game: its tensors (written into the observer's numpy
    buffer by Rust) are the game's observation of each seat."""
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent

    game = pyspiel.load_game(short_name, {"players": 2, "seed": 3})
    env = rl_environment.Environment(game)
    n = env.action_spec()["num_actions"]
    agents = [random_agent.RandomAgent(player_id=i, num_actions=n) for i in range(2)]
    time_step = env.reset()
    for _ in range(100):
        if time_step.last():
            break
        player = time_step.observations["current_player"]
        for p in range(2):
            got = np.asarray(time_step.observations["info_state"][p], dtype=np.float32)
            assert np.array_equal(got, np.asarray(env.get_state.table.observation(p), dtype=np.float32))
        time_step = env.step([agents[player].step(time_step).action])
