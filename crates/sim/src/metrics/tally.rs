//! [`MetricTally`]: the exact, mergeable sums of the chosen metrics over a set of games, and
//! how a tally of an earlier summary format reads (its metrics under the names that compute
//! what they computed).

use super::observer::WATCHED;
use super::ranking::sole_winner_position;
use super::ranking::{credit_units, half_rank_of};
use super::{GameMetrics, Metric, MetricSet, Sums};
use dicecore::{Outcome, Seat};
use serde::{Deserialize, Serialize};

/// The metrics with a value per game that the tally sums: `AdvantageP1` (the first mover's
/// rank credit), `DurationMoves` (decisions), then those read at decisions ([`WATCHED`]), in
/// the order of [`MetricTally`]'s slots.
pub(crate) const PER_GAME: [Metric; 10] = [
    Metric::AdvantageP1,
    Metric::DurationMoves,
    WATCHED[0],
    WATCHED[1],
    WATCHED[2],
    WATCHED[3],
    WATCHED[4],
    WATCHED[5],
    WATCHED[6],
    WATCHED[7],
];

/// The exact tally of the chosen metrics over a set of games; merged exactly. The file holds
/// only what the chosen metrics need.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct MetricTally {
    /// The metrics chosen (in the file only when not all of them; a file without it chose all).
    #[serde(default = "all_metrics", skip_serializing_if = "MetricSet::is_all")]
    pub chosen: MetricSet,
    /// Per position in turn order: games won by that position alone (empty unless a chosen
    /// metric counts sole wins: `AdvantageP1Sole`, `Balance`, `Completion`,
    /// `DrawishnessShared`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sole_wins: Vec<u64>,
    /// Per game, the first mover's rank credit, in units of `1 / WIN_UNIT` (`AdvantageP1`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p1_credit: Option<Sums>,
    /// Per game, its decisions (`DurationMoves`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decisions: Option<Sums>,
    /// Per-game `DecisionMoves` (units of `1 / METRIC_UNIT`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision_moves: Option<Sums>,
    /// Per-game mean legal actions per decision (units).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branching_factor: Option<Sums>,
    /// Per-game lead changes per decision (units).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead_change: Option<Sums>,
    /// Per-game summed variance of the running scores (units).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stability: Option<Sums>,
    /// Per-game Ludii `Drama` (units).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drama: Option<Sums>,
    /// Per-game `DramaWinners` (units).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drama_winners: Option<Sums>,
    /// Per-game Ludii `DecisivenessThreshold` (points).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decisiveness_threshold: Option<Sums>,
    /// Per-game highest running score of a non-winner (points).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decisiveness_threshold_winners: Option<Sums>,
}

/// The choice of a tally read from a file that does not name one.
fn all_metrics() -> MetricSet {
    MetricSet::ALL
}

/// The fields of the per-game sums, in the order of [`PER_GAME`], of a tally given as its
/// path with any borrow (`slots!(&mut self)`).
macro_rules! slots {
    ($($tally:tt)+) => {
        [
            $($tally)+.p1_credit,
            $($tally)+.decisions,
            $($tally)+.decision_moves,
            $($tally)+.branching_factor,
            $($tally)+.lead_change,
            $($tally)+.stability,
            $($tally)+.drama,
            $($tally)+.drama_winners,
            $($tally)+.decisiveness_threshold,
            $($tally)+.decisiveness_threshold_winners,
        ]
    };
}

/// What the tally reads of one finished game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Played<'a> {
    /// Scores and winners.
    pub outcome: &'a Outcome,
    /// The seat of its first decision.
    pub first: Seat,
    /// Its decisions.
    pub decisions: u64,
    /// Its values of the metrics read at decisions, when watched.
    pub metrics: Option<&'a GameMetrics>,
}

/// One game's values of the metrics of [`PER_GAME`] that are `chosen` (`None` where
/// undefined or not chosen).
pub(crate) fn per_game_values(game: Played, players: u8, chosen: MetricSet) -> [Option<i128>; 10] {
    let mut out = [None; 10];
    if chosen.contains(Metric::AdvantageP1) {
        out[0] = half_rank_of(game.outcome, game.first.index())
            .and_then(|h| credit_units(h, players as usize))
            .map(|c| c as i128);
    }
    out[1] = Some(game.decisions as i128);
    if let Some(m) = game.metrics {
        out[2..].copy_from_slice(&m.values());
    }
    out
}

impl MetricTally {
    /// The empty tally of the metrics `chosen` over games of `players` positions.
    pub fn new(players: u8, chosen: MetricSet) -> MetricTally {
        let mut tally = MetricTally {
            chosen,
            ..MetricTally::default()
        };
        if chosen.needs_sole_wins() {
            tally.sole_wins = vec![0; players as usize];
        }
        for (&metric, slot) in PER_GAME.iter().zip(tally.slots_mut()) {
            *slot = chosen.contains(metric).then(Sums::default);
        }
        tally
    }

    /// The per-game sums, in the order of [`PER_GAME`].
    fn slots(&self) -> [&Option<Sums>; 10] {
        slots!(&self)
    }

    /// The per-game sums, to change.
    fn slots_mut(&mut self) -> [&mut Option<Sums>; 10] {
        slots!(&mut self)
    }

    /// The exact sums of a chosen metric with per-game values.
    pub fn sums(&self, metric: Metric) -> Option<&Sums> {
        let i = PER_GAME.iter().position(|&m| m == metric)?;
        self.slots()[i].as_ref()
    }

    /// Adds one game of `players` positions.
    pub(crate) fn add(&mut self, game: Played, players: u8) {
        let sole = sole_winner_position(game.outcome, game.first, players);
        if let Some(slot) = sole.and_then(|p| self.sole_wins.get_mut(p)) {
            *slot += 1;
        }
        let values = per_game_values(game, players, self.chosen);
        for (slot, value) in self.slots_mut().into_iter().zip(values) {
            if let Some(sums) = slot {
                sums.add(value);
            }
        }
    }

    /// The sum of two tallies, `None` on overflow, different choices or player counts.
    pub(crate) fn merged(&self, other: &MetricTally) -> Option<MetricTally> {
        if self.chosen != other.chosen || self.sole_wins.len() != other.sole_wins.len() {
            return None;
        }
        let mut out = self.clone();
        out.sole_wins = (self.sole_wins.iter().zip(&other.sole_wins))
            .map(|(a, b)| a.checked_add(*b))
            .collect::<Option<Vec<u64>>>()?;
        for (slot, theirs) in out.slots_mut().into_iter().zip(other.slots()) {
            *slot = match (&*slot, theirs) {
                (Some(a), Some(b)) => Some(a.merged(b)?),
                (None, None) => None,
                _ => return None,
            };
        }
        Some(out)
    }

    /// Whether the tally fits a summary of `games` games of `players` players: a choice of at
    /// least one metric, and exactly the tallies it needs.
    pub(crate) fn fits(&self, players: u8, games: u64) -> bool {
        let positions = if self.chosen.needs_sole_wins() {
            players as usize
        } else {
            0
        };
        !self.chosen.is_empty()
            && self.sole_wins.len() == positions
            && self.sole_wins.iter().map(|&w| w as u128).sum::<u128>() <= games as u128
            && (PER_GAME.iter().zip(self.slots())).all(|(&m, slot)| {
                slot.is_some() == self.chosen.contains(m) && slot.is_none_or(|s| s.games <= games)
            })
    }
}

/// A tally as a summary file holds it, of any format: the keys of format 3
/// ([`MetricTally`]) and those of format 2, read as plain data and then interpreted by the
/// file's format ([`FileTally::read`]). Format 2 files were written before the metrics
/// followed Ludii's current sources: their `AdvantageP1`, `Drawishness`, `DurationActions`,
/// `DurationActionsSd`, `Drama` and `DecisivenessThreshold` were what
/// [`Metric::AdvantageP1Sole`], [`Metric::DrawishnessShared`], [`Metric::DurationReplay`],
/// [`Metric::DurationReplaySd`], [`Metric::DramaWinners`] and
/// [`Metric::DecisivenessThresholdWinners`] compute now.
#[derive(Default, Deserialize)]
pub(crate) struct FileTally {
    #[serde(default)]
    chosen: Option<Vec<String>>,
    #[serde(default)]
    sole_wins: Vec<u64>,
    #[serde(default)]
    p1_credit: Option<Sums>,
    #[serde(default)]
    decisions: Option<Sums>,
    #[serde(default)]
    decision_moves: Option<Sums>,
    #[serde(default)]
    branching_factor: Option<Sums>,
    #[serde(default)]
    lead_change: Option<Sums>,
    #[serde(default)]
    stability: Option<Sums>,
    #[serde(default)]
    drama: Option<Sums>,
    #[serde(default)]
    drama_winners: Option<Sums>,
    #[serde(default)]
    decisiveness_threshold: Option<Sums>,
    #[serde(default)]
    decisiveness_threshold_winners: Option<Sums>,
}

/// The metrics of format 2, in its order (a file without `chosen` chose them all).
const FORMER: [(&str, Metric); 13] = [
    ("AdvantageP1", Metric::AdvantageP1Sole),
    ("Balance", Metric::Balance),
    ("Completion", Metric::Completion),
    ("Drawishness", Metric::DrawishnessShared),
    ("Timeouts", Metric::Timeouts),
    ("DurationActions", Metric::DurationReplay),
    ("DurationActionsSd", Metric::DurationReplaySd),
    ("DecisionMoves", Metric::DecisionMoves),
    ("BranchingFactor", Metric::BranchingFactor),
    ("LeadChange", Metric::LeadChange),
    ("Stability", Metric::Stability),
    ("Drama", Metric::DramaWinners),
    (
        "DecisivenessThreshold",
        Metric::DecisivenessThresholdWinners,
    ),
];

impl FileTally {
    /// The tally of a file of summary format `format`, or the name of a metric it does not
    /// know.
    pub(crate) fn read(self, format: u32) -> Result<MetricTally, String> {
        if format >= 3 {
            let chosen = match &self.chosen {
                None => MetricSet::ALL,
                Some(names) => (names.iter())
                    .map(|n| n.parse::<Metric>().map_err(|_| n.clone()))
                    .collect::<Result<MetricSet, String>>()?,
            };
            return Ok(MetricTally {
                chosen,
                sole_wins: self.sole_wins,
                p1_credit: self.p1_credit,
                decisions: self.decisions,
                decision_moves: self.decision_moves,
                branching_factor: self.branching_factor,
                lead_change: self.lead_change,
                stability: self.stability,
                drama: self.drama,
                drama_winners: self.drama_winners,
                decisiveness_threshold: self.decisiveness_threshold,
                decisiveness_threshold_winners: self.decisiveness_threshold_winners,
            });
        }
        let names = self
            .chosen
            .unwrap_or_else(|| FORMER.iter().map(|(n, _)| n.to_string()).collect());
        let chosen = (names.iter())
            .map(|name| {
                (FORMER.iter())
                    .find(|(old, _)| old == name)
                    .map(|&(_, m)| m)
                    .ok_or_else(|| name.clone())
            })
            .collect::<Result<MetricSet, String>>()?;
        Ok(MetricTally {
            chosen,
            sole_wins: self.sole_wins,
            decision_moves: self.decision_moves,
            branching_factor: self.branching_factor,
            lead_change: self.lead_change,
            stability: self.stability,
            drama_winners: self.drama,
            decisiveness_threshold_winners: self.decisiveness_threshold,
            ..MetricTally::default()
        })
    }
}
