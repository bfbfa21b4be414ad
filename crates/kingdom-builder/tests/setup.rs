//! Positions set up by hand: the documented setup, the setup-specific refusals, and the
//! loader's checks applied to setups.
use dicecore::{FromSetup, Game, Seat, Turn};
use kingdom_builder::{
    Action, Cell, Config, Error, Phase, PositionError, SetupError, State, Terrain, Tile,
};
use kingdom_builder::{HeldTile, Moving, Setup};

/// The Kingdom Builder setup shown in `docs/positions.md`.
fn documented() -> Setup {
    let doc = include_str!("../../../docs/positions.md");
    let section = &doc[doc.find("## Kingdom Builder").unwrap()..];
    let start = section.find("```json").unwrap() + "```json".len();
    let end = start + section[start..].find("```").unwrap();
    serde_json::from_str(&section[start..end]).unwrap()
}

fn first_two() -> Config {
    Config::first_game(2)
}

fn at(r: usize, c: usize) -> Cell {
    Cell::at(r, c).unwrap()
}

#[test]
fn the_documented_setup_is_the_rulebook_position() {
    let setup = documented();
    let s = State::from_setup(&first_two(), &setup).unwrap();
    assert_eq!(s.to_setup(), setup);
    assert_eq!(s.turn(), Turn::Seat(Seat(0)));
    assert_eq!(s.played_card(), Some(Terrain::Canyon));
    assert_eq!(s.supply(Seat(0)), 37);
    assert_eq!(
        s.held_tile_locations(Seat(1)),
        vec![(at(12, 7), Tile::Oasis)]
    );
    assert_eq!(s.turn_tiles(), vec![(at(6, 7), Tile::Tavern)]);
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    // No settlement of João touches a canyon: every free canyon hex (the Tavern has no line
    // of 3 to extend).
    assert_eq!(legal.len(), 55);
    let next = s
        .apply(&Action::Build {
            seat: Seat(0),
            cell: at(16, 6),
        })
        .unwrap();
    next.legal_actions(&mut legal);
    let cells: Vec<Cell> = legal
        .iter()
        .map(|a| match a {
            Action::Build { cell, .. } => *cell,
            other => panic!("{other}"),
        })
        .collect();
    assert_eq!(cells, vec![at(15, 6), at(16, 7)]);
}

#[test]
fn a_setup_mid_turn_round_trips() {
    // Seat 0 holds two Paddocks, gained one Tavern this turn, used a Paddock and is moving.
    let config = first_two();
    let mut setup = documented();
    setup.settlements[0] = vec![(3, 17), (6, 8), (6, 10), (8, 8)];
    setup.tiles_held[0] = vec![
        HeldTile {
            location: (2, 18),
            tile: Tile::Paddock,
        },
        HeldTile {
            location: (6, 7),
            tile: Tile::Tavern,
        },
        HeldTile {
            location: (6, 11),
            tile: Tile::Paddock,
        },
    ];
    for t in &mut setup.tiles_left {
        if t.location == (2, 18) || t.location == (6, 11) {
            t.left = 1;
        }
    }
    setup.tiles_gained_this_turn = vec![(6, 7)];
    setup.tiles_used.insert(Tile::Paddock, 1);
    setup.moving = Some(Moving {
        tile: Tile::Paddock,
        from: (10, 9),
    });
    setup.mandatory_left = 0;
    let s = State::from_setup(&config, &setup).unwrap();
    assert_eq!(s.to_setup(), setup);
    assert_eq!(s.supply(Seat(0)), 35);
    assert_eq!(s.uses_left(Tile::Paddock), 1);
    assert_eq!(s.lifted(), Some((Tile::Paddock, at(10, 9))));
    let json = serde_json::to_string(&setup).unwrap();
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
}

/// `setup` is refused with `e`: `Error::Setup` for a [`SetupError`], `Error::Position` for a
/// [`PositionError`].
#[track_caller]
fn refused(setup: &Setup, e: impl Into<Error>) {
    assert_eq!(State::from_setup(&first_two(), setup), Err(e.into()));
}

#[test]
fn refuses_lists_of_the_wrong_length() {
    let mut setup = documented();
    setup.hands.push(None);
    refused(
        &setup,
        SetupError::SeatCount {
            field: "hands",
            seats: 2,
            got: 3,
        },
    );
}

#[test]
fn refuses_hexes_off_the_board() {
    let mut setup = documented();
    setup.settlements[0].push((20, 3));
    refused(&setup, SetupError::OffBoard { row: 20, col: 3 });
}

#[test]
fn refuses_a_tile_from_a_hex_that_is_no_location() {
    let mut setup = documented();
    setup.tiles_held[0][0].location = (6, 8);
    refused(&setup, SetupError::NotALocation(at(6, 8)));
}

#[test]
fn refuses_a_tile_of_another_kind_than_its_location() {
    let mut setup = documented();
    setup.tiles_held[0][0].tile = Tile::Barn;
    refused(
        &setup,
        SetupError::TileKind {
            location: at(6, 7),
            named: Tile::Barn,
            actual: Tile::Tavern,
        },
    );
}

#[test]
fn refuses_hexes_listed_twice() {
    let mut setup = documented();
    setup.settlements[0].push((7, 6));
    refused(&setup, SetupError::ListedTwice(at(7, 6)));
    let mut setup = documented();
    let again = setup.tiles_held[0][0];
    setup.tiles_held[0].push(again);
    refused(&setup, SetupError::ListedTwice(at(6, 7)));
    let mut setup = documented();
    setup.tiles_lost = vec![vec![(6, 7)], vec![]];
    refused(&setup, SetupError::ListedTwice(at(6, 7)));
    let mut setup = documented();
    let again = setup.tiles_left[0];
    setup.tiles_left.push(again);
    refused(&setup, SetupError::ListedTwice(at(2, 18)));
}

#[test]
fn refuses_a_location_missing_from_the_tiles_left() {
    let mut setup = documented();
    setup.tiles_left.remove(3);
    refused(&setup, SetupError::LocationMissing(at(6, 11)));
}

#[test]
fn refuses_more_than_40_settlements() {
    let mut setup = documented();
    setup.settlements[1] = (0..41).map(|i| (i / 20, i % 20)).collect();
    refused(
        &setup,
        SetupError::TooManySettlements {
            seat: Seat(1),
            count: 41,
        },
    );
}

#[test]
fn refuses_a_gained_tile_not_held() {
    let mut setup = documented();
    setup.tiles_gained_this_turn = vec![(12, 7)];
    refused(&setup, SetupError::GainedNotHeld(at(12, 7)));
}

#[test]
fn refuses_more_uses_than_tiles() {
    let mut setup = documented();
    setup.tiles_used.insert(Tile::Tavern, 2);
    refused(&setup, SetupError::UsedTooMany(Tile::Tavern));
}

#[test]
fn refuses_tile_uses_between_turns() {
    let mut setup = documented();
    setup.phase = Phase::Refill;
    setup.hands[0] = None;
    setup.discards.insert(Terrain::Canyon, 1);
    setup.mandatory_left = 0;
    setup.tiles_used.insert(Tile::Tavern, 1);
    refused(&setup, PositionError::TilesBetweenTurns);
}

#[test]
fn setups_meet_the_loader_checks() {
    let mut setup = documented();
    setup.settlements[1].push((7, 6));
    refused(&setup, PositionError::SharedHex(at(7, 6)));
    let mut setup = documented();
    setup.tiles_left[2].left = 2;
    refused(&setup, PositionError::TilesLeftMismatch(at(6, 7)));
    let mut setup = documented();
    setup.draw_pile.insert(Terrain::Desert, 4);
    refused(&setup, PositionError::CardCount(Terrain::Desert));
    let mut setup = documented();
    setup.final_round = true;
    refused(&setup, PositionError::FinalRoundMismatch);
}
