//! Positions set up by hand: the setup shown in docs/positions.md builds, and every refusal
//! that belongs to setups has its own error.

use dicecore::faces::Colour::*;
use dicecore::{FromSetup, Game, Seat, Turn};
use the_border::{
    Action, CompletedArea, Config, Error, Phase, PlayerSetup, PositionError, Setup, SetupError,
    State,
};

/// The rulebook's example of action 1: after the third roll Sara (seat 1, board B) has three
/// grey dice, a blue and a yellow; earlier rounds crossed a few spaces next to the white ones.
fn sara() -> Setup {
    Setup {
        active: Seat(1),
        phase: Phase::Crossing,
        rerolls: 2,
        showing: vec![Grey, Grey, Grey, Blue, Yellow],
        rolling: 0,
        used: vec![],
        players: vec![
            PlayerSetup {
                crossed: vec![(1, 6), (2, 5)],
                ..PlayerSetup::default()
            },
            PlayerSetup {
                crossed: vec![(1, 6), (13, 10)],
                ..PlayerSetup::default()
            },
        ],
    }
}

/// `setup` is refused for the reason `e` (a [`PositionError`] or a [`SetupError`], nested in
/// [`Error`]).
fn refused(setup: &Setup, e: impl Into<Error>) {
    assert_eq!(State::from_setup(&Config::new(2), setup), Err(e.into()));
}

#[test]
fn the_setup_of_the_positions_doc_builds_the_rulebook_position() {
    let doc = include_str!("../../../docs/positions.md");
    let section = doc.split("## The Border").nth(1).unwrap();
    let json = section
        .split("```json")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let setup: Setup = serde_json::from_str(json).unwrap();
    assert_eq!(setup, sara());
    let state = State::from_setup(&Config::new(2), &setup).unwrap();
    assert_eq!(state.to_setup(), setup);
    assert_eq!(state.turn(), Turn::Seat(Seat(1)));
    // Sara may complete the grey segment of three or the grey segment of two, or be done.
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let board = state.board(Seat(1));
    let segments: Vec<usize> = legal
        .iter()
        .filter_map(|a| match *a {
            Action::Complete { segment, .. } => Some(board.segment_spaces(segment).len()),
            _ => None,
        })
        .collect();
    assert_eq!(segments, vec![3, 2]);
    assert_eq!(legal.last(), Some(&Action::Done(Seat(1))));
}

#[test]
fn one_player_entry_per_seat() {
    let mut s = sara();
    s.players.pop();
    refused(&s, SetupError::SeatEntries { seats: 2, found: 1 });
}

#[test]
fn crossed_positions_are_border_spaces() {
    let mut s = sara();
    s.players[0].crossed.push((0, 0));
    refused(
        &s,
        SetupError::NoSpaceAt {
            seat: Seat(0),
            row: 0,
            col: 0,
        },
    );
}

#[test]
fn white_spaces_may_be_listed() {
    let mut s = sara();
    s.players[0].crossed.push((1, 5));
    let state = State::from_setup(&Config::new(2), &s).unwrap();
    assert_eq!(state.to_setup(), sara());
}

#[test]
fn crossed_spaces_could_have_been_crossed() {
    let mut s = sara();
    s.players[1].crossed.push((7, 16));
    refused(
        &s,
        PositionError::CrossedCutOff {
            seat: Seat(1),
            space: State::from_setup(&Config::new(2), &sara())
                .unwrap()
                .board(Seat(1))
                .space_at(7, 16)
                .unwrap(),
        },
    );
}

#[test]
fn spaces_crossed_in_this_action_2_are_crossed_and_only_in_action_2() {
    let mut s = sara();
    s.players[0].crossed_this_action.push((1, 6));
    refused(&s, PositionError::Action2Outside);
    let mut s = sara();
    s.players[0].to_act = true;
    refused(&s, PositionError::Action2Outside);
    // In action 2 (Sara used her three grey dice), seat 0 lists a space it has not crossed.
    let mut s = sara();
    s.phase = Phase::Others;
    s.used = vec![Grey, Grey, Grey];
    s.players[1].crossed.extend([(2, 13), (3, 13), (3, 14)]);
    s.players[0].crossed_this_action.push((3, 7));
    refused(
        &s,
        SetupError::CrossedThisActionNotCrossed {
            seat: Seat(0),
            row: 3,
            col: 7,
        },
    );
}

#[test]
fn areas_are_named_once_and_completed() {
    let mut s = sara();
    s.players[0].areas.push(CompletedArea {
        area: "castle".to_string(),
        first: true,
    });
    refused(&s, SetupError::NoAreaNamed("castle".to_string()));
    let mut s = sara();
    s.players[0].areas.push(CompletedArea {
        area: "well".to_string(),
        first: true,
    });
    refused(
        &s,
        SetupError::AreaNotCompleted {
            seat: Seat(0),
            area: "well".to_string(),
        },
    );
}

#[test]
fn completed_areas_are_listed_once() {
    // Seat 0 completes the well (on board A, area 6) with whole segments, as action 1 could.
    let config = Config::new(2);
    let start = State::from_setup(&config, &sara()).unwrap();
    let board = start.board(Seat(0));
    let well = board.area_named("well").unwrap();
    let mut crossed = sara().players[0].crossed.clone();
    let mut seen = Vec::new();
    for space in board.area_spaces(well) {
        if let Some(k) = board.segment_of(space) {
            if !seen.contains(&k) {
                seen.push(k);
                crossed.extend(board.segment_positions(k));
            }
        }
    }
    let mut s = sara();
    s.players[0].crossed = crossed;
    let completes = State::from_setup(&config, &s);
    let Err(Error::Setup(SetupError::AreaNotListed { seat, area })) = completes else {
        panic!("{completes:?}");
    };
    assert_eq!(seat, Seat(0));
    // List every area those segments complete, first each time: the position builds.
    let all: Vec<String> = board
        .areas()
        .iter()
        .filter(|a| {
            let at = |sp| board.position(sp).unwrap();
            a.border
                .iter()
                .all(|sp| s.players[0].crossed.contains(&at(sp)) || board.white().contains(sp))
        })
        .map(|a| a.name.clone())
        .collect();
    assert!(all.contains(&area));
    s.players[0].areas = all
        .iter()
        .map(|name| CompletedArea {
            area: name.clone(),
            first: true,
        })
        .collect();
    let state = State::from_setup(&config, &s).unwrap();
    assert!(state.completed(Seat(0)) & (1 << well) != 0);
    let mut twice = s.clone();
    twice.players[0].areas.push(CompletedArea {
        area: "well".to_string(),
        first: true,
    });
    refused(
        &twice,
        SetupError::AreaListedTwice {
            seat: Seat(0),
            area: "well".to_string(),
        },
    );
}

/// The loader's refusals are `Error::Position` (a saved state and a setup alike), the setup's
/// own are `Error::Setup`, and their messages say which.
#[test]
fn the_loader_refusals_are_position_errors() {
    let config = Config::new(2);
    // A saved state whose active player is not at the table.
    let mut saved = serde_json::to_value(State::from_setup(&config, &sara()).unwrap()).unwrap();
    saved["active"] = serde_json::json!(2);
    let refusal = serde_json::from_value::<State>(saved).unwrap_err();
    assert_eq!(
        refusal.to_string(),
        "this position could not arise in play: the active player, seat 2, is not at the table"
    );
    // The same position set up by hand.
    let mut s = sara();
    s.active = Seat(2);
    let refusal = State::from_setup(&config, &s).unwrap_err();
    assert_eq!(
        refusal,
        Error::Position(PositionError::ActiveOffTable(Seat(2)))
    );
    assert_eq!(
        refusal.to_string(),
        "this position could not arise in play: the active player, seat 2, is not at the table"
    );
    // A setup naming an area that is not on the board cannot be read.
    let mut s = sara();
    s.players[0].areas.push(CompletedArea {
        area: "castle".to_string(),
        first: true,
    });
    let refusal = State::from_setup(&config, &s).unwrap_err();
    assert_eq!(
        refusal,
        Error::Setup(SetupError::NoAreaNamed("castle".to_string()))
    );
    assert_eq!(
        refusal.to_string(),
        "this setup cannot be read: there is no area called 'castle'"
    );
}
