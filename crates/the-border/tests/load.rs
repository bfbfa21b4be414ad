//! The loader accepts only states that could arise in play: copies of real states with one to
//! three numbers or flags changed are either refused or behave like real states, so every
//! state reached from them by legal play reloads equal through JSON.

use dicecore::conformance::{corrupt, play_out_reloading};
use dicecore::strategy;
use dicecore::Dice;
use proptest::prelude::any;
use proptest::test_runner::{TestCaseError, TestRunner};
use std::cell::Cell;
use the_border::State;

/// States of random games (drawn by `dicecore::strategy`, so a failure shrinks to the
/// shortest game), each corrupted six times: about as many corruptions as the twelve whole
/// games walked before.
#[test]
fn corrupted_states_that_load_play_on_to_states_that_reload() {
    let (loaded, tried) = (Cell::new(0), Cell::new(0));
    let draws = (strategy::states::<State>(), any::<u64>());
    let mut runner = TestRunner::new(strategy::runner_config(2_000));
    runner
        .run(&draws, |(position, seed)| {
            let mut dice = Dice::from_seed(seed);
            let value = serde_json::to_value(position.state()).unwrap();
            for _ in 0..6 {
                tried.set(tried.get() + 1);
                if let Ok(s) = serde_json::from_value::<State>(corrupt(&value, &mut dice)) {
                    loaded.set(loaded.get() + 1);
                    play_out_reloading(&s, &mut dice, 5_000).map_err(|e| {
                        TestCaseError::fail(format!("a corrupted state loaded, then {e}"))
                    })?;
                }
            }
            Ok(())
        })
        .unwrap();
    let (loaded, tried) = (loaded.get(), tried.get());
    println!("{loaded} of {tried} corrupted states loaded and played on");
    assert!(loaded > 0 && loaded < tried, "{loaded} of {tried} loaded");
}

/// State equality is the equality of saved states: along a seeded game of every player count,
/// any two states met are equal exactly when their JSON is, and a state read back from its JSON
/// (which shares nothing with it) is equal to it.
#[test]
fn states_are_equal_exactly_when_their_saved_forms_are() {
    use dicecore::strategy::Plays;
    use dicecore::Game;
    for seats in State::SEATS {
        let game = Plays::<State>::new().game(seats, 3).unwrap();
        let mut state = State::new(&game.config).unwrap();
        let mut met = vec![(state.clone(), serde_json::to_string(&state).unwrap())];
        for action in game.actions.iter().take(200) {
            state.apply_in_place(action).unwrap();
            met.push((state.clone(), serde_json::to_string(&state).unwrap()));
        }
        for (i, (a, a_json)) in met.iter().enumerate() {
            let read: State = serde_json::from_str(a_json).unwrap();
            assert_eq!(&read, a, "{seats} players, state {i} read back");
            for (b, b_json) in &met[..i] {
                assert_eq!(
                    a == b,
                    a_json == b_json,
                    "{seats} players, state {i}:\n{a}\n{b}"
                );
            }
        }
    }
}
