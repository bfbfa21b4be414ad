//! The Monte-Carlo agent beats the random agent in most seeded games.
//!
//! Must stay fast in CI (a few seconds in total in the test profile): keep `games` and
//! `playouts` small per game. To add a game, add one `#[test]` line at the end.
use tabula::dicecore::mcagent::MonteCarloAgent;
use tabula::dicecore::pig::Pig;
use tabula::Game;

mod common;

/// [`common::beats_random`] with a [`MonteCarloAgent`] of `playouts` play-outs per decision.
fn mc_beats_random<G: Game>(seats: u8, games: u64, playouts: u32) {
    common::beats_random::<G>(seats, games, "Monte-Carlo", |seed| {
        Box::new(MonteCarloAgent::new(seed).with_playouts(playouts))
    });
}

/// One `#[test]` per game: `name: Type => (seats, games, playouts),`.
macro_rules! mc_beats_random_at {
    ($($test:ident: $game:ty => ($seats:expr, $games:expr, $playouts:expr),)*) => {
        $(
            #[test]
            fn $test() {
                mc_beats_random::<$game>($seats, $games, $playouts);
            }
        )*
    };
}

// One line per game. The commented figures (wins, time) were measured on a trial merge of the
// game crates' work-in-progress branches, test profile, loaded 2-core machine.
mc_beats_random_at! {
    pig: Pig => (2, 20, 48), // 16/20, 0.2 s
    sequence_dice: tabula::sequence_dice::State => (2, 20, 200), // 18/20, 0.7 s
    mosaix: tabula::mosaix::State => (2, 6, 24), // 6/6, 0.25 s
    the_border: tabula::the_border::State => (2, 6, 24), // 6/6, 0.9 s
    kingdom_builder: tabula::kingdom_builder::State => (2, 6, 24), // 6/6, 0.2 s
    alea_iacta_est: tabula::alea_iacta_est::State => (2, 5, 16), // 4/5, 0.7 s
}
