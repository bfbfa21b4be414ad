//! The information-set MCTS agent on Pig: the right decision in clear positions, the same
//! answers for a seed, a tree that stays within its budget, and no search from the real state.
use dicecore::ismcts::{Budget, IsmctsAgent};
use dicecore::pig::{Pig, PigAction, PigSetup};
use dicecore::{Agent, FromSetup, Game, Match, Seat, Turn};
use std::time::Duration;

/// A two-player position: seat 0 to move with `turn_total` at risk.
fn position(me: u32, other: u32, turn_total: u32) -> Pig {
    let config = Pig::standard_config(2, 0).unwrap();
    let setup = PigSetup {
        scores: vec![me, other],
        to_move: Seat(0),
        turn_total,
        rolling: false,
    };
    Pig::from_setup(&config, &setup).unwrap()
}

fn choice(state: &Pig, seed: u64, iterations: u32) -> PigAction {
    IsmctsAgent::new(seed)
        .with_iterations(iterations)
        .choose(state, Seat(0))
        .unwrap()
}

#[test]
fn finds_the_right_decision_in_clear_positions() {
    let hold = PigAction::Hold(Seat(0));
    let roll = PigAction::Roll(Seat(0));
    let cases = [
        // Holding wins at once.
        (position(90, 95, 12), hold, "holding wins"),
        (position(0, 0, 100), hold, "holding wins from nothing"),
        // The opponent needs a single good roll and holding does not reach the target: only
        // rolling on can still win this turn.
        (position(70, 99, 20), roll, "behind near the end"),
        (
            position(80, 98, 10),
            roll,
            "behind near the end, less at risk",
        ),
        // Nothing at risk: holding only passes the turn.
        (position(40, 40, 0), roll, "nothing at risk"),
        // Forty points at risk early on: a 1 loses far more than a roll gains.
        (position(0, 0, 40), hold, "much at risk early"),
    ];
    for (seed, (state, right, why)) in cases.into_iter().enumerate() {
        for s in [seed as u64, seed as u64 + 100] {
            assert_eq!(choice(&state, s, 600), right, "{why} (seed {s}):\n{state}");
        }
    }
}

#[test]
fn deterministic_for_a_seed() {
    let config = Pig::standard_config(3, 5).unwrap();
    let play = |seed: u64| {
        let mut game: Match<Pig> = Match::new(config.clone(), 11).unwrap();
        let mut agents: Vec<Box<dyn Agent<Pig>>> = (0..3)
            .map(|i| {
                Box::new(IsmctsAgent::new(seed + i).with_iterations(60)) as Box<dyn Agent<Pig>>
            })
            .collect();
        game.play_out(&mut agents, 100_000).unwrap();
        game.log().to_vec()
    };
    assert_eq!(play(1), play(1));
    assert_ne!(play(1), play(2));
}

#[test]
fn answers_only_when_its_seat_may_move() {
    let s = position(10, 20, 6);
    let mut agent: IsmctsAgent<PigAction> = IsmctsAgent::new(1).with_iterations(10);
    assert_eq!(agent.choose(&s, Seat(1)), None);
    let rolling = s.apply(&PigAction::Roll(Seat(0))).unwrap();
    assert_eq!(agent.choose(&rolling, Seat(0)), None);
    // A time budget searches at least once and answers.
    let mut timed: IsmctsAgent<PigAction> =
        IsmctsAgent::new(1).with_budget(Budget::Time(Duration::from_millis(5)));
    assert!(timed.choose(&s, Seat(0)).is_some());
    assert!(timed.tree_size().0 > 1);
}

#[test]
fn the_tree_stays_within_its_budget_and_its_memory_is_reused() {
    let iterations = 300;
    let mut agent: IsmctsAgent<PigAction> = IsmctsAgent::new(9).with_iterations(iterations);
    let s = position(30, 50, 8);
    let mut reserved = Vec::new();
    for _ in 0..30 {
        agent.choose(&s, Seat(0)).unwrap();
        let (nodes, edges) = agent.tree_size();
        // One node per iteration at most (plus the root), two actions per decision node.
        assert!(nodes <= iterations as usize + 1, "{nodes} nodes");
        assert!(edges <= 2 * nodes, "{edges} edges");
        reserved.push(agent.reserved_bytes());
    }
    // After a few decisions the arenas are big enough and nothing grows any more (the
    // buffers of one walk grow to the longest walk yet, so a rare long one may add a little).
    assert!(
        reserved[20..].iter().all(|&b| b == reserved[20]),
        "{reserved:?}"
    );
    assert!(reserved[20] - reserved[0] < 1024, "{reserved:?}");
    assert!(
        reserved[20] < 200 * iterations as usize,
        "{} bytes",
        reserved[20]
    );

    // Over a whole game of changing positions the memory is bounded by the largest tree.
    let mut game: Match<Pig> = Match::new(Pig::standard_config(2, 1).unwrap(), 1).unwrap();
    let mut most = 0;
    while let Some(turn) = Some(game.state().turn()).filter(|&t| t != Turn::Over) {
        let Turn::Seat(seat) = turn else {
            game.resolve_chance().unwrap();
            continue;
        };
        let a = agent.choose(game.state(), seat).unwrap();
        game.apply(a).unwrap();
        most = most.max(agent.tree_size().0);
        assert!(agent.reserved_bytes() < 200 * iterations as usize);
    }
    assert!(most > 1);
}
