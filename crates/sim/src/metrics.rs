//! Ludii's evaluation metrics (`Evaluation/src/metrics` of the Ludii repository), computed
//! from exact, mergeable integer tallies when a spec asks for them ([`crate::Spec::metrics`]).
//!
//! Per game, [`Observer`] watches the decisions of the play loop: the number of legal actions of
//! the seat asked and every seat's running score ([`dicecore::Game::running_scores`], which
//! stands in for Ludii's state evaluator). At the end it folds them into [`GameMetrics`], which
//! [`MetricTally`] adds up. Ludii averages per-game ratios; each per-game ratio is kept in
//! fixed point, floored to a multiple of `1 / `[`METRIC_UNIT`], so that sums are integers and
//! any split of the games and any thread count give the same bytes. The formulas are in
//! `docs/simulation.md`, section "Metrics".

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

/// The metric values of one game (fixed point where Ludii's value is a ratio).
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

/// Watches one game's decisions for the metrics. Only the simulation with metrics on makes
/// one, so plain runs pay nothing.
#[derive(Debug)]
pub struct Observer<A> {
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
    /// An observer of a game of `seats` seats.
    pub fn new(seats: u8) -> Observer<A> {
        Observer {
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
        state.legal_actions_for(seat, &mut self.scratch);
        let n = self.scratch.len() as u64;
        self.decisions += 1;
        self.legal += n;
        self.multi += (n > 1) as u64;
        let scores = state.running_scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        let leaders: SeatSet = (scores.iter().enumerate())
            .filter(|&(_, &x)| x == best)
            .map(|(s, _)| Seat(s as u8))
            .collect();
        // Ludii starts from "no leader", so the first decision counts as a change.
        self.changes += (self.leaders != Some(leaders)) as u64;
        self.leaders = Some(leaders);
        self.best_sum += best as i128;
        for (slot, &x) in self.sums.iter_mut().zip(&scores) {
            slot.0 += x as i128;
            slot.1 += (x as i128) * (x as i128);
            slot.2 = slot.2.max(x);
        }
    }

    /// The game's metric values, once it ended with `outcome`.
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
        GameMetrics {
            decision_moves: Some(ratio(self.multi as i128, d)),
            branching_factor: Some(ratio(self.legal as i128, d)),
            lead_change: Some(ratio(self.changes as i128, d)),
            stability: Some(ratio(spread, d * d)),
            drama: (k > 0).then(|| ratio(k * self.best_sum - winners_sum, k * d)),
            decisiveness_threshold: threshold,
        }
    }
}

/// The exact tally of the metrics over a set of games; merged exactly.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MetricTally {
    /// Per position in turn order: games won by that position alone.
    pub sole_wins: Vec<u64>,
    /// Per-game `DecisionMoves` (units).
    pub decision_moves: Sums,
    /// Per-game mean legal actions per decision (units).
    pub branching_factor: Sums,
    /// Per-game lead changes per decision (units).
    pub lead_change: Sums,
    /// Per-game summed variance of the running scores (units).
    pub stability: Sums,
    /// Per-game drama (units).
    pub drama: Sums,
    /// Per-game highest running score of a non-winner (points).
    pub decisiveness_threshold: Sums,
}

impl MetricTally {
    /// The empty tally of `players` positions.
    pub fn new(players: u8) -> MetricTally {
        MetricTally {
            sole_wins: vec![0; players as usize],
            ..MetricTally::default()
        }
    }

    /// Adds one game's metrics, with the position in turn order of its sole winner (if any).
    pub(crate) fn add(&mut self, game: &GameMetrics, sole_winner_position: Option<usize>) {
        if let Some(slot) = sole_winner_position.and_then(|p| self.sole_wins.get_mut(p)) {
            *slot += 1;
        }
        self.decision_moves.add(game.decision_moves);
        self.branching_factor.add(game.branching_factor);
        self.lead_change.add(game.lead_change);
        self.stability.add(game.stability);
        self.drama.add(game.drama);
        self.decisiveness_threshold.add(game.decisiveness_threshold);
    }

    /// The sum of two tallies, `None` on overflow or different player counts.
    pub(crate) fn merged(&self, other: &MetricTally) -> Option<MetricTally> {
        if self.sole_wins.len() != other.sole_wins.len() {
            return None;
        }
        let sole_wins = (self.sole_wins.iter().zip(&other.sole_wins))
            .map(|(a, b)| a.checked_add(*b))
            .collect::<Option<Vec<u64>>>()?;
        Some(MetricTally {
            sole_wins,
            decision_moves: self.decision_moves.merged(&other.decision_moves)?,
            branching_factor: self.branching_factor.merged(&other.branching_factor)?,
            lead_change: self.lead_change.merged(&other.lead_change)?,
            stability: self.stability.merged(&other.stability)?,
            drama: self.drama.merged(&other.drama)?,
            decisiveness_threshold: self
                .decisiveness_threshold
                .merged(&other.decisiveness_threshold)?,
        })
    }

    /// Whether the tally fits a summary of `games` games of `players` players.
    pub(crate) fn fits(&self, players: u8, games: u64) -> bool {
        let sums = [
            &self.decision_moves,
            &self.branching_factor,
            &self.lead_change,
            &self.stability,
            &self.drama,
            &self.decisiveness_threshold,
        ];
        self.sole_wins.len() == players as usize
            && self.sole_wins.iter().map(|&w| w as u128).sum::<u128>() <= games as u128
            && sums.iter().all(|s| s.games <= games)
    }
}

/// One metric of a summary, ready to show: Ludii's name, the value, its 95% interval when one
/// is computed, and what it means in a line.
#[derive(Clone, Debug, PartialEq, Serialize)]
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

/// The metrics of a summary ([`crate::Summary::metrics`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Metrics {
    rows: Vec<MetricRow>,
}

/// The names of the metrics, in the order of [`Metrics::rows`].
pub const METRIC_NAMES: [&str; 13] = [
    "AdvantageP1",
    "Balance",
    "Completion",
    "Drawishness",
    "Timeouts",
    "DurationActions",
    "DurationActionsSd",
    "DecisionMoves",
    "BranchingFactor",
    "LeadChange",
    "Stability",
    "Drama",
    "DecisivenessThreshold",
];

impl Metrics {
    /// The metrics of a tally over `games` games with `(n, Σ length, Σ length²)` of their
    /// lengths in actions.
    pub(crate) fn of(tally: &MetricTally, games: u64, lengths: (u64, i128, i128)) -> Metrics {
        let share = |count: u64| {
            let value = (games > 0).then(|| count as f64 / games as f64);
            (value, wilson(count as f64, games))
        };
        let sole: u64 = tally.sole_wins.iter().sum();
        let (first_value, first_interval) = share(tally.sole_wins.first().copied().unwrap_or(0));
        let balance = match (tally.sole_wins.iter().max(), tally.sole_wins.iter().min()) {
            (Some(&hi), Some(&lo)) if games > 0 => Some(1.0 - (hi - lo) as f64 / games as f64),
            _ => None,
        };
        let (completion, completion_interval) = share(sole);
        let (drawish, drawish_interval) = share(games - sole.min(games));
        let (timeouts, timeouts_interval) = share(0);
        let (length_mean, length_sd) = mean_sd(lengths.0, lengths.1, lengths.2);
        let length_interval = length_mean.zip(length_sd).map(|(m, sd)| {
            (
                m - Z95 * sd / (lengths.0 as f64).sqrt(),
                m + Z95 * sd / (lengths.0 as f64).sqrt(),
            )
        });
        let unit = METRIC_UNIT as f64;
        let row = |name, (value, interval), meaning| MetricRow {
            name,
            value,
            interval,
            meaning,
        };
        let rows = vec![
            row(
                "AdvantageP1",
                (first_value, first_interval),
                "share of games won by the first mover alone",
            ),
            row(
                "Balance",
                (balance, None),
                "1 − the largest gap between two positions' sole-win rates",
            ),
            row(
                "Completion",
                (completion, completion_interval),
                "share of games with a sole winner",
            ),
            row(
                "Drawishness",
                (drawish, drawish_interval),
                "share of games without a sole winner (draws and shared wins)",
            ),
            row(
                "Timeouts",
                (timeouts, timeouts_interval),
                "share of games cut off by a move limit (none here: every game ends)",
            ),
            row(
                "DurationActions",
                (length_mean, length_interval),
                "mean game length in actions, chance included",
            ),
            row(
                "DurationActionsSd",
                (length_sd, None),
                "standard deviation of the game length in actions",
            ),
            row(
                "DecisionMoves",
                tally.decision_moves.mean(unit),
                "share of decisions with more than one legal action",
            ),
            row(
                "BranchingFactor",
                tally.branching_factor.mean(unit),
                "mean number of legal actions at a decision",
            ),
            row(
                "LeadChange",
                tally.lead_change.mean(unit),
                "changes of the set of leaders (running score) per decision",
            ),
            row(
                "Stability",
                tally.stability.mean(unit),
                "sum over seats of the variance of the running score over a game",
            ),
            row(
                "Drama",
                tally.drama.mean(unit),
                "mean gap between the best running score and the eventual winners'",
            ),
            row(
                "DecisivenessThreshold",
                tally.decisiveness_threshold.mean(1.0),
                "highest running score reached by a seat that did not win",
            ),
        ];
        Metrics { rows }
    }

    /// Every metric, in the order of [`METRIC_NAMES`].
    pub fn rows(&self) -> &[MetricRow] {
        &self.rows
    }

    /// The row of the metric named `name`.
    pub fn get(&self, name: &str) -> Option<&MetricRow> {
        self.rows.iter().find(|r| r.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::{GameResult, Header, Summary};
    use dicecore::pig::{Pig, PigAction, PigConfig};

    /// A scripted two-seat Pig game to 5 points that seat 1 wins from behind: seat 0 banks 4,
    /// seat 1 then banks 5. Four decisions, each with two legal actions.
    fn scripted() -> GameResult {
        let config = PigConfig {
            seats: 2,
            target: 5,
            start: Seat(0),
        };
        let mut state = Pig::new(&config).unwrap();
        let mut observer = Observer::new(2);
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
        GameResult {
            index: 0,
            metrics: Some(observer.finish(&outcome)),
            outcome,
            actions: script.len() as u64,
            first: a,
        }
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
        let mut summary = Summary::empty(header).with_metrics(true);
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
