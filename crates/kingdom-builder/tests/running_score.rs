//! Kingdom Builder's running score: castles and the three cards scored on the settlements on
//! the board now, as the end of the game scores them.

use dicecore::conformance::check_kept_running_scores;
use dicecore::{FromSetup, Game, Seat};
use kingdom_builder::{Card, Config, Setup, State};

#[test]
fn the_running_score_scores_the_settlements_on_the_board_now() {
    // docs/positions.md's first-game position: each player has three settlements, two of them
    // on one horizontal line (row 8 for seat 0, row 13 for seat 1).
    let setup: Setup = serde_json::from_str(
        r#"{
  "settlements": [[[7, 6], [8, 7], [8, 8]], [[12, 8], [13, 7], [13, 8]]],
  "tiles_held": [
    [{"location": [6, 7], "tile": "Tavern"}],
    [{"location": [12, 7], "tile": "Oasis"}]
  ],
  "tiles_left": [
    {"location": [2, 18], "tile": "Paddock", "left": 2},
    {"location": [6, 2], "tile": "Tavern", "left": 2},
    {"location": [6, 7], "tile": "Tavern", "left": 1},
    {"location": [6, 11], "tile": "Paddock", "left": 2},
    {"location": [11, 17], "tile": "Farm", "left": 2},
    {"location": [12, 7], "tile": "Oasis", "left": 1},
    {"location": [15, 12], "tile": "Farm", "left": 2},
    {"location": [17, 5], "tile": "Oasis", "left": 2}
  ],
  "hands": ["Canyon", "Forest"],
  "draw_pile": {"Grass": 4, "Flower": 4, "Forest": 4, "Canyon": 4, "Desert": 5},
  "discards": {"Grass": 1, "Flower": 1},
  "step": "Play",
  "active": 0,
  "mandatory_left": 3,
  "final_round": false
}"#,
    )
    .unwrap();
    let state = State::from_setup(&Config::first_game(2), &setup).unwrap();
    let running = state.running_scores();
    for seat in 0..2 {
        let breakdown = state.breakdown(Seat(seat));
        assert_eq!(running[seat as usize], breakdown.total());
        // Knights: 2 gold per settlement on the player's fullest horizontal line (2 of them).
        let knights = breakdown
            .cards
            .iter()
            .find(|c| c.0 == Card::Knights)
            .unwrap();
        assert_eq!(knights.1, 4, "seat {seat}: {breakdown}");
    }
    assert!(state.outcome().is_none());
    // Nothing on the board scores nothing.
    let empty = State::new(&Config::first_game(2)).unwrap();
    assert_eq!(empty.running_scores(), vec![0, 0]);
}

/// Every seat's score by a full count of the board: castles and the three cards scored from
/// the settlements ([`State::breakdown`]), where the running score reads the counts the state
/// keeps as settlements are placed and lifted.
fn counted_in_full(s: &State) -> Vec<i32> {
    (0..s.seats())
        .map(|k| s.breakdown(Seat(k)).total())
        .collect()
}

/// The running score, kept up to date, equals a full count of the board after every action of
/// random games (every player count, random boards and cards, Lords counting empty sectors or
/// not, settlements moved by Barn, Harbor and Paddock), and so does the same position read back
/// from its saved text, from which the game then goes on.
#[test]
fn the_kept_running_score_is_a_full_count_after_every_action() {
    for seats in 2..=4 {
        let config = |seed| {
            let mut config = State::standard_config(seats, seed).unwrap();
            config.lords_zero_counts = seed % 3 != 0;
            config
        };
        let actions = check_kept_running_scores::<State>(config, 150, 17, counted_in_full);
        assert!(actions > 150 * 100);
    }
}
