//! The golden corpus of `tests/compat/`: replays and saved states written by earlier engines and
//! by today's, each with the outcome it produced when it was written. Every file must still
//! produce exactly that outcome (a file of an older rules version through the config flags
//! that keep its reading), and the playthrough files pin the legal action ids and observation
//! tensors along one game of every game, so that a change of ids or tensor layout fails here
//! too. See `tests/compat/README.md` for what each folder holds and how to add one.
//!
//! `TABULA_COMPAT_WRITE=DIR cargo test --release --test compat -- --ignored write_corpus`
//! writes the files of today's engine into `DIR` (`TABULA_COMPAT_GAMES=a,b` for those games
//! only: a new game's first folder).

use serde::Deserialize;
use std::path::{Path, PathBuf};
use tabula::dicecore::{Encode, RandomAgent};
use tabula::{Agent, Game, Match, Replay, Seat, Turn};

/// One game of the corpus, as `expected.json` lists it.
#[derive(Debug, Deserialize, serde::Serialize)]
struct Entry {
    /// The files' stem: `<game>-<players>p-seed<seed>`.
    name: String,
    game: String,
    players: u8,
    seed: u64,
    /// Actions in the replay.
    actions: usize,
    /// The saved state is the state after this many actions.
    state_at: usize,
    /// The final scores and winners the game produced when it was written.
    scores: Vec<i32>,
    winners: Vec<u8>,
    /// The saved state's scores.
    mid_scores: Vec<i32>,
}

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compat")
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Checks one entry of `dir`: the replay runs to the recorded outcome, the saved state loads
/// with the recorded scores and, played on with the replay's remaining actions, ends the same.
fn check<G: Game>(dir: &Path, e: &Entry) -> Result<(), String> {
    let replay: Replay<G> = serde_json::from_str(&read(dir, &format!("{}.replay.json", e.name)))
        .map_err(|err| format!("replay unreadable: {err}"))?;
    if replay.actions.len() != e.actions {
        return Err(format!(
            "{} actions, {} expected",
            replay.actions.len(),
            e.actions
        ));
    }
    let end = replay.run().map_err(|err| format!("replay: {err}"))?;
    let outcome = end.outcome().ok_or("the replay's game is not over")?;
    let winners: Vec<u8> = outcome.winners.iter().map(|s| s.0).collect();
    if (&outcome.scores, &winners) != (&e.scores, &e.winners) {
        return Err(format!(
            "the replay ends {:?} won by {winners:?}; it ended {:?} won by {:?}",
            outcome.scores, e.scores, e.winners
        ));
    }
    let mut state: G = serde_json::from_str(&read(dir, &format!("{}.state.json", e.name)))
        .map_err(|err| format!("saved state unreadable: {err}"))?;
    if state.scores() != e.mid_scores {
        return Err(format!(
            "the saved state scores {:?}; it scored {:?}",
            state.scores(),
            e.mid_scores
        ));
    }
    for (i, a) in replay.actions[e.state_at..].iter().enumerate() {
        state
            .apply_in_place(a)
            .map_err(|err| format!("from the saved state, action {}: {err}", e.state_at + i))?;
    }
    if state.outcome().as_ref() != Some(&outcome) {
        return Err("played on from the saved state, the game ends otherwise".into());
    }
    // What this engine writes of the state reads back equal.
    let again: G = serde_json::from_str(&serde_json::to_string(&state).unwrap())
        .map_err(|err| format!("the state written again does not load: {err}"))?;
    if again != state {
        return Err("the state written again loads different".into());
    }
    Ok(())
}

/// One step of a playthrough: the sorted legal action ids of the seat asked next (the chance
/// outcomes' ids at chance) and a digest of every seat's observation tensor.
#[derive(Debug, PartialEq, Deserialize, serde::Serialize)]
struct Step {
    ids: Vec<usize>,
    observations: String,
}

/// FNV-1a over the bits of every seat's observation.
fn digest<G: Encode>(state: &G) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for s in 0..state.seats() {
        for x in state.observation(Seat(s)) {
            for b in x.to_bits().to_le_bytes() {
                h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
            }
        }
    }
    format!("{h:016x}")
}

/// The playthrough of a replay: one step per state met, up to `limit` steps.
fn playthrough<G: Encode>(replay: &Replay<G>, limit: usize) -> Vec<Step> {
    let mut state = G::new(&replay.config).expect("the replay's config");
    let mut legal = Vec::new();
    let mut steps = Vec::new();
    for a in replay.actions.iter().take(limit) {
        match state.turn().next_seat() {
            Some(seat) => state.legal_actions_for(seat, &mut legal),
            None => state.legal_actions(&mut legal),
        }
        let mut ids: Vec<usize> = legal
            .iter()
            .map(|a| G::action_id(state.config(), a).expect("a listed action has an id"))
            .collect();
        ids.sort_unstable();
        steps.push(Step {
            ids,
            observations: digest(&state),
        });
        state.apply_in_place(a).expect("the replay's action");
    }
    steps
}

/// The checks and the writer of every registered game, by name.
macro_rules! registered {
    ($(($snake:ident, $camel:ident, $ty:ty, $title:literal)),* $(,)?) => {
        /// [`check`] of the entry's game.
        fn check_entry(dir: &Path, e: &Entry) -> Result<(), String> {
            match e.game.as_str() {
                $(name if name == <$ty as Game>::NAME => check::<$ty>(dir, e),)*
                other => Err(format!("unknown game {other}")),
            }
        }

        /// [`check_playthrough`] of the entry's game.
        fn check_entry_playthrough(dir: &Path, e: &Entry) -> Result<(), String> {
            match e.game.as_str() {
                $(name if name == <$ty as Game>::NAME => check_playthrough::<$ty>(dir, &e.name),)*
                other => Err(format!("unknown game {other}")),
            }
        }

        /// The files of every registered game (of those `TABULA_COMPAT_GAMES` names, a
        /// comma-separated list of games, when it is set).
        fn write_every_game(dir: &Path, out: &mut Vec<Entry>) -> Result<(), String> {
            $(if wanted(<$ty as Game>::NAME) {
                write_game::<$ty>(dir, out)?;
            })*
            Ok(())
        }
    };
}
tabula::for_each_game!(registered);

fn folders() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(corpus())
        .expect("tests/compat")
        .map(|d| d.expect("a folder entry").path())
        .filter(|p| p.join("expected.json").exists())
        .collect();
    dirs.sort();
    dirs
}

#[test]
fn every_file_of_the_corpus_produces_its_outcome() {
    let dirs = folders();
    assert!(dirs.len() >= 2, "the corpus holds an old and a new folder");
    let mut failures = Vec::new();
    let mut checked = 0;
    for dir in &dirs {
        let entries: Vec<Entry> = serde_json::from_str(&read(dir, "expected.json")).unwrap();
        for e in &entries {
            checked += 1;
            if let Err(why) = check_entry(dir, e) {
                failures.push(format!("{}/{}: {why}", dir.display(), e.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 100, "{checked} games checked");
}

fn check_playthrough<G: Encode>(dir: &Path, name: &str) -> Result<(), String> {
    let replay: Replay<G> = serde_json::from_str(&read(dir, &format!("{name}.replay.json")))
        .map_err(|e| e.to_string())?;
    let recorded: Vec<Step> = serde_json::from_str(&read(dir, &format!("{name}.playthrough.json")))
        .map_err(|e| e.to_string())?;
    let now = playthrough(&replay, recorded.len());
    match recorded.iter().zip(&now).position(|(a, b)| a != b) {
        None if recorded.len() == now.len() => Ok(()),
        None => Err(format!(
            "{} steps recorded, {} now",
            recorded.len(),
            now.len()
        )),
        Some(i) => Err(format!(
            "step {i}: ids or observations changed (recorded {:?}, now {:?})",
            recorded[i], now[i]
        )),
    }
}

#[test]
fn playthroughs_keep_their_ids_and_observations() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for dir in folders() {
        let entries: Vec<Entry> = serde_json::from_str(&read(&dir, "expected.json")).unwrap();
        for e in entries {
            if dir.join(format!("{}.playthrough.json", e.name)).exists() {
                checked += 1;
                if let Err(why) = check_entry_playthrough(&dir, &e) {
                    failures.push(format!("{}/{}: {why}", dir.display(), e.name));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 5, "{checked} playthroughs checked");
}

/// The corpus files of one game at one player count and seed, written by this engine.
fn write_one<G: Encode>(
    dir: &Path,
    players: u8,
    seed: u64,
    out: &mut Vec<Entry>,
) -> Result<(), String> {
    let config = G::standard_config(players, seed).map_err(|e| e.to_string())?;
    let mut m: Match<G> = Match::new(config, seed).map_err(|e: G::Error| e.to_string())?;
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..players as u64)
        .map(|i| Box::new(RandomAgent::new(seed * 16 + i)) as Box<dyn Agent<G>>)
        .collect();
    m.play_out(&mut agents, 10_000_000)
        .map_err(|e| e.to_string())?;
    let replay = m.replay();
    let at = replay.actions.len() / 2;
    let mut mid = G::new(&replay.config).map_err(|e| e.to_string())?;
    for a in &replay.actions[..at] {
        mid.apply_in_place(a).map_err(|e| e.to_string())?;
    }
    let name = format!("{}-{players}p-seed{seed}", G::NAME);
    let write = |file: String, text: String| {
        std::fs::write(dir.join(file), text).map_err(|e| e.to_string())
    };
    write(
        format!("{name}.replay.json"),
        serde_json::to_string(&replay).unwrap(),
    )?;
    write(
        format!("{name}.state.json"),
        serde_json::to_string(&mid).unwrap(),
    )?;
    if seed == 1 && players == *G::SEATS.start().max(&2) {
        write(
            format!("{name}.playthrough.json"),
            serde_json::to_string(&playthrough(&replay, 120)).unwrap(),
        )?;
    }
    let o = m.state().outcome().ok_or("not over")?;
    out.push(Entry {
        name,
        game: G::NAME.to_string(),
        players,
        seed,
        actions: replay.actions.len(),
        state_at: at,
        scores: o.scores,
        winners: o.winners.iter().map(|s| s.0).collect(),
        mid_scores: mid.scores(),
    });
    debug_assert_eq!(m.state().turn(), Turn::Over);
    Ok(())
}

fn write_game<G: Encode>(dir: &Path, out: &mut Vec<Entry>) -> Result<(), String> {
    for players in G::SEATS {
        let first = *G::SEATS.start().max(&2);
        let seeds = if players == first { 1..=8 } else { 1..=2 };
        for seed in seeds {
            write_one::<G>(dir, players, seed, out)?;
        }
    }
    Ok(())
}

/// Whether `TABULA_COMPAT_GAMES` (a comma-separated list of game names, every game when it is
/// unset) names `game`.
fn wanted(game: &str) -> bool {
    std::env::var("TABULA_COMPAT_GAMES")
        .map_or(true, |list| list.split(',').any(|g| g.trim() == game))
}

/// Writes today's corpus folder (see the module documentation).
#[test]
#[ignore = "writes corpus files; run by hand with TABULA_COMPAT_WRITE"]
fn write_corpus() {
    let dir = PathBuf::from(std::env::var("TABULA_COMPAT_WRITE").expect("TABULA_COMPAT_WRITE=DIR"));
    std::fs::create_dir_all(&dir).unwrap();
    let mut out = Vec::new();
    write_every_game(&dir, &mut out).unwrap();
    std::fs::write(
        dir.join("expected.json"),
        serde_json::to_string_pretty(&out).unwrap(),
    )
    .unwrap();
}
