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
    Small { colour: u8, value: u8 },
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
    fn new(kind: Kind, xi: bool) -> Slot {
        let mut s = Slot {
            kind,
            patterns: [Pattern::default(); MAX_PATTERNS],
            count: 0,
            tied_to_prev: false,
        };
        let mut push = |classes: &[u8]| {
            let mut p = Pattern::default();
            p.n = classes.len() as u8;
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
            Kind::Small { colour, .. } => single_colour(colour, &mut push),
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

struct Search<'a> {
    h: &'a Holdings<'a>,
    slots: Vec<Slot>,
    /// Values owned per class, highest first.
    vals: [[u8; 3]; 12],
    have: [u8; 12],
    used: [u8; 12],
    choice: Vec<usize>,
    best: Option<(i32, u8, Breakdown)>,
    fixed: Breakdown,
}

/// The final score of one player's holdings under the best housing.
pub fn score(h: &Holdings<'_>) -> Breakdown {
    let xi = h.cards[Card::NewGeneration.index()] > 0;
    let mut slots: Vec<Slot> = Vec::new();
    // Small provinces, grouped by colour, highest value first.
    for colour in 0..6u8 {
        let mut first = true;
        for value in (1..=4u8).rev() {
            let id = colour * 4 + value - 1;
            if h.provinces & (1 << id) != 0 {
                let mut s = Slot::new(Kind::Small { colour, value }, xi);
                s.tied_to_prev = !first;
                first = false;
                slots.push(s);
            }
        }
    }
    if h.provinces & (1 << Province::WILDCARD.0) != 0 {
        slots.push(Slot::new(Kind::Wild, xi));
    }
    for i in 0..6usize {
        for _ in 0..h.cards[Card::DoubleProvince(i as u8).index()] {
            let (a, b) = h.doubles[i];
            let (a, b) = (a.index().min(b.index()) as u8, a.index().max(b.index()) as u8);
            let mut s = Slot::new(Kind::Double { a, b }, xi);
            s.tied_to_prev = matches!(slots.last(), Some(p) if p.kind == s.kind);
            slots.push(s);
        }
    }
    for k in 0..h.cards[Card::JokerProvince.index()] {
        let mut s = Slot::new(Kind::Joker, xi);
        s.tied_to_prev = k > 0;
        slots.push(s);
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
    let fixed = Breakdown {
        senate_cards: fixed_cards,
        fortuna: h.fortuna[0] as i32 + 2 * h.fortuna[1] as i32 + 3 * h.fortuna[2] as i32,
        chips: h.chips as i32 / 2,
        ..Breakdown::default()
    };
    let n = slots.len();
    let mut search = Search {
        h,
        slots,
        vals,
        have,
        used: [0; 12],
        choice: vec![0; n],
        best: None,
        fixed,
    };
    search.dfs(0);
    search.best.map(|b| b.2).unwrap_or(fixed)
}

impl Search<'_> {
    fn dfs(&mut self, i: usize) {
        if i == self.slots.len() {
            self.leaf();
            return;
        }
        let start = if self.slots[i].tied_to_prev && i > 0 {
            self.choice[i - 1]
        } else {
            0
        };
        for k in start..self.slots[i].count {
            let p = self.slots[i].patterns[k];
            let mut ok = true;
            for j in 0..p.n as usize {
                let c = p.classes[j] as usize;
                self.used[c] += 1;
                if self.used[c] > self.have[c] {
                    ok = false;
                }
            }
            if ok {
                self.choice[i] = k;
                self.dfs(i + 1);
            }
            for j in 0..p.n as usize {
                self.used[p.classes[j] as usize] -= 1;
            }
        }
    }

    fn leaf(&mut self) {
        let h = self.h;
        let mut b = self.fixed;
        let mut women = 0i32;
        let mut men = 0i32;
        let mut colours = 0u8;
        let mut tie = 0u8;
        for c in 0..12 {
            let u = self.used[c] as usize;
            for v in &self.vals[c][..u] {
                b.patricians += *v as i32;
            }
            if u > 0 {
                colours |= 1 << (c / 2);
                if c % 2 == 0 {
                    women += u as i32;
                } else {
                    men += u as i32;
                }
            }
            if u < self.have[c] as usize {
                tie = tie.max(self.vals[c][u]);
            }
        }
        let mut couples = 0i32;
        let mut occupied_small = 0i32;
        let mut prov_colours = 0u8;
        for (slot, &k) in self.slots.iter().zip(self.choice.iter()) {
            let p = slot.patterns[k];
            let occ = p.n > 0;
            if p.n >= 2 {
                couples += 1;
            }
            match slot.kind {
                Kind::Small { colour, value } => {
                    prov_colours |= 1 << colour;
                    if occ {
                        occupied_small += 1;
                    }
                    if occ || h.empty_provinces_score {
                        b.provinces += value as i32;
                    }
                }
                Kind::Wild | Kind::Joker => {
                    if occ {
                        prov_colours |= 1 << (p.classes[0] / 2);
                        if slot.kind == Kind::Wild {
                            occupied_small += 1;
                        } else {
                            b.provinces += 1;
                        }
                    } else {
                        prov_colours |= GREY_BIT;
                    }
                }
                Kind::Double { a, b: bb } => {
                    prov_colours |= (1 << a) | (1 << bb);
                    if p.n >= 2 {
                        b.provinces += 3;
                    }
                }
            }
        }
        let housed = women + men;
        let has = |c: Card| h.cards[c.index()] > 0;
        let mut cards = 0;
        if has(Card::ManyPatricians) {
            cards += housed / 2;
        }
        if has(Card::ManyCouples) {
            cards += 1 + couples;
        }
        if has(Card::DifferentPatricians) {
            cards += colours.count_ones() as i32;
        }
        if has(Card::DifferentProvinces) {
            cards += prov_colours.count_ones() as i32;
        }
        if has(Card::OccupiedProvinceCards) {
            cards += occupied_small;
        }
        if has(Card::ManyWomen) {
            cards += women;
        }
        if has(Card::ManyMen) {
            cards += men;
        }
        b.senate_cards += cards;
        b.total = b.provinces + b.patricians + b.senate_cards + b.fortuna + b.chips;
        b.tie_break = tie;
        b.housed = housed as u8;
        let better = match self.best {
            None => true,
            Some((t, tb, _)) => (b.total, tie) > (t, tb),
        };
        if better {
            self.best = Some((b.total, tie, b));
        }
    }
}
