//! How to embed the Sequence Dice engine: build a config, drive a `Match` with agents, print
//! the final board and scores, and write the replay as JSON; then set up a position from the
//! rulebook by hand and ask for its legal actions.
//!
//! ```text
//! cargo run --example sequence_dice [replay.json] [players]
//! ```
//! The replay goes to the path given as the first argument, or `target/sequence-dice-replay.json`.
use tabula::dicecore::FromSetup;
use tabula::sequence_dice::{Action, Config, Setup, State};
use tabula::{Agent, Game, Match, RandomAgent, Replay, Seat, Turn};

/// A small greedy agent, to show that an agent is just a function of the state: it plays
/// the first legal action that wins at once, otherwise a random one.
struct Greedy(RandomAgent<Action>);

impl Agent<State> for Greedy {
    fn choose(&mut self, state: &State, seat: Seat) -> Option<Action> {
        let mut legal = Vec::new();
        state.legal_actions_for(seat, &mut legal);
        legal
            .into_iter()
            .find(|a| state.apply(a).is_ok_and(|next| next.turn() == Turn::Over))
            .or_else(|| self.0.choose(state, seat))
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| "target/sequence-dice-replay.json".to_string());
    let players: u8 = args.next().map_or(Ok(2), |s| s.parse())?;

    // The standard setup for the player count (start player drawn from the seed). Every rule
    // flag is a public field: here the game is capped at 500 turns instead of 1000 (set
    // `bonus_without_placement: true` for an extra turn on 2 or 12 even without a placement).
    let seed = 42;
    let config = {
        let mut c = State::standard_config(players, seed)?;
        c.max_turns = 500;
        c
    };
    println!(
        "{players} players, sequences of {}, seat {} starts",
        config.sequence_length, config.start.0
    );

    // Seat 0 is greedy, the others play at random; the match rolls the dice.
    let mut agents: Vec<Box<dyn Agent<State>>> = (0..players as u64)
        .map(|i| -> Box<dyn Agent<State>> {
            if i == 0 {
                Box::new(Greedy(RandomAgent::new(i)))
            } else {
                Box::new(RandomAgent::new(i))
            }
        })
        .collect();
    let mut game: Match<State> = Match::new(config, seed)?;
    game.play_out(&mut agents, 100_000)?;

    let state = game.state();
    println!("{state}");
    if let Some(outcome) = state.outcome() {
        print!("{outcome}");
    }
    println!(
        "{} actions over {} turns",
        game.log().len(),
        state.turns_played()
    );

    // The replay: config, dice seed and every action; re-running it reproduces the game.
    let replay = game.replay();
    let json = serde_json::to_string_pretty(&replay)?;
    if let Some(dir) = std::path::Path::new(&path).parent() {
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(dir)?;
        }
    }
    std::fs::write(&path, json)?;
    let back: Replay<State> = serde_json::from_str(&std::fs::read_to_string(&path)?)?;
    assert_eq!(back.run()?, *state);
    println!("replay written to {path} ({back})");

    rulebook_position()
}

/// The rulebook's case of a roll whose four spaces are all taken: the 7 spaces are b2 and e2
/// (green) and b5 and e5 (blue); green rolls 7 and must replace one of blue's chips. The
/// position is written as a person would (the same JSON as in docs/positions.md).
fn rulebook_position() -> Result<(), Box<dyn std::error::Error>> {
    let config = Config::with_start(2, Seat(0))?;
    let setup: Setup = serde_json::from_str(
        r#"{
            "green": ["a1", "b2", "e2", "c3"],
            "blue": ["d4", "b5", "e5", "e6"],
            "to_move": 0,
            "roll": 7,
            "turns_played": 9
        }"#,
    )?;
    let state = State::from_setup(&config, &setup)?;
    println!("\nA position from the rulebook: all four 7 spaces are taken.\n{state}");
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    println!("legal actions:");
    for action in &legal {
        println!("  {action}");
    }
    Ok(())
}
