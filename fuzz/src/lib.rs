//! The harness behind tabula's cargo-fuzz targets: one generic harness over [`Subject`] (a
//! [`Game`] with [`Encode`], arbitrary actions and configs, and its setups when it has them),
//! run for every game of tabula's registry (`tabula::for_each_game!`) by three targets each in
//! `fuzz_targets/`, all the same file: [`run`] picks the game and kind from the target's name.
//! A test checks that `Cargo.toml` and `fuzz_targets/` hold exactly these targets.
//!
//! - `<game>_actions` ([`actions()`]): fuzzer bytes choose a config and then, step by step, one of
//!   the legal actions or, at chosen points, an arbitrary action, an action seen earlier or the
//!   action of an arbitrary id. Every action must be accepted exactly when it is listed, leave
//!   the state unchanged when refused, give the same state through `apply` and
//!   `apply_in_place`; the states met reload equal (one in sixteen, and the last), arbitrary ids
//!   decode or are `None`, and the ids of listed actions round-trip.
//! - `<game>_states` ([`states()`]): saved states, as raw JSON text or as a real state with
//!   structured mutations of its JSON ([`mutate`]); every state that loads must keep the
//!   contract's laws ([`laws`]) along a random play-out, where every next state reloads.
//! - `<game>_records` ([`records()`]): replays, configs and setups, as JSON text, as arbitrary
//!   configs, and as real replays and setups with mutations; whatever is accepted must give
//!   states that keep the laws.
//!
//! A broken law is a panic with the law in its message, which libFuzzer reports as a crash.
//! With `TABULA_FUZZ_TRACE` set in the environment the harness also tells on stderr what an
//! input does in the game's own terms ([`tracing`]): the config, every action tried and its
//! verdict, the JSON it loads, the play-outs.
//! `cargo test` in this folder replays every seed and regression input through the same
//! harness; `cargo run --release --example seeds` writes the seed corpora from real games.

#![forbid(unsafe_code)]

/// Tells on stderr what the harness does, when [`tracing`] is on.
macro_rules! trace {
    ($($arg:tt)*) => {
        if $crate::tracing() {
            eprintln!($($arg)*);
        }
    };
}

pub mod laws;
pub mod mutate;
mod play;
mod records;
pub mod seeds;
mod targets;

pub use play::{actions, states};
pub use records::records;
pub use targets::{run, seed_inputs, seed_is_live, Kind, GAMES, KINDS, TARGET_SOURCE};

use arbitrary::Unstructured;
use dicecore::Encode;
use std::sync::OnceLock;

/// Whether the harness tells what an input does on stderr: on when `TABULA_FUZZ_TRACE` is set
/// (read once), for reproducing a crash (`docs/reliability.md`).
pub fn tracing() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("TABULA_FUZZ_TRACE").is_some())
}

/// A game under fuzzing: the contract plus what the harness needs from the game's optional
/// parts (the `arbitrary` feature, `FromSetup`). Implemented for every game by [`subject!`].
pub trait Subject: Encode {
    /// An arbitrary action (through the game's `arbitrary` feature).
    fn arbitrary_action(u: &mut Unstructured<'_>) -> arbitrary::Result<Self::Action>;
    /// An arbitrary config (through the game's `arbitrary` feature).
    fn arbitrary_config(u: &mut Unstructured<'_>) -> arbitrary::Result<Self::Config>;
    /// Whether the game has setups (`FromSetup`).
    const SETUPS: bool;
    /// Checks the laws of `FromSetup` on a state that loaded (nothing without setups).
    fn check_setup(&self);
    /// The state's setup as JSON (`None` without setups).
    fn setup_value(&self) -> Option<serde_json::Value>;
    /// A state from a config and a setup read from JSON: `None` when the setup is unreadable
    /// or the game has no setups, else what `from_setup` says.
    fn from_setup_value(
        config: &Self::Config,
        setup: serde_json::Value,
    ) -> Option<Result<Self, Self::Error>>;
}

/// Implements [`Subject`] for a game's state type: `subject!(Type)` for a game without setups,
/// `subject!(Type, setup)` for one with `FromSetup`.
#[macro_export]
macro_rules! subject {
    ($ty:ty) => {
        $crate::subject!(@impl $ty, false,
            fn check_setup(&self) {}
            fn setup_value(&self) -> Option<serde_json::Value> {
                None
            }
            fn from_setup_value(
                _: &Self::Config,
                _: serde_json::Value,
            ) -> Option<Result<Self, Self::Error>> {
                None
            }
        );
    };
    ($ty:ty, setup) => {
        $crate::subject!(@impl $ty, true,
            fn check_setup(&self) {
                $crate::laws::check_setup(self)
            }
            fn setup_value(&self) -> Option<serde_json::Value> {
                serde_json::to_value(dicecore::FromSetup::to_setup(self)).ok()
            }
            fn from_setup_value(
                config: &Self::Config,
                setup: serde_json::Value,
            ) -> Option<Result<Self, Self::Error>> {
                let setup = serde_json::from_value(setup).ok()?;
                Some(<$ty as dicecore::FromSetup>::from_setup(config, &setup))
            }
        );
    };
    (@impl $ty:ty, $setups:expr, $($setup_fns:tt)*) => {
        impl $crate::Subject for $ty {
            fn arbitrary_action(
                u: &mut arbitrary::Unstructured<'_>,
            ) -> arbitrary::Result<Self::Action> {
                u.arbitrary()
            }
            fn arbitrary_config(
                u: &mut arbitrary::Unstructured<'_>,
            ) -> arbitrary::Result<Self::Config> {
                u.arbitrary()
            }
            const SETUPS: bool = $setups;
            $($setup_fns)*
        }
    };
}

/// Every game of the registry is a [`Subject`] (a registered game has setups).
macro_rules! subjects {
    ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {
        $(subject!($ty, setup);)*
    };
}
tabula::for_each_game!(subjects);
