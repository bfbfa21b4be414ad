//! The names of 0.1.0 that 0.2.0 renamed, kept as deprecated aliases until the next breaking
//! release (`docs/releases.md`). Each behaves exactly like the item its note names.

use crate::config::Config;
use crate::error::Error;
use dicecore::Seat;

impl Config {
    /// The standard setup for `seats` players with `start` as first start player: the 0.1.0
    /// name of [`Config::with_start`].
    #[deprecated(since = "0.2.0", note = "use `Config::with_start`")]
    pub fn new(seats: u8, start: Seat) -> Result<Config, Error> {
        Config::with_start(seats, start)
    }
}
