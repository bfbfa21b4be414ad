//! Code written against 0.1.0 (commit 3180e44) still compiles and means the same: every name
//! that 0.2.0 renamed or moved is reached here by its 0.1.0 name or path, and checked against
//! its new name. The deprecation warnings those names raise are allowed here; a user sees them
//! (`docs/releases.md`). What could not be kept (`Config::standard`'s second argument in Mosaix
//! and Sequence Dice, renamed fields, the `#[non_exhaustive]` types) is listed as a break in
//! CHANGELOG.md with its migration.
#![allow(deprecated)]

use tabula::dicecore::{Game, Seat};

#[test]
fn sequence_dice_status_and_check() {
    use tabula::sequence_dice::{Config, State, Status};
    let config = Config::with_start(2, Seat(1)).unwrap();
    config.check().unwrap();
    assert_eq!(config.check(), config.validate());
    let state = State::new(&config).unwrap();
    let status: Status = state.status();
    assert_eq!(status, state.phase());
    // The alias names the enum itself: its variants and patterns work through it.
    let playing = matches!(status, Status::Playing);
    assert!(playing);
    assert_eq!(
        playing,
        matches!(state.phase(), tabula::sequence_dice::Phase::Playing)
    );
}

#[test]
fn kingdom_builder_hex_step_random_and_module_paths() {
    use tabula::kingdom_builder::board::hex_at;
    use tabula::kingdom_builder::config::Config;
    use tabula::kingdom_builder::state::{State, Step, MANDATORY, SETTLEMENTS};
    use tabula::kingdom_builder::view::View;
    use tabula::kingdom_builder::{Cell, Hex, Terrain};

    // Config::random is Config::standard.
    let config = Config::random(3, 11).unwrap();
    assert_eq!(config, Config::standard(3, 11).unwrap());
    let state = State::new(&config).unwrap();
    let step: Step = state.step();
    assert_eq!(step, state.phase());
    assert!((SETTLEMENTS, MANDATORY) == (40, 3));

    // Hex is Field, hex_at is field_at, Board::hex is Board::field.
    let first = Config::first_game(2).board;
    assert_eq!(
        hex_at(&first, Cell::at(0, 0).unwrap()),
        Some(Hex::Land(Terrain::Flower))
    );
    let board = state.board();
    for i in 0..400 {
        let cell = Cell(i);
        assert_eq!(board.hex(cell), board.field(cell));
    }
    // The 0.1.0 geometry module: the neighbour of a cell, as it was.
    use tabula::kingdom_builder::geometry::{step as neighbour, DIRECTIONS, SIDE};
    assert_eq!(DIRECTIONS, 6);
    assert_eq!(neighbour(0, 0), Some(1));
    assert_eq!(neighbour(SIDE - 1, 0), None);
    let view: View = state.view(Seat(0));
    assert_eq!(view.phase, state.phase());
    use tabula::kingdom_builder::action::Action;
    use tabula::kingdom_builder::setup::Setup;
    let _: Option<(Action, Setup)> = None;
}

#[test]
fn alea_iacta_est_config_new() {
    use tabula::alea_iacta_est::Config;
    assert_eq!(
        Config::new(4, Seat(2)).unwrap(),
        Config::with_start(4, Seat(2)).unwrap()
    );
    assert_eq!(Config::new(9, Seat(0)), Config::with_start(9, Seat(0)));
}

#[test]
fn mosaix_check_and_module_paths() {
    use tabula::mosaix::action::Action;
    use tabula::mosaix::config::{Config, SoloStuck, SOLO_WIN};
    use tabula::mosaix::error::Error;
    use tabula::mosaix::formation::{Formation, Roll};
    use tabula::mosaix::state::{EndReason, Phase, State, View};
    let config = Config::with_start(2, Seat(0)).unwrap();
    config.check().unwrap();
    let mut bad = config.clone();
    bad.seats = 7;
    assert_eq!(bad.check(), Err(Error::PlayerCount(7)));
    assert_eq!(bad.check(), bad.validate());
    let state = State::new(&config).unwrap();
    let _: Phase = state.phase();
    let _: View = state.view(Seat(1));
    let _: Option<(Action, Formation, Roll, EndReason, SoloStuck)> = None;
    assert_eq!(SOLO_WIN, 120);
}

#[test]
fn dicecore_for_each_state() {
    use tabula::dicecore::conformance::for_each_state;
    use tabula::dicecore::pig::Pig;
    let mut states = 0;
    for_each_state::<Pig>(&Pig::standard_config(2, 3).unwrap(), 3, 10_000, |_| {
        states += 1;
        Ok(())
    })
    .unwrap();
    assert!(states > 1);
}

/// A game written against 0.1.0, before rules versions: its `Game` impl declares no
/// `RULES_VERSION` and gets version 1, the first engine's reading.
mod a_game_of_0_1 {
    use serde::{Deserialize, Serialize};
    use std::fmt;
    use std::ops::RangeInclusive;
    use tabula::dicecore::{Dice, Game, Match, Outcome, Probability, Seat, Turn};

    /// One seat presses a button once; the game is then over.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Button {
        pressed: bool,
    }

    #[derive(Clone, Debug, PartialEq)]
    struct Pressed;

    impl fmt::Display for Pressed {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("the button is already pressed")
        }
    }

    impl std::error::Error for Pressed {}

    impl fmt::Display for Button {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "pressed: {}", self.pressed)
        }
    }

    impl Game for Button {
        type Config = ();
        type Action = u8;
        type View = bool;
        type Error = Pressed;
        const NAME: &'static str = "button";
        const SEATS: RangeInclusive<u8> = 1..=1;

        fn standard_config(_: u8, _: u64) -> Result<(), Pressed> {
            Ok(())
        }
        fn new(_: &()) -> Result<Self, Pressed> {
            Ok(Button { pressed: false })
        }
        fn config(&self) -> &() {
            &()
        }
        fn seats(&self) -> u8 {
            1
        }
        fn turn(&self) -> Turn {
            if self.pressed {
                Turn::Over
            } else {
                Turn::Seat(Seat(0))
            }
        }
        fn legal_actions(&self, out: &mut Vec<u8>) {
            out.clear();
            if !self.pressed {
                out.push(0);
            }
        }
        fn chance_outcomes(&self) -> Vec<(u8, Probability)> {
            Vec::new()
        }
        fn sample_chance(&self, _: &mut Dice) -> Option<u8> {
            None
        }
        fn apply(&self, action: &u8) -> Result<Self, Pressed> {
            let mut next = self.clone();
            next.apply_in_place(action)?;
            Ok(next)
        }
        fn apply_in_place(&mut self, action: &u8) -> Result<(), Pressed> {
            if self.pressed || *action != 0 {
                return Err(Pressed);
            }
            self.pressed = true;
            Ok(())
        }
        fn scores(&self) -> Vec<i32> {
            vec![self.pressed as i32]
        }
        fn outcome(&self) -> Option<Outcome> {
            self.pressed
                .then(|| Outcome::by_highest_score(self.scores()))
        }
        fn view(&self, _: Seat) -> bool {
            self.pressed
        }
        fn action_seat(&self, _: &u8) -> Option<Seat> {
            Some(Seat(0))
        }
    }

    #[test]
    fn compiles_plays_and_records_rules_version_1() {
        assert_eq!(Button::RULES_VERSION, 1);
        let mut m: Match<Button> = Match::new((), 0).unwrap();
        m.apply(0).unwrap();
        assert_eq!(m.replay().rules, 1);
        assert_eq!(m.replay().run().unwrap(), *m.state());
    }
}
