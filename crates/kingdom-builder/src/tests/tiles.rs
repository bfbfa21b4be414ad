//! The location tiles: gaining, using and losing them, and each tile's rule.

use super::*;

#[test]
fn tiles_are_gained_on_build_and_usable_from_the_next_turn() {
    let mut s = first(2);
    s.force_turn(S0, Terrain::Forest);
    ok(&mut s, build(S0, 12, 6)); // touches Oasis (12,7)
    assert_eq!(s.held_tiles(S0), vec![Tile::Oasis]);
    assert_eq!(s.tiles_left()[5], 1);
    ok(&mut s, build(S0, 11, 6));
    ok(&mut s, build(S0, 11, 5));
    // Not usable this turn.
    assert_eq!(legal(&s), vec![Action::EndTurn(S0)]);
    illegal(
        &s,
        tile_build(S0, Tile::Oasis, 0, 1),
        Error::TileUnavailable(Tile::Oasis),
    );
    ok(&mut s, Action::EndTurn(S0));
    ok(&mut s, Action::Draw(Terrain::Grass));
    // Seat 1 also builds next to the same Oasis: takes the second tile.
    s.force_settle(S1, &[(13, 7)]);
    assert_eq!(s.tiles_left()[5], 0);
    s.force_turn(S0, Terrain::Grass);
    assert_eq!(s.uses_left(Tile::Oasis), 1);
    // Before the mandatory build: the Oasis may be used.
    assert!(!tile_targets(&s, Tile::Oasis).is_empty());
    let t = tile_targets(&s, Tile::Oasis);
    ok(&mut s, tile_build(S0, Tile::Oasis, t[0].0, t[0].1));
    assert_eq!(s.uses_left(Tile::Oasis), 0);
    assert!(tile_targets(&s, Tile::Oasis).is_empty(), "once per turn");
    illegal(
        &s,
        tile_build(S0, Tile::Oasis, 0, 1),
        Error::TileUnavailable(Tile::Oasis),
    );
}

#[test]
fn no_tiles_between_mandatory_placements() {
    let mut s = first(2);
    s.force_settle(S0, &[(12, 6)]);
    s.force_turn(S0, Terrain::Grass);
    ok(&mut s, build(S0, 7, 8));
    assert!(tile_targets(&s, Tile::Oasis).is_empty());
    illegal(
        &s,
        tile_build(S0, Tile::Oasis, 10, 0),
        Error::MandatoryInProgress,
    );
    ok(&mut s, build(S0, 7, 9));
    ok(&mut s, build(S0, 7, 10));
    assert!(!tile_targets(&s, Tile::Oasis).is_empty(), "after the build");
}

#[test]
fn never_two_tiles_from_one_hex_but_two_from_two_hexes() {
    let mut s = first(2);
    s.force_settle(S0, &[(12, 6), (12, 8), (16, 5)]);
    // (12,6) and (12,8) touch the same Oasis (12,7); (16,5) touches Oasis (17,5).
    assert_eq!(s.held_tiles(S0), vec![Tile::Oasis, Tile::Oasis]);
    assert_eq!(s.tiles_left()[5], 1);
    assert_eq!(s.tiles_left()[7], 1);
    s.force_turn(S0, Terrain::Grass);
    assert_eq!(s.uses_left(Tile::Oasis), 2);
    let t = tile_targets(&s, Tile::Oasis);
    ok(&mut s, tile_build(S0, Tile::Oasis, t[0].0, t[0].1));
    let t = tile_targets(&s, Tile::Oasis);
    ok(&mut s, tile_build(S0, Tile::Oasis, t[0].0, t[0].1));
    assert_eq!(s.uses_left(Tile::Oasis), 0);
}

#[test]
fn oasis_and_farm_follow_adjacency_and_skip_when_full() {
    let mut s = first(4);
    s.force_settle(S0, &[(12, 6), (10, 1), (11, 16)]);
    s.force_turn(S0, Terrain::Forest);
    // (10,1) touches deserts (9,0) (9,1) (10,0) (11,0).
    assert_eq!(
        tile_targets(&s, Tile::Oasis),
        vec![(9, 0), (9, 1), (10, 0), (11, 0)]
    );
    illegal(
        &s,
        tile_build(S0, Tile::Oasis, 0, 1),
        Error::NotAdjacent(at(0, 1)),
    );
    illegal(
        &s,
        tile_build(S0, Tile::Oasis, 0, 0),
        Error::WrongTerrain(at(0, 0)),
    );
    // Farm from (11,17): grass next to (11,16) = (10,16)? no: only real grass hexes.
    let farm = tile_targets(&s, Tile::Farm);
    assert!(!farm.is_empty());
    for (r, c) in &farm {
        assert!(s.board().land[0].contains(r * 20 + c));
    }
    // With no free grass the Farm is skipped.
    let mut full = s.clone();
    full.fill(Terrain::Grass, 0, S0);
    full.force_turn(S0, Terrain::Forest);
    assert!(tile_targets(&full, Tile::Farm).is_empty());
}

#[test]
fn tower_builds_on_the_edge_with_adjacency_within_the_edge() {
    let mut c = Config::first_game(2);
    c.board = [
        Placement::printed(Tile::Tower),
        Placement::printed(Tile::Paddock),
        Placement::printed(Tile::Oasis),
        Placement::printed(Tile::Farm),
    ];
    let mut s = State::new(&c).unwrap();
    // Tower sector locations: (3,5) and (7,2). (7,1) touches (7,2).
    s.force_settle(S0, &[(7, 1)]);
    assert_eq!(s.held_tiles(S0), vec![Tile::Tower]);
    s.force_turn(S0, Terrain::Canyon);
    // The one edge hex next to (7,1) is (7,0).
    let t = tile_targets(&s, Tile::Tower);
    let b = s.board();
    let want: Vec<(usize, usize)> = [(7, 0)]
        .into_iter()
        .filter(|&(r, c)| b.buildable.contains(r * 20 + c))
        .collect();
    assert!(!want.is_empty());
    assert_eq!(t, want);
    illegal(
        &s,
        tile_build(S0, Tile::Tower, 5, 5),
        Error::NotOnEdge(at(5, 5)),
    );
    illegal(
        &s,
        tile_build(S0, Tile::Tower, 19, 19),
        if b.buildable.contains(399) {
            Error::NotAdjacent(at(19, 19))
        } else {
            Error::NotOnEdge(at(19, 19))
        },
    );
}

#[test]
fn tavern_extends_lines_of_three_at_either_end() {
    let mut s = first(2);
    // Tavern tile from (6,8); a line (7,6) (7,7) (7,8) in row 7.
    s.force_settle(S0, &[(6, 8), (7, 6), (7, 7), (7, 8)]);
    assert_eq!(s.held_tiles(S0), vec![Tile::Tavern]);
    s.force_turn(S0, Terrain::Forest);
    // Row line ends: (7,5) forest and (7,9) grass. Diagonal lines of 3: none.
    assert_eq!(tile_targets(&s, Tile::Tavern), vec![(7, 5), (7, 9)]);
    illegal(
        &s,
        tile_build(S0, Tile::Tavern, 7, 10),
        Error::NotLineEnd(at(7, 10)),
    );
    // A diagonal line: (8,8) (9,8) (10,9)? Build (8,9),(9,9)... use south-east from (6,8):
    // (6,8) -> (7,8) -> (8,9) -> next (9,9).
    s.force_settle(S0, &[(8, 9)]);
    s.force_turn(S0, Terrain::Forest);
    let t = tile_targets(&s, Tile::Tavern);
    assert!(t.contains(&(9, 9)), "{t:?}");
    // North-west end of that diagonal is (5,7): canyon, buildable.
    assert!(t.contains(&(5, 7)), "{t:?}");
    // No adjacency obligation: the far end counts even if nothing touches it... it is a line.
    assert!(t.contains(&(7, 5)) && t.contains(&(7, 9)));
}

/// Reference, Location tiles: Tavern = free buildable hexes extending a straight line of ≥ 3
/// of the player's settlements at either end; water settlements are part of lines; occupied
/// and unbuildable ends are not targets; a line of 4 has its two ends only.
#[test]
fn tavern_exact_targets() {
    let mut s = first(2);
    // Tavern tile from (6,8). A row line of 4: (10,8)..(10,11), ends (10,7) G and (10,12) C.
    // A line (4,1) F, (4,2) W, (4,3) W: ends (4,0) F and (4,4) G. A line (10,0) (10,1) (10,2)
    // ending on water (10,3) and off the board. A pair (0,0) (0,1) is no line.
    s.force_settle(
        S0,
        &[
            (6, 8),
            (10, 8),
            (10, 9),
            (10, 10),
            (10, 11),
            (4, 1),
            (4, 2),
            (4, 3),
            (10, 0),
            (10, 1),
            (10, 2),
            (0, 0),
            (0, 1),
        ],
    );
    s.force_settle(S1, &[(10, 12)]);
    s.force_turn(S0, Terrain::Forest);
    assert_eq!(
        tile_targets(&s, Tile::Tavern),
        vec![(4, 0), (4, 4), (10, 7)]
    );
    illegal(
        &s,
        tile_build(S0, Tile::Tavern, 10, 12),
        Error::Occupied(at(10, 12)),
    );
    illegal(
        &s,
        tile_build(S0, Tile::Tavern, 10, 3),
        Error::NotLineEnd(at(10, 3)),
    );
    illegal(
        &s,
        tile_build(S0, Tile::Tavern, 0, 2),
        Error::NotLineEnd(at(0, 2)),
    );
}

#[test]
fn paddock_moves_exactly_two_in_a_straight_line_and_loses_tiles() {
    let mut s = first(2);
    // (6,10) touches Paddock (6,11); (8,8) is the piece to move.
    s.force_settle(S0, &[(6, 10), (8, 8)]);
    assert_eq!(s.held_tiles(S0), vec![Tile::Paddock]);
    s.force_turn(S0, Terrain::Forest);
    let sources = lift_sources(&s, Tile::Paddock);
    assert_eq!(sources, vec![(6, 10), (8, 8)]);
    ok(&mut s, lift(S0, Tile::Paddock, 8, 8));
    // Every action but a destination is refused while moving.
    illegal(&s, build(S0, 0, 0), Error::MoveInProgress);
    illegal(&s, Action::EndTurn(S0), Error::MoveInProgress);
    assert_eq!(
        move_targets(&s),
        vec![(6, 9), (8, 6), (8, 10), (10, 7), (10, 9)]
    );
    illegal(&s, move_to(S0, 8, 8), Error::SameHex(at(8, 8)));
    illegal(&s, move_to(S0, 8, 9), Error::NotTwoAway(at(8, 9)));
    illegal(&s, move_to(S0, 6, 7), Error::NotTwoAway(at(6, 7)));
    ok(&mut s, move_to(S0, 10, 9));
    assert_eq!(s.uses_left(Tile::Paddock), 0);
    // Next turn: move (6,10) two west to (6,8): gains a Tavern, loses the Paddock.
    s.force_turn(S0, Terrain::Forest);
    ok(&mut s, lift(S0, Tile::Paddock, 6, 10));
    ok(&mut s, move_to(S0, 6, 8));
    assert_eq!(s.held_tiles(S0), vec![Tile::Tavern]);
    assert_eq!(s.tiles_left()[3], 1, "a lost tile does not go back");
    // That hex never gives this player a tile again.
    s.force_settle(S0, &[(6, 12)]);
    assert_eq!(s.held_tiles(S0), vec![Tile::Tavern]);
    assert_eq!(s.tiles_left()[3], 1);
}

#[test]
fn keep_the_unused_tile_when_losing_one_of_two() {
    let mut s = first(2);
    // Paddock tiles from (2,18) via (2,17) and from (6,11) via (6,10).
    s.force_settle(S0, &[(2, 17), (6, 10)]);
    assert_eq!(s.held_tiles(S0), vec![Tile::Paddock, Tile::Paddock]);
    s.force_turn(S0, Terrain::Forest);
    assert_eq!(s.uses_left(Tile::Paddock), 2);
    // Use one Paddock to move (6,10) away from (6,11): one Paddock tile is lost, the unused
    // one is kept and still usable this turn.
    ok(&mut s, lift(S0, Tile::Paddock, 6, 10));
    ok(&mut s, move_to(S0, 8, 11));
    assert_eq!(s.held_tiles(S0), vec![Tile::Paddock]);
    assert_eq!(s.uses_left(Tile::Paddock), 1);
    assert!(!lift_sources(&s, Tile::Paddock).is_empty());
}

/// Reference, Location tiles: a gained tile is "usable from your next turn"; "keep the unused
/// one" only lets a tile held at the start of the turn stand in for a lost one. Here the
/// Paddock held at the start is lost unused while a second Paddock is gained by the same move:
/// no Paddock may be used this turn.
#[test]
fn a_tile_gained_this_turn_never_replaces_a_lost_unused_one() {
    let mut c = Config::first_game(2);
    c.board = [
        Placement::printed(Tile::Barn),
        Placement::printed(Tile::Paddock),
        Placement::printed(Tile::Oasis),
        Placement::printed(Tile::Farm),
    ];
    let mut s = State::new(&c).unwrap();
    // Barn location (6,2) touched by (6,1); Paddock location (6,11) touched by (6,12).
    s.force_settle(S0, &[(6, 1), (6, 12)]);
    assert_eq!(s.held_tiles(S0), vec![Tile::Barn, Tile::Paddock]); // board order
    s.force_turn(S0, Terrain::Flower);
    assert_eq!(s.uses_left(Tile::Paddock), 1);
    // Barn (6,12) onto the flower hex (3,18) next to the other Paddock location (2,18): the
    // second Paddock tile is gained, the first (unused) one is lost.
    ok(&mut s, lift(S0, Tile::Barn, 6, 12));
    ok(&mut s, move_to(S0, 3, 18));
    let mut held = s.held_tiles(S0);
    held.sort();
    assert_eq!(held, vec![Tile::Barn, Tile::Paddock]);
    let id = |r, c| s.board().locations().iter().position(|l| l.0 == at(r, c));
    assert_eq!(s.tiles_left()[id(2, 18).unwrap()], 1, "(2,18) gave a tile");
    assert_eq!(
        s.tiles_left()[id(6, 11).unwrap()],
        1,
        "the lost tile is gone"
    );
    // Reference: "A hex gives a player at most one tile ever, even after losing it"
    // (docs/rules/kingdom-builder.md): the lost tile's location stays taken.
    let mut taken = s.taken_tile_locations(S0);
    taken.sort();
    let mut expected = vec![
        (at(6, 2), Tile::Barn),
        (at(6, 11), Tile::Paddock),
        (at(2, 18), Tile::Paddock),
    ];
    expected.sort();
    assert_eq!(taken, expected);
    assert_eq!(s.uses_left(Tile::Paddock), 0);
    assert!(lift_sources(&s, Tile::Paddock).is_empty());
    illegal(
        &s,
        lift(S0, Tile::Paddock, 3, 18),
        Error::TileUnavailable(Tile::Paddock),
    );
    // The round-trip through serde keeps the turn's usable tiles.
    let back: State = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(back, s);
    // From the next turn the gained Paddock is usable.
    s.force_turn(S0, Terrain::Flower);
    assert_eq!(s.uses_left(Tile::Paddock), 1);
}

#[test]
fn losing_an_unused_tile_of_another_kind() {
    let mut s = first(2);
    s.force_settle(S0, &[(12, 6), (6, 10)]);
    s.force_turn(S0, Terrain::Forest);
    assert_eq!(s.uses_left(Tile::Oasis), 1);
    // Paddock the Oasis settlement (12,6) away: (12,6) -> east 2 = (12,8) touches the Oasis
    // again, west 2 = (12,4) does not.
    ok(&mut s, lift(S0, Tile::Paddock, 12, 6));
    ok(&mut s, move_to(S0, 12, 4));
    assert_eq!(s.held_tiles(S0), vec![Tile::Paddock]);
    assert_eq!(s.uses_left(Tile::Oasis), 0);
    illegal(
        &s,
        tile_build(S0, Tile::Oasis, 10, 0),
        Error::TileUnavailable(Tile::Oasis),
    );
}

#[test]
fn barn_moves_to_the_card_terrain_and_harbor_to_water() {
    let mut c = Config::first_game(2);
    c.board = [
        Placement::printed(Tile::Oracle),
        Placement::printed(Tile::Barn),
        Placement::printed(Tile::Tavern),
        Placement::printed(Tile::Harbor),
    ];
    let mut s = State::new(&c).unwrap();
    // Barn (2,16): (2,15) touches it. Harbor (17,16): (17,15) touches it (water? see below).
    s.force_settle(S0, &[(2, 15), (18, 16)]);
    let held = s.held_tiles(S0);
    assert!(held.contains(&Tile::Barn), "{held:?}");
    assert!(held.contains(&Tile::Harbor), "{held:?}");
    s.force_settle(S0, &[(0, 0)]);
    s.force_turn(S0, Terrain::Grass);
    // Barn: lifting (0,0) (grass), the obligation is judged against the others; the vacated
    // hex is free but moving back is no move.
    let src = lift_sources(&s, Tile::Barn);
    assert!(src.contains(&(0, 0)));
    ok(&mut s, lift(S0, Tile::Barn, 0, 0));
    let t = move_targets(&s);
    assert!(!t.contains(&(0, 0)));
    for (r, c) in &t {
        assert!(s.board().land[0].contains(r * 20 + c));
    }
    illegal(&s, move_to(S0, 0, 0), Error::SameHex(at(0, 0)));
    illegal(&s, move_to(S0, 0, 3), Error::WrongTerrain(at(0, 3)));
    let (r, c) = t[0];
    ok(&mut s, move_to(S0, r, c));
    // Harbor: to free water, adjacency against the other settlements.
    let src = lift_sources(&s, Tile::Harbor);
    assert!(!src.is_empty());
    ok(&mut s, lift(S0, Tile::Harbor, r, c));
    let w = move_targets(&s);
    assert!(!w.is_empty());
    for (r, c) in &w {
        assert!(s.board().water.contains(r * 20 + c));
    }
    illegal(&s, move_to(S0, 0, 3), Error::WrongTerrain(at(0, 3)));
    let (wr, wc) = w[0];
    ok(&mut s, move_to(S0, wr, wc));
    assert!(s.settlements(S0).contains(wr * 20 + wc));
    // A move is not a build: the supply is unchanged.
    assert_eq!(s.supply(S0), 37);
}

/// Reference, Location tiles: "Build tiles need a settlement in the supply; move tiles remain
/// usable with an empty supply" (docs/rules/kingdom-builder.md). A player whose supply is
/// empty may still move settlements with the Barn and the Harbor, but builds nothing.
#[test]
fn barn_and_harbor_stay_usable_with_an_empty_supply() {
    let mut s = oracle_board(false);
    // (2,15) touches the Barn (2,16), (18,16) the Harbor (17,16).
    s.force_settle(S0, &[(2, 15), (18, 16), (0, 0)]);
    s.force_turn(S0, Terrain::Grass);
    s.force_supply(S0, 0);
    assert_eq!(
        s.usable_tiles(),
        1 << Tile::Barn as u8 | 1 << Tile::Harbor as u8,
        "{:?}",
        s.held_tiles(S0)
    );
    assert!(build_targets(&s).is_empty());
    for tile in [Tile::Barn, Tile::Harbor] {
        let from = lift_sources(&s, tile);
        assert!(!from.is_empty(), "{tile:?}");
        let (r, c) = from[0];
        let mut t = s.clone();
        ok(&mut t, lift(S0, tile, r, c));
        let to = move_targets(&t);
        assert!(!to.is_empty(), "{tile:?}");
        ok(&mut t, move_to(S0, to[0].0, to[0].1));
        assert_eq!(t.supply(S0), 0);
    }
}

/// Reference, Location tiles: Harbor moves a settlement from anywhere (water too) to a free
/// water hex, the obligation judged against the other settlements (water ones included).
#[test]
fn harbor_exact_targets_from_water_and_onto_water() {
    let mut s = oracle_board(false);
    // (16,16) touches the Harbor (17,16); (13,14) is water.
    s.force_settle(S0, &[(16, 16), (13, 14)]);
    assert_eq!(s.held_tiles(S0), vec![Tile::Harbor]);
    s.force_turn(S0, Terrain::Grass);
    assert_eq!(lift_sources(&s, Tile::Harbor), vec![(13, 14), (16, 16)]);
    // From water: the only free water next to (16,16) is (17,15).
    let mut a = s.clone();
    ok(&mut a, lift(S0, Tile::Harbor, 13, 14));
    assert_eq!(move_targets(&a), vec![(17, 15)]);
    illegal(&a, move_to(S0, 12, 14), Error::NotAdjacent(at(12, 14)));
    illegal(&a, move_to(S0, 15, 15), Error::WrongTerrain(at(15, 15)));
    // Onto water next to the water settlement (13,14): (12,14) and (14,14). The Harbor tile's
    // hex is left: the tile is lost.
    ok(&mut s, lift(S0, Tile::Harbor, 16, 16));
    assert_eq!(move_targets(&s), vec![(12, 14), (14, 14)]);
    ok(&mut s, move_to(S0, 14, 14));
    assert!(s.held_tiles(S0).is_empty());
}

#[test]
fn move_source_with_only_the_vacated_hex_is_not_offered() {
    let mut s = oracle_board(false);
    // Barn tile from (2,15); g1 = (2,3) grass with a forest neighbour n = (2,4); the only
    // other free grass hex is g2 = (10,10), far away.
    s.force_settle(S0, &[(2, 15), (2, 3), (2, 4)]);
    assert!(s.held_tiles(S0).contains(&Tile::Barn));
    s.fill_except(Terrain::Grass, &[10 * 20 + 10], S0);
    s.force_turn(S0, Terrain::Grass);
    assert_eq!(s.phase(), Phase::Play);
    // Lifting g1, the only grass next to the others is g1 itself: no move. The other two
    // settlements may move to g2.
    assert_eq!(lift_sources(&s, Tile::Barn), vec![(2, 4), (2, 15)]);
    illegal(
        &s,
        lift(S0, Tile::Barn, 2, 3),
        Error::NoDestination(at(2, 3)),
    );
    ok(&mut s, lift(S0, Tile::Barn, 2, 4));
    assert_eq!(move_targets(&s), vec![(10, 10)]);
}

/// The settlements offered to a Barn, Harbor or Paddock are exactly those with a destination
/// once lifted (checked by lifting each one), on every settlement pattern met in random
/// games, for every terrain a Barn could aim at.
#[test]
fn move_sources_are_the_settlements_with_a_destination() {
    use crate::building::adjacency;
    use crate::geometry::{jumps, neighbours};
    let mut checked = 0;
    for_each_random_state(CASES, |s| {
        if s.phase() == Phase::Play && s.lifted().is_none() {
            let own = s.own();
            let b = s.board();
            let kinds = [
                b.land[0], b.land[1], b.land[2], b.land[3], b.land[4], b.water,
            ];
            for kind in kinds {
                let mut want = Cells::EMPTY;
                for from in own.iter() {
                    let mut rest = own;
                    rest.remove(from);
                    let mut occupied = s.occupied;
                    occupied.remove(from);
                    let free = kind.and_not(&occupied);
                    let mut t = adjacency(free, &neighbours(&rest));
                    t.remove(from);
                    if !t.is_empty() {
                        want.insert(from);
                    }
                }
                let free = kind.and_not(&s.occupied);
                assert_eq!(s.terrain_move_sources(kind, free), want);
                checked += 1;
            }
            let free = b.buildable.and_not(&s.occupied);
            let paddock: Cells = own
                .iter()
                .filter(|&i| {
                    let mut one = Cells::EMPTY;
                    one.insert(i);
                    jumps(&one).intersects(&free)
                })
                .collect();
            assert_eq!(s.move_sources(Tile::Paddock), paddock);
        }
    });
    assert!(checked > 1000);
}

/// The Tavern's line ends agree with walking the board: a hex is an end when the 3 hexes
/// behind it along some direction are settlements.
#[test]
fn line_ends_agree_with_walking_the_lines() {
    use crate::board::{step, CELLS, DIRECTIONS};
    let mut dice = Dice::from_seed(8);
    for k in 0..300 {
        let mut own = Cells::EMPTY;
        for _ in 0..(k % 100) {
            own.insert(dice.index(CELLS));
        }
        let walked: Cells = (0..CELLS)
            .filter(|&h| {
                (0..DIRECTIONS).any(|d| {
                    let back = (d + 3) % DIRECTIONS;
                    let a = step(h, back);
                    let b = a.and_then(|a| step(a, back));
                    let c = b.and_then(|b| step(b, back));
                    [a, b, c].iter().all(|x| x.is_some_and(|x| own.contains(x)))
                })
            })
            .collect();
        assert_eq!(crate::tiles::line_ends(&own), walked);
    }
}

/// Tavern (rulebook, "Taverna": "Construa uma povoação num dos extremos de uma fila (linha)
/// com, pelo menos, 3 das suas povoações. A orientação da fila não é importante"): the line
/// ends kept as settlements are placed one at a time (each placement adding the ends of the
/// lines through it, along all three axes) are at every step the line ends of all the
/// settlements: dense clusters, scattered hexes and the board's edges.
#[test]
fn line_ends_kept_per_placement_agree_with_the_whole_board() {
    use crate::board::CELLS;
    use crate::geometry::add_line_ends_through;
    use crate::tiles::line_ends;
    let mut dice = Dice::from_seed(9);
    for round in 0..200 {
        let (mut own, mut kept) = (Cells::EMPTY, Cells::EMPTY);
        // Every fourth round places anywhere; the others stay in a 6x6 window (long lines).
        let (r0, c0) = (dice.index(15), dice.index(15));
        for _ in 0..60 {
            let cell = if round % 4 == 0 {
                dice.index(CELLS)
            } else {
                (r0 + dice.index(6)) * 20 + c0 + dice.index(6)
            };
            own.insert(cell);
            add_line_ends_through(&own, cell, &mut kept);
            assert_eq!(kept, line_ends(&own), "round {round}, after {cell}");
        }
    }
}

/// Tavern (rulebook, "Taverna"; see above): in states of random games (drawn by
/// `dicecore::strategy`), the line ends kept per seat are always those of its settlements
/// while it holds a Tavern (gained, moved away from, lost after a move) and nothing otherwise;
/// and the Tavern's hexes are the same as computed from the whole board.
#[test]
fn kept_tavern_line_ends_follow_the_game() {
    use crate::tiles::line_ends;
    use dicecore::strategy;
    let held = std::cell::Cell::new(0);
    let mut runner = proptest::test_runner::TestRunner::new(strategy::runner_config(600));
    runner
        .run(&strategy::states::<State>(), |p| {
            let s = p.state();
            for seat in 0..usize::from(s.seats()) {
                let holds = s.held[seat] & s.board.tavern_locations != 0;
                let expected = if holds {
                    held.set(held.get() + 1);
                    line_ends(&s.settlements[seat])
                } else {
                    Cells::EMPTY
                };
                proptest::prop_assert_eq!(s.line_ends[seat], expected, "seat {}", seat);
            }
            Ok(())
        })
        .unwrap();
    assert!(held.get() > 50, "{} seats held a Tavern", held.get());
}
