//! The fast path of random play: drawing a legal action without listing them all.

use super::*;

/// `sample_action` draws the `dice.index(count)`-th action of `nth_move`'s order: exactly
/// uniform when the k-th action for k in 0..count is the k-th listed action, which is checked
/// on every state of random games.
#[test]
fn the_kth_move_is_the_kth_listed_action() {
    let mut states = 0;
    for_each_random_state(CASES, |s| {
        let listed = if s.phase() == Phase::Play {
            legal(s)
        } else {
            Vec::new()
        };
        let (_, n) = s.nth_move(0);
        assert_eq!(n, listed.len());
        let drawn: Vec<Action> = (0..n).filter_map(|k| s.nth_move(k).0).collect();
        assert_eq!(drawn, listed);
        assert_eq!(s.nth_move(n).0, None);
        states += 1;
    });
    assert_eq!(states, CASES);
}

/// `sample_action` (with its shortcuts for a single kind of action) draws exactly the action
/// that listing and picking `legal[dice.index(len)]` gives, and leaves the dice where that
/// pick does: seeded random games are the same either way.
#[test]
fn sampling_is_the_listed_pick() {
    let mut scratch = Vec::new();
    let mut states = 0;
    for_each_random_state(CASES, |s| {
        let Turn::Seat(seat) = s.turn() else {
            return;
        };
        let listed = legal(s);
        for seed in 0..3 {
            let (mut drawn, mut picked) = (Dice::from_seed(seed), Dice::from_seed(seed));
            let a = s.sample_action(seat, &mut drawn, &mut scratch);
            assert_eq!(a, Some(listed[picked.index(listed.len())]));
            assert_eq!(drawn, picked);
        }
        // The usable tile kinds, as the rules read them.
        let mut usable = s
            .uses_left
            .iter()
            .enumerate()
            .fold(0u8, |m, (k, &u)| m | u8::from(u > 0) << k);
        if s.supply[seat.index()] == 0 {
            usable &= 1 << Tile::Barn as u8 | 1 << Tile::Harbor as u8 | 1 << Tile::Paddock as u8;
        }
        assert_eq!(s.usable_tiles(), usable);
        states += 1;
    });
    assert!(states > CASES / 2, "{states} decisions");
}

/// A small position: seat 0 holds a Paddock and may end its turn; every action is drawn
/// with the same frequency.
#[test]
fn sampling_a_small_position_is_uniform() {
    let s = paddock_turn_built();
    let listed = legal(&s);
    assert!(listed.len() >= 3, "{listed:?}");
    let mut dice = Dice::from_seed(5);
    let mut counts = vec![0usize; listed.len()];
    let mut scratch = Vec::new();
    let draws = 2_000 * listed.len();
    for _ in 0..draws {
        let a = s.sample_action(S0, &mut dice, &mut scratch).unwrap();
        counts[listed.iter().position(|l| *l == a).unwrap()] += 1;
    }
    for c in counts {
        assert!((1_800..2_200).contains(&c), "{c} of {draws}");
    }
    assert_eq!(s.sample_action(S1, &mut dice, &mut scratch), None);
}

/// A counted set has the set's number of hexes, and its `k`-th hex is the set's `k`-th, for
/// sets of every density (the board's whole 448 bits among them).
#[test]
fn counted_sets_count_and_find_the_kth_hex() {
    use crate::building::Counted;
    let mut dice = Dice::from_seed(4);
    let mut sets = vec![Cells::EMPTY, Cells::first_n(448), Cells::first_n(64)];
    for k in 0..500 {
        let mut s = Cells::EMPTY;
        for _ in 0..k % 448 {
            s.insert(dice.index(448));
        }
        sets.push(s);
    }
    for s in sets {
        let counted = Counted::of(s);
        assert_eq!(counted.total, s.count());
        for (k, i) in s.iter().enumerate() {
            assert_eq!(counted.nth(k), Some(i), "{k}");
        }
        assert_eq!(counted.nth(s.count()), None);
    }
}
