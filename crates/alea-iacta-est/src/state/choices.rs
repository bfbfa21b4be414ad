//! The legal actions of a placement decision counted by kind: what `legal_action_count`
//! finds, kept by the state until its next action for `sample_action` to draw from (a
//! metric that counts every decision's actions would otherwise make the agent count them
//! again).

use crate::subsets::Above;

/// The legal actions at `Place` before any die is selected, counted by kind
/// (`State::place_choices`).
#[derive(Clone)]
pub(crate) struct PlaceChoices {
    /// Re-roll selections: one per value rolled, when the player has a chip.
    pub(crate) rerolls: usize,
    /// The Templum placements, and how many there are.
    pub(crate) templum: Above,
    pub(crate) templum_len: usize,
    /// Senatus, Castrum and Forum placements.
    pub(crate) sizes: [usize; 3],
}

impl std::fmt::Debug for PlaceChoices {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlaceChoices")
            .field("rerolls", &self.rerolls)
            .field("templum", &self.templum_len)
            .field("sizes", &self.sizes)
            .finish()
    }
}

impl PlaceChoices {
    /// How many actions there are: the re-roll selections and the placements, or the
    /// Latrina when there is no placement.
    pub(crate) fn len(&self) -> usize {
        let placements = self.templum_len + self.sizes.iter().sum::<usize>();
        self.rerolls + placements.max(1)
    }
}
