//! Replay files checked with `Replay::run`, dispatched on their `"game"` field.

use std::fmt::{self, Display};
use tabula::games::Registered;
use tabula::{dicecore::ReplayError, Replay, Turn};

/// What a replay file turned out to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every action applied.
    Verified {
        /// The game's name.
        game: String,
        /// Actions replayed.
        actions: usize,
        /// The rules version the replay was written under (for a file without one, the version
        /// its config dates it to).
        rules: u32,
        /// The rules version of this engine.
        engine_rules: u32,
        /// The last board: the final one, or where an unfinished game stopped.
        board: String,
        /// The last board as an SVG picture.
        picture: String,
        /// Final scores and winners, `None` if the recorded game is not over.
        outcome: Option<String>,
        /// Scores so far (useful when the game is not over).
        scores: Vec<i32>,
    },
    /// Action `index` (0-based) was refused.
    Illegal {
        /// The game's name.
        game: String,
        /// Index of the first illegal action.
        index: usize,
        /// The action, rendered.
        action: String,
        /// Why it was refused.
        reason: String,
    },
    /// The replay's config was refused.
    BadConfig {
        /// The game's name.
        game: String,
        /// Why.
        reason: String,
    },
    /// Not a replay file this version can read (not JSON, wrong shape, unknown format).
    Unreadable(String),
    /// A replay of a game the programs do not know.
    UnknownGame(String),
}

impl Verdict {
    /// The exit code of the `replay` program: 0 verified, 1 illegal action or config,
    /// 2 unreadable file or unknown game.
    pub fn exit_code(&self) -> i32 {
        match self {
            Verdict::Verified { .. } => 0,
            Verdict::Illegal { .. } | Verdict::BadConfig { .. } => 1,
            Verdict::Unreadable(_) | Verdict::UnknownGame(_) => 2,
        }
    }
}

impl Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Verified {
                game,
                actions,
                rules,
                engine_rules,
                board,
                outcome,
                scores,
                ..
            } => {
                writeln!(f, "{game} replay verified: {actions} actions, all legal.")?;
                if rules == engine_rules {
                    writeln!(f, "Rules version {rules} (this engine's).")?;
                } else {
                    writeln!(
                        f,
                        "Rules version {rules}, older than this engine's {engine_rules}: replayed \
                         under version {rules}'s reading, which this engine keeps (as config \
                         flags where it differs)."
                    )?;
                }
                writeln!(f)?;
                if outcome.is_none() {
                    writeln!(
                        f,
                        "The recorded game is not over: it {}. The board then:",
                        stopped_after(*actions)
                    )?;
                    writeln!(f)?;
                }
                write!(f, "{board}")?;
                writeln!(f)?;
                match outcome {
                    Some(o) => {
                        writeln!(f, "Final scores:")?;
                        for line in o.lines() {
                            writeln!(f, "  {line}")?;
                        }
                        Ok(())
                    }
                    None => {
                        writeln!(f, "Scores when it stopped:")?;
                        for (i, s) in scores.iter().enumerate() {
                            writeln!(f, "  seat {i}: {s}")?;
                        }
                        Ok(())
                    }
                }
            }
            Verdict::Illegal {
                game,
                index,
                action,
                reason,
            } => writeln!(
                f,
                "{game} replay is invalid: action {index} (0-based), \"{action}\", is illegal: {reason}"
            ),
            Verdict::BadConfig { game, reason } => {
                writeln!(f, "{game} replay is invalid: {reason}")
            }
            Verdict::Unreadable(why) => writeln!(f, "cannot read the replay: {why}"),
            Verdict::UnknownGame(name) => writeln!(
                f,
                "this is a replay of '{name}', which these programs do not know (known games: {})",
                tabula::games::names()
            ),
        }
    }
}

/// Where an unfinished recorded game stopped, after its `actions` actions: `stopped after
/// action 12` (`stopped before its first action` for none).
pub fn stopped_after(actions: usize) -> String {
    match actions {
        0 => "stopped before its first action".to_string(),
        n => format!("stopped after action {n}"),
    }
}

impl Verdict {
    /// What the board of a verified replay is, for the line naming its picture: `the final
    /// board`, or `the board where the game stopped after action 12` for an unfinished game.
    pub fn board_name(&self) -> String {
        match self {
            Verdict::Verified {
                outcome: None,
                actions,
                ..
            } => format!("the board where the game {}", stopped_after(*actions)),
            _ => "the final board".to_string(),
        }
    }
}

/// Verifies the text of a replay of `G`.
pub fn verify<G: Registered>(text: &str) -> Verdict {
    let replay: Replay<G> = match serde_json::from_str(text) {
        Ok(r) => r,
        Err(e) => return Verdict::Unreadable(format!("not a valid {} replay: {e}", G::NAME)),
    };
    let game = G::NAME.to_string();
    match replay.run() {
        Ok(state) => Verdict::Verified {
            game,
            actions: replay.actions.len(),
            rules: replay.rules,
            engine_rules: G::RULES_VERSION,
            board: state.to_string(),
            picture: state.picture(),
            outcome: state.outcome().map(|o| o.to_string()),
            scores: state.scores(),
        },
        Err(ReplayError::Action {
            index,
            action,
            error,
        }) => Verdict::Illegal {
            game,
            index,
            action,
            reason: error.to_string(),
        },
        Err(ReplayError::Config(e)) => Verdict::BadConfig {
            game,
            reason: format!("its config is refused: {e}"),
        },
        // The file itself is unreadable: another game, an unknown format, a future rules
        // version (ReplayError is #[non_exhaustive]: a reason added later lands here too).
        Err(e) => Verdict::Unreadable(e.to_string()),
    }
}

/// A short description of whose turn it is (for messages).
pub fn describe_turn(turn: Turn) -> String {
    match turn {
        Turn::Seat(s) => format!("{s} to move"),
        Turn::Seats(set) => format!("seats {set} to decide"),
        Turn::Chance => "a chance event pending".to_string(),
        Turn::Over => "the game is over".to_string(),
    }
}
