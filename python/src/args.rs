//! Integer arguments from Python, checked with their names: an integer out of an argument's
//! range is a `ConfigError` that names the argument and the range (never an `OverflowError`
//! from a negative or oversized number, never a silent clamp), anything but an integer a
//! `TypeError`. Each argument is a type ([`Seed`], [`NumEnvs`], [`Threads`], [`Games`]) so a
//! signature checks it as it converts it.

use crate::env::{MAX_NUM_ENVS, MAX_THREADS};
use crate::failure::Failure;
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use std::ops::RangeInclusive;

/// The integer argument `name`, in `range`.
pub fn int_in(name: &str, obj: &Bound<'_, PyAny>, range: RangeInclusive<u64>) -> PyResult<u64> {
    let refused = || {
        let high = match *range.end() {
            u64::MAX => "2**64 - 1".to_string(),
            n => n.to_string(),
        };
        let given = obj.str().map(|s| s.to_string()).unwrap_or_default();
        Failure::Config(format!(
            "{name} must be an integer from {} to {high}, not {given}",
            range.start()
        ))
        .into()
    };
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be an integer, not bool"
        )));
    }
    match obj.extract::<u64>() {
        Ok(v) if range.contains(&v) => Ok(v),
        Ok(_) => Err(refused()),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Err(refused()),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{name} must be an integer, not {}",
            obj.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))),
    }
}

/// Declares an argument type: its Python name and range.
macro_rules! int_arg {
    ($(#[$doc:meta])* $ty:ident($inner:ty), $name:literal, $range:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $ty(pub $inner);

        impl<'a, 'py> FromPyObject<'a, 'py> for $ty {
            type Error = PyErr;

            fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
                let v = int_in($name, &obj, $range)?;
                // The range fits the type: the conversion cannot fail.
                <$inner>::try_from(v)
                    .map($ty)
                    .map_err(|_| Failure::Internal(format!("{} {v} does not fit", $name)).into())
            }
        }
    };
}

int_arg!(
    /// A seed: any integer from 0 to 2⁶⁴ − 1.
    Seed(u64),
    "seed",
    0..=u64::MAX
);
int_arg!(
    /// A number of environments: 1 to [`MAX_NUM_ENVS`], checked before anything is allocated.
    NumEnvs(usize),
    "num_envs",
    1..=MAX_NUM_ENVS as u64
);
int_arg!(
    /// A number of threads: 1 to [`MAX_THREADS`].
    Threads(usize),
    "threads",
    1..=MAX_THREADS as u64
);
int_arg!(
    /// A number of games: 0 to 2⁶⁴ − 1 (a call may bound it further).
    Games(u64),
    "games",
    0..=u64::MAX
);
int_arg!(
    /// The first game index of a part of a simulation: 0 to 2⁶⁴ − 1.
    Start(u64),
    "start",
    0..=u64::MAX
);
int_arg!(
    /// The game index a part of a simulation stops before: 0 to 2⁶⁴ − 1.
    Stop(u64),
    "stop",
    0..=u64::MAX
);
