//! Rule tests on hand-built positions (first-game board unless stated).
//!
//! First-game board landmarks: Tavern (6,2) (6,7); Paddock (2,18) (6,11); Oasis (12,7)
//! (17,5); Farm (11,17) (15,12); castles (3,3) (7,15) (11,11) (17,1).

use crate::board::{Placement, Tile};
use crate::scoring::{self, lords_gold, Card};
use crate::state::Phase;
use crate::{Action, Cell, Cells, Config, Error, State, Terrain};
use dicecore::strategy::Plays;
use dicecore::{Dice, Game, Seat, Turn};

const S0: Seat = Seat(0);
const S1: Seat = Seat(1);

fn first(seats: u8) -> State {
    State::new(&Config::first_game(seats)).unwrap()
}

fn with_cards(seats: u8, cards: [Card; 3]) -> State {
    let mut c = Config::first_game(seats);
    c.cards = cards;
    State::new(&c).unwrap()
}

fn card_gold(s: &State, seat: Seat, card: Card) -> i32 {
    s.breakdown(seat)
        .cards
        .iter()
        .find(|(c, _)| *c == card)
        .map(|(_, g)| *g)
        .expect("card in play")
}

fn legal(s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    v
}

fn cells_of(v: &[Action], pick: impl Fn(&Action) -> Option<Cell>) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = v
        .iter()
        .filter_map(pick)
        .map(|c| (c.row(), c.col()))
        .collect();
    out.sort();
    out
}

fn tile_targets(s: &State, tile: Tile) -> Vec<(usize, usize)> {
    cells_of(&legal(s), |a| match *a {
        Action::TileBuild { tile: t, cell, .. } if t == tile => Some(cell),
        _ => None,
    })
}

fn build_targets(s: &State) -> Vec<(usize, usize)> {
    cells_of(&legal(s), |a| match *a {
        Action::Build { cell, .. } => Some(cell),
        _ => None,
    })
}

fn move_targets(s: &State) -> Vec<(usize, usize)> {
    cells_of(&legal(s), |a| match *a {
        Action::MoveTo { cell, .. } => Some(cell),
        _ => None,
    })
}

fn lift_sources(s: &State, tile: Tile) -> Vec<(usize, usize)> {
    cells_of(&legal(s), |a| match *a {
        Action::Lift { tile: t, from, .. } if t == tile => Some(from),
        _ => None,
    })
}

#[track_caller]
fn illegal(s: &State, a: Action, e: Error) {
    assert_eq!(s.apply(&a), Err(e.clone()), "{a}");
    let mut c = s.clone();
    assert_eq!(c.apply_in_place(&a), Err(e));
    assert_eq!(&c, s, "a refused action changed the state");
}

#[track_caller]
fn ok(s: &mut State, a: Action) {
    s.apply_in_place(&a).unwrap_or_else(|e| panic!("{a}: {e}"));
}

fn build(seat: Seat, r: usize, c: usize) -> Action {
    Action::Build {
        seat,
        cell: at(r, c),
    }
}

fn tile_build(seat: Seat, tile: Tile, r: usize, c: usize) -> Action {
    Action::TileBuild {
        seat,
        tile,
        cell: at(r, c),
    }
}

fn lift(seat: Seat, tile: Tile, r: usize, c: usize) -> Action {
    Action::Lift {
        seat,
        tile,
        from: at(r, c),
    }
}

fn move_to(seat: Seat, r: usize, c: usize) -> Action {
    Action::MoveTo {
        seat,
        cell: at(r, c),
    }
}

fn oracle_board(redraw: bool) -> State {
    let mut c = Config::first_game(4);
    c.board = [
        Placement::printed(Tile::Oracle),
        Placement::printed(Tile::Barn),
        Placement::printed(Tile::Tavern),
        Placement::printed(Tile::Harbor),
    ];
    c.redraw_for_extra_actions = redraw;
    State::new(&c).unwrap()
}

/// The random states each test of [`for_each_random_state`] checks.
const CASES: u32 = 600;

/// Calls `f` with the states of `cases` seeded random games of 2, 3 and 4 players, each cut at
/// a random point, drawn by `dicecore::strategy`: a state that fails shrinks to the shortest
/// game that reaches a failing state, printed as a replay.
fn for_each_random_state(cases: u32, mut f: impl FnMut(&State)) {
    Plays::<State>::new().check_states(cases, |s| {
        f(s);
        Ok(())
    });
}

/// Seat 0 to play a forest card in a 2-player first game, holding a Paddock tile, with
/// settlements at (6,10) (next to the Paddock at (6,11), location 3) and (8,8).
fn paddock_turn() -> State {
    let mut s = first(2);
    s.force_settle(S0, &[(6, 10), (8, 8)]);
    s.force_turn(S0, Terrain::Forest);
    s
}

/// [`paddock_turn`] after the mandatory build (its first listed hexes).
fn paddock_turn_built() -> State {
    let mut s = paddock_turn();
    for _ in 0..3 {
        let a = legal(&s)
            .into_iter()
            .find(|a| matches!(a, Action::Build { .. }))
            .unwrap();
        ok(&mut s, a);
    }
    s
}

// ---------------------------------------------------------------- hand-built positions

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

mod building;
mod illegal;
mod load;
mod moves;
mod pictures;
mod scores;
mod setup;
mod tiles;
mod turn;
mod view;
