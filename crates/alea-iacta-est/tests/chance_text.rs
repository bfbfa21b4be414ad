//! Chance outcomes typed in beside the physical game: dice in any order, Fortuna values,
//! cards, provinces and patricians by name.

use alea_iacta_est::{Action, Card, Colour, Config, Faces, Patrician, Province, Sex, State};
use dicecore::{ChanceTextError, Game, Seat, Turn};

mod common;

/// The first state of a seeded random 4-player game where `pred` holds.
fn find(pred: impl Fn(&State) -> bool) -> State {
    for seed in 0..50 {
        let (mut m, mut agents) = common::random_match(4, seed);
        loop {
            if pred(m.state()) {
                return m.state().clone();
            }
            if m.step(&mut agents).unwrap().is_none() {
                break;
            }
        }
    }
    panic!("not found");
}

fn unreadable(r: Result<Action, ChanceTextError>) -> bool {
    matches!(r, Err(ChanceTextError::Unreadable { .. }))
}

#[test]
fn dice_in_any_order_and_form() {
    let s = State::new(&Config::with_start(4, Seat(0)).unwrap()).unwrap();
    assert!(
        unreadable(s.chance_from_text("3 3 5 6 1 2 2 4")),
        "provinces first"
    );
    let s = find(|s| s.turn() == Turn::Chance && s.phase() == alea_iacta_est::Phase::Roll);
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    let Action::Roll(f) = legal[0] else {
        panic!("a roll")
    };
    let k = f.len() as usize;
    let faces: Vec<u8> = [3, 3, 5, 6, 1, 2, 2, 4][..k].to_vec();
    let roll = Action::Roll(Faces::from_values(&faces).unwrap());
    let spaced: Vec<String> = faces.iter().rev().map(|v| v.to_string()).collect();
    assert_eq!(s.chance_from_text(&spaced.join(" ")), Ok(roll));
    assert_eq!(s.chance_from_text(&spaced.concat()), Ok(roll));
    assert_eq!(s.chance_from_text(&spaced.join("-")), Ok(roll));
    assert_eq!(s.chance_from_text(&spaced.join(", ")), Ok(roll));
    assert_eq!(s.chance_from_text(&roll.to_string()), Ok(roll));
    let Err(ChanceTextError::Unreadable { expected, .. }) = s.chance_from_text("7") else {
        panic!("a 7 is no face")
    };
    assert!(expected.contains("faces 1 to 6"), "{expected}");
    assert!(
        unreadable(s.chance_from_text(&spaced[1..].join(" "))),
        "a die missing"
    );
    assert!(unreadable(s.chance_from_text("three")));
}

#[test]
fn cards_tiles_provinces_and_patricians_by_name() {
    let s = State::new(&Config::with_start(4, Seat(0)).unwrap()).unwrap();
    let red2 = Province::new(Colour::Red, 2);
    assert_eq!(
        s.chance_from_text("Red 2"),
        Ok(Action::RevealProvince(red2))
    );
    assert_eq!(
        s.chance_from_text("grey 0"),
        Ok(Action::RevealProvince(Province::WILDCARD))
    );
    assert!(unreadable(s.chance_from_text("red 5")));
    let s = find(|s| s.phase() == alea_iacta_est::Phase::RevealPatricians);
    let t = s.patricians_in_stack()[0];
    assert_eq!(
        s.chance_from_text(&t.to_string()),
        Ok(Action::RevealPatrician(t))
    );
    let shown = s.patricians_shown();
    if let Some(&gone) = shown.first() {
        assert!(
            unreadable(s.chance_from_text(&gone.to_string())),
            "already shown"
        );
    }
    assert_eq!(
        "blue woman 3".parse::<Patrician>(),
        Ok(Patrician::new(Colour::Blue, Sex::Woman, 3))
    );
    let s = find(|s| matches!(s.phase(), alea_iacta_est::Phase::DrawFortuna { .. }));
    assert_eq!(s.chance_from_text("2"), Ok(Action::Fortuna(2)));
    assert_eq!(s.chance_from_text("fortuna 3"), Ok(Action::Fortuna(3)));
    assert!(unreadable(s.chance_from_text("4")));
    let s = find(|s| {
        matches!(s.phase(), alea_iacta_est::Phase::DrawSenate { .. })
            && s.senate_cards_of(Seat(0)).is_empty()
    });
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    let doubles = s.config().double_provinces;
    for a in &legal {
        let Action::SenateCard(c) = *a else { panic!() };
        assert_eq!(s.chance_from_text(&c.name(&doubles)), Ok(*a));
        assert_eq!(s.chance_from_text(&a.to_string()), Ok(*a));
    }
    // A double province by its colours, either order.
    if legal.contains(&Action::SenateCard(Card::DoubleProvince(0))) {
        assert_eq!(
            s.chance_from_text("XII blue/red"),
            Ok(Action::SenateCard(Card::DoubleProvince(0)))
        );
    }
    assert!(unreadable(s.chance_from_text("XIV")));
    let placing = find(|s| s.phase() == alea_iacta_est::Phase::Place);
    assert_eq!(
        placing.chance_from_text("3"),
        Err(ChanceTextError::NoChance)
    );
}
