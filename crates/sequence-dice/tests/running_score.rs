//! Sequence Dice's running score: 0 for everyone until a sequence wins (there is no score but
//! the win), then 1 for the winning side.

use dicecore::{FromSetup, Game};
use sequence_dice::{Setup, State};

fn position(json: &str) -> State {
    let config = State::standard_config(2, 0).unwrap();
    let setup: Setup = serde_json::from_str(json).unwrap();
    State::from_setup(&config, &setup).unwrap()
}

#[test]
fn the_running_score_is_zero_until_a_sequence_wins() {
    // Two players need six in a row. Green has five on the top line, blue nothing like it:
    // still 0 and 0.
    let state = position(
        r#"{"green": ["a1", "b1", "c1", "d1", "e1"], "blue": ["d4", "b5", "e5", "e6"],
            "to_move": 0, "roll": null, "turns_played": 8}"#,
    );
    assert_eq!(state.running_scores(), vec![0, 0]);
    // Six in a row: green has won, and the running score is the final score.
    let state = position(
        r#"{"green": ["a1", "b1", "c1", "d1", "e1", "f1"], "blue": ["d4", "b5", "e5", "e6"],
            "to_move": 0, "roll": null, "turns_played": 9}"#,
    );
    assert_eq!(state.running_scores(), state.outcome().unwrap().scores);
    assert_eq!(state.running_scores()[0], 1);
}
