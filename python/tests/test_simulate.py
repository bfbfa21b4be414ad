"""Simulations from Python: tabula.simulate gives the bytes of the `simulate` program's --json
file, summaries of parts merge into the whole, and the Ray example writes the same bytes."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tabula

ROOT = Path(__file__).resolve().parents[2]
SPEC = dict(name="sequence-dice", players=3, games=48, seed=11, agents="random,mc:4,random")
FLAGS = ["--game", "sequence-dice", "--players", "3", "--games", "48", "--seed", "11",
         "--agents", "random,mc:4,random"]


@pytest.fixture(scope="module")
def program_json(tmp_path_factory):
    """The `simulate` program's --json bytes for SPEC (built with cargo in release)."""
    cargo = shutil.which("cargo")
    if cargo is None or not (ROOT / "examples" / "simulate.rs").exists():
        pytest.skip("needs cargo and the repository's simulate program")
    subprocess.run([cargo, "build", "--release", "--quiet", "--example", "simulate"],
                   cwd=ROOT, check=True)
    out = tmp_path_factory.mktemp("program") / "summary.json"
    subprocess.run([str(ROOT / "target" / "release" / "examples" / "simulate"), *FLAGS,
                    "--threads", "2", "--json", str(out)],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return out.read_bytes()


def test_simulate_matches_the_program(program_json):
    assert tabula.simulate(**SPEC).encode() == program_json
    assert tabula.simulate(**SPEC, threads=1).encode() == program_json


def test_parts_merge_into_the_whole():
    whole = tabula.simulate(**SPEC)
    parts = [tabula.simulate(**SPEC, start=a, stop=b, threads=1)
             for a, b in [(30, 48), (0, 7), (7, 30)]]
    assert tabula.merge_summaries(parts) == whole
    with pytest.raises(tabula.LoadError, match="do not merge"):
        tabula.merge_summaries([whole, parts[0]])
    with pytest.raises(tabula.LoadError):
        tabula.merge_summaries([])
    with pytest.raises(tabula.LoadError):
        tabula.merge_summaries(["{}"])


def test_metrics():
    plain = json.loads(tabula.simulate(**SPEC))
    assert "metrics" not in plain
    whole = tabula.simulate(**SPEC, metrics=True)
    names = [m["name"] for m in json.loads(whole)["metrics"]]
    assert names[:3] == ["AdvantageP1", "AdvantageP1Sole", "Balance"] and "LeadChange" in names
    parts = [tabula.simulate(**SPEC, start=a, stop=b, threads=1, metrics=True)
             for a, b in [(0, 20), (20, 48)]]
    assert tabula.merge_summaries(parts) == whole
    # Every name listed is the same as True; False, None and [] are a plain run.
    assert tabula.simulate(**SPEC, metrics=names) == whole
    assert tabula.simulate(**SPEC, metrics=",".join(names)) == whole
    for off in (False, None, []):
        assert tabula.simulate(**SPEC, metrics=off) == tabula.simulate(**SPEC)


def test_metrics_chosen_by_name():
    whole = json.loads(tabula.simulate(**SPEC, metrics=True))
    chosen = tabula.simulate(**SPEC, metrics=["LeadChange", "Balance"])
    rows = json.loads(chosen)["metrics"]
    # In the order of the table, with the values of the run with every metric.
    assert [m["name"] for m in rows] == ["Balance", "LeadChange"]
    assert rows == [m for m in whole["metrics"] if m["name"] in ("Balance", "LeadChange")]
    assert json.loads(chosen)["exact"]["metrics"]["chosen"] == ["Balance", "LeadChange"]
    assert tabula.simulate(**SPEC, metrics="Balance, LeadChange") == chosen
    parts = [tabula.simulate(**SPEC, start=a, stop=b, threads=1, metrics=["Balance", "LeadChange"])
             for a, b in [(0, 30), (30, 48)]]
    assert tabula.merge_summaries(parts) == chosen
    other = tabula.simulate(**SPEC, start=30, stop=48, metrics=["Balance"])
    with pytest.raises(tabula.LoadError, match="chosen metrics differ"):
        tabula.merge_summaries([parts[0], other])
    for bad in (["Balance", "Fun"], "Fun", [""]):
        with pytest.raises(ValueError, match="known metrics: AdvantageP1, AdvantageP1Sole"):
            tabula.simulate(**SPEC, metrics=bad)
    with pytest.raises(tabula.ConfigError, match="unknown metric 'Fun'"):
        tabula.simulate(**SPEC, metrics=["Fun"])
    with pytest.raises(TypeError):
        tabula.simulate(**SPEC, metrics=3)


def test_a_former_metric_name_warns_and_reads_as_its_new_name():
    with pytest.warns(DeprecationWarning, match="DurationActions is now called DurationReplay"):
        old = tabula.simulate(**SPEC, metrics=["DurationActions"])
    assert old == tabula.simulate(**SPEC, metrics=["DurationReplay"])


def test_per_game_records_give_back_every_figure():
    """per_game=True: one dict per game, from which the summary's figures are recomputed."""
    summary, games = tabula.simulate(**SPEC, metrics=True, per_game=True)
    assert summary == tabula.simulate(**SPEC, metrics=True)
    s = json.loads(summary)
    assert [g["index"] for g in games] == list(range(48))
    assert all(g["seed"] == 11 and len(g["config"]) == 16 for g in games)
    assert all(g["agents"] == ["random", "mc:4", "random"] for g in games)
    n, players = len(games), s["players"]
    # Win rates by seat and by position (shared wins as shares), lengths, decisions.
    for seat in range(players):
        wins = sum(1 / len(g["winners"]) for g in games if seat in g["winners"])
        assert wins / n == pytest.approx(s["seats"][seat]["win_rate"], abs=1e-12)
        first = sum(1 / len(g["winners"]) for g in games
                    if (g["first"] + seat) % players in g["winners"])
        assert first / n == pytest.approx(s["positions"][seat]["win_rate"], abs=1e-12)
    assert sum(g["length"] for g in games) / n == pytest.approx(s["length"]["mean"])
    metrics = {m["name"]: m for m in s["metrics"]}
    assert sum(g["decisions"] for g in games) / n == pytest.approx(metrics["DurationMoves"]["value"])
    # Ludii's AdvantageP1: the first mover's (n - rank) / (n - 1), from the ranks.
    credit = sum((players - g["ranks"][g["first"]]) / (players - 1) for g in games) / n
    assert credit == pytest.approx(metrics["AdvantageP1"]["value"], abs=1e-12)
    # LeadChange from its ingredients, each game's ratio floored to 1e-6 as the summary keeps it.
    lead = sum((g["running"]["lead_changes"] * 10**6 // g["decisions"]) / 10**6 for g in games) / n
    assert lead == pytest.approx(metrics["LeadChange"]["value"], abs=1e-12)
    # Without metrics, the records hold the outcome and lengths only; a part is its games.
    _, part = tabula.simulate(**SPEC, start=10, stop=20, per_game=True)
    assert [g["index"] for g in part] == list(range(10, 20))
    assert "running" not in part[0] and "legal" not in part[0]
    assert [g["scores"] for g in part] == [g["scores"] for g in games[10:20]]


def test_fixed_config():
    config = tabula.SequenceDice.standard_config(2, 5)
    one = tabula.simulate("sequence-dice", 2, 10, 1, config=config)
    assert '"fixed"' in one
    assert one == tabula.simulate("sequence-dice", 2, 10, 1, config=json.dumps(config))


def test_search_agents_by_spec():
    """The IS-MCTS agent is named like the others; searching beats random play in Sequence Dice
    and the same seeds give the same bytes."""
    spec = dict(name="sequence-dice", players=2, games=6, seed=3, agents="ismcts:40,random")
    one = tabula.simulate(**spec)
    summary = json.loads(one)
    assert summary["agents"] == ["ismcts:40", "random"]
    assert summary["games"] == 6
    assert summary["seats"][0]["wins"] > summary["seats"][1]["wins"]
    assert tabula.simulate(**spec, threads=1) == one


def test_bad_specs():
    ok = dict(SPEC)
    for change, error in [
        (dict(name="chess"), tabula.UnknownGame),
        (dict(players=9), tabula.ConfigError),
        (dict(players=-3), tabula.ConfigError),
        (dict(agents="alphago"), tabula.ConfigError),
        (dict(agents="ismcts:0"), tabula.ConfigError),
        (dict(agents="random,random"), tabula.ConfigError),
        (dict(stop=99), tabula.ConfigError),
        (dict(start=5, stop=2), tabula.ConfigError),
        (dict(config={"seats": 99}), tabula.ConfigError),
        (dict(config="{not json"), tabula.ConfigError),
    ]:
        with pytest.raises(error):
            tabula.simulate(**{**ok, **change})


def test_ray_example_writes_the_program_bytes(program_json, tmp_path):
    pytest.importorskip("ray")
    out = tmp_path / "ray.json"
    env = dict(os.environ, RAY_AUTH_MODE="disabled")
    env.pop("RAY_ADDRESS", None)
    subprocess.run([sys.executable, str(ROOT / "python" / "examples" / "ray_simulate.py"),
                    *FLAGS, "--tasks", "5", "--json", str(out)],
                   check=True, env=env, timeout=600)
    assert out.read_bytes() == program_json
    bad = subprocess.run([sys.executable, str(ROOT / "python" / "examples" / "ray_simulate.py"),
                          "--game", "chess", "--players", "2", "--games", "1"],
                         capture_output=True, text=True, env=env, timeout=600)
    assert bad.returncode == 2 and "unknown game 'chess'" in bad.stderr


def test_ray_example_and_the_program_default_to_the_same_seed(program_json, tmp_path):
    """Without --seed, the Ray example and `simulate` play the same games (issue 29.6)."""
    source = (ROOT / "python" / "examples" / "ray_simulate.py").read_text(encoding="utf-8")
    ray_default = int(re.search(r'"--seed", type=int, default=(\d+)', source).group(1))
    out = tmp_path / "default.json"
    subprocess.run([str(ROOT / "target" / "release" / "examples" / "simulate"), "--game", "pig",
                    "--players", "2", "--games", "1", "--json", str(out)],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    assert json.loads(out.read_text())["seed"] == ray_default
