//! The entries a formation allows on a card, as bit masks: the entry patterns of a formation,
//! built once per formation, and the fast questions over them (which entries a card allows,
//! how many, the `n`-th, whether some marks are a placement at all).
//!
//! A formation turned and put anywhere (overhang allowed) writes some pattern of 1–4 symbols on
//! the card. The distinct patterns of a formation are its *families*; a family is written at
//! every *anchor* (the cell where the pattern's lowest cell lies) of a mask, so an entry is one
//! family at one anchor, and listing needs no deduplication. Whether a family's cells are free
//! at every anchor at once is the free-cell mask and three shifts of it, by the offsets of its
//! other cells.

use crate::formation::{Formation, FormationInfo, FORMATIONS};
use crate::geometry::{tables, ALL_CELLS, SIZE};
use crate::grid::Marks;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The most entry patterns any formation has (checked by a test).
pub(crate) const MAX_PATTERNS: usize = 32;

/// The most entries any formation has (on an empty card; checked by a test), so a caller's
/// buffer can be sized once.
pub(crate) const MAX_ENTRIES: usize = 272;

/// Slots of the placement look-up (a power of two, several times the most patterns, so that a
/// multiplier without collisions is found after a few tries).
const SLOT_BITS: u32 = 7;
const SLOTS: usize = 1 << SLOT_BITS;

/// One pattern of entries of a formation: 1–4 cells with their symbols (the part of some
/// turned formation that lands on the card), written at every anchor of `anchors`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Family {
    /// Anchor cells (where the pattern's lowest cell lies) at which the pattern lies on the
    /// card and is an entry of the formation.
    anchors: u64,
    /// Symbol masks (circle, triangle, cross) with the anchor on cell 0: the same for the
    /// entry at any anchor, moved down to its lowest cell.
    pub(crate) marks: [u64; 3],
    /// The offsets of the pattern's other cells from the anchor (`row * 7 + col`; 0 repeated
    /// when there are fewer than 4 cells). Kept with each family rather than once per set of
    /// cells: reading them costs less than a second table (3% more Mosaix games/s with
    /// `sample_action`).
    offsets: [u8; 3],
    /// Symbols dropped over the edge (4 minus the pattern's cells).
    drops: u8,
}

impl Family {
    /// The entry at anchor `a`.
    #[inline]
    fn at(&self, a: u32) -> Marks {
        let [c, t, x] = self.marks;
        Marks::from_bits([c << a, t << a, x << a])
    }

    /// The anchors at which this family is an entry on a card whose `free` cells are set.
    #[inline(always)]
    fn fits(&self, free: u64) -> u64 {
        let [d1, d2, d3] = self.offsets;
        self.anchors & free & (free >> d1) & (free >> d2) & (free >> d3)
    }

    /// Whether the family's masks are `normalised` (word by word: comparing the arrays whole
    /// reads them back through memory, a stall measured at a quarter of the look-up).
    #[inline]
    fn is_normalised(&self, normalised: [u64; 3]) -> bool {
        let [c, t, x] = self.marks;
        (c ^ normalised[0]) | (t ^ normalised[1]) | (x ^ normalised[2]) == 0
    }
}

/// The entry patterns of one formation and the tables over them.
pub(crate) struct EntryTable {
    /// The families, fewest drops first, the families on the same cells next to each other.
    families: Box<[Family]>,
    /// The symbol masks of family `i` at place `i`, zero past the last family (indexed by a
    /// family's number without a bounds check: 2% more Mosaix games/s than a checked look-up).
    marks: [[u64; 3]; MAX_PATTERNS],
    /// The placement look-up: family index + 1 by the slot of its normalised marks (0: none).
    slots: [u8; SLOTS],
    /// The multiplier of the slots (0 when no multiplier without collisions was found: then
    /// the families are searched one by one).
    multiplier: u64,
}

/// Slot of a family's marks for `multiplier`.
fn slot(normalised: [u64; 3], multiplier: u64) -> usize {
    let [c, t, x] = normalised;
    let key = c ^ t.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ x.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    (key.wrapping_mul(multiplier) >> (64 - SLOT_BITS)) as usize
}

impl EntryTable {
    /// The families of a formation: every turn and every position of it with at least one cell
    /// on the card, grouped by the pattern that lands on the card.
    pub(crate) fn build(info: &FormationInfo) -> EntryTable {
        let t = tables();
        let n = SIZE as i32;
        let mut patterns: BTreeMap<(u8, [u64; 3]), u64> = BTreeMap::new();
        for &(o, lab) in &info.rots[..info.n as usize] {
            let cells = t.orientations[o as usize]
                .offsets
                .map(|d| (i32::from(d) / n, i32::from(d) % n));
            let h = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
            let w = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
            for dr in 1 - h..n {
                for dc in 1 - w..n {
                    let on = |&(r, c): &(i32, i32)| {
                        (0..n).contains(&(r + dr)) && (0..n).contains(&(c + dc))
                    };
                    let (mut count, mut min_r, mut min_c) = (0, n, n);
                    for cell in cells.iter().filter(|c| on(c)) {
                        count += 1;
                        min_r = min_r.min(cell.0 + dr);
                        min_c = min_c.min(cell.1 + dc);
                    }
                    if count == 0 {
                        continue;
                    }
                    let mut marks = [0u64; 3];
                    for (cell, s) in cells.iter().zip(lab).filter(|(c, _)| on(c)) {
                        marks[s as usize] |= 1 << ((cell.0 + dr - min_r) * n + cell.1 + dc - min_c);
                    }
                    let drops = (4 - count) as u8;
                    *patterns.entry((drops, marks)).or_insert(0) |= 1 << (min_r * n + min_c);
                }
            }
        }
        let mut list: Vec<((u8, [u64; 3]), u64)> = patterns.into_iter().collect();
        // Fewest drops first; patterns on the same cells next to each other (by the masks with
        // the top left of their bounding box on cell 0: the listing order).
        list.sort_by_key(|&((drops, m), _)| (drops, m[0] | m[1] | m[2], m));
        let families: Box<[Family]> = list
            .into_iter()
            .map(|((drops, marks), corners)| {
                // From the top left of the bounding box to the lowest cell.
                let union = marks[0] | marks[1] | marks[2];
                let low = union.trailing_zeros();
                let mut offsets = [0; 3];
                let mut rest = (union >> low) & !1;
                for d in offsets.iter_mut() {
                    if rest != 0 {
                        *d = rest.trailing_zeros() as u8;
                        rest &= rest - 1;
                    }
                }
                Family {
                    anchors: corners << low,
                    marks: marks.map(|m| m >> low),
                    offsets,
                    drops,
                }
            })
            .collect();
        let (multiplier, slots) = perfect_slots(&families);
        let mut marks = [[0; 3]; MAX_PATTERNS];
        for (m, fam) in marks.iter_mut().zip(families.iter()) {
            *m = fam.marks;
        }
        EntryTable {
            families,
            marks,
            slots,
            multiplier,
        }
    }

    /// The families.
    #[cfg(test)]
    pub(crate) fn families(&self) -> &[Family] {
        &self.families
    }

    /// How many families drop at most `max_drop` symbols (they come first).
    fn within(&self, max_drop: u8) -> usize {
        if max_drop >= 3 {
            // No pattern drops more than 3.
            return self.families.len();
        }
        self.families.partition_point(|fam| fam.drops <= max_drop)
    }

    /// The entries on a card with `filled` cells that drop at most `max_drop` symbols, for
    /// listing them fast: writes into `fits[i]` the anchors at which family `i` is an entry and
    /// returns the set of families with at least one (bit `i`). Without a branch per family,
    /// so that only the families with entries cost a loop.
    pub(crate) fn fits(&self, filled: u64, max_drop: u8, fits: &mut [u64; MAX_PATTERNS]) -> u32 {
        let free = !filled & ALL_CELLS;
        // Last family first, so that the bit of family `i` arrives at place `i` by shifts.
        let mut nonempty = 0u32;
        let end = self.within(max_drop);
        for (fam, fit) in self.families[..end].iter().zip(fits.iter_mut()).rev() {
            let v = fam.fits(free);
            *fit = v;
            nonempty = nonempty << 1 | u32::from(v != 0);
        }
        nonempty
    }

    /// The family whose entries have these normalised marks, if any.
    fn family_of(&self, normalised: [u64; 3]) -> Option<&Family> {
        if self.multiplier == 0 {
            return self.families.iter().find(|f| f.is_normalised(normalised));
        }
        let i = usize::from(self.slots[slot(normalised, self.multiplier)]);
        self.families
            .get(i.wrapping_sub(1))
            .filter(|f| f.is_normalised(normalised))
    }
}

/// A multiplier that gives every family its own slot, and the slots (deterministic: the first
/// of a fixed sequence of candidates that works; `(0, _)` if none does).
fn perfect_slots(families: &[Family]) -> (u64, [u8; SLOTS]) {
    let mut candidate = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..10_000 {
        candidate = candidate
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let multiplier = candidate | 1;
        let mut slots = [0u8; SLOTS];
        let free_of_collisions = families.iter().enumerate().all(|(i, f)| {
            let s = &mut slots[slot(f.marks, multiplier)];
            let fresh = *s == 0;
            *s = i as u8 + 1;
            fresh
        });
        if free_of_collisions {
            return (multiplier, slots);
        }
    }
    (0, [0; SLOTS])
}

impl Formation {
    /// The entry patterns of this formation, built on first use.
    pub(crate) fn entry_table(&self) -> &'static EntryTable {
        /// The entry patterns of every formation, by [`Formation::key`], built on first use.
        static TABLES: [OnceLock<EntryTable>; FORMATIONS] = [const { OnceLock::new() }; FORMATIONS];
        TABLES[self.key()].get_or_init(|| EntryTable::build(self.info()))
    }

    /// Calls `f` once for every distinct entry of this formation on a card with `filled` cells
    /// that drops at most `max_drop` symbols over the edge; returns how many there were.
    pub(crate) fn for_each_entry(
        &self,
        filled: u64,
        max_drop: u8,
        mut f: impl FnMut(Marks),
    ) -> usize {
        let mut found = 0;
        for (mut valid, [c, t, x]) in self.entry_patterns(filled, max_drop) {
            while valid != 0 {
                let a = valid.trailing_zeros();
                valid &= valid - 1;
                found += 1;
                f(Marks::from_bits([c << a, t << a, x << a]));
            }
        }
        found
    }

    /// The entries of this formation on a card with `filled` cells that drop at most
    /// `max_drop` symbols, pattern by pattern: the anchors at which the pattern is an entry
    /// (possibly none) and its symbol masks with the anchor on cell 0. The entries are the
    /// masks shifted to each anchor, in this order (the order of
    /// [`Formation::for_each_entry`]).
    pub(crate) fn entry_patterns(&self, filled: u64, max_drop: u8) -> Patterns {
        let table = self.entry_table();
        Patterns {
            families: table.families[..table.within(max_drop)].iter(),
            free: !filled & ALL_CELLS,
        }
    }

    /// Appends `make(entry)` for every entry of this formation on a card with `filled` cells
    /// that drops at most `max_drop` symbols, in the order of [`Formation::for_each_entry`];
    /// returns how many.
    ///
    /// Written for speed, in two passes. The first notes the pattern of every entry, a byte
    /// each (32 at a time, so that a pattern costs one step whatever its number of entries);
    /// the second writes the entries in one loop over those bytes, taking each pattern's next
    /// anchor off its mask. Neither pass branches on how many entries a pattern has: with a
    /// loop per pattern, whose end comes at a different count for almost every pattern, the
    /// mispredicted ends cost more than the first pass.
    pub(crate) fn push_entries<T>(
        &self,
        filled: u64,
        max_drop: u8,
        out: &mut Vec<T>,
        make: impl Fn(Marks) -> T,
    ) -> usize {
        let table = self.entry_table();
        let mut fits = [0u64; MAX_PATTERNS];
        let nonempty = table.fits(filled, max_drop, &mut fits);
        // Per entry the number of its pattern, bit 7 set at a pattern's first entry.
        let mut which = [0u8; MAX_ENTRIES + 32];
        let mut len = 0;
        let mut rest = nonempty;
        while rest != 0 {
            let i = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let n = fits[usize::from(i) % MAX_PATTERNS].count_ones() as usize;
            let mut fill = [i; 32];
            fill[0] |= 0x80;
            let mut at = len;
            loop {
                if let Some(chunk) = which.get_mut(at..at + 32) {
                    chunk.copy_from_slice(&fill);
                }
                fill[0] = i;
                at += 32;
                if at >= len + n {
                    break;
                }
            }
            len += n;
        }
        let len = len.min(MAX_ENTRIES);
        let fits = &fits;
        let mut valid = 0u64;
        out.extend(which[..len].iter().map(move |&w| {
            let i = usize::from(w) % MAX_PATTERNS;
            // At a pattern's first entry its anchors are taken up. Without a branch: which
            // entry starts a pattern is as good as random.
            valid = std::hint::select_unpredictable(w >> 7 != 0, fits[i], valid);
            let a = valid.trailing_zeros();
            valid &= valid.wrapping_sub(1);
            let [c, t, x] = table.marks[i];
            make(Marks::from_bits([
                c.wrapping_shl(a),
                t.wrapping_shl(a),
                x.wrapping_shl(a),
            ]))
        }));
        len
    }

    /// The entries of this formation on a card with `filled` cells that drop at most
    /// `max_drop` symbols, counted and numbered in the order of
    /// [`Formation::for_each_entry`] without listing them (for drawing one at random).
    pub(crate) fn entry_index(&self, filled: u64, max_drop: u8) -> EntryIndex {
        let table = self.entry_table();
        let mut fits = [0u64; MAX_PATTERNS];
        let nonempty = table.fits(filled, max_drop, &mut fits);
        let patterns: &'static [Family] = &table.families;
        // Each pattern counted once, here: finding the `n`-th entry then subtracts counts.
        let mut counts = [0u8; MAX_PATTERNS];
        let mut rest = nonempty;
        let mut len = 0;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize % MAX_PATTERNS;
            rest &= rest - 1;
            let n = fits[i].count_ones();
            counts[i] = n as u8;
            len += n as usize;
        }
        EntryIndex {
            counts,
            nonempty,
            free: !filled & ALL_CELLS,
            patterns,
            len,
        }
    }

    /// How many entries the formation has on an empty card (an upper bound for any card).
    #[cfg(test)]
    pub(crate) fn max_entries(&self) -> usize {
        self.entry_index(0, 4).len()
    }

    /// Whether some entry exists (as [`Formation::for_each_entry`], stopping at the first).
    pub(crate) fn has_entry(&self, filled: u64, max_drop: u8) -> bool {
        self.entry_patterns(filled, max_drop)
            .any(|(valid, _)| valid != 0)
    }

    /// Whether `marks` is what some placement of this formation writes (ignoring what is
    /// already on the card): its symbols moved down to its lowest cell are some family's, and
    /// the family lies there on the card. One look-up, whatever the formation.
    pub(crate) fn is_placement(&self, marks: &Marks) -> bool {
        self.placement_drops(marks).is_some()
    }

    /// How many symbols drop over the edge when `marks` is what some placement of this
    /// formation writes ([`Formation::is_placement`]), `None` when it is not.
    pub(crate) fn placement_drops(&self, marks: &Marks) -> Option<u8> {
        let bits = marks.bits();
        let union = bits[0] | bits[1] | bits[2];
        if union == 0 {
            return None;
        }
        let low = union.trailing_zeros();
        // Equal normalised marks mean `marks` is the family's marks moved to anchor `low` (the
        // family's lowest cell is its cell 0), so they are well formed and on the card when
        // `low` is one of the family's anchors.
        let fam = self.entry_table().family_of(bits.map(|b| b >> low))?;
        (fam.anchors >> low & 1 == 1).then_some(fam.drops)
    }
}

/// The entries of a formation on one card, counted and numbered ([`Formation::entry_index`]).
///
/// The anchors of each pattern are not kept but found again for the one drawn: the index is
/// returned by value, and copying 256 more bytes took 3% of a profile of Mosaix's random games
/// with `sample_action`.
pub(crate) struct EntryIndex {
    /// How many entries each pattern has (at most 49).
    counts: [u8; MAX_PATTERNS],
    /// The patterns with at least one entry (bit `i`: pattern `i`).
    nonempty: u32,
    /// The card's free cells.
    free: u64,
    patterns: &'static [Family],
    len: usize,
}

impl EntryIndex {
    /// How many entries there are.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The `n`-th entry (`None` past the last).
    pub(crate) fn get(&self, mut n: usize) -> Option<Marks> {
        let mut rest = self.nonempty;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize % MAX_PATTERNS;
            rest &= rest - 1;
            let count = usize::from(self.counts[i]);
            if n >= count {
                n -= count;
                continue;
            }
            let family = self.patterns.get(i)?;
            let mut valid = family.fits(self.free);
            for _ in 0..n {
                valid &= valid - 1;
            }
            return Some(family.at(valid.trailing_zeros()));
        }
        None
    }
}

/// The entries of a formation on one card, pattern by pattern ([`Formation::entry_patterns`]).
pub(crate) struct Patterns {
    families: std::slice::Iter<'static, Family>,
    free: u64,
}

impl Iterator for Patterns {
    type Item = (u64, [u64; 3]);

    #[inline]
    fn next(&mut self) -> Option<(u64, [u64; 3])> {
        let fam = self.families.next()?;
        Some((fam.fits(self.free), fam.marks))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formation::Roll;

    #[test]
    fn table_bounds() {
        let mut best = 0;
        let mut forms = 0;
        let mut patterns = 0;
        for (roll, _) in Roll::outcomes() {
            let mut n = 0;
            Formation::all_of(*roll, |f| {
                best = best.max(f.max_entries());
                let table = f.entry_table();
                patterns = patterns.max(table.families().len());
                // Every formation has its placement look-up without collisions.
                assert_ne!(table.multiplier, 0, "{f}");
                n += 1;
            });
            forms = forms.max(n);
        }
        assert_eq!(best, MAX_ENTRIES);
        assert!(patterns <= MAX_PATTERNS, "{patterns} patterns");
        assert!(forms < MAX_ENTRIES);
    }

    /// The fast listing gives exactly the entries of `for_each_entry`, in its order, for every
    /// formation on empty, sparse and crowded cards and every number of symbols that may drop
    /// (patterns with more entries than a 32-byte step, and no entry at all, included).
    #[test]
    fn push_entries_lists_as_for_each_entry() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut over_32 = 0;
        for (roll, _) in Roll::outcomes() {
            Formation::all_of(*roll, |f| {
                let mut cards = vec![0, ALL_CELLS, ALL_CELLS & !(1 << 24)];
                for _ in 0..4 {
                    let (a, b) = (next(), next());
                    cards.push(a & b & ALL_CELLS);
                    cards.push((a | b) & ALL_CELLS);
                }
                for filled in cards {
                    for max_drop in 0..=4 {
                        let mut slow = Vec::new();
                        let n = f.for_each_entry(filled, max_drop, |m| slow.push(m));
                        let mut fast = vec![Marks::EMPTY; 3];
                        let pushed = f.push_entries(filled, max_drop, &mut fast, |m| m);
                        assert_eq!(pushed, n, "{f} on {filled:#x}, {max_drop} may drop");
                        assert_eq!(fast[..3], [Marks::EMPTY; 3], "what was there is kept");
                        assert_eq!(
                            fast[3..],
                            slow[..],
                            "{f} on {filled:#x}, {max_drop} may drop"
                        );
                        let mut fits = [0u64; MAX_PATTERNS];
                        f.entry_table().fits(filled, max_drop, &mut fits);
                        over_32 += fits.iter().filter(|v| v.count_ones() > 32).count();
                    }
                }
            });
        }
        assert!(
            over_32 > 0,
            "a pattern with more than 32 entries was listed"
        );
    }

    /// Marks that are no placement of a formation are told apart, the look-up's slot
    /// collisions with other patterns included, and so are marks that no card could hold (a
    /// cell with two symbols, a cell past the card); a placement's drops are the symbols it
    /// leaves off.
    #[test]
    fn placements_are_recognised_exactly() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for (roll, _) in Roll::outcomes() {
            Formation::all_of(*roll, |f| {
                for fam in f.entry_table().families() {
                    for a in 0..64 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        // Moved to any cell, past the card's edge and end included.
                        let m = fam.at(a);
                        assert_eq!(f.is_placement(&m), f.is_brute_placement(&m));
                        if fam.anchors >> a & 1 == 1 {
                            assert_eq!(f.placement_drops(&m), Some(4 - m.len() as u8));
                        }
                        let bits = m.bits();
                        let (from, to) = ((x % 3) as usize, ((x >> 8) % 3) as usize);
                        let cell = bits[from] & bits[from].wrapping_neg();
                        // A random symbol changed.
                        let mut other = bits;
                        other[from] &= !cell;
                        other[to] |= cell;
                        let other = Marks::from_bits(other);
                        assert_eq!(f.is_placement(&other), f.is_brute_placement(&other));
                        // A cell past the card added, or a symbol's cell given a second
                        // symbol: no card holds these.
                        let mut past = bits;
                        past[to] |= 1 << (49 + x % 15);
                        let mut doubled = bits;
                        doubled[(from + 1) % 3] |= cell;
                        for bad in [past, doubled].map(Marks::from_bits) {
                            if bad != m {
                                assert!(!bad.is_well_formed());
                                assert!(!f.is_placement(&bad), "{f}: {bad:?}");
                            }
                        }
                    }
                }
            });
        }
    }

    impl Formation {
        /// Whether `marks` is what some placement writes, by trying every family at every
        /// anchor.
        fn is_brute_placement(&self, marks: &Marks) -> bool {
            self.entry_table().families().iter().any(|fam| {
                let mut rest = fam.anchors;
                while rest != 0 {
                    let a = rest.trailing_zeros();
                    rest &= rest - 1;
                    if fam.at(a) == *marks {
                        return true;
                    }
                }
                false
            })
        }
    }
}
