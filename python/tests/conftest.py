"""Shared fixtures: every game of the package at every player count it supports."""

import random

import pytest

import tabula

GAME_PLAYERS = [
    (name, players)
    for name, cls in tabula.GAMES.items()
    for players in range(cls.min_players, cls.max_players + 1)
]


def play_random(state, rng: random.Random, limit: int = 100_000, by_id: bool = False):
    """Plays `state` to the end with random choices; yields the state before each action."""
    for _ in range(limit):
        if state.is_over:
            return
        yield state
        if state.is_chance:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        if by_id:
            state.apply(action.id, action.seat)
        else:
            state.apply(action)
    raise AssertionError("the game did not end")


@pytest.fixture(params=GAME_PLAYERS, ids=[f"{n}-{p}p" for n, p in GAME_PLAYERS])
def game_players(request):
    return request.param
