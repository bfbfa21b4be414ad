//! The Monte-Carlo agent beats the random agent in most seeded games.
//!
//! Must stay fast in CI (a few seconds in total in the test profile): keep `games` and
//! `playouts` small per game. To add a game, add one `#[test]` line at the end.
use tabula::dicecore::mcagent::MonteCarloAgent;
use tabula::dicecore::pig::Pig;
use tabula::{Agent, Game, Match, RandomAgent, Seat};

/// Plays `games` seeded games of `G` (standard config, `seats` players): one
/// [`MonteCarloAgent`] with `playouts` play-outs per decision against [`RandomAgent`]s, the MC
/// seat rotating from game to game. Panics unless the MC agent wins (alone or shared) more
/// than half of them.
fn mc_beats_random<G: Game>(seats: u8, games: u64, playouts: u32) {
    let mut wins = 0;
    for seed in 0..games {
        let mc_seat = Seat((seed % seats as u64) as u8);
        let config = G::standard_config(seats, seed).expect("standard config");
        let mut game: Match<G> = Match::new(config, seed).expect("valid config");
        let mut agents: Vec<Box<dyn Agent<G>>> = (0..seats)
            .map(|i| {
                let agent_seed = seed * 16 + i as u64;
                if i == mc_seat.0 {
                    Box::new(MonteCarloAgent::new(agent_seed).with_playouts(playouts))
                        as Box<dyn Agent<G>>
                } else {
                    Box::new(RandomAgent::new(agent_seed))
                }
            })
            .collect();
        game.play_out(&mut agents, 1_000_000)
            .expect("the game ends");
        let outcome = game.state().outcome().expect("over");
        if outcome.winners.contains(mc_seat) {
            wins += 1;
        }
    }
    eprintln!("{}: Monte-Carlo won {wins} of {games}", G::NAME);
    assert!(
        wins * 2 > games,
        "{}: the Monte-Carlo agent won only {wins} of {games} games",
        G::NAME
    );
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
