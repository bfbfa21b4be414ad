//! [`Table`]: one game in progress as Python holds it. It is the facade's [`tabula::table`],
//! shared with the WebAssembly package, so that both bindings read seats, ids and JSON and word
//! refusals in one way; here its failures are this crate's [`Failure`] (which Python's
//! exceptions are made from). Every conversion rule is tested with `cargo test` (`tests.rs`).

use crate::failure::Failure;
use tabula::dicecore::Game;

/// A state and its history, failing with this crate's [`Failure`].
pub type Table<G> = tabula::table::Table<G, Failure>;

/// The standard config of `G` for `players` and `seed` ([`tabula::table::standard_config`]).
pub fn standard_config<G: Game>(players: i64, seed: u64) -> Result<G::Config, Failure> {
    Ok(tabula::table::standard_config::<G>(players, seed)?)
}

/// A config read from its JSON text ([`tabula::table::config_from_json`]).
pub fn config_from_json<G: Game>(text: &str) -> Result<G::Config, Failure> {
    Ok(tabula::table::config_from_json::<G>(text)?)
}

/// JSON text of any serialisable value of the engine ([`tabula::table::to_json`]).
pub fn to_json<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    Ok(tabula::table::to_json(value)?)
}
