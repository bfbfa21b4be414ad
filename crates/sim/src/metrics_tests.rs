//! Every metric against its definition on hand-made game records: three games of three
//! players whose decisions (legal actions, running scores) and outcomes are given, and whose
//! value under each of Ludii's metrics is worked out here from Ludii's source (the files under
//! `Evaluation/src/metrics` of the Ludii repository, `github.com/Ludeme/Ludii`, named at each
//! metric), the running score standing in for Ludii's state evaluator. Our own metrics beside
//! them are worked out from their definitions in `docs/simulation.md`.

use crate::metrics::*;
use crate::summary::{GameResult, Header, Summary};
use dicecore::pig::{Pig, PigAction};
use dicecore::{Game, Outcome, Seat, SeatSet};

/// One hand-made game: who decided first, the legal actions and running scores (seats 0, 1,
/// 2) at each decision, its length in actions, the final scores and the winners.
struct Record {
    first: u8,
    decisions: &'static [(u64, [i32; 3])],
    actions: u64,
    scores: [i32; 3],
    winners: &'static [u8],
}

/// Game A: seat 1 decides first; seat 2 wins alone after a tie-break with seat 1 (both 6).
/// Ranks: seat 2 first, seat 1 second, seat 0 third.
const A: Record = Record {
    first: 1,
    decisions: &[
        (1, [0, 0, 0]),
        (3, [2, 0, 1]),
        (2, [2, 3, 1]),
        (5, [2, 3, 5]),
    ],
    actions: 10,
    scores: [4, 6, 6],
    winners: &[2],
};

/// Game B: seat 0 decides first; seats 0 and 1 share the win (ranks 1.5, 1.5, 3).
const B: Record = Record {
    first: 0,
    decisions: &[(2, [0, 0, 0]), (2, [1, 1, 0]), (2, [1, 3, 2])],
    actions: 7,
    scores: [5, 5, 2],
    winners: &[0, 1],
};

/// Game C: seat 2 decides first; a full draw (every seat ranks 2).
const C: Record = Record {
    first: 2,
    decisions: &[(4, [0, 0, 0]), (1, [0, 0, 0])],
    actions: 5,
    scores: [3, 3, 3],
    winners: &[0, 1, 2],
};

/// The game result of a record, observed for every metric.
fn result(index: u64, r: &Record) -> GameResult {
    let mut observer: Observer<()> = Observer::new(3, MetricSet::ALL);
    for (legal, scores) in r.decisions {
        observer.note(Some(*legal), Some(scores));
    }
    let outcome = Outcome {
        scores: r.scores.to_vec(),
        winners: r.winners.iter().map(|&s| Seat(s)).collect::<SeatSet>(),
    };
    GameResult {
        index,
        metrics: Some(observer.finish(&outcome)),
        observed: Some(observer.observed()),
        outcome,
        actions: r.actions,
        decisions: r.decisions.len() as u64,
        first: Seat(r.first),
    }
}

fn header(players: u8) -> Header {
    Header {
        game: "pig".to_string(),
        players,
        seed: 0,
        agents: vec![dicecore::AgentSpec::Random; players as usize],
        configs: serde_json::json!("standard"),
        rules: Some(1),
    }
}

/// The summary of games A, B and C with every metric.
fn summary() -> Summary {
    let mut summary = Summary::empty(header(3)).with_metrics(MetricSet::ALL);
    for (i, r) in [A, B, C].iter().enumerate() {
        summary.record(&result(i as u64, r));
    }
    summary
}

/// The value of the metric named `name`.
fn value(summary: &Summary, name: &str) -> f64 {
    let metrics = summary.metrics().unwrap();
    metrics.get(name).unwrap().value.unwrap()
}

/// `a` and `b` agree to the fixed point's precision (per-game ratios are floored to
/// `1 / METRIC_UNIT`).
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1.0 / METRIC_UNIT as f64
}

#[test]
fn ludii_ranks_and_utilities() {
    // Core/src/other/RankUtils.java: utility = 1 − (rank − 1)·2/(n − 1); the first mover's
    // (utility + 1)/2 is (n − rank)/(n − 1).
    let ranks: Vec<Vec<f64>> = [A, B, C]
        .iter()
        .map(|r| ranks(&result(0, r).outcome))
        .collect();
    assert_eq!(
        ranks,
        [
            vec![3.0, 2.0, 1.0],
            vec![1.5, 1.5, 3.0],
            vec![2.0, 2.0, 2.0]
        ]
    );
}

#[test]
fn outcome_metrics_are_ludiis() {
    let s = summary();
    // single/outcome/AdvantageP1.java: the mean over trials of (utility of player 1 + 1)/2.
    // The first movers are seat 1 (rank 2: ½), seat 0 (rank 1.5: ¾), seat 2 (rank 2: ½).
    assert!(close(value(&s, "AdvantageP1"), (0.5 + 0.75 + 0.5) / 3.0));
    // single/outcome/Balance.java adds (utility + 1)/2 into an *int* array, so only a whole
    // win (utility 1, a sole winner) counts: positions 0, 1, 2 win 0, 1 (game A's seat 2, one
    // place after its first mover), 0 games of 3; the largest gap is 1/3.
    assert!(close(value(&s, "Balance"), 1.0 - 1.0 / 3.0));
    // single/outcome/Completion.java: trials with a winner (a sole rank 1): game A only.
    assert!(close(value(&s, "Completion"), 1.0 / 3.0));
    // single/outcome/Drawishness.java: trials where every utility is 0 (all ranks equal):
    // game C only; game B's shared win is not a draw.
    assert!(close(value(&s, "Drawishness"), 1.0 / 3.0));
    // single/outcome/Timeouts.java: trials ended by a move or turn limit: none.
    assert_eq!(value(&s, "Timeouts"), 0.0);
    // Ours: the first mover won alone in no game; games without a sole winner: B and C.
    assert_eq!(value(&s, "AdvantageP1Sole"), 0.0);
    assert!(close(value(&s, "DrawishnessShared"), 2.0 / 3.0));
    // A fair game gives AdvantageP1 ½, AdvantageP1Sole the sole-win share over the players.
    let m = s.metrics().unwrap();
    assert_eq!(m.get("AdvantageP1").unwrap().fair, Some(0.5));
    assert!(close(
        m.get("AdvantageP1Sole").unwrap().fair.unwrap(),
        1.0 / 9.0
    ));
}

#[test]
fn duration_and_decision_metrics_are_ludiis() {
    let s = summary();
    // single/duration/DurationMoves.java: the mean of trial.numberRealMoves() (decisions).
    assert_eq!(value(&s, "DurationMoves"), 3.0);
    // Ours: actions, chance outcomes included.
    assert!(close(value(&s, "DurationReplay"), 22.0 / 3.0));
    // single/complexity/DecisionMoves.java: per trial, the share of moves with more than one
    // legal move: A 3/4, B 3/3, C 1/2.
    assert!(close(value(&s, "DecisionMoves"), (0.75 + 1.0 + 0.5) / 3.0));
    // multiple/metrics/BranchingFactor.java, Average (multiple/MultiMetricFramework.java):
    // per trial the mean number of legal moves: A 11/4, B 2, C 5/2.
    assert!(close(
        value(&s, "BranchingFactor"),
        (2.75 + 2.0 + 2.5) / 3.0
    ));
}

#[test]
fn evaluation_metrics_are_ludiis() {
    let s = summary();
    // single/stateEvaluation/LeadChange.java: per trial, the moves before which the set of
    // highest evaluations differs from the one before (starting from the empty set), over
    // the moves. A: {0,1,2}, {0}, {1}, {2}: 4 of 4; B: {0,1,2}, {0,1}, {1}: 3 of 3; C:
    // {0,1,2} twice: 1 of 2.
    assert!(close(value(&s, "LeadChange"), (1.0 + 1.0 + 0.5) / 3.0));
    // single/stateEvaluation/Stability.java: per trial, the sum over players of the
    // population variance of their evaluations. A: 0.75 + 2.25 + 3.6875; B: 2/9 + 14/9 +
    // 8/9; C: 0.
    let stability = ((0.75 + 2.25 + 3.6875) + 24.0 / 9.0) / 3.0;
    assert!((value(&s, "Stability") - stability).abs() < 1e-6);
    // multiple/metrics/Drama.java, Average: per move, the highest evaluation minus the mean of
    // the "highest-ranked players", which Utils.highestRankedPlayers finds from a context set
    // up afresh (the game's start, where every player ranks equal): every player. A: 0, 1, 1,
    // 5/3 over 4 moves; B: 0, 1/3, 1 over 3; C: 0.
    let drama = ((0.0 + 1.0 + 1.0 + 5.0 / 3.0) / 4.0 + (1.0 / 3.0 + 1.0) / 3.0) / 3.0;
    assert!(close(value(&s, "Drama"), drama));
    // single/stateEvaluation/decisiveness/DecisivenessThreshold.java: the highest evaluation of
    // a player outside the highest-ranked ones, from −1: with every player highest-ranked (as
    // for Drama), −1 in every trial.
    assert_eq!(value(&s, "DecisivenessThreshold"), -1.0);
    // Ours, against the eventual winners. DramaWinners: A (winner seat 2) 0, 1, 2, 0 over 4;
    // B (winners 0 and 1) 0, 0, 1 over 3; C 0.
    assert!(close(
        value(&s, "DramaWinners"),
        (0.75 + 1.0 / 3.0 + 0.0) / 3.0
    ));
    // DecisivenessThresholdWinners: A's non-winners reached 3, B's 2; C has none.
    assert_eq!(value(&s, "DecisivenessThresholdWinners"), 2.5);
}

#[test]
fn balance_has_an_interval_and_a_simulated_fair_value() {
    let mut summary = Summary::empty(header(2)).with_metrics(MetricSet::ALL);
    // 40 games of two seats: the first mover wins 22, the second 18.
    for i in 0..40u64 {
        let winner = if i < 22 { 0 } else { 1 };
        let r = Record {
            first: 0,
            decisions: &[(2, [0, 0, 0])],
            actions: 1,
            scores: [0, 0, 0],
            winners: &[],
        };
        let mut g = result(i, &r);
        g.outcome = Outcome {
            scores: vec![1, 0],
            winners: [Seat(winner)].into_iter().collect(),
        };
        g.metrics = None;
        g.observed = None;
        summary.record(&g);
    }
    let m = summary.metrics().unwrap();
    let b = m.get("Balance").unwrap();
    assert!(close(b.value.unwrap(), 0.9));
    // The gap 0.1 ± 1.96·sqrt((0.55 + 0.45 − 0.01)/40): within the noise, so up to 1.
    let (lo, hi) = b.interval.unwrap();
    let half = 1.959_963_984_540_054 * (0.99f64 / 40.0).sqrt();
    assert!((lo - (0.9 - half)).abs() < 1e-6 && hi == 1.0, "{lo} {hi}");
    // A fair game of 40 sole wins: |X − (40 − X)|/40 with X ~ Bin(40, ½), mean about 0.1.
    let fair = b.fair.unwrap();
    assert!((0.84..0.92).contains(&fair), "{fair}");
    let (flo, fhi) = b.fair_range.unwrap();
    assert!(flo < 0.9 && fhi == 1.0);
    // The same summary gives the same figures (seeded), and so does its file.
    assert_eq!(summary.metrics().unwrap(), m);
    let read = Summary::from_json(&summary.to_json()).unwrap();
    assert_eq!(read.metrics().unwrap(), m);
    // The length's deviation has an interval too.
    let sd = m.get("DurationReplaySd").unwrap();
    assert_eq!((sd.value, sd.interval), (Some(0.0), Some((0.0, 0.0))));
}

/// A scripted two-seat Pig game to 5 points that seat 1 wins from behind: seat 0 banks 4,
/// seat 1 then banks 5. Four decisions, each with two legal actions; observed through the
/// real play loop's calls.
fn scripted_for(chosen: MetricSet) -> (GameMetrics, Observed) {
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
    (observer.finish(&outcome), observer.observed())
}

#[test]
fn a_played_game_gives_the_hand_computed_metrics() {
    let (m, observed) = scripted_for(MetricSet::ALL);
    let unit = METRIC_UNIT;
    // Four decisions, all with 2 actions.
    assert_eq!(observed.legal, Some(LegalCounts { multi: 4, total: 8 }));
    assert_eq!(m.decision_moves, Some(unit));
    assert_eq!(m.branching_factor, Some(2 * unit));
    // Leaders {0, 1}, {0, 1}, {0}, {0}: the first (from "no leader") and the third change.
    assert_eq!(m.lead_change, Some(unit / 2));
    // Seat 0 reads 0, 0, 4, 4 (variance 4), seat 1 reads 0 throughout.
    assert_eq!(m.stability, Some(4 * unit));
    // Ludii's Drama: the best score 0, 0, 4, 4 against the mean of both, 0, 0, 2, 2: gap 1.
    assert_eq!(m.drama, Some(unit));
    // Ours: the winner, seat 1, has 0 throughout: mean gap 2.
    assert_eq!(m.drama_winners, Some(2 * unit));
    assert_eq!(m.decisiveness_threshold, Some(-1));
    assert_eq!(m.decisiveness_threshold_winners, Some(4));
}

#[test]
fn an_observer_reads_only_what_the_chosen_metrics_need() {
    let (all, _) = scripted_for(MetricSet::ALL);
    let (legal, observed) = scripted_for(MetricSet::one(Metric::BranchingFactor));
    assert!(observed.legal.is_some() && observed.running.is_none());
    assert_eq!(legal.branching_factor, all.branching_factor);
    assert_eq!(
        (legal.decision_moves, legal.lead_change, legal.drama),
        (None, None, None)
    );
    let (scores, observed) = scripted_for("Stability,DecisivenessThreshold".parse().unwrap());
    assert!(observed.legal.is_none() && observed.running.is_some());
    assert_eq!(scores.stability, all.stability);
    assert_eq!(scores.decisiveness_threshold, all.decisiveness_threshold);
    assert_eq!(scores.branching_factor, None);
    for metric in WATCHED {
        assert!(metric.needs_legal_actions() || metric.needs_running_scores());
        let (one, _) = scripted_for(MetricSet::one(metric));
        assert_eq!(one.value(metric), all.value(metric), "{metric}");
    }
}

#[test]
fn a_tally_holds_what_its_choice_needs_and_merges_only_with_the_same_choice() {
    let game = result(0, &A);
    let chosen: MetricSet = "DurationReplay,Drama".parse().unwrap();
    let mut tally = MetricTally::new(3, chosen);
    assert!(tally.sole_wins.is_empty() && tally.drama.is_some());
    assert!(tally.decision_moves.is_none());
    let played = Played {
        outcome: &game.outcome,
        first: game.first,
        decisions: game.decisions,
        metrics: game.metrics.as_ref(),
    };
    tally.add(played, 3);
    assert_eq!(tally.sums(Metric::Drama).unwrap().games, 1);
    assert!(tally.fits(3, 1) && !tally.fits(3, 0));
    let json = serde_json::to_string(&tally).unwrap();
    assert_eq!(
        json,
        r#"{"chosen":["DurationReplay","Drama"],"drama":{"games":1,"sum":916666,"squares":840276555556}}"#
    );
    assert_eq!(serde_json::from_str::<MetricTally>(&json).unwrap(), tally);
    let twice = tally.merged(&tally).unwrap();
    assert_eq!(twice.sums(Metric::Drama).unwrap().games, 2);
    let other = MetricTally::new(3, chosen.with(Metric::Balance));
    assert!(tally.merged(&other).is_none() && !other.fits(4, 0));
    assert!(!MetricTally::new(2, MetricSet::NONE).fits(2, 0));
    // Every metric: the file names no choice.
    let all = serde_json::to_string(&MetricTally::new(2, MetricSet::ALL)).unwrap();
    assert!(
        all.starts_with(r#"{"sole_wins":[0,0],"p1_credit":{"#),
        "{all}"
    );
}

#[test]
fn a_former_tally_reads_under_the_names_that_compute_what_it_computed() {
    let former: FileTally = serde_json::from_str(
        r#"{"chosen":["AdvantageP1","DurationActions","Drama"],"sole_wins":[3,1],
            "drama":{"games":4,"sum":8,"squares":20}}"#,
    )
    .unwrap();
    let tally = former.read(2).unwrap();
    assert_eq!(
        tally.chosen.to_string(),
        "AdvantageP1Sole,DurationReplay,DramaWinners"
    );
    assert_eq!(tally.sums(Metric::DramaWinners).unwrap().sum, 8);
    assert!(tally.fits(2, 4));
    let unknown: FileTally = serde_json::from_str(r#"{"chosen":["Fun"]}"#).unwrap();
    assert_eq!(unknown.read(2).unwrap_err(), "Fun");
    // The same keys in a file of format 3 mean today's metrics.
    let today: FileTally =
        serde_json::from_str(r#"{"chosen":["Drama"],"drama":{"games":4,"sum":8,"squares":20}}"#)
            .unwrap();
    assert_eq!(today.read(3).unwrap().sums(Metric::Drama).unwrap().sum, 8);
}

#[test]
fn sums_give_the_mean_its_interval_and_p_value() {
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
    assert!(s.p_value().unwrap() < 0.01);
    let zero = Sums {
        games: 5,
        sum: 0,
        squares: 0,
    };
    assert_eq!(zero.p_value(), Some(1.0));
}
