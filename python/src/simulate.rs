//! `simulate` and `merge_summaries`: the simulation library (`tabula::sim`) from Python. A
//! simulation of any part of the game-index range runs in Rust without the GIL and returns its
//! exact summary as the canonical JSON text of `simulate --json` (with `per_game=True`, also
//! one record per game, the lines of `simulate --games-out`); summaries of parts merge
//! exactly, so a Ray driver (`examples/ray_simulate.py`) writes the program's bytes.

use crate::args::{Games, Seed, Start, Stop, Threads};
use crate::convert::{json_arg, json_to_py};
use crate::failure::{sim_failure, spec_failure, Failure};
use pyo3::exceptions::{PyDeprecationWarning, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};
use tabula::sim::{self, Metric, MetricSet, Options, Spec, Summary};

/// The spec of a call, checked for what can be checked without playing.
fn spec(
    players: i64,
    games: u64,
    seed: u64,
    agents: &str,
    config: Option<&Bound<'_, PyAny>>,
) -> Result<Spec<serde_json::Value>, Failure> {
    let players = u8::try_from(players).map_err(|_| {
        Failure::Config(format!(
            "a table has a positive number of players, not {players}"
        ))
    })?;
    let agents = sim::parse_agents(agents, players).map_err(spec_failure)?;
    let spec = Spec::new(players, games, seed, agents);
    Ok(match config {
        None => spec,
        Some(c) => {
            let value: serde_json::Value = serde_json::from_str(&json_arg(c)?)
                .map_err(|e| Failure::Config(format!("the config is not JSON: {e}")))?;
            spec.with_fixed_config(value)
        }
    })
}

/// The metrics chosen by `simulate`'s `metrics` argument: `True` every metric, `False` or
/// `None` none, or Ludii's names as a list (an empty list: none) or as one comma-separated
/// string. An unknown name is a `ConfigError` (a `ValueError`) that lists the known names.
fn chosen_metrics(py: Python<'_>, value: Option<&Bound<'_, PyAny>>) -> PyResult<MetricSet> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(MetricSet::NONE);
    };
    if let Ok(flag) = value.cast::<PyBool>() {
        return Ok(if flag.is_true() {
            MetricSet::ALL
        } else {
            MetricSet::NONE
        });
    }
    let (text, names): (Option<String>, Vec<String>) = match value.cast::<PyString>() {
        Ok(text) => {
            let text = text.to_string_lossy().into_owned();
            let names = text.split(',').map(|n| n.trim().to_string()).collect();
            (Some(text), names)
        }
        Err(_) => (
            None,
            value.extract().map_err(|_| {
                PyTypeError::new_err("metrics is True, False or a list of metric names")
            })?,
        ),
    };
    // Names of an earlier version still read, with a DeprecationWarning naming the new one.
    for name in &names {
        if let Some((old, new)) = sim::metrics::RENAMED.iter().find(|(old, _)| old == name) {
            let message = std::ffi::CString::new(format!("metric {old} is now called {new}"))
                .unwrap_or_default();
            PyErr::warn(py, &py.get_type::<PyDeprecationWarning>(), &message, 1)?;
        }
    }
    let chosen = match text {
        Some(text) => text.parse::<MetricSet>(),
        None => names.iter().map(|name| name.parse::<Metric>()).collect(),
    };
    Ok(chosen.map_err(|e| Failure::Config(e.to_string()))?)
}

/// Plays games `start..stop` (default: all) of a simulation in Rust without the GIL and
/// returns their summary as canonical JSON text (the bytes `simulate --json` writes for the
/// whole range; with `metrics=True`, those of `simulate --metrics --json`; with a list of
/// names, those of `simulate --metrics NAME,NAME --json`). With `per_game=True`, returns the
/// pair `(summary, games)`: `games` a list of one dict per game, in index order, the lines of
/// `simulate --games-out` (index, seed, config digest, agents, first mover, length,
/// decisions, scores, winners, ranks and the chosen metrics' per-game ingredients).
#[pyfunction]
#[pyo3(signature = (
    name, players, games, seed=Seed(0), agents="random", *, start=Start(0), stop=None, config=None,
    threads=None, metrics=None, per_game=false
))]
#[allow(clippy::too_many_arguments)]
pub fn simulate<'py>(
    py: Python<'py>,
    name: &str,
    players: i64,
    games: Games,
    seed: Seed,
    agents: &str,
    start: Start,
    stop: Option<Stop>,
    config: Option<&Bound<'py, PyAny>>,
    threads: Option<Threads>,
    metrics: Option<&Bound<'py, PyAny>>,
    per_game: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (games, seed, start) = (games.0, seed.0, start.0);
    let name = crate::games::entry(name)?.name;
    let mut spec = spec(players, games, seed, agents, config)?;
    spec.metrics = chosen_metrics(py, metrics)?;
    let range = start..stop.map_or(games, |s| s.0);
    let threads = threads.map(|t| t.0);
    let simulator = sim::simulator(name).map_err(|e| Failure::UnknownGame(e.to_string()))?;
    let result = py.detach(|| {
        let mut options = Options::default();
        options.threads = threads;
        match per_game {
            true => simulator.records(&spec, range, &options),
            false => Ok((simulator.run(&spec, range, &options)?, Vec::new())),
        }
    });
    let (summary, records) = result.map_err(sim_failure)?;
    let text = summary.to_json().into_pyobject(py)?.into_any();
    if !per_game {
        return Ok(text);
    }
    let lines: Vec<String> = records.iter().map(|r| r.to_json_line()).collect();
    let games = json_to_py(py, &format!("[{}]", lines.join(",")))?;
    Ok((text, games).into_pyobject(py)?.into_any())
}

/// Merges summaries (JSON texts from `simulate` of parts of one simulation) into one, exactly,
/// as canonical JSON text.
#[pyfunction]
pub fn merge_summaries(summaries: Vec<String>) -> PyResult<String> {
    let mut parts = summaries.iter().map(|text| {
        Summary::from_json(text).map_err(|e| Failure::Load(format!("not a summary: {e}")))
    });
    let mut merged = parts
        .next()
        .ok_or_else(|| Failure::Load("no summaries to merge".to_string()))??;
    for part in parts {
        merged
            .merge(&part?)
            .map_err(|e| Failure::Load(format!("these summaries do not merge: {e}")))?;
    }
    Ok(merged.to_json())
}
