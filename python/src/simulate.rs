//! `simulate` and `merge_summaries`: the simulation library (`tabula::sim`) from Python. A
//! simulation of any part of the game-index range runs in Rust without the GIL and returns its
//! exact summary as the canonical JSON text of `simulate --json`; summaries of parts merge
//! exactly, so a Ray driver (`examples/ray_simulate.py`) writes the program's bytes.

use crate::convert::json_arg;
use crate::failure::{sim_failure, spec_failure, Failure};
use pyo3::exceptions::PyTypeError;
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
fn chosen_metrics(value: Option<&Bound<'_, PyAny>>) -> PyResult<MetricSet> {
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
    let chosen = if let Ok(text) = value.cast::<PyString>() {
        text.to_string_lossy().parse::<MetricSet>()
    } else {
        let names: Vec<String> = value.extract().map_err(|_| {
            PyTypeError::new_err("metrics is True, False or a list of metric names")
        })?;
        names.iter().map(|name| name.parse::<Metric>()).collect()
    };
    Ok(chosen.map_err(|e| Failure::Config(e.to_string()))?)
}

/// Plays games `start..stop` (default: all) of a simulation in Rust without the GIL and
/// returns their summary as canonical JSON text (the bytes `simulate --json` writes for the
/// whole range; with `metrics=True`, those of `simulate --metrics --json`; with a list of
/// names, those of `simulate --metrics NAME,NAME --json`).
#[pyfunction]
#[pyo3(signature = (
    name, players, games, seed=0, agents="random", *, start=0, stop=None, config=None,
    threads=None, metrics=None
))]
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    py: Python<'_>,
    name: &str,
    players: i64,
    games: u64,
    seed: u64,
    agents: &str,
    start: u64,
    stop: Option<u64>,
    config: Option<&Bound<'_, PyAny>>,
    threads: Option<usize>,
    metrics: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let name = crate::games::entry(name)?.name;
    let mut spec = spec(players, games, seed, agents, config)?;
    spec.metrics = chosen_metrics(metrics)?;
    let range = start..stop.unwrap_or(games);
    let threads = threads.map(|t| t.clamp(1, 1024));
    let summary = py.detach(|| {
        let mut options = Options::default();
        options.threads = threads;
        sim::run_named(name, &spec, range, &options)
    });
    Ok(summary.map_err(sim_failure)?.to_json())
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
