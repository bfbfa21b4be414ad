//! The best housings solved last on this thread, by what they depend on: a game's holdings
//! change a few times a round while its scores are read far more often (an observation shows
//! its seat's score at every step; a vectorised environment reads hundreds of games in turn),
//! and the housing is the costly part of a score. A two-way set-associative table keeping the
//! last two results of each set: a pure cache (a hit returns what solving gives), never
//! shared between threads.

use super::{Holdings, Part};
use crate::components::{Card, Colour, CARD_KINDS};
use std::cell::RefCell;

/// The senate cards the housing never reads: their points are counted apart.
const UNREAD: [Card; 3] = [
    Card::ManyProvinces,
    Card::ManySenateCards,
    Card::ManyFortuna,
];

/// Sets per thread, of two entries (an entry is about 80 bytes).
const SETS: usize = 2048;

/// Everything the housing depends on: all of [`Holdings`] but the Fortuna tiles, the
/// chips and the three senate cards whose points do not depend on it (I, III and IV:
/// provinces, senate cards and Fortuna tiles counted), which only add their points.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    provinces: u32,
    patricians: u64,
    cards: [u8; CARD_KINDS],
    doubles: [(Colour, Colour); 6],
    flags: [bool; 3],
}

impl Key {
    fn of(h: &Holdings<'_>) -> Key {
        let mut cards = h.cards;
        for card in UNREAD {
            cards[card.index()] = 0;
        }
        Key {
            provinces: h.provinces,
            patricians: h.patricians,
            cards,
            doubles: *h.doubles,
            flags: [h.empty_provinces_score, h.double_one_colour, h.double_lone],
        }
    }

    /// The key's set: its holdings mixed (the doubles and flags vary little in a run).
    fn set(&self) -> usize {
        let mut x: u64 = 0xcbf2_9ce4_8422_2325;
        let cards = self
            .cards
            .chunks(8)
            .map(|c| c.iter().fold(0u64, |w, &b| w << 8 | u64::from(b)));
        for w in [u64::from(self.provinces), self.patricians]
            .into_iter()
            .chain(cards)
        {
            x = (x ^ w).wrapping_mul(0x100_0000_01b3);
            x ^= x >> 29;
        }
        (x % SETS as u64) as usize
    }
}

/// A set: the most recent entry first.
type Set = [Option<(Key, Option<Part>)>; 2];

thread_local! {
    static TABLE: RefCell<Vec<Set>> = const { RefCell::new(Vec::new()) };
}

/// The best housing of `h`: from the table, or `solve()`d and kept.
pub(super) fn best_housing(h: &Holdings<'_>, solve: impl FnOnce() -> Option<Part>) -> Option<Part> {
    let key = Key::of(h);
    let set = key.set();
    let cached = TABLE
        .try_with(|t| {
            let t = t.try_borrow().ok()?;
            t.get(set)?
                .iter()
                .flatten()
                .find(|(k, _)| *k == key)
                .copied()
        })
        .ok()
        .flatten();
    if let Some((_, best)) = cached {
        return best;
    }
    let best = solve();
    let _ = TABLE.try_with(|t| {
        if let Ok(mut t) = t.try_borrow_mut() {
            if t.is_empty() {
                t.resize(SETS, [None; 2]);
            }
            let entries = &mut t[set];
            entries[1] = entries[0];
            entries[0] = Some((key, best));
        }
    });
    best
}
