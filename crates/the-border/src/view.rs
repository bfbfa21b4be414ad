//! What a seat sees: The Border hides nothing, so a view is the whole state.

use crate::state::State;
use dicecore::Seat;
use serde::Serialize;

/// What a seat sees. The Border has no hidden information: the whole state.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct View {
    /// Whose view.
    pub seat: Seat,
    /// The whole state (nothing is hidden).
    pub state: State,
}
