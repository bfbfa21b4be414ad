//! The methods of 0.1.0 that 0.2.0 renamed, kept as deprecated aliases until the next breaking
//! release (`docs/releases.md`); each behaves exactly like the item its note names. The renamed
//! types and functions stand beside their new names (`board::Hex`, `board::hex_at`,
//! `state::Step`). The 0.1.0 module paths (`kingdom_builder::state::State`, `geometry::step`,
//! ...) still resolve: those modules are public but hidden from the documentation, and the
//! crate root is their home.
//!
//! The loader's and the setup's refusals of 0.2.0 (`Error::SharedHex`, `Error::SetupOffBoard`,
//! ...) stay as deprecated variants of [`Error`], never returned since 0.3.0: they are nested
//! in [`Error::Position`] ([`crate::PositionError`]) and [`Error::Setup`]
//! ([`crate::SetupError`]), under the same names less the `Setup` prefix.

use crate::board::{Board, Cell, Field};
use crate::config::Config;
use crate::state::{Phase, State};
use crate::Error;

impl Board {
    /// What `cell` shows: the 0.1.0 name of [`Board::field`].
    #[deprecated(since = "0.2.0", note = "use `Board::field`")]
    pub fn hex(&self, cell: Cell) -> Option<Field> {
        self.field(cell)
    }
}

impl State {
    /// Where the game stands: the 0.1.0 name of [`State::phase`].
    #[deprecated(since = "0.2.0", note = "use `State::phase`")]
    pub fn step(&self) -> Phase {
        self.phase()
    }
}

impl Config {
    /// A random standard setup from `seed`: the 0.1.0 name of [`Config::standard`].
    #[deprecated(since = "0.2.0", note = "use `Config::standard`")]
    pub fn random(seats: u8, seed: u64) -> Result<Config, Error> {
        Config::standard(seats, seed)
    }
}
