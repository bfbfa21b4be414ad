//! Helpers shared by the agent tests (`tests/mcagent.rs`, `tests/ismcts.rs`).
use tabula::{Agent, Game, Match, RandomAgent, Seat};

/// Plays `games` seeded games of `G` (standard config, `seats` players): the agent `make`
/// builds from a seed against [`RandomAgent`]s, its seat rotating from game to game. Panics
/// unless it wins (alone or shared) more than half of them; `name` names the agent in messages.
pub fn beats_random<G: Game>(
    seats: u8,
    games: u64,
    name: &str,
    make: impl Fn(u64) -> Box<dyn Agent<G>>,
) {
    let mut wins = 0;
    for seed in 0..games {
        let me = Seat((seed % seats as u64) as u8);
        let config = G::standard_config(seats, seed).expect("standard config");
        let mut game: Match<G> = Match::new(config, seed).expect("valid config");
        let mut agents: Vec<Box<dyn Agent<G>>> = (0..seats)
            .map(|i| {
                let agent_seed = seed * 16 + i as u64;
                if i == me.0 {
                    make(agent_seed)
                } else {
                    Box::new(RandomAgent::new(agent_seed))
                }
            })
            .collect();
        game.play_out(&mut agents, 1_000_000)
            .expect("the game ends");
        if game.state().outcome().expect("over").winners.contains(me) {
            wins += 1;
        }
    }
    eprintln!("{}: {name} won {wins} of {games}", G::NAME);
    assert!(
        wins * 2 > games,
        "{}: {name} won only {wins} of {games} games",
        G::NAME
    );
}
