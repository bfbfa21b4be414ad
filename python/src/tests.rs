//! The conversion rules of [`Table`] and the batch, without Python.

use crate::batch::{play_all, spec, Request};
use crate::failure::Failure;
use crate::table::{config_from_json, standard_config, Table};
use tabula::dicecore::{pig::Pig, Game, Seat, Turn};
use tabula::{mosaix, sequence_dice};

fn pig() -> Table<Pig> {
    Table::new(&standard_config::<Pig>(2, 1).unwrap()).unwrap()
}

#[test]
fn player_counts_and_configs_are_checked() {
    assert!(matches!(
        standard_config::<Pig>(-1, 0),
        Err(Failure::Config(_))
    ));
    assert!(matches!(
        standard_config::<Pig>(300, 0),
        Err(Failure::Config(_))
    ));
    assert!(matches!(
        config_from_json::<Pig>("{"),
        Err(Failure::Config(_))
    ));
    let Err(Failure::Config(m)) = standard_config::<sequence_dice::State>(9, 0) else {
        panic!("9 players accepted")
    };
    assert!(m.contains("not 9"), "{m}");
}

#[test]
fn seats_are_checked() {
    let t = pig();
    assert_eq!(t.seat(1), Ok(Seat(1)));
    for bad in [-1, 2, 256, i64::MAX] {
        assert!(matches!(t.seat(bad), Err(Failure::Seat(_))));
    }
}

#[test]
fn ids_round_trip_and_bad_ids_are_refused() {
    let mut t = pig();
    let ids = t.legal_ids(None).unwrap();
    assert!(!ids.is_empty());
    for &id in &ids {
        let action = t.action_of(id as i64, None).unwrap();
        assert_eq!(t.id_of(&action), Ok(id));
    }
    let (total, _) = t.id_space();
    for bad in [-1, total as i64, i64::MAX] {
        assert!(matches!(t.action_of(bad, None), Err(Failure::Illegal(_))));
    }
    let before = t.state.clone();
    let chance_id = 0; // a die face: not legal at a decision
    let action = t.action_of(chance_id, None).unwrap();
    assert!(matches!(t.apply(action), Err(Failure::Illegal(_))));
    assert_eq!(t.state, before);
    assert_eq!(t.history().unwrap().len(), 0);
}

/// Ids in range that this config cannot produce are refused as illegal, not as an internal
/// error (issue 29: a solo pass under the default setting, an entry over the printed centre).
#[test]
fn ids_this_config_cannot_produce_are_illegal() {
    for (seats, id) in [(1, 417), (2, 16_699)] {
        let config = standard_config::<mosaix::State>(seats, 1).unwrap();
        let t = Table::<mosaix::State>::new(&config).unwrap();
        let Err(Failure::Illegal(m)) = t.action_of(id, Some(Seat(0))) else {
            panic!("id {id} with {seats} seats is not refused as illegal");
        };
        assert!(m.contains("names no action"), "{m}");
    }
}

#[test]
fn several_deciding_seats_need_the_seat() {
    let config = standard_config::<mosaix::State>(3, 2).unwrap();
    let mut t = Table::<mosaix::State>::new(&config).unwrap();
    let mut dice = tabula::Dice::from_seed(3);
    let mut scratch = Vec::new();
    let set = loop {
        let action = match t.turn() {
            Turn::Seats(set) if set.len() > 1 => break set,
            Turn::Chance => t.state.sample_chance(&mut dice).unwrap(),
            turn => {
                let seat = turn.next_seat().unwrap();
                t.state
                    .sample_action(seat, &mut dice, &mut scratch)
                    .unwrap()
            }
        };
        t.apply(action).unwrap();
    };
    assert!(matches!(t.legal_ids(None), Err(Failure::Seat(_))));
    let seat = set.first().unwrap();
    let id = t.legal_ids(Some(seat)).unwrap()[0];
    assert!(matches!(
        t.action_of(id as i64, None),
        Err(Failure::Illegal(_))
    ));
    let action = t.action_of(id as i64, Some(seat)).unwrap();
    assert_eq!(t.state.action_seat(&action), Some(seat));
    t.apply(action).unwrap();
}

#[test]
fn replays_report_the_failing_action() {
    let mut t = pig();
    let mut dice = tabula::Dice::from_seed(5);
    let mut scratch = Vec::new();
    for _ in 0..10 {
        let action = match t.turn() {
            Turn::Chance => t.state.sample_chance(&mut dice).unwrap(),
            turn => t
                .state
                .sample_action(turn.next_seat().unwrap(), &mut dice, &mut scratch)
                .unwrap(),
        };
        t.apply(action).unwrap();
    }
    let mut replay = t.replay(5).unwrap();
    let text = serde_json::to_string(&replay).unwrap();
    assert_eq!(Table::<Pig>::run_replay(&text).unwrap().state, t.state);
    replay.actions.swap(0, 1);
    let text = serde_json::to_string(&replay).unwrap();
    let Err(Failure::Replay { index, action, .. }) = Table::<Pig>::run_replay(&text) else {
        panic!("a broken replay ran")
    };
    assert_eq!(index, Some(0));
    assert!(action.is_some());
    let loaded = Table::<Pig>::from_json(&serde_json::to_string(&t.state).unwrap()).unwrap();
    assert!(matches!(loaded.history(), Err(Failure::Load(_))));
}

fn request(players: i64, games: u64, seed: u64) -> Request<'static> {
    Request {
        players: Some(players),
        config: None,
        games,
        seed,
        threads: 1,
    }
}

#[test]
fn batches_do_not_depend_on_threads() {
    let spec = spec::<Pig>(&request(3, 30, 7)).unwrap();
    let one = play_all::<Pig>(&spec, 1).unwrap();
    let four = play_all::<Pig>(&spec, 4).unwrap();
    assert_eq!(one, four);
    assert_eq!(one.len(), 30);
}

/// `play_random_games` plays the games of `simulate` with `random` agents and the same seed:
/// game `i`'s scores, winners and length are those of the one-game summary of `i..i + 1`.
#[test]
fn batches_are_the_games_of_simulate() {
    use tabula::sim::{parse_agents, run_named, Options, Spec};
    macro_rules! check {
        ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {$({
            type G = $ty;
            let players = *<G as Game>::SEATS.start().max(&2);
            let games = 12;
            let batch = play_all::<G>(&spec::<G>(&request(players.into(), games, 5)).unwrap(), 2)
                .unwrap();
            let agents = parse_agents("random", players).unwrap();
            let sim_spec = Spec::new(players, games, 5, agents);
            for (i, game) in batch.iter().enumerate() {
                let i = i as u64;
                let one = run_named(G::NAME, &sim_spec, i..i + 1, &Options::default()).unwrap();
                let scores: Vec<i32> = one.seats().iter().map(|t| t.score_sum as i32).collect();
                assert_eq!(scores, game.scores, "{} game {i}", G::NAME);
                for (s, tally) in one.seats().iter().enumerate() {
                    let won = game.winners.contains(Seat(s as u8));
                    assert_eq!(tally.win_units > 0, won, "{} game {i}", G::NAME);
                }
                assert_eq!(one.lengths().keys().copied().collect::<Vec<_>>(), vec![game.length]);
            }
        })*};
    }
    tabula::for_each_game!(check);
}

#[test]
fn the_classes_are_the_registry() {
    let names: Vec<&str> = crate::games::GAMES.iter().map(|e| e.name).collect();
    let registry: Vec<&str> = tabula::games::GAMES.iter().map(|g| g.name).collect();
    assert_eq!(names, registry);
    for name in [
        "Kingdom Builder",
        "kingdom_builder",
        "KingdomBuilder",
        " kingdom-builder ",
    ] {
        assert_eq!(
            crate::games::entry(name).map(|e| e.name),
            Ok("kingdom-builder")
        );
    }
    assert!(matches!(
        crate::games::entry("chess"),
        Err(Failure::UnknownGame(_))
    ));
}
