//! Random chess through shakmaty's legal-move generator: the anchor the benches measure in the
//! same run as the games (`chess.rs` times it; the before-and-after driver of
//! `benches/compare.sh` counts its instructions), so that figures from different machines and
//! days compare as ratios.

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
