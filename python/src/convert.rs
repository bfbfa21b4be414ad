//! Conversions between the engines' values and Python's: JSON text and Python objects (through
//! the `json` module, so every engine value keeps its serde form), exact probabilities as
//! `fractions.Fraction`, and the small value classes [`Turn`] and [`PyOutcome`].

use crate::failure::Failure;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple};
use tabula::dicecore::{Outcome, Probability, SeatSet, Turn as EngineTurn};

static JSON_LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static JSON_DUMPS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static FRACTION: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The Python object of a JSON text (dicts, lists, str, int, float, bool, None).
pub fn json_to_py<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    JSON_LOADS.import(py, "json", "loads")?.call1((text,))
}

/// The JSON text of a config or state argument: a `str` is taken as JSON text as it is, any
/// other object (a dict) is written with `json.dumps`.
pub fn json_arg(value: &Bound<'_, PyAny>) -> Result<String, Failure> {
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(s.to_string_lossy().into_owned());
    }
    let py = value.py();
    JSON_DUMPS
        .import(py, "json", "dumps")
        .and_then(|dumps| dumps.call1((value,)))
        .and_then(|text| text.extract::<String>())
        .map_err(|e| Failure::Config(format!("the config is not JSON data: {e}")))
}

/// An exact probability as a `fractions.Fraction`.
pub fn fraction<'py>(py: Python<'py>, p: Probability) -> PyResult<Bound<'py, PyAny>> {
    ratio(py, p.numerator, p.denominator)
}

/// `numerator / denominator` as a `fractions.Fraction` (in lowest terms).
pub fn ratio<'py>(
    py: Python<'py>,
    numerator: u64,
    denominator: u64,
) -> PyResult<Bound<'py, PyAny>> {
    FRACTION
        .import(py, "fractions", "Fraction")?
        .call1((numerator, denominator))
}

/// The seats of a set, as a tuple of ints.
pub fn seat_tuple(set: SeatSet) -> Vec<u8> {
    set.iter().map(|s| s.0).collect()
}

/// Who acts next: `kind` is `"seat"`, `"seats"`, `"chance"` or `"over"`; `seats` lists the
/// deciding seats (one at `"seat"`, several at `"seats"`, none otherwise).
#[pyclass(module = "tabula._tabula", name = "Turn", frozen, eq)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    kind: &'static str,
    seats: Vec<u8>,
}

impl From<EngineTurn> for Turn {
    fn from(turn: EngineTurn) -> Turn {
        let (kind, seats) = match turn {
            EngineTurn::Seat(s) => ("seat", vec![s.0]),
            EngineTurn::Seats(set) => ("seats", seat_tuple(set)),
            EngineTurn::Chance => ("chance", Vec::new()),
            EngineTurn::Over => ("over", Vec::new()),
        };
        Turn { kind, seats }
    }
}

impl Turn {
    /// The kind, as in the Python attribute.
    pub fn kind_str(&self) -> &'static str {
        self.kind
    }

    /// The deciding seats.
    pub fn seat_list(&self) -> &[u8] {
        &self.seats
    }
}

#[pymethods]
impl Turn {
    /// `"seat"`, `"seats"`, `"chance"` or `"over"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.kind
    }

    /// The deciding seats (empty at chance and at the end).
    #[getter]
    fn seats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.seats)
    }

    /// The seat a sequential driver asks next: the seat to move, or the lowest of several
    /// deciding seats; `None` at chance and at the end.
    #[getter]
    fn next_seat(&self) -> Option<u8> {
        self.seats.first().copied()
    }

    /// Whether a chance event is to be resolved.
    #[getter]
    fn is_chance(&self) -> bool {
        self.kind == "chance"
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.kind == "over"
    }

    fn __repr__(&self) -> String {
        match self.kind {
            "seat" => format!("Turn(seat {})", self.seats[0]),
            "seats" => format!("Turn(seats {:?})", self.seats),
            other => format!("Turn({other})"),
        }
    }
}

/// A seat's share of one win among `players`: `1/k` for each of `k` winners, 0 for the
/// others; a game without winners shares it among all seats (the returns of the OpenSpiel
/// games, and the final reward of the RL environments).
pub fn win_share(players: usize, winners: usize, won: bool) -> f64 {
    match winners {
        0 => 1.0 / players.max(1) as f64,
        k if won => 1.0 / k as f64,
        _ => 0.0,
    }
}

/// The result of a finished game: every seat's score and the winners (ties share).
#[pyclass(module = "tabula._tabula", name = "Outcome", frozen, eq)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PyOutcome {
    scores: Vec<i32>,
    winners: Vec<u8>,
}

impl From<Outcome> for PyOutcome {
    fn from(o: Outcome) -> PyOutcome {
        PyOutcome {
            winners: seat_tuple(o.winners),
            scores: o.scores,
        }
    }
}

#[pymethods]
impl PyOutcome {
    /// Final score per seat.
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.scores.clone()
    }

    /// The winning seats, in increasing order.
    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.winners)
    }

    /// Per seat, its share of one win: `1/k` for each of `k` winners, 0 for the others; a game
    /// without winners shares it among all seats (the returns of the OpenSpiel games).
    #[getter]
    fn returns(&self) -> Vec<f64> {
        let n = self.scores.len();
        (0..n)
            .map(|i| win_share(n, self.winners.len(), self.winners.contains(&(i as u8))))
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(scores={:?}, winners={:?})",
            self.scores, self.winners
        )
    }
}
