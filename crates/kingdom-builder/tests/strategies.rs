//! dicecore's proptest strategies on Kingdom Builder: a deliberately false property shrinks to
//! a short game that still breaks it, reported as a replay the `replay` program reads.
use dicecore::strategy::{self, Position};
use dicecore::{Game, Replay, Seat};
use kingdom_builder::board::{meet, neighbours};
use kingdom_builder::State;
use proptest::test_runner::{TestError, TestRunner};

/// Whether some settlement stands next to a castle: false in nearly every real game after a
/// few turns, so "never" is a property proptest refutes quickly.
fn settled_next_to_a_castle(state: &State) -> bool {
    let near_castles = neighbours(&state.board().castles);
    (0..state.seats()).any(|s| meet(&near_castles, &state.settlements(Seat(s))))
}

#[test]
fn a_false_property_shrinks_to_a_short_replayable_game() {
    // A fixed stream of cases, so that where shrinking ends is the same on every run.
    let config = strategy::runner_config(64);
    let rng = proptest::test_runner::TestRng::deterministic_rng(config.rng_algorithm);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let result = runner.run(&strategy::states::<State>(), |position| {
        proptest::prop_assert!(!settled_next_to_a_castle(position.state()));
        Ok(())
    });
    let Err(TestError::Fail(_, shrunk)) = result else {
        panic!("the false property was not refuted: {result:?}");
    };
    let shrunk: Position<State> = shrunk;
    let n = shrunk.history().len();
    assert!(n < 15, "shrunk to {n} actions:\n{shrunk:?}");
    assert_eq!(shrunk.seats(), 2, "{shrunk:?}");
    assert!(shrunk.seed() < strategy::Plays::<State>::DEFAULT_SHRINK_SEEDS);
    // The counterexample still fails, also when read back from its JSON.
    let replay: Replay<State> = serde_json::from_str(&shrunk.replay_json()).unwrap();
    let state = replay.run().unwrap();
    assert_eq!(&state, shrunk.state());
    assert!(settled_next_to_a_castle(&state));
    // One action fewer and it holds: the cut is the first position that breaks it.
    let mut shorter = replay.clone();
    shorter.actions.pop();
    assert!(!settled_next_to_a_castle(&shorter.run().unwrap()));
    // The report shows the replay and the board.
    let report = format!("{shrunk:?}");
    assert!(report.contains(&shrunk.replay_json()), "{report}");
    assert!(report.contains(&state.to_string()), "{report}");
    eprintln!("{report}");
}
