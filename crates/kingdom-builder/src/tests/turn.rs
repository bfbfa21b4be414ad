//! The turn sequence: the end of the mandatory build, the redraw rule, reshuffles and the last round.

use super::*;
use dicecore::Probability;

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

#[test]
fn redraw_when_the_card_terrain_is_full() {
    let mut s = first(4);
    s.fill(Terrain::Grass, 0, S0);
    s.force_turn(S0, Terrain::Grass);
    assert_eq!(s.phase(), Phase::Redraw);
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
    assert_eq!(s.phase(), Phase::Redraw);
    assert_eq!(s.mandatory_left(), 2);
    ok(&mut s, Action::Draw(Terrain::Forest));
    assert_eq!(s.played_card(), Some(Terrain::Forest));
    assert_eq!(s.mandatory_left(), 2);
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
            assert_eq!(s.phase(), Phase::Redraw, "flag on: redraw for the Oracle");
            ok(&mut s, Action::Draw(Terrain::Canyon));
            assert!(!tile_targets(&s, Tile::Oracle).is_empty());
        } else {
            assert_eq!(s.phase(), Phase::Play);
            assert_eq!(legal(&s), vec![Action::EndTurn(S0)]);
        }
    }
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
    assert_eq!(s.phase(), Phase::Redraw);
    // 25 cards minus the 3 other hands, all in the new pile.
    let (pile, discards) = s.deck();
    assert_eq!(pile.iter().sum::<u8>(), 22);
    assert_eq!(discards, [0; 5]);
    assert!(pile[Terrain::Grass as usize] > 0);
    ok(&mut s, Action::Draw(Terrain::Grass));
    assert_eq!(s.phase(), Phase::Redraw, "grass is still full: draw again");
    assert_eq!(s.deck().1[Terrain::Grass as usize], 1);
    ok(&mut s, Action::Draw(Terrain::Canyon));
    assert_eq!(s.phase(), Phase::Play);
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
        let want = if flag { Phase::Redraw } else { Phase::Play };
        assert_eq!(s.phase(), want, "flag {flag}");
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
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(legal(&s), vec![Action::EndTurn(S0)]);
}

/// Reference, Redraw rule flag: the redraw is due "when the player still has an unused Oracle
/// (and a settlement in supply) or an unused Barn" (docs/rules/kingdom-builder.md). After the
/// mandatory build on the last free hexes of the card's terrain, a player with one settlement
/// left redraws (flag on); one whose supply is empty does not.
#[test]
fn redraw_for_extra_actions_flag_with_an_oracle_needs_a_settlement_in_supply() {
    for (supply, want) in [(4, Phase::Redraw), (3, Phase::Play)] {
        let mut s = oracle_board(true);
        // (2,7) touches the Oracle (3,7).
        s.force_settle(S0, &[(2, 7)]);
        assert_eq!(s.held_tiles(S0), vec![Tile::Oracle]);
        s.fill(Terrain::Flower, 3, S0);
        s.force_supply(S0, supply);
        s.force_turn(S0, Terrain::Flower);
        for _ in 0..3 {
            let t = build_targets(&s);
            ok(&mut s, build(S0, t[0].0, t[0].1));
        }
        assert_eq!(s.supply(S0), supply - 3);
        assert_eq!(s.phase(), want, "supply {supply}");
    }
}

/// A card drawn by `sample_chance` is the one `Dice::pick_weighted` draws over the pile's
/// counts, from the same dice (every pile from 1 card to 25, empty terrains among them).
#[test]
fn card_draws_are_weighted_by_the_pile() {
    let mut s = first(2);
    for (seed, pile) in (0..).zip(random_piles(21)) {
        s.pile = pile;
        let (mut a, mut b) = (Dice::from_seed(seed), Dice::from_seed(seed));
        let weights = s.pile.map(u32::from);
        let expected = b
            .pick_weighted(&weights)
            .map(|i| Action::Draw(Terrain::ALL[i]));
        assert_eq!(s.sample_chance(&mut a), expected, "{:?}", s.pile);
        assert_eq!(a.next_u64(), b.next_u64(), "the same numbers used");
    }
    s.pile = [0; 5];
    assert_eq!(s.sample_chance(&mut Dice::from_seed(1)), None);
}

/// The chance outcomes of a draw are the terrains left in the pile, each with its count over
/// the pile's size in lowest terms (every pile from 1 card to 25, empty terrains among them):
/// the table they are read from is `Probability::new` of the same numbers.
#[test]
fn card_draw_chances_are_the_counts_over_the_pile() {
    let mut s = first(2);
    for pile in random_piles(22) {
        s.pile = pile;
        let total: u64 = s.pile.iter().map(|&n| u64::from(n)).sum();
        let expected: Vec<(Action, Probability)> = Terrain::ALL
            .into_iter()
            .filter(|&t| s.pile[t as usize] > 0)
            .map(|t| {
                let p = Probability::new(u64::from(s.pile[t as usize]), total);
                (Action::Draw(t), p)
            })
            .collect();
        assert_eq!(s.chance_outcomes(), expected, "{:?}", s.pile);
    }
}

/// 2,000 draw piles of 0 to 5 cards of each terrain, none empty.
fn random_piles(seed: u64) -> impl Iterator<Item = [u8; 5]> {
    let mut dice = Dice::from_seed(seed);
    (0..2_000).map(move |k| {
        let mut pile: [u8; 5] = std::array::from_fn(|_| dice.below(6) as u8);
        if pile.iter().all(|&n| n == 0) {
            pile[k % 5] = 1;
        }
        pile
    })
}
