//! # tabula-python
//!
//! The extension module `tabula._tabula` of the Python package `tabula` (built by maturin from
//! `python/pyproject.toml`). It converts and nothing more: the game crates decide every rule.
//! Every game gets one Python class with the same methods (`games.rs`, generic code in
//! `methods.rs` over [`table::Table`]); refusals become the exceptions of `tabula.errors`
//! (`failure.rs`), never panics.
//!
//! Feature flags: none.
//!
//! `#![forbid(unsafe_code)]` holds here too: pyo3's macros expand to code this lint accepts.
#![forbid(unsafe_code)]

mod action;
mod args;
mod batch;
mod convert;
pub mod env;
pub mod failure;
mod games;
mod methods;
mod simulate;
pub mod steps;
pub mod table;
#[cfg(test)]
mod tests;
mod vec_env;

use args::{Games, Seed, Threads};
pub use games::for_game;
use pyo3::prelude::*;

/// The names of the games, as `tabula.GAMES`.
#[pyfunction]
fn game_names() -> Vec<&'static str> {
    games::GAMES.iter().map(|e| e.name).collect()
}

/// A new game by name (as the programs read names: `kingdom-builder`, `kingdom_builder`,
/// `Kingdom Builder`, `KingdomBuilder`): `players` and `seed` (the standard setup) or `config`.
#[pyfunction]
#[pyo3(signature = (name, players=None, seed=Seed(0), *, config=None))]
fn new_game(
    py: Python<'_>,
    name: &str,
    players: Option<i64>,
    seed: Seed,
    config: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    (games::entry(name)?.create)(py, players, seed.0, config)
}

/// The final state of a replay file's text, for whichever game it records.
#[pyfunction]
fn run_replay(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    let name = replay_game(text)?;
    (games::entry(&name)?.run_replay)(py, text)
}

/// The `game` field of a replay's JSON text ([`tabula::table::replay_game`]).
fn replay_game(text: &str) -> Result<String, failure::Failure> {
    Ok(tabula::table::replay_game(text)?)
}

/// Plays `games` random games of `name` in Rust, without the GIL: game `i` is game `i` of
/// `simulate` with `random` agents and the same seed.
#[pyfunction]
#[pyo3(signature = (name, players=None, games=Games(1), seed=Seed(0), *, config=None, threads=Threads(1)))]
fn play_random_games(
    py: Python<'_>,
    name: &str,
    players: Option<i64>,
    games: Games,
    seed: Seed,
    config: Option<&Bound<'_, PyAny>>,
    threads: Threads,
) -> PyResult<batch::BatchResult> {
    let (games, seed, threads) = (games.0, seed.0, threads.0);
    let entry = games::entry(name)?;
    let config = config.map(convert::json_arg).transpose()?;
    let request = batch::Request {
        players,
        config: config.as_deref(),
        games,
        seed,
        threads,
    };
    (entry.play_random)(py, &request)
}

/// Rebuilds a pickled state (`__reduce__`).
#[pyfunction]
#[pyo3(signature = (name, state, history=None))]
fn _restore(py: Python<'_>, name: &str, state: &str, history: Option<&str>) -> PyResult<Py<PyAny>> {
    (games::entry(name)?.restore)(py, state, history)
}

#[pymodule]
fn _tabula(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    games::add_classes(m)?;
    m.add_class::<action::PyAction>()?;
    m.add_class::<convert::Turn>()?;
    m.add_class::<convert::PyOutcome>()?;
    m.add_class::<batch::BatchResult>()?;
    m.add_class::<vec_env::PyVecEnvCore>()?;
    m.add_function(wrap_pyfunction!(game_names, m)?)?;
    m.add_function(wrap_pyfunction!(new_game, m)?)?;
    m.add_function(wrap_pyfunction!(run_replay, m)?)?;
    m.add_function(wrap_pyfunction!(play_random_games, m)?)?;
    m.add_function(wrap_pyfunction!(_restore, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::merge_summaries, m)?)?;
    Ok(())
}
