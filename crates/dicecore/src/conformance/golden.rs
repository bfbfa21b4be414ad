//! The golden game every game crate records (`tests/golden.rs`, or with the conformance tests)
//! and plays again on every test run, so that a change which would play a recorded game
//! differently (in the engine, the dice or the random agent) cannot go unnoticed.

use crate::{Agent, Game, Match, RandomAgent};

/// Plays the golden game of `G` for `seats` players: the standard config of `seed`, chance
/// resolved by a [`Match`] seeded with `seed`, seat `i` played by `RandomAgent::new(i)`, to
/// the end within `max_actions` actions. Its [`Match::replay`] is what a crate records.
///
/// ```
/// use dicecore::{conformance::golden_game, pig::Pig, Game};
/// let game = golden_game::<Pig>(2, 42, 100_000).unwrap();
/// assert!(game.state().outcome().is_some());
/// assert_eq!(game.replay().run().unwrap(), *game.state());
/// ```
pub fn golden_game<G: Game>(seats: u8, seed: u64, max_actions: usize) -> Result<Match<G>, String> {
    let config = G::standard_config(seats, seed).map_err(|e| format!("standard config: {e}"))?;
    let mut game: Match<G> = Match::new(config, seed).map_err(|e| format!("config: {e}"))?;
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..seats as u64)
        .map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<G>>)
        .collect();
    game.play_out(&mut agents, max_actions)
        .map_err(|e| format!("the golden game: {e}"))?;
    Ok(game)
}
