//! The ten Kingdom Builder cards, three of which a game scores (the rules, "Kingdom Builder
//! cards"); how each one scores is in [`crate::scoring`].

use serde::{Deserialize, Serialize};
use std::fmt;

/// A Kingdom Builder card (3 are used per game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Card {
    /// 1 per settlement adjacent to water (and not on water).
    Fishermen,
    /// 4 per castle/location hex linked to another one through your settlements.
    Merchants,
    /// 1 per row holding a settlement of yours.
    Discoverers,
    /// 1 per settlement area.
    Hermits,
    /// Half the size of your largest settlement area, rounded down.
    Citizens,
    /// 1 per settlement adjacent to a mountain.
    Miners,
    /// 1 per settlement adjacent to a castle or location hex.
    Workers,
    /// 2 per settlement in your fullest row.
    Knights,
    /// Per sector, 12 for the most settlements, 6 for the second most.
    Lords,
    /// 3 per settlement in your emptiest sector.
    Farmers,
}

impl Card {
    /// All ten.
    pub const ALL: [Card; 10] = [
        Card::Fishermen,
        Card::Merchants,
        Card::Discoverers,
        Card::Hermits,
        Card::Citizens,
        Card::Miners,
        Card::Workers,
        Card::Knights,
        Card::Lords,
        Card::Farmers,
    ];

    /// The card's name.
    pub const fn name(self) -> &'static str {
        match self {
            Card::Fishermen => "Fishermen",
            Card::Merchants => "Merchants",
            Card::Discoverers => "Discoverers",
            Card::Hermits => "Hermits",
            Card::Citizens => "Citizens",
            Card::Miners => "Miners",
            Card::Workers => "Workers",
            Card::Knights => "Knights",
            Card::Lords => "Lords",
            Card::Farmers => "Farmers",
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
