//! Companion play: the dice typed in as a player would say them, and menu lines that name
//! what the board shows.

use dicecore::faces::Colour::*;
use dicecore::{ChanceTextError, Game, Seat};
use the_border::{Action, Config, DiceSet, State};

fn rolling() -> State {
    State::new(&Config::new(2)).unwrap()
}

fn read(s: &State, text: &str) -> Result<DiceSet, ChanceTextError> {
    s.chance_from_text(text).map(|a| match a {
        Action::Roll(d) => d,
        other => panic!("{other} is not a roll"),
    })
}

#[test]
fn colours_are_read_in_any_order_and_shortened() {
    let s = rolling();
    let five = DiceSet::from_colours(&[Grey, Grey, Blue, Red, Orange]);
    for text in [
        "grey grey blue red orange",
        "orange red blue grey grey",
        "  Grey, GREY, blue and red, orange ",
        "2 grey blue red orange",
        "gray grey b r o",
        "the dice show grey grey blue red orange",
    ] {
        assert_eq!(read(&s, text), Ok(five), "{text}");
    }
    let greens = DiceSet::from_colours(&[Green, Green, Yellow, Yellow, Yellow]);
    assert_eq!(read(&s, "gree green 3 y"), Ok(greens));
    // Every outcome's own text reads back.
    for (a, _) in s.chance_outcomes() {
        assert_eq!(s.chance_from_text(&a.to_string()), Ok(a));
    }
}

#[test]
fn unreadable_dice_say_what_was_expected() {
    let s = rolling();
    let why = |text: &str| match s.chance_from_text(text) {
        Err(ChanceTextError::Unreadable { expected, .. }) => expected,
        other => panic!("{text}: {other:?}"),
    };
    assert!(why("g g b r o").contains("'g' could be grey or green"));
    assert!(why("purple grey grey blue red").contains("'purple' is not a colour"));
    assert!(why("grey blue").contains("the colours of the 5 dice rolled"));
    assert!(why("grey blue").contains("2 colours given"));
    assert!(why("3").contains("the count 3 names no colour"));
    let e = s.chance_from_text("grey").unwrap_err().to_string();
    assert!(
        e.starts_with("'grey' is not the colours of the 5 dice rolled"),
        "{e}"
    );
}

#[test]
fn a_re_roll_reads_as_many_dice_as_are_rolled() {
    let mut s = rolling();
    s.apply_in_place(&Action::Roll(DiceSet::from_colours(&[
        Grey, Grey, Blue, Red, Orange,
    ])))
    .unwrap();
    assert_eq!(s.chance_from_text("red"), Err(ChanceTextError::NoChance));
    s.apply_in_place(&Action::Reroll {
        seat: Seat(0),
        dice: DiceSet::from_colours(&[Red, Orange]),
    })
    .unwrap();
    assert_eq!(
        read(&s, "y y"),
        Ok(DiceSet::from_colours(&[Yellow, Yellow]))
    );
    assert!(s.chance_from_text("yellow").is_err());
    let text = s.to_string();
    assert!(
        text.contains("Roll 2 of 3: seat 0 keeps grey grey blue and rolls 2 dice"),
        "{text}"
    );
}

#[test]
fn menu_lines_name_what_the_board_shows() {
    let mut s = rolling();
    s.apply_in_place(&Action::Roll(DiceSet::from_colours(&[
        Grey, Grey, Blue, Red, Orange,
    ])))
    .unwrap();
    s.apply_in_place(&Action::Stop(Seat(0))).unwrap();
    if s.turn() == dicecore::Turn::Seat(Seat(0)) {
        s.apply_in_place(&Action::Done(Seat(0))).unwrap();
    }
    // Action 2: each space seat 1 may cross is on the board with its number.
    let text = s.view(Seat(1)).to_string();
    let board = s.board(Seat(1));
    let mut legal = Vec::new();
    s.legal_actions_for(Seat(1), &mut legal);
    assert!(legal.len() > 1);
    for a in &legal {
        let line = a.to_string();
        assert!(!line.contains("Seat("), "{line}");
        if let Action::Cross { space, .. } = *a {
            let letter = board.space_colour(space as usize).unwrap().letter();
            assert!(line.ends_with(&format!("space {space}")));
            assert!(
                text.contains(&format!("{letter}{space:02}")),
                "{line}\n{text}"
            );
        }
    }
    assert!(text.contains("Action 2: the others cross spaces"), "{text}");
}
