//! Rules versions: files written by older engines keep their meaning.
//!
//! Every game declares [`Game::RULES_VERSION`], the version of its reading of the rules. It is
//! raised whenever the outcome of some sequence of legal actions changes, or an action becomes
//! legal or illegal. Replays ([`crate::Replay`]) and saved states record it beside the game's
//! name and the file format.
//!
//! A file written under an older version either reproduces exactly what it produced then,
//! because the game keeps the older reading as `Config` flags and maps the old version to them
//! ([`Game::older_reading`]), or it is refused with a [`RulesError`] that names the file's
//! version and the engine's. It is never silently re-scored. A file that carries no version
//! (written before versions were recorded) is dated by what its config holds
//! ([`Game::date_config`]): a config written after a rules change carries the flag fields that
//! change added, one written before does not.
//!
//! [`read_config`] is the one way a config enters from a file:
//!
//! ```
//! use dicecore::{pig::Pig, rules::{read_config, RulesError}, Game};
//! let config = serde_json::json!({"seats": 2, "target": 30, "start": 0});
//! let (read, version) = read_config::<Pig>(config.clone(), Some(1)).unwrap();
//! assert_eq!((read.seats, version), (2, Pig::RULES_VERSION));
//! // Unversioned: dated by the config itself.
//! assert_eq!(read_config::<Pig>(config.clone(), None).unwrap().1, 1);
//! // A version from the future is refused with both versions named.
//! let e = read_config::<Pig>(config, Some(7)).unwrap_err();
//! assert!(matches!(e, RulesError::Future { file: 7, engine: 1, .. }));
//! assert!(e.to_string().contains("rules version 7"));
//! ```

use crate::Game;

/// A config as read from a file, before it is typed: what [`Game::date_config`] and
/// [`Game::older_reading`] look at (serde_json's value, re-exported so that games need no
/// dependency of their own).
pub use serde_json::Value;

/// Why a file's config could not be read under the rules it was written for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The file names a rules version newer than this engine's.
    #[error(
        "written under rules version {file} of {game}, but this engine plays version {engine}: \
         a newer engine wrote it"
    )]
    Future {
        /// The game.
        game: &'static str,
        /// The file's version.
        file: u32,
        /// This engine's version.
        engine: u32,
    },
    /// The file names an older rules version whose reading this engine no longer keeps.
    #[error(
        "written under rules version {file} of {game}, whose reading this engine (version \
         {engine}) does not keep"
    )]
    Retired {
        /// The game.
        game: &'static str,
        /// The file's version.
        file: u32,
        /// This engine's version.
        engine: u32,
    },
    /// The file's stated version contradicts what its config holds.
    #[error("the file says rules version {file} of {game}, but its config {reason}")]
    Contradiction {
        /// The game.
        game: &'static str,
        /// The file's version.
        file: u32,
        /// What in the config does not fit that version.
        reason: String,
    },
    /// The config is not a config of the game.
    #[error("the config is unreadable: {0}")]
    Unreadable(String),
}

/// Reads a config from a file that was written under rules version `written` (`None`: the file
/// records no version and is dated by [`Game::date_config`]). Returns the config, holding the
/// flags that keep the older reading when the file is older, and the file's version.
pub fn read_config<G: Game>(
    config: serde_json::Value,
    written: Option<u32>,
) -> Result<(G::Config, u32), RulesError> {
    let version = match written {
        Some(v) => v,
        None => G::date_config(&config),
    };
    let engine = G::RULES_VERSION;
    if version > engine {
        return Err(RulesError::Future {
            game: G::NAME,
            file: version,
            engine,
        });
    }
    if version == 0 {
        return Err(RulesError::Retired {
            game: G::NAME,
            file: 0,
            engine,
        });
    }
    let config = if version < engine {
        G::older_reading(config, version)?
    } else {
        config
    };
    let config =
        serde_json::from_value(config).map_err(|e| RulesError::Unreadable(e.to_string()))?;
    Ok((config, version))
}

/// A JSON object's field, for [`Game::date_config`] and [`Game::older_reading`]
/// implementations: `None` when `config` is not an object or lacks the field.
pub fn field<'a>(config: &'a serde_json::Value, name: &str) -> Option<&'a serde_json::Value> {
    config.as_object()?.get(name)
}

/// Sets the boolean flag `name` of a config written under rules version `file` to `value`, the
/// reading that version had. A file that already holds the flag with another value contradicts
/// its stated version. For [`Game::older_reading`] implementations.
pub fn keep_flag<G: Game>(
    config: &mut serde_json::Value,
    file: u32,
    name: &str,
    value: bool,
) -> Result<(), RulesError> {
    let Some(object) = config.as_object_mut() else {
        return Err(RulesError::Unreadable("a config is a JSON object".into()));
    };
    match object.get(name) {
        Some(v) if v.as_bool() != Some(value) => Err(RulesError::Contradiction {
            game: G::NAME,
            file,
            reason: format!("sets {name} to {v}, which that version always read as {value}"),
        }),
        _ => {
            object.insert(name.to_string(), serde_json::Value::Bool(value));
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pig::Pig;
    use crate::{Match, Replay, ReplayError, REPLAY_FORMAT};
    use serde_json::json;

    fn pig_replay() -> Replay<Pig> {
        let mut m: Match<Pig> = Match::new(Pig::standard_config(2, 3).unwrap(), 3).unwrap();
        m.resolve_chance().unwrap();
        m.replay()
    }

    #[test]
    fn a_replay_records_the_format_the_game_and_the_rules_version() {
        let v = serde_json::to_value(pig_replay()).unwrap();
        assert_eq!(v["format"], json!(REPLAY_FORMAT));
        assert_eq!(v["game"], json!("pig"));
        assert_eq!(v["rules"], json!(Pig::RULES_VERSION));
    }

    #[test]
    fn a_format_1_replay_is_dated_by_its_config() {
        let mut v = serde_json::to_value(pig_replay()).unwrap();
        v["format"] = json!(1);
        v.as_object_mut().unwrap().remove("rules");
        let r: Replay<Pig> = serde_json::from_value(v.clone()).unwrap();
        assert_eq!((r.format, r.rules), (1, 1));
        assert!(r.run().is_ok());
        // Read and written again, it keeps the version it was dated to.
        let again: Replay<Pig> = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
        assert_eq!(again, r);
        // Format 2 always has `rules`.
        v["format"] = json!(2);
        v.as_object_mut().unwrap().remove("rules");
        let e = serde_json::from_value::<Replay<Pig>>(v).unwrap_err();
        assert!(e.to_string().contains("records its rules version"), "{e}");
    }

    #[test]
    fn a_version_from_the_future_or_a_retired_one_is_refused_with_both_versions() {
        let mut v = serde_json::to_value(pig_replay()).unwrap();
        v["rules"] = json!(2);
        let e = serde_json::from_value::<Replay<Pig>>(v.clone()).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("rules version 2 of pig") && text.contains("version 1"),
            "{text}"
        );
        v["rules"] = json!(0);
        let e = serde_json::from_value::<Replay<Pig>>(v.clone()).unwrap_err();
        assert!(e.to_string().contains("does not keep"), "{e}");
        v["rules"] = json!("one");
        assert!(serde_json::from_value::<Replay<Pig>>(v).is_err());
        // A replay built in code with a later version is refused when run.
        let mut r = pig_replay();
        r.rules = 9;
        assert_eq!(
            r.run(),
            Err(ReplayError::FutureRules { file: 9, engine: 1 })
        );
    }

    #[test]
    fn a_saved_state_is_stamped_and_read_under_its_version() {
        let s = Pig::new(&Pig::standard_config(3, 1).unwrap()).unwrap();
        let mut v = serde_json::to_value(&s).unwrap();
        assert_eq!((&v["game"], &v["rules"]), (&json!("pig"), &json!(1)));
        // The stamp comes first in the text.
        assert!(serde_json::to_string(&s)
            .unwrap()
            .starts_with(r#"{"game":"pig","rules":1,"#));
        assert_eq!(serde_json::from_value::<Pig>(v.clone()).unwrap(), s);
        // Unversioned (written before stamps): dated by the config.
        let mut plain = v.clone();
        plain.as_object_mut().unwrap().remove("game");
        plain.as_object_mut().unwrap().remove("rules");
        assert_eq!(serde_json::from_value::<Pig>(plain).unwrap(), s);
        // Another game's state, a version from the future: refused.
        v["game"] = json!("mosaix");
        let e = serde_json::from_value::<Pig>(v.clone()).unwrap_err();
        assert!(e.to_string().contains("a saved state of mosaix"), "{e}");
        v["game"] = json!("pig");
        v["rules"] = json!(5);
        let e = serde_json::from_value::<Pig>(v).unwrap_err();
        assert!(e.to_string().contains("rules version 5"), "{e}");
    }

    #[test]
    fn keep_flag_sets_a_missing_flag_and_refuses_a_contradicting_one() {
        let mut c = json!({"seats": 2});
        keep_flag::<Pig>(&mut c, 1, "old", true).unwrap();
        assert_eq!(c["old"], json!(true));
        keep_flag::<Pig>(&mut c, 1, "old", true).unwrap();
        let e = keep_flag::<Pig>(&mut c, 1, "old", false).unwrap_err();
        assert!(
            matches!(e, RulesError::Contradiction { file: 1, .. }),
            "{e}"
        );
        assert!(keep_flag::<Pig>(&mut json!([1]), 1, "old", true).is_err());
    }
}
