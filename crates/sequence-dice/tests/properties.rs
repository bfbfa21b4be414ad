//! Property tests: the bit-mask rules agree with plain scans of the board.

use dicecore::strategy::{ChanceNode, PlayStrategy, Plays};
use dicecore::{Game, Seat, Turn};
use proptest::prelude::*;
use sequence_dice::board::{completes_sequence, Cells, ALL, NUMBERS, SIZE};
use sequence_dice::{Action, Config, Space, State};

/// Length of the run of `own` chips through `space` along `(dr, dc)`, by walking the board.
fn run_through(own: Cells, space: usize, dr: i32, dc: i32) -> usize {
    let (r0, c0) = ((space / SIZE) as i32, (space % SIZE) as i32);
    let on = |r: i32, c: i32| {
        (0..SIZE as i32).contains(&r)
            && (0..SIZE as i32).contains(&c)
            && own.contains((r * SIZE as i32 + c) as usize)
    };
    if !on(r0, c0) {
        return 0;
    }
    let mut n = 1;
    for sign in [1, -1] {
        let (mut r, mut c) = (r0 + sign * dr, c0 + sign * dc);
        while on(r, c) {
            n += 1;
            r += sign * dr;
            c += sign * dc;
        }
    }
    n
}

fn scan_completes(own: Cells, space: usize, len: usize) -> bool {
    [(0, 1), (1, 0), (1, 1), (1, -1)]
        .iter()
        .any(|&(dr, dc)| run_through(own, space, dr, dc) >= len)
}

/// The rule for the spaces a roll offers, read off the board space by space.
fn scan_targets(s: &State, roll: u8) -> Vec<usize> {
    let mine = s.config().colour_of(s.to_move());
    let taken_by_other = |i: usize| s.chip_at(Space(i as u8)).is_some_and(|c| c != mine);
    if roll == 10 {
        return (0..36)
            .filter(|&i| taken_by_other(i) && NUMBERS[i] != 2 && NUMBERS[i] != 12)
            .collect();
    }
    if s.supply(mine) == 0 {
        return Vec::new();
    }
    let scope: Vec<usize> = (0..36)
        .filter(|&i| roll == 11 || NUMBERS[i] == roll)
        .collect();
    let free: Vec<usize> = scope
        .iter()
        .copied()
        .filter(|&i| s.chip_at(Space(i as u8)).is_none())
        .collect();
    if free.is_empty() {
        scope.into_iter().filter(|&i| taken_by_other(i)).collect()
    } else {
        free
    }
}

/// The rolls (chance nodes) of random games with 3 to 20 chips per colour and sequences of 5 or
/// of the standard length, both drawn from the game's seed.
fn rolls() -> PlayStrategy<State, ChanceNode<State>> {
    Plays::new()
        .configs(|seats, seed| {
            let standard = Config::with_start(seats, Seat(0))?;
            Ok({
                let mut c = standard;
                c.chips_per_colour = 3 + (seed % 18) as u8;
                c.sequence_length = if seed >> 32 & 1 == 1 {
                    5
                } else {
                    standard.sequence_length
                };
                c
            })
        })
        .expect("every player count has a config")
        .chance_nodes()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn line_masks_agree_with_a_scan(
        words in proptest::collection::vec(any::<u64>(), 1..4),
        space in 0usize..36,
        len in 5u8..=6,
    ) {
        // OR-ing several random words gives dense boards with many lines.
        let own = Cells::from_words([words.iter().fold(0, |a, w| a | w)]) & ALL;
        prop_assert_eq!(
            completes_sequence(own, Space(space as u8), len),
            scan_completes(own, space, len as usize)
        );
    }

    #[test]
    fn offered_spaces_are_the_rule_and_exactly_the_accepted_actions(node in rolls()) {
        let s = node.position.state();
        let seat = s.to_move();
        for roll in 2..=12u8 {
            let expected = scan_targets(s, roll);
            let t: Vec<usize> = s.targets(roll).iter().collect();
            prop_assert_eq!(&t, &expected, "roll {}", roll);
            let after = s.apply(&Action::Roll(roll)).unwrap();
            if expected.is_empty() {
                // Nothing to do: the turn is over already (and the game, at the turn limit).
                prop_assert_eq!(after.turns_played(), s.turns_played() + 1);
                let last = after.turns_played() >= s.config().max_turns;
                prop_assert_eq!(after.turn(), if last { Turn::Over } else { Turn::Chance });
                prop_assert_eq!(after.occupied(), s.occupied());
                continue;
            }
            prop_assert_eq!(after.turn(), Turn::Seat(seat));
            let mut legal = Vec::new();
            after.legal_actions(&mut legal);
            prop_assert_eq!(legal.len(), expected.len());
            for i in 0..40u8 {
                for remove in [false, true] {
                    let a = if remove {
                        Action::Remove { seat, space: Space(i) }
                    } else {
                        Action::Place { seat, space: Space(i) }
                    };
                    let ok = expected.contains(&(i as usize)) && remove == (roll == 10);
                    prop_assert_eq!(after.apply(&a).is_ok(), ok, "{}", a);
                    prop_assert_eq!(legal.contains(&a), ok, "{}", a);
                }
            }
        }
    }
}
