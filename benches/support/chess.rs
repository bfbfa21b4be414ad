//! The benches' anchor timed: random chess games ([`play_random_chess`]) in ns per ply, measured
//! in the same run as the games so that figures from different machines compare as ratios.
//! Include `support/random_chess.rs` beside it as the module `random_chess`.
#![allow(dead_code)]

use super::random_chess::play_random_chess;
use super::timing::{self, Figure};
use tabula::Dice;

/// Random chess: ns per ply (the anchor), printed as a row.
pub fn measure_chess_anchor() -> f64 {
    let mut dice = Dice::from_seed(11);
    let mut plies = 0usize;
    let mut games = 0usize;
    let fig: Figure = timing::measure("chess (shakmaty) random game", 1, || {
        let n = play_random_chess(&mut dice);
        plies += n;
        games += 1;
        n
    });
    let per_ply = fig.ns_per_op / (plies as f64 / games.max(1) as f64).max(1.0);
    println!(
        "| {:<44} | {:>12.1} | {:>14.0} |",
        "chess (shakmaty) ns per ply",
        per_ply,
        1e9 / per_ply
    );
    per_ply
}
