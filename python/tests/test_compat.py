"""Files written by older engines keep their meaning in Python too: saved states and pickles
go through the same rules-version reading as replays (docs/replay-format.md, "Compatibility")."""

import json
import pathlib
import pickle

import pytest

import tabula

CORPUS = pathlib.Path(__file__).resolve().parents[2] / "tests" / "compat"
OLD = CORPUS / "2026-11-22-8b2ec86"


def expected(folder: pathlib.Path, name: str) -> dict:
    return next(e for e in json.loads((folder / "expected.json").read_text()) if e["name"] == name)


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_a_replay_of_2026_11_22_ends_as_it_did(seed):
    name = f"alea-iacta-est-2p-seed{seed}"
    game = tabula.run_replay_file(OLD / f"{name}.replay.json")
    want = expected(OLD, name)
    assert game.outcome().scores == want["scores"]
    # Its config holds the flags that keep rules version 1's reading.
    assert game.config["double_province_lone_patrician"] is True
    assert game.config["fortuna_late_reshuffle"] is True


def test_a_saved_state_of_2026_11_22_loads_under_its_rules_and_pickles_keep_them():
    name = "alea-iacta-est-2p-seed2"
    state = tabula.AleaIactaEst.from_json((OLD / f"{name}.state.json").read_text())
    assert state.scores() == expected(OLD, name)["mid_scores"]
    assert state.config["repete_supply_limit"] is True
    text = state.to_json()
    assert text.startswith('{"game":"alea-iacta-est","rules":')
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.config == state.config


def test_a_state_from_a_later_engine_is_refused_naming_both_versions():
    game = tabula.SequenceDice(players=2, seed=1)
    data = json.loads(game.to_json())
    data["rules"] = 99
    with pytest.raises(tabula.LoadError, match="rules version 99"):
        tabula.SequenceDice.from_json(json.dumps(data))
