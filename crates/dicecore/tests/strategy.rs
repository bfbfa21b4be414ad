//! The proptest strategies of `dicecore::strategy` on Pig: what they draw is what they claim,
//! bad settings are errors when the strategy is built, failures shrink to the simplest failing
//! position of the searched games (checked against a search of every position), and
//! `docs/testing.md` names only the crates its Cargo snippet adds.
use dicecore::pig::{Pig, PigError};
use dicecore::strategy::{self, Plays, Position, StrategyError};
use dicecore::{AgentSpec, FromSetup, Game, Probability, Turn};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{TestCaseResult, TestError, TestRunner};

/// Runs `property` on `strategy` and returns the shrunk counterexample (or panics if the
/// property holds).
fn counterexample<S: Strategy>(
    strategy: &S,
    property: impl Fn(S::Value) -> TestCaseResult,
) -> S::Value {
    // A fixed stream of cases: these tests state where shrinking ends, which depends on the
    // failing case found first (a smaller seed or player count is tried only among games no
    // longer than it).
    let config = strategy::runner_config(64);
    let rng = proptest::test_runner::TestRng::deterministic_rng(config.rng_algorithm);
    let mut runner = TestRunner::new_with_rng(config, rng);
    match runner.run(strategy, property) {
        Err(TestError::Fail(_, value)) => value,
        other => panic!("the property was not refuted: {other:?}"),
    }
}

/// Like [`counterexample`] on proptest's default, random stream of cases.
fn random_counterexample<S: Strategy>(
    strategy: &S,
    property: impl Fn(S::Value) -> TestCaseResult,
) -> S::Value {
    match TestRunner::new(strategy::runner_config(64)).run(strategy, property) {
        Err(TestError::Fail(_, value)) => value,
        other => panic!("the property was not refuted: {other:?}"),
    }
}

#[test]
fn bad_settings_are_errors_when_the_strategy_is_built() {
    let err = Plays::<Pig>::new().seats(1..=3).unwrap_err();
    assert_eq!(
        err,
        StrategyError::Seats {
            game: "pig",
            asked: "1..=3".into(),
            min: 2,
            max: 6
        }
    );
    assert_eq!(
        err.to_string(),
        "pig is played by 2 to 6 players, not 1..=3"
    );
    #[allow(clippy::reversed_empty_ranges)]
    let empty = 4..=3;
    assert!(matches!(
        Plays::<Pig>::new().seats(empty),
        Err(StrategyError::Seats { .. })
    ));
    assert!(Plays::<Pig>::new().seats(6..=7).is_err());
    let err = Plays::<Pig>::new().agent("mcts:10").unwrap_err();
    assert!(matches!(err, StrategyError::Agent(_)), "{err}");
    assert!(err
        .to_string()
        .starts_with("the steering agent: unknown agent 'mcts:10'"));
    assert!(Plays::<Pig>::new().agent("mc:0").is_err());
    let err = Plays::<Pig>::new()
        .configs(|seats, seed| {
            let mut c = Pig::standard_config(seats, seed)?;
            c.target = 0;
            Ok(c)
        })
        .unwrap_err();
    assert_eq!(
        err,
        StrategyError::Config {
            game: "pig",
            seats: 2,
            reason: PigError::Target(0).to_string()
        }
    );
    let ok = Plays::<Pig>::new().seats(3..=3).unwrap().agent("ismcts:4");
    assert_eq!(
        format!("{:?}", ok.unwrap().states()),
        "PlayStrategy { case: \"state\", plays: Plays { game: \"pig\", seats: 3..=3, \
         agent: \"ismcts:4\", max_actions: 2000, shrink_seeds: 24, .. } }"
    );
}

#[test]
fn states_are_reached_by_their_replays_under_the_settings() {
    let plays = Plays::<Pig>::new()
        .seats(3..=4)
        .unwrap()
        .agent("mc:3")
        .unwrap()
        .try_max_actions(40)
        .unwrap();
    let mut runner = TestRunner::new(strategy::runner_config(24));
    runner
        .run(&plays.states(), |p| {
            assert!((3..=4).contains(&p.seats()) && p.state().seats() == p.seats());
            assert_eq!(p.agent(), AgentSpec::MonteCarlo { playouts: 3 });
            assert!(p.history().len() <= 40);
            assert_eq!(p.replay().run().as_ref(), Ok(p.state()));
            assert_eq!(p.config(), p.state().config());
            assert_eq!(
                *p.config(),
                Pig::standard_config(p.seats(), p.seed()).unwrap()
            );
            Ok(())
        })
        .unwrap();
}

#[test]
fn the_same_runner_seed_draws_the_same_case() {
    for agent in ["random", "mc:2", "ismcts:3"] {
        let plays = Plays::<Pig>::new()
            .agent(agent)
            .unwrap()
            .try_max_actions(60)
            .unwrap();
        let draw = || {
            let mut runner = TestRunner::deterministic();
            plays.decisions().new_tree(&mut runner).unwrap().current()
        };
        let (a, b) = (draw(), draw());
        assert_eq!(a.position, b.position, "{agent}");
        assert_eq!(a.action, b.action, "{agent}");
    }
}

#[test]
fn each_strategy_draws_what_it_names() {
    let mut runner = TestRunner::new(strategy::runner_config(48));
    runner
        .run(&strategy::decisions::<Pig>(), |d| {
            let s = d.position.state();
            assert!(matches!(s.turn(), Turn::Seat(_) | Turn::Seats(_)));
            assert_eq!(s.action_seat(&d.action), Some(d.seat));
            assert!(s.apply(&d.action).is_ok());
            Ok(())
        })
        .unwrap();
    runner
        .run(&strategy::illegal_actions::<Pig>(), |case| {
            let s = case.position.state();
            let mut copy = s.clone();
            assert!(copy.apply_in_place(&case.action).is_err());
            assert_eq!(&copy, s);
            Ok(())
        })
        .unwrap();
    runner
        .run(&strategy::chance_nodes::<Pig>(), |node| {
            let s = node.position.state();
            assert_eq!(s.turn(), Turn::Chance);
            assert_eq!(node.outcomes, s.chance_outcomes());
            assert!(node.outcomes.iter().any(|(a, _)| *a == node.outcome));
            let total = Probability::sum(node.outcomes.iter().map(|(_, p)| *p));
            assert_eq!(total, Some(Probability::ONE));
            Ok(())
        })
        .unwrap();
    runner
        .run(&strategy::setups::<Pig>(), |case| {
            let s = case.position.state();
            assert_eq!(Pig::from_setup(s.config(), &case.setup).as_ref(), Ok(s));
            Ok(())
        })
        .unwrap();
}

#[test]
fn failures_shrink_to_fewer_actions_then_fewer_players_then_smaller_seeds() {
    // False as soon as anything happened: the simplest counterexample is one action of the
    // first seed with the fewest players.
    let shrunk: Position<Pig> = counterexample(&strategy::states::<Pig>(), |p| {
        proptest::prop_assert!(p.history().is_empty());
        Ok(())
    });
    assert_eq!(
        (shrunk.history().len(), shrunk.seats(), shrunk.seed()),
        (1, 2, 0)
    );
    // Within the player counts asked for.
    let plays = Plays::<Pig>::new().seats(4..=6).unwrap();
    let shrunk = counterexample(&plays.states(), |p| {
        proptest::prop_assert!(p.history().is_empty());
        Ok(())
    });
    assert_eq!((shrunk.seats(), shrunk.seed()), (4, 0));
}

/// The simplest failing position among the games shrinking searches (player counts
/// `seats`, seeds `0..DEFAULT_SHRINK_SEEDS`, played as `plays` plays them), found by trying
/// every position of every game: `(actions, players, seed)`.
fn simplest_failure(
    plays: &Plays<Pig>,
    seats: std::ops::RangeInclusive<u8>,
    fails: impl Fn(&Pig) -> bool,
) -> Option<(usize, u8, u64)> {
    let mut simplest = None;
    for players in seats {
        for seed in 0..Plays::<Pig>::DEFAULT_SHRINK_SEEDS {
            let game = plays.game(players, seed).unwrap();
            let mut state = Pig::new(&game.config).unwrap();
            let mut first = fails(&state).then_some(0);
            for (i, action) in game.actions.iter().enumerate() {
                if first.is_some() {
                    break;
                }
                state.apply_in_place(action).unwrap();
                first = fails(&state).then_some(i + 1);
            }
            if let Some(len) = first {
                simplest = simplest
                    .min(Some((len, players, seed)))
                    .or(Some((len, players, seed)));
            }
        }
    }
    simplest
}

/// Checks that `shrunk` is the simplest failing position of the searched games (from two
/// players up to `drawn`, the player count of the game proptest drew) and the first failing
/// position of its own game.
fn assert_simplest(shrunk: &Position<Pig>, drawn: u8, fails: impl Fn(&Pig) -> bool + Copy) {
    assert!(fails(shrunk.state()), "{shrunk:?}");
    let expected = simplest_failure(&Plays::new(), 2..=drawn, fails);
    let got = (shrunk.history().len(), shrunk.seats(), shrunk.seed());
    assert_eq!(Some(got), expected, "{shrunk:?}");
    let mut state = Pig::new(shrunk.config()).unwrap();
    for action in shrunk.history() {
        assert!(!fails(&state), "an earlier position fails:\n{shrunk:?}");
        state.apply_in_place(action).unwrap();
    }
}

#[test]
fn a_shrunk_counterexample_is_the_simplest_failing_position_of_the_searched_games() {
    // False in most games, and for good once false: somebody banks 20 points.
    let banks_20 = |s: &Pig| s.scores().iter().any(|&s| s >= 20);
    let shrunk = counterexample(&strategy::states::<Pig>(), |p| {
        proptest::prop_assert!(!banks_20(p.state()));
        Ok(())
    });
    // Every player count up to Pig's largest is searched when the drawn game has 6 players,
    // but no further than the drawn game's: bound the check by the largest count.
    assert_simplest(&shrunk, 6, banks_20);
    // Its report is the replay and the table.
    let report = format!("{shrunk:?}");
    assert!(report.starts_with(&format!(
        "pig after {} actions ({} players, seed {}, every seat played by random)\n",
        shrunk.history().len(),
        shrunk.seats(),
        shrunk.seed()
    )));
    assert!(report.contains(&shrunk.replay_json()));
    assert!(report.ends_with(&shrunk.state().to_string()));
    // A decision shrinks toward the first listed action too.
    let shrunk = counterexample(&strategy::decisions::<Pig>(), |d| {
        proptest::prop_assert!(d.position.state().scores().iter().all(|&s| s < 20));
        Ok(())
    });
    let mut legal = Vec::new();
    shrunk.position.state().legal_actions(&mut legal);
    assert_eq!(shrunk.action, legal[0], "{shrunk:?}");
}

/// Ten points or more at risk: true for a moment in some turns, false again once the turn
/// ends (banked, or lost to a 1).
fn ten_at_risk(state: &Pig) -> bool {
    state.turn_total() >= 10
}

#[test]
fn a_property_broken_only_for_a_moment_shrinks_as_well_as_one_broken_for_good() {
    let plays = Plays::<Pig>::new().seats(2..=2).unwrap();
    let property = |p: Position<Pig>| -> TestCaseResult {
        proptest::prop_assert!(!ten_at_risk(p.state()));
        Ok(())
    };
    // On the fixed stream of cases and on proptest's own, random one.
    for shrunk in [
        counterexample(&plays.states(), property),
        random_counterexample(&plays.states(), property),
    ] {
        assert_simplest(&shrunk, 2, ten_at_risk);
    }
}

#[test]
fn the_same_failure_shrinks_to_the_same_case_whatever_proptest_drew() {
    // The searched games win over the drawn one, so every run of a property that fails in
    // one of them ends at the same case.
    let plays = Plays::<Pig>::new().seats(3..=3).unwrap();
    let property = |p: Position<Pig>| -> TestCaseResult {
        proptest::prop_assert!(p.state().scores().iter().all(|&s| s < 30));
        Ok(())
    };
    let first = random_counterexample(&plays.states(), property);
    for _ in 0..3 {
        assert_eq!(random_counterexample(&plays.states(), property), first);
    }
}

#[test]
fn shrinking_cut_short_by_the_runner_still_ends_at_a_failing_case() {
    // proptest gives up after 8 steps and calls `complicate` until it gets the last failing
    // case back: it must come back at once, without trying every remaining game.
    let config = proptest::test_runner::Config {
        max_shrink_iters: 8,
        ..strategy::runner_config(64)
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&strategy::states::<Pig>(), |p| {
        proptest::prop_assert!(!ten_at_risk(p.state()));
        Ok(())
    });
    let Err(TestError::Fail(_, shrunk)) = result else {
        panic!("not refuted: {result:?}");
    };
    assert!(ten_at_risk(shrunk.state()), "{shrunk:?}");
}

#[test]
fn without_shrink_seeds_the_failing_game_is_kept() {
    let plays = Plays::<Pig>::new().shrink_seeds(0);
    let shrunk = counterexample(&plays.states(), |p| {
        proptest::prop_assert!(p.history().len() < 3);
        Ok(())
    });
    assert_eq!(shrunk.history().len(), 3);
    // The drawn seed is any u64: below 24 once in 2^59 runs.
    assert!(
        shrunk.seed() >= Plays::<Pig>::DEFAULT_SHRINK_SEEDS,
        "{shrunk:?}"
    );
}

#[test]
fn a_cap_or_a_budget_of_zero_is_an_error_not_a_silent_change() {
    let err = Plays::<Pig>::new().try_max_actions(0).unwrap_err();
    assert_eq!(err, StrategyError::MaxActions { game: "pig" });
    assert_eq!(
        err.to_string(),
        "pig games cut after 0 actions would all stop at the start: the cap on a game's length \
         must be at least 1"
    );
    for spec in [
        AgentSpec::MonteCarlo { playouts: 0 },
        AgentSpec::Ismcts { iterations: 0 },
    ] {
        let err = Plays::<Pig>::new().try_agent_spec(spec).unwrap_err();
        assert_eq!(
            err,
            StrategyError::Agent(dicecore::agent::AgentSpecError::Budget(spec.to_string()))
        );
    }
    let plays = Plays::<Pig>::new()
        .try_agent_spec(AgentSpec::Ismcts { iterations: 2 })
        .unwrap()
        .try_max_actions(1)
        .unwrap();
    let mut runner = TestRunner::new(strategy::runner_config(8));
    runner
        .run(&plays.states(), |p| {
            assert!(p.history().len() <= 1);
            Ok(())
        })
        .unwrap();
}

#[test]
#[allow(deprecated)]
fn the_deprecated_setters_keep_a_bad_value_as_the_error_of_what_follows() {
    let zero = Plays::<Pig>::new().max_actions(0);
    assert_eq!(
        zero.clone().seats(2..=3).unwrap_err(),
        StrategyError::MaxActions { game: "pig" }
    );
    assert!(zero.clone().agent("random").is_err());
    assert!(zero
        .find_state(1, |_| true)
        .unwrap_err()
        .contains("0 actions"));
    // A strategy refuses to draw: the run stops at once with the reason.
    let mut runner = TestRunner::new(strategy::runner_config(8));
    let result = runner.run(&zero.states(), |_| Ok(()));
    let Err(TestError::Abort(reason)) = result else {
        panic!("drew a case: {result:?}");
    };
    assert!(reason.to_string().contains("at least 1"), "{reason}");
    let no_budget = Plays::<Pig>::new().agent_spec(AgentSpec::MonteCarlo { playouts: 0 });
    assert!(matches!(
        no_budget.try_max_actions(10),
        Err(StrategyError::Agent(_))
    ));
    // Good values are taken as before.
    let ok = Plays::<Pig>::new()
        .max_actions(7)
        .agent_spec(AgentSpec::MonteCarlo { playouts: 2 });
    assert!(format!("{ok:?}").contains("agent: \"mc:2\", max_actions: 7"));
}

#[test]
fn finished_games_come_with_their_outcome_and_replay() {
    let plays = Plays::<Pig>::new().seats(2..=4).unwrap();
    let mut runner = TestRunner::new(strategy::runner_config(16));
    runner
        .run(&plays.finished(), |end| {
            let state = end.position.state();
            assert_eq!(state.turn(), Turn::Over);
            assert_eq!(state.outcome().as_ref(), Some(&end.outcome));
            assert_eq!(end.position.replay().run().as_ref(), Ok(state));
            Ok(())
        })
        .unwrap();
    // A false property of final scores shrinks to the shortest finished game searched.
    let shrunk = counterexample(&strategy::finished::<Pig>(), |end| {
        proptest::prop_assert!(!end.outcome.winners.contains(dicecore::Seat(0)));
        Ok(())
    });
    assert!(shrunk.outcome.winners.contains(dicecore::Seat(0)));
    assert!(shrunk.position.seed() < Plays::<Pig>::DEFAULT_SHRINK_SEEDS);
    assert!(format!("{shrunk:?}").starts_with("finished with scores "));
    // A cap below every game's length leaves no finished game: a clear error.
    let short = Plays::<Pig>::new().try_max_actions(3).unwrap();
    let result = TestRunner::new(strategy::runner_config(4)).run(&short.finished(), |_| Ok(()));
    let Err(TestError::Abort(reason)) = result else {
        panic!("{result:?}");
    };
    assert!(
        reason
            .to_string()
            .starts_with("no finished game met in 16 games of pig"),
        "{reason}"
    );
}

// `docs/testing.md` is written for a crate of your own: its examples run as doc tests of the
// facade, and the test below checks that every crate their code names is one its Cargo snippet
// adds (`dicecore` with the `testing` feature), so that the snippet and the examples, copied as
// they are, compile outside this workspace.

/// The code blocks of `text` in the language `lang`.
fn blocks<'a>(text: &'a str, lang: &str) -> Vec<&'a str> {
    let fence = format!("```{lang}\n");
    text.split(fence.as_str())
        .skip(1)
        .filter_map(|rest| rest.split("\n```").next())
        .collect()
}

/// The crate a `use` line starts from, for every `use` of `code`.
fn used_crates(code: &str) -> std::collections::BTreeSet<String> {
    code.lines()
        .filter_map(|line| {
            line.trim_start()
                .trim_start_matches("# ")
                .strip_prefix("use ")
        })
        .filter_map(|path| path.split([':', ';']).next())
        .map(|root| root.trim().to_string())
        .filter(|root| !["std", "core", "alloc", "crate", "self", "super"].contains(&root.as_str()))
        .collect()
}

#[test]
fn the_examples_use_only_the_crates_the_cargo_snippet_adds() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/testing.md");
    let text = std::fs::read_to_string(path).unwrap();
    let snippet = blocks(&text, "toml");
    assert_eq!(snippet.len(), 1, "one Cargo snippet");
    let lines: Vec<&str> = snippet[0].lines().collect();
    assert_eq!(lines[0], "[dev-dependencies]");
    let added: std::collections::BTreeSet<String> = lines[1..]
        .iter()
        .filter_map(|l| l.split(" = ").next())
        .map(|name| name.replace('-', "_"))
        .collect();
    let dicecore = lines.iter().find(|l| l.starts_with("dicecore = ")).unwrap();
    assert!(dicecore.contains(r#"features = ["testing"]"#), "{dicecore}");
    let rust = blocks(&text, "rust");
    assert!(rust.len() >= 4, "the examples: {}", rust.len());
    for code in rust {
        let used = used_crates(code);
        assert!(used.contains("dicecore"), "{code}");
        for krate in used {
            assert!(
                added.contains(&krate),
                "{krate} is not in the snippet:\n{code}"
            );
        }
        assert!(
            !code.contains("tabula::"),
            "the facade is not in the snippet:\n{code}"
        );
    }
}
