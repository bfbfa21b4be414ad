//! The colour tables of the housing search: for each colour, its best contribution for every
//! number of its women and men that the flexible provinces take, by parity of the colour's
//! housed patricians, found by trying every filling of its small provinces once. A table
//! depends on its colour's holdings and the cards read only, so a solve keeps each table with
//! what it was filled from and fills again only those that changed.

use super::{better, Ctx, Part};
use crate::components::Card;

/// Small-province patterns as (women, men) housed, in the order used for symmetry breaking
/// (empty last).
const SMALL_PATTERNS: [(u8, u8); 6] = [(2, 1), (1, 2), (1, 1), (1, 0), (0, 1), (0, 0)];

/// The cards a colour's table reads: II, V, VI, VIII, IX and X held.
struct Reads {
    ii: bool,
    v: bool,
    vi: bool,
    viii: bool,
    ix: bool,
    x: bool,
}

/// One colour's table: `[uw][um][parity]`, the best contribution of the colour when the
/// flexible provinces house `uw` women and `um` men of it, by parity of the colour's housed
/// count.
pub(super) type Table = [[[Option<Part>; 2]; 4]; 4];

/// The colour tables of a solve, each with what it was filled from: a solve fills again only
/// the tables whose colour's holdings or reading changed, so that a caller keeping them
/// between solves of one player's growing holdings saves most of that work.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tables {
    /// Per colour, what its table was filled from ([`Ctx::colour_key`]; 0 = never filled).
    keys: [u32; 6],
    pub(super) tables: [Table; 6],
}

impl Ctx<'_> {
    /// Fills the colour tables: for every number of women and men the flexible provinces
    /// may take, or only for none when there are no flexible provinces (all that
    /// [`Ctx::solve_small_only`] reads).
    pub(super) fn build_tables(&mut self) {
        let flexible = !self.flex.is_empty();
        let reads = Reads {
            ii: self.has(Card::ManyPatricians),
            v: self.has(Card::ManyCouples),
            vi: self.has(Card::DifferentPatricians),
            viii: self.has(Card::OccupiedProvinceCards),
            ix: self.has(Card::ManyWomen),
            x: self.has(Card::ManyMen),
        };
        let idle = self.idle;
        for c in (0..6).filter(|&c| idle & 1 << c == 0) {
            let key = self.colour_key(c, flexible, &reads);
            if self.table.keys[c] == key {
                continue;
            }
            if self.table.keys[c] != 0 {
                // Filled before from other holdings (a new table is empty).
                self.table.tables[c] = [[[None; 2]; 4]; 4];
            }
            let mut choice = [0usize; 4];
            self.small_rec(c, flexible, &reads, 0, 0, 0, &mut choice);
            self.table.keys[c] = key;
        }
    }

    /// Everything colour `c`'s table is filled from, packed (never 0): its small provinces,
    /// its women and men, the cards read, card XI, whether there are flexible provinces, and
    /// whether empty provinces score.
    fn colour_key(&self, c: usize, flexible: bool, reads: &Reads) -> u32 {
        let provinces = (self.h.provinces >> (4 * c)) & 0xf;
        // Patrician ids run colour by colour, six to a colour (women, then men).
        let patricians = ((self.h.patricians >> (6 * c)) & 0x3f) as u32;
        let flags = [
            reads.ii,
            reads.v,
            reads.vi,
            reads.viii,
            reads.ix,
            reads.x,
            self.xi,
            flexible,
            self.h.empty_provinces_score,
        ];
        let flags = flags
            .iter()
            .enumerate()
            .fold(0u32, |bits, (i, &f)| bits | u32::from(f) << i);
        1 << 31 | flags << 10 | patricians << 4 | provinces
    }

    /// Every filling of colour `c`'s small provinces from small province `i` on, the
    /// earlier ones filled by `choice` with `sw` women and `sm` men: each filling is found
    /// once, then scored for every number of women and men the flexible provinces may
    /// take besides (none when `flexible` is false).
    #[allow(clippy::too_many_arguments)]
    fn small_rec(
        &mut self,
        c: usize,
        flexible: bool,
        reads: &Reads,
        i: usize,
        sw: u8,
        sm: u8,
        choice: &mut [usize; 4],
    ) {
        let (w, m) = (2 * c, 2 * c + 1);
        if i == self.small_len[c] {
            // What the filling gives whoever the flexible provinces take.
            let mut filled = Part::default();
            for (k, &pat) in choice[..i].iter().enumerate() {
                let (a, b) = SMALL_PATTERNS[pat];
                if a + b > 0 || self.h.empty_provinces_score {
                    filled.provinces += self.small[c][k] as i16;
                }
                if a + b > 0 && reads.viii {
                    filled.cards += 1;
                }
                if a + b >= 2 && reads.v {
                    filled.cards += 1;
                }
            }
            let (most_w, most_m) = if flexible {
                (self.have[w] - sw, self.have[m] - sm)
            } else {
                (0, 0)
            };
            for uw in 0..=most_w {
                for um in 0..=most_m {
                    self.score_filling(c, reads, uw, um, sw, sm, filled);
                }
            }
            return;
        }
        let start = if i > 0 { choice[i - 1] } else { 0 };
        for (k, &(a, b)) in SMALL_PATTERNS.iter().enumerate().skip(start) {
            if a + b == 3 && !self.xi {
                continue;
            }
            if sw + a > self.have[w] || sm + b > self.have[m] {
                continue;
            }
            choice[i] = k;
            self.small_rec(c, flexible, reads, i + 1, sw + a, sm + b, choice);
        }
    }

    /// Colour `c`'s part when its small provinces, whose filling gives `filled`, house `sw`
    /// women and `sm` men, and the flexible provinces `uw` women and `um` men: kept in the
    /// table if better than the part found first.
    #[allow(clippy::too_many_arguments)]
    fn score_filling(
        &mut self,
        c: usize,
        reads: &Reads,
        uw: u8,
        um: u8,
        sw: u8,
        sm: u8,
        filled: Part,
    ) {
        let (w, m) = (2 * c, 2 * c + 1);
        let tw = (uw + sw) as usize;
        let tm = (um + sm) as usize;
        let mut part = filled;
        part.patricians = self.vals[w][..tw].iter().map(|&v| v as i16).sum::<i16>()
            + self.vals[m][..tm].iter().map(|&v| v as i16).sum::<i16>();
        let housed = (tw + tm) as i16;
        part.housed = housed;
        if reads.ii {
            part.half = housed;
        }
        if reads.ix {
            part.cards += tw as i16;
        }
        if reads.x {
            part.cards += tm as i16;
        }
        if reads.vi && housed > 0 {
            part.cards += 1;
        }
        if tw < self.have[w] as usize {
            part.tie = part.tie.max(self.vals[w][tw]);
        }
        if tm < self.have[m] as usize {
            part.tie = part.tie.max(self.vals[m][tm]);
        }
        let slot = &mut self.table.tables[c][uw as usize][um as usize][(housed % 2) as usize];
        if better(slot, &part) {
            *slot = Some(part);
        }
    }
}
