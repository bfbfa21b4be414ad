//! The information-set MCTS agent in every game: it never uses what its seat may not know (two
//! states with the same view give the same choice), it is deterministic for a seed, and it
//! beats the random agent.
//!
//! Must stay fast in CI (a few seconds in total in the test profile): keep budgets and game
//! counts small. To add a game, add one line to each macro call at the end.
use std::time::{Duration, Instant};
use tabula::dicecore::ismcts::IsmctsAgent;
use tabula::dicecore::AgentSpec;
use tabula::{Agent, Dice, Game, Match, RandomAgent, Seat, Turn};

mod common;

/// Up to `count` positions of seeded random games of `G` (standard config, `seats` players)
/// where the seat to decide has something hidden from it: each with a second state that has
/// the same view for that seat and different hidden information (a determinisation).
fn hidden_positions<G: Game>(seats: u8, count: usize) -> Vec<(G, G, Seat)> {
    let mut found = Vec::new();
    for seed in 0..20u64 {
        let config = G::standard_config(seats, seed).expect("standard config");
        let mut game: Match<G> = Match::new(config, seed).expect("valid config");
        let mut random = RandomAgent::new(seed);
        let mut step = 0u64;
        while found.len() < count {
            let turn = game.state().turn();
            let Some(seat) = turn.next_seat() else {
                if turn == Turn::Over {
                    break;
                }
                game.resolve_chance().expect("chance");
                continue;
            };
            step += 1;
            // Every seventh decision, so the positions spread over the game.
            if step.is_multiple_of(7) {
                let s = game.state();
                let mut dice = Dice::from_seed(step);
                if let Some(other) = (0..8)
                    .map(|_| s.determinize(seat, &mut dice))
                    .find(|d| d != s)
                {
                    assert_eq!(other.view(seat), s.view(seat), "determinize keeps the view");
                    found.push((s.clone(), other, seat));
                }
            }
            let a = random.choose(game.state(), seat).expect("a legal action");
            game.apply(a).expect("legal");
        }
        if found.len() >= count {
            break;
        }
    }
    found
}

/// The agent's choice is the same in two states with the same view: it never peeks.
fn never_peeks<G: Game>(seats: u8, count: usize, iterations: u32) {
    let positions = hidden_positions::<G>(seats, count);
    assert_eq!(
        positions.len(),
        count,
        "{}: too few hidden positions",
        G::NAME
    );
    for (i, (real, other, seat)) in positions.iter().enumerate() {
        let choose = |s: &G| {
            IsmctsAgent::new(i as u64)
                .with_iterations(iterations)
                .choose(s, *seat)
        };
        let a = choose(real);
        assert!(a.is_some());
        assert_eq!(a, choose(other), "{}: position {i} ({seat})", G::NAME);
        assert_eq!(a, choose(real), "{}: deterministic", G::NAME);
    }
}

/// [`common::beats_random`] with an [`IsmctsAgent`] of `iterations` per decision.
fn beats_random<G: Game>(seats: u8, games: u64, iterations: u32) {
    common::beats_random::<G>(seats, games, "IS-MCTS", |seed| {
        Box::new(IsmctsAgent::new(seed).with_iterations(iterations))
    });
}

/// One `#[test]` per line: `name: function::<Type>(arguments),`.
macro_rules! tests {
    ($($test:ident: $f:ident::<$game:ty>($($arg:expr),*),)*) => {
        $(
            #[test]
            fn $test() {
                $f::<$game>($($arg),*);
            }
        )*
    };
}

// The games with hidden information: Kingdom Builder's terrain cards in hand, Alea Iacta Est's
// senate cards and Fortuna tiles, Mosaix's entries not yet revealed.
tests! {
    kingdom_builder_never_peeks: never_peeks::<tabula::kingdom_builder::State>(3, 4, 30),
    alea_iacta_est_never_peeks: never_peeks::<tabula::alea_iacta_est::State>(3, 3, 12),
    mosaix_never_peeks: never_peeks::<tabula::mosaix::State>(3, 4, 30),
}

// (seats, games, iterations) per game.
tests! {
    pig_beats_random: beats_random::<tabula::dicecore::pig::Pig>(2, 10, 100),
    sequence_dice_beats_random: beats_random::<tabula::sequence_dice::State>(2, 10, 100),
    mosaix_beats_random: beats_random::<tabula::mosaix::State>(2, 4, 24),
    the_border_beats_random: beats_random::<tabula::the_border::State>(2, 4, 24),
    kingdom_builder_beats_random: beats_random::<tabula::kingdom_builder::State>(4, 8, 200),
    alea_iacta_est_beats_random: beats_random::<tabula::alea_iacta_est::State>(2, 3, 8),
}

/// Decisions per second of the agent `spec` playing `games` seeded games of `G` against
/// random play, its seat rotating. Only decisions with at least two legal actions count (a
/// single one is answered at once).
fn decision_rate<G: Game>(seats: u8, games: u64, spec: &str) -> f64 {
    let spec: AgentSpec = spec.parse().expect("an agent spec");
    let (mut decisions, mut time) = (0u32, Duration::ZERO);
    let mut legal = Vec::new();
    for seed in 0..games {
        let me = Seat((seed % seats as u64) as u8);
        let config = G::standard_config(seats, seed).expect("standard config");
        let mut game: Match<G> = Match::new(config, seed).expect("valid config");
        let mut agent = spec.build::<G>(seed);
        let mut random = RandomAgent::new(seed);
        while let Some(turn) = Some(game.state().turn()).filter(|&t| t != Turn::Over) {
            let Some(seat) = turn.next_seat() else {
                game.resolve_chance().expect("chance");
                continue;
            };
            let action = if seat == me {
                game.state().legal_actions_for(seat, &mut legal);
                let start = Instant::now();
                let action = agent.choose(game.state(), seat);
                if legal.len() > 1 {
                    time += start.elapsed();
                    decisions += 1;
                }
                action
            } else {
                random.choose(game.state(), seat)
            };
            game.apply(action.expect("a legal action")).expect("legal");
        }
    }
    decisions as f64 / time.as_secs_f64()
}

/// The decisions per second of `docs/agents.md`: `cargo test --release --test ismcts --
/// --ignored --nocapture`.
#[test]
#[ignore = "a measurement for docs/agents.md, run in release"]
fn decisions_per_second() {
    println!("| game | players | mc:500 | ismcts:500 |\n|---|---:|---:|---:|");
    macro_rules! rates {
        ($($game:ty => ($seats:expr, $games:expr),)*) => {$(
            let mc = decision_rate::<$game>($seats, $games, "mc:500");
            let is = decision_rate::<$game>($seats, $games, "ismcts:500");
            println!("| {} | {} | {mc:.0} | {is:.0} |", <$game>::NAME, $seats);
        )*};
    }
    rates! {
        tabula::dicecore::pig::Pig => (2, 10),
        tabula::sequence_dice::State => (2, 10),
        tabula::mosaix::State => (2, 4),
        tabula::the_border::State => (2, 4),
        tabula::kingdom_builder::State => (2, 4),
        tabula::kingdom_builder::State => (4, 4),
        tabula::alea_iacta_est::State => (2, 2),
    }
}
