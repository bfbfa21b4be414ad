//! Positions set up by hand ([`dicecore::FromSetup`]): the round trip on every state met in
//! random games, one test per refusal, the documented JSON setup, and the queries of the cells
//! an entry fills.
mod common;

use common::*;
use dicecore::conformance::{check_setup, run_setup, Settings};
use dicecore::{FromSetup, Game, Seat, SeatSet, Turn};
use mosaix::grid::ParseGridError;
use mosaix::{
    Action, Cell, Error, Formation, Marks, PositionError, Setup, SetupError, SetupPhase, SoloStuck,
    State, Tetromino, Written,
};

#[test]
fn setup_round_trip_every_player_count() {
    run_setup::<State>(&Settings::default().cases(12));
}

/// Solo games with passes allowed, and blank cards.
#[test]
fn setup_round_trip_other_configs() {
    for seed in 0..6 {
        let mut config = State::standard_config(1, seed).unwrap();
        config.solo_stuck = SoloStuck::Pass;
        check_setup::<State>(&config, seed, &Settings::default()).unwrap();
        check_setup::<State>(&blank_config(3), seed, &Settings::default()).unwrap();
    }
}

fn two() -> (mosaix::Config, State) {
    let mut config = State::standard_config(2, 0).unwrap();
    config.first_roller = Seat(0);
    let s = State::new(&config).unwrap();
    (config, s)
}

/// Two players entering an I of `o o ^ x`, seat 1 has entered it in the top row.
fn entering() -> (mosaix::Config, Setup) {
    let (config, mut s) = two();
    roll_and_arrange(&mut s, [O, O, T, X], i_of([O, O, T, X]));
    let marks = Marks::from_cells((0..4).map(|c| (Cell::new(0, c), [O, O, T, X][c as usize])));
    s.apply_in_place(&Action::Enter {
        seat: Seat(1),
        marks: marks.unwrap(),
    })
    .unwrap();
    (config, s.to_setup())
}

/// Asserts that the setup is refused with `error` (a [`PositionError`] nested in
/// [`Error::Position`], a [`SetupError`] in [`Error::Setup`]).
fn refused(config: &mosaix::Config, setup: &Setup, error: impl Into<Error>) {
    assert_eq!(State::from_setup(config, setup), Err(error.into()));
}

#[test]
fn the_entering_setup_reads_as_a_player_writes_it() {
    let (config, setup) = entering();
    assert_eq!(setup.phase, SetupPhase::Enter);
    assert_eq!(setup.cards[1][0], "oo^x...");
    assert_eq!(setup.cards[1][3], "...^...");
    assert_eq!(setup.entered[0], None);
    let written = setup.entered[1].as_ref().unwrap();
    assert_eq!(
        written[3],
        Written {
            row: 0,
            col: 3,
            symbol: X
        }
    );
    let state = State::from_setup(&config, &setup).unwrap();
    assert_eq!(state.turn(), Turn::Seats(SeatSet::single(Seat(0))));
    // Any rotation of the formation, the roll in any order, are read the same.
    let mut other = setup.clone();
    other.formation = Some(Formation {
        shape: Tetromino::I,
        symbols: [X, T, O, O],
    });
    other.roll = Some([X, O, T, O]);
    assert_eq!(State::from_setup(&config, &other), Ok(state.clone()));
    other.roll = None;
    assert_eq!(State::from_setup(&config, &other), Ok(state));
}

#[test]
fn refusals() {
    let (config, setup) = entering();
    let mut s = setup.clone();
    s.cards.pop();
    refused(&config, &s, SetupError::CardCount { cards: 1, seats: 2 });
    let mut s = setup.clone();
    s.entered.push(None);
    refused(
        &config,
        &s,
        SetupError::EnteredCount {
            entered: 3,
            seats: 2,
        },
    );
    let mut s = setup.clone();
    s.cards[0][2] = "..?....".into();
    refused(
        &config,
        &s,
        SetupError::CardText(Seat(0), ParseGridError::Symbol('?')),
    );
    let mut s = setup.clone();
    s.cards[0].pop();
    refused(
        &config,
        &s,
        SetupError::CardText(Seat(0), ParseGridError::Rows(6)),
    );
    let mut s = setup.clone();
    s.entered[1].as_mut().unwrap()[0].row = 7;
    refused(&config, &s, SetupError::EntryCells(Seat(1)));
    let mut s = setup.clone();
    s.formation = None;
    refused(&config, &s, SetupError::NoFormation);
    let mut s = setup.clone();
    s.roll = Some([X, X, X, X]);
    refused(&config, &s, Error::WrongSymbols);
    // Rolling: no roll, no formation, nobody has entered.
    let (_, rolling) = two();
    let rolling = rolling.to_setup();
    let mut s = rolling.clone();
    s.roll = Some([X, X, X, X]);
    refused(&config, &s, SetupError::RollOutOfPhase);
    let mut s = rolling.clone();
    s.formation = Some(i_of([X, X, X, X]));
    refused(&config, &s, SetupError::FormationOutOfPhase);
    let mut s = rolling.clone();
    s.entered[0] = Some(Vec::new());
    refused(&config, &s, PositionError::EntryOutOfTurn(Seat(0)));
    let mut s = rolling.clone();
    s.phase = SetupPhase::Arrange;
    refused(&config, &s, SetupError::NoRoll);
    let mut s = rolling.clone();
    s.phase = SetupPhase::CardClosed;
    refused(&config, &s, SetupError::NoCardClosed);
    // The loader's checks apply: here the roller of turn 1 is seat 0.
    let mut s = rolling;
    s.roller = Seat(1);
    refused(
        &config,
        &s,
        PositionError::RollerOutOfTurn {
            round: 1,
            roller: Seat(1),
            expected: Seat(0),
        },
    );
    // And a bad config is refused as such.
    let mut bad = config.clone();
    bad.seats = 5;
    refused(&bad, &setup, Error::PlayerCount(5));
}

/// The setup shown in `docs/positions.md` builds the state it describes.
#[test]
fn the_documented_setup() {
    let doc = include_str!("../../../docs/positions.md");
    let section = doc.split("## Mosaix").nth(1).unwrap();
    let json = section.split("```json").nth(1).unwrap();
    let json = json.split("```").next().unwrap();
    let setup: Setup = serde_json::from_str(json).unwrap();
    let (config, _) = two();
    let state = State::from_setup(&config, &setup).unwrap();
    assert_eq!(state.to_setup(), setup);
    assert_eq!(state.round(), 3);
    assert_eq!(state.turn(), Turn::Seats(SeatSet::single(Seat(0))));
    let mut legal = Vec::new();
    state.legal_actions_for(Seat(0), &mut legal);
    assert!(legal.len() > 100);
}

/// The cells an entry fills: from an action, and from a formation turned and placed.
#[test]
fn queries_of_the_cells_an_entry_fills() {
    let (config, setup) = entering();
    let state = State::from_setup(&config, &setup).unwrap();
    let mut legal = Vec::new();
    state.legal_actions_for(Seat(0), &mut legal);
    let formation = i_of([O, O, T, X]);
    let upright = formation
        .orientations()
        .into_iter()
        .find(|t| t.height() == 4)
        .unwrap();
    // The I standing in column 6 with its top two cells over the top edge.
    let marks = upright.place(-2, 6).unwrap();
    let enter = Action::Enter {
        seat: Seat(0),
        marks,
    };
    assert!(legal.contains(&enter));
    assert_eq!(enter.written().len(), 2);
    assert_eq!(enter.dropped(), Some(2));
    assert!(enter.written().iter().all(|(c, _)| c.col == 6 && c.row < 2));
    assert_eq!(Action::Pass { seat: Seat(0) }.written(), vec![]);
    // Nothing lands on the card.
    assert_eq!(upright.place(-4, 0), None);
}
