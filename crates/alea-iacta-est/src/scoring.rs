//! Final scoring: the optimal housing of patricians, the senate cards, Fortuna tiles and Repete
//! chips, and the tie-break value.
//!
//! A double province (card XII) houses a couple or nobody: a lone patrician there scores
//! nothing and counts as unhoused, for the tie-break and for the cards that count housed
//! patricians (II, VI, IX, X). Its couple is a woman and a man of its two different colours
//! (or of one of them, with [`Config::double_province_one_colour_couple`]).
//!
//! Housing is solved exactly, in time polynomial in the holdings. Within one colour and sex
//! the highest values are housed first (this never loses points). The small provinces of each
//! colour are solved into a table: the best contribution of that colour for every number of
//! its women and men that the flexible provinces (double and joker senate provinces and the
//! grey wildcard) take, by parity of the colour's housed patricians. The flexible provinces
//! are then filled colour by colour in a layered dynamic programme whose state records what
//! each double province holds so far, which jokers and wildcard are still empty, and the
//! parity of patricians housed (card II scores ⌊housed ÷ 2⌋). Every card bonus is additive
//! per colour or per province given that state, so the optimum is exact; the best housing
//! maximises the total and then the tie-break value. Tests compare it with a brute-force
//! enumeration of every assignment of patricians to provinces.
//!
//! The running score keeps each player's colour tables between solves and fills again only
//! those of the colours whose holdings changed; a player's Fortuna tiles and chips never touch
//! the housing, which the running score then keeps as it was.

use crate::components::{Card, Colour, Patrician, Province, CARD_KINDS};
use crate::Config;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;

/// Everything of one player that final scoring looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Holdings<'a> {
    /// Small province cards owned (bit i = [`Province`] i).
    pub provinces: u32,
    /// Patricians owned (bit i = [`Patrician`] i).
    pub patricians: u64,
    /// Senate cards owned, counted by kind ([`Card::index`]).
    pub cards: [u8; CARD_KINDS],
    /// Fortuna tiles kept, by value 1, 2, 3.
    pub fortuna: [u8; 3],
    /// Repete chips.
    pub chips: u8,
    /// The colours of the double provinces.
    pub doubles: &'a [(Colour, Colour); 6],
    /// Flag: empty small provinces score their value.
    pub empty_provinces_score: bool,
    /// Flag: a double province's couple may be of one of its colours (both red on red/blue).
    pub double_one_colour: bool,
    /// Flag: a lone patrician may be housed on a double province (rules version 1).
    pub double_lone: bool,
}

impl<'a> Holdings<'a> {
    /// No holdings, under the scoring rules of `config` (its double provinces and flags).
    pub fn empty(config: &'a Config) -> Holdings<'a> {
        Holdings {
            provinces: 0,
            patricians: 0,
            cards: [0; CARD_KINDS],
            fortuna: [0; 3],
            chips: 0,
            doubles: &config.double_provinces,
            empty_provinces_score: config.empty_provinces_score,
            double_one_colour: config.double_province_one_colour_couple,
            double_lone: config.double_province_lone_patrician,
        }
    }
}

/// A player's final score, itemised.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Breakdown {
    /// Provinces' own points (small cards, double and joker provinces).
    pub provinces: i32,
    /// Points of housed patricians.
    pub patricians: i32,
    /// Points of senate cards I–XI.
    pub senate_cards: i32,
    /// Fortuna tile values.
    pub fortuna: i32,
    /// One point per two Repete chips.
    pub chips: i32,
    /// The total.
    pub total: i32,
    /// Tie-break: the value of the highest unhoused patrician (0 if none).
    pub tie_break: u8,
    /// Patricians housed.
    pub housed: u8,
}

const GREY_BIT: u8 = 1 << 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Wild,
    Double { a: u8, b: u8 },
    Joker,
}

/// A partial score: what one colour or the flexible provinces contribute.
#[derive(Clone, Copy, Debug, Default)]
struct Part {
    provinces: i16,
    patricians: i16,
    cards: i16,
    housed: i16,
    /// Housed patricians counted again when card II is held (half points: card II scores
    /// ⌊housed ÷ 2⌋, settled once the parity is known).
    half: i16,
    tie: u8,
}

impl Part {
    fn key(&self) -> (i32, u8) {
        let points = i32::from(self.provinces) + i32::from(self.patricians) + i32::from(self.cards);
        (2 * points + i32::from(self.half), self.tie)
    }

    fn add(self, o: Part) -> Part {
        Part {
            provinces: self.provinces + o.provinces,
            patricians: self.patricians + o.patricians,
            cards: self.cards + o.cards,
            housed: self.housed + o.housed,
            half: self.half + o.half,
            tie: self.tie.max(o.tie),
        }
    }
}

fn better(a: &Option<Part>, b: &Part) -> bool {
    a.as_ref().is_none_or(|a| b.key() > a.key())
}

/// Makes the parts found, in the order found, a layer of the dynamic programme: per state key
/// the first part found, replaced by each later one that is better, in ascending order of
/// keys (what a map from key to part filled in that order holds, without its allocations).
fn settle(found: &mut Vec<(u64, Part)>) {
    // Stable: parts of one key stay in the order found.
    found.sort_by_key(|&(key, _)| key);
    found.dedup_by(|later, kept| {
        if later.0 != kept.0 {
            return false;
        }
        if later.1.key() > kept.1.key() {
            kept.1 = later.1;
        }
        true
    });
}

/// A layer of the dynamic programme: its states' keys and best parts.
type Layer = Vec<(u64, Part)>;

thread_local! {
    /// The dynamic programme's two layer buffers, kept between solves on this thread.
    static LAYERS: RefCell<[Layer; 2]> = const { RefCell::new([Vec::new(), Vec::new()]) };
}

/// This thread's layer buffers (new ones if they are in use or gone).
fn take_layers() -> [Layer; 2] {
    LAYERS
        .try_with(|l| l.try_borrow_mut().map(|mut l| std::mem::take(&mut *l)))
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default()
}

/// Gives the layer buffers back for the next solve on this thread.
fn keep_layers(layers: [Layer; 2]) {
    let _ = LAYERS.try_with(|l| {
        if let Ok(mut l) = l.try_borrow_mut() {
            *l = layers;
        }
    });
}

/// A list of at most `N` items kept in place (the search's short lists, without allocating).
#[derive(Clone, Copy, Debug)]
struct Few<T, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy, const N: usize> Few<T, N> {
    /// An empty list (`filler` fills the unused places).
    fn new(filler: T) -> Self {
        Few {
            items: [filler; N],
            len: 0,
        }
    }

    /// Adds `item` at the end (the callers never add more than `N`).
    fn push(&mut self, item: T) {
        if let Some(place) = self.items.get_mut(self.len) {
            *place = item;
            self.len += 1;
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items[..self.len].iter()
    }
}

struct Ctx<'a> {
    h: &'a Holdings<'a>,
    /// Values owned per class, highest first.
    vals: [[u8; 3]; 12],
    have: [u8; 12],
    /// Small province values per colour, highest first.
    small: [[u8; 4]; 6],
    small_len: [usize; 6],
    xi: bool,
    /// `table[c][uw][um][parity]`: the best contribution of colour `c` when the flexible
    /// provinces house `uw` women and `um` men of it, by parity of the colour's housed count
    /// (filled for the colours that are not idle).
    table: &'a mut Tables,
    /// The flexible provinces: the wildcard, a double province per kind (six), two jokers.
    flex: Few<Kind, 9>,
    small_colours: u8,
    /// Colours with nothing of their own (no patrician, no small province, no double province
    /// naming them), as bits: their table holds only the empty part, which leaves every
    /// housing as it is, so the search passes them by.
    idle: u8,
}

/// The final score of one player's holdings under the best housing.
pub fn score(h: &Holdings<'_>) -> Breakdown {
    score_housed(h, housing(h))
}

/// The best housing of the patricians of `h` ([`Housing`]): found among those solved
/// recently on this thread, or solved.
pub(crate) fn housing(h: &Holdings<'_>) -> Housing {
    Housing(recent::best_housing(h, || {
        best_housing(h, &mut Tables::default())
    }))
}

/// [`housing`], solved with `tables`, the colour tables of this player's last solve (kept by
/// the caller): only the tables of colours whose holdings changed are filled again.
pub(crate) fn housing_with(h: &Holdings<'_>, tables: &mut Tables) -> Housing {
    Housing(recent::best_housing(h, || best_housing(h, tables)))
}

/// The final score of `h` solved with `tables` (no recent housing looked up): for tests
/// comparing a solve with kept tables with a fresh one.
#[cfg(test)]
pub(crate) fn solved_with(h: &Holdings<'_>, tables: &mut Tables) -> Breakdown {
    score_housed(h, Housing(best_housing(h, tables)))
}

/// The best housing of one player's patricians, as scoring found it: it depends on the
/// provinces, patricians and senate cards only, so a caller that keeps it may score again
/// with [`score_housed`] after a change of Fortuna tiles or chips without solving or looking
/// it up.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Housing(Option<Part>);

/// The final score of `h`, whose best housing is `housing` (what [`housing`] gives for
/// these provinces, patricians and senate cards).
pub(crate) fn score_housed(h: &Holdings<'_>, housing: Housing) -> Breakdown {
    let fortuna_tiles: u8 = h.fortuna.iter().sum();
    let n_cards: i32 = h.cards.iter().map(|&c| c as i32).sum();
    let n_provinces = h.provinces.count_ones() as i32
        + (11..17).map(|i| h.cards[i] as i32).sum::<i32>()
        + h.cards[Card::JokerProvince.index()] as i32;
    let mut fixed_cards = 0;
    if h.cards[Card::ManyProvinces.index()] > 0 {
        fixed_cards += 1 + n_provinces / 2;
    }
    if h.cards[Card::ManySenateCards.index()] > 0 {
        fixed_cards += n_cards + 1;
    }
    if h.cards[Card::ManyFortuna.index()] > 0 {
        fixed_cards += 1 + 2 * (fortuna_tiles as i32 / 3);
    }
    if h.cards[Card::ManyCouples.index()] > 0 {
        fixed_cards += 1;
    }
    let fortuna = h.fortuna[0] as i32 + 2 * h.fortuna[1] as i32 + 3 * h.fortuna[2] as i32;
    let chips = h.chips as i32 / 2;
    let best = housing.0.unwrap_or_default();
    let (provinces, patricians) = (i32::from(best.provinces), i32::from(best.patricians));
    let senate_cards = i32::from(best.cards) + fixed_cards;
    Breakdown {
        provinces,
        patricians,
        senate_cards,
        fortuna,
        chips,
        total: provinces + patricians + senate_cards + fortuna + chips,
        tie_break: best.tie,
        housed: best.housed as u8,
    }
}

/// The best housing of the patricians of `h`, solved.
fn best_housing(h: &Holdings<'_>, tables: &mut Tables) -> Option<Part> {
    let xi = h.cards[Card::NewGeneration.index()] > 0;
    let mut small = [[0u8; 4]; 6];
    let mut small_len = [0usize; 6];
    let mut small_colours = 0u8;
    for colour in 0..6usize {
        for value in (1..=4u8).rev() {
            let id = colour as u8 * 4 + value - 1;
            if h.provinces & (1 << id) != 0 {
                small[colour][small_len[colour]] = value;
                small_len[colour] += 1;
                small_colours |= 1 << colour;
            }
        }
    }
    let mut vals = [[0u8; 3]; 12];
    let mut have = [0u8; 12];
    for id in (0..36u8).rev() {
        if h.patricians & (1 << id) != 0 {
            let p = Patrician(id);
            let c = p.class();
            // ids of one class run value 1..3, so descending ids give highest values first
            if (have[c] as usize) < 3 {
                vals[c][have[c] as usize] = p.value();
                have[c] += 1;
            }
        }
    }

    let mut flex = Few::new(Kind::Wild);
    if h.provinces & (1 << Province::WILDCARD.0) != 0 {
        flex.push(Kind::Wild);
    }
    for i in 0..6usize {
        for _ in 0..h.cards[Card::DoubleProvince(i as u8).index()].min(1) {
            let (a, b) = h.doubles[i];
            flex.push(Kind::Double {
                a: a.index() as u8,
                b: b.index() as u8,
            });
        }
    }
    for _ in 0..h.cards[Card::JokerProvince.index()].min(2) {
        flex.push(Kind::Joker);
    }
    let named = flex.iter().fold(0u8, |named, k| match *k {
        Kind::Double { a, b } => named | 1 << a | 1 << b,
        _ => named,
    });
    let idle = (0..6)
        .filter(|&c| have[2 * c] == 0 && have[2 * c + 1] == 0)
        .fold(0u8, |idle, c| idle | 1 << c)
        & !small_colours
        & !named;
    let mut ctx = Ctx {
        h,
        vals,
        have,
        small,
        small_len,
        xi,
        table: tables,
        flex,
        small_colours,
        idle,
    };
    ctx.build_tables();
    ctx.solve()
}

/// The best housings solved last on this thread (a pure cache).
mod recent;
/// The colour tables: each colour's best contribution for every share of its patricians
/// that the flexible provinces take.
mod tables;

pub(crate) use tables::Tables;

impl Ctx<'_> {
    fn has(&self, c: Card) -> bool {
        self.h.cards[c.index()] > 0
    }

    /// The senate provinces and the wildcard ("flexible" provinces, whose colours vary) are
    /// filled colour by colour in a layered dynamic programme. A layer's state packs, per
    /// double province, whether it holds a woman, a man and card XI's extra (3 bits each); per
    /// joker or wildcard whether it is still empty (open to a colour); the women and men of the
    /// current colour taken so far; whether a joker or wildcard took the current colour; and
    /// the parity of patricians housed (for card II). At the end of a colour its small-province
    /// table is added.
    fn solve(&self) -> Option<Part> {
        if self.flex.is_empty() {
            return self.solve_small_only();
        }
        const OPEN0: u32 = 18;
        const UW: u32 = 21;
        const UM: u32 = 23;
        const TOOK: u32 = 25;
        const PARITY: u32 = 26;
        let has_v = self.has(Card::ManyCouples);
        let has_vii = self.has(Card::DifferentProvinces);
        let has_viii = self.has(Card::OccupiedProvinceCards);
        let mut fixed_mask = self.small_colours;
        let mut open_slots = 0u64;
        let mut doubles: Few<(usize, u8, u8), 6> = Few::new((0, 0, 0)); // (bit offset index, a, b)
        let mut singles: Few<(u32, Kind), 3> = Few::new((0, Kind::Wild)); // (open bit, kind)
        for &k in self.flex.iter() {
            match k {
                Kind::Double { a, b } => {
                    fixed_mask |= (1 << a) | (1 << b);
                    doubles.push((doubles.len(), a, b));
                }
                Kind::Wild | Kind::Joker => {
                    let bit = OPEN0 + singles.len() as u32;
                    open_slots |= 1 << bit;
                    singles.push((bit, k));
                }
            }
        }
        let mut base = Part::default();
        if has_vii {
            base.cards += fixed_mask.count_ones() as i16;
        }
        // The layer, and the next one with its parts in the order found: two buffers kept
        // between solves.
        let [mut layer, mut next] = take_layers();
        layer.clear();
        layer.push((open_slots, base));
        let add = |next: &mut Vec<(u64, Part)>, key: u64, part: Part| next.push((key, part));
        // Single-colour patterns (women, men) of a wildcard or joker; with XI a couple may
        // take a third.
        let single_patterns: &[(u8, u8)] = if self.xi {
            &[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)]
        } else {
            &[(1, 0), (0, 1), (1, 1)]
        };
        for c in (0..6u8).filter(|&c| self.idle & 1 << c == 0) {
            let (hw, hm) = (self.have[2 * c as usize], self.have[2 * c as usize + 1]);
            // Without a patrician of colour c, no province takes one: the doubles and the
            // open provinces would leave every housing as it is.
            let takes = hw + hm > 0;
            // Doubles containing c.
            for &(d, a, b) in doubles.iter().filter(|_| takes) {
                if a != c && b != c {
                    continue;
                }
                let shift = 3 * d as u32;
                next.clear();
                for &(key, part) in &layer {
                    let st = (key >> shift) & 7;
                    let uw = ((key >> UW) & 3) as u8;
                    let um = ((key >> UM) & 3) as u8;
                    let w_opts: &[u64] = if st & 1 == 0 { &[0, 1] } else { &[0] };
                    let m_opts: &[u64] = if st & 2 == 0 { &[0, 1] } else { &[0] };
                    let x_opts: &[(u64, u8, u8)] = if self.xi && st & 4 == 0 {
                        &[(0, 0, 0), (1, 1, 0), (1, 0, 1)]
                    } else {
                        &[(0, 0, 0)]
                    };
                    for &aw in w_opts {
                        for &am in m_opts {
                            // The couple's two members come from its two colours.
                            if aw + am == 2 && !self.h.double_one_colour {
                                continue;
                            }
                            for &(ax, xw, xm) in x_opts {
                                let nw = uw + aw as u8 + xw;
                                let nm = um + am as u8 + xm;
                                if nw > hw || nm > hm {
                                    continue;
                                }
                                let nst = st | aw | am << 1 | ax << 2;
                                let mut k2 = key & !(7 << shift) & !(3 << UW) & !(3 << UM);
                                k2 |= nst << shift | (nw as u64) << UW | (nm as u64) << UM;
                                add(&mut next, k2, part);
                            }
                        }
                    }
                }
                settle(&mut next);
                std::mem::swap(&mut layer, &mut next);
            }
            // Open wildcard and jokers may take colour c.
            for &(bit, kind) in singles.iter().filter(|_| takes) {
                next.clear();
                for &(key, part) in &layer {
                    add(&mut next, key, part);
                    if key & (1 << bit) == 0 {
                        continue;
                    }
                    let uw = ((key >> UW) & 3) as u8;
                    let um = ((key >> UM) & 3) as u8;
                    for &(pw, pm) in single_patterns {
                        let nw = uw + pw;
                        let nm = um + pm;
                        if nw > hw || nm > hm {
                            continue;
                        }
                        let mut p2 = part;
                        if pw + pm >= 2 && has_v {
                            p2.cards += 1;
                        }
                        if kind == Kind::Joker {
                            p2.provinces += 1;
                        } else if has_viii {
                            p2.cards += 1;
                        }
                        let mut k2 = key & !(1 << bit) & !(3 << UW) & !(3 << UM);
                        k2 |= (nw as u64) << UW | (nm as u64) << UM | 1 << TOOK;
                        add(&mut next, k2, p2);
                    }
                }
                settle(&mut next);
                std::mem::swap(&mut layer, &mut next);
            }
            // Close colour c: its small provinces, card VII, and doubles finished at c.
            next.clear();
            for &(key, part) in &layer {
                let uw = ((key >> UW) & 3) as usize;
                let um = ((key >> UM) & 3) as usize;
                let mut base = part;
                if has_vii && key & (1 << TOOK) != 0 && fixed_mask & (1 << c) == 0 {
                    base.cards += 1;
                }
                let mut k2 = key & !(3 << UW) & !(3 << UM) & !(1 << TOOK);
                let mut ok = true;
                for &(d, a, b) in doubles.iter() {
                    if a.max(b) != c {
                        continue;
                    }
                    let shift = 3 * d as u32;
                    let st = (k2 >> shift) & 7;
                    // A couple or nobody: a lone patrician is not housed there (card XII),
                    // but under rules version 1's reading.
                    let couple = st & 3 == 3;
                    if st & 3 != 0 && !couple && !self.h.double_lone {
                        ok = false;
                    }
                    if st & 4 != 0 && !couple {
                        ok = false;
                    }
                    if couple {
                        base.provinces += 3;
                        if has_v {
                            base.cards += 1;
                        }
                    }
                    k2 &= !(7 << shift);
                }
                if !ok {
                    continue;
                }
                for (q, e) in self.table.tables[c as usize][uw][um].iter().enumerate() {
                    let Some(e) = e else { continue };
                    let key3 = k2 ^ ((q as u64) << PARITY);
                    add(&mut next, key3, base.add(*e));
                }
            }
            settle(&mut next);
            std::mem::swap(&mut layer, &mut next);
        }
        let best = self.best_finished(layer.iter().map(|&(key, part)| {
            let mut d = part;
            if has_vii && key & (7 << OPEN0) != 0 && fixed_mask & GREY_BIT == 0 {
                d.cards += 1;
            }
            d
        }));
        keep_layers([layer, next]);
        best
    }

    /// No flexible provinces: combine the colour tables (parity for card II) directly.
    fn solve_small_only(&self) -> Option<Part> {
        let mut base = Part::default();
        if self.has(Card::DifferentProvinces) {
            base.cards += self.small_colours.count_ones() as i16;
        }
        let mut dp: [Option<Part>; 2] = [Some(base), None];
        for c in (0..6).filter(|&c| self.idle & 1 << c == 0) {
            let entry = &self.table.tables[c][0][0];
            let mut next: [Option<Part>; 2] = [None, None];
            for (par, d) in dp.iter().enumerate() {
                let Some(d) = d else { continue };
                for (q, e) in entry.iter().enumerate() {
                    let Some(e) = e else { continue };
                    let cand = d.add(*e);
                    if better(&next[par ^ q], &cand) {
                        next[par ^ q] = Some(cand);
                    }
                }
            }
            dp = next;
        }
        self.best_finished(dp.into_iter().flatten())
    }

    /// The best of the finished `parts` of both searches, each with the Many Patricians
    /// card's points (one per two patricians housed) and its half point dropped.
    fn best_finished(&self, parts: impl Iterator<Item = Part>) -> Option<Part> {
        let many_patricians = self.has(Card::ManyPatricians);
        let mut best: Option<Part> = None;
        for mut d in parts {
            if many_patricians {
                d.cards += d.housed / 2;
            }
            d.half = 0;
            if better(&best, &d) {
                best = Some(d);
            }
        }
        best
    }
}
