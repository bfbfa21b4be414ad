//! Validated loading: corrupted saved states are refused.

use super::*;
use crate::{PositionError, Setup, SetupError, MANDATORY};
use dicecore::FromSetup;

#[test]
fn corrupted_states_are_refused() {
    let mut s = first(2);
    ok(&mut s, Action::Draw(Terrain::Grass));
    ok(&mut s, Action::Draw(Terrain::Grass));
    ok(&mut s, build(S0, 7, 8));
    let json = serde_json::to_string(&s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let cases: Vec<(&str, serde_json::Value)> = vec![
        ("supply", serde_json::json!([40, 40, 0, 0])),
        ("settlements", serde_json::json!([[3], [], [], []])),
        ("occupied", serde_json::json!([])),
        ("pile", serde_json::json!([5, 5, 5, 5, 5])),
        ("active", serde_json::json!(3)),
        ("mandatory_left", serde_json::json!(9)),
        ("tiles_left", serde_json::json!([2, 2, 2, 2, 2, 2, 2, 1])),
        ("held", serde_json::json!([1, 0, 0, 0])),
        ("uses_left", serde_json::json!([0, 0, 0, 0, 0, 0, 0, 3])),
        ("turn_tiles", serde_json::json!(1)),
        ("hand_age", serde_json::json!([0, 0, 1, 0])),
        ("step", serde_json::json!("Over")),
        ("lifted", serde_json::json!(["Oracle", 0])),
    ];
    for (field, bad) in cases {
        let keep = v[field].clone();
        v[field] = bad;
        let r: Result<State, _> = serde_json::from_value(v.clone());
        assert!(r.is_err(), "{field} accepted");
        v[field] = keep;
    }
    v["config"]["seats"] = serde_json::json!(9);
    let r: Result<State, _> = serde_json::from_value(v);
    assert!(r.unwrap_err().to_string().contains("2 to 4 players"));
}

#[test]
fn the_loader_refusals_are_position_errors() {
    // A saved state that could not arise in play: the loader nests its reason in
    // `Error::Position`, and says so first.
    let mut s = first(2);
    ok(&mut s, Action::Draw(Terrain::Grass));
    s.active = Seat(3);
    let e = s.clone().checked().unwrap_err();
    assert_eq!(e, Error::Position(PositionError::ActiveOffTable(Seat(3))));
    let text =
        "this position could not arise in play: the active player, seat 3, is not at the table";
    assert_eq!(e.to_string(), text);
    let v = serde_json::to_value(&s).unwrap();
    let err = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert!(err.contains(text), "{err}");
    // A setup that cannot be read: `Error::Setup`.
    let config = Config::first_game(2);
    let mut setup = Setup::opening(&config);
    setup.hands.push(None);
    let e = State::from_setup(&config, &setup).unwrap_err();
    let seat_count = SetupError::SeatCount {
        field: "hands",
        seats: 2,
        got: 3,
    };
    assert_eq!(e, Error::Setup(seat_count));
    assert_eq!(
        e.to_string(),
        "this setup cannot be read: the setup's hands lists 3 players, but 2 play"
    );
}

// ---------------------------------------------------------------- one test per refusal

/// `s` is refused by the loader with `Error::Position(e)`, also when read from JSON.
#[track_caller]
fn refused(s: &State, e: PositionError) {
    let e = Error::Position(e);
    assert_eq!(s.clone().checked(), Err(e.clone()));
    let v = serde_json::to_value(s).unwrap();
    let err = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert!(err.contains(&e.to_string()), "{err}");
}

#[track_caller]
fn accepted(s: &State) {
    assert_eq!(s.clone().checked().as_ref(), Ok(s));
}

/// [`paddock_turn`], checked by the loader.
fn playing() -> State {
    let s = paddock_turn();
    accepted(&s);
    s
}

/// [`paddock_turn_built`], checked by the loader.
fn built() -> State {
    let s = paddock_turn_built();
    accepted(&s);
    s
}

/// `built` after the end of the turn: seat 0 draws.
fn refill() -> State {
    let mut s = built();
    ok(&mut s, Action::EndTurn(S0));
    assert_eq!(s.phase(), Phase::Refill);
    accepted(&s);
    s
}

/// `playing` with the settlement at (8,8) lifted by the Paddock.
fn lifted() -> State {
    let mut s = playing();
    ok(&mut s, lift(S0, Tile::Paddock, 8, 8));
    accepted(&s);
    s
}

/// Three players, seat 0 dealt a grass card.
fn dealing() -> State {
    let mut s = first(3);
    ok(&mut s, Action::Draw(Terrain::Grass));
    accepted(&s);
    s
}

fn put(s: &mut State, seat: Seat, r: usize, c: usize) {
    let i = at(r, c).index();
    s.settlements[seat.index()].insert(i);
    s.occupied.insert(i);
    s.supply[seat.index()] -= 1;
}

#[test]
fn refuses_an_active_seat_off_the_table() {
    let mut s = playing();
    s.active = Seat(2);
    refused(&s, PositionError::ActiveOffTable(Seat(2)));
}

/// Reference, loading: "seats beyond the player count hold nothing"
/// (docs/rules/kingdom-builder.md): no settlement in supply, no tile taken or held, no card and
/// no card's age, each refused alone.
#[test]
fn refuses_pieces_at_an_empty_seat() {
    let holds: [fn(&mut State); 5] = [
        |s| s.supply[2] = 5,
        |s| s.taken[2] = 1,
        |s| s.held[2] = 1,
        |s| s.hands[2] = Some(Terrain::Grass),
        |s| s.hand_age[2] = 1,
    ];
    for hold in holds {
        let mut s = playing();
        hold(&mut s);
        refused(&s, PositionError::EmptySeatHolds(Seat(2)));
    }
}

#[test]
fn refuses_a_settlement_on_a_mountain() {
    let mut s = playing();
    put(&mut s, S0, 0, 3);
    refused(&s, PositionError::Unsettleable(at(0, 3)));
}

#[test]
fn refuses_two_settlements_on_one_hex() {
    let mut s = playing();
    s.settlements[1].insert(at(8, 8).index());
    s.supply[1] -= 1;
    refused(&s, PositionError::SharedHex(at(8, 8)));
}

#[test]
fn refuses_settlements_that_are_not_40() {
    let mut s = playing();
    s.supply[1] = 39;
    refused(
        &s,
        PositionError::SettlementCount {
            seat: S1,
            count: 39,
        },
    );
}

#[test]
fn refuses_water_without_a_harbor() {
    let mut s = playing();
    put(&mut s, S0, 3, 1);
    refused(&s, PositionError::WaterWithoutHarbor(S0));
}

#[test]
fn refuses_a_tile_held_but_never_taken() {
    let mut s = playing();
    s.held[1] = 1;
    refused(&s, PositionError::HeldNotTaken(S1));
}

#[test]
fn refuses_tiles_of_locations_the_board_lacks() {
    // The Oracle, Barn, Tavern, Harbor board has 6 locations.
    let mut s = oracle_board(false);
    s.taken[0] = 1 << 7;
    refused(&s, PositionError::NoSuchLocation(S0));
    let mut s = oracle_board(false);
    s.tiles_left[7] = 1;
    refused(&s, PositionError::TilesBeyondLocations);
}

#[test]
fn refuses_a_tile_taken_without_building() {
    let mut s = playing();
    s.taken[1] = 1;
    s.tiles_left[0] = 1;
    refused(&s, PositionError::TakenWithoutBuilding(S1));
}

#[test]
fn refuses_a_held_tile_out_of_reach() {
    let mut s = playing();
    let i = at(6, 10).index();
    s.settlements[0].remove(i);
    s.occupied.remove(i);
    put(&mut s, S0, 0, 0);
    s.supply[0] += 1;
    refused(
        &s,
        PositionError::TileOutOfReach {
            seat: S0,
            location: at(6, 11),
        },
    );
}

#[test]
fn refuses_a_settlement_next_to_tiles_it_did_not_take() {
    let mut s = playing();
    s.taken[0] = 0;
    s.held[0] = 0;
    s.tiles_left[3] = 2;
    s.turn_tiles = 0;
    s.uses_left = [0; 8];
    refused(
        &s,
        PositionError::TileNotTaken {
            seat: S0,
            location: at(6, 11),
        },
    );
}

#[test]
fn refuses_occupied_hexes_without_settlements() {
    let mut s = playing();
    s.occupied.insert(0);
    refused(&s, PositionError::OccupiedMismatch);
}

#[test]
fn refuses_tiles_left_that_do_not_match_the_tiles_taken() {
    let mut s = playing();
    s.tiles_left[0] = 1;
    refused(&s, PositionError::TilesLeftMismatch(at(2, 18)));
}

#[test]
fn refuses_a_sixth_card_of_a_terrain() {
    let mut s = playing();
    s.pile[0] += 1;
    refused(&s, PositionError::CardCount(Terrain::Grass));
}

#[test]
fn refuses_a_dated_empty_hand() {
    let mut s = dealing();
    s.hand_age[2] = 1;
    refused(&s, PositionError::DatedEmptyHand(Seat(2)));
}

#[test]
fn refuses_hand_ages_out_of_drawing_order() {
    let mut s = first(3);
    s.force_turn(S0, Terrain::Forest);
    accepted(&s);
    // Seat 1 drew before seat 2, so its card cannot be newer.
    s.hand_age[2] = 1;
    refused(&s, PositionError::HandAgesOutOfOrder);
    s.hand_age[1] = 1;
    accepted(&s);
    // The active player's card is the oldest, unless redrawn this turn (age 0).
    s.hand_age[0] = 0;
    accepted(&s);
    s.hand_age = [2, 2, 1, 0];
    accepted(&s);
    s.hand_age = [1, 2, 1, 0];
    refused(&s, PositionError::HandAgesOutOfOrder);
}

#[test]
fn refuses_a_player_without_a_card() {
    let mut s = playing();
    let t = s.hands[1].take().unwrap();
    s.pile[t as usize] += 1;
    refused(&s, PositionError::MissingCard(S1));
}

#[test]
fn refuses_a_card_kept_by_the_drawer() {
    let mut s = refill();
    let t = Terrain::ALL[(0..5).find(|&k| s.pile[k] > 0).unwrap()];
    s.pile[t as usize] -= 1;
    s.hands[0] = Some(t);
    refused(&s, PositionError::CardNotDiscarded(S0));
}

#[test]
fn refuses_a_deal_out_of_order() {
    let mut s = dealing();
    s.hands[0] = None;
    s.hands[1] = Some(Terrain::Grass);
    refused(&s, PositionError::DealOutOfOrder);
}

#[test]
fn refuses_play_during_the_deal() {
    // The opening deal ("each player draws 1") comes before any play: each sign of play alone
    // is refused (a settlement on the board is refused earlier, as unsettleable or unmatched).
    let mut s = dealing();
    s.pile[1] -= 1;
    s.discards[1] += 1;
    refused(&s, PositionError::PlayDuringDeal);
    let mut s = dealing();
    s.mandatory_left = 0;
    refused(&s, PositionError::PlayDuringDeal);
    let mut s = dealing();
    s.hand_age[0] = 1;
    refused(&s, PositionError::PlayDuringDeal);
    let mut s = dealing();
    s.active = S1;
    refused(&s, PositionError::PlayDuringDeal);
    let mut s = dealing();
    s.uses_left[0] = 1;
    refused(&s, PositionError::PlayDuringDeal);
    let mut s = dealing();
    s.turn_tiles = 1;
    refused(&s, PositionError::PlayDuringDeal);
}

#[test]
fn refuses_a_draw_from_an_empty_pile() {
    let mut s = refill();
    for t in 0..5 {
        s.discards[t] += s.pile[t];
        s.pile[t] = 0;
    }
    refused(&s, PositionError::EmptyPileAtDraw);
}

#[test]
fn refuses_a_redraw_without_reason() {
    let mut s = built();
    let t = s.hands[0].take().unwrap();
    s.discards[t as usize] += 1;
    s.phase = Phase::Redraw;
    refused(&s, PositionError::RedrawWithoutReason);
}

#[test]
fn refuses_a_card_that_must_be_redrawn() {
    let mut s = State::new(&Config::first_game(4)).unwrap();
    s.force_settle(S0, &[(8, 8)]);
    s.force_turn(S0, Terrain::Desert);
    s.fill(Terrain::Desert, 0, S0);
    refused(&s, PositionError::RedrawDue);
}

#[test]
fn refuses_a_card_that_had_to_be_redrawn_before_a_settlement_was_lifted() {
    // Reference, Redraw rule: "if the card's terrain has no free hex, the card is discarded
    // and a new one drawn", "checked after every action while placements are due"
    // (docs/rules/kingdom-builder.md). So the state just before a Lift obeyed it; the Lift
    // only frees a hex. With every forest hex taken but the one the Paddock lifted
    // a settlement from, the forest card should have been redrawn before the Lift, while the
    // mandatory build was due, so this move cannot be under way.
    // Four players, so that the others have settlements enough to fill the forest.
    let lifted = |(r, c): (usize, usize)| {
        let mut s = first(4);
        s.force_settle(S0, &[(6, 10), (r, c)]);
        s.force_turn(S0, Terrain::Forest);
        ok(&mut s, lift(S0, Tile::Paddock, r, c));
        accepted(&s);
        s
    };
    let forest = |s: &State| s.board.land[Terrain::Forest as usize];
    let mut s = lifted((5, 12));
    let from = at(5, 12).index();
    assert!(forest(&s).contains(from));
    s.fill_except(Terrain::Forest, &[from], S0);
    refused(&s, PositionError::RedrawDue);
    // The same when the settlement was lifted from another terrain (grass).
    let mut s = lifted((8, 8));
    assert!(!forest(&s).contains(at(8, 8).index()));
    s.fill(Terrain::Forest, 0, S0);
    refused(&s, PositionError::RedrawDue);
    // With one forest hex other than the lifted one left free, the move loads.
    let mut s = lifted((5, 12));
    let spare = forest(&s).and_not(&s.occupied).iter().find(|&i| i != from);
    s.fill_except(Terrain::Forest, &[from, spare.unwrap()], S0);
    accepted(&s);
}

#[test]
fn refuses_a_barn_move_begun_when_the_flagged_redraw_was_due() {
    // Reference, flag `redraw_for_extra_actions`: "also redraw, after the mandatory build,
    // when the player still has ... an unused Barn, and the card's terrain has no free hex"
    // (docs/rules/kingdom-builder.md). A Barn lifting a settlement was unused just before, so
    // a move under way with every flower hex taken could not have begun.
    let mut s = oracle_board(false);
    // (2,17) touches the Barn (2,16).
    s.force_settle(S0, &[(2, 17), (0, 0)]);
    s.fill(Terrain::Flower, 4, S0);
    s.force_turn(S0, Terrain::Flower);
    for _ in 0..3 {
        let t = build_targets(&s);
        ok(&mut s, build(S0, t[0].0, t[0].1));
    }
    ok(&mut s, lift(S0, Tile::Barn, 0, 0));
    accepted(&s);
    s.fill(Terrain::Flower, 0, S0);
    // Without the flag the card stays, and the Barn has nowhere left to go.
    refused(&s, PositionError::NothingToDo);
    s.config.redraw_for_extra_actions = true;
    refused(&s, PositionError::RedrawDue);
}

#[test]
fn refuses_a_last_round_flag_without_an_empty_supply() {
    let mut s = playing();
    s.final_round = true;
    refused(&s, PositionError::FinalRoundMismatch);
}

/// Two players, all 40 of seat 1's settlements on the board, and seat 1's turn with a grass
/// card (the last round's flag not yet set).
fn supply_emptied() -> State {
    let mut s = first(2);
    let cells: Vec<(usize, usize)> = s
        .board()
        .buildable
        .iter()
        .take(40)
        .map(|i| (i / 20, i % 20))
        .collect();
    s.force_settle(S1, &cells);
    s.force_turn(S1, Terrain::Grass);
    s
}

#[test]
fn refuses_play_after_the_last_round() {
    let mut s = supply_emptied();
    ok(&mut s, Action::EndTurn(S1));
    assert_eq!(s.phase(), Phase::Over);
    accepted(&s);
    s.phase = Phase::Refill;
    refused(&s, PositionError::EndMismatch);
}

#[test]
fn refuses_impossible_mandatory_counts() {
    let mut s = playing();
    s.mandatory_left = 4;
    refused(&s, PositionError::MandatoryCount(4));
}

#[test]
fn refuses_a_mandatory_build_left_over_with_an_empty_supply() {
    // "Fewer only if the supply runs out": the mandatory build ends with the last settlement,
    // so it is never part done with an empty supply (a turn not begun is accepted).
    let mut s = supply_emptied();
    s.final_round = true;
    s.phase = Phase::Play;
    s.mandatory_left = MANDATORY;
    accepted(&s);
    for m in 1..MANDATORY {
        s.mandatory_left = m;
        refused(&s, PositionError::MandatoryCount(m));
    }
}

#[test]
fn refuses_a_turn_ended_before_the_mandatory_build() {
    let mut s = playing();
    let t = s.hands[0].take().unwrap();
    s.discards[t as usize] += 1;
    s.phase = Phase::Refill;
    s.uses_left = [0; 8];
    s.turn_tiles = 0;
    refused(&s, PositionError::TurnEndedEarly);
}

#[test]
fn refuses_tile_uses_between_turns() {
    let mut s = refill();
    s.uses_left[Tile::Paddock as usize] = 1;
    refused(&s, PositionError::TilesBetweenTurns);
}

#[test]
fn refuses_a_turn_tile_not_held() {
    let mut s = playing();
    s.turn_tiles |= 1;
    refused(&s, PositionError::TurnTileNotHeld);
}

#[test]
fn refuses_uses_no_tile_gives() {
    let mut s = playing();
    s.uses_left[Tile::Farm as usize] = 1;
    refused(&s, PositionError::TooManyUses(Tile::Farm));
}

#[test]
fn refuses_a_settlement_lifted_outside_a_move() {
    let mut s = lifted();
    s.lifted = Some((Tile::Oracle, at(8, 8)));
    refused(&s, PositionError::LiftedOutsideMove);
    let mut s = lifted();
    s.uses_left[Tile::Paddock as usize] = 1;
    refused(&s, PositionError::LiftedOutsideMove);
    // A tile that builds lifts nothing, even held and used this turn (the Farm at (11, 17)).
    let mut s = lifted();
    s.force_settle(S0, &[(11, 16)]);
    s.turn_tiles = s.held[0];
    s.uses_left[Tile::Farm as usize] = 0;
    accepted(&{
        let mut t = s.clone();
        t.lifted = Some((Tile::Paddock, at(8, 8)));
        t
    });
    s.lifted = Some((Tile::Farm, at(8, 8)));
    refused(&s, PositionError::LiftedOutsideMove);
    // "never between its 3 placements": no move in the middle of the mandatory build.
    let mut s = lifted();
    s.mandatory_left = MANDATORY - 1;
    refused(&s, PositionError::LiftedOutsideMove);
}

#[test]
fn refuses_a_lifted_settlement_from_a_mountain() {
    let mut s = lifted();
    s.lifted = Some((Tile::Paddock, at(0, 3)));
    refused(&s, PositionError::LiftedHexNotFree(at(0, 3)));
}

#[test]
fn refuses_a_lifted_settlement_with_nowhere_to_go() {
    let mut s = lifted();
    s.force_settle(S1, &[(6, 9), (8, 6), (8, 10), (10, 7), (10, 9)]);
    refused(&s, PositionError::NothingToDo);
}
