//! Rule tests on hand-built positions (first-game board unless stated).
//!
//! First-game board landmarks: Tavern (6,2) (6,7); Paddock (2,18) (6,11); Oasis (12,7)
//! (17,5); Farm (11,17) (15,12); castles (3,3) (7,15) (11,11) (17,1).

use crate::board::{Placement, Tile};
use crate::scoring::{self, lords_gold, Card};
use crate::state::testing::at;
use crate::state::Step;
use crate::{Action, Cell, Cells, Config, Error, State, Terrain};
use dicecore::{Dice, Game, Seat, Turn};

const S0: Seat = Seat(0);
const S1: Seat = Seat(1);

fn first(seats: u8) -> State {
    State::new(&Config::first_game(seats)).unwrap()
}

fn with_cards(seats: u8, cards: [Card; 3]) -> State {
    let mut c = Config::first_game(seats);
    c.cards = cards;
    State::new(&c).unwrap()
}

fn card_gold(s: &State, seat: Seat, card: Card) -> i32 {
    s.breakdown(seat)
        .cards
        .iter()
        .find(|(c, _)| *c == card)
        .map(|(_, g)| *g)
        .expect("card in play")
}

fn legal(s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    v
}

fn cells_of(v: &[Action], pick: impl Fn(&Action) -> Option<Cell>) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = v
        .iter()
        .filter_map(pick)
        .map(|c| (c.row(), c.col()))
        .collect();
    out.sort();
    out
}

fn tile_targets(s: &State, tile: Tile) -> Vec<(usize, usize)> {
    cells_of(&legal(s), |a| match *a {
        Action::TileBuild { tile: t, cell, .. } if t == tile => Some(cell),
        _ => None,
    })
}

fn build_targets(s: &State) -> Vec<(usize, usize)> {
    cells_of(&legal(s), |a| match *a {
        Action::Build { cell, .. } => Some(cell),
        _ => None,
    })
}

fn move_targets(s: &State) -> Vec<(usize, usize)> {
    cells_of(&legal(s), |a| match *a {
        Action::MoveTo { cell, .. } => Some(cell),
        _ => None,
    })
}

fn lift_sources(s: &State, tile: Tile) -> Vec<(usize, usize)> {
    cells_of(&legal(s), |a| match *a {
        Action::Lift { tile: t, from, .. } if t == tile => Some(from),
        _ => None,
    })
}

#[track_caller]
fn illegal(s: &State, a: Action, e: Error) {
    assert_eq!(s.apply(&a), Err(e.clone()), "{a}");
    let mut c = s.clone();
    assert_eq!(c.apply_in_place(&a), Err(e));
    assert_eq!(&c, s, "a refused action changed the state");
}

#[track_caller]
fn ok(s: &mut State, a: Action) {
    s.apply_in_place(&a).unwrap_or_else(|e| panic!("{a}: {e}"));
}

fn build(seat: Seat, r: usize, c: usize) -> Action {
    Action::Build {
        seat,
        cell: at(r, c),
    }
}

fn tile_build(seat: Seat, tile: Tile, r: usize, c: usize) -> Action {
    Action::TileBuild {
        seat,
        tile,
        cell: at(r, c),
    }
}

fn lift(seat: Seat, tile: Tile, r: usize, c: usize) -> Action {
    Action::Lift {
        seat,
        tile,
        from: at(r, c),
    }
}

fn move_to(seat: Seat, r: usize, c: usize) -> Action {
    Action::MoveTo {
        seat,
        cell: at(r, c),
    }
}

// ---------------------------------------------------------------- config and setup

#[test]
fn config_errors() {
    let mut c = Config::first_game(5);
    assert_eq!(c.validate(), Err(Error::PlayerCount(5)));
    assert_eq!(State::new(&c), Err(Error::PlayerCount(5)));
    c.seats = 1;
    assert_eq!(State::new(&c), Err(Error::PlayerCount(1)));
    let mut c = Config::first_game(2);
    c.board[1].sector = Tile::Tavern;
    assert_eq!(State::new(&c), Err(Error::DuplicateSector(Tile::Tavern)));
    let mut c = Config::first_game(2);
    c.cards[2] = Card::Fishermen;
    assert_eq!(State::new(&c), Err(Error::DuplicateCard(Card::Fishermen)));
    let mut c = Config::first_game(3);
    c.start = Seat(3);
    assert_eq!(State::new(&c), Err(Error::StartSeat(Seat(3))));
    assert_eq!(State::standard_config(7, 1), Err(Error::PlayerCount(7)));
}

#[test]
fn random_setup_is_seeded_and_valid() {
    let mut seen_rotated = [false; 2];
    for seed in 0..40 {
        let c = State::standard_config(4, seed).unwrap();
        assert_eq!(c, State::standard_config(4, seed).unwrap());
        c.validate().unwrap();
        assert!(c.start.0 < 4);
        for p in c.board {
            seen_rotated[p.rotated as usize] = true;
        }
        assert!(!c.redraw_for_extra_actions && c.lords_zero_counts);
    }
    assert_eq!(seen_rotated, [true, true]);
    assert_ne!(
        State::standard_config(4, 1).unwrap(),
        State::standard_config(4, 2).unwrap()
    );
}

#[test]
fn first_game_board_and_deal() {
    let mut s = first(3);
    let b = s.board();
    let locs: Vec<(usize, usize, Tile)> = b
        .locations()
        .iter()
        .map(|(c, t)| (c.row(), c.col(), *t))
        .collect();
    assert_eq!(
        locs,
        vec![
            (2, 18, Tile::Paddock),
            (6, 2, Tile::Tavern),
            (6, 7, Tile::Tavern),
            (6, 11, Tile::Paddock),
            (11, 17, Tile::Farm),
            (12, 7, Tile::Oasis),
            (15, 12, Tile::Farm),
            (17, 5, Tile::Oasis),
        ]
    );
    assert_eq!(b.castles.count(), 4);
    assert!(b.buildable.count() >= 277);
    assert_eq!(s.tiles_left(), &[2; 8]);
    // Dealing: 3 chance draws weighted by the pile, then seat 0 plays.
    assert_eq!(s.turn(), Turn::Chance);
    let outs = s.chance_outcomes();
    assert_eq!(outs.len(), 5);
    assert!(outs
        .iter()
        .all(|(_, p)| *p == dicecore::Probability::new(5, 25)));
    ok(&mut s, Action::Draw(Terrain::Grass));
    ok(&mut s, Action::Draw(Terrain::Grass));
    let outs = s.chance_outcomes();
    assert_eq!(
        outs[0],
        (
            Action::Draw(Terrain::Grass),
            dicecore::Probability::new(3, 23)
        )
    );
    ok(&mut s, Action::Draw(Terrain::Desert));
    assert_eq!(s.turn(), Turn::Seat(S0));
    assert_eq!(s.played_card(), Some(Terrain::Grass));
    assert_eq!(s.hand(Seat(2)), Some(Terrain::Desert));
}

// ---------------------------------------------------------------- scoring

#[test]
fn castles_score_once_per_castle() {
    let mut s = first(2);
    s.force_settle(S0, &[(3, 4), (4, 4), (2, 3)]);
    assert_eq!(s.breakdown(S0).castles, 3);
    s.force_settle(S0, &[(7, 16)]);
    assert_eq!(s.breakdown(S0).castles, 6);
    assert_eq!(s.breakdown(S1).castles, 0);
}

#[test]
fn fishermen_not_for_a_settlement_on_water() {
    let mut s = first(2);
    // (2,0) touches water (3,0); (3,0) is on water; (0,0) touches none.
    s.force_settle(S0, &[(2, 0), (3, 0), (0, 0)]);
    assert_eq!(card_gold(&s, S0, Card::Fishermen), 1);
}

#[test]
fn merchants_four_linked_and_one_unlinked_give_16() {
    let mut s = first(2);
    // Tavern (6,7) - Paddock (6,11) - castle (11,11) - Farm (15,12) linked; castle (3,3)
    // touched by a lone settlement.
    s.force_settle(
        S0,
        &[
            (6, 8),
            (6, 9),
            (6, 10),
            (7, 11),
            (8, 11),
            (9, 11),
            (10, 11),
            (12, 11),
            (13, 11),
            (14, 12),
            (3, 4),
        ],
    );
    assert_eq!(card_gold(&s, S0, Card::Merchants), 16);
    // Another player's settlements never link.
    let mut t = first(2);
    t.force_settle(S0, &[(6, 8), (6, 9)]);
    t.force_settle(S1, &[(6, 10)]);
    assert_eq!(card_gold(&t, S0, Card::Merchants), 0);
    assert_eq!(card_gold(&t, S1, Card::Merchants), 0);
}

#[test]
fn discoverers_hermits_citizens_knights() {
    let mut s = with_cards(2, [Card::Discoverers, Card::Hermits, Card::Citizens]);
    // Area of 5 in rows 7-8, a lone one in row 0, a pair in row 0.
    s.force_settle(
        S0,
        &[
            (7, 6),
            (7, 7),
            (7, 8),
            (8, 7),
            (8, 8),
            (0, 0),
            (0, 5),
            (0, 6),
        ],
    );
    assert_eq!(card_gold(&s, S0, Card::Discoverers), 3);
    assert_eq!(card_gold(&s, S0, Card::Hermits), 3);
    assert_eq!(card_gold(&s, S0, Card::Citizens), 2);
    let mut k = with_cards(2, [Card::Knights, Card::Hermits, Card::Citizens]);
    k.force_settle(
        S0,
        &[(7, 6), (7, 7), (7, 8), (8, 7), (0, 0), (0, 5), (0, 6)],
    );
    assert_eq!(card_gold(&k, S0, Card::Knights), 6);
    assert_eq!(card_gold(&k, S1, Card::Knights), 0);
}

#[test]
fn miners_and_workers() {
    let mut s = with_cards(2, [Card::Miners, Card::Workers, Card::Hermits]);
    // (0,2) and (0,5) touch mountains (0,3) and (0,4); (3,4) touches castle (3,3);
    // (6,8) touches Tavern (6,7); (9,0) touches nothing special.
    s.force_settle(S0, &[(0, 2), (0, 5), (3, 4), (6, 8), (9, 0)]);
    assert_eq!(card_gold(&s, S0, Card::Miners), 2);
    assert_eq!(card_gold(&s, S0, Card::Workers), 2);
}

#[test]
fn lords_rulebook_example() {
    let counts = [8, 8, 6, 2];
    let gold: Vec<i32> = (0..4).map(|s| lords_gold(&counts, s, true)).collect();
    assert_eq!(gold, vec![12, 12, 6, 0]);
    // On a board: 4 players in the bottom-right sector.
    let mut c = Config::first_game(4);
    c.cards = [Card::Lords, Card::Hermits, Card::Citizens];
    let mut s = State::new(&c).unwrap();
    let free: Vec<usize> = s
        .board()
        .buildable
        .and(&crate::board::QUADRANTS[3])
        .iter()
        .collect();
    let mut k = 0;
    for (seat, n) in [(0u8, 8), (1, 8), (2, 6), (3, 2)] {
        for _ in 0..n {
            s.force_settle(Seat(seat), &[(free[k] / 20, free[k] % 20)]);
            k += 1;
        }
    }
    let gold: Vec<i32> = (0..4)
        .map(|p| card_gold(&s, Seat(p), Card::Lords))
        .collect();
    assert_eq!(gold, vec![12, 12, 6, 0]);
}

#[test]
fn lords_zero_counts_flag() {
    // Tie for first does not use up second; a zero count can be second.
    assert_eq!(lords_gold(&[3, 3, 1], 2, true), 6);
    assert_eq!(lords_gold(&[3, 0], 1, true), 6);
    assert_eq!(lords_gold(&[3, 0], 1, false), 0);
    assert_eq!(lords_gold(&[0, 0], 0, true), 0);
    for flag in [true, false] {
        let mut c = Config::first_game(2);
        c.cards = [Card::Lords, Card::Hermits, Card::Citizens];
        c.lords_zero_counts = flag;
        let mut s = State::new(&c).unwrap();
        s.force_settle(S0, &[(0, 0), (0, 1)]);
        assert_eq!(card_gold(&s, S0, Card::Lords), 12);
        assert_eq!(card_gold(&s, S1, Card::Lords), if flag { 6 } else { 0 });
    }
}

#[test]
fn farmers_fewest_in_a_sector() {
    let mut s = with_cards(2, [Card::Farmers, Card::Hermits, Card::Citizens]);
    s.force_settle(S0, &[(0, 0), (0, 1), (0, 12), (12, 0)]);
    assert_eq!(card_gold(&s, S0, Card::Farmers), 0, "missing from a sector");
    s.force_settle(S0, &[(12, 12), (13, 12), (12, 1), (0, 13)]);
    // Sectors: 2, 2, 2, 2.
    assert_eq!(card_gold(&s, S0, Card::Farmers), 6);
    s.force_settle(S0, &[(0, 2), (0, 14), (12, 2)]);
    assert_eq!(card_gold(&s, S0, Card::Farmers), 6);
}

#[test]
fn scoring_functions_tolerate_bad_seats() {
    let s = first(2);
    let players = [Cells::EMPTY; 2];
    assert_eq!(scoring::card(s.board(), Card::Lords, &players, 9, true), 0);
    assert_eq!(lords_gold(&[1], 3, true), 0);
}

// ---------------------------------------------------------------- the mandatory build

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
    assert_eq!(s.step(), Step::Refill);
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

#[test]
fn supply_running_out_ends_the_mandatory_build_early_and_triggers_the_end() {
    let mut s = first(2);
    s.force_settle(S0, &[(7, 8)]);
    s.force_supply(S0, 2);
    s.force_turn(S0, Terrain::Grass);
    ok(&mut s, build(S0, 7, 9));
    assert!(!s.final_round());
    ok(&mut s, build(S0, 7, 10));
    assert!(s.final_round());
    assert_eq!(s.supply(S0), 0);
    assert_eq!(legal(&s), vec![Action::EndTurn(S0)]);
    ok(&mut s, Action::EndTurn(S0));
    ok(&mut s, Action::Draw(Terrain::Forest));
    // Seat 1 (right of the start player) finishes the round, then the game ends.
    assert_eq!(s.turn(), Turn::Seat(S1));
    let t = s.played_card().unwrap();
    let a = legal(&s)[0];
    ok(&mut s, a);
    while s.mandatory_left() > 0 {
        let a = legal(&s)[0];
        ok(&mut s, a);
    }
    assert!(t == s.played_card().unwrap());
    ok(&mut s, Action::EndTurn(S1));
    assert_eq!(s.turn(), Turn::Over);
    assert!(s.outcome().is_some());
    illegal(&s, Action::EndTurn(S1), Error::GameOver);
    illegal(&s, Action::Draw(Terrain::Grass), Error::GameOver);
}

#[test]
fn end_triggered_by_the_last_seat_ends_at_once() {
    let mut c = Config::first_game(3);
    c.start = Seat(1);
    let mut s = State::new(&c).unwrap();
    // Last seat = right of seat 1 = seat 0.
    assert_eq!(c.last_seat(), S0);
    s.force_settle(S0, &[(7, 8)]);
    s.force_supply(S0, 1);
    s.force_turn(S0, Terrain::Grass);
    ok(&mut s, build(S0, 7, 9));
    ok(&mut s, Action::EndTurn(S0));
    assert_eq!(s.turn(), Turn::Over);
}

#[test]
fn reshuffle_when_the_pile_is_empty() {
    let mut s = first(2);
    s.force_turn(S0, Terrain::Grass);
    s.force_empty_pile();
    ok(&mut s, build(S0, 7, 8));
    ok(&mut s, build(S0, 7, 9));
    ok(&mut s, build(S0, 7, 10));
    ok(&mut s, Action::EndTurn(S0));
    // 23 cards not in hands: all back in the pile, including the grass just discarded.
    let (pile, discards) = s.deck();
    assert_eq!(pile.iter().sum::<u8>(), 24);
    assert_eq!(discards, [0; 5]);
    assert_eq!(pile[Terrain::Grass as usize], 4);
}

// ---------------------------------------------------------------- redraw rule

#[test]
fn redraw_when_the_card_terrain_is_full() {
    let mut s = first(4);
    s.fill(Terrain::Grass, 0, S0);
    s.force_turn(S0, Terrain::Grass);
    assert_eq!(s.step(), Step::Redraw);
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.hand(S0), None);
    illegal(&s, build(S0, 0, 0), Error::DrawPending);
    assert!(s
        .chance_outcomes()
        .iter()
        .all(|(a, _)| *a != Action::Draw(Terrain::Grass) || s.deck().0[0] > 0));
    ok(&mut s, Action::Draw(Terrain::Desert));
    assert_eq!(s.played_card(), Some(Terrain::Desert));
    assert_eq!(s.turn(), Turn::Seat(S0));
}

#[test]
fn redraw_before_a_later_mandatory_placement() {
    let mut s = first(4);
    // Leave exactly 1 free grass hex: after placing there, 2 placements are still due.
    s.fill(Terrain::Grass, 1, S0);
    s.force_turn(S0, Terrain::Grass);
    let t = build_targets(&s);
    assert_eq!(t.len(), 1);
    ok(&mut s, build(S0, t[0].0, t[0].1));
    assert_eq!(s.step(), Step::Redraw);
    assert_eq!(s.mandatory_left(), 2);
    ok(&mut s, Action::Draw(Terrain::Forest));
    assert_eq!(s.played_card(), Some(Terrain::Forest));
    assert_eq!(s.mandatory_left(), 2);
}

fn oracle_board(redraw: bool) -> State {
    let mut c = Config::first_game(4);
    c.board = [
        Placement::printed(Tile::Oracle),
        Placement::printed(Tile::Barn),
        Placement::printed(Tile::Tavern),
        Placement::printed(Tile::Harbor),
    ];
    c.redraw_for_extra_actions = redraw;
    State::new(&c).unwrap()
}

#[test]
fn redraw_for_extra_actions_flag() {
    for flag in [false, true] {
        let mut s = oracle_board(flag);
        // (3,8) touches the Oracle (3,7).
        s.force_settle(S0, &[(3, 8)]);
        assert_eq!(s.held_tiles(S0), vec![Tile::Oracle]);
        s.fill(Terrain::Flower, 3, S0);
        s.force_turn(S0, Terrain::Flower);
        for _ in 0..3 {
            let t = build_targets(&s);
            ok(&mut s, build(S0, t[0].0, t[0].1));
        }
        if flag {
            assert_eq!(s.step(), Step::Redraw, "flag on: redraw for the Oracle");
            ok(&mut s, Action::Draw(Terrain::Canyon));
            assert!(!tile_targets(&s, Tile::Oracle).is_empty());
        } else {
            assert_eq!(s.step(), Step::Play);
            assert_eq!(legal(&s), vec![Action::EndTurn(S0)]);
        }
    }
}

// ---------------------------------------------------------------- tiles

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

#[test]
fn move_source_with_only_the_vacated_hex_is_not_offered() {
    let mut s = oracle_board(false);
    // Barn tile from (2,15); g1 = (2,3) grass with a forest neighbour n = (2,4); the only
    // other free grass hex is g2 = (10,10), far away.
    s.force_settle(S0, &[(2, 15), (2, 3), (2, 4)]);
    assert!(s.held_tiles(S0).contains(&Tile::Barn));
    s.fill_except(Terrain::Grass, &[10 * 20 + 10], S0);
    s.force_turn(S0, Terrain::Grass);
    assert_eq!(s.step(), Step::Play);
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

// ---------------------------------------------------------------- more illegal actions

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

// ---------------------------------------------------------------- hidden information

#[test]
fn view_hides_other_hands_and_determinize_keeps_the_view() {
    let mut s = first(3);
    ok(&mut s, Action::Draw(Terrain::Grass));
    ok(&mut s, Action::Draw(Terrain::Forest));
    ok(&mut s, Action::Draw(Terrain::Desert));
    // Seat 0 plays: its card is public; seats 1 and 2 are hidden from each other.
    let v1 = s.view(S1);
    assert_eq!(v1.hand, Some(Terrain::Forest));
    assert_eq!(v1.revealed, Some(Terrain::Grass));
    assert_eq!(v1.hidden_hands, vec![false, false, true]);
    let json = serde_json::to_string(&v1).unwrap();
    assert!(!json.contains("Desert"), "{json}");
    // Another state differing only in seat 2's card looks the same to seat 1.
    let mut other = first(3);
    ok(&mut other, Action::Draw(Terrain::Grass));
    ok(&mut other, Action::Draw(Terrain::Forest));
    ok(&mut other, Action::Draw(Terrain::Canyon));
    assert_eq!(other.view(S1), v1);
    assert_ne!(other.view(Seat(2)), s.view(Seat(2)));
    // The rendering of a view shows the seat's own card, never a hidden one.
    let shown = v1.to_string();
    assert_eq!(shown, other.view(S1).to_string());
    assert!(shown.contains("your card forest"), "{shown}");
    assert!(shown.contains("hidden cards held by seat 2"), "{shown}");
    assert!(s.view(Seat(2)).to_string().contains("your card desert"));
    assert!(other.view(Seat(2)).to_string().contains("your card canyon"));
    // determinize(seat) resamples only what the seat cannot see.
    let mut dice = Dice::from_seed(9);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..50 {
        let d = s.determinize(S1, &mut dice);
        assert_eq!(d.view(S1), v1);
        assert_eq!(d.hand(S0), Some(Terrain::Grass));
        assert_eq!(d.hand(S1), Some(Terrain::Forest));
        seen.insert(d.hand(Seat(2)));
        let (pile, _) = d.deck();
        assert_eq!(pile.iter().sum::<u8>(), 22);
    }
    assert!(seen.len() > 1, "seat 2's card is resampled");
}

// ---------------------------------------------------------------- serde

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
fn display_and_svg() {
    let mut s = first(2);
    s.force_settle(S0, &[(7, 8)]);
    s.force_settle(S1, &[(0, 0)]);
    s.force_turn(S0, Terrain::Grass);
    let text = s.to_string();
    assert!(text.contains("seat 0 (1)"));
    assert!(text.lines().count() > 22);
    let svg = s.to_svg();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polygon").count(), 400);
    assert_eq!(svg.matches("r=\"7\"").count(), 2 + 2);
    assert_eq!(build(S0, 1, 2).to_string(), "seat 0 builds at (1, 2)");
}

#[test]
fn rulebook_flower_card_reaches_five_locations_on_the_first_game_board() {
    // "João has the flower field card and, with the recommended setup, can choose between 5
    // different locations for his first settlements."
    let mut s = first(2);
    s.force_turn(S0, Terrain::Flower);
    let mut locations = std::collections::BTreeSet::new();
    for (r, c) in build_targets(&s) {
        if let Some(id) = s.board().location_near(r * 20 + c) {
            locations.insert(id);
        }
    }
    assert_eq!(locations.len(), 5);
}

#[test]
fn rulebook_farmers_example_four_in_the_emptiest_sector_gives_12() {
    let mut s = with_cards(2, [Card::Farmers, Card::Knights, Card::Citizens]);
    let b = s.board().clone();
    for (q, n) in [(0, 6), (1, 5), (2, 7), (3, 4)] {
        let cells: Vec<(usize, usize)> = b
            .buildable
            .and(&crate::board::QUADRANTS[q])
            .iter()
            .take(n)
            .map(|i| (i / 20, i % 20))
            .collect();
        s.force_settle(S0, &cells);
    }
    assert_eq!(card_gold(&s, S0, Card::Farmers), 12);
    // Knights: the fullest row counts once.
    let k = card_gold(&s, S0, Card::Knights);
    let most = crate::board::ROWS
        .iter()
        .map(|r| r.and(&s.settlements(S0)).count())
        .max()
        .unwrap();
    assert_eq!(k, 2 * most as i32);
}

/// One test per refusal: each asserts its own error variant and an unchanged state.
mod illegal {
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
}

// ---------------------------------------------------------------- audit additions

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

/// Reference, End of game: the round is finished; the last turn is the player to the right
/// of the start player (here start 2 of 4, so seat 1), wrapping past seat 3.
#[test]
fn end_of_game_finishes_the_round_with_wraparound() {
    let mut c = Config::first_game(4);
    c.start = Seat(2);
    let mut s = State::new(&c).unwrap();
    assert_eq!(c.last_seat(), S1);
    s.force_settle(Seat(3), &[(7, 8)]);
    s.force_supply(Seat(3), 1);
    s.force_turn(Seat(3), Terrain::Grass);
    ok(&mut s, build(Seat(3), 7, 9));
    assert!(s.final_round());
    ok(&mut s, Action::EndTurn(Seat(3)));
    let mut played = Vec::new();
    while s.turn() != Turn::Over {
        match s.turn() {
            Turn::Chance => {
                let a = s.chance_outcomes()[0].0;
                ok(&mut s, a);
            }
            Turn::Seat(p) => {
                if played.last() != Some(&p) {
                    played.push(p);
                }
                let acts = legal(&s);
                let a = acts
                    .iter()
                    .find(|a| matches!(a, Action::Build { .. }))
                    .copied()
                    .unwrap_or(Action::EndTurn(p));
                ok(&mut s, a);
            }
            _ => unreachable!(),
        }
    }
    assert_eq!(played, vec![S0, S1]);
}

/// Reference, Redraw rule: redraw until a usable card comes, reshuffling the discards (the
/// card just discarded included) when the pile is empty.
#[test]
fn redraw_repeats_and_reshuffles_the_discards() {
    let mut s = first(4);
    s.fill(Terrain::Grass, 1, S0);
    s.force_turn(S0, Terrain::Grass);
    s.force_empty_pile();
    let t = build_targets(&s);
    assert_eq!(t.len(), 1);
    ok(&mut s, build(S0, t[0].0, t[0].1));
    assert_eq!(s.step(), Step::Redraw);
    // 25 cards minus the 3 other hands, all in the new pile.
    let (pile, discards) = s.deck();
    assert_eq!(pile.iter().sum::<u8>(), 22);
    assert_eq!(discards, [0; 5]);
    assert!(pile[Terrain::Grass as usize] > 0);
    ok(&mut s, Action::Draw(Terrain::Grass));
    assert_eq!(s.step(), Step::Redraw, "grass is still full: draw again");
    assert_eq!(s.deck().1[Terrain::Grass as usize], 1);
    ok(&mut s, Action::Draw(Terrain::Canyon));
    assert_eq!(s.step(), Step::Play);
    assert_eq!(s.played_card(), Some(Terrain::Canyon));
    assert_eq!(s.mandatory_left(), 2);
}

/// Reference, Redraw rule flag: an unused Barn after the mandatory build also triggers it
/// (flag on); a used one does not.
#[test]
fn redraw_for_extra_actions_flag_with_a_barn() {
    for flag in [false, true] {
        let mut s = oracle_board(flag);
        // (2,15) touches the Barn (2,16).
        s.force_settle(S0, &[(2, 15)]);
        assert_eq!(s.held_tiles(S0), vec![Tile::Barn]);
        s.fill(Terrain::Flower, 3, S0);
        s.force_turn(S0, Terrain::Flower);
        for _ in 0..3 {
            let t = build_targets(&s);
            ok(&mut s, build(S0, t[0].0, t[0].1));
        }
        let want = if flag { Step::Redraw } else { Step::Play };
        assert_eq!(s.step(), want, "flag {flag}");
    }
    // Flag on, Barn used before the build: no redraw afterwards.
    let mut s = oracle_board(true);
    s.force_settle(S0, &[(2, 15), (0, 0)]);
    s.fill(Terrain::Flower, 4, S0);
    s.force_turn(S0, Terrain::Flower);
    ok(&mut s, lift(S0, Tile::Barn, 0, 0));
    let t = move_targets(&s);
    ok(&mut s, move_to(S0, t[0].0, t[0].1));
    for _ in 0..3 {
        let t = build_targets(&s);
        ok(&mut s, build(S0, t[0].0, t[0].1));
    }
    assert_eq!(s.step(), Step::Play);
    assert_eq!(legal(&s), vec![Action::EndTurn(S0)]);
}

/// Hidden information: a hand drawn from a pile that has since run out and been reshuffled is
/// no longer exchangeable with the new pile. Here seat 0 draws the pile's last card (a desert,
/// public from the pile's composition); after the reshuffle every other seat still knows it.
#[test]
fn a_hand_drawn_before_a_reshuffle_stays_known() {
    let mut s = first(3);
    ok(&mut s, Action::Draw(Terrain::Grass));
    ok(&mut s, Action::Draw(Terrain::Forest));
    ok(&mut s, Action::Draw(Terrain::Canyon));
    for (r, c) in [(7, 8), (7, 9), (7, 10)] {
        ok(&mut s, build(S0, r, c));
    }
    ok(&mut s, Action::EndTurn(S0));
    s.force_pile([0, 0, 0, 0, 1]);
    ok(&mut s, Action::Draw(Terrain::Desert));
    assert_eq!(s.deck().0, [0; 5]);
    // Seat 1 plays its forest and ends its turn: the discards become the new pile.
    for _ in 0..3 {
        let t = build_targets(&s);
        ok(&mut s, build(S1, t[0].0, t[0].1));
    }
    ok(&mut s, Action::EndTurn(S1));
    assert!(s.deck().0.iter().sum::<u8>() > 0, "reshuffled");
    ok(&mut s, Action::Draw(Terrain::Grass));
    assert_eq!(s.turn(), Turn::Seat(Seat(2)));
    // Seat 1 knows seat 0 holds the desert; seat 2's view and determinize agree.
    let v = s.view(S1);
    assert_eq!(v.hand_age, vec![1, 0, 1]);
    assert_eq!(v.earlier_hands, vec![(1, [0, 0, 0, 0, 1])]);
    assert_eq!(v.unseen, s.deck().0, "the new pile only");
    let mut dice = Dice::from_seed(5);
    for _ in 0..40 {
        for viewer in [S1, Seat(2)] {
            let d = s.determinize(viewer, &mut dice);
            assert_eq!(d.hand(S0), Some(Terrain::Desert));
            assert_eq!(d.view(viewer), s.view(viewer));
        }
    }
}

/// Rulebook, Lords note: players tied for the second largest count each get 6.
#[test]
fn lords_ties_for_second_each_get_six() {
    let gold: Vec<i32> = (0..4).map(|s| lords_gold(&[5, 3, 3, 1], s, true)).collect();
    assert_eq!(gold, vec![12, 6, 6, 0]);
    let gold: Vec<i32> = (0..3).map(|s| lords_gold(&[4, 0, 0], s, true)).collect();
    assert_eq!(gold, vec![12, 6, 6]);
    let gold: Vec<i32> = (0..3).map(|s| lords_gold(&[4, 0, 0], s, false)).collect();
    assert_eq!(gold, vec![12, 0, 0]);
}

/// The SVG is a well-formed document (every element closed, in order) showing each hex, each
/// settlement, and the tiles left on each location.
#[test]
fn svg_is_well_formed_and_shows_tiles_left() {
    let mut s = first(2);
    s.force_settle(S0, &[(12, 6)]); // takes an Oasis tile from (12,7)
    s.force_settle(S1, &[(13, 7), (0, 0)]); // takes the second one
    s.force_turn(S0, Terrain::Grass);
    let svg = s.to_svg();
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = svg.as_str();
    while let Some(open) = rest.find('<') {
        let close = open + rest[open..].find('>').expect("tag closed");
        let tag = &rest[open + 1..close];
        assert!(!tag.contains('<'), "{tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(name), "mismatched </{name}>");
        } else if !tag.ends_with('/') {
            stack.push(tag.split_whitespace().next().expect("element name"));
        }
        rest = &rest[close + 1..];
    }
    assert!(stack.is_empty(), "unclosed {stack:?}");
    assert_eq!(svg.matches("<polygon").count(), 400);
    assert_eq!(svg.matches("r=\"7\"").count(), 3 + 2);
    // Tiles left: 0 on the Oasis (12,7), 2 on the other locations.
    let labels: Vec<&str> = svg
        .lines()
        .filter(|l| l.starts_with("<text") && l.contains("font-size=\"10\""))
        .map(|l| &l[l.find('>').unwrap() + 1..l.find("</").unwrap()])
        .collect();
    assert_eq!(labels, ["P2", "V2", "V2", "P2", "A2", "S0", "A2", "S2"]);
    assert!(svg.contains("tiles: Oasis"));
}

/// Hidden information: two hands drawn before a reshuffle are known together (a grass and a
/// desert), not who holds which; determinize swaps them and never mixes in the new pile.
#[test]
fn earlier_hands_are_known_together() {
    let mut s = first(4);
    for t in [
        Terrain::Grass,
        Terrain::Forest,
        Terrain::Canyon,
        Terrain::Desert,
    ] {
        ok(&mut s, Action::Draw(t));
    }
    for (r, c) in [(7, 8), (7, 9), (7, 10)] {
        ok(&mut s, build(S0, r, c));
    }
    ok(&mut s, Action::EndTurn(S0));
    s.force_pile([1, 0, 0, 0, 0]);
    ok(&mut s, Action::Draw(Terrain::Grass));
    for _ in 0..3 {
        let t = build_targets(&s);
        ok(&mut s, build(S1, t[0].0, t[0].1));
    }
    ok(&mut s, Action::EndTurn(S1));
    ok(&mut s, Action::Draw(Terrain::Flower));
    assert_eq!(s.turn(), Turn::Seat(Seat(2)));
    let v = s.view(S1);
    assert_eq!(v.hand_age, vec![1, 0, 1, 1]);
    assert_eq!(v.earlier_hands, vec![(1, [1, 0, 0, 0, 1])]);
    assert_eq!(v.hidden_hands, vec![true, false, false, true]);
    let mut dice = Dice::from_seed(11);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let d = s.determinize(S1, &mut dice);
        assert_eq!(d.view(S1), v);
        let pair = (d.hand(S0).unwrap(), d.hand(Seat(3)).unwrap());
        assert!(
            pair == (Terrain::Grass, Terrain::Desert) || pair == (Terrain::Desert, Terrain::Grass)
        );
        assert_eq!(d.deck(), s.deck());
        seen.insert(pair);
    }
    assert_eq!(seen.len(), 2);
}
