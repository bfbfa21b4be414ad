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
    ok(
        &mut s,
        Action::Templum {
            seat: seat(0),
            dice: faces(&[5]),
        },
    );
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
