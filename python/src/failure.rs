//! Why a call failed, in Rust terms, and its Python exception (the classes of
//! `tabula/errors.py`): every refusal of an engine reaches Python as an exception carrying the
//! engine's message, never as a panic.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyModule, PyType};
use std::fmt;
use tabula::sim::{SimError, SpecError};

/// A refused call. Each variant is one exception class of `tabula.errors`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No game of that name (`tabula.UnknownGame`).
    UnknownGame(String),
    /// A bad player count or config (`tabula.ConfigError`).
    Config(String),
    /// An action, id or chance text refused (`tabula.IllegalAction`); the state is unchanged.
    Illegal(String),
    /// A saved state that does not load, or a history that is unknown (`tabula.LoadError`).
    Load(String),
    /// A seat that is not at the table (`tabula.TabulaError`).
    Seat(String),
    /// A replay that does not run (`tabula.ReplayError`, with the failing action's index).
    Replay {
        /// The message.
        message: String,
        /// 0-based index of the refused action, if an action was refused.
        index: Option<usize>,
        /// That action, rendered.
        action: Option<String>,
    },
    /// An environment stepped before its first reset (`tabula.errors.ResetNeeded`).
    ResetNeeded(String),
    /// An environment used after `close()` (`tabula.errors.ClosedEnvironmentError`).
    Closed(String),
    /// An engine broke its own contract (`tabula.TabulaError`); please report it.
    Internal(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::UnknownGame(m)
            | Failure::Config(m)
            | Failure::Illegal(m)
            | Failure::Load(m)
            | Failure::Seat(m)
            | Failure::ResetNeeded(m)
            | Failure::Closed(m) => f.write_str(m),
            Failure::Replay { message, .. } => f.write_str(message),
            Failure::Internal(m) => write!(f, "internal error (please report it): {m}"),
        }
    }
}

impl Failure {
    /// The name of the exception class in `tabula.errors`.
    pub fn class_name(&self) -> &'static str {
        match self {
            Failure::UnknownGame(_) => "UnknownGame",
            Failure::Config(_) => "ConfigError",
            Failure::Illegal(_) => "IllegalAction",
            Failure::Load(_) => "LoadError",
            Failure::Replay { .. } => "ReplayError",
            Failure::ResetNeeded(_) => "ResetNeeded",
            Failure::Closed(_) => "ClosedEnvironmentError",
            Failure::Seat(_) | Failure::Internal(_) => "TabulaError",
        }
    }

    fn to_pyerr(&self, py: Python<'_>) -> PyResult<PyErr> {
        static ERRORS: PyOnceLock<Py<PyModule>> = PyOnceLock::new();
        let module = ERRORS
            .get_or_try_init(py, || py.import("tabula.errors").map(Bound::unbind))?
            .bind(py);
        let class = module.getattr(self.class_name())?.cast_into::<PyType>()?;
        let kwargs = PyDict::new(py);
        if let Failure::Replay { index, action, .. } = self {
            kwargs.set_item("index", index)?;
            kwargs.set_item("action", action)?;
        }
        let exc = class.call((self.to_string(),), Some(&kwargs))?;
        Ok(PyErr::from_value(exc))
    }
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> PyErr {
        Python::attach(|py| failure.to_pyerr(py).unwrap_or_else(|e| e))
    }
}

/// The failure of a refused spec: an unknown game, or a bad player count, agent, range or
/// config (as [`tabula::table::Failure`] classifies it for both bindings).
pub fn spec_failure(e: SpecError) -> Failure {
    tabula::table::Failure::from(e).into()
}

/// The failure of a simulation that stopped (as [`tabula::table::Failure`] classifies it).
pub fn sim_failure(e: SimError) -> Failure {
    tabula::table::Failure::from(e).into()
}

/// A refusal of the facade's [`tabula::table`] (the [`Table`](crate::table::Table) both
/// bindings share), as the same kind of failure here.
impl From<tabula::table::Failure> for Failure {
    fn from(f: tabula::table::Failure) -> Failure {
        use tabula::table::Failure as F;
        match f {
            F::UnknownGame(m) => Failure::UnknownGame(m),
            F::Config(m) => Failure::Config(m),
            F::Illegal(m) => Failure::Illegal(m),
            F::Load(m) => Failure::Load(m),
            F::Seat(m) => Failure::Seat(m),
            F::Replay {
                message,
                index,
                action,
            } => Failure::Replay {
                message,
                index,
                action,
            },
            F::Internal(m) => Failure::Internal(m),
            other => Failure::Internal(other.to_string()),
        }
    }
}
