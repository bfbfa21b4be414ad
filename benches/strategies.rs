//! The cost of one case of each `dicecore::strategy` strategy, for every registered game, next
//! to the cost of one random game through `Match` (`cargo bench --bench strategies`). Drawing
//! a case plays one seeded game with random agents (to its end, or the cap of 2,000 actions),
//! then walks it again to the drawn position; the goal is that no strategy costs more than 3
//! times `states`. `docs/testing.md` records the figures.
//!
//! `strategies --count GAME WHAT N` draws `N` cases of one strategy (`WHAT`: `game` for random
//! games, `states`, `decisions`, `illegal_actions`, `chance_nodes`, `setups`, `finished`) of one
//! game and nothing else, for an instruction count under callgrind that the machine's load does
//! not change (`docs/testing.md` gives the commands).
#[path = "support/timing.rs"]
mod timing;

#[path = "support/games.rs"]
mod games;

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use tabula::dicecore::strategy::{Case, PlayStrategy, Plays};
use tabula::dicecore::FromSetup;
use tabula::Game;

/// Microseconds per case drawn from `strategy` (a fixed stream of cases).
fn per_case<G: Game, C: Case<G>>(label: &str, strategy: PlayStrategy<G, C>) -> f64 {
    let mut runner = TestRunner::deterministic();
    let figure = timing::measure(label, 1, || {
        strategy
            .new_tree(&mut runner)
            .map(|tree| tree.current())
            .is_ok()
    });
    figure.ns_per_op / 1e3
}

/// One row: a random game and a case of every strategy, over the game's player counts.
fn row<G: FromSetup>() -> Vec<f64> {
    let name = G::NAME;
    let counts: Vec<u8> = G::SEATS.collect();
    let mut seed = 0u64;
    let game = timing::measure(&format!("{name} random game (Match)"), 1, || {
        seed += 1;
        let seats = counts[seed as usize % counts.len()];
        games::play_match::<G>(seats, seed).log().len()
    });
    let plays = Plays::<G>::new();
    vec![
        game.ns_per_op / 1e3,
        per_case(&format!("{name} states"), plays.states()),
        per_case(&format!("{name} decisions"), plays.decisions()),
        per_case(&format!("{name} illegal_actions"), plays.illegal_actions()),
        per_case(&format!("{name} chance_nodes"), plays.chance_nodes()),
        per_case(&format!("{name} setups"), plays.setups()),
        per_case(&format!("{name} finished"), plays.finished()),
    ]
}

macro_rules! rows {
    ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {
        vec![$((<$ty as Game>::NAME, row::<$ty>())),*]
    };
}

/// Draws `n` cases of the strategy named `what` of `G` (or plays `n` random games).
fn count<G: FromSetup>(what: &str, n: u64) -> usize {
    let plays = Plays::<G>::new();
    let mut runner = TestRunner::deterministic();
    let mut drawn = 0;
    let mut draw = |ok: bool| drawn += usize::from(ok);
    let counts: Vec<u8> = G::SEATS.collect();
    for i in 0..n {
        match what {
            "game" => {
                let seats = counts[i as usize % counts.len()];
                draw(!games::play_match::<G>(seats, i + 1).log().is_empty());
            }
            "states" => draw(plays.states().new_tree(&mut runner).is_ok()),
            "decisions" => draw(plays.decisions().new_tree(&mut runner).is_ok()),
            "illegal_actions" => draw(plays.illegal_actions().new_tree(&mut runner).is_ok()),
            "chance_nodes" => draw(plays.chance_nodes().new_tree(&mut runner).is_ok()),
            "setups" => draw(plays.setups().new_tree(&mut runner).is_ok()),
            "finished" => draw(plays.finished().new_tree(&mut runner).is_ok()),
            _ => panic!("no strategy {what}"),
        }
    }
    drawn
}

macro_rules! count_named {
    ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {
        |game: &str, what: &str, n: u64| match game {
            $(_ if game == <$ty as Game>::NAME => count::<$ty>(what, n),)*
            _ => panic!("no game {game}"),
        }
    };
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, game, what, n, ..] = args.as_slice() {
        if flag == "--count" {
            let count = tabula::for_each_game!(count_named);
            let drawn = count(game, what, n.parse().expect("a number of cases"));
            println!("{game} {what}: {drawn} drawn");
            return;
        }
    }
    timing::header("strategies: one case each (ns/op is per case)");
    let rows = tabula::for_each_game!(rows);
    println!("\nµs per case, and in brackets as a multiple of `states`:\n");
    println!(
        "| game | random game | states | decisions | illegal_actions | chance_nodes | setups | \
         finished |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (name, figures) in rows {
        let states = figures[1];
        let cells: Vec<String> = figures[1..]
            .iter()
            .map(|&us| format!("{us:.0} ({:.1}×)", us / states))
            .collect();
        println!("| {name} | {:.0} | {} |", figures[0], cells.join(" | "));
    }
}
