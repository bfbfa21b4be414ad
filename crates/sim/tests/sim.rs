//! The simulation library on Pig (fast): games equal `Match`'s, errors, the summary file's
//! round trip and the checks of its loader.

use dicecore::pig::Pig;
use dicecore::{Agent, Game, Match};
use tabula_sim::seeds::Stream;
use tabula_sim::*;

fn spec(players: u8, games: u64, agents: &str) -> Spec<<Pig as Game>::Config> {
    Spec::new(players, games, 7, parse_agents(agents, players).unwrap())
}

fn summary(players: u8, games: u64, agents: &str) -> Summary {
    run::<Pig>(&spec(players, games, agents), 0..games, &Options::default()).unwrap()
}

#[test]
fn the_first_mover_is_the_start_of_the_turn_order() {
    let spec = spec(4, 40, "random");
    let firsts: std::collections::BTreeSet<u8> = (0..40)
        .map(|i| play_one::<Pig>(&spec, i).unwrap().first.0)
        .collect();
    assert_eq!(firsts.len(), 4, "standard configs draw the start player");
    for i in 0..10 {
        let game = play_one::<Pig>(&spec, i).unwrap();
        let state = Pig::new(&spec.config_of::<Pig>(i).unwrap()).unwrap();
        let mut at = state;
        let mut dice = dicecore::Dice::from_seed(0);
        while at.turn() == dicecore::Turn::Chance {
            let roll = at.sample_chance(&mut dice).unwrap();
            at.apply_in_place(&roll).unwrap();
        }
        assert_eq!(at.turn().next_seat(), Some(game.first));
    }
}

#[test]
fn a_game_is_the_match_of_its_seeds() {
    let spec = spec(3, 20, "random,mc:3,random");
    for index in [0, 5, 19] {
        let game = play_one::<Pig>(&spec, index).unwrap();
        let config = spec.config_of::<Pig>(index).unwrap();
        let mut m: Match<Pig> = Match::new(config, spec.seed_of(index, Stream::Dice)).unwrap();
        let mut agents: Vec<Box<dyn Agent<Pig>>> = spec
            .agents_of::<Pig>(index)
            .into_iter()
            .map(|a| a as Box<dyn Agent<Pig>>)
            .collect();
        m.play_out(&mut agents, 1_000_000).unwrap();
        assert_eq!(m.state().outcome(), Some(game.outcome));
        assert_eq!(m.log().len() as u64, game.actions);
    }
}

#[test]
fn a_fixed_config_plays_every_game_from_it() {
    let config = Pig::standard_config(2, 3).unwrap();
    let fixed = spec(2, 30, "random").with_fixed_config(config.clone());
    assert_eq!(fixed.config_of::<Pig>(17).unwrap(), config);
    let s = run::<Pig>(&fixed, 0..30, &Options::default()).unwrap();
    assert_eq!(
        s.header().configs["fixed"],
        serde_json::to_value(&config).unwrap()
    );
    let json = spec(2, 30, "random").with_fixed_config(serde_json::to_value(&config).unwrap());
    assert_eq!(
        run_json::<Pig>(&json, 0..30, &Options::default()).unwrap(),
        s
    );
    let bad = json
        .clone()
        .with_fixed_config(serde_json::json!({"seats": "two"}));
    assert!(matches!(
        run_json::<Pig>(&bad, 0..30, &Options::default()),
        Err(SimError::Spec(SpecError::Config(_)))
    ));
}

#[test]
fn bad_specs_are_refused() {
    let opts = Options::default();
    let too_many = spec(7, 10, "random");
    assert!(matches!(
        run::<Pig>(&too_many, 0..10, &opts),
        Err(SimError::Spec(SpecError::Players { players: 7, .. }))
    ));
    let mut short = spec(3, 10, "random");
    short.agents.pop();
    assert!(matches!(
        run::<Pig>(&short, 0..10, &opts),
        Err(SimError::Spec(SpecError::Agents { agents: 2, .. }))
    ));
    assert!(matches!(
        run::<Pig>(&spec(2, 10, "random"), 5..11, &opts),
        Err(SimError::Spec(SpecError::Range { end: 11, .. }))
    ));
    assert!(matches!(
        parse_agents("random,mcts", 2),
        Err(SpecError::Agent(_))
    ));
    let zero = opts.threads(0);
    assert!(run::<Pig>(&spec(2, 4, "random"), 0..4, &zero).is_ok());
}

#[test]
fn the_error_is_that_of_the_lowest_failing_game_whatever_the_threads() {
    let mut short = spec(2, 64, "random");
    short.max_actions = 150;
    let failing: Vec<u64> = (0..64)
        .filter(|&i| play_one::<Pig>(&short, i).is_err())
        .collect();
    assert!(failing.len() >= 2, "{failing:?}");
    for threads in [1, 2, 3] {
        let opts = Options::default().threads(threads);
        let err = run::<Pig>(&short, 0..64, &opts).unwrap_err();
        assert_eq!(
            err,
            SimError::TooLong {
                index: failing[0],
                max_actions: 150
            }
        );
    }
}

#[test]
fn progress_counts_every_game() {
    let progress = Progress::new();
    let opts = Options::default().threads(2).progress(&progress);
    run::<Pig>(&spec(2, 50, "random"), 10..50, &opts).unwrap();
    assert_eq!(progress.done(), 40);
}

#[test]
fn tallies_add_up() {
    let s = summary(4, 300, "random");
    assert_eq!(s.games(), 300);
    assert_eq!(s.indices(), &[(0, 300)]);
    let units: u64 = s.seats().iter().map(|t| t.win_units).sum();
    assert_eq!(units, (300 - s.no_winner()) * WIN_UNIT);
    for t in s.seats() {
        assert_eq!(t.scores.values().sum::<u64>(), 300);
        let sum: i128 = t.scores.iter().map(|(&k, &c)| k as i128 * c as i128).sum();
        assert_eq!(sum, t.score_sum);
    }
    assert_eq!(s.lengths().values().sum::<u64>(), 300);
    // Positions in turn order hold the same results, rearranged.
    let units: u64 = s.positions().iter().map(|t| t.win_units).sum();
    assert_eq!(units, (300 - s.no_winner()) * WIN_UNIT);
    let total = |ts: &[SeatTally]| ts.iter().map(|t| t.score_sum).sum::<i128>();
    assert_eq!(total(s.positions()), total(s.seats()));
    assert_ne!(
        s.positions(),
        s.seats(),
        "the start player is drawn per game"
    );
    let stats = Stats::of(&s);
    let rates: f64 = stats.seats.iter().map(|st| st.win_rate.unwrap()).sum();
    assert!((rates - 1.0).abs() < 1e-12);
    for st in &stats.seats {
        let (low, high) = st.win_rate_interval.unwrap();
        assert!(low <= st.win_rate.unwrap() && st.win_rate.unwrap() <= high);
    }
    let table = s.to_string();
    assert!(
        table.contains("pig · 4 players · 300 games · seed 7"),
        "{table}"
    );
    assert_eq!(table.lines().filter(|l| l.contains("random")).count(), 4);
}

#[test]
fn the_empty_summary_shows_no_statistics() {
    let s = run::<Pig>(&spec(2, 10, "random"), 3..3, &Options::default()).unwrap();
    assert_eq!(s.games(), 0);
    let json = s.to_json();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v["seats"][0]["win_rate"].is_null());
    assert!(v["length"]["mean"].is_null());
    assert_eq!(Summary::from_json(&json).unwrap(), s);
    assert!(s.to_string().contains("game length (actions): -"));
}

#[test]
fn merging_refuses_other_simulations_and_repeated_games() {
    let a = summary(2, 10, "random");
    let other_seed = run::<Pig>(
        &{
            let mut c = spec(2, 10, "random");
            c.seed = 8;
            c
        },
        0..10,
        &Options::default(),
    )
    .unwrap();
    assert_eq!(
        a.merged(&other_seed),
        Err(MergeError::Different("master seeds"))
    );
    assert_eq!(
        a.merged(&summary(2, 10, "mc:2")),
        Err(MergeError::Different("agents"))
    );
    assert_eq!(a.merged(&a), Err(MergeError::Overlap(0)));
    let mut b = a.clone();
    assert!(b.merge(&a).is_err());
    assert_eq!(b, a, "a refused merge changes nothing");
}

#[test]
fn the_summary_file_round_trips_and_its_loader_checks_it() {
    let s = summary(3, 200, "random,mc:2,random");
    let json = s.to_json();
    assert!(json.ends_with("}\n"));
    assert_eq!(Summary::from_json(&json).unwrap(), s);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let refused = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut w = v.clone();
        edit(&mut w);
        Summary::from_json(&w.to_string()).unwrap_err()
    };
    assert_eq!(
        refused(&|w| w["format"] = 4.into()),
        SummaryError::Format(4)
    );
    assert_eq!(
        refused(&|w| w["format"] = 0.into()),
        SummaryError::Format(0)
    );
    assert_eq!(
        refused(&|w| w["exact"]["win_unit"] = 2.into()),
        SummaryError::WinUnit(2)
    );
    assert!(matches!(
        refused(&|w| w["games"] = 201.into()),
        SummaryError::Count { .. }
    ));
    assert!(matches!(
        refused(&|w| w["exact"]["seats"][1]["score_sum"] = 1.into()),
        SummaryError::Sum(_)
    ));
    assert!(matches!(
        refused(&|w| w["exact"]["seats"][0]["win_units"] = 0.into()),
        SummaryError::Sum(_)
    ));
    assert!(matches!(
        refused(&|w| w["exact"]["indices"] = serde_json::json!([[0, 100], [100, 200]])),
        SummaryError::Indices(1)
    ));
    assert!(matches!(
        refused(&|w| w["agents"] = serde_json::json!(["random"])),
        SummaryError::Seats { .. }
    ));
    assert!(matches!(
        refused(&|w| w["agents"][0] = "mcts".into()),
        SummaryError::Json(_)
    ));
    assert!(matches!(
        refused(&|w| w["configs"] = "mine".into()),
        SummaryError::Configs
    ));
    assert!(matches!(
        refused(&|w| w["outcomes"]["draws"] = 1.into()),
        SummaryError::Sum(_)
    ));
    // Positions swapped with each other stay consistent; a position's scores moved to other
    // values (sums kept consistent) no longer match the seats'.
    let mut w = v.clone();
    let p = w["exact"]["positions"].as_array_mut().unwrap();
    p.swap(0, 1);
    assert!(Summary::from_json(&w.to_string()).is_ok());
    assert!(matches!(
        refused(&|w| {
            let p = &mut w["exact"]["positions"][0];
            let scores = p["scores"].as_array_mut().unwrap();
            let (x, c) = (scores[0][0].as_i64().unwrap(), scores[0][1].as_i64().unwrap());
            scores[0][0] = (x - 1000).into();
            let sum = p["score_sum"].as_i64().unwrap() - 1000 * c;
            let squares = p["score_squares"].as_i64().unwrap()
                + ((x - 1000) * (x - 1000) - x * x) * c;
            p["score_sum"] = sum.into();
            p["score_squares"] = squares.into();
        }),
        SummaryError::Sum(ref what) if what.contains("positions")
    ));
    assert!(matches!(
        Summary::from_json("{"),
        Err(SummaryError::Json(_))
    ));
    // The statistics are recomputed, not read: edited ones do not matter.
    let mut w = v.clone();
    w["seats"][0]["win_rate"] = 0.99.into();
    assert_eq!(Summary::from_json(&w.to_string()).unwrap(), s);
}

#[test]
fn seats_of_the_summary_keep_their_agents() {
    let s = summary(2, 20, "mc:2,random");
    let v: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    assert_eq!(v["seats"][0]["agent"], "mc:2");
    assert_eq!(v["seats"][1]["seat"], 1);
    assert_eq!(s.header().agents[0].to_string(), "mc:2");
}
