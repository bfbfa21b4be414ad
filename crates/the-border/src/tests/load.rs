//! One regression test per reason the loader refuses a state, each on a state that loads
//! until one thing is changed.

use super::*;
use crate::board::Board;
use crate::config::Loaded;
use crate::dice::DICE;
use crate::{Action, Config, PositionError};
use dicecore::strategy::Plays;
use dicecore::{Game, SeatSet};

fn new(seats: u8) -> State {
    State::new(&Config::new(seats)).unwrap()
}

/// `s` is refused as a position that could not arise in play, for the reason `e`.
fn refused(s: State, e: PositionError) {
    assert_eq!(s.checked().map(|_| ()), Err(Error::Position(e)));
}

fn loads(s: &State) {
    if let Err(e) = s.clone().checked() {
        panic!("refused: {e}\n{s}");
    }
}

/// A state met in the seeded random games of `seats` players (dicecore's strategies) for
/// which `wanted` holds.
fn met(seats: u8, wanted: impl Fn(&State) -> bool) -> State {
    let plays = Plays::<State>::new().seats(seats..=seats).unwrap();
    let found = plays.find_state(500, wanted).unwrap();
    let s = found
        .expect("no such state in 500 random games")
        .into_state();
    loads(&s);
    s
}

/// Seat `i` crosses the segments touching `spaces`, whole (as action 1 could), and scores
/// the first value of every area it completes, marked as taken.
fn first_on_all(s: &mut State, i: usize, spaces: Spaces) {
    let board: Arc<Board> = Arc::clone(&s.setup.boards[i]);
    for g in board.segments() {
        if !(g.spaces & spaces).is_empty() {
            s.crossed[i] |= g.spaces;
        }
    }
    s.derive(i);
    for (a, area) in board.areas().iter().enumerate() {
        if s.done[i] & (1 << a) != 0 {
            s.points[i][a] = area.high;
            s.claimed |= 1 << a;
        }
    }
    s.derive(i);
}

/// The borders of the first six areas of seat `i`'s board: crossed whole, the end.
fn six_areas(s: &State, i: usize) -> Spaces {
    s.setup.boards[i].areas()[..6]
        .iter()
        .fold(Spaces::EMPTY, |m, a| m | a.border)
}

fn well(s: &State) -> usize {
    let areas = s.board(Seat(0)).areas();
    areas.iter().position(|a| a.name == "well").unwrap()
}

fn deciding() -> State {
    let mut s = new(2);
    let roll = DiceSet([2, 1, 1, 1, 0, 0]);
    s.apply_in_place(&Action::Roll(roll)).unwrap();
    assert_eq!(s.phase, Phase::Deciding);
    s
}

fn in_action_2(s: &State) -> bool {
    s.phase == Phase::Others
}

#[test]
fn one_entry_per_player() {
    let mut s = new(2);
    s.pool.len = 3;
    refused(s, PositionError::SeatEntries { seats: 2, found: 3 });
}

#[test]
fn the_active_player_is_at_the_table() {
    let mut s = new(2);
    s.active = Seat(2);
    refused(s, PositionError::ActiveOffTable(Seat(2)));
}

#[test]
fn crossed_spaces_are_on_the_board_with_the_white_ones() {
    let mut s = new(2);
    s.crossed[1].insert(100);
    refused(
        s,
        PositionError::CrossedOffBoard {
            seat: Seat(1),
            space: 100,
        },
    );
    let mut s = new(2);
    let white = s.board(Seat(0)).white().first().unwrap();
    s.crossed[0].remove(white);
    refused(
        s,
        PositionError::WhiteNotCrossed {
            seat: Seat(0),
            space: white,
        },
    );
}

#[test]
fn a_crossed_space_is_connected_to_a_white_space_or_a_completed_segment() {
    let s = new(2);
    let board = s.board(Seat(0));
    let far = (board.all() - board.white() - s.reach[0]).first().unwrap();
    let mut cut = s.clone();
    cut.crossed[0].insert(far);
    refused(
        cut,
        PositionError::CrossedCutOff {
            seat: Seat(0),
            space: far,
        },
    );
    // The whole segment of that space, completed in action 1, is fine; so is a space next to
    // it.
    let segment = board.spaces()[far].segment.unwrap() as usize;
    let mut whole = s.clone();
    whole.crossed[0] |= board.segments()[segment].spaces;
    whole.derive(0);
    loads(&whole);
    let next = (whole.reach[0] - whole.crossed[0]).first().unwrap();
    whole.crossed[0].insert(next);
    loads(&whole);
}

#[test]
fn areas_taken_are_on_the_board_and_taken_once() {
    let mut s = new(2);
    s.claimed = 1 << AREAS;
    refused(s, PositionError::NoSuchArea);
    // "Exactly the completed areas marked as taken" (the rules reference's loader rules), of
    // the board's 9 areas: the same area beyond the board, taken before and in this action 2,
    // is refused as beyond the board.
    let mut s = new(2);
    s.claimed = 1 << AREAS;
    s.claimed_now = 1 << AREAS;
    refused(s, PositionError::NoSuchArea);
    let mut s = met(3, in_action_2);
    s.claimed |= 1;
    s.claimed_now |= 1;
    let name = s.board(Seat(0)).areas()[0].name.clone();
    refused(s, PositionError::TakenTwice(name));
}

#[test]
fn exactly_the_completed_areas_are_taken_and_someone_scored_first() {
    let mut s = new(2);
    s.claimed = 1;
    let first = s.board(Seat(0)).areas()[0].name.clone();
    refused(s, PositionError::TakenNotCompleted(first));
    let mut s = new(2);
    let w = well(&s);
    let border = s.board(Seat(1)).areas()[w].border;
    first_on_all(&mut s, 1, border);
    loads(&s);
    let name = "well".to_string();
    let mut not_taken = s.clone();
    not_taken.claimed &= !(1 << w);
    refused(not_taken, PositionError::CompletedNotTaken(name.clone()));
    let mut low = s.clone();
    low.points[1][w] = 2;
    refused(low, PositionError::NobodyFirst(name.clone()));
    let mut odd = s.clone();
    odd.points[1][w] = 3;
    refused(
        odd,
        PositionError::NotAValue {
            seat: Seat(1),
            area: name.clone(),
            points: 3,
            high: 4,
            low: 2,
        },
    );
    let mut stray = s;
    stray.points[0][w] = 4;
    refused(
        stray,
        PositionError::PointsWithoutArea {
            seat: Seat(0),
            area: name,
            points: 4,
        },
    );
}

/// Seat `i` and area `a` of a state in action 2 where seat `i` completed `a` in it (with
/// different values) or before it (`before`).
fn completion(s: &State, before: bool) -> Option<(usize, usize)> {
    if s.phase != Phase::Others {
        return None;
    }
    (0..s.n()).find_map(|i| {
        let board = s.seat_board(i);
        (0..AREAS)
            .find(|&a| {
                let area = &board.areas()[a];
                let done = s.done[i] & (1 << a) != 0;
                let earlier = area.border.is_subset(&s.start[i]);
                done && earlier == before && area.high != area.low
            })
            .map(|a| (i, a))
    })
}

#[test]
fn an_area_completed_in_this_action_2_scores_its_value_then() {
    let mut s = met(4, |s| completion(s, false).is_some());
    let (i, a) = completion(&s, false).unwrap();
    let area = s.seat_board(i).areas()[a].clone();
    let points = s.points[i][a];
    let expected = points;
    let other = if points == area.high {
        area.low
    } else {
        area.high
    };
    s.points[i][a] = other;
    refused(
        s,
        PositionError::WrongValue {
            seat: Seat(i as u8),
            area: area.name,
            points: other,
            expected,
        },
    );
}

#[test]
fn an_area_first_completed_in_this_action_2_was_not_completed_before() {
    let mut s = met(4, |s| completion(s, true).is_some());
    let (i, a) = completion(&s, true).unwrap();
    s.claimed &= !(1 << a);
    s.claimed_now |= 1 << a;
    let area = s.seat_board(i).areas()[a].name.clone();
    // The first seat (in seat order) that completed it before is named.
    let seat = (0..s.n())
        .find(|&j| s.done[j] & (1 << a) != 0)
        .map(|j| Seat(j as u8))
        .unwrap();
    refused(s, PositionError::CompletedBefore { area, seat });
}

#[test]
fn the_rolls_fit_the_phase() {
    let mut s = deciding();
    s.rolls = ROLLS;
    refused(s, PositionError::RollCount(ROLLS));
    // "up to 3 rolls in all" (the rules reference, "Active player"): rolling after the third
    // roll is refused.
    let mut s = new(2);
    s.rolls = ROLLS;
    refused(s, PositionError::RollCount(ROLLS));
    let mut s = new(2);
    s.pending = 4;
    refused(s, PositionError::RollingDice);
    let mut s = new(2);
    s.pending = 3;
    s.dice = DiceSet([2, 0, 0, 0, 0, 0]);
    refused(s, PositionError::FirstRollNotAll);
    let mut s = deciding();
    s.dice = DiceSet([1, 1, 1, 1, 0, 0]);
    refused(s, PositionError::NotFiveDice);
    let mut s = deciding();
    s.used = DiceSet([1, 0, 0, 0, 0, 0]);
    refused(s, PositionError::UsedDice);
}

#[test]
fn action_1_lasts_while_a_segment_can_be_completed() {
    let mut s = met(2, |s| s.phase == Phase::Crossing);
    s.used = s.dice;
    refused(s, PositionError::NothingToComplete);
}

#[test]
fn nothing_of_action_2_outside_it() {
    let mut s = new(3);
    s.to_act.insert(Seat(1));
    refused(s, PositionError::Action2Outside);
    let mut s = deciding();
    s.left[1] = 2;
    refused(s, PositionError::Action2Outside);
    // "Every other player uses the dice the active player did not use" (the rules reference,
    // "Action 2"): outside action 2, each of its signs alone is refused, the spaces a player
    // had crossed when it began and the dice a player has to cross with.
    let mut s = deciding();
    let space = s.board(Seat(1)).segments()[0].spaces.first().unwrap();
    s.start[1].insert(space);
    refused(s, PositionError::Action2Outside);
    let mut s = deciding();
    s.pool[1] = DiceSet([1, 0, 0, 0, 0, 0]);
    refused(s, PositionError::Action2Outside);
}

#[test]
fn the_players_to_act_in_action_2_are_others_who_can_cross() {
    let mut s = met(3, in_action_2);
    s.to_act.insert(s.active);
    refused(s, PositionError::ToAct);
    let mut s = met(3, in_action_2);
    s.to_act = SeatSet::EMPTY;
    refused(s, PositionError::ToAct);
    let stuck = |s: &State| {
        (0..s.n()).find(|&i| {
            let seat = Seat(i as u8);
            seat != s.active && !s.to_act.contains(seat) && s.crossable(i).is_empty()
        })
    };
    let mut s = met(4, |s| in_action_2(s) && stuck(s).is_some());
    let i = stuck(&s).unwrap();
    s.to_act.insert(Seat(i as u8));
    refused(s, PositionError::NothingToCross(Seat(i as u8)));
}

#[test]
fn the_active_player_takes_no_part_in_action_2() {
    let mut s = met(3, in_action_2);
    let a = s.active;
    s.left[a.index()] = 1;
    refused(s, PositionError::ActiveInAction2(a));
}

#[test]
fn dice_and_crosses_of_action_2_add_up() {
    let other = |s: &State| s.to_act.iter().next().unwrap().index();
    let mut s = met(3, |s| in_action_2(s) && s.left[other(s)] < DICE);
    let i = other(&s);
    let far = (s.seat_board(i).all() - s.crossed[i]).first().unwrap();
    let mut start = s.clone();
    start.start[i].insert(far);
    refused(start, PositionError::StartNotCrossed(Seat(i as u8)));
    s.left[i] += 1;
    let (pool, left) = s.action_2_dice();
    refused(
        s,
        PositionError::Action2Dice {
            seat: Seat(i as u8),
            pool,
            left,
        },
    );
}

#[test]
fn crosses_of_action_2_lie_next_to_the_spaces_crossed_before() {
    // Seat 1 crosses a space next to a white space, then one next to that one only.
    let mut s = new(2);
    let b = Arc::clone(&s.setup.boards[1]);
    let white = b.white();
    let pair = white
        .iter()
        .flat_map(|w| b.neighbours(w).iter())
        .filter(|&x| !white.contains(x))
        .find_map(|x| {
            let y = (b.neighbours(x) - white - s.reach[1]).first()?;
            Some((x, y))
        })
        .unwrap();
    let (x, y) = pair;
    let colour = |k: usize| b.spaces()[k].colour.unwrap();
    let mut roll = DiceSet::from_colours(&[colour(x), colour(y)]);
    roll.0[colour(x).index()] += 3;
    s.apply_in_place(&Action::Roll(roll)).unwrap();
    s.apply_in_place(&Action::Stop(Seat(0))).unwrap();
    if s.phase == Phase::Crossing {
        s.apply_in_place(&Action::Done(Seat(0))).unwrap();
    }
    for space in [x, y] {
        let cross = cross(1, space as u8);
        s.apply_in_place(&cross).unwrap();
    }
    assert_eq!(s.phase, Phase::Others, "seat 1 can still cross");
    loads(&s);
    // Without chaining within an action, the second cross is too far.
    let mut config = s.setup.config.clone();
    config.chain_within_action = false;
    s.setup = Arc::new(Loaded {
        config,
        boards: Vec::new(),
        lookup: Vec::new(),
    });
    refused(
        s,
        PositionError::CrossedAway {
            seat: Seat(1),
            space: y,
        },
    );
}

#[test]
fn the_end_fits_the_phase() {
    let mut s = deciding();
    let six = six_areas(&s, 1);
    first_on_all(&mut s, 1, six);
    refused(s, PositionError::EndedEarly);
    // "End: when a player completes their 6th area. If that happens in action 1, action 2 is
    // still played": in action 1 only the active player can have reached the end.
    let mut s = met(2, |s| s.phase == Phase::Crossing);
    let other = 1 - s.active.index();
    let six = six_areas(&s, other);
    first_on_all(&mut s, other, six);
    refused(s, PositionError::EndedEarly);
    let mut s = deciding();
    s.phase = Phase::Over;
    refused(s, PositionError::NotEnded);
}
