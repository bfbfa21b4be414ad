//! The benches' anchor: random chess games through shakmaty's legal-move generator, measured in
//! the same run as the games so that figures from different machines compare as ratios.
#![allow(dead_code)]

use super::timing::{self, Figure};
use shakmaty::{Chess, Position};
use tabula::Dice;

/// Plays one random game of chess from the start: every ply lists the legal moves and plays one
/// chosen uniformly with `dice`, until the game is over or 200 plies pass without a capture or
/// a pawn move (twice the fifty-move rule's count, so every game ends). Returns the plies.
pub fn play_random_chess(dice: &mut Dice) -> usize {
    let mut pos = Chess::default();
    let mut plies = 0;
    loop {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.is_insufficient_material() || pos.halfmoves() >= 200 {
            return plies;
        }
        let m = moves[dice.index(moves.len())];
        pos.play_unchecked(m);
        plies += 1;
    }
}

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
