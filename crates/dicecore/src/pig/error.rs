//! Why Pig refuses a config, an action, a setup or a saved state: one variant per reason.

use crate::Seat;

/// Why a config, an action, a setup or a saved state was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PigError {
    /// Player count outside 2–6.
    #[error("Pig is played by 2 to 6 players, not {0}")]
    PlayerCount(u8),
    /// Target outside 1–1000.
    #[error("the target must be between 1 and 1000 points, not {0}")]
    Target(u32),
    /// Start seat not at the table.
    #[error("the start player {0} is not at the table")]
    StartSeat(Seat),
    /// The action's seat is not to move.
    #[error("it is not {0}'s turn")]
    NotYourTurn(Seat),
    /// A player action while the die is rolling.
    #[error("the die must be rolled first")]
    DieRolling,
    /// A die face while no roll is pending.
    #[error("no die is being rolled")]
    NoRollPending,
    /// A die face outside 1–6.
    #[error("a die has no face {0}")]
    NoSuchFace(u8),
    /// Any action after the end.
    #[error("the game is over")]
    GameOver,
    /// A saved state (or a position set up by hand) that could not arise in play.
    #[error("this position could not arise in play: {0}")]
    Position(#[from] PigPositionError),
    // ---- Deprecated since 0.3.0: the loader's refusals, now nested -------------------------
    /// The same refusal before 0.3.0, no longer returned: match [`PigError::Position`] with
    /// [`PigPositionError::ScoreCount`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `PigError::Position(PigPositionError::ScoreCount)`"
    )]
    #[error("{seats} players need {seats} scores, not {scores}")]
    ScoreCount {
        /// Players at the table.
        seats: u8,
        /// Scores given.
        scores: usize,
    },
    /// The same refusal before 0.3.0, no longer returned: match [`PigError::Position`] with
    /// [`PigPositionError::ToMoveOffTable`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `PigError::Position(PigPositionError::ToMoveOffTable)`"
    )]
    #[error("the player to move, {0}, is not at the table")]
    ToMoveOffTable(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`PigError::Position`] with
    /// [`PigPositionError::ScoreOfOne`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `PigError::Position(PigPositionError::ScoreOfOne)`"
    )]
    #[error("{0} cannot have banked exactly 1 point: a turn banks 0 or at least 2")]
    ScoreOfOne(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`PigError::Position`] with
    /// [`PigPositionError::TurnTotal`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `PigError::Position(PigPositionError::TurnTotal)`"
    )]
    #[error("{0} points at risk cannot arise: a turn total is 0 or 2 to 60000")]
    TurnTotal(u32),
    /// The same refusal before 0.3.0, no longer returned: match [`PigError::Position`] with
    /// [`PigPositionError::TwoWinners`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `PigError::Position(PigPositionError::TwoWinners)`"
    )]
    #[error("only one player can reach the target: the game ends when the first one does")]
    TwoWinners,
    /// The same refusal before 0.3.0, no longer returned: match [`PigError::Position`] with
    /// [`PigPositionError::PlayAfterTheEnd`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `PigError::Position(PigPositionError::PlayAfterTheEnd)`"
    )]
    #[error("the game ended when {0} held at the target; nothing happens after that")]
    PlayAfterTheEnd(Seat),
    /// The same refusal before 0.3.0, no longer returned: match [`PigError::Position`] with
    /// [`PigPositionError::OverFlag`].
    #[deprecated(
        since = "0.3.0",
        note = "never returned since 0.3.0: a saved state that could not arise in play is `PigError::Position(PigPositionError::OverFlag)`"
    )]
    #[error("the saved state says the game is {}, but the scores say otherwise", if *.0 { "over" } else { "running" })]
    OverFlag(bool),
}

/// Why a saved state (or a position set up by hand, [`crate::pig::PigSetup`]) could not arise
/// in play: one variant per rule it breaks. A Pig setup is plain numbers, so every refusal of one
/// is a position that could not arise.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PigPositionError {
    /// A position with a score list of the wrong length.
    #[error("{seats} players need {seats} scores, not {scores}")]
    ScoreCount {
        /// Players at the table.
        seats: u8,
        /// Scores given.
        scores: usize,
    },
    /// A position whose player to move is not at the table.
    #[error("the player to move, {0}, is not at the table")]
    ToMoveOffTable(Seat),
    /// A banked score of 1: every banked turn is 0 or at least 2 (a roll of 1 banks nothing).
    #[error("{0} cannot have banked exactly 1 point: a turn banks 0 or at least 2")]
    ScoreOfOne(Seat),
    /// Points at risk of exactly 1, or absurdly many.
    #[error("{0} points at risk cannot arise: a turn total is 0 or 2 to 60000")]
    TurnTotal(u32),
    /// More than one player at or above the target.
    #[error("only one player can reach the target: the game ends when the first one does")]
    TwoWinners,
    /// A finished game (someone at the target) in which that player is not the last to have
    /// moved or still has points at risk.
    #[error("the game ended when {0} held at the target; nothing happens after that")]
    PlayAfterTheEnd(Seat),
    /// A saved state marked finished without a winner, or running with one.
    #[error("the saved state says the game is {}, but the scores say otherwise", if *.0 { "over" } else { "running" })]
    OverFlag(bool),
}
