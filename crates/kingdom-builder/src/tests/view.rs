//! Hidden information: views, earlier hands and determinisation.

use super::*;

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
    let line = |text: &str, seat: &str, card: &str| {
        text.lines()
            .any(|l| l.contains(&format!("seat {seat}: ")) && l.contains(card))
    };
    assert!(line(&shown, "1", "card forest"), "{shown}");
    assert!(line(&shown, "2", "card hidden"), "{shown}");
    assert!(line(&s.view(Seat(2)).to_string(), "2", "card desert"));
    assert!(line(&other.view(Seat(2)).to_string(), "2", "card canyon"));
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
    let ages: Vec<u8> = (0..4).map(|p| s.reshuffles_since_drawn(Seat(p))).collect();
    assert_eq!(ages, vec![1, 0, 1, 0], "public, and 0 past the players");
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
