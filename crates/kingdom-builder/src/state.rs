//! The game state, its turn structure, legality and the `Game` implementation.

use crate::board::{
    neighbours, shift, Board, Cell, Cells, Terrain, Tile, JUMPS, MAX_LOCATIONS, NEIGHBOURS,
};
use crate::config::Config;
use crate::scoring::{self, Card};
use crate::Error;
use dicecore::{Dice, Game, Outcome, Probability, Seat, Turn};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Settlements per player.
pub const SETTLEMENTS: u8 = 40;
/// Most players.
pub const MAX_SEATS: usize = 4;
/// Cards of each terrain in the deck.
pub const CARDS_PER_TERRAIN: u8 = 5;
/// Placements of the mandatory build.
pub const MANDATORY: u8 = 3;

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// Chance: dealing the opening hands (the next seat from the start player without a card
    /// draws one).
    Deal,
    /// The active seat plays its turn.
    Play,
    /// Chance: the active seat draws a replacement card during its turn (redraw rule).
    Redraw,
    /// Chance: the active seat, whose turn just ended, draws its next card.
    Refill,
    /// The game is over.
    Over,
}

/// A decision of a seat, or a card draw (chance).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Action {
    /// Chance: the card drawn is of this terrain.
    Draw(Terrain),
    /// One placement of the mandatory build.
    Build {
        /// The acting seat.
        seat: Seat,
        /// Where.
        cell: Cell,
    },
    /// Use a building tile (Oracle, Farm, Oasis, Tower, Tavern).
    TileBuild {
        /// The acting seat.
        seat: Seat,
        /// The tile used.
        tile: Tile,
        /// Where.
        cell: Cell,
    },
    /// Start a move with a moving tile (Barn, Harbor, Paddock): lift the settlement at `from`.
    Lift {
        /// The acting seat.
        seat: Seat,
        /// The tile used.
        tile: Tile,
        /// The settlement lifted.
        from: Cell,
    },
    /// Finish the move: put the lifted settlement on `cell`.
    MoveTo {
        /// The acting seat.
        seat: Seat,
        /// Where.
        cell: Cell,
    },
    /// End the turn (after the mandatory build): discard the card and draw a new one.
    EndTurn(Seat),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Draw(t) => write!(f, "a {t} card is drawn"),
            Action::Build { seat, cell } => write!(f, "{seat} builds at {cell}"),
            Action::TileBuild { seat, tile, cell } => {
                write!(f, "{seat} uses the {tile} to build at {cell}")
            }
            Action::Lift { seat, tile, from } => {
                write!(f, "{seat} uses the {tile} to move the settlement at {from}")
            }
            Action::MoveTo { seat, cell } => write!(f, "{seat} moves it to {cell}"),
            Action::EndTurn(seat) => write!(f, "{seat} ends the turn"),
        }
    }
}

/// What a placement may use: the hexes S before the adjacency obligation, whether the
/// obligation applies, and the error for a hex outside S.
struct Rule {
    allowed: Cells,
    obligation: bool,
    outside: fn(Cell) -> Error,
}

/// A state of Kingdom Builder.
///
/// ```
/// use kingdom_builder::{Config, State, Action};
/// use dicecore::{Game, Turn, Seat};
/// let mut s = State::new(&Config::first_game(2)).unwrap();
/// assert_eq!(s.turn(), Turn::Chance); // dealing
/// while s.turn() == Turn::Chance {
///     let (a, _) = s.chance_outcomes()[0];
///     s.apply_in_place(&a).unwrap();
/// }
/// assert_eq!(s.turn(), Turn::Seat(Seat(0)));
/// let mut acts = Vec::new();
/// s.legal_actions(&mut acts);
/// assert!(acts.iter().all(|a| matches!(a, Action::Build { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Record")]
pub struct State {
    config: Config,
    #[serde(skip)]
    board: Arc<Board>,
    settlements: [Cells; MAX_SEATS],
    occupied: Cells,
    supply: [u8; MAX_SEATS],
    tiles_left: [u8; MAX_LOCATIONS],
    taken: [u8; MAX_SEATS],
    held: [u8; MAX_SEATS],
    hands: [Option<Terrain>; MAX_SEATS],
    /// Per seat, how many times the discards were shuffled into a new pile since its hand was
    /// drawn (0 = drawn from the current pile; 0 without a hand).
    hand_age: [u8; MAX_SEATS],
    pile: [u8; 5],
    discards: [u8; 5],
    active: Seat,
    step: Step,
    mandatory_left: u8,
    uses_left: [u8; 8],
    /// Location ids of the active seat's tiles held since the start of the turn (only these
    /// are usable this turn; a tile gained during the turn is not).
    turn_tiles: u8,
    lifted: Option<(Tile, Cell)>,
    final_round: bool,
}

#[derive(Deserialize)]
struct Record {
    config: Config,
    settlements: [Cells; MAX_SEATS],
    occupied: Cells,
    supply: [u8; MAX_SEATS],
    tiles_left: [u8; MAX_LOCATIONS],
    taken: [u8; MAX_SEATS],
    held: [u8; MAX_SEATS],
    hands: [Option<Terrain>; MAX_SEATS],
    hand_age: [u8; MAX_SEATS],
    pile: [u8; 5],
    discards: [u8; 5],
    active: Seat,
    step: Step,
    mandatory_left: u8,
    uses_left: [u8; 8],
    turn_tiles: u8,
    lifted: Option<(Tile, Cell)>,
    final_round: bool,
}

fn bits(mask: u8) -> impl Iterator<Item = usize> {
    (0..8).filter(move |i| mask & (1 << i) != 0)
}

impl TryFrom<Record> for State {
    type Error = Error;
    fn try_from(r: Record) -> Result<State, Error> {
        use Error::Corrupted as C;
        r.config.validate()?;
        let board = Arc::new(Board::new(&r.config.board));
        let n = r.config.seats as usize;
        if r.active.index() >= n {
            return Err(C("the active player is not at the table"));
        }
        let mut union = Cells::EMPTY;
        let settleable = board.buildable.or(&board.water);
        for s in 0..MAX_SEATS {
            let own = r.settlements[s];
            if s >= n {
                if !own.is_empty()
                    || r.supply[s] != 0
                    || r.taken[s] != 0
                    || r.held[s] != 0
                    || r.hands[s].is_some()
                {
                    return Err(C("an empty seat holds pieces or cards"));
                }
                continue;
            }
            if !own.is_subset(&settleable) {
                return Err(C("a settlement stands on a hex that cannot hold one"));
            }
            if own.intersects(&union) {
                return Err(C("two settlements share a hex"));
            }
            union = union.or(&own);
            let lifted = usize::from(r.lifted.is_some() && s == r.active.index());
            if own.count() + r.supply[s] as usize + lifted != SETTLEMENTS as usize {
                return Err(C(
                    "settlements on the board and in the supply do not add up to 40",
                ));
            }
            if r.held[s] & !r.taken[s] != 0 {
                return Err(C("a tile is held that was never taken"));
            }
            if u16::from(r.taken[s]) >> board.location_count != 0 {
                return Err(C("a tile was taken from a location that does not exist"));
            }
            if !(r.lifted.is_some() && s == r.active.index()) {
                for id in bits(r.held[s]) {
                    let loc = board.locations[id].0.index();
                    if !NEIGHBOURS[loc].intersects(&own) {
                        return Err(C(
                            "a tile is held without a settlement next to its location",
                        ));
                    }
                }
            }
        }
        if union != r.occupied {
            return Err(C("the occupied hexes do not match the settlements"));
        }
        for id in 0..MAX_LOCATIONS {
            let takers = (0..n).filter(|&s| r.taken[s] & (1 << id) != 0).count();
            let want = if id < board.location_count as usize {
                2usize.saturating_sub(takers)
            } else {
                0
            };
            if takers > 2 || r.tiles_left[id] as usize != want {
                return Err(C("the tiles on a location do not match the tiles taken"));
            }
        }
        for t in Terrain::ALL {
            let i = t as usize;
            let in_hands = r.hands.iter().filter(|h| **h == Some(t)).count();
            if r.pile[i] as usize + r.discards[i] as usize + in_hands != CARDS_PER_TERRAIN as usize
            {
                return Err(C("the terrain cards do not add up to 5 of each"));
            }
        }
        if (0..MAX_SEATS).any(|s| r.hand_age[s] != 0 && (s >= n || r.hands[s].is_none())) {
            return Err(C("a hand's draw is dated without a card in it"));
        }
        let missing: Vec<usize> = (0..n).filter(|&s| r.hands[s].is_none()).collect();
        match r.step {
            Step::Deal => {
                if missing.is_empty() || !union.is_empty() {
                    return Err(C("dealing while every hand is full or the game has begun"));
                }
            }
            Step::Play => {
                if !missing.is_empty() {
                    return Err(C("a player is without a terrain card"));
                }
            }
            Step::Redraw | Step::Refill => {
                if missing != [r.active.index()] {
                    return Err(C("only the active player may be drawing a card"));
                }
            }
            Step::Over => {
                if !r.final_round {
                    return Err(C("the game ended before anyone built a last settlement"));
                }
            }
        }
        if matches!(r.step, Step::Deal | Step::Redraw | Step::Refill)
            && r.pile.iter().all(|&p| p == 0)
        {
            return Err(C("a card is due but the draw pile is empty"));
        }
        if r.final_round != r.supply[..n].contains(&0) {
            return Err(C("the last round does not match the supplies"));
        }
        if r.mandatory_left > MANDATORY {
            return Err(C("more than 3 mandatory placements are due"));
        }
        if r.turn_tiles & !r.held[r.active.index()] != 0 {
            return Err(C("a tile usable this turn is not held"));
        }
        let mut per_kind = [0u8; 8];
        for id in bits(r.turn_tiles) {
            per_kind[board.locations[id].1 as usize] += 1;
        }
        if r.uses_left.iter().zip(per_kind).any(|(&u, k)| u > k) {
            return Err(C(
                "more tile uses are left than tiles were held at the start of the turn",
            ));
        }
        if let Some((tile, cell)) = r.lifted {
            if r.step != Step::Play || !tile.moves() {
                return Err(C("a settlement is lifted outside a move"));
            }
            if !cell.on_board()
                || !settleable.contains(cell.index())
                || union.contains(cell.index())
            {
                return Err(C(
                    "the lifted settlement's hex is not a free settlement hex",
                ));
            }
        }
        let state = State {
            config: r.config,
            board,
            settlements: r.settlements,
            occupied: r.occupied,
            supply: r.supply,
            tiles_left: r.tiles_left,
            taken: r.taken,
            held: r.held,
            hands: r.hands,
            hand_age: r.hand_age,
            pile: r.pile,
            discards: r.discards,
            active: r.active,
            step: r.step,
            mandatory_left: r.mandatory_left,
            uses_left: r.uses_left,
            turn_tiles: r.turn_tiles,
            lifted: r.lifted,
            final_round: r.final_round,
        };
        if state.step == Step::Play {
            let mut settled = state.clone();
            settled.settle();
            if settled != state {
                return Err(C("a redraw is due"));
            }
            let mut acts = Vec::new();
            state.legal_actions(&mut acts);
            if acts.is_empty() {
                return Err(C("the player to move has nothing to do"));
            }
        }
        Ok(state)
    }
}

/// What one seat may know of a state: everything except the other players' hidden terrain
/// cards (the draw pile and the hidden hands are shown together as `unseen`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The seat whose view this is.
    pub seat: Seat,
    /// The setup.
    pub config: Config,
    /// Settlements of each seat.
    pub settlements: Vec<Cells>,
    /// Settlements left in each supply.
    pub supply: Vec<u8>,
    /// Tiles left on each location hex (in [`Board::locations`] order).
    pub tiles_left: Vec<u8>,
    /// Per seat, the location hexes (bit = location id) it ever took a tile from.
    pub taken: Vec<u8>,
    /// Per seat, the location hexes whose tile it holds.
    pub held: Vec<u8>,
    /// This seat's own terrain card.
    pub hand: Option<Terrain>,
    /// The active player's card once revealed (during its turn).
    pub revealed: Option<Terrain>,
    /// Which seats hold a card this seat cannot see.
    pub hidden_hands: Vec<bool>,
    /// Per seat, how many times the discards became a new pile since its hand was drawn
    /// (0 = drawn from the current pile).
    pub hand_age: Vec<u8>,
    /// Cards of each terrain this seat cannot see among the current draw pile and the hidden
    /// hands drawn from it (`hand_age` 0), together.
    pub unseen: [u8; 5],
    /// Hidden hands drawn from an earlier pile: per age (ascending), the cards of those hands
    /// together. That pile ran out, so their cards are known, only not who holds which.
    pub earlier_hands: Vec<(u8, [u8; 5])>,
    /// Cards in the draw pile.
    pub pile_size: u8,
    /// The discard pile.
    pub discards: [u8; 5],
    /// The active seat.
    pub active: Seat,
    /// Where the game stands.
    pub step: Step,
    /// Mandatory placements still due this turn.
    pub mandatory_left: u8,
    /// Unused tile uses of the active seat this turn, per tile kind.
    pub uses_left: [u8; 8],
    /// A settlement being moved (tile, hex it left).
    pub lifted: Option<(Tile, Cell)>,
    /// Whether the last round is being played.
    pub final_round: bool,
    /// Current scores.
    pub scores: Vec<i32>,
}

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

impl State {
    /// The assembled board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The setup.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The settlements of a seat.
    pub fn settlements(&self, seat: Seat) -> Cells {
        self.settlements
            .get(seat.index())
            .copied()
            .unwrap_or_default()
    }

    /// Settlements left in a seat's supply.
    pub fn supply(&self, seat: Seat) -> u8 {
        self.supply.get(seat.index()).copied().unwrap_or(0)
    }

    /// Tiles left on each location hex (in [`Board::locations`] order).
    pub fn tiles_left(&self) -> &[u8] {
        &self.tiles_left[..self.board.location_count as usize]
    }

    /// The tiles a seat holds (one entry per tile, in location order).
    pub fn held_tiles(&self, seat: Seat) -> Vec<Tile> {
        let mask = self.held.get(seat.index()).copied().unwrap_or(0);
        bits(mask).map(|id| self.board.locations[id].1).collect()
    }

    /// A seat's terrain card (hidden information: use [`Game::view`] to show a player).
    pub fn hand(&self, seat: Seat) -> Option<Terrain> {
        self.hands.get(seat.index()).copied().flatten()
    }

    /// Cards of each terrain in the draw pile and in the discard pile.
    pub fn deck(&self) -> ([u8; 5], [u8; 5]) {
        (self.pile, self.discards)
    }

    /// The active seat.
    pub fn active(&self) -> Seat {
        self.active
    }

    /// Where the game stands.
    pub fn step(&self) -> Step {
        self.step
    }

    /// Mandatory placements still due this turn.
    pub fn mandatory_left(&self) -> u8 {
        self.mandatory_left
    }

    /// Unused tile uses of the active seat this turn, for one kind.
    pub fn uses_left(&self, tile: Tile) -> u8 {
        self.uses_left[tile as usize]
    }

    /// The settlement being moved, if any.
    pub fn lifted(&self) -> Option<(Tile, Cell)> {
        self.lifted
    }

    /// Whether the last round is being played.
    pub fn final_round(&self) -> bool {
        self.final_round
    }

    /// The current card of the active player, while it plays.
    pub fn played_card(&self) -> Option<Terrain> {
        if self.step == Step::Play {
            self.hand(self.active)
        } else {
            None
        }
    }

    /// A seat's gold, card by card.
    pub fn breakdown(&self, seat: Seat) -> Breakdown {
        let n = self.config.seats as usize;
        let players = &self.settlements[..n.min(MAX_SEATS)];
        let own = self.settlements(seat);
        let cards = self.config.cards.map(|c| {
            (
                c,
                scoring::card(
                    &self.board,
                    c,
                    players,
                    seat.index(),
                    self.config.lords_zero_counts,
                ),
            )
        });
        Breakdown {
            castles: scoring::castles(&self.board, &own),
            cards,
        }
    }

    // ----- building rules -----

    fn own(&self) -> Cells {
        self.settlements[self.active.index()]
    }

    fn mandatory_pending(&self) -> bool {
        self.mandatory_left > 0 && self.supply[self.active.index()] > 0
    }

    fn mandatory_in_progress(&self) -> bool {
        self.mandatory_pending() && self.mandatory_left < MANDATORY
    }

    fn card_land(&self) -> Cells {
        match self.played_card() {
            Some(t) => self.board.land[t as usize],
            None => Cells::EMPTY,
        }
    }

    /// The adjacency obligation: the hexes of `allowed` in `near` (the neighbours of the
    /// player's settlements) if there are any, else all of `allowed`.
    fn adjacency(allowed: Cells, near: &Cells) -> Cells {
        let near = allowed.and(near);
        if near.is_empty() {
            allowed
        } else {
            near
        }
    }

    /// Hexes at the open end of a line of 3 or more of `own`, along any axis.
    fn line_ends(own: &Cells) -> Cells {
        let mut out = Cells::EMPTY;
        for d in 0..6 {
            let a = shift(own, d).and(own);
            let b = shift(&a, d).and(own);
            out = out.or(&shift(&b, d));
        }
        out
    }

    /// The rule of a build: `None` tile = the mandatory build.
    fn build_rule(&self, tile: Option<Tile>) -> Rule {
        let free = |s: Cells| s.and_not(&self.occupied);
        let b = &self.board;
        let terrain = |s| Rule {
            allowed: free(s),
            obligation: true,
            outside: Error::WrongTerrain,
        };
        match tile {
            None | Some(Tile::Oracle) => terrain(self.card_land()),
            Some(Tile::Farm) => terrain(b.land[Terrain::Grass as usize]),
            Some(Tile::Oasis) => terrain(b.land[Terrain::Desert as usize]),
            Some(Tile::Tower) => Rule {
                allowed: free(b.edge),
                obligation: true,
                outside: Error::NotOnEdge,
            },
            Some(Tile::Tavern) => Rule {
                allowed: free(b.buildable).and(&Self::line_ends(&self.own())),
                obligation: false,
                outside: Error::NotLineEnd,
            },
            Some(Tile::Barn | Tile::Harbor | Tile::Paddock) => Rule {
                allowed: Cells::EMPTY,
                obligation: false,
                outside: Error::WrongTerrain,
            },
        }
    }

    /// The legal hexes of a rule (`near` = the neighbours of the player's settlements).
    fn targets(rule: &Rule, near: &Cells) -> Cells {
        if rule.obligation {
            Self::adjacency(rule.allowed, near)
        } else {
            rule.allowed
        }
    }

    /// Whether `cell` is a legal hex of `rule` for the active player, without building the
    /// whole target set when the hex touches the player's settlements.
    fn check_target(&self, rule: &Rule, cell: Cell) -> Result<(), Error> {
        let i = cell.index();
        if !rule.allowed.contains(i) {
            return Err(if self.occupied.contains(i) {
                Error::Occupied(cell)
            } else {
                (rule.outside)(cell)
            });
        }
        let own = self.own();
        if !rule.obligation
            || NEIGHBOURS[i].intersects(&own)
            || !rule.allowed.intersects(&neighbours(&own))
        {
            Ok(())
        } else {
            Err(Error::NotAdjacent(cell))
        }
    }

    /// The hexes a move tile may reach, and the move rule, for a settlement lifted from `from`
    /// (`own` = the mover's other settlements; `occupied` excludes `from`).
    fn move_rule(&self, tile: Tile, from: usize) -> Rule {
        let free = |s: Cells| s.and_not(&self.occupied);
        match tile {
            Tile::Barn => Rule {
                allowed: free(self.card_land()),
                obligation: true,
                outside: Error::WrongTerrain,
            },
            Tile::Harbor => Rule {
                allowed: free(self.board.water),
                obligation: true,
                outside: Error::WrongTerrain,
            },
            _ => {
                let mut jumps = Cells::EMPTY;
                if let Some(js) = JUMPS.get(from) {
                    for &j in js {
                        jumps.insert(j as usize);
                    }
                }
                Rule {
                    allowed: free(self.board.buildable).and(&jumps),
                    obligation: false,
                    outside: Error::NotTwoAway,
                }
            }
        }
    }

    /// Destinations of the lifted settlement.
    fn move_targets(&self, tile: Tile, from: usize) -> Cells {
        let rule = self.move_rule(tile, from);
        let mut t = Self::targets(&rule, &neighbours(&self.own()));
        t.remove(from);
        t
    }

    /// The settlements of the active seat that `tile` could move somewhere.
    fn move_sources(&self, tile: Tile, near_own: &Cells) -> Cells {
        let own = self.own();
        match tile {
            Tile::Paddock => {
                let free = self.board.buildable.and_not(&self.occupied);
                let mut out = Cells::EMPTY;
                for s in own.iter() {
                    if JUMPS[s].iter().any(|&j| free.contains(j as usize)) {
                        out.insert(s);
                    }
                }
                out
            }
            Tile::Barn | Tile::Harbor => {
                let kind = if tile == Tile::Barn {
                    self.card_land()
                } else {
                    self.board.water
                };
                let free = kind.and_not(&self.occupied);
                if free.is_empty() {
                    return Cells::EMPTY;
                }
                let near = free.and(near_own);
                let mut out = Cells::EMPTY;
                for s in own.iter() {
                    let nb = &NEIGHBOURS[s];
                    let ok = if !near.and_not(nb).is_empty() {
                        true
                    } else {
                        let mut others = own;
                        others.remove(s);
                        let touched = near
                            .and(nb)
                            .iter()
                            .any(|x| NEIGHBOURS[x].intersects(&others));
                        touched || !(kind.contains(s) && nb.intersects(&own))
                    };
                    if ok {
                        out.insert(s);
                    }
                }
                out
            }
            _ => Cells::EMPTY,
        }
    }

    // ----- mutations -----

    fn place(&mut self, cell: usize, from_supply: bool) {
        let seat = self.active.index();
        self.settlements[seat].insert(cell);
        self.occupied.insert(cell);
        if from_supply {
            self.supply[seat] -= 1;
            if self.supply[seat] == 0 {
                self.final_round = true;
            }
        }
        if let Some(id) = self.board.location_near(cell) {
            let bit = 1u8 << id;
            if self.tiles_left[id] > 0 && self.taken[seat] & bit == 0 {
                self.tiles_left[id] -= 1;
                self.taken[seat] |= bit;
                self.held[seat] |= bit;
            }
        }
    }

    fn lose_tiles(&mut self) {
        let seat = self.active.index();
        let own = self.settlements[seat];
        for id in bits(self.held[seat]) {
            let loc = self.board.locations[id].0;
            if !NEIGHBOURS[loc.index()].intersects(&own) {
                self.held[seat] &= !(1 << id);
            }
        }
        // Of two tiles of a kind held since the start of the turn, the one lost is the used
        // one when one was used. A tile gained this turn never stands in for a lost one: it
        // is usable from the next turn only.
        self.turn_tiles &= self.held[seat];
        let mut per_kind = [0u8; 8];
        for id in bits(self.turn_tiles) {
            per_kind[self.board.locations[id].1 as usize] += 1;
        }
        for (u, k) in self.uses_left.iter_mut().zip(per_kind) {
            *u = (*u).min(k);
        }
    }

    fn reshuffle_if_empty(&mut self) {
        if self.pile.iter().all(|&p| p == 0) {
            self.pile = self.discards;
            self.discards = [0; 5];
            // The hands still held were drawn from the pile that ran out: their cards together
            // are known (they are what that pile held), so they no longer mix with the new one.
            for (age, hand) in self.hand_age.iter_mut().zip(&self.hands) {
                if hand.is_some() {
                    *age = age.saturating_add(1);
                }
            }
        }
    }

    fn discard_active(&mut self) {
        let a = self.active.index();
        if let Some(t) = self.hands[a].take() {
            self.discards[t as usize] += 1;
        }
        self.hand_age[a] = 0;
    }

    /// Applies the redraw rule if due (during a turn, after every action).
    fn settle(&mut self) {
        if self.step != Step::Play || self.lifted.is_some() {
            return;
        }
        let Some(card) = self.hand(self.active) else {
            return;
        };
        if !self.board.land[card as usize]
            .and_not(&self.occupied)
            .is_empty()
        {
            return;
        }
        let seat = self.active.index();
        let extra = self.config.redraw_for_extra_actions
            && ((self.uses_left[Tile::Oracle as usize] > 0 && self.supply[seat] > 0)
                || (self.uses_left[Tile::Barn as usize] > 0 && !self.settlements[seat].is_empty()));
        if self.mandatory_pending() || extra {
            self.discard_active();
            self.step = Step::Redraw;
            self.reshuffle_if_empty();
        }
    }

    fn begin_turn(&mut self) {
        self.step = Step::Play;
        self.mandatory_left = MANDATORY;
        self.lifted = None;
        self.uses_left = [0; 8];
        self.turn_tiles = self.held[self.active.index()];
        for id in bits(self.turn_tiles) {
            self.uses_left[self.board.locations[id].1 as usize] += 1;
        }
        self.settle();
    }

    /// The seat a pending card draw is for.
    pub fn drawer(&self) -> Option<Seat> {
        match self.step {
            Step::Deal => {
                let n = self.config.seats;
                (0..n)
                    .map(|k| Seat((self.config.start.0 + k) % n))
                    .find(|s| self.hands[s.index()].is_none())
            }
            Step::Redraw | Step::Refill => Some(self.active),
            Step::Play | Step::Over => None,
        }
    }

    fn after_draw(&mut self) {
        match self.step {
            Step::Deal => {
                if self.drawer().is_none() {
                    self.active = self.config.start;
                    self.begin_turn();
                }
            }
            Step::Refill => {
                self.active = self.active.next(self.config.seats);
                self.begin_turn();
            }
            Step::Redraw => {
                self.step = Step::Play;
                self.settle();
            }
            Step::Play | Step::Over => {}
        }
    }

    fn is_chance(&self) -> bool {
        matches!(self.step, Step::Deal | Step::Redraw | Step::Refill)
    }

    fn check_player(&self, seat: Seat) -> Result<(), Error> {
        match self.step {
            Step::Over => Err(Error::GameOver),
            Step::Play if seat == self.active => Ok(()),
            Step::Play => Err(Error::NotYourTurn(seat)),
            _ => Err(Error::DrawPending),
        }
    }

    fn check_cell(cell: Cell) -> Result<usize, Error> {
        if cell.on_board() {
            Ok(cell.index())
        } else {
            Err(Error::OffBoard(cell))
        }
    }

    fn check_free_to_act(&self) -> Result<(), Error> {
        if self.lifted.is_some() {
            return Err(Error::MoveInProgress);
        }
        if self.mandatory_in_progress() {
            return Err(Error::MandatoryInProgress);
        }
        Ok(())
    }

    fn check_tile(&self, tile: Tile) -> Result<(), Error> {
        if self.uses_left[tile as usize] == 0 {
            Err(Error::TileUnavailable(tile))
        } else {
            Ok(())
        }
    }

    /// Every seat's hidden-card status from `seat`'s point of view.
    fn hidden_from(&self, viewer: Seat, s: usize) -> bool {
        s != viewer.index()
            && self.hands[s].is_some()
            && !(self.step == Step::Play && s == self.active.index())
    }

    /// Scores as a fixed array.
    fn score_array(&self) -> [i32; MAX_SEATS] {
        let mut out = [0; MAX_SEATS];
        for (s, o) in out.iter_mut().enumerate().take(self.config.seats as usize) {
            *o = self.breakdown(Seat(s as u8)).total();
        }
        out
    }

    /// The state as an SVG picture (see [`crate::svg`]).
    pub fn to_svg(&self) -> String {
        crate::svg::render(self)
    }
}

impl Game for State {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Error = Error;
    const NAME: &'static str = "kingdom-builder";
    const SEATS: std::ops::RangeInclusive<u8> = 2..=4;

    fn standard_config(seats: u8, seed: u64) -> Result<Config, Error> {
        Config::random(seats, seed)
    }

    fn new(config: &Config) -> Result<Self, Error> {
        config.validate()?;
        let board = Arc::new(Board::new(&config.board));
        let n = config.seats as usize;
        let mut supply = [0; MAX_SEATS];
        for s in supply.iter_mut().take(n) {
            *s = SETTLEMENTS;
        }
        let mut tiles_left = [0; MAX_LOCATIONS];
        for t in tiles_left.iter_mut().take(board.location_count as usize) {
            *t = 2;
        }
        Ok(State {
            config: *config,
            board,
            settlements: [Cells::EMPTY; MAX_SEATS],
            occupied: Cells::EMPTY,
            supply,
            tiles_left,
            taken: [0; MAX_SEATS],
            held: [0; MAX_SEATS],
            hands: [None; MAX_SEATS],
            hand_age: [0; MAX_SEATS],
            pile: [CARDS_PER_TERRAIN; 5],
            discards: [0; 5],
            active: config.start,
            step: Step::Deal,
            mandatory_left: MANDATORY,
            uses_left: [0; 8],
            turn_tiles: 0,
            lifted: None,
            final_round: false,
        })
    }

    fn config(&self) -> &Config {
        State::config(self)
    }

    fn seats(&self) -> u8 {
        self.config.seats
    }

    fn turn(&self) -> Turn {
        match self.step {
            Step::Over => Turn::Over,
            Step::Play => Turn::Seat(self.active),
            _ => Turn::Chance,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.step {
            Step::Over => {}
            Step::Deal | Step::Redraw | Step::Refill => {
                for t in Terrain::ALL {
                    if self.pile[t as usize] > 0 {
                        out.push(Action::Draw(t));
                    }
                }
            }
            Step::Play => {
                let seat = self.active;
                let cell = |i: usize| Cell(i as u16);
                if let Some((tile, from)) = self.lifted {
                    let t = self.move_targets(tile, from.index());
                    out.extend(t.iter().map(|i| Action::MoveTo {
                        seat,
                        cell: cell(i),
                    }));
                    return;
                }
                let near = neighbours(&self.own());
                if self.mandatory_pending() {
                    let rule = self.build_rule(None);
                    let t = Self::targets(&rule, &near);
                    out.extend(t.iter().map(|i| Action::Build {
                        seat,
                        cell: cell(i),
                    }));
                    if self.mandatory_in_progress() {
                        return;
                    }
                }
                for tile in Tile::ALL {
                    if self.uses_left[tile as usize] == 0 {
                        continue;
                    }
                    if tile.moves() {
                        let s = self.move_sources(tile, &near);
                        out.extend(s.iter().map(|i| Action::Lift {
                            seat,
                            tile,
                            from: cell(i),
                        }));
                    } else if self.supply[seat.index()] > 0 {
                        let rule = self.build_rule(Some(tile));
                        let t = Self::targets(&rule, &near);
                        out.extend(t.iter().map(|i| Action::TileBuild {
                            seat,
                            tile,
                            cell: cell(i),
                        }));
                    }
                }
                if !self.mandatory_pending() {
                    out.push(Action::EndTurn(seat));
                }
            }
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, Probability)> {
        if !self.is_chance() {
            return Vec::new();
        }
        let total: u64 = self.pile.iter().map(|&p| p as u64).sum();
        Terrain::ALL
            .iter()
            .filter(|t| self.pile[**t as usize] > 0)
            .map(|&t| {
                (
                    Action::Draw(t),
                    Probability::new(self.pile[t as usize] as u64, total),
                )
            })
            .collect()
    }

    fn sample_chance(&self, dice: &mut Dice) -> Option<Action> {
        if !self.is_chance() {
            return None;
        }
        let w = self.pile.map(u32::from);
        dice.pick_weighted(&w)
            .map(|i| Action::Draw(Terrain::ALL[i]))
    }

    fn apply(&self, action: &Action) -> Result<Self, Error> {
        let mut next = self.clone();
        next.apply_in_place(action)?;
        Ok(next)
    }

    fn apply_in_place(&mut self, action: &Action) -> Result<(), Error> {
        match *action {
            Action::Draw(t) => {
                if self.step == Step::Over {
                    return Err(Error::GameOver);
                }
                if !self.is_chance() {
                    return Err(Error::NoDrawPending);
                }
                if self.pile[t as usize] == 0 {
                    return Err(Error::NotInPile(t));
                }
                let Some(drawer) = self.drawer() else {
                    return Err(Error::NoDrawPending);
                };
                self.pile[t as usize] -= 1;
                self.hands[drawer.index()] = Some(t);
                self.hand_age[drawer.index()] = 0;
                self.after_draw();
            }
            Action::Build { seat, cell } => {
                self.check_player(seat)?;
                let i = Self::check_cell(cell)?;
                if self.lifted.is_some() {
                    return Err(Error::MoveInProgress);
                }
                if !self.mandatory_pending() {
                    return Err(Error::MandatoryDone);
                }
                let rule = self.build_rule(None);
                self.check_target(&rule, cell)?;
                self.place(i, true);
                self.mandatory_left -= 1;
                if self.supply[seat.index()] == 0 {
                    self.mandatory_left = 0;
                }
                self.settle();
            }
            Action::TileBuild { seat, tile, cell } => {
                self.check_player(seat)?;
                let i = Self::check_cell(cell)?;
                self.check_free_to_act()?;
                if tile.moves() {
                    return Err(Error::NotABuildTile(tile));
                }
                self.check_tile(tile)?;
                if self.supply[seat.index()] == 0 {
                    return Err(Error::SupplyEmpty);
                }
                let rule = self.build_rule(Some(tile));
                self.check_target(&rule, cell)?;
                self.place(i, true);
                self.uses_left[tile as usize] -= 1;
                self.settle();
            }
            Action::Lift { seat, tile, from } => {
                self.check_player(seat)?;
                let i = Self::check_cell(from)?;
                self.check_free_to_act()?;
                if !tile.moves() {
                    return Err(Error::NotAMoveTile(tile));
                }
                self.check_tile(tile)?;
                if !self.own().contains(i) {
                    return Err(Error::NotYourSettlement(from));
                }
                if !self
                    .move_sources(tile, &neighbours(&self.own()))
                    .contains(i)
                {
                    return Err(Error::NoDestination(from));
                }
                self.settlements[seat.index()].remove(i);
                self.occupied.remove(i);
                self.lifted = Some((tile, from));
                self.uses_left[tile as usize] -= 1;
            }
            Action::MoveTo { seat, cell } => {
                self.check_player(seat)?;
                let i = Self::check_cell(cell)?;
                let Some((tile, from)) = self.lifted else {
                    return Err(Error::NoMoveInProgress);
                };
                if cell == from {
                    return Err(Error::SameHex(cell));
                }
                let rule = self.move_rule(tile, from.index());
                self.check_target(&rule, cell)?;
                self.lifted = None;
                self.place(i, false);
                self.lose_tiles();
                self.settle();
            }
            Action::EndTurn(seat) => {
                self.check_player(seat)?;
                if self.lifted.is_some() {
                    return Err(Error::MoveInProgress);
                }
                if self.mandatory_pending() {
                    return Err(Error::MandatoryNotDone);
                }
                self.discard_active();
                self.uses_left = [0; 8];
                self.turn_tiles = 0;
                if self.final_round && self.active == self.config.last_seat() {
                    self.step = Step::Over;
                } else {
                    self.step = Step::Refill;
                    self.reshuffle_if_empty();
                }
            }
        }
        Ok(())
    }

    fn scores(&self) -> Vec<i32> {
        self.score_array()[..self.config.seats as usize].to_vec()
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.step == Step::Over).then(|| Outcome::by_highest_score(self.scores()))
    }

    fn view(&self, seat: Seat) -> View {
        let n = self.config.seats as usize;
        let mut unseen = self.pile;
        let mut earlier_hands: Vec<(u8, [u8; 5])> = Vec::new();
        let mut hidden_hands = vec![false; n];
        for (s, h) in hidden_hands.iter_mut().enumerate() {
            if self.hidden_from(seat, s) {
                *h = true;
                if let Some(t) = self.hands[s] {
                    let age = self.hand_age[s];
                    if age == 0 {
                        unseen[t as usize] += 1;
                    } else {
                        let k = match earlier_hands.binary_search_by_key(&age, |g| g.0) {
                            Ok(k) => k,
                            Err(k) => {
                                earlier_hands.insert(k, (age, [0; 5]));
                                k
                            }
                        };
                        earlier_hands[k].1[t as usize] += 1;
                    }
                }
            }
        }
        View {
            seat,
            config: self.config,
            settlements: self.settlements[..n].to_vec(),
            supply: self.supply[..n].to_vec(),
            tiles_left: self.tiles_left().to_vec(),
            taken: self.taken[..n].to_vec(),
            held: self.held[..n].to_vec(),
            hand: self.hand(seat),
            revealed: self.played_card(),
            hidden_hands,
            hand_age: self.hand_age[..n].to_vec(),
            unseen,
            earlier_hands,
            pile_size: self.pile.iter().sum(),
            discards: self.discards,
            active: self.active,
            step: self.step,
            mandatory_left: self.mandatory_left,
            uses_left: self.uses_left,
            lifted: self.lifted,
            final_round: self.final_round,
            scores: self.scores(),
        }
    }

    fn action_seat(&self, action: &Action) -> Option<Seat> {
        match *action {
            Action::Draw(_) => None,
            Action::Build { seat, .. }
            | Action::TileBuild { seat, .. }
            | Action::Lift { seat, .. }
            | Action::MoveTo { seat, .. }
            | Action::EndTurn(seat) => Some(seat),
        }
    }

    /// Resamples the other players' hidden cards from the cards `seat` has not seen: hands
    /// drawn from the current pile are dealt again from that pile and those hands together
    /// (the pile keeps the rest); hands drawn from an earlier pile, whose cards are known
    /// together, swap cards among themselves.
    fn determinize(&self, seat: Seat, dice: &mut Dice) -> Self {
        let mut out = self.clone();
        let n = self.config.seats as usize;
        let mut pool = self.pile;
        let mut who = [false; MAX_SEATS];
        for (s, w) in who.iter_mut().enumerate().take(n) {
            if self.hidden_from(seat, s) {
                if let Some(t) = self.hands[s] {
                    if self.hand_age[s] == 0 {
                        pool[t as usize] += 1;
                        *w = true;
                    }
                }
            }
        }
        // Earlier hands: shuffle the cards within each age group.
        let mut done = [false; MAX_SEATS];
        for first in 0..n {
            let age = self.hand_age[first];
            if age == 0 || done[first] || !self.hidden_from(seat, first) {
                continue;
            }
            let mut seats = [0usize; MAX_SEATS];
            let mut cards = [None; MAX_SEATS];
            let mut k = 0;
            for (s, d) in done.iter_mut().enumerate().take(n).skip(first) {
                if self.hand_age[s] == age && self.hidden_from(seat, s) {
                    *d = true;
                    seats[k] = s;
                    cards[k] = self.hands[s];
                    k += 1;
                }
            }
            dice.shuffle(&mut cards[..k]);
            for (s, c) in seats[..k].iter().zip(&cards[..k]) {
                out.hands[*s] = *c;
            }
        }
        for (s, w) in who.iter().enumerate() {
            if *w {
                let weights = pool.map(u32::from);
                if let Some(i) = dice.pick_weighted(&weights) {
                    pool[i] -= 1;
                    out.hands[s] = Some(Terrain::ALL[i]);
                }
            }
        }
        out.pile = pool;
        out
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::svg::text(self, f)
    }
}

impl fmt::Display for View {
    /// The board as this seat sees it, with its own card (see [`crate::svg::view_text`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::svg::view_text(self, f)
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Hand-built positions for tests.
    use super::*;

    impl State {
        /// Test helper: puts settlements of `seat` on `cells` (taken from the supply, gaining
        /// tiles as a build would, ignoring building rules).
        pub(crate) fn force_settle(&mut self, seat: Seat, cells: &[(usize, usize)]) {
            let keep = self.active;
            self.active = seat;
            for &(r, c) in cells {
                let i = Cell::at(r, c).expect("on board").index();
                assert!(!self.occupied.contains(i), "({r}, {c}) occupied");
                self.place(i, true);
            }
            self.active = keep;
        }

        /// Test helper: sets the hands and starts `seat`'s turn.
        pub(crate) fn force_turn(&mut self, seat: Seat, card: Terrain) {
            for s in 0..self.config.seats as usize {
                if let Some(t) = self.hands[s].take() {
                    self.pile[t as usize] += 1;
                }
            }
            for s in 0..self.config.seats as usize {
                let t = if s == seat.index() {
                    card
                } else {
                    Terrain::ALL[(0..5).find(|&k| self.pile[k] > 0).expect("cards")]
                };
                self.pile[t as usize] -= 1;
                self.hands[s] = Some(t);
            }
            self.active = seat;
            self.begin_turn();
        }

        /// Test helper: sets a seat's supply (the board is left as it is).
        pub(crate) fn force_supply(&mut self, seat: Seat, n: u8) {
            self.supply[seat.index()] = n;
            self.final_round = self.supply[..self.config.seats as usize].contains(&0);
        }

        /// Test helper: fills every free hex of `t` but the last `keep` with settlements of
        /// the seats other than `except`.
        pub(crate) fn fill(&mut self, t: Terrain, keep: usize, except: Seat) {
            let free: Vec<usize> = self.board.land[t as usize]
                .and_not(&self.occupied)
                .iter()
                .collect();
            let n = free.len().saturating_sub(keep);
            let keep: Vec<usize> = free[n..].to_vec();
            self.fill_except(t, &keep, except);
        }

        /// Test helper: fills every free hex of `t` except `keep` with settlements of the
        /// seats other than `except`.
        pub(crate) fn fill_except(&mut self, t: Terrain, keep: &[usize], except: Seat) {
            let free: Vec<usize> = self.board.land[t as usize]
                .and_not(&self.occupied)
                .iter()
                .filter(|i| !keep.contains(i))
                .collect();
            let n = free.len();
            let others: Vec<Seat> = (0..self.config.seats)
                .map(Seat)
                .filter(|&s| s != except)
                .collect();
            for (k, &i) in free[..n].iter().enumerate() {
                let seat = others[k % others.len()];
                self.force_settle(seat, &[(i / 20, i % 20)]);
            }
        }

        /// Test helper: sets the draw pile to `pile` (capped by the cards not in hands), the
        /// other cards not in hands going to the discards.
        pub(crate) fn force_pile(&mut self, pile: [u8; 5]) {
            for (t, want) in pile.iter().enumerate() {
                let total = self.pile[t] + self.discards[t];
                self.pile[t] = (*want).min(total);
                self.discards[t] = total - self.pile[t];
            }
        }

        /// Test helper: empties the draw pile into the discards.
        pub(crate) fn force_empty_pile(&mut self) {
            for t in 0..5 {
                self.discards[t] += self.pile[t];
                self.pile[t] = 0;
            }
        }
    }

    /// The hex `(r, c)`.
    pub(crate) fn at(r: usize, c: usize) -> Cell {
        Cell::at(r, c).expect("on board")
    }
}
