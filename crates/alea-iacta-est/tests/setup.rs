//! Positions set up by hand: the JSON of docs/positions.md builds the rulebook's Castrum
//! example, and every reason a setup cannot be read is refused with its own error.

use alea_iacta_est::{
    Action, CastrumSet, Config, Error, Faces, ForumDie, Moment, PlayerSetup, PositionError, Setup,
    SetupError, State,
};
use dicecore::{FromSetup, Game, Seat};

/// The JSON block of the Alea Iacta Est section of docs/positions.md.
fn doc_setup() -> Setup {
    let doc = include_str!("../../../docs/positions.md");
    let section = &doc[doc.find("## Alea Iacta Est").expect("the section")..];
    let start = section.find("```json").expect("a JSON block") + "```json".len();
    let end = start + section[start..].find("```").expect("its end");
    serde_json::from_str(&section[start..end]).expect("the JSON reads as a Setup")
}

fn config() -> Config {
    Config::with_start(2, Seat(0)).unwrap()
}

#[test]
fn the_documented_setup_builds_the_rulebook_castrum_example() {
    let setup = doc_setup();
    let state = State::from_setup(&config(), &setup).unwrap();
    assert_eq!(
        state.to_setup(),
        setup,
        "the doc shows what to_setup writes"
    );
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let castrum = |count, extend, value| Action::Castrum {
        seat: Seat(0),
        value,
        count,
        extend,
    };
    for a in [
        castrum(1, 3, 4),
        castrum(2, 3, 4),
        castrum(1, 0, 5),
        castrum(2, 0, 5),
    ] {
        assert!(legal.contains(&a), "{a}");
    }
    assert!(!legal.contains(&castrum(2, 0, 4)), "Antonius has 2 × 4");
    assert!(legal.contains(&Action::Forum {
        seat: Seat(0),
        dice: Faces::from_values(&[4]).unwrap()
    }));
}

fn refused(setup: &Setup, e: impl Into<Error>) {
    assert_eq!(State::from_setup(&config(), setup), Err(e.into()));
}

fn with(f: impl Fn(&mut Setup)) -> Setup {
    let mut s = doc_setup();
    f(&mut s);
    s
}

#[test]
fn unreadable_setups_are_refused() {
    refused(
        &with(|s| s.players.push(PlayerSetup::default())),
        SetupError::Players { seats: 2, found: 3 },
    );
    refused(
        &with(|s| s.round = 7),
        SetupError::Round {
            rounds: 6,
            round: 7,
        },
    );
    refused(
        &with(|s| {
            s.round = 5;
            s.moment = Moment::Over;
        }),
        SetupError::Round {
            rounds: 6,
            round: 5,
        },
    );
    refused(
        &with(|s| s.players[1].templum = vec![7]),
        SetupError::Face(7),
    );
    refused(
        &with(|s| s.players[1].senatus = vec![1, 3]),
        SetupError::NotAStraight(Seat(1)),
    );
    refused(
        &with(|s| s.players[1].fortuna_kept = vec![4]),
        SetupError::FortunaValue(4),
    );
    refused(
        &with(|s| s.fortuna_discards = vec![3; 9]),
        SetupError::TooManyFortuna(3),
    );
    refused(
        &with(|s| s.provinces_shown[0] = "pink 2".into()),
        SetupError::Name {
            what: "province",
            name: "pink 2".into(),
        },
    );
    refused(
        &with(|s| s.players[0].senate_cards = vec!["XII".into()]),
        SetupError::Name {
            what: "senate card",
            name: "XII".into(),
        },
    );
    refused(
        &with(|s| s.provinces_out = vec!["Red 2".into()]),
        SetupError::Twice("Red 2".into()),
    );
    refused(
        &with(|s| {
            s.players[0].senate_cards = vec!["IX many women".into()];
            s.players[1].senate_cards = vec!["ix".into()];
        }),
        SetupError::TooManyCards("ix".into()),
    );
    refused(
        &with(|s| {
            s.castrum.push(CastrumSet {
                owner: Seat(1),
                value: 4,
                count: 3,
            })
        }),
        SetupError::SameCastrumSet { value: 4, count: 3 },
    );
    refused(
        &with(|s| s.castrum[0].value = 0),
        SetupError::CastrumSet { value: 0, count: 3 },
    );
    refused(
        &with(|s| s.players[0].templum = vec![1; 9]),
        SetupError::TooMany("dice in one place"),
    );
    refused(
        &with(|s| {
            s.moment = Moment::KeepSenate {
                recipients: vec![Seat(0)],
                chooser: Seat(1),
                offer: vec!["I".into(), "II".into()],
            }
        }),
        SetupError::NotARecipient(Seat(1)),
    );
    // Readable, but not a position of play: the loader's reasons.
    refused(
        &with(|s| {
            s.forum.push(ForumDie {
                value: 6,
                owner: Seat(1),
            })
        }),
        PositionError::DiceCount {
            seat: Seat(1),
            found: 9,
            expected: 8,
        },
    );
    refused(
        &with(|s| s.castrum[0].owner = Seat(2)),
        PositionError::SeatOffTable {
            role: "owner of a Castrum set",
            seat: Seat(2),
        },
    );
}
