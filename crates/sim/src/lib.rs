//! # tabula-sim
//!
//! Simulation at scale for any [`dicecore::Game`]: many seeded games played in parallel with
//! rayon, tallied into an exact, mergeable [`Summary`].
//!
//! - [`Spec`]: players, number of games, master seed, one [`dicecore::AgentSpec`] per seat,
//!   and the configs ([`Configs::Standard`] per game, one fixed config, or a variant);
//! - [`run`]: plays a range of game indices on all cores (or [`Options::threads`]) and returns
//!   their [`Summary`]; [`play_one`] plays a single game of the spec;
//! - [`seeds`]: how game `i`'s config, dice and agent seeds derive from `(master seed, i)`
//!   alone, so a summary never depends on threads or on how the range is split;
//! - [`Summary`]: exact integers (win shares in units of `1/`[`WIN_UNIT`], score sums and
//!   squares, count maps of scores and lengths), merged exactly by [`Summary::merge`],
//!   shown as a table (`Display`) or canonical JSON ([`Summary::to_json`], read back by
//!   [`Summary::from_json`]); [`Stats`] computes the statistics from the integers;
//! - [`metrics`]: evaluation metrics, those chosen by [`Spec::metrics`] (a [`MetricSet`],
//!   read by name): Ludii's, computing what Ludii's sources compute, and ours beside them,
//!   tallied and shown with intervals and fair values ([`Summary::metrics`]);
//! - [`run_records`]: the summary and one [`GameRecord`] per game, everything its figures
//!   come from ([`to_jsonl`] writes them as JSON Lines);
//! - [`variant`]: rule variants ([`Configs::Variant`]) and their comparison with the standard
//!   configs, paired by game index ([`variant::compare`]), every game's config checked first
//!   ([`Spec::check_configs`]);
//! - [`sweep`]: the same games under several values of one config field;
//! - [`report`]: one self-contained HTML page of a summary, a comparison, a sweep, a ladder,
//!   and of any table or intervals;
//! - [`ladder`]: the skill ladder, each agent against the one below with seats balanced,
//!   intervals paired by game index, and Elo ratings;
//! - [`Simulator`]: all of it for one game behind a trait object ([`Typed`]), for programs
//!   and bindings that pick the game by name.
//!
//! ```
//! use tabula_sim::{parse_agents, run, Options, Spec};
//! use dicecore::pig::Pig;
//!
//! let spec = Spec::new(2, 1_000, 11, parse_agents("mc:8,random", 2).unwrap());
//! let summary = run::<Pig>(&spec, 0..spec.games, &Options::default()).unwrap();
//! println!("{summary}");
//! // Two halves, on one thread each, merge into exactly the same summary.
//! let one = Options::default().threads(1);
//! let mut half = run::<Pig>(&spec, 0..500, &one).unwrap();
//! half.merge(&run::<Pig>(&spec, 500..1_000, &one).unwrap()).unwrap();
//! assert_eq!(half.to_json(), summary.to_json());
//! ```
//!
//! See `docs/simulation.md` for the program, the JSON schema and worked examples.
//!
//! ## Feature flags
//!
//! None.
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]

pub mod bootstrap;
mod detmath;
mod digest;
mod estimate;
mod json;
pub mod ladder;
pub mod metrics;
#[cfg(test)]
mod metrics_tests;
mod overrides;
mod records;
pub mod report;
mod run;
mod sections;
mod simulator;
mod spans;
mod spec;
pub mod stats;
mod summary;
pub mod sweep;
mod table;
pub mod variant;

/// How game `i`'s seeds derive from the master seed: dicecore's [`dicecore::seeds`], the one
/// scheme of every driver, re-exported so that `tabula_sim::seeds` keeps working.
pub use dicecore::seeds;
pub use json::{SummaryError, PLAIN_SUMMARY_FORMAT, SUMMARY_FORMAT};
pub use metrics::{Metric, MetricError, MetricRow, MetricSet, Metrics};
pub use records::{run_records, to_jsonl, GameRecord};
pub use run::{header, play_one, run, Options, Progress, SimError};
pub use simulator::{Simulator, Typed};
pub use spec::{parse_agents, Configs, Spec, SpecError, MAX_PLAYERS};
pub use stats::{FirstPosition, Stats};
pub use summary::{GameResult, Header, MergeError, SeatTally, Summary, WIN_UNIT};

/// The README's example, run as a doc test so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// Plays games `range` of a spec whose fixed config, if any, is given in JSON (the game's
/// `Config` as serde writes it): the entry point of runners that pick the game by name at run
/// time (the facade's `tabula::sim::run_named`, the Python package). [`Simulator::run`] of
/// [`Typed`].
pub fn run_json<G: dicecore::Game>(
    spec: &Spec<serde_json::Value>,
    range: std::ops::Range<u64>,
    options: &Options,
) -> Result<Summary, SimError> {
    Typed::<G>::NEW.run(spec, range, options)
}

/// Compares a rule variant with the standard configs ([`variant::compare`]) for runners that
/// pick the game by name at run time; `spec`'s configs must be [`Configs::Standard`].
pub fn compare_json<G: dicecore::Game>(
    spec: &Spec<serde_json::Value>,
    overrides: &variant::Overrides,
    range: std::ops::Range<u64>,
    options: &Options,
) -> Result<variant::Comparison, SimError> {
    Typed::<G>::NEW.compare(spec, overrides, range, options)
}

/// Whether a variant leaves the standard config of every game of the spec unchanged
/// ([`variant::changes_nothing`]), for runners that pick the game by name; every game's
/// variant config is checked first.
pub fn changes_nothing_json<G: dicecore::Game>(
    spec: &Spec<serde_json::Value>,
    overrides: &variant::Overrides,
) -> Result<bool, SpecError> {
    Ok(Typed::<G>::NEW.changed_configs(spec, overrides, &(0..spec.games))? == 0)
}
