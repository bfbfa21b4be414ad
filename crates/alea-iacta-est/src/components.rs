//! The components: dice faces, colours, province cards, patrician tiles, senate cards and
//! Fortuna tiles, with their true counts.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Dice per player.
pub const DICE_PER_PLAYER: u8 = 8;
/// Small province cards: 6 colours × values 1–4 plus the grey 0 wildcard.
pub const PROVINCE_CARDS: u8 = 25;
/// Patrician tiles: per colour a woman and a man of values 1, 2 and 3.
pub const PATRICIANS: u8 = 36;
/// Fortuna tiles per value 1, 2, 3 (30 in all).
pub const FORTUNA_TILES: [u8; 3] = [8, 14, 8];
/// Repete (re-roll) chips in the supply.
pub const REPETE_CHIPS: u8 = 30;
/// Senate card kinds (the double provinces counted one by one, the two jokers as one kind).
pub const CARD_KINDS: usize = 18;
/// Copies of each senate card kind (19 cards).
pub const CARD_COPIES: [u8; CARD_KINDS] = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2];

/// One of the six province and patrician colours (the sources do not name them; the engine
/// does). The grey wildcard province is not a colour of this enum.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// Red.
    Red,
    /// Blue.
    Blue,
    /// Green.
    Green,
    /// Yellow.
    Yellow,
    /// Purple.
    Purple,
    /// Orange.
    Orange,
}

impl Colour {
    /// The six colours in index order.
    pub const ALL: [Colour; 6] = [
        Colour::Red,
        Colour::Blue,
        Colour::Green,
        Colour::Yellow,
        Colour::Purple,
        Colour::Orange,
    ];

    /// Index 0–5.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Purple => "purple",
            Colour::Orange => "orange",
        })
    }
}

/// A small province card, numbered 0–24: `4 × colour + value − 1` for the coloured cards
/// (values 1–4), and 24 for the grey 0 wildcard.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Province(pub u8);

impl Province {
    /// The grey 0 wildcard province.
    pub const WILDCARD: Province = Province(24);

    /// The coloured province of `colour` and `value` (1–4).
    pub const fn new(colour: Colour, value: u8) -> Province {
        Province(colour as u8 * 4 + value.saturating_sub(1) % 4)
    }

    /// Whether the number names a card.
    pub const fn is_valid(self) -> bool {
        self.0 < PROVINCE_CARDS
    }

    /// The card's colour; `None` for the grey wildcard.
    pub const fn colour(self) -> Option<Colour> {
        if self.0 >= 24 {
            None
        } else {
            Some(Colour::ALL[(self.0 / 4) as usize])
        }
    }

    /// The printed value (0 for the wildcard).
    pub const fn value(self) -> u8 {
        if self.0 >= 24 {
            0
        } else {
            self.0 % 4 + 1
        }
    }
}

impl fmt::Display for Province {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.colour() {
            Some(c) => write!(f, "{c} {}", self.value()),
            None => f.write_str("grey 0"),
        }
    }
}

/// Sex of a patrician.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Sex {
    /// A woman.
    Woman,
    /// A man.
    Man,
}

/// A patrician tile, numbered 0–35: `6 × colour + 3 × sex + value − 1`.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Patrician(pub u8);

impl Patrician {
    /// The patrician of `colour`, `sex` and `value` (1–3).
    pub const fn new(colour: Colour, sex: Sex, value: u8) -> Patrician {
        Patrician(colour as u8 * 6 + sex as u8 * 3 + value.saturating_sub(1) % 3)
    }

    /// Whether the number names a tile.
    pub const fn is_valid(self) -> bool {
        self.0 < PATRICIANS
    }

    /// The tile's colour.
    pub const fn colour(self) -> Colour {
        Colour::ALL[((self.0 / 6) % 6) as usize]
    }

    /// Woman or man.
    pub const fn sex(self) -> Sex {
        if (self.0 % 6) < 3 {
            Sex::Woman
        } else {
            Sex::Man
        }
    }

    /// The tile's value, 1–3.
    pub const fn value(self) -> u8 {
        self.0 % 3 + 1
    }

    /// The colour-and-sex class 0–11 (`2 × colour + sex`).
    pub const fn class(self) -> usize {
        ((self.0 / 3) % 12) as usize
    }
}

impl fmt::Display for Patrician {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sex = match self.sex() {
            Sex::Woman => "woman",
            Sex::Man => "man",
        };
        write!(f, "{} {sex} {}", self.colour(), self.value())
    }
}

/// A senate card kind. The six double provinces are told apart by their index into
/// [`crate::Config::double_provinces`]; the two joker provinces are identical.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Card {
    /// I: 1 + ⌊provinces ÷ 2⌋.
    ManyProvinces,
    /// II: ⌊housed patricians ÷ 2⌋.
    ManyPatricians,
    /// III: senate cards owned + 1.
    ManySenateCards,
    /// IV: 1 + 2 × ⌊Fortuna tiles ÷ 3⌋ (not with 2–3 players).
    ManyFortuna,
    /// V: 1 + couples.
    ManyCouples,
    /// VI: distinct colours among housed patricians.
    DifferentPatricians,
    /// VII: distinct province colours.
    DifferentProvinces,
    /// VIII: small province cards holding a patrician.
    OccupiedProvinceCards,
    /// IX: housed women.
    ManyWomen,
    /// X: housed men.
    ManyMen,
    /// XI: each couple may house one extra patrician of matching colour.
    NewGeneration,
    /// XII: a double province (index 0–5 into the config's colour pairs).
    DoubleProvince(u8),
    /// XIII: a joker province.
    JokerProvince,
}

impl Card {
    /// The kind's index 0–17.
    pub const fn index(self) -> usize {
        match self {
            Card::ManyProvinces => 0,
            Card::ManyPatricians => 1,
            Card::ManySenateCards => 2,
            Card::ManyFortuna => 3,
            Card::ManyCouples => 4,
            Card::DifferentPatricians => 5,
            Card::DifferentProvinces => 6,
            Card::OccupiedProvinceCards => 7,
            Card::ManyWomen => 8,
            Card::ManyMen => 9,
            Card::NewGeneration => 10,
            Card::DoubleProvince(i) => 11 + (i as usize % 6),
            Card::JokerProvince => 17,
        }
    }

    /// Whether the card is a real card (double province index below 6).
    pub const fn is_valid(self) -> bool {
        !matches!(self, Card::DoubleProvince(i) if i >= 6)
    }

    /// The kind of an index 0–17.
    pub const fn from_index(i: usize) -> Option<Card> {
        Some(match i {
            0 => Card::ManyProvinces,
            1 => Card::ManyPatricians,
            2 => Card::ManySenateCards,
            3 => Card::ManyFortuna,
            4 => Card::ManyCouples,
            5 => Card::DifferentPatricians,
            6 => Card::DifferentProvinces,
            7 => Card::OccupiedProvinceCards,
            8 => Card::ManyWomen,
            9 => Card::ManyMen,
            10 => Card::NewGeneration,
            11..=16 => Card::DoubleProvince((i - 11) as u8),
            17 => Card::JokerProvince,
            _ => return None,
        })
    }

    /// The roman numeral printed on the card.
    pub const fn numeral(self) -> &'static str {
        const N: [&str; 13] = [
            "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
        ];
        let i = self.index();
        N[if i <= 10 {
            i
        } else if i <= 16 {
            11
        } else {
            12
        }]
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Card::ManyProvinces => "many provinces",
            Card::ManyPatricians => "many patricians",
            Card::ManySenateCards => "many senate cards",
            Card::ManyFortuna => "many Fortuna",
            Card::ManyCouples => "many couples",
            Card::DifferentPatricians => "different patricians",
            Card::DifferentProvinces => "different provinces",
            Card::OccupiedProvinceCards => "occupied province cards",
            Card::ManyWomen => "many women",
            Card::ManyMen => "many men",
            Card::NewGeneration => "new generation",
            Card::DoubleProvince(i) => return write!(f, "XII double province #{i}"),
            Card::JokerProvince => "joker province",
        };
        write!(f, "{} {name}", self.numeral())
    }
}

/// The set bits of a mask, lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            i
        })
    })
}

impl Province {
    /// The provinces of a set (bit i = province i), in number order.
    pub(crate) fn all_in(set: u32) -> impl Iterator<Item = Province> {
        bits(set as u64 & ((1 << PROVINCE_CARDS) - 1)).map(Province)
    }
}

impl Patrician {
    /// The patricians of a set (bit i = patrician i), in number order.
    pub(crate) fn all_in(set: u64) -> impl Iterator<Item = Patrician> {
        bits(set & ((1 << PATRICIANS) - 1)).map(Patrician)
    }
}

/// A multiset of die faces: how many dice show 1, 2, …, 6.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Faces(pub [u8; 6]);

impl Faces {
    /// No dice.
    pub const EMPTY: Faces = Faces([0; 6]);

    /// The multiset of a list of faces 1–6 (`None` on a bad face).
    pub fn from_values(values: &[u8]) -> Option<Faces> {
        let mut f = [0u8; 6];
        for &v in values {
            if !(1..=6).contains(&v) {
                return None;
            }
            f[(v - 1) as usize] = f[(v - 1) as usize].saturating_add(1);
        }
        Some(Faces(f))
    }

    /// How many dice show `value` (1–6; 0 for another value).
    pub const fn count(self, value: u8) -> u8 {
        if value >= 1 && value <= 6 {
            self.0[(value - 1) as usize]
        } else {
            0
        }
    }

    /// Number of dice.
    pub fn len(self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }

    /// Whether there are no dice.
    pub fn is_empty(self) -> bool {
        self.0 == [0; 6]
    }

    /// Sum of pips.
    pub fn pips(self) -> u32 {
        self.0
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as u32 + 1) * c as u32)
            .sum()
    }

    /// Whether every die of `self` is among `other`.
    pub fn is_subset_of(self, other: Faces) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a <= b)
    }

    /// The faces shown at least once, as bits (bit `v − 1` for face `v`).
    #[inline]
    pub(crate) fn presence(self) -> u8 {
        let [a, b, c, d, e, f] = self.0;
        nonzero_bytes(u64::from_le_bytes([a, b, c, d, e, f, 0, 0]))
    }

    /// One die of each face of a [`Faces::presence`] mask (bits above the sixth ignored).
    #[inline]
    pub(crate) fn from_presence(mask: u8) -> Faces {
        /// Every mask's dice.
        static DICE: [Faces; 64] = {
            let mut t = [Faces::EMPTY; 64];
            let mut m = 0;
            while m < 64 {
                let mut v = 0;
                while v < 6 {
                    t[m].0[v] = (m >> v) as u8 & 1;
                    v += 1;
                }
                m += 1;
            }
            t
        };
        DICE[(mask & 63) as usize]
    }

    /// The faces in ascending order.
    pub fn values(self) -> impl Iterator<Item = u8> {
        (1..=6u8).flat_map(move |v| std::iter::repeat_n(v, self.0[(v - 1) as usize] as usize))
    }
}

/// The bytes of `x` that are not zero, as bits (bit `i` for byte `i`, little end first), without
/// a branch: the high bit of each byte is set when the byte is not zero, then the eight high
/// bits are gathered into one byte by a multiplication (each product bit lands at its own
/// place, so nothing carries).
#[inline]
pub(crate) const fn nonzero_bytes(x: u64) -> u8 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let high = (((x & LOW7) + LOW7) | x) & !LOW7;
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

impl fmt::Display for Faces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for v in self.values() {
            if !first {
                f.write_str("-")?;
            }
            first = false;
            write!(f, "{v}")?;
        }
        if first {
            f.write_str("none")?;
        }
        Ok(())
    }
}
