//! `play_random_games`: many random games played in Rust with the GIL released, so Python
//! users are not held to interpreter speed. Game `i` depends on `(seed, i)` alone, so the
//! results are the same for any number of threads.

use crate::convert::seat_tuple;
use crate::failure::Failure;
use crate::methods::Binding;
use crate::table::{config_from_json, standard_config};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use tabula::dicecore::{Dice, Game, SeatSet, Turn};

/// A game must end within this many actions (the engines' games end far sooner).
const MAX_ACTIONS: usize = 10_000_000;

/// The most games one call plays (every game's result is kept; `simulate` summarises any
/// number).
pub const MAX_GAMES: u64 = 100_000_000;

/// What to play.
pub struct Request<'a> {
    /// Player count (with the standard config of each game's seed), or `None` with `config`.
    pub players: Option<i64>,
    /// One config for every game (JSON text), instead of `players`.
    pub config: Option<&'a str>,
    /// How many games.
    pub games: u64,
    /// The master seed.
    pub seed: u64,
    /// Threads to play on (at least 1).
    pub threads: usize,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Final score per seat.
    pub scores: Vec<i32>,
    /// The winners.
    pub winners: SeatSet,
    /// Actions applied (decisions and chance outcomes).
    pub length: u64,
}

/// A seed derived from the master seed, the game's index and a stream number (SplitMix64).
pub fn derive_seed(seed: u64, index: u64, stream: u64) -> u64 {
    let mut z = seed
        ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one random game of `config` with dice seeded by `seed`: chance through
/// `sample_chance`, every seat through the engine's `sample_action`, seats of a simultaneous
/// turn asked in seat order.
pub fn play_one<G: Game>(config: &G::Config, seed: u64) -> Result<GameResult, Failure> {
    let state = G::new(config).map_err(|e| Failure::Config(e.to_string()))?;
    play_out(state, seed)
}

/// Plays `state` to its end at random (as [`play_one`]); `length` counts the actions applied
/// here.
pub fn play_out<G: Game>(mut state: G, seed: u64) -> Result<GameResult, Failure> {
    let mut dice = Dice::from_seed(seed);
    let mut scratch = Vec::new();
    for length in 0..MAX_ACTIONS as u64 {
        let action = match state.turn() {
            Turn::Over => {
                let outcome = state
                    .outcome()
                    .ok_or_else(|| Failure::Internal("a finished game has no outcome".into()))?;
                return Ok(GameResult {
                    scores: outcome.scores,
                    winners: outcome.winners,
                    length,
                });
            }
            Turn::Chance => state.sample_chance(&mut dice),
            turn => turn
                .next_seat()
                .and_then(|seat| state.sample_action(seat, &mut dice, &mut scratch)),
        };
        let action =
            action.ok_or_else(|| Failure::Internal("a seat to move has no action".into()))?;
        state
            .apply_in_place(&action)
            .map_err(|e| Failure::Internal(format!("a sampled action was refused: {e}")))?;
    }
    Err(Failure::Internal(format!(
        "a game did not end within {MAX_ACTIONS} actions"
    )))
}

/// Plays games `range` of a request (game `i`: the config of `(seed, i)`, dice of `(seed, i)`).
fn play_range<G: Game>(
    fixed: Option<&G::Config>,
    players: u8,
    seed: u64,
    range: std::ops::Range<u64>,
) -> Result<Vec<GameResult>, Failure> {
    range
        .map(|i| {
            let dice_seed = derive_seed(seed, i, 1);
            match fixed {
                Some(config) => play_one::<G>(config, dice_seed),
                None => {
                    let config = G::standard_config(players, derive_seed(seed, i, 0))
                        .map_err(|e| Failure::Config(e.to_string()))?;
                    play_one::<G>(&config, dice_seed)
                }
            }
        })
        .collect()
}

/// Plays a request on `threads` threads (contiguous blocks of the index range, in order).
pub fn play_all<G: Game>(
    fixed: Option<&G::Config>,
    players: u8,
    request_seed: u64,
    games: u64,
    threads: usize,
) -> Result<Vec<GameResult>, Failure> {
    let threads = threads.clamp(1, 256) as u64;
    let block = games.div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let range = (t * block).min(games)..((t + 1) * block).min(games);
                scope.spawn(move || play_range::<G>(fixed, players, request_seed, range))
            })
            .collect();
        let mut all = Vec::with_capacity(games.min(MAX_GAMES) as usize);
        for handle in handles {
            let part = handle
                .join()
                .map_err(|_| Failure::Internal("a simulation thread panicked".into()))??;
            all.extend(part);
        }
        Ok(all)
    })
}

/// `play_random_games` for game `G`: checks the request, then plays without the GIL.
pub fn play_random<G: Binding>(py: Python<'_>, request: &Request<'_>) -> PyResult<BatchResult> {
    let (fixed, players) = match (request.players, request.config) {
        (None, Some(text)) => {
            let config = config_from_json::<G>(text)?;
            let seats = G::new(&config)
                .map_err(|e| Failure::Config(e.to_string()))?
                .seats();
            (Some(config), seats)
        }
        (Some(p), None) => {
            let config = standard_config::<G>(p, request.seed)?;
            let seats = G::new(&config)
                .map_err(|e| Failure::Config(e.to_string()))?
                .seats();
            (None, seats)
        }
        _ => {
            return Err(
                Failure::Config("give either players or a config (not both)".to_string()).into(),
            )
        }
    };
    let (seed, games, threads) = (request.seed, request.games, request.threads);
    if games > MAX_GAMES {
        return Err(Failure::Config(format!(
            "{games} games are too many for one call (at most {MAX_GAMES}): their results are \
             kept game by game"
        ))
        .into());
    }
    let results = py.detach(|| play_all::<G>(fixed.as_ref(), players, seed, games, threads))?;
    Ok(BatchResult { players, results })
}

/// The results of `play_random_games`, game by game in index order.
#[pyclass(module = "tabula._tabula", name = "BatchResult", frozen)]
pub struct BatchResult {
    players: u8,
    results: Vec<GameResult>,
}

#[pymethods]
impl BatchResult {
    /// Final scores, one list per game.
    #[getter]
    fn scores(&self) -> Vec<Vec<i32>> {
        self.results.iter().map(|r| r.scores.clone()).collect()
    }

    /// Winning seats, one tuple per game.
    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        self.results
            .iter()
            .map(|r| PyTuple::new(py, seat_tuple(r.winners)))
            .collect()
    }

    /// Actions per game (decisions and chance outcomes).
    #[getter]
    fn lengths(&self) -> Vec<u64> {
        self.results.iter().map(|r| r.length).collect()
    }

    /// Wins per seat, a tie of `k` winners counting `1/k` for each.
    #[getter]
    fn wins(&self) -> Vec<f64> {
        let mut wins = vec![0.0; self.players as usize];
        for r in &self.results {
            let share = 1.0 / r.winners.len().max(1) as f64;
            for seat in r.winners.iter() {
                if let Some(w) = wins.get_mut(seat.index()) {
                    *w += share;
                }
            }
        }
        wins
    }

    fn __len__(&self) -> usize {
        self.results.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<tabula.BatchResult: {} games of {} players>",
            self.results.len(),
            self.players
        )
    }
}
