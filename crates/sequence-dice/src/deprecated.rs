//! The methods of 0.1.0 that 0.2.0 renamed, kept as deprecated aliases until the next breaking
//! release (`docs/releases.md`); each behaves exactly like the item its note names. The renamed
//! type, `Status`, stands beside its new name `Phase`. The flat [`Error`] variants of the
//! loader's and the setup's refusals, nested since 0.3.0 in [`Error::Position`] and
//! [`Error::Setup`], stay at the end of [`Error`] itself, deprecated and no longer returned.

use crate::config::Config;
use crate::error::Error;
use crate::state::{Phase, State};

impl State {
    /// Where the game stands: the 0.1.0 name of [`State::phase`].
    #[deprecated(since = "0.2.0", note = "use `State::phase`")]
    pub fn status(&self) -> Phase {
        self.phase()
    }
}

impl Config {
    /// Checks every field: the 0.1.0 name of [`Config::validate`].
    #[deprecated(since = "0.2.0", note = "use `Config::validate`")]
    pub fn check(&self) -> Result<(), Error> {
        self.validate()
    }
}
