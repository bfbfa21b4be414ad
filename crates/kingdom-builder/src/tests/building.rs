//! The building rules: the adjacency obligation, re-evaluated before every placement.

use super::*;

#[test]
fn mandatory_build_adjacency_is_re_evaluated_each_placement() {
    let mut s = first(2);
    s.force_turn(S0, Terrain::Grass);
    // No settlements yet: every free grass hex.
    assert_eq!(build_targets(&s).len(), s.board().land[0].count());
    // No tile uses, no end of turn before building.
    assert!(legal(&s).iter().all(|a| matches!(a, Action::Build { .. })));
    ok(&mut s, build(S0, 7, 8));
    // Now only grass next to (7,8).
    assert_eq!(
        build_targets(&s),
        vec![(6, 8 + 1), (7, 7), (7, 9), (8, 8), (8, 9)]
            .into_iter()
            .filter(|&(r, c)| s.board().land[0].contains(r * 20 + c))
            .collect::<Vec<_>>()
    );
    illegal(&s, build(S0, 8, 16), Error::NotAdjacent(at(8, 16)));
    illegal(&s, build(S0, 7, 8), Error::Occupied(at(7, 8)));
    illegal(&s, build(S0, 7, 5), Error::WrongTerrain(at(7, 5)));
    illegal(&s, Action::EndTurn(S0), Error::MandatoryNotDone);
    ok(&mut s, build(S0, 7, 9));
    ok(&mut s, build(S0, 7, 10));
    assert_eq!(s.mandatory_left(), 0);
    assert_eq!(legal(&s), vec![Action::EndTurn(S0)]);
    illegal(&s, build(S0, 7, 11), Error::MandatoryDone);
    ok(&mut s, Action::EndTurn(S0));
    assert_eq!(s.phase(), Phase::Refill);
    assert_eq!(s.hand(S0), None);
    assert_eq!(s.deck().1[Terrain::Grass as usize], 1);
    ok(&mut s, Action::Draw(Terrain::Forest));
    assert_eq!(s.turn(), Turn::Seat(S1));
}

#[test]
fn adjacency_falls_back_to_any_hex_when_none_touches() {
    let mut s = first(2);
    // Seat 0 owns (0,0) (flower); with a canyon card nothing canyon touches it.
    s.force_settle(S0, &[(0, 0)]);
    s.force_turn(S0, Terrain::Canyon);
    let free_canyon = s.board().land[Terrain::Canyon as usize].count();
    assert_eq!(build_targets(&s).len(), free_canyon);
    // Other players' settlements never count.
    s.force_settle(S1, &[(0, 7)]);
    assert_eq!(build_targets(&s).len(), free_canyon - 1);
}

/// Reference, Building rules: the adjacency obligation counts the player's settlements on
/// water too.
#[test]
fn a_settlement_on_water_imposes_the_adjacency_obligation() {
    let mut s = first(2);
    // (3,1) is water; its flower neighbours are (2,1) (2,2) (3,2) (4,1).
    s.force_settle(S0, &[(3, 1)]);
    assert!(s.board().water.contains(at(3, 1).index()));
    s.force_turn(S0, Terrain::Flower);
    assert_eq!(build_targets(&s), vec![(2, 1), (2, 2), (3, 2), (4, 1)]);
    illegal(&s, build(S0, 0, 0), Error::NotAdjacent(at(0, 0)));
}
