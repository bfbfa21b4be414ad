//! Ludii's evaluation metrics (`Evaluation/src/metrics` of the Ludii repository), computed
//! from exact, mergeable integer tallies for the metrics a spec chooses ([`crate::Spec::metrics`],
//! a [`MetricSet`] of [`Metric`]s read from Ludii's names).
//!
//! Per game, [`Observer`] watches the decisions of the play loop when a chosen metric needs it:
//! the number of legal actions of the seat asked and every seat's running score
//! ([`dicecore::Game::running_scores`], which stands in for Ludii's state evaluator), each only
//! when a chosen metric reads it. At the end it folds them into [`GameMetrics`], which
//! [`MetricTally`] adds up. Ludii averages per-game ratios; each per-game ratio is kept in
//! fixed point, floored to a multiple of `1 / `[`METRIC_UNIT`], so that sums are integers and
//! any split of the games and any thread count give the same bytes. The formulas are in
//! `docs/simulation.md`, section "Metrics".

mod set;

pub use set::{Metric, MetricError, MetricSet, METRIC_NAMES};

use crate::estimate::{mean_sd, wilson, Z95};
use dicecore::{Game, Outcome, Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// The fixed-point unit of per-game ratios: a per-game value `v` is kept as
/// `floor(v · METRIC_UNIT)`.
pub const METRIC_UNIT: i128 = 1_000_000;

/// Exact sums of one per-game value over the games where it is defined: the count, the sum
/// and the sum of squares (of the fixed-point values, or of plain integers for
/// `DecisivenessThreshold`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sums {
    /// Games where the value is defined.
    pub games: u64,
    /// Sum of the values.
    pub sum: i128,
    /// Sum of their squares.
    pub squares: i128,
}

impl Sums {
    pub(crate) fn add(&mut self, value: Option<i128>) {
        if let Some(v) = value {
            self.games += 1;
            self.sum = self.sum.saturating_add(v);
            self.squares = self.squares.saturating_add(v.saturating_mul(v));
        }
    }

    pub(crate) fn merged(&self, other: &Sums) -> Option<Sums> {
        Some(Sums {
            games: self.games.checked_add(other.games)?,
            sum: self.sum.checked_add(other.sum)?,
            squares: self.squares.checked_add(other.squares)?,
        })
    }

    /// Mean and its 95% normal interval (`mean ± Z95·sd/√n`), divided by `scale`.
    pub(crate) fn mean(&self, scale: f64) -> (Option<f64>, Option<(f64, f64)>) {
        let (mean, sd) = mean_sd(self.games, self.sum, self.squares);
        let mean = mean.map(|m| m / scale);
        let half = sd.map(|sd| Z95 * sd / scale / (self.games as f64).sqrt());
        (mean, mean.zip(half).map(|(m, h)| (m - h, m + h)))
    }
}

/// The metric values of one game (fixed point where Ludii's value is a ratio); `None` where
/// the game does not define the value or the metric was not chosen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameMetrics {
    /// `DecisionMoves` of the game, in units of `1 / METRIC_UNIT` (`None` without decisions).
    pub decision_moves: Option<i128>,
    /// Mean legal actions per decision, in units.
    pub branching_factor: Option<i128>,
    /// Lead changes per decision, in units.
    pub lead_change: Option<i128>,
    /// Sum over seats of the variance of the running score over the decisions, in units.
    pub stability: Option<i128>,
    /// Mean gap between the best running score and the winners' mean, in units.
    pub drama: Option<i128>,
    /// The highest running score a non-winner reached (points; `None` if every seat won).
    pub decisiveness_threshold: Option<i128>,
}

/// The metrics with a value per game, read at its decisions: those of [`Metric::ALL`] from
/// `DecisionMoves` on, in the order of [`GameMetrics::values`].
pub(crate) const PER_GAME: &[Metric] = {
    const ALL: &[Metric] = &Metric::ALL;
    ALL.split_at(Metric::DecisionMoves as usize).1
};

/// What one per-game value of `metric` counts in: [`METRIC_UNIT`] for the per-game ratios, 1
/// for the others (points, actions, a game's 0 or 1).
pub(crate) fn scale(metric: Metric) -> f64 {
    match metric {
        Metric::DecisionMoves
        | Metric::BranchingFactor
        | Metric::LeadChange
        | Metric::Stability
        | Metric::Drama => METRIC_UNIT as f64,
        _ => 1.0,
    }
}

/// The fields of the per-game metrics, in the order of [`PER_GAME`], of a value given as its
/// path with any borrow (`per_game!(&mut self)`): [`GameMetrics`] and [`MetricTally`] name
/// them alike.
macro_rules! per_game {
    ($($value:tt)+) => {
        [
            $($value)+.decision_moves,
            $($value)+.branching_factor,
            $($value)+.lead_change,
            $($value)+.stability,
            $($value)+.drama,
            $($value)+.decisiveness_threshold,
        ]
    };
}

impl GameMetrics {
    /// The per-game values, in the order of [`PER_GAME`].
    pub(crate) fn values(&self) -> [Option<i128>; 6] {
        per_game!(self)
    }

    /// The game's value of `metric`, `None` for a metric without per-game values.
    pub fn value(&self, metric: Metric) -> Option<i128> {
        let i = PER_GAME.iter().position(|&m| m == metric)?;
        self.values()[i]
    }
}

/// Watches one game's decisions for the metrics. Only a simulation whose chosen metrics need
/// the legal actions or the running scores makes one, so plain runs pay nothing; it lists the
/// legal actions, and reads the running scores, only when a chosen metric needs them.
#[derive(Debug)]
pub struct Observer<A> {
    chosen: MetricSet,
    legal_actions: bool,
    running_scores: bool,
    decisions: u64,
    multi: u64,
    legal: u64,
    changes: u64,
    leaders: Option<SeatSet>,
    /// Per seat: sum and sum of squares of the running score, its maximum.
    sums: Vec<(i128, i128, i32)>,
    best_sum: i128,
    scratch: Vec<A>,
}

impl<A> Observer<A> {
    /// An observer of a game of `seats` seats, for the metrics `chosen`.
    pub fn new(seats: u8, chosen: MetricSet) -> Observer<A> {
        Observer {
            chosen,
            legal_actions: chosen.needs_legal_actions(),
            running_scores: chosen.needs_running_scores(),
            decisions: 0,
            multi: 0,
            legal: 0,
            changes: 0,
            leaders: None,
            sums: vec![(0, 0, i32::MIN); seats as usize],
            best_sum: 0,
            scratch: Vec::new(),
        }
    }

    /// Notes a decision of `seat` in `state` (before the action).
    pub fn decision<G: Game<Action = A>>(&mut self, state: &G, seat: Seat) {
        self.decisions += 1;
        if self.legal_actions {
            state.legal_actions_for(seat, &mut self.scratch);
            let n = self.scratch.len() as u64;
            self.legal += n;
            self.multi += (n > 1) as u64;
        }
        if self.running_scores {
            self.scores(&state.running_scores());
        }
    }

    /// Notes the running scores of a decision.
    fn scores(&mut self, scores: &[i32]) {
        let best = scores.iter().copied().max().unwrap_or(0);
        let leaders: SeatSet = (scores.iter().enumerate())
            .filter(|&(_, &x)| x == best)
            .map(|(s, _)| Seat(s as u8))
            .collect();
        // Ludii starts from "no leader", so the first decision counts as a change.
        self.changes += (self.leaders != Some(leaders)) as u64;
        self.leaders = Some(leaders);
        self.best_sum += best as i128;
        for (slot, &x) in self.sums.iter_mut().zip(scores) {
            slot.0 += x as i128;
            slot.1 += (x as i128) * (x as i128);
            slot.2 = slot.2.max(x);
        }
    }

    /// The game's values of the chosen metrics, once it ended with `outcome`.
    pub fn finish(&self, outcome: &Outcome) -> GameMetrics {
        let d = self.decisions as i128;
        if d == 0 {
            return GameMetrics::default();
        }
        let ratio = |num: i128, den: i128| num.saturating_mul(METRIC_UNIT).div_euclid(den);
        let spread: i128 = (self.sums.iter())
            .map(|&(s, q, _)| d.saturating_mul(q).saturating_sub(s.saturating_mul(s)))
            .sum();
        let winners = outcome.winners;
        let k = winners.len() as i128;
        let winners_sum: i128 = winners
            .iter()
            .filter_map(|w| self.sums.get(w.index()))
            .map(|t| t.0)
            .sum();
        let threshold = (self.sums.iter().enumerate())
            .filter(|(s, _)| !winners.contains(Seat(*s as u8)))
            .map(|(_, t)| t.2 as i128)
            .max();
        let keep =
            |metric: Metric, value: Option<i128>| value.filter(|_| self.chosen.contains(metric));
        GameMetrics {
            decision_moves: keep(Metric::DecisionMoves, Some(ratio(self.multi as i128, d))),
            branching_factor: keep(Metric::BranchingFactor, Some(ratio(self.legal as i128, d))),
            lead_change: keep(Metric::LeadChange, Some(ratio(self.changes as i128, d))),
            stability: keep(Metric::Stability, Some(ratio(spread, d * d))),
            drama: keep(
                Metric::Drama,
                (k > 0).then(|| ratio(k * self.best_sum - winners_sum, k * d)),
            ),
            decisiveness_threshold: keep(Metric::DecisivenessThreshold, threshold),
        }
    }
}

/// The exact tally of the chosen metrics over a set of games; merged exactly. The file holds
/// only what the chosen metrics need.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MetricTally {
    /// The metrics chosen (in the file only when not all of them; a file without it chose all).
    #[serde(default = "all_metrics", skip_serializing_if = "MetricSet::is_all")]
    pub chosen: MetricSet,
    /// Per position in turn order: games won by that position alone (empty unless a chosen
    /// metric counts sole wins: `AdvantageP1`, `Balance`, `Completion`, `Drawishness`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sole_wins: Vec<u64>,
    /// Per-game `DecisionMoves` (units), when chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision_moves: Option<Sums>,
    /// Per-game mean legal actions per decision (units), when chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branching_factor: Option<Sums>,
    /// Per-game lead changes per decision (units), when chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead_change: Option<Sums>,
    /// Per-game summed variance of the running scores (units), when chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stability: Option<Sums>,
    /// Per-game drama (units), when chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drama: Option<Sums>,
    /// Per-game highest running score of a non-winner (points), when chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decisiveness_threshold: Option<Sums>,
}

/// The choice of a tally read from a file that does not name one.
fn all_metrics() -> MetricSet {
    MetricSet::ALL
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
    fn slots(&self) -> [&Option<Sums>; 6] {
        per_game!(&self)
    }

    /// The per-game sums, to change.
    fn slots_mut(&mut self) -> [&mut Option<Sums>; 6] {
        per_game!(&mut self)
    }

    /// The exact sums of a chosen metric with per-game values.
    pub fn sums(&self, metric: Metric) -> Option<&Sums> {
        let i = PER_GAME.iter().position(|&m| m == metric)?;
        self.slots()[i].as_ref()
    }

    /// Adds one game: its metrics (`None` when the chosen metrics did not watch its
    /// decisions) and the position in turn order of its sole winner (if any).
    pub(crate) fn add(&mut self, game: Option<&GameMetrics>, sole_winner_position: Option<usize>) {
        if let Some(slot) = sole_winner_position.and_then(|p| self.sole_wins.get_mut(p)) {
            *slot += 1;
        }
        let values = game.map(GameMetrics::values).unwrap_or_default();
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

/// One metric of a summary, ready to show: Ludii's name, the value, its 95% interval when one
/// is computed, and what it means in a line.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct MetricRow {
    /// The metric's name as Ludii spells it (`AdvantageP1`, `LeadChange`, ...).
    pub name: &'static str,
    /// The value (`None` when no game defines it).
    pub value: Option<f64>,
    /// The 95% interval: Wilson for shares of games, normal (mean ± 1.96·sd/√n over games)
    /// for means of per-game values; `None` for Balance and when undefined.
    pub interval: Option<(f64, f64)>,
    /// What it measures, in one line.
    pub meaning: &'static str,
}

/// The chosen metrics of a summary ([`crate::Summary::metrics`]).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Metrics {
    chosen: MetricSet,
    rows: Vec<MetricRow>,
}

impl Metrics {
    /// The chosen metrics of a tally over `games` games whose lengths in actions sum as
    /// `lengths` (over the same games).
    pub(crate) fn of(tally: &MetricTally, games: u64, lengths: &Sums) -> Metrics {
        let share = |count: u64| {
            let value = (games > 0).then(|| count as f64 / games as f64);
            (value, wilson(count as f64, games))
        };
        let sole: u64 = tally.sole_wins.iter().sum();
        let estimate = |metric| match metric {
            Metric::AdvantageP1 => share(tally.sole_wins.first().copied().unwrap_or(0)),
            Metric::Balance => {
                let (hi, lo) = (tally.sole_wins.iter().max(), tally.sole_wins.iter().min());
                let balance = match (hi, lo) {
                    (Some(&hi), Some(&lo)) if games > 0 => {
                        Some(1.0 - (hi - lo) as f64 / games as f64)
                    }
                    _ => None,
                };
                (balance, None)
            }
            Metric::Completion => share(sole),
            Metric::Drawishness => share(games - sole.min(games)),
            Metric::Timeouts => share(0),
            Metric::DurationActions => lengths.mean(1.0),
            Metric::DurationActionsSd => {
                (mean_sd(lengths.games, lengths.sum, lengths.squares).1, None)
            }
            per_game => (tally.sums(per_game)).map_or((None, None), |s| s.mean(scale(per_game))),
        };
        let rows = (tally.chosen.iter())
            .map(|metric| {
                let (value, interval) = estimate(metric);
                MetricRow {
                    name: metric.name(),
                    value,
                    interval,
                    meaning: metric.meaning(),
                }
            })
            .collect();
        Metrics {
            chosen: tally.chosen,
            rows,
        }
    }

    /// The metrics chosen.
    pub fn chosen(&self) -> MetricSet {
        self.chosen
    }

    /// The chosen metrics, in the order of [`METRIC_NAMES`].
    pub fn rows(&self) -> &[MetricRow] {
        &self.rows
    }

    /// The row of the metric named `name`, if chosen.
    pub fn get(&self, name: &str) -> Option<&MetricRow> {
        self.rows.iter().find(|r| r.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::{GameResult, Header, Summary};
    use dicecore::pig::{Pig, PigAction};

    /// A scripted two-seat Pig game to 5 points that seat 1 wins from behind: seat 0 banks 4,
    /// seat 1 then banks 5. Four decisions, each with two legal actions.
    fn scripted() -> GameResult {
        scripted_for(MetricSet::ALL).0
    }

    /// The scripted game observed for the metrics `chosen`, and its observer.
    fn scripted_for(chosen: MetricSet) -> (GameResult, Observer<PigAction>) {
        let mut config = Pig::standard_config(2, 0).unwrap();
        (config.target, config.start) = (5, Seat(0));
        let mut state = Pig::new(&config).unwrap();
        let mut observer = Observer::new(2, chosen);
        let (a, b) = (Seat(0), Seat(1));
        let script = [
            PigAction::Roll(a),
            PigAction::Die(4),
            PigAction::Hold(a),
            PigAction::Roll(b),
            PigAction::Die(5),
            PigAction::Hold(b),
        ];
        for action in &script {
            if let Some(seat) = state.turn().next_seat() {
                observer.decision(&state, seat);
            }
            state.apply_in_place(action).unwrap();
        }
        let outcome = state.outcome().unwrap();
        assert_eq!(outcome.scores, vec![4, 5]);
        let game = GameResult {
            index: 0,
            metrics: Some(observer.finish(&outcome)),
            outcome,
            actions: script.len() as u64,
            first: a,
        };
        (game, observer)
    }

    #[test]
    fn a_scripted_game_gives_the_hand_computed_metrics() {
        let game = scripted();
        let m = game.metrics.clone().unwrap();
        let unit = METRIC_UNIT;
        // Four decisions, all with 2 actions.
        assert_eq!(m.decision_moves, Some(unit));
        assert_eq!(m.branching_factor, Some(2 * unit));
        // Leaders {0, 1}, {0, 1}, {0}, {0}: the first (from "no leader") and the third change.
        assert_eq!(m.lead_change, Some(unit / 2));
        // Seat 0 reads 0, 0, 4, 4 (variance 4), seat 1 reads 0 throughout.
        assert_eq!(m.stability, Some(4 * unit));
        // The best score is 0, 0, 4, 4; the winner, seat 1, has 0 throughout: mean gap 2.
        assert_eq!(m.drama, Some(2 * unit));
        // Seat 0 lost after leading with 4.
        assert_eq!(m.decisiveness_threshold, Some(4));
        let header = Header {
            game: "pig".to_string(),
            players: 2,
            seed: 0,
            agents: vec![dicecore::AgentSpec::Random; 2],
            configs: serde_json::json!("standard"),
            rules: Some(1),
        };
        let mut summary = Summary::empty(header.clone()).with_metrics(MetricSet::ALL);
        summary.record(&game);
        let metrics = summary.metrics().unwrap();
        let value = |name| metrics.get(name).unwrap().value.unwrap();
        // Seat 1 moved second and won alone.
        assert_eq!(value("AdvantageP1"), 0.0);
        assert_eq!(value("Balance"), 0.0);
        assert_eq!(value("Completion"), 1.0);
        assert_eq!(value("Drawishness"), 0.0);
        assert_eq!(value("Timeouts"), 0.0);
        assert_eq!(value("DurationActions"), 6.0);
        assert_eq!(value("LeadChange"), 0.5);
        assert_eq!(value("Stability"), 4.0);
        assert_eq!(value("Drama"), 2.0);
        assert_eq!(value("DecisivenessThreshold"), 4.0);
        let names: Vec<&str> = metrics.rows().iter().map(|r| r.name).collect();
        assert_eq!(names, METRIC_NAMES);
        // A choice shows its metrics alone, with the same values.
        let chosen: MetricSet = "Drama,AdvantageP1".parse().unwrap();
        let mut some = Summary::empty(header).with_metrics(chosen);
        some.record(&game);
        let rows = some.metrics().unwrap();
        let names: Vec<&str> = rows.rows().iter().map(|r| r.name).collect();
        assert_eq!(names, ["AdvantageP1", "Drama"]);
        for row in rows.rows() {
            assert_eq!(Some(row), metrics.get(row.name));
        }
    }

    #[test]
    fn an_observer_reads_only_what_the_chosen_metrics_need() {
        let game = scripted();
        let all = game.metrics.clone().unwrap();
        let replay = |chosen| {
            let (game, observer) = scripted_for(chosen);
            (game.metrics.unwrap(), observer)
        };
        let (legal, observer) = replay(MetricSet::one(Metric::BranchingFactor));
        assert!(observer.legal_actions && !observer.running_scores);
        assert_eq!(legal.branching_factor, all.branching_factor);
        assert_eq!(
            (legal.decision_moves, legal.lead_change, legal.drama),
            (None, None, None)
        );
        let (scores, observer) = replay("Stability,DecisivenessThreshold".parse().unwrap());
        assert!(!observer.legal_actions && observer.running_scores);
        assert_eq!(scores.stability, all.stability);
        assert_eq!(scores.decisiveness_threshold, all.decisiveness_threshold);
        assert_eq!(scores.branching_factor, None);
        for &metric in PER_GAME {
            assert!(metric.needs_legal_actions() || metric.needs_running_scores());
            let (one, _) = replay(MetricSet::one(metric));
            assert_eq!(one.value(metric), all.value(metric), "{metric}");
        }
    }

    #[test]
    fn a_tally_holds_what_its_choice_needs_and_merges_only_with_the_same_choice() {
        let game = scripted();
        let chosen: MetricSet = "DurationActions,Drama".parse().unwrap();
        let mut tally = MetricTally::new(2, chosen);
        assert!(tally.sole_wins.is_empty() && tally.drama.is_some());
        assert!(tally.decision_moves.is_none());
        tally.add(game.metrics.as_ref(), Some(1));
        assert_eq!(tally.sums(Metric::Drama).unwrap().games, 1);
        assert!(tally.fits(2, 1) && !tally.fits(2, 0));
        let json = serde_json::to_string(&tally).unwrap();
        assert_eq!(
            json,
            r#"{"chosen":["DurationActions","Drama"],"drama":{"games":1,"sum":2000000,"squares":4000000000000}}"#
        );
        assert_eq!(serde_json::from_str::<MetricTally>(&json).unwrap(), tally);
        let twice = tally.merged(&tally).unwrap();
        assert_eq!(twice.sums(Metric::Drama).unwrap().games, 2);
        let other = MetricTally::new(2, chosen.with(Metric::Balance));
        assert!(tally.merged(&other).is_none() && !other.fits(3, 0));
        assert!(!MetricTally::new(2, MetricSet::NONE).fits(2, 0));
        // Every metric: the file names no choice, as before choices existed.
        let all = serde_json::to_string(&MetricTally::new(2, MetricSet::ALL)).unwrap();
        assert!(
            all.starts_with(r#"{"sole_wins":[0,0],"decision_moves":{"#),
            "{all}"
        );
    }

    #[test]
    fn sums_give_the_mean_and_its_interval() {
        let mut s = Sums::default();
        for v in [1, 2, 3] {
            s.add(Some(v * METRIC_UNIT));
        }
        s.add(None);
        assert_eq!(s.games, 3);
        let (mean, interval) = s.mean(METRIC_UNIT as f64);
        assert_eq!(mean, Some(2.0));
        let (lo, hi) = interval.unwrap();
        assert!(lo < 2.0 && hi > 2.0 && (hi - 2.0 - (2.0 - lo)).abs() < 1e-9);
    }
}
