//! How to embed the Kingdom Builder engine: build a config, drive a `Match` with agents,
//! print the final board and scores, and write the replay as JSON and the board as SVG; then
//! set up a position of the rulebook by hand and ask for its legal actions.
//!
//! `cargo run --example kingdom_builder [replay.json]` (default
//! `target/kingdom-builder-replay.json`; the SVG goes next to it).
use std::collections::BTreeMap;
use std::path::PathBuf;
use tabula::dicecore::FromSetup;
use tabula::kingdom_builder::{Action, Cell, Config, HeldTile, Phase, Setup, State, Terrain, Tile};
use tabula::{Agent, Game, Match, RandomAgent, Seat};

/// The rulebook's advice for the first settlements, on the first game's board with two
/// players: João (seat 0) built his first 3 settlements on grass next to the Tavern at (6, 7),
/// touching only one other terrain, forest; Maria (seat 1) built hers on flower fields next to
/// the Oasis at (12, 7). Now João has a canyon card on his second turn: "as the settlements he
/// built on his first turn do not touch a canyon, he may start building on any canyon hex. He
/// decides to build a settlement next to the Oasis."
fn rulebook_second_turn() -> Setup {
    let mut setup = Setup::opening(&Config::first_game(2));
    setup.settlements = vec![
        vec![(7, 6), (8, 7), (8, 8)],
        vec![(12, 8), (13, 7), (13, 8)],
    ];
    setup.tiles_held = vec![
        vec![HeldTile {
            location: (6, 7),
            tile: Tile::Tavern,
        }],
        vec![HeldTile {
            location: (12, 7),
            tile: Tile::Oasis,
        }],
    ];
    for t in &mut setup.tiles_left {
        if t.location == (6, 7) || t.location == (12, 7) {
            t.left = 1;
        }
    }
    // João discarded his grass card, Maria her flower field card; they hold canyon and forest.
    setup.hands = vec![Some(Terrain::Canyon), Some(Terrain::Forest)];
    setup.draw_pile = BTreeMap::from([
        (Terrain::Grass, 4),
        (Terrain::Flower, 4),
        (Terrain::Forest, 4),
        (Terrain::Canyon, 4),
        (Terrain::Desert, 5),
    ]);
    setup.discards = BTreeMap::from([(Terrain::Grass, 1), (Terrain::Flower, 1)]);
    setup.phase = Phase::Play;
    setup.active = Seat(0);
    setup
}

/// Prints the legal actions of a position, a few per line.
fn print_legal(state: &State) {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    println!("{} legal actions:", legal.len());
    for chunk in legal.chunks(4) {
        let line: Vec<String> = chunk.iter().map(|a| a.to_string()).collect();
        println!("  {}", line.join("; "));
    }
}

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
    for s in (0..state.seats()).map(Seat) {
        println!("{s}: {}", state.breakdown(s));
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

    // A position typed in by hand: the rulebook's example of a second turn.
    let config = Config::first_game(2);
    let setup = rulebook_second_turn();
    let state = State::from_setup(&config, &setup)?;
    println!(
        "\nThe rulebook's second turn (setup as JSON: {})",
        serde_json::to_string(&setup)?
    );
    println!("{}", state.view(Seat(0)));
    print_legal(&state);
    // João builds next to the Oasis at (17, 5): his next canyon settlements must touch it.
    let next = state.apply(&Action::Build {
        seat: Seat(0),
        cell: Cell::at(16, 6).ok_or("hex")?,
    })?;
    println!("after building at (16, 6):");
    print_legal(&next);
    Ok(())
}
