//! How to embed The Border: build a config, drive a `Match` with agents, print the final
//! boards and scores, and write the replay as JSON; then set up the rulebook's example of
//! action 1 by hand (`FromSetup`) and list the legal actions there.
//!
//! ```text
//! cargo run --example the_border [replay.json]
//! ```
//!
//! An owner of the printed game can encode the real boards in the map format of
//! `the_border::board` and pass them as `BoardSource::Map(text)` in `Config::boards`.
use tabula::dicecore::faces::Colour::{Blue, Grey, Yellow};
use tabula::dicecore::FromSetup;
use tabula::the_border::{Action, BoardSource, Config, Phase, PlayerSetup, Setup, State};
use tabula::{Agent, Game, Match, RandomAgent, Seat};

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
    std::fs::write("target/the-border.svg", game.state().to_svg())?;
    println!("picture of the final table written to target/the-border.svg");

    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "target/the-border-replay.json".to_string());
    let json = serde_json::to_string_pretty(&game.replay())?;
    std::fs::write(&path, json)?;
    println!("replay written to {path}");
    rulebook_position()
}

/// The rulebook's example of action 1 (docs/positions.md): after her third roll Sara (seat 1,
/// board B) has three grey dice, a blue and a yellow. She may complete the grey segment of
/// three spaces or the one of two; the blue and yellow dice complete nothing.
fn rulebook_position() -> Result<(), Box<dyn std::error::Error>> {
    let setup = Setup {
        active: Seat(1),
        phase: Phase::Crossing,
        rerolls: 2,
        showing: vec![Grey, Grey, Grey, Blue, Yellow],
        rolling: 0,
        used: vec![],
        players: vec![
            PlayerSetup {
                crossed: vec![(1, 6), (2, 5)],
                ..PlayerSetup::default()
            },
            PlayerSetup {
                crossed: vec![(1, 6), (13, 10)],
                ..PlayerSetup::default()
            },
        ],
    };
    println!("\nThe rulebook's example of action 1, set up by hand:");
    println!("{}", serde_json::to_string(&setup)?);
    let state = State::from_setup(&Config::new(2), &setup)?;
    println!("{state}");
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let board = state.board(Seat(1));
    println!("Sara's legal actions:");
    for action in &legal {
        match *action {
            Action::Complete { segment, .. } => {
                println!("  {action}: {}", board.describe_segment(segment))
            }
            _ => println!("  {action}"),
        }
    }
    Ok(())
}
