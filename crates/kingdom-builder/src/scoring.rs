//! Scoring: the 10 Kingdom Builder cards and the castles, as word operations on cell sets.

use crate::board::{neighbours, Board, Cells};
pub use crate::cards::Card;
use crate::config::Config;
use crate::groups::{self, rows};
use crate::score_counts::ScoreCounts;
use crate::state::{State, MAX_SEATS};
use dicecore::Seat;
use serde::Serialize;
use std::fmt;

/// A player's gold, card by card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Breakdown {
    /// Gold for castles.
    pub castles: i32,
    /// Gold for each of the config's 3 cards.
    pub cards: [(Card, i32); 3],
}

impl Breakdown {
    /// The total.
    pub fn total(&self) -> i32 {
        self.castles + self.cards.iter().map(|c| c.1).sum::<i32>()
    }
}

impl fmt::Display for Breakdown {
    /// `17 gold (castles 3, Fishermen 4, Knights 10, Merchants 0)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} gold (castles {}", self.total(), self.castles)?;
        for (card, gold) in &self.cards {
            write!(f, ", {card} {gold}")?;
        }
        f.write_str(")")
    }
}

/// The gold of `players[seat]` card by card, under the config's cards and Lords flag; `near`
/// is the hexes next to its settlements (kept by the state, made by a view).
pub(crate) fn breakdown_of(
    board: &Board,
    config: &Config,
    players: &[Cells],
    seat: usize,
    near: &Cells,
) -> Breakdown {
    let own = players.get(seat).copied().unwrap_or_default();
    let mut groups = None;
    let cards = config.cards.map(|c| {
        let gold = match c {
            // Hermits and Citizens read the same groups: found once.
            Card::Hermits | Card::Citizens => {
                let (count, largest) = *groups.get_or_insert_with(|| own_groups(&own));
                if c == Card::Hermits {
                    count
                } else {
                    largest / 2
                }
            }
            _ => card_near(board, c, players, seat, config.lords_zero_counts, near),
        };
        (c, gold)
    });
    Breakdown {
        castles: castles_near(board, near),
        cards,
    }
}

impl State {
    /// A seat's gold, card by card.
    pub fn breakdown(&self, seat: Seat) -> Breakdown {
        let n = (self.config.seats as usize).min(MAX_SEATS);
        let near = self.near.get(seat.index()).copied().unwrap_or_default();
        breakdown_of(
            &self.board,
            &self.config,
            &self.settlements[..n],
            seat.index(),
            &near,
        )
    }

    /// Scores as a fixed array: the totals of [`State::breakdown`], read from the counts the
    /// state keeps once its running score was read (`score_counts`), else counted on the
    /// board.
    pub(crate) fn score_array(&self) -> [i32; MAX_SEATS] {
        if let Some(counts) = self.counts.get() {
            return counts.scores(&self.config);
        }
        let mut out = [0; MAX_SEATS];
        for (s, o) in out.iter_mut().enumerate().take(self.config.seats as usize) {
            *o = self.breakdown(Seat(s as u8)).total();
        }
        out
    }

    /// The running score, read from the counts the state keeps from its first reading on.
    pub(crate) fn running_score_array(&self) -> [i32; MAX_SEATS] {
        let n = usize::from(self.config.seats).min(MAX_SEATS);
        let players = &self.settlements[..n];
        let counts = (self.counts)
            .get_or_init(|| Box::new(ScoreCounts::of(&self.board, &self.config, players)));
        counts.scores(&self.config)
    }
}

/// The number of groups of `own` and the size of the largest.
fn own_groups(own: &Cells) -> (i32, i32) {
    groups::groups(own)
}

/// 3 gold per castle hex next to at least one of `own`.
pub fn castles(board: &Board, own: &Cells) -> i32 {
    castles_near(board, &neighbours(own))
}

/// [`castles`] with the hexes next to the player's settlements given (`near`).
fn castles_near(board: &Board, near: &Cells) -> i32 {
    3 * near.and(&board.castles).count() as i32
}

/// The gold of one card for the player whose settlements are `players[seat]`.
/// `lords_zero_counts` is the Config flag of the same name.
pub fn card(
    board: &Board,
    card: Card,
    players: &[Cells],
    seat: usize,
    lords_zero_counts: bool,
) -> i32 {
    let near = players.get(seat).map(neighbours).unwrap_or_default();
    card_near(board, card, players, seat, lords_zero_counts, &near)
}

/// [`card`] with the hexes next to the player's settlements given (`near`).
fn card_near(
    board: &Board,
    card: Card,
    players: &[Cells],
    seat: usize,
    lords_zero_counts: bool,
    near: &Cells,
) -> i32 {
    let Some(own) = players.get(seat) else {
        return 0;
    };
    let n = |s: Cells| s.count() as i32;
    match card {
        Card::Fishermen => n(own.and_not(&board.water).and(&board.near_water)),
        Card::Merchants => {
            // Only the groups holding a castle or location hex count: grow those. Unless such
            // hexes touch each other, one no settlement touches is a group of its own.
            let hubs = rows(&own.or(&board.special));
            let special = rows(&board.special);
            let mut specials = rows(&if board.specials_touch {
                board.special
            } else {
                board.special.and(near)
            });
            let mut gold = 0;
            while let Some((r, c)) = groups::first(&specials) {
                let group = groups::group_at(&hubs, r, c);
                let linked = group.count_in(&special);
                group.remove_from(&mut specials);
                if linked >= 2 {
                    gold += 4 * linked;
                }
            }
            gold
        }
        Card::Discoverers => rows(own).iter().filter(|&&r| r != 0).count() as i32,
        Card::Hermits => own_groups(own).0,
        Card::Citizens => own_groups(own).1 / 2,
        Card::Miners => n(own.and(&board.near_mountain)),
        Card::Workers => n(own.and(&board.near_special)),
        Card::Knights => 2 * rows(own).iter().map(|r| r.count_ones()).max().unwrap_or(0) as i32,
        Card::Lords => {
            let mut counts = [[0usize; 4]; 4];
            for (k, p) in players.iter().enumerate().take(4) {
                counts[k] = sectors(p);
            }
            (0..4)
                .map(|q| {
                    let in_sector = counts.map(|c| c[q]);
                    lords_gold(&in_sector[..players.len().min(4)], seat, lords_zero_counts)
                })
                .sum()
        }
        Card::Farmers => 3 * sectors(own).iter().copied().min().unwrap_or(0) as i32,
    }
}

/// The number of hexes of `s` in each sector quadrant: top-left, top-right, bottom-left,
/// bottom-right (the order of [`crate::board::QUADRANTS`]), a table look-up per half row.
fn sectors(s: &Cells) -> [usize; 4] {
    /// The number of set bits of each 10-bit half row.
    const HALF_ROW: [u8; 1024] = {
        let mut t = [0u8; 1024];
        let mut i = 0;
        while i < 1024 {
            t[i] = (i as u32).count_ones() as u8;
            i += 1;
        }
        t
    };
    let mut counts = [0; 4];
    for (r, bits) in rows(s).into_iter().enumerate() {
        let top = 2 * (r / 10);
        counts[top] += usize::from(HALF_ROW[(bits & 0x3ff) as usize]);
        counts[top + 1] += usize::from(HALF_ROW[(bits >> 10 & 0x3ff) as usize]);
    }
    counts
}

/// Lords in one sector: 12 to every player with the most settlements, 6 to every player with
/// the largest count strictly below the maximum. Nothing in a sector where nobody built; with
/// `zero_counts` false a count of zero never scores.
pub fn lords_gold(counts: &[usize], seat: usize, zero_counts: bool) -> i32 {
    let Some(&mine) = counts.get(seat) else {
        return 0;
    };
    let max = counts.iter().copied().max().unwrap_or(0);
    if max == 0 || (mine == 0 && !zero_counts) {
        return 0;
    }
    if mine == max {
        return 12;
    }
    let second = counts.iter().copied().filter(|&c| c < max).max();
    if second == Some(mine) {
        6
    } else {
        0
    }
}
