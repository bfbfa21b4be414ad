//! Final scoring: the optimal housing of patricians, the senate cards, Fortuna tiles and Repete
//! chips, and the tie-break value.
//!
//! Housing is searched exactly: every owned province (small cards, double and joker senate
//! provinces) gets an occupancy pattern (empty, a woman, a man, a couple, with card XI a couple
//! plus one extra), and a depth-first search over the provinces keeps the patterns the owned
//! patricians allow. Within one colour-and-sex class the highest values are housed first (this
//! never loses points), and provinces that are interchangeable are given patterns in a fixed
//! order, which prunes symmetric assignments without losing the optimum. The best assignment
//! maximises the total score and then the tie-break value.

use crate::components::{Card, Colour, Patrician, Province, CARD_KINDS};
use serde::{Deserialize, Serialize};

/// Everything of one player that final scoring looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// One occupancy pattern: the classes (2 × colour + sex) it houses.
#[derive(Clone, Copy, Debug, Default)]
struct Pattern {
    classes: [u8; 3],
    n: u8,
}

const MAX_PATTERNS: usize = 32;

struct Slot {
    kind: Kind,
    patterns: [Pattern; MAX_PATTERNS],
    count: usize,
    /// The previous slot is interchangeable with this one: use a pattern index at least as
    /// large (patterns are ordered so that "empty" comes last).
    tied_to_prev: bool,
}

impl Slot {
    /// The slot's patterns that the owned patricians (`have` per class) allow at all.
    fn new(kind: Kind, xi: bool, have: &[u8; 12]) -> Slot {
        let mut s = Slot {
            kind,
            patterns: [Pattern::default(); MAX_PATTERNS],
            count: 0,
            tied_to_prev: false,
        };
        let mut push = |classes: &[u8]| {
            let mut need = [0u8; 12];
            for &c in classes {
                need[c as usize] += 1;
                if need[c as usize] > have[c as usize] {
                    return;
                }
            }
            let mut p = Pattern {
                n: classes.len() as u8,
                ..Pattern::default()
            };
            p.classes[..classes.len()].copy_from_slice(classes);
            s.patterns[s.count] = p;
            s.count += 1;
        };
        let single_colour = |c: u8, push: &mut dyn FnMut(&[u8])| {
            let (w, m) = (2 * c, 2 * c + 1);
            if xi {
                push(&[w, m, w]);
                push(&[w, m, m]);
            }
            push(&[w, m]);
            push(&[w]);
            push(&[m]);
        };
        match kind {
            Kind::Wild | Kind::Joker => {
                for c in 0..6 {
                    single_colour(c, &mut push);
                }
            }
            Kind::Double { a, b } => {
                for wc in [a, b] {
                    for mc in [a, b] {
                        if xi {
                            for ec in [a, b] {
                                push(&[2 * wc, 2 * mc + 1, 2 * ec]);
                                push(&[2 * wc, 2 * mc + 1, 2 * ec + 1]);
                            }
                        }
                        push(&[2 * wc, 2 * mc + 1]);
                    }
                }
                for c in [a, b] {
                    push(&[2 * c]);
                    push(&[2 * c + 1]);
                }
            }
        }
        push(&[]);
        s
    }
}

/// A partial score: what one colour or the flexible provinces contribute.
#[derive(Clone, Copy, Debug, Default)]
struct Part {
    provinces: i32,
    patricians: i32,
    cards: i32,
    housed: i32,
    /// Housed patricians counted again when card II is held (half points: card II scores
    /// ⌊housed ÷ 2⌋, settled once the parity is known).
    half: i32,
    tie: u8,
}

impl Part {
    fn key(&self) -> (i32, u8) {
        (
            2 * (self.provinces + self.patricians + self.cards) + self.half,
            self.tie,
        )
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

/// Small-province patterns as (women, men) housed, in the order used for symmetry breaking
/// (empty last).
const SMALL_PATTERNS: [(u8, u8); 6] = [(2, 1), (1, 2), (1, 1), (1, 0), (0, 1), (0, 0)];

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
    /// provinces house `uw` women and `um` men of it, by parity of the colour's housed count.
    table: [[[[Option<Part>; 2]; 4]; 4]; 6],
    flex: Vec<Slot>,
    flex_choice: Vec<usize>,
    used: [u8; 12],
    small_colours: u8,
    best: Option<Part>,
}

/// The final score of one player's holdings under the best housing.
pub fn score(h: &Holdings<'_>) -> Breakdown {
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

    let mut flex: Vec<Slot> = Vec::new();
    if h.provinces & (1 << Province::WILDCARD.0) != 0 {
        flex.push(Slot::new(Kind::Wild, xi, &have));
    }
    for i in 0..6usize {
        for _ in 0..h.cards[Card::DoubleProvince(i as u8).index()] {
            let (a, b) = h.doubles[i];
            let (a, b) = (
                a.index().min(b.index()) as u8,
                a.index().max(b.index()) as u8,
            );
            let mut s = Slot::new(Kind::Double { a, b }, xi, &have);
            s.tied_to_prev = matches!(flex.last(), Some(p) if p.kind == s.kind);
            flex.push(s);
        }
    }
    for k in 0..h.cards[Card::JokerProvince.index()] {
        let mut s = Slot::new(Kind::Joker, xi, &have);
        s.tied_to_prev = k > 0;
        flex.push(s);
    }

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

    let n = flex.len();
    let mut ctx = Ctx {
        h,
        vals,
        have,
        small,
        small_len,
        xi,
        table: [[[[None; 2]; 4]; 4]; 6],
        flex,
        flex_choice: vec![0; n],
        used: [0; 12],
        small_colours,
        best: None,
    };
    ctx.build_tables();
    ctx.dfs(0);
    let best = ctx.best.unwrap_or_default();
    let senate_cards = best.cards + fixed_cards;
    Breakdown {
        provinces: best.provinces,
        patricians: best.patricians,
        senate_cards,
        fortuna,
        chips,
        total: best.provinces + best.patricians + senate_cards + fortuna + chips,
        tie_break: best.tie,
        housed: best.housed as u8,
    }
}

impl Ctx<'_> {
    fn has(&self, c: Card) -> bool {
        self.h.cards[c.index()] > 0
    }

    fn build_tables(&mut self) {
        for c in 0..6 {
            let (w, m) = (2 * c, 2 * c + 1);
            for uw in 0..=self.have[w] {
                for um in 0..=self.have[m] {
                    let mut choice = [0usize; 4];
                    self.small_rec(c, uw, um, 0, 0, 0, &mut choice);
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn small_rec(
        &mut self,
        c: usize,
        uw: u8,
        um: u8,
        i: usize,
        sw: u8,
        sm: u8,
        choice: &mut [usize; 4],
    ) {
        let (w, m) = (2 * c, 2 * c + 1);
        if i == self.small_len[c] {
            let tw = (uw + sw) as usize;
            let tm = (um + sm) as usize;
            let mut part = Part {
                patricians: self.vals[w][..tw].iter().map(|&v| v as i32).sum::<i32>()
                    + self.vals[m][..tm].iter().map(|&v| v as i32).sum::<i32>(),
                ..Part::default()
            };
            let mut occupied = 0;
            let mut couples = 0;
            for (k, &pat) in choice[..i].iter().enumerate() {
                let (a, b) = SMALL_PATTERNS[pat];
                if a + b > 0 {
                    occupied += 1;
                }
                if a + b >= 2 {
                    couples += 1;
                }
                if a + b > 0 || self.h.empty_provinces_score {
                    part.provinces += self.small[c][k] as i32;
                }
            }
            let housed = (tw + tm) as i32;
            part.housed = housed;
            if self.has(Card::ManyPatricians) {
                part.half = housed;
            }
            if self.has(Card::OccupiedProvinceCards) {
                part.cards += occupied;
            }
            if self.has(Card::ManyCouples) {
                part.cards += couples;
            }
            if self.has(Card::ManyWomen) {
                part.cards += tw as i32;
            }
            if self.has(Card::ManyMen) {
                part.cards += tm as i32;
            }
            if self.has(Card::DifferentPatricians) && housed > 0 {
                part.cards += 1;
            }
            if tw < self.have[w] as usize {
                part.tie = part.tie.max(self.vals[w][tw]);
            }
            if tm < self.have[m] as usize {
                part.tie = part.tie.max(self.vals[m][tm]);
            }
            let slot = &mut self.table[c][uw as usize][um as usize][(housed % 2) as usize];
            if better(slot, &part) {
                *slot = Some(part);
            }
            return;
        }
        let start = if i > 0 { choice[i - 1] } else { 0 };
        for (k, &(a, b)) in SMALL_PATTERNS.iter().enumerate().skip(start) {
            if a + b == 3 && !self.xi {
                continue;
            }
            if uw + sw + a > self.have[w] || um + sm + b > self.have[m] {
                continue;
            }
            choice[i] = k;
            self.small_rec(c, uw, um, i + 1, sw + a, sm + b, choice);
        }
    }

    fn dfs(&mut self, i: usize) {
        if i == self.flex.len() {
            self.leaf();
            return;
        }
        let start = if self.flex[i].tied_to_prev && i > 0 {
            self.flex_choice[i - 1]
        } else {
            0
        };
        for k in start..self.flex[i].count {
            let p = self.flex[i].patterns[k];
            let mut ok = true;
            for j in 0..p.n as usize {
                let c = p.classes[j] as usize;
                self.used[c] += 1;
                if self.used[c] > self.have[c] {
                    ok = false;
                }
            }
            if ok {
                self.flex_choice[i] = k;
                self.dfs(i + 1);
            }
            for j in 0..p.n as usize {
                self.used[p.classes[j] as usize] -= 1;
            }
        }
    }

    fn leaf(&mut self) {
        let mut base = Part::default();
        let mut prov_colours = self.small_colours;
        let mut couples = 0;
        let mut occupied_wild = 0;
        for (slot, &k) in self.flex.iter().zip(self.flex_choice.iter()) {
            let p = slot.patterns[k];
            let occ = p.n > 0;
            if p.n >= 2 {
                couples += 1;
            }
            match slot.kind {
                Kind::Wild | Kind::Joker => {
                    if occ {
                        prov_colours |= 1 << (p.classes[0] / 2);
                        if slot.kind == Kind::Wild {
                            occupied_wild += 1;
                        } else {
                            base.provinces += 1;
                        }
                    } else {
                        prov_colours |= GREY_BIT;
                    }
                }
                Kind::Double { a, b } => {
                    prov_colours |= (1 << a) | (1 << b);
                    if p.n >= 2 {
                        base.provinces += 3;
                    }
                }
            }
        }
        if self.has(Card::ManyCouples) {
            base.cards += couples;
        }
        if self.has(Card::OccupiedProvinceCards) {
            base.cards += occupied_wild;
        }
        if self.has(Card::DifferentProvinces) {
            base.cards += prov_colours.count_ones() as i32;
        }
        let mut dp: [Option<Part>; 2] = [Some(base), None];
        for c in 0..6 {
            let entry = &self.table[c][self.used[2 * c] as usize][self.used[2 * c + 1] as usize];
            let mut next: [Option<Part>; 2] = [None, None];
            for (par, d) in dp.iter().enumerate() {
                let Some(d) = d else { continue };
                for (q, e) in entry.iter().enumerate() {
                    let Some(e) = e else { continue };
                    let cand = d.add(*e);
                    let slot = &mut next[par ^ q];
                    if better(slot, &cand) {
                        *slot = Some(cand);
                    }
                }
            }
            dp = next;
        }
        let many_patricians = self.has(Card::ManyPatricians);
        for mut d in dp.into_iter().flatten() {
            if many_patricians {
                d.cards += d.housed / 2;
            }
            d.half = 0;
            if better(&self.best, &d) {
                self.best = Some(d);
            }
        }
    }
}
