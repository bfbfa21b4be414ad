//! Rule tests with access to the state's internals: the worked examples of the reference, the
//! placement rules of every building, the round evaluation, and one test per illegal case.

use crate::state::{Phase, State, Straight};
use crate::{Action, Card, Config, Error, Faces, PassedOn, Patrician, Province, SenatePass};
use dicecore::{Dice, Game, Seat, Turn};

mod evaluation;
mod illegal;
mod load;
mod moves;
mod placement;
mod round;
mod scoring;
mod view;

fn config(seats: u8) -> Config {
    Config::with_start(seats, Seat(0)).unwrap()
}

/// A new game with the lowest-numbered provinces and patricians revealed.
fn game_with(c: &Config) -> State {
    let mut s = State::new(c).unwrap();
    let mut buf = Vec::new();
    while matches!(s.phase, Phase::RevealProvinces | Phase::RevealPatricians) {
        s.legal_actions(&mut buf);
        s.apply_in_place(&buf[0]).unwrap();
    }
    assert_eq!(s.phase, Phase::Roll);
    s
}

fn game(seats: u8) -> State {
    game_with(&config(seats))
}

/// A new game of `seats` players with nothing rolled, to place or in hand: a position for a
/// test to lay out by hand.
fn cleared(seats: u8) -> State {
    let mut s = game(seats);
    s.roll = Faces::EMPTY;
    s.pending = 0;
    s.hand = [0; 5];
    s
}

/// Ends the round of a position laid out by hand: the buildings are evaluated.
fn end_round(s: &mut State) {
    s.phase = Phase::RoundEnd;
    s.advance();
}

fn faces(v: &[u8]) -> Faces {
    Faces::from_values(v).unwrap()
}

fn roll(s: &mut State, v: &[u8]) {
    s.apply_in_place(&Action::Roll(faces(v))).unwrap();
}

fn legal(s: &State) -> Vec<Action> {
    let mut buf = Vec::new();
    s.legal_actions(&mut buf);
    buf
}

/// The action is refused with `e`, by both `apply` and `apply_in_place`, and nothing changes.
fn refused(s: &State, a: Action, e: Error) {
    assert_eq!(s.apply(&a), Err(e.clone()), "{a}");
    let mut t = s.clone();
    assert_eq!(t.apply_in_place(&a), Err(e));
    assert_eq!(&t, s);
    assert!(!legal(s).contains(&a));
}

fn ok(s: &mut State, a: Action) {
    assert!(legal(s).contains(&a), "{a} not listed");
    s.apply_in_place(&a).unwrap();
}

fn seat(i: u8) -> Seat {
    Seat(i)
}

/// Seat `p` places `dice` in the Templum.
fn templum(p: u8, dice: &[u8]) -> Action {
    Action::Templum {
        seat: seat(p),
        dice: faces(dice),
    }
}

/// Seat `p` places `dice` in the Senatus.
fn senatus(p: u8, dice: &[u8]) -> Action {
    Action::Senatus {
        seat: seat(p),
        dice: faces(dice),
    }
}

/// Seat `p` places `dice` in the Forum.
fn forum(p: u8, dice: &[u8]) -> Action {
    Action::Forum {
        seat: seat(p),
        dice: faces(dice),
    }
}

/// Seat `p` keeps `card` of the senate cards offered.
fn keep_senate(p: u8, card: Card) -> Action {
    Action::KeepSenateCard {
        seat: seat(p),
        card,
    }
}

/// The three senate cards of the evaluation are drawn: `cards`.
fn deal_senate(s: &mut State, cards: [Card; 3]) {
    for c in cards {
        s.apply_in_place(&Action::SenateCard(c)).unwrap();
    }
}

/// Resolves pending Fortuna draws with tiles of value `v`.
fn draw_tiles(s: &mut State, v: u8) {
    while matches!(s.phase, Phase::DrawFortuna { .. }) {
        s.apply_in_place(&Action::Fortuna(v)).unwrap();
    }
}

/// The start of the Temple example: Antonius (seat 0) places a 5 in the Templum.
fn antonius_places_a_5() -> State {
    let mut s = game(4);
    roll(&mut s, &[1, 1, 2, 2, 3, 4, 5, 6]);
    ok(&mut s, templum(0, &[5]));
    s
}

/// Calls `f` with the states of `cases` seeded random games of every player count, each cut
/// at a random point, drawn by `dicecore::strategy`: a state that fails shrinks to the shortest
/// game that reaches a failing state, printed as a replay.
fn for_each_random_state(cases: u32, mut f: impl FnMut(&State)) {
    dicecore::strategy::Plays::<State>::new().check_states(cases, |s| {
        f(s);
        Ok(())
    });
}
