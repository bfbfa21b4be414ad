"""Bad input of every kind raises a tabula exception with the engine's message, never a
PanicException, and an illegal action leaves the state unchanged."""

import json
import random

import pytest

import tabula
from conftest import play_random

NAMES = list(tabula.GAMES)


def started(name, moves=12, seed=1):
    cls = tabula.GAMES[name]
    state = cls(cls.max_players, seed=seed)
    for i, _ in enumerate(play_random(state, random.Random(seed))):
        if i == moves:
            break
    return state


def test_hierarchy():
    for exc in (tabula.UnknownGame, tabula.ConfigError, tabula.IllegalAction, tabula.LoadError,
                tabula.ReplayError):
        assert issubclass(exc, tabula.TabulaError) and issubclass(exc, ValueError)


def test_unknown_game():
    with pytest.raises(tabula.UnknownGame, match="unknown game 'chess': the games are"):
        tabula.new_game("chess", 2)
    with pytest.raises(tabula.UnknownGame):
        tabula.play_random_games("chess", 2)
    with pytest.raises(tabula.ReplayError, match="game"):
        tabula.run_replay('{"format": 1}')


@pytest.mark.parametrize("name", NAMES)
def test_bad_player_counts(name):
    cls = tabula.GAMES[name]
    for players in (0, cls.max_players + 1, 255, 256, -1, 10**30 // 10**20):
        with pytest.raises(tabula.ConfigError):
            cls(players)
        with pytest.raises(tabula.ConfigError):
            tabula.play_random_games(name, players, games=1)
    with pytest.raises(tabula.ConfigError, match="plays with|players"):
        cls(cls.max_players + 1)
    with pytest.raises(tabula.ConfigError, match="how many players"):
        cls()
    with pytest.raises(tabula.ConfigError, match="not both"):
        cls(2, config=cls.standard_config(cls.max_players, 0))


@pytest.mark.parametrize("name", NAMES)
def test_bad_configs(name):
    cls = tabula.GAMES[name]
    with pytest.raises(tabula.ConfigError, match="config"):
        cls(config="{not json")
    with pytest.raises(tabula.ConfigError):
        cls(config={"seats": "many"})
    with pytest.raises(tabula.ConfigError):
        cls(config={"unexpected": object()})
    config = cls.standard_config(cls.max_players, 0)
    config["seats"] = 99  # every config names its player count
    with pytest.raises(tabula.ConfigError):
        cls(config=config)
    with pytest.raises(tabula.ConfigError):
        tabula.play_random_games(name, games=1, config=config)


@pytest.mark.parametrize("name", NAMES)
def test_illegal_actions_change_nothing(name):
    state = started(name)
    before = state.to_json()
    history = len(state.history())
    bad_ids = [-1, state.num_distinct_actions, 2**40, -(2**70)]
    for bad in bad_ids:
        with pytest.raises((tabula.IllegalAction, OverflowError)):
            state.apply(bad)
    with pytest.raises(tabula.IllegalAction, match="out of range"):
        state.action_from_id(state.num_distinct_actions)
    legal = set(state.legal_action_ids())
    refused = 0
    for action_id in range(state.num_distinct_actions):
        if action_id in legal:
            continue
        with pytest.raises(tabula.IllegalAction) as info:
            state.apply(action_id)
        assert str(info.value)
        refused += 1
    assert refused > 0
    assert state.to_json() == before and len(state.history()) == history
    with pytest.raises(TypeError):
        state.apply("roll")
    with pytest.raises(TypeError):
        state.apply(None)


def test_actions_of_another_game():
    a, b = started("sequence-dice"), started("pig")
    action = (b.legal_actions() or [None])[0]
    if action is not None:
        with pytest.raises(tabula.IllegalAction, match="is an action of pig"):
            a.apply(action)


@pytest.mark.parametrize("name", NAMES)
def test_bad_seats(name):
    state = started(name)
    for seat in (-1, state.players, 300, 2**70):
        for call in (state.view, state.view_text, state.view_json, state.observation,
                     state.legal_actions, state.legal_action_ids):
            with pytest.raises((tabula.TabulaError, OverflowError)):
                call(seat)
        with pytest.raises((tabula.TabulaError, OverflowError)):
            state.determinize(seat, 0)
    with pytest.raises(tabula.TabulaError, match="not at this table"):
        state.view(state.players)


@pytest.mark.parametrize("name", NAMES)
def test_chance_text(name):
    state = started(name)
    while not state.is_chance and not state.is_over:
        state.apply(state.legal_actions()[0])
    if state.is_chance:
        with pytest.raises(tabula.IllegalAction):
            state.chance_from_text("not an outcome at all")
    state = tabula.GAMES[name](tabula.GAMES[name].max_players, seed=0)
    if not state.is_chance:
        with pytest.raises(tabula.IllegalAction, match="nothing is being rolled"):
            state.chance_from_text("7")


@pytest.mark.parametrize("name", NAMES)
def test_bad_saved_states(name):
    cls = tabula.GAMES[name]
    state = started(name)
    text = state.to_json()
    for bad in ("", "{", "[]", "null", '{"config": 1}', text[: len(text) // 2]):
        with pytest.raises(tabula.LoadError):
            cls.from_json(bad)
    # Every number of the saved state changed in turn: refused, or a state that works.
    data = json.loads(text)
    for changed in corrupted(data):
        try:
            loaded = cls.from_json(json.dumps(changed))
        except tabula.LoadError:
            continue
        loaded.legal_actions()
        loaded.observation(0)
        str(loaded)
    loaded = cls.from_json(text)
    with pytest.raises(tabula.LoadError, match="history is unknown"):
        loaded.history()
    with pytest.raises(tabula.LoadError):
        loaded.replay()


def corrupted(data, limit=60):
    """Copies of `data` with one number changed (up to `limit` of them)."""
    paths = []

    def walk(node, path):
        if isinstance(node, bool):
            paths.append(path)
        elif isinstance(node, (int, float)):
            paths.append(path)
        elif isinstance(node, dict):
            for k, v in node.items():
                walk(v, path + [k])
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, path + [i])

    walk(data, [])
    for path in paths[:limit]:
        for new in (-1, 999):
            copy = json.loads(json.dumps(data))
            node = copy
            for key in path[:-1]:
                node = node[key]
            if path:
                node[path[-1]] = new
                yield copy


@pytest.mark.parametrize("name", NAMES)
def test_bad_replays(name):
    state = started(name, moves=20)
    replay = json.loads(state.replay(seed=1))
    with pytest.raises(tabula.ReplayError, match="JSON"):
        tabula.run_replay("not json")
    wrong = dict(replay, format=99)
    with pytest.raises(tabula.ReplayError, match="format 99") as info:
        tabula.run_replay(json.dumps(wrong))
    assert info.value.index is None
    # Drop one action in the middle: a later action is refused, and the error says which.
    cut = dict(replay, actions=replay["actions"][:5] + replay["actions"][6:])
    try:
        tabula.run_replay(json.dumps(cut))
    except tabula.ReplayError as e:
        assert e.index is not None and e.index >= 5 and e.action
        assert f"action {e.index}" in str(e)
    bad_config = dict(replay, config="nonsense")
    with pytest.raises(tabula.ReplayError):
        tabula.run_replay(json.dumps(bad_config))
    other = [n for n in NAMES if n != name][0]
    with pytest.raises(tabula.ReplayError):
        tabula.GAMES[other].run_replay(json.dumps(replay))


def test_batch_arguments():
    with pytest.raises(tabula.ConfigError, match="too many"):
        tabula.play_random_games("pig", 2, games=10**12)
    with pytest.raises(tabula.ConfigError, match="not both"):
        tabula.play_random_games("pig", 2, games=1, config=tabula.Pig.standard_config(2, 0))
    with pytest.raises(tabula.ConfigError, match="games must be an integer from 0"):
        tabula.play_random_games("pig", 2, games=-1)
    assert len(tabula.play_random_games("pig", 2, games=0)) == 0
    with pytest.raises(tabula.ConfigError, match="threads must be an integer from 1 to 256, not 0"):
        tabula.play_random_games("pig", 2, games=3, threads=0)


def test_simulate_arguments():
    # The same checks as every other call: no silent clamping, no OverflowError.
    with pytest.raises(tabula.ConfigError, match="threads must be an integer from 1 to 256, not 0"):
        tabula.simulate("pig", 2, 3, threads=0)
    with pytest.raises(tabula.ConfigError, match="threads must be an integer from 1 to 256, not 1000"):
        tabula.simulate("pig", 2, 3, threads=1000)
    with pytest.raises(tabula.ConfigError, match="seed must be an integer from 0 to 2\\*\\*64 - 1, not -1"):
        tabula.simulate("pig", 2, 3, seed=-1)
    with pytest.raises(tabula.ConfigError, match="games must be an integer from 0"):
        tabula.simulate("pig", 2, -3)
    with pytest.raises(tabula.ConfigError, match="start must be an integer from 0"):
        tabula.simulate("pig", 2, 3, start=-1)
    with pytest.raises(tabula.ConfigError, match="stop must be an integer from 0"):
        tabula.simulate("pig", 2, 3, stop=-1)
    with pytest.raises(TypeError, match="threads"):
        tabula.simulate("pig", 2, 3, threads=1.5)
    assert json.loads(tabula.simulate("pig", 2, 3, threads=2))["games"] == 3


@pytest.mark.parametrize("players, action_id", [(1, 417), (2, 16699)])
def test_ids_this_setup_cannot_produce_are_illegal(players, action_id):
    # Issue 29: a solo pass under the default setting, an entry over the printed centre cell.
    state = tabula.Mosaix(players=players, seed=1)
    with pytest.raises(tabula.IllegalAction, match="names no action") as info:
        state.action_from_id(action_id, 0)
    assert "internal error" not in str(info.value)
    with pytest.raises(tabula.IllegalAction):
        state.apply(action_id, 0)
