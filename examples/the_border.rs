//! How to embed The Border: build a config, drive a `Match` with agents, print the final
//! boards and scores, and write the replay as JSON.
//!
//! ```text
//! cargo run --example the_border [replay.json]
//! ```
//!
//! An owner of the printed game can encode the real boards in the map format of
//! `the_border::board` and pass them as `BoardSource::Map(text)` in `Config::boards`.
use tabula::the_border::{BoardSource, Config, State};
use tabula::{Agent, Game, Match, RandomAgent};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed = 42;
    // The standard setup deals the four stand-in boards and picks the first player from the
    // seed; flags can be changed afterwards.
    let mut config: Config = State::standard_config(4, seed)?;
    config.chain_within_action = true;
    for (seat, board) in config.boards.iter().enumerate() {
        if let BoardSource::Standard(id) = board {
            println!("seat {seat} plays board {id}");
        }
    }
    let mut game: Match<State> = Match::new(config, seed)?;
    let mut agents: Vec<Box<dyn Agent<State>>> = (0..4)
        .map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>)
        .collect();
    game.play_out(&mut agents, 100_000)?;
    println!("{}", game.state());
    println!("{} actions", game.log().len());

    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "target/the-border-replay.json".to_string());
    let json = serde_json::to_string_pretty(&game.replay())?;
    std::fs::write(&path, json)?;
    println!("replay written to {path}");
    Ok(())
}
