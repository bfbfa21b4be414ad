//! The names of 0.1.0 that 0.2.0 renamed, kept as deprecated aliases until the next breaking
//! release (`docs/releases.md`). Each behaves exactly like the item its note names. The 0.1.0
//! module paths (`kingdom_builder::state::State`, `geometry::step`, ...) still resolve: those
//! modules are public but hidden from the documentation, and the crate root is their home.

use crate::board::{field_at, Board, Cell, Field, Placement};
use crate::{Config, Error, Phase, State};

/// What a hex shows: the 0.1.0 name of [`Field`].
#[deprecated(since = "0.2.0", note = "use `Field`")]
pub type Hex = Field;

/// Where the game stands: the 0.1.0 name of [`Phase`].
#[deprecated(since = "0.2.0", note = "use `Phase`")]
pub type Step = Phase;

/// What the board of `placements` shows at `cell`: the 0.1.0 name of
/// [`board::field_at`](crate::board::field_at).
#[deprecated(since = "0.2.0", note = "use `board::field_at`")]
pub const fn hex_at(placements: &[Placement; 4], cell: Cell) -> Option<Field> {
    field_at(placements, cell)
}

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
