//! The demo: plays one seeded game with random agents and shows the final state and replay.
use tabula::dicecore::pig::Pig;
use tabula::{Agent, Game, Match, RandomAgent};

fn main() {
    let seed = 42;
    let config = Pig::standard_config(2, seed).expect("2 players are supported");
    let mut game: Match<Pig> = Match::new(config, seed).expect("standard config is valid");
    let mut agents: Vec<Box<dyn Agent<Pig>>> =
        vec![Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))];
    game.play_out(&mut agents, 1_000_000).expect("Pig ends");
    println!("{}", game.state());
    if let Some(outcome) = game.state().outcome() {
        println!("{outcome}");
    }
    println!("{}", game.replay());
}
