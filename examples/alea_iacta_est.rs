//! How to embed the Alea Iacta Est engine: build a config, drive a `Match` with agents, print
//! the final board and scores, and write the replay as JSON; then set up the rulebook's Castrum
//! example by hand and ask for its legal actions.
//!
//! ```text
//! cargo run --release --example alea_iacta_est [replay.json]
//! ```
//! The replay goes to the path given as the first argument, or
//! `target/alea-iacta-est-replay.json`.
use tabula::alea_iacta_est::{CastrumSet, Config, ForumDie, Moment, PlayerSetup, Setup, State};
use tabula::dicecore::FromSetup;
use tabula::{Agent, Game, Match, RandomAgent, Seat};

/// The rulebook's Castrum example (two players). Darius (seat 0) placed three 4s in the
/// Castrum, Antonius (seat 1) two 4s; since then Darius put a 1 in the Forum and Antonius
/// 1-2-3 in the Senatus. Now Darius has rolled 4-4-5-5: he may add one or both 4s to his set,
/// or start a set of one or two 5s, but not a set of two 4s (Antonius has one).
fn castrum_example() -> Setup {
    let names = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    Setup {
        round: 1,
        moment: Moment::Place {
            seat: Seat(0),
            dice: vec![4, 4, 5, 5],
            selected: vec![],
        },
        players: vec![
            PlayerSetup {
                dice_in_hand: 4,
                ..PlayerSetup::default()
            },
            PlayerSetup {
                dice_in_hand: 3,
                senatus: vec![1, 2, 3],
                ..PlayerSetup::default()
            },
        ],
        castrum: vec![
            CastrumSet {
                owner: Seat(0),
                value: 4,
                count: 3,
            },
            CastrumSet {
                owner: Seat(1),
                value: 4,
                count: 2,
            },
        ],
        forum: vec![ForumDie {
            value: 1,
            owner: Seat(0),
        }],
        provinces_shown: names(&["red 2", "blue 3"]),
        patricians_shown: names(&["red woman 1", "red man 2", "blue woman 3", "green man 1"]),
        provinces_out: vec![],
        patricians_out: vec![],
        fortuna_discards: vec![],
        under_senate_deck: vec![],
        senate_passes: vec![],
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed = 42;
    // The standard 4-player setup; flip a rule flag to try another reading.
    let mut config: Config = State::standard_config(4, seed)?;
    config.start = Seat(0);
    config.repete_supply_limit = false;
    let mut game: Match<State> = Match::new(config, seed)?;
    let mut agents: Vec<Box<dyn Agent<State>>> = (0..4)
        .map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent<State>>)
        .collect();
    game.play_out(&mut agents, 1_000_000)?;
    let state = game.state();
    println!("{state}");
    for s in 0..state.seats() {
        let b = state.breakdown(Seat(s));
        println!(
            "seat {s}: {} points (provinces {}, patricians {}, senate cards {}, Fortuna {}, chips {})",
            b.total, b.provinces, b.patricians, b.senate_cards, b.fortuna, b.chips
        );
    }
    if let Some(outcome) = state.outcome() {
        println!("{outcome}");
    }
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "target/alea-iacta-est-replay.json".to_string());
    let json = serde_json::to_string_pretty(&game.replay())?;
    match std::fs::write(&path, json) {
        Ok(()) => println!("replay written to {path}"),
        Err(e) => eprintln!("could not write {path}: {e}"),
    }

    // A position set up by hand: the rulebook's Castrum example.
    let config = Config::with_start(2, Seat(0))?;
    let setup = castrum_example();
    let state = State::from_setup(&config, &setup)?;
    println!("\nThe rulebook's Castrum example:\n{state}");
    if std::env::var("AIE_SETUP_JSON").is_ok() {
        println!("{}", serde_json::to_string_pretty(&state.to_setup())?);
    }
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    println!("Darius's legal actions:");
    for a in &legal {
        println!("  {a}");
    }
    Ok(())
}
