//! One Python class per game, all with the same methods (`game_class!` forwards each to the
//! generic code of `methods.rs`), and the registry that finds a game by name.

use crate::action::PyAction;
use crate::args::Seed;
use crate::batch::{self, BatchResult};
use crate::convert::{PyOutcome, Turn};
use crate::env::{EnvSpec, Envs, VecEnvCore};
use crate::failure::Failure;
use crate::methods::{self, Binding};
use crate::table::Table;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use tabula::dicecore::Game;

/// Declares the Python class `$class` for the game state `$ty`.
macro_rules! game_class {
    ($class:ident, $ty:ty, $doc:literal) => {
        #[doc = $doc]
        ///
        /// Construct with `players` and `seed` (the standard setup) or with `config` (a dict or
        /// its JSON text). See `docs/python.md` for every method.
        #[pyclass(module = "tabula._tabula")]
        pub struct $class(Table<$ty>);

        impl Binding for $ty {
            fn object(py: Python<'_>, table: Table<Self>) -> PyResult<Py<PyAny>> {
                Ok(Py::new(py, $class(table))?.into_any())
            }
            fn table_of(obj: &Bound<'_, PyAny>) -> Option<Table<Self>> {
                let obj = obj.cast::<$class>().ok()?;
                let table = obj.try_borrow().ok()?.0.clone();
                Some(table)
            }
        }

        #[pymethods]
        impl $class {
            #[new]
            #[pyo3(signature = (players=None, seed=Seed(0), *, config=None))]
            fn new(
                players: Option<i64>,
                seed: Seed,
                config: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Self> {
                Ok($class(methods::create::<$ty>(players, seed.0, config)?))
            }

            /// The game's name, as in replay files.
            #[classattr]
            fn name() -> &'static str {
                <$ty as Game>::NAME
            }

            /// The smallest supported player count.
            #[classattr]
            fn min_players() -> u8 {
                *<$ty as Game>::SEATS.start()
            }

            /// The largest supported player count.
            #[classattr]
            fn max_players() -> u8 {
                *<$ty as Game>::SEATS.end()
            }

            /// The standard config for `players` and `seed`, as a dict to edit and pass back.
            #[staticmethod]
            fn standard_config(py: Python<'_>, players: i64, seed: Seed) -> PyResult<Py<PyAny>> {
                methods::standard::<$ty>(py, players, seed.0)
            }

            /// A state from the text of `to_json()` (checked like a saved file).
            #[classmethod]
            fn from_json(_cls: &Bound<'_, pyo3::types::PyType>, text: &str) -> PyResult<Self> {
                Ok($class(Table::from_json(text)?))
            }

            /// The final state of a replay file's text (raises `ReplayError`).
            #[classmethod]
            fn run_replay(_cls: &Bound<'_, pyo3::types::PyType>, text: &str) -> PyResult<Self> {
                Ok($class(Table::run_replay(text)?))
            }

            /// The number of players.
            #[getter]
            fn players(&self) -> u8 {
                self.0.state.seats()
            }

            /// The config this game was set up from, as a dict.
            #[getter]
            fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                methods::config(py, &self.0)
            }

            /// Who acts next.
            #[getter]
            fn turn(&self) -> Turn {
                methods::turn(&self.0)
            }

            /// Whether a chance event (a roll, a draw) is to be resolved.
            #[getter]
            fn is_chance(&self) -> bool {
                self.0.turn() == tabula::dicecore::Turn::Chance
            }

            /// Whether the game is over.
            #[getter]
            fn is_over(&self) -> bool {
                self.0.turn() == tabula::dicecore::Turn::Over
            }

            /// The seat a sequential driver asks next (the lowest of several deciding seats);
            /// `None` at chance and at the end.
            #[getter]
            fn next_seat(&self) -> Option<u8> {
                self.0.turn().next_seat().map(|s| s.0)
            }

            /// The legal actions: of every seat to move, or of `seat`; the chance outcomes at a
            /// chance node.
            #[pyo3(signature = (seat=None))]
            fn legal_actions(&self, seat: Option<i64>) -> PyResult<Vec<PyAction>> {
                methods::legal_actions(&self.0, seat)
            }

            /// The sorted ids of the legal actions of `seat` (default: the seat to move; needed
            /// at a turn of several seats); the chance outcomes' ids at a chance node.
            #[pyo3(signature = (seat=None))]
            fn legal_action_ids(&self, seat: Option<i64>) -> PyResult<Vec<usize>> {
                methods::legal_ids(&self.0, seat)
            }

            /// Applies an `Action` or an id (at a turn of several seats an id needs `seat`).
            /// Raises `IllegalAction` with the engine's reason and leaves the state unchanged.
            #[pyo3(signature = (action, seat=None))]
            fn apply(&mut self, action: &Bound<'_, PyAny>, seat: Option<i64>) -> PyResult<()> {
                methods::apply(&mut self.0, action, seat)
            }

            /// The pending chance event's outcomes with exact probabilities (`Fraction`).
            fn chance_outcomes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
                methods::chance_outcomes(py, &self.0)
            }

            /// The pending chance event's outcomes as `(id, probability as float)` pairs.
            fn chance_outcome_ids(&self) -> PyResult<Vec<(usize, f64)>> {
                methods::chance_ids(&self.0)
            }

            /// The chance outcome a person typed in (what physical dice show).
            fn chance_from_text(&self, text: &str) -> PyResult<PyAction> {
                methods::chance_from_text(&self.0, text)
            }

            /// The action of an id, taken by `seat` (default: the seat to move).
            #[pyo3(signature = (id, seat=None))]
            fn action_from_id(&self, id: i64, seat: Option<i64>) -> PyResult<PyAction> {
                methods::action_from_id(&self.0, id, seat)
            }

            /// The id of an action (or of an id: checked and returned).
            fn action_id(&self, action: &Bound<'_, PyAny>) -> PyResult<usize> {
                let action = methods::engine_action(&self.0, action, None)?;
                Ok(self.0.id_of(&action)?)
            }

            /// How many action ids there are (chance outcomes included).
            #[getter]
            fn num_distinct_actions(&self) -> usize {
                self.0.id_space().0
            }

            /// How many ids chance outcomes use: they are `0 .. max_chance_outcomes`.
            #[getter]
            fn max_chance_outcomes(&self) -> usize {
                self.0.id_space().1
            }

            /// `seat`'s observation tensor, flat (row-major), from its view.
            fn observation(&self, seat: i64) -> PyResult<Vec<f32>> {
                methods::observation(&self.0, seat)
            }

            /// Writes `seat`'s observation tensor, from its view, into `out`: a writable,
            /// C-contiguous float32 numpy array of `observation_shape` (or flat), with no
            /// Python list between (the OpenSpiel observers' tensors).
            fn write_observation(
                &self,
                seat: i64,
                out: &Bound<'_, numpy::PyArrayDyn<f32>>,
            ) -> PyResult<()> {
                methods::write_observation(&self.0, seat, out)
            }

            /// The true bounds of every entry of the observation tensor, `(low, high)` (flat
            /// lists): every tensor of this config lies within them.
            fn observation_bounds(&self) -> (Vec<f32>, Vec<f32>) {
                <$ty as tabula::dicecore::Encode>::observation_bounds(self.0.state.config())
            }

            /// The shape of the observation tensor.
            #[getter]
            fn observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                PyTuple::new(py, self.0.observation_shape())
            }

            /// All that `seat` may know, as a dict.
            fn view<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
                methods::view(py, &self.0, seat)
            }

            /// All that `seat` may know, as JSON text (the engine's serde form).
            fn view_json(&self, seat: i64) -> PyResult<String> {
                methods::view_json(&self.0, seat)
            }

            /// `seat`'s view rendered for a terminal.
            fn view_text(&self, seat: i64) -> PyResult<String> {
                methods::view_text(&self.0, seat)
            }

            /// Current scores (final once the game is over).
            fn scores(&self) -> Vec<i32> {
                self.0.state.scores()
            }

            /// The result once the game is over, else `None`.
            fn outcome(&self) -> Option<PyOutcome> {
                methods::outcome(&self.0)
            }

            /// A copy in which what `seat` cannot see is resampled, consistently with its view.
            fn determinize(&self, py: Python<'_>, seat: i64, seed: Seed) -> PyResult<Py<PyAny>> {
                methods::determinize(py, &self.0, seat, seed.0)
            }

            /// The outcome of playing on from here at random (every seat uniform over its
            /// legal actions, chance by its odds), drawn with `seed`, in Rust without the GIL;
            /// the state itself is unchanged. A fast rollout for search agents.
            fn random_playout(&self, py: Python<'_>, seed: Seed) -> PyResult<PyOutcome> {
                methods::random_playout(py, &self.0, seed.0)
            }

            /// The state as JSON text (read back with `from_json`).
            fn to_json(&self) -> PyResult<String> {
                Ok(crate::table::to_json(&self.0.state)?)
            }

            /// Every action applied since the start (raises `LoadError` for a loaded state).
            fn history(&self) -> PyResult<Vec<PyAction>> {
                methods::history(&self.0)
            }

            /// The replay file of the game so far, as JSON text (`seed`: informative).
            #[pyo3(signature = (seed=Seed(0)))]
            fn replay(&self, seed: Seed) -> PyResult<String> {
                methods::replay(&self.0, seed.0)
            }

            /// An independent copy.
            fn clone(&self) -> Self {
                $class(self.0.clone())
            }

            fn __copy__(&self) -> Self {
                $class(self.0.clone())
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
                $class(self.0.clone())
            }

            fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                methods::reduce(py, &self.0)
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                methods::equal(&self.0, other)
            }

            fn __str__(&self) -> String {
                self.0.state.to_string()
            }

            fn __repr__(&self) -> String {
                methods::repr(stringify!($class), &self.0)
            }
        }
    };
}

/// `new_game(name, players, seed, config=...)` for one game.
type Create = fn(Python<'_>, Option<i64>, u64, Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>>;

/// What the module-level functions need of a game, by name.
pub struct Entry {
    /// [`Game::NAME`].
    pub name: &'static str,
    /// `new_game(name, players, seed, config=...)`.
    pub create: Create,
    /// `run_replay(text)`.
    pub run_replay: fn(Python<'_>, &str) -> PyResult<Py<PyAny>>,
    /// `_restore(name, state, history)` (pickle).
    pub restore: fn(Python<'_>, &str, Option<&str>) -> PyResult<Py<PyAny>>,
    /// `play_random_games(...)`.
    pub play_random: fn(Python<'_>, &batch::Request<'_>) -> PyResult<BatchResult>,
    /// The reinforcement-learning environments of `tabula.VecEnv` and `tabula.gymnasium`.
    pub vec_env: fn(EnvSpec) -> Result<Box<dyn VecEnvCore>, Failure>,
}

impl Entry {
    const fn of<G: Binding>() -> Entry {
        Entry {
            name: G::NAME,
            create: |py, players, seed, config| {
                G::object(py, methods::create::<G>(players, seed, config)?)
            },
            run_replay: |py, text| G::object(py, Table::<G>::run_replay(text)?),
            restore: |py, state, history| G::object(py, Table::<G>::restore(state, history)?),
            play_random: batch::play_random::<G>,
            vec_env: |spec| Ok(Box::new(Envs::<G>::new(spec)?)),
        }
    }
}

/// Declares every game of the registry (`tabula::for_each_game!`): its class, its entry in
/// [`GAMES`], and its registration in the module.
macro_rules! games {
    ($(($snake:ident, $class:ident, $ty:ty, $doc:literal)),* $(,)?) => {
        $(game_class!($class, $ty, $doc);)*

        /// Every game of the package, in the registry's order (that of `tabula.GAMES`).
        pub const GAMES: &[Entry] = &[$(Entry::of::<$ty>()),*];

        /// Adds every game class to the module.
        pub fn add_classes(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(m.add_class::<$class>()?;)*
            Ok(())
        }
    };
}

tabula::for_each_game!(games);

/// The game of a name, read as the programs read it (`tabula::games::find`:
/// `kingdom-builder`, `kingdom_builder`, `Kingdom Builder`, `KingdomBuilder`).
pub fn entry(name: &str) -> Result<&'static Entry, Failure> {
    tabula::games::find(name)
        .and_then(|found| GAMES.iter().find(|e| e.name == found.name))
        .ok_or_else(|| {
            Failure::UnknownGame(format!(
                "unknown game '{name}': the games are {}",
                tabula::games::names()
            ))
        })
}

/// The reinforcement-learning environments of the game `name` (any spelling the programs accept:
/// `kingdom-builder`, `Kingdom Builder`, ...).
pub fn for_game(name: &str, spec: EnvSpec) -> Result<Box<dyn VecEnvCore>, Failure> {
    (entry(name)?.vec_env)(spec)
}
