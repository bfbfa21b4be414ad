//! dicecore's proptest strategies on Kingdom Builder: a deliberately false property shrinks to
//! a short game that still breaks it, reported as a replay the `replay` program reads.
use dicecore::strategy::{self, Position};
use dicecore::{Game, Replay, Seat};
use kingdom_builder::board::{meet, neighbours};
use kingdom_builder::State;
use proptest::test_runner::{TestError, TestRng, TestRunner};

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

/// Every seat's settlements on the board plus those in its supply make the number it started
/// with: true except while a settlement is lifted by a Barn, Harbor or Paddock and not yet put
/// down again (it is then in neither), so "always conserved" is a property broken only for a
/// moment, in the middle of a move.
fn settlements_conserved(state: &State) -> bool {
    let start = State::new(state.config()).expect("a state's own config");
    (0..state.seats()).map(Seat).all(|seat| {
        state.settlements(seat).count() + usize::from(state.supply(seat))
            == usize::from(start.supply(seat))
    })
}

#[test]
fn a_property_broken_only_mid_move_shrinks_to_a_short_game_of_a_small_seed() {
    let property = |position: Position<State>| {
        proptest::prop_assert!(settlements_conserved(position.state()));
        Ok(())
    };
    // A random cut of a game is mid-move about once in 60 (a few actions in a game of some
    // 300): 1,000 cases miss it about once in 10^7 runs.
    let config = strategy::runner_config(1_000);
    let fixed = TestRng::deterministic_rng(config.rng_algorithm);
    let runs = [
        ("fixed", TestRunner::new_with_rng(config.clone(), fixed)),
        ("random", TestRunner::new(config)),
    ];
    for (stream, mut runner) in runs {
        let result = runner.run(&strategy::states::<State>(), property);
        let Err(TestError::Fail(_, shrunk)) = result else {
            panic!("the false property was not refuted on the {stream} stream: {result:?}");
        };
        let n = shrunk.history().len();
        assert!(
            n <= 70,
            "{stream} stream: shrunk to {n} actions:\n{shrunk:?}"
        );
        assert!(shrunk.seed() <= 25, "{stream} stream:\n{shrunk:?}");
        assert!(shrunk.state().lifted().is_some(), "{shrunk:?}");
        // The first failing position of its game.
        let mut shorter = shrunk.replay().clone();
        while shorter.actions.pop().is_some() {
            assert!(settlements_conserved(&shorter.run().unwrap()), "{shrunk:?}");
        }
    }
}
