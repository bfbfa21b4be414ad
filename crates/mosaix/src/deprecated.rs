//! The names of 0.1.0 that 0.2.0 renamed, kept as deprecated aliases until the next breaking
//! release (`docs/releases.md`). The 0.1.0 module paths (`mosaix::state::State`,
//! `mosaix::config::Config`, ...) still resolve: those modules are public but hidden from the
//! documentation, and the crate root is their home. The variants of [`Error`] deprecated in
//! 0.3.0 (`FirstRoller`, and the loader's and the setup's refusals now nested in
//! [`crate::PositionError`] and [`crate::SetupError`]) stay in the enum, in `error.rs`.

use crate::config::Config;
use crate::error::Error;

impl Config {
    /// Checks the config: the 0.1.0 name of [`Config::validate`].
    #[deprecated(since = "0.2.0", note = "use `Config::validate`")]
    pub fn check(&self) -> Result<(), Error> {
        self.validate()
    }
}
