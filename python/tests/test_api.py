"""The plain API of every game at every player count, along random games."""

import copy
import json
import math
import pickle
import random
from fractions import Fraction
from pathlib import Path

import pytest

import tabula
from conftest import play_random


def test_games_are_listed():
    assert "sequence-dice" in tabula.GAMES
    # The registry's games, in its order, each a class of the package and of its stubs.
    assert list(tabula.GAMES) == tabula._tabula.game_names()
    stubs = (Path(tabula.__file__).parent / "_tabula.pyi").read_text(encoding="utf-8")
    for cls in tabula.GAMES.values():
        assert getattr(tabula, cls.__name__) is cls and cls.__name__ in tabula.__all__
        assert f"class {cls.__name__}(_State):" in stubs
        assert cls.__doc__.splitlines()[0] in stubs
    for name, cls in tabula.GAMES.items():
        assert cls.name == name
        assert 1 <= cls.min_players <= cls.max_players
        assert isinstance(cls(cls.max_players), tabula.State)
        assert type(tabula.new_game(name.replace("-", "_"), cls.min_players)) is cls


def test_construction(game_players):
    name, players = game_players
    cls = tabula.GAMES[name]
    state = cls(players, seed=3)
    assert state.players == players
    assert state == tabula.new_game(name, players, 3)
    config = cls.standard_config(players, 3)
    assert state.config == config
    assert cls(config=config) == state
    assert cls(config=json.dumps(config)) == state
    assert repr(state).startswith(f"<tabula.{cls.__name__}: {players} players")


def check_state(state):
    """The laws of the API at one state."""
    turn = state.turn
    assert turn.is_over == state.is_over and turn.is_chance == state.is_chance
    assert turn.next_seat == state.next_seat
    actions = state.legal_actions()
    several = turn.kind == "seats" and len(turn.seats) > 1
    if several:
        with pytest.raises(tabula.TabulaError, match="say whose"):
            state.legal_action_ids()
        ids = state.legal_action_ids(turn.next_seat)
    else:
        ids = state.legal_action_ids()
    assert ids == sorted(ids)
    if state.is_chance:
        assert turn.kind == "chance" and turn.seats == ()
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == Fraction(1)
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert [a for a, _ in outcomes] == sorted(actions, key=lambda a: a.id)
        assert [(a.id, float(p)) for a, p in outcomes] == state.chance_outcome_ids()
        assert all(a.is_chance and a.seat is None for a in actions)
        assert sorted(a.id for a in actions) == ids
        text = str(actions[0])
        assert state.chance_from_text(text) == actions[0]
    else:
        assert turn.kind in ("seat", "seats", "over") and state.chance_outcomes() == []
        assert all(a.seat in turn.seats for a in actions)
        mine = state.legal_actions(turn.next_seat) if turn.seats else []
        assert sorted(a.id for a in mine) == ids
        for seat in turn.seats:
            assert {a.seat for a in state.legal_actions(seat)} == {seat}
    for action in actions:
        assert str(action) and action.game == state.name
        assert 0 <= action.id < state.num_distinct_actions
        assert (action.id < state.max_chance_outcomes) == action.is_chance
        assert state.action_from_id(action.id, action.seat) == action
        assert state.action_id(action) == action.id
        assert isinstance(action.to_json(), (dict, list, str, int))
        assert hash(action) == hash(state.action_from_id(action.id, action.seat))
    size = math.prod(state.observation_shape)
    for seat in range(state.players):
        observation = state.observation(seat)
        assert len(observation) == size and all(math.isfinite(x) for x in observation)
        view = state.view(seat)
        assert isinstance(view, dict) and json.loads(state.view_json(seat)) == view
        assert state.view_text(seat)
    assert len(state.scores()) == state.players
    assert str(state)


def test_random_game(game_players):
    name, players = game_players
    rng = random.Random(players)
    state = tabula.GAMES[name](players, seed=5)
    count = 0
    for before in play_random(state, rng):
        if count % 7 == 0:
            check_state(before)
        count += 1
    assert state.is_over and state.turn.kind == "over"
    assert state.legal_actions() == [] and state.legal_action_ids() == []
    outcome = state.outcome()
    assert outcome.scores == state.scores()
    assert outcome.winners and set(outcome.winners) <= set(range(players))
    assert sum(outcome.returns) == pytest.approx(1.0)
    check_state(state)
    assert len(state.history()) == count


def test_ids_apply_like_objects(game_players):
    name, players = game_players
    a = tabula.GAMES[name](players, seed=9)
    b = a.clone()
    for _ in play_random(a, random.Random(1), by_id=False):
        pass
    for _ in play_random(b, random.Random(1), by_id=True):
        pass
    assert a == b and a.history() == b.history()


def test_round_trips(game_players):
    name, players = game_players
    cls = tabula.GAMES[name]
    state = cls(players, seed=11)
    for i, _ in enumerate(play_random(state, random.Random(2))):
        if i == 25:
            break
    loaded = cls.from_json(state.to_json())
    assert loaded == state and loaded.to_json() == state.to_json()
    assert pickle.loads(pickle.dumps(state)) == state
    assert pickle.loads(pickle.dumps(state)).history() == state.history()
    assert copy.deepcopy(state) == state and copy.copy(state) == state
    other = state.clone()
    if not other.is_over:
        other.apply(other.legal_actions()[0])
        assert other != state
    replay = state.replay(seed=11)
    assert json.loads(replay)["game"] == name
    again = tabula.run_replay(replay)
    assert again == state and again.history() == state.history()
    assert cls.run_replay(replay) == state


def test_replay_files(tmp_path, game_players):
    name, players = game_players
    state = tabula.GAMES[name](players, seed=4)
    for _ in play_random(state, random.Random(4)):
        pass
    path = tmp_path / "game.json"
    path.write_text(state.replay(seed=4))
    assert tabula.run_replay_file(path) == state
    assert tabula.verify_replay_file(path) is None


def test_determinize_keeps_the_view(game_players):
    name, players = game_players
    state = tabula.GAMES[name](players, seed=6)
    for i, _ in enumerate(play_random(state, random.Random(6))):
        if i == 30:
            break
    for seat in range(players):
        other = state.determinize(seat, seed=seat)
        assert other.view(seat) == state.view(seat)
        assert other.observation(seat) == state.observation(seat)
        assert other.turn == state.turn


def test_batch_is_the_same_for_any_thread_count():
    for name, cls in tabula.GAMES.items():
        players = cls.max_players
        one = tabula.play_random_games(name, players, games=40, seed=3)
        two = tabula.play_random_games(name, players, games=40, seed=3, threads=3)
        assert (one.scores, one.winners, one.lengths) == (two.scores, two.winners, two.lengths)
        assert len(one) == 40 and sum(one.wins) == pytest.approx(40)
        assert all(len(s) == players for s in one.scores)
        config = cls.standard_config(players, 1)
        fixed = tabula.play_random_games(name, games=5, seed=3, config=config)
        assert len(fixed) == 5 and fixed.scores != []


def test_batch_plays_the_games_of_simulate():
    """Game i of play_random_games(name, players, games, seed) is game i of simulate with
    random agents and the same seed: one play loop and one seed scheme."""
    for name, cls in tabula.GAMES.items():
        players = max(cls.min_players, 2)
        batch = tabula.play_random_games(name, players, games=6, seed=9, threads=2)
        for i in range(6):
            one = json.loads(tabula.simulate(name, players, 6, 9, "random", start=i, stop=i + 1))
            exact = one["exact"]
            assert [t["score_sum"] for t in exact["seats"]] == batch.scores[i], (name, i)
            won = tuple(s for s, t in enumerate(exact["seats"]) if t["win_units"] > 0)
            assert won == batch.winners[i], (name, i)
            assert exact["lengths"] == [[batch.lengths[i], 1]], (name, i)


def test_random_playout_leaves_the_state(game_players):
    name, players = game_players
    state = tabula.GAMES[name](players, seed=8)
    before = state.to_json()
    outcome = state.random_playout(seed=1)
    assert state.to_json() == before
    assert len(outcome.scores) == players and outcome.winners
    assert state.random_playout(seed=1) == outcome


def test_package_polish():
    """Issue 29.8: the programs' names, a version, a clean dir(), exact wins, no raising __lt__."""
    from importlib.metadata import version

    for name in ("Kingdom Builder", "kingdom_builder", "KingdomBuilder", " kingdom-builder "):
        assert type(tabula.new_game(name, 2)) is tabula.KingdomBuilder
    assert tabula.__version__ == version("tabula")
    assert dir(tabula) == sorted(tabula.__all__)
    for private in ("Dict", "os", "abc", "Union", "TYPE_CHECKING"):
        assert private not in dir(tabula)
    batch = tabula.play_random_games("sequence-dice", 4, games=30, seed=2)
    assert all(isinstance(w, Fraction) for w in batch.wins)
    assert sum(batch.wins) == 30
    game = tabula.Pig(2, seed=1)
    for value in (game, game.turn, game.legal_actions()[0], batch, game.random_playout(1)):
        assert value.__lt__(value) is NotImplemented
        with pytest.raises(TypeError):
            value < value  # noqa: B015 (ordering is not defined, and says so the Python way)
