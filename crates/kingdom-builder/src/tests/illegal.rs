//! Illegal actions: one test per refusal, each asserting its own error variant and an unchanged
//! state.

use super::*;

/// Seat 0 to play a grass card, with an Oasis (12,6), a Paddock (6,10) and (7,8) placed.
fn playing() -> State {
    let mut s = first(2);
    s.force_settle(S0, &[(12, 6), (6, 10), (7, 8)]);
    s.force_turn(S0, Terrain::Grass);
    s
}

fn built() -> State {
    let mut s = playing();
    ok(&mut s, build(S0, 7, 9));
    ok(&mut s, build(S0, 7, 10));
    ok(&mut s, build(S0, 8, 10));
    s
}

#[test]
fn game_over() {
    let mut s = first(2);
    s.force_settle(S1, &[(7, 8)]);
    s.force_supply(S1, 1);
    s.force_turn(S1, Terrain::Grass);
    ok(&mut s, build(S1, 7, 9));
    ok(&mut s, Action::EndTurn(S1));
    assert_eq!(s.turn(), Turn::Over);
    illegal(&s, build(S0, 0, 0), Error::GameOver);
}

#[test]
fn draw_pending() {
    illegal(&first(3), Action::EndTurn(S0), Error::DrawPending);
}

#[test]
fn no_draw_pending() {
    illegal(
        &playing(),
        Action::Draw(Terrain::Canyon),
        Error::NoDrawPending,
    );
}

#[test]
fn not_your_turn() {
    illegal(&playing(), build(S1, 7, 9), Error::NotYourTurn(S1));
}

#[test]
fn off_board() {
    let a = Action::TileBuild {
        seat: S0,
        tile: Tile::Oasis,
        cell: Cell(999),
    };
    illegal(&playing(), a, Error::OffBoard(Cell(999)));
}

#[test]
fn move_in_progress() {
    let mut s = playing();
    ok(&mut s, lift(S0, Tile::Paddock, 7, 8));
    illegal(
        &s,
        tile_build(S0, Tile::Oasis, 10, 0),
        Error::MoveInProgress,
    );
}

#[test]
fn no_move_in_progress() {
    illegal(&playing(), move_to(S0, 7, 9), Error::NoMoveInProgress);
}

#[test]
fn mandatory_in_progress() {
    let mut s = playing();
    ok(&mut s, build(S0, 7, 9));
    illegal(
        &s,
        lift(S0, Tile::Paddock, 7, 8),
        Error::MandatoryInProgress,
    );
}

#[test]
fn mandatory_done() {
    illegal(&built(), build(S0, 8, 9), Error::MandatoryDone);
}

#[test]
fn mandatory_not_done() {
    illegal(&playing(), Action::EndTurn(S0), Error::MandatoryNotDone);
}

#[test]
fn tile_unavailable() {
    illegal(
        &playing(),
        tile_build(S0, Tile::Farm, 7, 9),
        Error::TileUnavailable(Tile::Farm),
    );
}

#[test]
fn not_a_build_tile() {
    illegal(
        &playing(),
        tile_build(S0, Tile::Paddock, 7, 9),
        Error::NotABuildTile(Tile::Paddock),
    );
}

#[test]
fn not_a_move_tile() {
    illegal(
        &playing(),
        lift(S0, Tile::Oasis, 7, 8),
        Error::NotAMoveTile(Tile::Oasis),
    );
}

#[test]
fn supply_empty() {
    let mut s = first(2);
    s.force_settle(S0, &[(12, 6), (7, 8)]);
    s.force_supply(S0, 1);
    s.force_turn(S0, Terrain::Grass);
    ok(&mut s, build(S0, 7, 9));
    illegal(&s, tile_build(S0, Tile::Oasis, 10, 0), Error::SupplyEmpty);
}

#[test]
fn occupied() {
    let mut s = playing();
    s.force_settle(S1, &[(8, 8)]);
    illegal(&s, build(S0, 8, 8), Error::Occupied(at(8, 8)));
}

#[test]
fn wrong_terrain() {
    illegal(&playing(), build(S0, 7, 12), Error::WrongTerrain(at(7, 12)));
}

#[test]
fn not_on_edge() {
    let mut c = Config::first_game(2);
    c.board[0] = Placement::printed(Tile::Tower);
    let mut s = State::new(&c).unwrap();
    s.force_settle(S0, &[(7, 1)]);
    s.force_turn(S0, Terrain::Canyon);
    illegal(
        &s,
        tile_build(S0, Tile::Tower, 7, 3),
        Error::NotOnEdge(at(7, 3)),
    );
}

#[test]
fn not_line_end() {
    let mut s = first(2);
    s.force_settle(S0, &[(6, 8), (7, 6), (7, 7), (7, 8)]);
    s.force_turn(S0, Terrain::Forest);
    illegal(
        &s,
        tile_build(S0, Tile::Tavern, 8, 8),
        Error::NotLineEnd(at(8, 8)),
    );
}

#[test]
fn not_two_away() {
    let mut s = playing();
    ok(&mut s, lift(S0, Tile::Paddock, 7, 8));
    illegal(&s, move_to(S0, 7, 11), Error::NotTwoAway(at(7, 11)));
}

#[test]
fn not_adjacent() {
    illegal(&playing(), build(S0, 8, 16), Error::NotAdjacent(at(8, 16)));
}

#[test]
fn not_your_settlement() {
    let mut s = playing();
    s.force_settle(S1, &[(0, 0)]);
    illegal(
        &s,
        lift(S0, Tile::Paddock, 0, 0),
        Error::NotYourSettlement(at(0, 0)),
    );
}

#[test]
fn no_destination() {
    let mut s = first(2);
    s.force_settle(S0, &[(6, 10), (0, 0)]);
    s.force_settle(S1, &[(0, 2), (2, 1)]);
    s.force_turn(S0, Terrain::Grass);
    illegal(
        &s,
        lift(S0, Tile::Paddock, 0, 0),
        Error::NoDestination(at(0, 0)),
    );
}

#[test]
fn same_hex() {
    let mut s = playing();
    ok(&mut s, lift(S0, Tile::Paddock, 7, 8));
    illegal(&s, move_to(S0, 7, 8), Error::SameHex(at(7, 8)));
}

#[test]
fn not_in_pile() {
    // Every card drawn is grass: after the fifth, the pile has none left.
    let mut s = first(2);
    for _ in 0..2 {
        ok(&mut s, Action::Draw(Terrain::Grass));
    }
    let turns = [
        [(7, 8), (7, 9), (7, 10)],
        [(9, 7), (9, 8), (9, 9)],
        [(8, 8), (8, 9), (8, 10)],
        [(10, 7), (10, 8), (10, 9)],
    ];
    for (turn, cells) in turns.iter().enumerate() {
        let seat = Seat((turn % 2) as u8);
        for &(r, c) in cells {
            ok(&mut s, build(seat, r, c));
        }
        ok(&mut s, Action::EndTurn(seat));
        if turn < 3 {
            ok(&mut s, Action::Draw(Terrain::Grass));
        }
    }
    assert_eq!(s.deck().0[Terrain::Grass as usize], 0);
    illegal(
        &s,
        Action::Draw(Terrain::Grass),
        Error::NotInPile(Terrain::Grass),
    );
}

#[test]
fn illegal_action_variants() {
    let mut s = first(2);
    // Dealing.
    illegal(&s, build(S0, 0, 0), Error::DrawPending);
    ok(&mut s, Action::Draw(Terrain::Grass));
    ok(&mut s, Action::Draw(Terrain::Grass));
    // Playing.
    illegal(&s, Action::Draw(Terrain::Grass), Error::NoDrawPending);
    illegal(&s, build(S1, 7, 8), Error::NotYourTurn(S1));
    illegal(
        &s,
        Action::Build {
            seat: S0,
            cell: Cell(400),
        },
        Error::OffBoard(Cell(400)),
    );
    illegal(&s, move_to(S0, 7, 8), Error::NoMoveInProgress);
    illegal(
        &s,
        tile_build(S0, Tile::Barn, 7, 8),
        Error::NotABuildTile(Tile::Barn),
    );
    illegal(
        &s,
        lift(S0, Tile::Oracle, 7, 8),
        Error::NotAMoveTile(Tile::Oracle),
    );
    illegal(
        &s,
        lift(S0, Tile::Paddock, 7, 8),
        Error::TileUnavailable(Tile::Paddock),
    );
    // Four grass cards dealt, the fifth drawn by seat 0 after its turn: at seat 1's refill
    // no grass is left in the pile.
    let mut w = first(4);
    for _ in 0..4 {
        ok(&mut w, Action::Draw(Terrain::Grass));
    }
    for seat in [S0, S1] {
        ok(&mut w, build(seat, 7 + seat.index(), 8));
        ok(&mut w, build(seat, 7 + seat.index(), 9));
        ok(&mut w, build(seat, 7 + seat.index(), 10));
        ok(&mut w, Action::EndTurn(seat));
        if seat == S0 {
            ok(&mut w, Action::Draw(Terrain::Grass));
        }
    }
    assert_eq!(w.deck().0[0], 0);
    illegal(
        &w,
        Action::Draw(Terrain::Grass),
        Error::NotInPile(Terrain::Grass),
    );
}

#[test]
fn supply_empty_and_not_your_settlement_and_no_destination() {
    let mut s = first(2);
    s.force_settle(S0, &[(12, 6), (6, 10), (7, 8)]);
    s.force_supply(S0, 1);
    s.force_turn(S0, Terrain::Grass);
    ok(&mut s, build(S0, 7, 9));
    illegal(&s, tile_build(S0, Tile::Oasis, 10, 0), Error::SupplyEmpty);
    assert!(tile_targets(&s, Tile::Oasis).is_empty());
    // Moves stay usable with an empty supply.
    assert!(!lift_sources(&s, Tile::Paddock).is_empty());
    illegal(
        &s,
        lift(S0, Tile::Paddock, 0, 0),
        Error::NotYourSettlement(at(0, 0)),
    );
    // Paddock from a corner with both jumps blocked.
    let mut t = first(2);
    t.force_settle(S0, &[(6, 10), (0, 0)]);
    t.force_settle(S1, &[(0, 2), (2, 1)]);
    t.force_turn(S0, Terrain::Grass);
    ok(&mut t, build(S0, 6, 9));
    ok(&mut t, build(S0, 7, 9));
    ok(&mut t, build(S0, 7, 10));
    assert!(!lift_sources(&t, Tile::Paddock).contains(&(0, 0)));
    illegal(
        &t,
        lift(S0, Tile::Paddock, 0, 0),
        Error::NoDestination(at(0, 0)),
    );
}
