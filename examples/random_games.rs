//! Plays seeded random games of one game on the engine alone and prints games per second: the
//! fixed workload of the speed measurements, for timing and for profilers.
//!
//! ```text
//! cargo run --release --example random_games -- <game> [players] [games] [list|sample]
//! cargo run --release --example random_games -- kingdom-builder 4 20000 sample
//! ```
//!
//! `list` (the default) picks each decision uniformly among `legal_actions_for(seat)` (one seat
//! at a time at simultaneous turns, as `Match` asks); `sample` draws it with `sample_action`,
//! the fast path. Chance comes from `sample_chance` in both. Games `1..=games` of the standard
//! config are measured after one warm-up game (game 0, which also builds the tables built once
//! per process), so under `valgrind --tool=callgrind --collect-atstart=no
//! --toggle-collect='random_games::measured*'` only the measured games count.
use std::process::ExitCode;
use std::time::Instant;
use tabula::{Dice, Game, Turn};

/// The usage line, with the registry's games.
fn usage() -> String {
    format!(
        "usage: random_games <game> [players] [games] [list|sample] (games: {})",
        tabula::games::names()
    )
}

/// `run::<G>` for the registered game `G` whose `Game::NAME` is `name`.
macro_rules! run_registered {
    ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {
        fn run_named(name: &str, players: Option<u8>, games: u64, sample: bool) -> Result<(), String> {
            $(if name == <$ty as Game>::NAME {
                return run::<$ty>(players, games, sample);
            })*
            Err(format!("unknown game {name}; {}", usage()))
        }
    };
}
tabula::for_each_game!(run_registered);

/// Plays the games `seeds` of `players`; returns the number of actions.
fn play<G: Game>(
    players: u8,
    seeds: std::ops::Range<u64>,
    sample: bool,
    dice: &mut Dice,
) -> Result<u64, String> {
    let mut buf = Vec::with_capacity(256);
    let mut actions = 0u64;
    for seed in seeds {
        let config = G::standard_config(players, seed).map_err(|e| e.to_string())?;
        let mut s = G::new(&config).map_err(|e| e.to_string())?;
        loop {
            let action = match s.turn() {
                Turn::Over => break,
                Turn::Chance => s.sample_chance(dice),
                turn => turn.next_seat().and_then(|seat| {
                    if sample {
                        s.sample_action(seat, dice, &mut buf)
                    } else {
                        s.legal_actions_for(seat, &mut buf);
                        (!buf.is_empty()).then(|| buf[dice.index(buf.len())].clone())
                    }
                }),
            };
            let action =
                action.ok_or_else(|| format!("game {seed}: no action at a {:?}", s.turn()))?;
            s.apply_in_place(&action)
                .map_err(|e| format!("game {seed}: {e}"))?;
            actions += 1;
        }
    }
    Ok(actions)
}

/// The measured games, apart so that a profiler can collect exactly them.
#[inline(never)]
fn measured<G: Game>(
    players: u8,
    games: u64,
    sample: bool,
    dice: &mut Dice,
) -> Result<u64, String> {
    play::<G>(players, 1..games + 1, sample, dice)
}

/// Warms up, measures and prints one line.
fn run<G: Game>(players: Option<u8>, games: u64, sample: bool) -> Result<(), String> {
    let players = players.unwrap_or(*G::SEATS.end());
    if !G::SEATS.contains(&players) {
        return Err(format!(
            "{} is played by {} to {} players, not {players}",
            G::NAME,
            G::SEATS.start(),
            G::SEATS.end()
        ));
    }
    let mut dice = Dice::from_seed(1);
    play::<G>(players, 0..1, sample, &mut dice)?;
    let start = Instant::now();
    let actions = measured::<G>(players, games, sample, &mut dice)?;
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} {players}p, {games} games ({}): {:.0} games/s, {:.0} ns per action, {:.1} actions per game",
        G::NAME,
        if sample { "sample_action" } else { "legal_actions" },
        games as f64 / secs,
        secs * 1e9 / actions.max(1) as f64,
        actions as f64 / games.max(1) as f64
    );
    Ok(())
}

/// Reads the arguments and runs the game they name.
fn main_inner(args: &[String]) -> Result<(), String> {
    let game = args.first().ok_or_else(usage)?;
    let players = match args.get(1) {
        Some(p) => Some(p.parse().map_err(|_| format!("not a player count: {p}"))?),
        None => None,
    };
    let games: u64 = match args.get(2) {
        Some(g) => g
            .parse()
            .map_err(|_| format!("not a number of games: {g}"))?,
        None => 10_000,
    };
    let sample = match args.get(3).map(String::as_str) {
        None | Some("list") => false,
        Some("sample") => true,
        Some(other) => return Err(format!("the driver is list or sample, not {other}")),
    };
    if args.len() > 4 {
        return Err(usage());
    }
    match tabula::games::find(game) {
        Some(found) => run_named(found.name, players, games, sample),
        None => Err(format!("unknown game {game}; {}", usage())),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match main_inner(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("random_games: {message}");
            ExitCode::from(2)
        }
    }
}
