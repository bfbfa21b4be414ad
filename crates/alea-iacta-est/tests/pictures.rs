//! The SVG pictures: well-formed XML for the whole table and every seat's view in random
//! games, and a view's picture hides the others' secrets.

use alea_iacta_est::State;
use dicecore::{Game, Seat};

mod common;

fn games(seats: u8, seed: u64, mut visit: impl FnMut(&State)) {
    let (mut m, mut agents) = common::random_match(seats, seed);
    let mut step = 0;
    while m.step(&mut agents).unwrap().is_some() {
        step += 1;
        if step % 23 == 0 || m.state().turn() == dicecore::Turn::Over {
            visit(m.state());
        }
    }
}

#[test]
fn pictures_are_well_formed_xml() {
    for seats in 2..=5u8 {
        games(seats, 1, |s| {
            for svg in
                std::iter::once(s.to_svg()).chain((0..seats).map(|p| s.view(Seat(p)).to_svg()))
            {
                let doc =
                    roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{e} in\n{svg}"));
                assert_eq!(doc.root_element().tag_name().name(), "svg");
            }
        });
    }
}

#[test]
fn a_views_picture_hides_the_others_secrets() {
    let mut checked = 0;
    games(4, 3, |s| {
        if s.turn() == dicecore::Turn::Over {
            return;
        }
        let doubles = &s.config().double_provinces;
        let v1 = s.view(Seat(1));
        for c in s.senate_cards_of(Seat(0)) {
            let known = v1.known_senate_cards[0].contains(&c)
                || v1.my_senate_cards.contains(&c)
                || v1.senate_offer.as_ref().is_some_and(|o| o.contains(&c))
                || v1.senate_bottom.contains(&Some(c))
                || v1.senate_passes.iter().any(|p| p.cards.contains(&c));
            if known {
                continue;
            }
            let name = c.name(doubles);
            let shown = |svg: &str| {
                svg.contains(&format!(": {name}")) || svg.contains(&format!(", {name}"))
            };
            assert!(!shown(&v1.to_svg()), "seat 1 sees {name}");
            assert!(
                shown(&s.view(Seat(0)).to_svg()),
                "seat 0 does not see its {name}"
            );
            assert!(shown(&s.to_svg()));
            checked += 1;
        }
        // Seat 0's drawn Fortuna tiles: seat 1 sees only how many.
        let drawn = s.fortuna_drawn(Seat(0)).iter().sum::<u8>();
        if drawn > 0 {
            let svg = v1.to_svg();
            assert!(
                svg.contains(&format!("drawn this round {drawn} face down")),
                "{svg}"
            );
        }
    });
    assert!(checked > 0);
}
