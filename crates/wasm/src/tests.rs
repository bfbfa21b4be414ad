//! What JavaScript gets, checked without a browser: replays byte for byte as `Match` writes
//! them, the dice pad and typed rolls against the engines' readings, clicks on places,
//! take-backs, replays that go on as `Match` would, and corrupted input of every kind refused
//! with a reason, never a panic (the browser test repeats the last through the real module).

use crate::agents::Player;
use crate::pad::Pad;
use crate::places::names;
use crate::registry::{self, entry, Entry, GAMES};
use crate::session::{Play, Session};
use serde_json::Value;
use tabula::dicecore::conformance::corrupt;
use tabula::dicecore::AgentSpec;
use tabula::games::Registered;
use tabula::table::Failure;
use tabula::{Agent, Dice, Game, Match, RandomAgent, Turn};

/// The player count the `tour` program shows: 2, or the nearest supported count.
fn tour_seats(e: &Entry) -> u8 {
    let named = tabula::games::find(e.name).unwrap();
    2u8.clamp(*named.seats.start(), *named.seats.end())
}

/// The fields of an action's JSON: id and seat.
fn id_seat(action: &str) -> (i64, Option<i64>) {
    let v: Value = serde_json::from_str(action).unwrap();
    (v["id"].as_i64().unwrap(), v["seat"].as_i64())
}

/// Plays `session` to its end (or `max` actions) as the page does with agents at every seat:
/// chance from the session's dice, each decision from the agent of the seat to move.
fn play_out(session: &mut dyn Session, agents: &mut [Box<dyn Player>], max: usize) {
    for _ in 0..max {
        match session.turn() {
            Turn::Over => return,
            Turn::Chance => {
                session.roll().unwrap();
            }
            turn => {
                let seat = turn.next_seat().unwrap();
                let chosen = agents[seat.index()].choose(session, None).unwrap();
                let (id, seat) = id_seat(&chosen);
                session.apply_id(id, seat).unwrap();
            }
        }
    }
}

/// The replay `Match` writes for the standard config of `seats` and `seed`, chance from
/// `seed`, random agents seeded `seed + seat` (the `tour` program's game).
fn match_replay<G: Registered>(seats: u8, seed: u64) -> String {
    let config = G::standard_config(seats, seed).unwrap();
    let mut game: Match<G> = Match::new(config, seed).unwrap();
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..seats)
        .map(|i| Box::new(RandomAgent::new(seed + i as u64)) as Box<dyn Agent<G>>)
        .collect();
    game.play_out(&mut agents, 10_000_000).unwrap();
    game.replay().to_file_text().unwrap()
}

fn agents(e: &Entry, seats: u8, seed: u64) -> Vec<Box<dyn Player>> {
    (0..seats)
        .map(|i| (e.agent)(AgentSpec::Random, seed + i as u64))
        .collect()
}

#[test]
fn replays_are_byte_for_byte_those_of_match() {
    macro_rules! check {
        ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {$({
            let (_, e) = entry(<$ty as Game>::NAME).unwrap();
            let seats = tour_seats(e);
            for seed in [7, 8] {
                let mut session = (e.create)(seats.into(), seed).unwrap();
                play_out(session.as_mut(), &mut agents(e, seats, seed), 10_000_000);
                assert_eq!(session.turn(), Turn::Over, "{}", e.name);
                let file = session.replay_file(None).unwrap();
                assert_eq!(file, match_replay::<$ty>(seats, seed), "{} seed {seed}", e.name);
                // The replay verifies, and loads back to the same final state.
                let loaded = registry::from_replay(&file).unwrap();
                assert_eq!(loaded.state_json().unwrap(), session.state_json().unwrap());
                assert_eq!(loaded.replay_file(None).unwrap(), file);
            }
        })*};
    }
    tabula::for_each_game!(check);
}

/// The chance nodes of one seeded random game of `e` (at most `max`).
fn chance_nodes(e: &Entry, seed: u64, max: usize) -> Vec<Box<dyn Session>> {
    let seats = tour_seats(e);
    let mut session = (e.create)(seats.into(), seed).unwrap();
    let mut agents = agents(e, seats, seed);
    let mut nodes = Vec::new();
    while nodes.len() < max && session.turn() != Turn::Over {
        if session.turn() == Turn::Chance {
            nodes.push(session.boxed_clone());
        }
        play_out(session.as_mut(), &mut agents, 1);
    }
    nodes
}

#[test]
fn clicked_faces_and_typed_rolls_are_the_engines_readings() {
    for e in GAMES {
        for node in chance_nodes(e, 3, 12) {
            let pad: Value = serde_json::from_str(&node.dice_pad_json().unwrap()).unwrap();
            let count = pad["count"].as_u64().unwrap() as usize;
            let faces: Vec<String> = serde_json::from_value(pad["faces"].clone()).unwrap();
            assert!(count >= 1 && !faces.is_empty(), "{}: {pad}", e.name);
            let outcomes: Value =
                serde_json::from_str(&node.chance_outcomes_json().unwrap()).unwrap();
            let listed: Vec<(usize, String)> = outcomes
                .as_array()
                .unwrap()
                .iter()
                .map(|o| {
                    (
                        o["id"].as_u64().unwrap() as usize,
                        o["text"].as_str().unwrap().into(),
                    )
                })
                .collect();
            let pad = Pad::new(&listed);
            for (id, _) in listed.iter().take(400) {
                // Its faces, clicked in reverse order, are this outcome and no other.
                let mut clicked = pad.faces_of(*id).unwrap();
                assert_eq!(clicked.len(), count, "{}", e.name);
                clicked.reverse();
                let action = node.chance_from_faces(&clicked).unwrap();
                assert_eq!(id_seat(&action).0, *id as i64, "{}: {clicked:?}", e.name);
                // The engine reads the same faces, typed, as the same outcome.
                let typed = node.chance_from_text(&clicked.join(" ")).unwrap();
                assert_eq!(id_seat(&typed).0, *id as i64, "{}: {clicked:?}", e.name);
            }
            // Too few faces, or a word that is no face: refused with a reason.
            let Err(Failure::Illegal(m)) = node.chance_from_faces(&[]) else {
                panic!("{}: no faces accepted", e.name)
            };
            assert!(!m.is_empty());
            let junk = vec!["seven".to_string(); count];
            assert!(matches!(
                node.chance_from_faces(&junk),
                Err(Failure::Illegal(_))
            ));
        }
    }
}

#[test]
fn a_roll_typed_in_is_applied_like_a_seeded_one() {
    let (_, e) = entry("sequence-dice").unwrap();
    let mut session = (e.create)(2, 1).unwrap();
    let mut agents = agents(e, 2, 1);
    while session.turn() != Turn::Chance {
        play_out(session.as_mut(), &mut agents, 1);
    }
    let Err(Failure::Illegal(reason)) = session.chance_from_text("13") else {
        panic!("13 read as a roll of two dice")
    };
    assert!(reason.contains("2 to 12"), "{reason}");
    let seven = session.chance_from_text("3 4").unwrap();
    assert_eq!(seven, session.chance_from_text("7").unwrap());
    let (id, _) = id_seat(&seven);
    session.apply_id(id, None).unwrap();
    assert!(session.history_json().unwrap().contains("the dice show 7"));
}

#[test]
fn take_backs_restore_the_state_and_the_dice() {
    for e in GAMES {
        let seats = tour_seats(e);
        let mut session = (e.create)(seats.into(), 5).unwrap();
        let mut agents = agents(e, seats, 5);
        play_out(session.as_mut(), &mut agents, 30);
        let before = session.state_json().unwrap();
        let later = session.boxed_clone();
        let mut extra = agents;
        play_out(session.as_mut(), &mut extra, 10);
        let done = session.history_json().unwrap();
        let n = serde_json::from_str::<Value>(&done)
            .unwrap()
            .as_array()
            .unwrap()
            .len();
        for _ in 30..n {
            session.undo().unwrap();
        }
        assert_eq!(session.state_json().unwrap(), before, "{}", e.name);
        // The dice are back too: the next roll is the one made the first time.
        while session.turn() != Turn::Chance && session.turn() != Turn::Over {
            let seat = session.next_seat().map(i64::from);
            let id = session.legal_ids(seat).unwrap()[0];
            session.apply_id(id as i64, seat).unwrap();
        }
        let mut first = later;
        while first.turn() != Turn::Chance && first.turn() != Turn::Over {
            let seat = first.next_seat().map(i64::from);
            let id = first.legal_ids(seat).unwrap()[0];
            first.apply_id(id as i64, seat).unwrap();
        }
        if first.turn() == Turn::Chance {
            assert_eq!(first.roll().unwrap(), session.roll().unwrap(), "{}", e.name);
        }
    }
    let (_, pig) = entry("pig").unwrap();
    let mut fresh = (pig.create)(2, 0).unwrap();
    assert!(matches!(fresh.undo(), Err(Failure::Illegal(_))));
    let saved = fresh.state_json().unwrap();
    let mut loaded = (pig.load)(&saved, 0).unwrap();
    assert!(matches!(loaded.undo(), Err(Failure::Load(_))));
}

/// A game loaded from the replay of an unfinished game goes on as `Match` would have: its
/// dice are where the recorded game's seeded dice were.
#[test]
fn loaded_replays_go_on_with_the_recorded_dice() {
    fn check<G: Registered>(seats: u8) {
        let mut game: Match<G> = Match::new(G::standard_config(seats, 4).unwrap(), 4).unwrap();
        let mut agents: Vec<Box<dyn Agent<G>>> = (0..seats)
            .map(|i| Box::new(RandomAgent::new(40 + i as u64)) as Box<dyn Agent<G>>)
            .collect();
        for _ in 0..25 {
            game.step(&mut agents).unwrap();
        }
        while game.state().turn() != Turn::Chance && game.state().turn() != Turn::Over {
            game.step(&mut agents).unwrap();
        }
        if game.state().turn() == Turn::Over {
            return;
        }
        let file = game.replay().to_file_text().unwrap();
        let mut loaded = Play::<G>::from_replay(&file).unwrap();
        let rolled = game.resolve_chance().unwrap().unwrap();
        let (id, _) = id_seat(&loaded.roll().unwrap());
        assert_eq!(
            Some(id as usize),
            G::action_id(game.state().config(), &rolled)
        );
    }
    macro_rules! all {
        ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {$(
            check::<$ty>(2u8.clamp(*<$ty as Game>::SEATS.start(), *<$ty as Game>::SEATS.end()));
        )*};
    }
    tabula::for_each_game!(all);
}

/// What a person at seat 0 may not know is told apart from what everyone sees: Kingdom
/// Builder's cards drawn for seat 1 are hidden from seat 0, and nothing in Pig is.
#[test]
fn actions_a_watching_seat_may_not_know_are_named() {
    let hidden = |name: &str| {
        let (_, e) = entry(name).unwrap();
        let mut session = (e.create)(2, 6).unwrap();
        let mut agents = agents(e, 2, 6);
        let mut counts = (0, 0);
        while session.turn() != Turn::Over {
            play_out(session.as_mut(), &mut agents, 1);
            match session.last_hidden_from(&[0]) {
                Some(0) => counts.0 += 1,
                Some(other) => panic!("{name}: hidden from seat {other}, not watching"),
                None => counts.1 += 1,
            }
        }
        counts
    };
    let (kb_hidden, kb_seen) = hidden("kingdom-builder");
    assert!(
        kb_hidden > 0 && kb_seen > 0,
        "{kb_hidden} hidden, {kb_seen} seen"
    );
    assert_eq!(hidden("pig").0, 0);
}

#[test]
fn places_of_the_picture_name_actions() {
    assert!(names("seat 1 places a chip on e4", "e4"));
    assert!(names("seat 1 places a chip on E4", "e4"));
    assert!(!names("seat 1 places a chip on e45", "e4"));
    assert!(!names("seat 1 places a chip on ae4", "e4"));
    let (_, e) = entry("sequence-dice").unwrap();
    let mut session = (e.create)(2, 2).unwrap();
    let mut agents = agents(e, 2, 2);
    play_out(session.as_mut(), &mut agents, 6);
    while session.turn() == Turn::Chance || session.legal_ids(None).unwrap().len() < 2 {
        play_out(session.as_mut(), &mut agents, 1);
    }
    // The picture names the spaces in its titles, and the legal actions name their space.
    let svg = session.svg();
    let legal: Value = serde_json::from_str(&session.legal_actions_json(None).unwrap()).unwrap();
    let text = legal[0]["text"].as_str().unwrap();
    let space = text.rsplit(' ').next().unwrap();
    assert!(
        svg.contains(&format!("<title>{space}: ")),
        "{space} not in the picture"
    );
    let at: Value = serde_json::from_str(&session.place_json(space, None).unwrap()).unwrap();
    assert_eq!(at["legal"][0]["id"], legal[0]["id"]);
    // A space where nothing is legal now: an action naming it is refused with the engine's
    // reason, and nothing changes.
    let before = session.state_json().unwrap();
    let refused = [
        "a1", "b1", "c1", "d1", "e1", "f1", "a2", "b2", "c2", "d2", "e2", "f2",
    ]
    .into_iter()
    .find_map(|place| {
        let at: Value = serde_json::from_str(&session.place_json(place, None).unwrap()).ok()?;
        let other = at["other"].as_array()?.first()?.clone();
        at["legal"].as_array()?.is_empty().then_some(other)
    })
    .expect("every space is legal");
    let (id, seat) = id_seat(&refused.to_string());
    let Err(Failure::Illegal(reason)) = session.apply_id(id, seat) else {
        panic!("an illegal click was applied")
    };
    assert!(!reason.is_empty());
    assert_eq!(session.state_json().unwrap(), before);
    assert!(matches!(
        session.place_json("  ", None),
        Err(Failure::Illegal(_))
    ));
}

#[test]
fn refusals_name_their_kind() {
    assert!(matches!(entry("chess"), Err(Failure::UnknownGame(_))));
    let (_, e) = entry("Kingdom Builder").unwrap();
    for players in [-1, 0, 1, 5, 300, i64::MAX] {
        let Err(f) = (e.create)(players, 0) else {
            panic!("{players} players accepted")
        };
        assert_eq!(f.kind(), "ConfigError", "{f}");
    }
    for text in ["", "{", "[]", "{\"players\": 2}", "null"] {
        assert_eq!(
            (e.with_config)(text, 0).err().unwrap().kind(),
            "ConfigError"
        );
        assert_eq!((e.load)(text, 0).err().unwrap().kind(), "LoadError");
        assert_eq!(
            registry::from_replay(text).err().unwrap().kind(),
            "ReplayError"
        );
    }
    let session = (e.create)(2, 0).unwrap();
    for seat in [-1, 2, 255, i64::MIN] {
        assert_eq!(session.view_json(seat).err().unwrap().kind(), "TabulaError");
    }
    assert_eq!(
        session.action_json(-5, None).err().unwrap().kind(),
        "IllegalAction"
    );
    let mut other = (entry("pig").unwrap().1.agent)(AgentSpec::Random, 0);
    let Err(Failure::Illegal(m)) = other.choose(session.as_ref(), None) else {
        panic!("a Pig agent played Kingdom Builder")
    };
    assert!(m.contains("pig"), "{m}");
}

/// A failure or a value, never a panic: every call of a session with junk arguments.
fn poke(session: &mut dyn Session, dice: &mut Dice) {
    let n = i64::from(session.players());
    let seats = [None, Some(-1), Some(0), Some(n), Some(i64::MAX)];
    let seat = seats[dice.index(seats.len())];
    let ids = [-1, 0, 1, 7, 1_000_000, i64::MIN, i64::MAX];
    let id = ids[dice.index(ids.len())];
    let _ = session.legal_ids(seat);
    let _ = session.legal_actions_json(seat);
    let _ = session.action_json(id, seat);
    let _ = session.chance_outcomes_json();
    let _ =
        session.chance_from_text(["", "7", "grey", "1 1 1 1 1 1 1 1 1 1", "\u{0}"][dice.index(5)]);
    let _ = session.dice_pad_json();
    let _ = session.chance_from_faces(&["1".to_string(), "o".to_string()]);
    let _ = session.place_json(["a1", "e4", "", "-", "ö"][dice.index(5)], seat);
    let _ = session.view_json(seat.unwrap_or(0));
    let _ = session.view_text(seat.unwrap_or(0));
    let _ = session.view_svg(seat.unwrap_or(0));
    let _ = (
        session.text(),
        session.svg(),
        session.scores(),
        session.outcome_json(),
    );
    let _ = session.history_json();
    let _ = session.replay_file(None);
    let _ = session.observation(seat.unwrap_or(0));
    let _ = session.last_hidden_from(&[0, 1, 9, 255]);
    let _ = session.apply_id(id, seat);
    let _ = session.undo();
    // A few legal moves from here, whatever here is.
    for _ in 0..5 {
        match session.turn() {
            Turn::Over => break,
            Turn::Chance => {
                let _ = session.roll();
            }
            _ => match session.legal_ids(None) {
                Ok(ids) if !ids.is_empty() => {
                    let _ = session.apply_id(ids[dice.index(ids.len())] as i64, None);
                }
                _ => break,
            },
        }
    }
}

/// Mid-game states, configs and replays of every game, corrupted as the conformance suite
/// corrupts saved files (numbers and flags changed), truncated, or not JSON at all: each is
/// refused with a failure of its kind, or loads and then answers every call without a panic.
#[test]
fn corrupted_input_is_refused_without_a_panic() {
    let mut dice = Dice::from_seed(11);
    for e in GAMES {
        let seats = tour_seats(e);
        let mut session = (e.create)(seats.into(), 9).unwrap();
        play_out(session.as_mut(), &mut agents(e, seats, 9), 40);
        let state: Value = serde_json::from_str(&session.state_json().unwrap()).unwrap();
        let config: Value = serde_json::from_str(&session.config_json().unwrap()).unwrap();
        let replay_text = session.replay_file(None).unwrap();
        let replay: Value = serde_json::from_str(&replay_text).unwrap();
        for round in 0..60 {
            let text = corrupt(&state, &mut dice).to_string();
            match (e.load)(&text, 1) {
                Ok(mut loaded) => poke(loaded.as_mut(), &mut dice),
                Err(f) => assert_eq!(f.kind(), "LoadError", "{}: {f}", e.name),
            }
            let text = corrupt(&config, &mut dice).to_string();
            match (e.with_config)(&text, 1) {
                Ok(mut made) => poke(made.as_mut(), &mut dice),
                Err(f) => assert_eq!(f.kind(), "ConfigError", "{}: {f}", e.name),
            }
            let text = corrupt(&replay, &mut dice).to_string();
            match registry::from_replay(&text) {
                Ok(mut ran) => poke(ran.as_mut(), &mut dice),
                Err(f) => assert!(
                    ["ReplayError", "UnknownGame"].contains(&f.kind()),
                    "{}: {f}",
                    e.name
                ),
            }
            // The file cut short anywhere.
            let cut = (round * 7919) % replay_text.len();
            let cut = (0..=cut)
                .rev()
                .find(|&i| replay_text.is_char_boundary(i))
                .unwrap();
            assert!(registry::from_replay(&replay_text[..cut]).is_err());
        }
        let mut junk = (e.create)(seats.into(), 1).unwrap();
        for _ in 0..20 {
            poke(junk.as_mut(), &mut dice);
        }
        for text in [
            "",
            "\u{0}",
            "{}",
            "[1,2]",
            "{\"game\": 7}",
            "{\"game\": \"chess\"}",
        ] {
            assert!(registry::from_replay(text).is_err());
            assert!((e.load)(text, 0).is_err());
        }
    }
}

#[test]
fn every_registered_game_is_in_the_package() {
    let names: Vec<&str> = GAMES.iter().map(|e| e.name).collect();
    let registry: Vec<&str> = tabula::games::GAMES.iter().map(|g| g.name).collect();
    assert_eq!(names, registry);
    for e in GAMES {
        let text = (e.standard_config)(tour_seats(e).into(), 3).unwrap();
        assert!((e.with_config)(&text, 3).is_ok());
        let games = (e.random_games)(tour_seats(e).into(), 3, 1).unwrap();
        assert_eq!(games.len(), 3);
    }
}
