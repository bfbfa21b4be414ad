//! How to embed the Kingdom Builder engine: build a config, drive a `Match` with agents,
//! print the final board and scores, and write the replay as JSON and the board as SVG.
//!
//! `cargo run --example kingdom_builder [replay.json]` (default
//! `target/kingdom-builder-replay.json`; the SVG goes next to it).
use std::path::PathBuf;
use tabula::kingdom_builder::{Config, State};
use tabula::{Agent, Game, Match, RandomAgent, Seat};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "target/kingdom-builder-replay.json".to_string()),
    );
    // A random standard setup for 3 players (or `Config::first_game(3)` for the rulebook's
    // first game). Flags can be switched before the game starts.
    let mut config: Config = State::standard_config(3, 42)?;
    config.redraw_for_extra_actions = false;
    let board: Vec<String> = config
        .board
        .iter()
        .map(|p| format!("{}{}", p.sector, if p.rotated { " (turned)" } else { "" }))
        .collect();
    println!("board: {}", board.join(", "));

    let mut game: Match<State> = Match::new(config, 42)?;
    let mut agents: Vec<Box<dyn Agent<State>>> = (0..3)
        .map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>)
        .collect();
    game.play_out(&mut agents, 1_000_000)?;

    let state = game.state();
    println!("{state}");
    for s in 0..state.seats() {
        let b = state.breakdown(Seat(s));
        let cards: Vec<String> = b.cards.iter().map(|(c, g)| format!("{c} {g}")).collect();
        println!(
            "seat {s}: castles {} + {} = {}",
            b.castles,
            cards.join(" + "),
            b.total()
        );
    }
    if let Some(outcome) = state.outcome() {
        print!("{outcome}");
    }
    println!("{} actions", game.log().len());

    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(&path, serde_json::to_string(&game.replay())?)?;
    let svg = path.with_extension("svg");
    std::fs::write(&svg, state.to_svg())?;
    println!(
        "replay written to {}, board to {}",
        path.display(),
        svg.display()
    );
    Ok(())
}
