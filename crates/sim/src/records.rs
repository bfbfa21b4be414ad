//! Per-game data: one [`GameRecord`] per game, with everything the summary's figures come
//! from, so that any of them can be recomputed (or another one computed) without Rust.
//! `simulate --games-out FILE.jsonl` writes them one JSON object per line ([`to_jsonl`]);
//! Python gets them from `tabula.simulate(..., per_game=True)`.

use crate::metrics::{ranks, LegalCounts, RunningScores};
use crate::run::{header, in_pool, keep_first, play, Options, SimError};
use crate::spec::Spec;
use crate::summary::{GameResult, Summary};
use dicecore::{AgentSpec, Game};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::ops::Range;

/// One game of a simulation, as a line of `simulate --games-out`: what was played, how it
/// ended, and the raw per-game ingredients of the chosen metrics (`docs/simulation.md`,
/// "Per-game data", gives every formula from them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct GameRecord {
    /// The game's index in the simulation.
    pub index: u64,
    /// The master seed: with the index, it gives every seed of the game (`dicecore::seeds`).
    pub seed: u64,
    /// `standard` or `variant`, in a comparison's records (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The digest of the game's config: 16 hex digits of the FNV-1a (64 bits) of its JSON as
    /// serde writes it. Two games with the same digest started from the same config.
    pub config: String,
    /// The agent of each seat.
    pub agents: Vec<AgentSpec>,
    /// The seat of the game's first decision (the 1st position in turn order).
    pub first: u8,
    /// Actions applied, chance outcomes included (the length of the game's replay).
    pub length: u64,
    /// Decisions: actions chosen by a seat.
    pub decisions: u64,
    /// Final score per seat.
    pub scores: Vec<i32>,
    /// The winning seats.
    pub winners: Vec<u8>,
    /// Every seat's rank as Ludii ranks it (1 the best, tied seats sharing the mean of their
    /// places: [`crate::metrics::ranks`]).
    pub ranks: Vec<f64>,
    /// The legal-action counts at the decisions, when a chosen metric reads them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<LegalCounts>,
    /// The running-score sums at the decisions, when a chosen metric reads them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<RunningScores>,
}

impl GameRecord {
    /// The record of a finished game of `spec` whose config has the JSON text `config_json`.
    pub(crate) fn of<C>(spec: &Spec<C>, game: &GameResult, config_json: &str) -> GameRecord {
        let observed = game.observed.clone().unwrap_or_default();
        GameRecord {
            index: game.index,
            seed: spec.seed,
            rules: None,
            config: crate::digest::of_text(config_json),
            agents: spec.agents.clone(),
            first: game.first.0,
            length: game.actions,
            decisions: game.decisions,
            scores: game.outcome.scores.clone(),
            winners: game.outcome.winners.iter().map(|s| s.0).collect(),
            ranks: ranks(&game.outcome),
            legal: observed.legal,
            running: observed.running,
        }
    }

    /// The record as one line of JSON (no line break inside).
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Records as JSON Lines: one object per line, each line ending with a line break.
pub fn to_jsonl(records: &[GameRecord]) -> String {
    let mut out = String::new();
    for r in records {
        out.push_str(&r.to_json_line());
        out.push('\n');
    }
    out
}

/// The record of game `index` of `spec`, played.
pub(crate) fn record_of<G: Game>(
    spec: &Spec<G::Config>,
    index: u64,
) -> Result<(GameResult, GameRecord), SimError> {
    let played = play::<G>(spec, index, false)?;
    let config = spec
        .config_of::<G>(index)
        .map_err(|message| SimError::Game { index, message })?;
    let json = serde_json::to_string(&config).unwrap_or_default();
    let record = GameRecord::of(spec, &played.result, &json);
    Ok((played.result, record))
}

/// Plays games `range` of `spec` as [`crate::run`] does and returns their summary with one
/// record per game, in index order. The same spec and range give the same records whatever
/// the threads. Every record's ingredients are those of the spec's chosen metrics (none
/// chosen: the outcome and lengths only).
///
/// ```
/// use tabula_sim::{parse_agents, run, run_records, Options, Spec};
/// use dicecore::pig::Pig;
/// let mut spec = Spec::new(2, 50, 3, parse_agents("random", 2).unwrap());
/// spec.metrics = "LeadChange".parse().unwrap();
/// let (summary, records) = run_records::<Pig>(&spec, 0..50, &Options::default()).unwrap();
/// assert_eq!(summary, run::<Pig>(&spec, 0..50, &Options::default()).unwrap());
/// assert_eq!(records.len(), 50);
/// assert!(records[7].running.is_some() && records[7].legal.is_none());
/// let total: u64 = records.iter().map(|r| r.length).sum();
/// assert_eq!(total, summary.lengths().iter().map(|(l, c)| l * c).sum::<u64>());
/// ```
pub fn run_records<G: Game>(
    spec: &Spec<G::Config>,
    range: Range<u64>,
    options: &Options,
) -> Result<(Summary, Vec<GameRecord>), SimError> {
    spec.check::<G>()?;
    spec.check_range(&range)?;
    let head = header::<G>(spec)?;
    in_pool(options, || {
        spec.check_configs::<G>(&range)?;
        let empty = || {
            (
                Summary::empty(head.clone()).with_metrics(spec.metrics),
                Vec::new(),
                None,
            )
        };
        let (summary, mut records, error) = range
            .clone()
            .into_par_iter()
            .fold(
                empty,
                |(mut summary, mut records, error): (
                    Summary,
                    Vec<GameRecord>,
                    Option<SimError>,
                ),
                 index| {
                    if error.is_some() {
                        return (summary, records, error);
                    }
                    let error = match record_of::<G>(spec, index) {
                        Ok((game, record)) => {
                            summary.record(&game);
                            records.push(record);
                            None
                        }
                        Err(e) => Some(e),
                    };
                    if let Some(p) = options.progress {
                        p.tick();
                    }
                    (summary, records, error)
                },
            )
            .reduce(empty, |a, b| {
                let (mut records, error) = (a.1, keep_first(a.2, b.2));
                records.extend(b.1);
                match a.0.merged(&b.0) {
                    Ok(summary) => (summary, records, error),
                    Err(e) => (a.0, records, keep_first(error, Some(e.into()))),
                }
            });
        if let Some(e) = error {
            return Err(e);
        }
        records.sort_by_key(|r| r.index);
        Ok((summary, records))
    })
}
