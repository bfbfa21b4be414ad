//! The Border's running score: the points of the areas completed so far, so it never falls,
//! and it is the final score at the end.

use dicecore::{Dice, Game, Seat, Turn};
use the_border::State;

#[test]
fn the_running_score_only_grows_and_ends_as_the_final_score() {
    for seed in 0..6 {
        let config = State::standard_config(2 + (seed % 3) as u8, seed).unwrap();
        let mut state = State::new(&config).unwrap();
        assert!(state.running_scores().iter().all(|&s| s == 0));
        let (mut dice, mut scratch) = (Dice::from_seed(seed), Vec::new());
        let mut last = state.running_scores();
        while state.turn() != Turn::Over {
            let action = match state.turn() {
                Turn::Chance => state.sample_chance(&mut dice).unwrap(),
                turn => {
                    let seat = turn.next_seat().unwrap_or(Seat(0));
                    state.sample_action(seat, &mut dice, &mut scratch).unwrap()
                }
            };
            state.apply_in_place(&action).unwrap();
            let now = state.running_scores();
            assert!(
                now.iter().zip(&last).all(|(a, b)| a >= b),
                "{last:?} -> {now:?}"
            );
            last = now;
        }
        assert_eq!(last, state.outcome().unwrap().scores);
    }
}
