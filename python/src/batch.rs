//! `play_random_games`: many random games played in Rust with the GIL released, so Python
//! users are not held to interpreter speed. The games are those of `simulate` with `random`
//! agents: one play loop (`tabula::sim::play_one`) and one seed scheme (`dicecore::seeds`), so
//! game `i` of seed `s` is the same game in both, on any number of threads.

use crate::convert::{ratio, seat_tuple};
use crate::failure::Failure;
use crate::methods::Binding;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use tabula::dicecore::Game;
use tabula::sim::{Spec, WIN_UNIT};

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

/// One finished game (the facade's, shared with the WebAssembly package).
pub use tabula::table::GameResult;

/// Plays games `range` of `spec` with `tabula-sim`'s play loop
/// ([`tabula::table::play_games`]): game `i` is game `i` of `simulate` with the same seed and
/// `random` agents.
fn play_range<G: Game>(
    spec: &Spec<G::Config>,
    range: std::ops::Range<u64>,
) -> Result<Vec<GameResult>, Failure> {
    Ok(tabula::table::play_games::<G>(spec, range)?)
}

/// Plays games `0..spec.games` on `threads` threads (contiguous blocks of the index range, in
/// order); the results do not depend on the threads.
pub fn play_all<G: Game>(
    spec: &Spec<G::Config>,
    threads: usize,
) -> Result<Vec<GameResult>, Failure> {
    let games = spec.games;
    let threads = threads.clamp(1, 256) as u64;
    let block = games.div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let range = (t * block).min(games)..((t + 1) * block).min(games);
                scope.spawn(move || play_range::<G>(spec, range))
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

/// The spec of a request: `random` agents at every seat, the standard config of each game's
/// seed for `players`, or one fixed config ([`tabula::table::random_games`]).
pub fn spec<G: Game>(request: &Request<'_>) -> Result<Spec<G::Config>, Failure> {
    let spec = tabula::table::random_games::<G>(
        request.players,
        request.config,
        request.games,
        request.seed,
    )?;
    if request.games > MAX_GAMES {
        return Err(Failure::Config(format!(
            "{} games are too many for one call (at most {MAX_GAMES}): their results are \
             kept game by game",
            request.games
        )));
    }
    Ok(spec)
}

/// `play_random_games` for game `G`: checks the request, then plays without the GIL.
pub fn play_random<G: Binding>(py: Python<'_>, request: &Request<'_>) -> PyResult<BatchResult> {
    let spec = spec::<G>(request)?;
    let results = py.detach(|| play_all::<G>(&spec, request.threads))?;
    Ok(BatchResult {
        players: spec.players,
        results,
    })
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

    /// Wins per seat, exact (`fractions.Fraction`), a tie of `k` winners counting `1/k` for
    /// each.
    #[getter]
    fn wins<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        // Counted in units of 1 / WIN_UNIT of a game, which every number of winners divides.
        let mut units = vec![0u64; self.players as usize];
        for r in &self.results {
            let share = WIN_UNIT / r.winners.len().max(1) as u64;
            for seat in r.winners.iter() {
                if let Some(w) = units.get_mut(seat.index()) {
                    *w += share;
                }
            }
        }
        units.into_iter().map(|u| ratio(py, u, WIN_UNIT)).collect()
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
