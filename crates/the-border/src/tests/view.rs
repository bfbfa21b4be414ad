//! Views and the text display.

use super::*;

#[test]
fn views_show_everything() {
    let mut s = new(3);
    apply(&mut s, Action::Roll(ds(&[Grey, Grey, Red, Blue, Orange])));
    for seat in 0..3 {
        let v = s.view(Seat(seat));
        assert_eq!(v.seat, Seat(seat));
        assert_eq!(v.state, s, "no hidden information");
    }
}

#[test]
fn displays() {
    let s = new(2);
    let text = s.to_string();
    assert!(text.contains("seat 0 (board A)"));
    assert!(text.contains("seat 1 (board B)"));
    assert_eq!(
        Action::Reroll {
            seat: Seat(1),
            dice: ds(&[Red, Grey])
        }
        .to_string(),
        "seat 1 re-rolls grey red"
    );
    assert_eq!(Action::Roll(ds(&[Blue])).to_string(), "the dice show blue");
    assert_eq!(cross(0, 3).to_string(), "seat 0 crosses space 3");
}
