//! Scoring: castles and the 10 Kingdom Builder cards, with the rulebook's examples.

use super::*;

#[test]
fn castles_score_once_per_castle() {
    let mut s = first(2);
    s.force_settle(S0, &[(3, 4), (4, 4), (2, 3)]);
    assert_eq!(s.breakdown(S0).castles, 3);
    s.force_settle(S0, &[(7, 16)]);
    assert_eq!(s.breakdown(S0).castles, 6);
    assert_eq!(s.breakdown(S1).castles, 0);
    // The public `scoring::castles` reads the same from the settlements alone.
    assert_eq!(scoring::castles(s.board(), &s.settlements(S0)), 6);
    assert_eq!(scoring::castles(s.board(), &s.settlements(S1)), 0);
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

/// Every card read straight from its rule, set by set (the scoring functions take shortcuts:
/// rows read as bits, board-wide neighbour sets made once per board, the Merchants' groups
/// grown only from castles and locations next to settlements).
fn plain_card(s: &State, card: Card, players: &[Cells], seat: usize, zero: bool) -> i32 {
    use crate::board::{component, neighbours, QUADRANTS, ROWS};
    let b = s.board();
    let own = players[seat];
    let n = |s: Cells| s.count() as i32;
    let groups: Vec<i32> = crate::board::regions(&own)
        .map(|r| r.count() as i32)
        .collect();
    match card {
        Card::Fishermen => n(own.and_not(&b.water).and(&neighbours(&b.water))),
        Card::Merchants => {
            let hubs = own.or(&b.special);
            let mut specials = b.special;
            let mut gold = 0;
            while let Some(h) = specials.first() {
                let group = component(h, &hubs);
                let linked = group.and(&b.special).count() as i32;
                specials = specials.and_not(&group);
                if linked >= 2 {
                    gold += 4 * linked;
                }
            }
            gold
        }
        Card::Discoverers => ROWS.iter().filter(|r| r.intersects(&own)).count() as i32,
        Card::Hermits => groups.len() as i32,
        Card::Citizens => groups.iter().copied().max().unwrap_or(0) / 2,
        Card::Miners => n(own.and(&neighbours(&b.mountain))),
        Card::Workers => n(own.and(&neighbours(&b.special))),
        Card::Knights => 2 * ROWS.iter().map(|r| n(r.and(&own))).max().unwrap_or(0),
        Card::Lords => QUADRANTS
            .iter()
            .map(|q| {
                let counts: Vec<usize> = players.iter().map(|p| p.and(q).count()).collect();
                lords_gold(&counts, seat, zero)
            })
            .sum(),
        Card::Farmers => 3 * QUADRANTS.iter().map(|q| n(q.and(&own))).min().unwrap_or(0),
    }
}

/// The scoring functions agree with the cards read straight from their rules on the states
/// of random games (every card, every seat, both readings of the Lords' zero counts).
#[test]
fn cards_agree_with_their_plain_reading() {
    let mut checked = 0;
    for_each_random_state(CASES, |s| {
        let n = s.config().seats as usize;
        let players: Vec<Cells> = (0..n).map(|k| s.settlements(Seat(k as u8))).collect();
        for card in Card::ALL {
            for seat in 0..n {
                for zero in [false, true] {
                    let fast = scoring::card(s.board(), card, &players, seat, zero);
                    assert_eq!(fast, plain_card(s, card, &players, seat, zero), "{card}");
                }
            }
        }
        // The breakdowns read the neighbour sets the state keeps (a view makes its own): the
        // same gold card by card, and castles 3 each next to the player's settlements.
        for seat in 0..n {
            let zero = s.config().lords_zero_counts;
            let own = &players[seat];
            let expected: Vec<(Card, i32)> = s
                .config()
                .cards
                .iter()
                .map(|&c| (c, plain_card(s, c, &players, seat, zero)))
                .collect();
            let castles = 3 * crate::board::neighbours(own)
                .and(&s.board().castles)
                .count() as i32;
            let kept = s.breakdown(Seat(seat as u8));
            assert_eq!(
                (kept.castles, kept.cards.to_vec()),
                (castles, expected.clone())
            );
            let viewed = s.view(Seat(0)).breakdown(Seat(seat as u8));
            assert_eq!(viewed, kept);
        }
        checked += 1;
    });
    assert_eq!(checked, CASES);
}

/// Calls `f` with every board assembled from the printed sectors: any four, in any places,
/// either way up (26,880 boards).
fn for_each_printed_board(mut f: impl FnMut(&[Placement; 4], &crate::board::Board)) {
    let mut boards = 0;
    for a in Tile::ALL {
        for b in Tile::ALL.into_iter().filter(|&b| b != a) {
            for c in Tile::ALL.into_iter().filter(|&c| c != a && c != b) {
                for d in Tile::ALL.into_iter().filter(|&d| ![a, b, c].contains(&d)) {
                    for turns in 0..16u8 {
                        let placements = [a, b, c, d].map(Placement::printed);
                        let placements: [Placement; 4] = std::array::from_fn(|q| Placement {
                            rotated: turns >> q & 1 == 1,
                            ..placements[q]
                        });
                        f(&placements, &crate::board::Board::new(&placements));
                        boards += 1;
                    }
                }
            }
        }
    }
    assert_eq!(boards, 8 * 7 * 6 * 5 * 16);
}

/// No board assembled from the printed sectors (any four, in any places, either way up) has a
/// castle or location hex next to another: every group of them the Merchants follow is a
/// single hex. The scoring keeps a general path for touching hexes (`Board::specials_touch`),
/// which these boards therefore never take.
#[test]
fn no_board_of_the_printed_sectors_has_touching_castle_or_location_hexes() {
    for_each_printed_board(|placements, board| {
        assert!(!board.specials_touch, "{placements:?}");
    });
}

/// No hex of a board assembled from the printed sectors touches two castle or location hexes:
/// a lone settlement links none for the Merchants (so lifting one has no links to undo), and
/// no hex touches every castle of its board (each sector has one or two).
#[test]
fn no_hex_of_the_printed_sectors_touches_two_castle_or_location_hexes() {
    for_each_printed_board(|placements, board| {
        let (mut once, mut twice) = (Cells::EMPTY, Cells::EMPTY);
        for special in board.special.iter() {
            let near = crate::geometry::NEIGHBOURS[special];
            twice |= once & near;
            once |= near;
        }
        assert_eq!(twice, Cells::EMPTY, "{placements:?}");
    });
}
