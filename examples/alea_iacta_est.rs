//! How to embed the Alea Iacta Est engine: build a config, drive a `Match` with agents, print
//! the final board and scores, and write the replay as JSON (to the path given as first
//! argument, or `target/alea-iacta-est-replay.json`).
use tabula::alea_iacta_est::{Config, State};
use tabula::{Agent, Game, Match, RandomAgent, Seat};

fn main() {
    let seed = 42;
    // The standard 4-player setup; flip a rule flag to try another reading.
    let mut config: Config = State::standard_config(4, seed).expect("4 players are supported");
    config.start = Seat(0);
    config.empty_provinces_score = false;
    let mut game: Match<State> = Match::new(config, seed).expect("the config is valid");
    let mut agents: Vec<Box<dyn Agent<State>>> = (0..4)
        .map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>)
        .collect();
    game.play_out(&mut agents, 1_000_000)
        .expect("the game ends");
    let state = game.state();
    println!("{state}");
    for s in 0..state.seats() {
        println!("seat {s}: {:?}", state.breakdown(Seat(s)));
    }
    if let Some(outcome) = state.outcome() {
        println!("{outcome}");
    }
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "target/alea-iacta-est-replay.json".to_string());
    let json = serde_json::to_string_pretty(&game.replay()).expect("replays serialise");
    match std::fs::write(&path, json) {
        Ok(()) => println!("replay written to {path}"),
        Err(e) => eprintln!("could not write {path}: {e}"),
    }
}
