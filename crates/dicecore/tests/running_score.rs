//! Pig's running score: the banked points, never the turn total at risk.

use dicecore::pig::{Pig, PigSetup};
use dicecore::{FromSetup, Game, Seat};

#[test]
fn the_running_score_counts_banked_points_only() {
    let config = Pig::standard_config(2, 0).unwrap();
    let setup = PigSetup {
        scores: vec![40, 95],
        to_move: Seat(1),
        turn_total: 3,
        rolling: false,
    };
    let state = Pig::from_setup(&config, &setup).unwrap();
    assert_eq!(state.running_scores(), vec![40, 95]);
    assert_eq!(Pig::new(&config).unwrap().running_scores(), vec![0, 0]);
}
