//! Embedding the Mosaix engine: build a config, drive a `Match` with agents, print the final
//! cards and scores, and write the replay as JSON. Then set up the rulebook's final card one
//! formation before the end (`FromSetup`) and list the legal entries.
//!
//! ```text
//! cargo run --example mosaix [replay.json] [players 1-4]
//! ```
use tabula::dicecore::FromSetup;
use tabula::mosaix::{
    Action, Card, Cell, Config, Formation, Setup, SetupPhase, SoloStuck, State, Symbol, Tetromino,
};
use tabula::{Agent, Dice, Game, Match, RandomAgent, Seat};

/// A greedy agent: enters where its score grows most (first such entry on ties), arranges
/// formations at random and never ends a solo game early.
struct Greedy {
    dice: Dice,
}

impl Agent<State> for Greedy {
    fn choose(&mut self, state: &State, seat: Seat) -> Option<Action> {
        let mut legal = Vec::new();
        state.legal_actions_for(seat, &mut legal);
        if !legal.iter().any(|a| matches!(a, Action::Enter { .. })) {
            // Arranging (or nothing to enter): leave it to chance, but keep playing.
            if legal.len() > 1 {
                legal.retain(|a| !matches!(a, Action::End { .. }));
            }
            return legal.get(self.dice.index(legal.len())).copied();
        }
        legal
            .into_iter()
            .filter(|a| matches!(a, Action::Enter { .. }))
            .max_by_key(|a| {
                let next = state.apply(a).expect("listed actions apply");
                (
                    next.grid(seat).map_or(0, |g| g.score()),
                    std::cmp::Reverse(a.to_string()),
                )
            })
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let path = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "target/mosaix-replay.json".to_string());
    let players: u8 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3);
    let seed = 42;

    // The standard setup, or build your own: here the last card prints its symbol elsewhere.
    let mut config: Config = State::standard_config(players, seed)?;
    if players > 1 {
        config.cards[players as usize - 1] = Card::printed(Cell::new(2, 4), Symbol::Cross);
    }

    // Seat 0 plays greedily, the others at random.
    let mut agents: Vec<Box<dyn Agent<State>>> = vec![Box::new(Greedy {
        dice: Dice::from_seed(100),
    })];
    for i in 1..players {
        agents.push(Box::new(RandomAgent::new(i as u64)));
    }

    let mut game: Match<State> = Match::new(config, seed)?;
    game.play_out(&mut agents, 100_000)?;

    let state = game.state();
    println!("{state}");
    for seat in 0..players {
        if let Some(grid) = state.grid(Seat(seat)) {
            println!("seat {seat}:\n{}\n", grid.score_sheet());
        }
    }
    if let Some(outcome) = state.outcome() {
        print!("{outcome}");
    }
    if let Some(rating) = state.solo_rating() {
        println!("solo rating: {rating:?}");
    }

    let replay = game.replay();
    if let Some(dir) = std::path::Path::new(&path).parent() {
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(dir)?;
        }
    }
    std::fs::write(&path, serde_json::to_string_pretty(&replay)?)?;
    println!("{replay} written to {path}");
    rulebook_position()
}

/// The rulebook's final card ("Endstand", scored 2 × 14 + 2 × 11 + 3 × 17 = 101, the cell
/// (1, 1) walled in), played solo on a blank card, one formation before the end: the last four
/// crosses of the bottom row are still empty and four crosses were rolled, arranged as an I.
fn rulebook_position() -> Result<(), Box<dyn std::error::Error>> {
    // A config is built by a constructor, then field by field (Config is #[non_exhaustive]).
    let mut config = Config::with_start(1, Seat(0))?;
    config.cards = vec![Card::BLANK];
    config.solo_stuck = SoloStuck::EndGame;
    let card = [
        "ooooooo", "x.xxxxx", "^x^^^^^", "^xxxxxo", "ooooo^^", "oo^^^^x", "^^x....",
    ];
    let crosses = [Symbol::Cross; 4];
    let setup = Setup {
        // 44 symbols entered in 11 turns, nothing dropped: this is the twelfth turn.
        round: 12,
        roller: Seat(0),
        phase: SetupPhase::Enter,
        roll: Some(crosses),
        formation: Some(Formation::canonical(Tetromino::I, crosses)),
        cards: vec![card.iter().map(|row| row.to_string()).collect()],
        entered: vec![None],
        crossed: 0,
    };
    let state = State::from_setup(&config, &setup)?;
    println!("\nThe rulebook's final card, one formation before the end:\n");
    print!("{}", state.view(Seat(0)));
    let mut legal = Vec::new();
    state.legal_actions_for(Seat(0), &mut legal);
    println!("legal actions of seat 0:");
    for (i, a) in legal.iter().enumerate() {
        println!("{i:>3}  {a}");
    }
    // Entering the whole I completes the card: 101 points and 8 free boxes.
    let whole = legal.iter().find(|a| a.dropped() == Some(0));
    if let Some(whole) = whole {
        let end = state.apply(whole)?;
        println!("\nafter {whole}:\n{end}");
        if let Some(grid) = end.grid(Seat(0)) {
            println!("{}", grid.score_sheet());
        }
        println!("final score {:?}, {:?}", end.scores(), end.solo_rating());
    }
    Ok(())
}
