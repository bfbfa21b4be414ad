//! Why a config, an action, a saved state or a position set up by hand was refused.

use crate::components::{Card, Colour, Faces, Patrician, Province};
use dicecore::Seat;

/// Why a config, an action or a serialised state was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
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
    /// Two double provinces with the same two colours (in either order): the six cards are
    /// told apart by their colours.
    #[error("two double provinces are both {0}/{1}: each needs its own pair of colours")]
    DoubleProvinceTwice(Colour, Colour),
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
    /// A saved state (or a position set up by hand) that could not arise in play.
    #[error("this position could not arise in play: {0}")]
    Position(#[from] PositionError),
    /// A position set up by hand that cannot be read as one.
    #[error("this setup cannot be read: {0}")]
    Setup(#[from] SetupError),
}

/// Why a position set up by hand ([`crate::Setup`]) cannot be read, before the checks of a
/// saved state apply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// One entry per player is needed.
    #[error("{seats} players need {seats} player entries, not {found}")]
    Players {
        /// Players at the table.
        seats: u8,
        /// Entries given.
        found: usize,
    },
    /// A round outside the game (the last round once it is over).
    #[error("the game has rounds 1 to {rounds}, not {round} (the last once it is over)")]
    Round {
        /// Rounds in the game.
        rounds: u8,
        /// The round given.
        round: u8,
    },
    /// A die face outside 1–6.
    #[error("a die has no face {0}")]
    Face(u8),
    /// Senatus dice that are not a straight of distinct consecutive faces.
    #[error("{0}'s Senatus dice are not a straight of distinct consecutive faces")]
    NotAStraight(Seat),
    /// A Fortuna tile value outside 1–3.
    #[error("Fortuna tiles show 1, 2 or 3, not {0}")]
    FortunaValue(u8),
    /// More Fortuna tiles of a value than the game has.
    #[error("more Fortuna tiles of value {0} than the game has")]
    TooManyFortuna(u8),
    /// A name that names no component of its kind.
    #[error("'{name}' is not a {what}")]
    Name {
        /// What was expected.
        what: &'static str,
        /// The name given.
        name: String,
    },
    /// A province or patrician listed twice (or in two places).
    #[error("{0} is listed twice")]
    Twice(String),
    /// More copies of a senate card than the deck holds.
    #[error("more copies of senate card {0} than the deck holds")]
    TooManyCards(String),
    /// Two Castrum sets of the same value and size.
    #[error("two Castrum sets of {count} × {value}")]
    SameCastrumSet {
        /// The value.
        value: u8,
        /// The size.
        count: u8,
    },
    /// A Castrum set of a value outside 1–6 or a size outside 1–8.
    #[error("a Castrum set is 1 to 8 dice of one face 1 to 6, not {count} × {value}")]
    CastrumSet {
        /// The value.
        value: u8,
        /// The size.
        count: u8,
    },
    /// More entries than the game has room for.
    #[error("too many {0}")]
    TooMany(&'static str),
    /// A senate chooser who is not among the recipients.
    #[error("{0} chooses a senate card but is not among the recipients")]
    NotARecipient(Seat),
}

/// Why a saved state (or a position set up by hand) could not arise in play: one variant per
/// rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The round number is past the end, or the game is over before the last round.
    #[error("the game has {rounds} rounds; round {round} does not match whether it is over")]
    RoundAndEnd {
        /// Rounds in the game.
        rounds: u8,
        /// Rounds played, as stored.
        round: u8,
    },
    /// A seat named somewhere (the start player, the player in turn, a chooser, an owner)
    /// is not at the table.
    #[error("the {role} ({seat}) is not at the table")]
    SeatOffTable {
        /// What the seat is.
        role: &'static str,
        /// The seat named.
        seat: Seat,
    },
    /// A seat beyond the player count holds components.
    #[error("{0} is not at the table but holds components")]
    EmptySeatHolds(Seat),
    /// A phase the engine passes through without stopping.
    #[error("the engine never stops in that phase")]
    TransientPhase,
    /// The start player does not follow from the first start player and the round.
    #[error("in round {round} the start player is {expected}, not {found}")]
    StartPlayer {
        /// The round, 1-based.
        round: u8,
        /// The start player of that round.
        expected: Seat,
        /// The start player stored.
        found: Seat,
    },
    /// Outside the turns the player in turn is the start player.
    #[error("outside the turns of a round the player in turn is the start player")]
    CurrentNotStart,
    /// Entries past the used part of a list are not empty.
    #[error("the unused entries of {0} are not empty")]
    UnusedEntries(&'static str),
    /// A roll, re-roll or selection that does not fit the player's dice or the phase.
    #[error("the dice rolled do not match the dice in hand or the phase")]
    Roll,
    /// A re-roll selection that is not among the dice rolled, or without a chip to pay.
    #[error("the dice selected for a re-roll are not among the dice rolled or cannot be paid")]
    RerollSelection,
    /// A player's dice do not add up to 8 (in hand, the buildings and the Latrina), or exceed
    /// 8 once some have gone home in the evaluation.
    #[error(
        "{seat} has {found} dice in hand, in the buildings and in the Latrina, not {expected}"
    )]
    DiceCount {
        /// The player.
        seat: Seat,
        /// Dice counted.
        found: u32,
        /// Dice the player must have there (the most, during the evaluation).
        expected: u32,
    },
    /// Dice left in a building that was already evaluated this round (or between rounds).
    #[error("the {0} was already evaluated, yet it holds dice")]
    EvaluatedBuildingHoldsDice(&'static str),
    /// Dice in hand outside the turns: 8 each at the start of a round, none during the
    /// evaluation and at the end.
    #[error("{seat} holds {dice} dice in hand, which cannot be at this point of the round")]
    HandOutsideTurns {
        /// The player.
        seat: Seat,
        /// Dice in hand.
        dice: u8,
    },
    /// A player who has had a turn this round (or must have had one) holds all 8 dice.
    #[error("{0} has taken a turn this round, so cannot hold all 8 dice")]
    HandAfterTurn(Seat),
    /// The flag of the last pass does not match the dice in hand.
    #[error("whether this is the last pass does not match the players' dice in hand")]
    LastPass,
    /// A Templum or Fortuna component in a game of 2 or 3 players.
    #[error("the Templum and the Fortuna tiles are not used with 2 or 3 players")]
    TemplumOutOfPlay,
    /// Templum pips that no dice of that number could show.
    #[error("{0}'s Templum dice cannot show that many pips")]
    TemplePips(Seat),
    /// Templum holdings that the placement rule cannot produce: every placement makes a new
    /// leader with more dice and more pips than the last.
    #[error(
        "the Templum holdings cannot arise: each placement must beat the leader's dice and pips"
    )]
    TempleRace,
    /// More Templum dice in the first pass than placements made so far.
    #[error("in the first pass of a round the Templum holds more dice than placements made")]
    TempleTooFull,
    /// The Fortuna tiles do not add up to 8, 14 and 8.
    #[error("the Fortuna tiles do not add up to 8 × 1, 14 × 2 and 8 × 3")]
    FortunaCount,
    /// Drawn Fortuna tiles that do not match the player's Templum dice.
    #[error("{0} drew a number of Fortuna tiles that does not match their Templum dice")]
    FortunaDrawn(Seat),
    /// A Fortuna draw that no placement asked for.
    #[error("that Fortuna draw does not follow from the Templum")]
    FortunaDraw,
    /// A keep choice that does not match the tiles drawn, the quota or the phase.
    #[error("the Fortuna tiles to keep do not match the tiles drawn or the phase")]
    FortunaKeep,
    /// More Fortuna tiles kept or discarded than the Templum evaluations so far allow.
    #[error("more Fortuna tiles kept or discarded than the Templum evaluations so far allow")]
    FortunaKept,
    /// A Senatus straight that is not 1–6 consecutive faces.
    #[error("{0}'s Senatus straight is not a straight of faces 1 to 6")]
    Straight(Seat),
    /// Two identical straights in the Senatus.
    #[error("two identical straights in the Senatus")]
    DuplicateStraight,
    /// The senate cards do not add up to the deck of the player count.
    #[error("the senate cards do not add up to the deck")]
    SenateCardCount,
    /// More senate cards in a hand than Senatus evaluations so far.
    #[error("{0} holds more senate cards than Senatus evaluations have given")]
    SenateHand(Seat),
    /// The senate recipients are not distinct players, or too many for the player count.
    #[error("the senate recipients must be different players, at most {0} of them")]
    SenateOrder(u8),
    /// The senate evaluation's progress does not match its phase, or the senate deck holds
    /// fewer cards than the evaluations still to come draw (three each: more have left it
    /// than the evaluations so far drew).
    #[error(
        "the senate evaluation's progress (cards drawn, on offer, given) does not match the phase"
    )]
    SenateProgress,
    /// Who has seen the cards on offer does not match the recipients reached.
    #[error("the players who have seen the senate cards on offer must be the recipients so far")]
    OfferSeen,
    /// A card under the senate deck not seen by exactly one player (the recipient who put it
    /// there), or seen by someone a pass says did not see it.
    #[error("card {0} under the senate deck must have been seen by exactly the recipient who put it there")]
    BottomSeen(usize),
    /// A senate pass that names impossible seats or cards.
    #[error("a recorded senate pass names impossible players or cards")]
    Pass,
    /// More senate passes than Senatus evaluations.
    #[error("more senate passes recorded than Senatus evaluations")]
    PassCount,
    /// A passed card that is not under the deck where the pass says.
    #[error("a passed senate card is not under the deck where the pass says")]
    PassNotUnderDeck,
    /// A passed card that is not in the hand the pass says.
    #[error("a passed senate card is not in the hand the pass says")]
    PassNotInHand,
    /// A senate draw with no card to draw or nobody to receive it.
    #[error("a senate card is to be drawn, but there is none or nobody to receive it")]
    SenateDraw,
    /// The player choosing a province does not own the best Castrum set, or there is no choice.
    #[error("the player choosing a province must own the best Castrum set, with two or more provinces shown")]
    ProvinceChooser,
    /// The player choosing a patrician does not own the leftmost Forum die, or there is no
    /// choice.
    #[error("the player choosing a patrician must own the leftmost Forum die, with two or more patricians shown")]
    PatricianChooser,
    /// Forum dice that are not faces 1–6 in order, or more than the columns.
    #[error("the Forum dice must be faces 1 to 6 from low to high, one per column")]
    Forum,
    /// A province or patrician in two places, or one that does not exist.
    #[error("a {0} is in two places or does not exist")]
    ComponentPlace(&'static str),
    /// The provinces or patricians revealed do not match the round.
    #[error("the {0} revealed so far do not match the round")]
    Revealed(&'static str),
    /// More Repete chips than the Latrina can have given, or than the supply holds.
    #[error("{0} holds more Repete chips than the Latrina can have given")]
    Chips(Seat),
    /// More Repete chips held in all than the supply of 30 (with
    /// [`crate::Config::repete_supply_limit`]).
    #[error("more Repete chips are held than the supply of 30")]
    ChipSupply,
}
