//! Why a config, an action or a serialised state was refused.

use crate::components::{Card, Colour, Faces, Patrician, Province};
use dicecore::Seat;

/// Why a config, an action or a serialised state was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Player count outside 2–5.
    #[error("Alea Iacta Est is played by 2 to 5 players, not {0}")]
    PlayerCount(u8),
    /// Start seat not at the table.
    #[error("the start player {0} is not at the table")]
    StartSeat(Seat),
    /// A double province with the same colour twice.
    #[error("a double province needs two different colours, not {0} twice")]
    DoubleProvinceColours(Colour),
    /// Any action after the end.
    #[error("the game is over")]
    GameOver,
    /// A player's decision while a chance event is pending.
    #[error("a chance event (roll or draw) must be resolved first")]
    ChancePending,
    /// A chance outcome while a player is to decide.
    #[error("no roll or draw is pending")]
    NoChancePending,
    /// The action's seat is not to decide.
    #[error("it is not {0}'s turn to decide")]
    NotYourTurn(Seat),
    /// An action of a kind that is not asked for now.
    #[error("that is not the decision asked for now")]
    WrongDecision,
    /// A chance outcome of the wrong kind (e.g. a card when dice are rolling).
    #[error("that is not an outcome of the pending chance event")]
    WrongOutcome,
    /// A roll with the wrong number of dice.
    #[error("{expected} dice are rolled, the outcome shows {found}")]
    RollSize {
        /// Dice rolled.
        expected: u8,
        /// Dice in the outcome.
        found: u32,
    },
    /// No Repete chip to spend.
    #[error("{0} has no Repete chip")]
    NoRepeteChip(Seat),
    /// A re-roll with no die selected.
    #[error("select at least one die to re-roll first")]
    EmptyReroll,
    /// Selecting a second die when a chip re-rolls one die.
    #[error("a Repete chip re-rolls exactly one die")]
    OneDiePerChip,
    /// Placing dice while dice are selected for a re-roll.
    #[error("dice are selected for a re-roll: select more or re-roll")]
    RerollInProgress,
    /// Dice that were not rolled.
    #[error("the dice {0} are not among the dice rolled")]
    NotRolled(Faces),
    /// A placement of no dice.
    #[error("a placement must use at least one die")]
    NoDice,
    /// The Templum is not in play with 2–3 players.
    #[error("the Templum is only used with 4 or 5 players")]
    NoTemplum,
    /// Temple placement with the wrong number of dice.
    #[error("the Templum needs exactly {needed} new dice from you now")]
    TempleDiceCount {
        /// Dice required.
        needed: u8,
    },
    /// Temple placement whose sum does not beat the leader.
    #[error("your Templum dice must sum to more than {to_beat}")]
    TempleSumTooLow {
        /// The leader's pip sum.
        to_beat: u8,
    },
    /// Senatus dice that do not form one straight of distinct consecutive values.
    #[error("Senatus dice must form a straight of distinct consecutive values")]
    NotAStraight,
    /// Senatus dice that do not extend the player's straight at its ends.
    #[error("you may only extend your Senatus straight at its ends")]
    NotAnExtension,
    /// A straight identical to one already in the Senatus.
    #[error("that straight is already in the Senatus")]
    DuplicateStraight,
    /// Castrum dice of different values, or a count of 0 or above 8.
    #[error("a Castrum set is dice of one value")]
    NotASet,
    /// Extending a Castrum set the player does not own.
    #[error("you own no Castrum set of {count} × {value} to extend")]
    NoSuchSet {
        /// Value of the set named.
        value: u8,
        /// Size of the set named.
        count: u8,
    },
    /// A Castrum set identical to one already there.
    #[error("a set of {count} × {value} is already in the Castrum")]
    DuplicateSet {
        /// Value.
        value: u8,
        /// Size.
        count: u8,
    },
    /// Forum dice that are neither one die nor two summing to 5.
    #[error("the Forum takes one die, or two dice summing to 5")]
    ForumDice,
    /// A new Forum die that would land past the last column.
    #[error("a new Forum die would land past the last column")]
    ForumOverflow,
    /// The Latrina while another placement is legal.
    #[error("the Latrina is only allowed when no die fits anywhere else")]
    LatrinaNotAllowed,
    /// A Fortuna tile value the player did not draw.
    #[error("you drew no Fortuna tile of value {0}")]
    NoSuchTile(u8),
    /// A senate card not offered to the player.
    #[error("{0} is not among the senate cards offered to you")]
    CardNotOffered(Card),
    /// A province not shown.
    #[error("{0} is not among the provinces shown")]
    ProvinceNotShown(Province),
    /// A patrician not shown.
    #[error("{0} is not among the patricians shown")]
    PatricianNotShown(Patrician),
    /// A chance outcome that the stack cannot give (tile, card, province, patrician).
    #[error("that cannot be drawn: none is left in the stack")]
    NotInStack,
    /// A serialised state that breaks the rules.
    #[error("corrupted state: {0}")]
    Corrupted(&'static str),
}
