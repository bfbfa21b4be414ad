//! Ludii's ranking of a finished game, and the credit it gives a seat: what Ludii's outcome
//! metrics read through `RankUtils.agentUtilities` (`Core/src/other/RankUtils.java`).

use crate::estimate::WIN_UNIT;
use dicecore::{Outcome, Seat};

/// Twice the rank of every seat (2 for a sole winner), as [`ranks`] defines them: whole
/// numbers, since tied seats take the mean of the places they span.
pub(crate) fn half_ranks(outcome: &Outcome) -> Vec<u32> {
    let n = outcome.scores.len();
    let winners = outcome.winners;
    let won = |s: usize| winners.contains(Seat(s as u8));
    let mut out = vec![0u32; n];
    // Groups of seats that share a place range, best first.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let top: Vec<usize> = (0..n).filter(|&s| won(s)).collect();
    if top.is_empty() {
        groups.push((0..n).collect());
    } else {
        groups.push(top);
        let mut rest: Vec<usize> = (0..n).filter(|&s| !won(s)).collect();
        rest.sort_by_key(|&s| std::cmp::Reverse(outcome.scores[s]));
        for s in rest {
            match groups.last_mut() {
                Some(g)
                    if !g.is_empty() && !won(g[0]) && outcome.scores[g[0]] == outcome.scores[s] =>
                {
                    g.push(s)
                }
                _ => groups.push(vec![s]),
            }
        }
    }
    let mut placed = 0u32;
    for group in groups {
        let size = group.len() as u32;
        for s in group {
            out[s] = 2 * placed + size + 1;
        }
        placed += size;
    }
    out
}

/// Twice the rank of one seat, as [`half_ranks`] gives it, without listing the others.
pub(crate) fn half_rank_of(outcome: &Outcome, seat: usize) -> Option<u32> {
    let n = outcome.scores.len() as u32;
    let score = *outcome.scores.get(seat)?;
    let winners = outcome.winners;
    let k = winners.len() as u32;
    let (above, tied) = if k == 0 {
        (0, n)
    } else if winners.contains(Seat(seat as u8)) {
        (0, k)
    } else {
        let others =
            (outcome.scores.iter().enumerate()).filter(|&(s, _)| !winners.contains(Seat(s as u8)));
        let (mut better, mut equal) = (0u32, 0u32);
        for (_, &x) in others {
            better += (x > score) as u32;
            equal += (x == score) as u32;
        }
        (k + better, equal)
    };
    Some(2 * above + tied + 1)
}

/// The rank of every seat, 1 the best, as Ludii ranks the players of a finished game: the
/// winners share the top places, the other seats follow by final score, and seats that tie
/// share the places they span, each taking their mean (Ludii's `byScore` end,
/// `Core/src/game/rules/end/ByScore.java`: two seats tied for second of four both rank 2.5).
/// With no winner, every seat shares one rank, `(n + 1) / 2`, as Ludii ranks a draw
/// (`Context.computeNextDrawRank`).
///
/// ```
/// use dicecore::{Outcome, Seat, SeatSet};
/// use tabula_sim::metrics::ranks;
/// let outcome = Outcome { scores: vec![10, 30, 20, 20], winners: SeatSet::from_iter([Seat(1)]) };
/// assert_eq!(ranks(&outcome), [4.0, 1.0, 2.5, 2.5]);
/// ```
pub fn ranks(outcome: &Outcome) -> Vec<f64> {
    half_ranks(outcome)
        .into_iter()
        .map(|h| h as f64 / 2.0)
        .collect()
}

/// The position in turn order of a game's sole winner (`None` when several seats, or none,
/// won), the 1st position being the seat `first`, in a table of `players`.
pub(crate) fn sole_winner_position(outcome: &Outcome, first: Seat, players: u8) -> Option<usize> {
    let w = outcome.winners;
    let n = players.max(1) as usize;
    let seat = w.first().filter(|_| w.len() == 1)?;
    Some((seat.index() % n + n - first.index() % n) % n)
}

/// A seat's rank credit in Ludii's outcome metrics, `(utility + 1) / 2 = (n − rank) / (n − 1)`
/// (1 for a sole win, 0 for a sole last place, ½ each when all tie), in units of
/// `1 / WIN_UNIT`: exact, since `2(n − 1)` divides [`WIN_UNIT`] for every table of 2 to 16.
/// `None` for a one-player game (Ludii has no value then).
pub(crate) fn credit_units(half_rank: u32, players: usize) -> Option<u64> {
    let n = players as u64;
    if n < 2 {
        return None;
    }
    let numerator = (2 * n).checked_sub(half_rank as u64)?;
    Some(numerator * (WIN_UNIT / (2 * (n - 1))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicecore::SeatSet;

    fn outcome(scores: &[i32], winners: &[u8]) -> Outcome {
        Outcome {
            scores: scores.to_vec(),
            winners: winners.iter().map(|&s| Seat(s)).collect::<SeatSet>(),
        }
    }

    #[test]
    fn winners_first_then_scores_with_ties_sharing_their_places() {
        // A tie-break left seat 0 out although it scored as much as the winner.
        assert_eq!(ranks(&outcome(&[5, 5, 1], &[1])), [2.0, 1.0, 3.0]);
        assert_eq!(
            ranks(&outcome(&[7, 7, 3, 3], &[0, 1])),
            [1.5, 1.5, 3.5, 3.5]
        );
        assert_eq!(ranks(&outcome(&[2, 2, 2], &[0, 1, 2])), [2.0, 2.0, 2.0]);
        assert_eq!(ranks(&outcome(&[2, 9], &[])), [1.5, 1.5]);
        assert_eq!(ranks(&outcome(&[4], &[0])), [1.0]);
    }

    #[test]
    fn one_seat_ranks_as_among_all() {
        for o in [
            outcome(&[5, 5, 1], &[1]),
            outcome(&[7, 7, 3, 3], &[0, 1]),
            outcome(&[2, 2, 2], &[0, 1, 2]),
            outcome(&[2, 9], &[]),
            outcome(&[9, 1, 4, 4, 0], &[0]),
        ] {
            let all = half_ranks(&o);
            for (s, &h) in all.iter().enumerate() {
                assert_eq!(half_rank_of(&o, s), Some(h), "{o:?} seat {s}");
            }
            assert_eq!(half_rank_of(&o, 9), None);
        }
    }

    #[test]
    fn credits_are_exact_units() {
        let u = WIN_UNIT;
        assert_eq!(credit_units(2, 2), Some(u));
        assert_eq!(credit_units(4, 2), Some(0));
        assert_eq!(credit_units(3, 2), Some(u / 2));
        // Four players: ranks 1, 2, 3, 4 give 1, 2/3, 1/3, 0; rank 2.5 gives 1/2.
        assert_eq!(credit_units(4, 4), Some(2 * u / 3));
        assert_eq!(credit_units(5, 4), Some(u / 2));
        assert_eq!(credit_units(2, 1), None);
        for n in 2..=16usize {
            for h in 2..=2 * n as u32 {
                let c = credit_units(h, n).unwrap() as u128;
                // (2n − h) / (2(n − 1)) exactly.
                assert_eq!(
                    c * 2 * (n as u128 - 1),
                    (2 * n as u128 - h as u128) * u as u128
                );
            }
        }
    }
}
