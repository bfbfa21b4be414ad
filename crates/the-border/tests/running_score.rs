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

/// Along seeded games of every player count: `total_score` is each seat's entry of `scores`
/// (0 off the table); the seats of a simultaneous action 2 are `to_act`, and nobody else is to
/// act; the areas first completed in the action 2 under way (`taken_this_action`) are
/// completed by someone, not yet among the taken areas, and join them when the action 2 ends.
#[test]
fn the_public_tallies_agree_with_the_scores_the_turn_and_the_areas() {
    use the_border::Phase;
    let mut first_completions = 0;
    for seed in 0..12 {
        let config = State::standard_config(2 + (seed % 3) as u8, seed).unwrap();
        let mut state = State::new(&config).unwrap();
        let (mut dice, mut scratch) = (Dice::from_seed(seed), Vec::new());
        loop {
            let scores = state.scores();
            for seat in (0..4).map(Seat) {
                let expected = scores.get(seat.index()).map_or(0, |&s| s as u16);
                assert_eq!(state.total_score(seat), expected, "{seat}\n{state}");
            }
            match state.turn() {
                Turn::Seats(deciding) => assert_eq!(deciding, state.to_act()),
                _ => assert!(state.to_act().is_empty(), "{state}"),
            }
            let now = state.taken_this_action();
            let completed = (0..state.seats()).fold(0, |m, s| m | state.completed(Seat(s)));
            assert_eq!(now & !completed, 0, "{state}");
            assert_eq!(now & state.taken_areas(), 0, "{state}");
            if state.phase() != Phase::Others {
                assert_eq!(now, 0, "{state}");
            }
            first_completions += now.count_ones();
            let action = match state.turn() {
                Turn::Over => break,
                Turn::Chance => state.sample_chance(&mut dice).unwrap(),
                turn => {
                    let seat = turn.next_seat().unwrap_or(Seat(0));
                    state.sample_action(seat, &mut dice, &mut scratch).unwrap()
                }
            };
            let was_others = state.phase() == Phase::Others;
            state.apply_in_place(&action).unwrap();
            if was_others && state.phase() != Phase::Others {
                assert_eq!(state.taken_areas() & now, now, "{state}");
            }
        }
    }
    assert!(
        first_completions > 0,
        "no area was first completed in an action 2"
    );
}
