//! The conformance suite's laws are themselves tested: each one catches a deliberately broken
//! toy game, with a message that says what is wrong.
//!
//! The toy is Bids, a game of two players with hidden cards and simultaneous bids: each round
//! chance deals each player a card (0 to 2, seen by its holder only), then both bid 0 to 2 at
//! once; the higher card plus bid scores a point, and after three rounds the higher score wins.
//! `Bids<SOUND>` keeps every law; each other `Bids<FLAW>` breaks exactly one.
use dicecore::conformance::{self, Settings};
use dicecore::{Dice, Encode, FromSetup, Game, Outcome, Picture, Probability, Seat, SeatSet, Turn};
use serde::{Deserialize, Serialize};
use std::fmt;

// One constant per flaw, each named after what it breaks (a list of flags, as the SVG
// modules' lists of colours are).
/// Keeps every law.
const SOUND: u8 = 0;
/// Legal ⇔ accepted: a seat that has bid may bid again (an action listed earlier, not now).
const BIDS_TWICE: u8 = 1;
/// Unchanged on refusal: a refused bid still gives the other seat a point.
const SCORES_ON_REFUSAL: u8 = 2;
/// Views hide what they must: a view shows the other seat's card.
const SHOWS_CARDS: u8 = 3;
/// Simultaneous secrecy: a view shows the bid the other seat has just made.
const SHOWS_BIDS: u8 = 4;
/// The id space: a bid of 3 (an id that decodes, never listed) is accepted.
const BIDS_THREE: u8 = 5;
/// Loading: the loader forgets the round.
const FORGETS_ROUND: u8 = 6;
/// Loading: a setup leaves out the bids made.
const SETUP_FORGETS_BIDS: u8 = 7;
/// Loading: the loader takes any card, and a card past 2 breaks the view.
const TRUSTS_CARDS: u8 = 8;
/// Chance: the deal's probabilities sum to 8/9.
const SHORT_DEAL: u8 = 9;
/// Apply ≡ apply in place: `apply` forgets to record the bid.
const APPLY_DIFFERS: u8 = 10;
/// Pictures laid out: the second seat's score is written over the first's.
const CROWDED_PICTURE: u8 = 11;
/// Counting ≡ listing: a seat that has bid is still counted its three bids.
const MISCOUNTS: u8 = 12;
/// Running scores written ≡ returned: the written scores keep what the buffer held.
const APPENDS_SCORES: u8 = 13;

/// The weight of each card in the view (a lookup a card past 2 does not survive).
const WEIGHTS: [u8; 3] = [1, 2, 3];

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Config {
    rounds: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Action {
    /// Chance: the cards of seat 0 and seat 1.
    Deal(u8, u8),
    Bid {
        seat: Seat,
        amount: u8,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Deal(a, b) => write!(f, "cards {a} and {b}"),
            Action::Bid { seat, amount } => write!(f, "{seat} bids {amount}"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum Error {
    #[error("Bids is a game for two")]
    Seats,
    #[error("a game of 1 to 20 rounds")]
    Rounds,
    #[error("the game is over")]
    Over,
    #[error("{0} is not an action now")]
    NotNow(Action),
    #[error("a saved state that cannot arise: {0}")]
    Load(&'static str),
}

/// What a saved state holds (the loader checks it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Raw {
    config: Config,
    round: u8,
    cards: Option<[u8; 2]>,
    bids: [Option<u8>; 2],
    scores: [u32; 2],
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Raw", into = "Raw")]
struct Bids<const FLAW: u8> {
    config: Config,
    round: u8,
    cards: Option<[u8; 2]>,
    bids: [Option<u8>; 2],
    scores: [u32; 2],
}

impl<const FLAW: u8> From<Bids<FLAW>> for Raw {
    fn from(s: Bids<FLAW>) -> Raw {
        Raw {
            config: s.config,
            round: s.round,
            cards: s.cards,
            bids: s.bids,
            scores: s.scores,
        }
    }
}

impl<const FLAW: u8> TryFrom<Raw> for Bids<FLAW> {
    type Error = Error;

    /// The loader: only states that can arise in play.
    fn try_from(raw: Raw) -> Result<Self, Error> {
        let rounds = raw.config.rounds;
        if !(1..=20).contains(&rounds) {
            return Err(Error::Rounds);
        }
        if raw.round > rounds || raw.scores.iter().sum::<u32>() > u32::from(raw.round) {
            return Err(Error::Load("more rounds or points than the game has"));
        }
        let over = raw.round == rounds;
        let dealt = raw.cards.is_some();
        if FLAW != TRUSTS_CARDS && raw.cards.is_some_and(|c| c.iter().any(|&c| c > 2)) {
            return Err(Error::Load("no such card"));
        }
        if raw.bids.iter().flatten().any(|&b| b > 2) || (over || !dealt) && raw.bids != [None; 2] {
            return Err(Error::Load("a bid that cannot have been made"));
        }
        if raw.bids.iter().all(Option::is_some) || over && dealt {
            return Err(Error::Load("a round that should be over"));
        }
        let round = if FLAW == FORGETS_ROUND { 0 } else { raw.round };
        Ok(Bids {
            config: raw.config,
            round,
            cards: raw.cards,
            bids: raw.bids,
            scores: raw.scores,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct View {
    round: u8,
    scores: [u32; 2],
    card: Option<u8>,
    weight: Option<u8>,
    bid: Option<u8>,
    /// Whether each seat has bid this round (what it bid stays hidden).
    bid_in: [bool; 2],
    /// Flawed views only.
    other_card: Option<u8>,
    other_bid: Option<u8>,
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl<const FLAW: u8> fmt::Display for Bids<FLAW> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "round {}, cards {:?}, bids {:?}, scores {:?}",
            self.round, self.cards, self.bids, self.scores
        )
    }
}

impl<const FLAW: u8> Bids<FLAW> {
    /// Why `action` is not legal now, if it is not.
    fn refusal(&self, action: &Action) -> Result<(), Error> {
        let not_now = Err(Error::NotNow(*action));
        match (self.turn(), *action) {
            (Turn::Over, _) => Err(Error::Over),
            (Turn::Chance, Action::Deal(a, b)) if a < 3 && b < 3 => Ok(()),
            (Turn::Seats(deciding), Action::Bid { seat, amount }) => {
                let most = if FLAW == BIDS_THREE { 3 } else { 2 };
                let may = deciding.contains(seat) || FLAW == BIDS_TWICE && seat.0 < 2;
                if may && amount <= most {
                    Ok(())
                } else {
                    not_now
                }
            }
            _ => not_now,
        }
    }

    /// Applies a legal action.
    fn perform(&mut self, action: &Action) {
        match *action {
            Action::Deal(a, b) => self.cards = Some([a, b]),
            Action::Bid { seat, amount } => {
                self.bids[seat.index()] = Some(amount);
                if let ([Some(x), Some(y)], Some([a, b])) = (self.bids, self.cards) {
                    let (first, second) = (x + a, y + b);
                    if first != second {
                        self.scores[usize::from(first < second)] += 1;
                    }
                    self.round += 1;
                    self.cards = None;
                    self.bids = [None; 2];
                }
            }
        }
    }
}

// Every game's `Game` impl has this shape (the contract's types and constants, the standard
// config): the trait asks for it; the bodies are this toy's rules and its flaws.
impl<const FLAW: u8> Game for Bids<FLAW> {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Error = Error;
    const NAME: &'static str = "bids";
    const SEATS: std::ops::RangeInclusive<u8> = 2..=2;
    const RULES_VERSION: u32 = 1;

    fn standard_config(seats: u8, _seed: u64) -> Result<Config, Error> {
        if seats != 2 {
            return Err(Error::Seats);
        }
        Ok(Config { rounds: 3 })
    }

    fn new(config: &Config) -> Result<Self, Error> {
        Raw {
            config: config.clone(),
            round: 0,
            cards: None,
            bids: [None; 2],
            scores: [0; 2],
        }
        .try_into()
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> u8 {
        2
    }

    fn turn(&self) -> Turn {
        if self.round >= self.config.rounds {
            Turn::Over
        } else if self.cards.is_none() {
            Turn::Chance
        } else {
            let deciding = (0..2).filter(|&s| self.bids[s].is_none());
            Turn::Seats(deciding.map(|s| Seat(s as u8)).collect::<SeatSet>())
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.turn() {
            Turn::Chance => out.extend((0..9).map(|i| Action::Deal(i / 3, i % 3))),
            Turn::Seats(deciding) => {
                for seat in deciding {
                    out.extend((0..3).map(|amount| Action::Bid { seat, amount }));
                }
            }
            Turn::Seat(_) | Turn::Over => {}
        }
    }

    fn legal_action_count(&self, seat: Seat, scratch: &mut Vec<Action>) -> usize {
        if FLAW == MISCOUNTS && matches!(self.turn(), Turn::Seats(_)) {
            return 3;
        }
        self.legal_actions_for(seat, scratch);
        scratch.len()
    }

    fn chance_outcomes(&self) -> Vec<(Action, Probability)> {
        let mut deals = Vec::new();
        self.legal_actions(&mut deals);
        if self.turn() != Turn::Chance {
            return Vec::new();
        }
        let each = if FLAW == SHORT_DEAL {
            Probability::new(8, 81)
        } else {
            Probability::uniform(9)
        };
        deals.into_iter().map(|a| (a, each)).collect()
    }

    fn sample_chance(&self, dice: &mut Dice) -> Option<Action> {
        (self.turn() == Turn::Chance)
            .then(|| Action::Deal(dice.index(3) as u8, dice.index(3) as u8))
    }

    fn apply(&self, action: &Action) -> Result<Self, Error> {
        let mut next = self.clone();
        next.apply_in_place(action)?;
        if FLAW == APPLY_DIFFERS && matches!(action, Action::Bid { .. }) && next.round == self.round
        {
            next.bids = self.bids;
        }
        Ok(next)
    }

    fn apply_in_place(&mut self, action: &Action) -> Result<(), Error> {
        if let Err(e) = self.refusal(action) {
            if FLAW == SCORES_ON_REFUSAL && matches!(action, Action::Bid { .. }) {
                self.scores[1] += 1;
            }
            return Err(e);
        }
        self.perform(action);
        Ok(())
    }

    fn scores(&self) -> Vec<i32> {
        self.scores.iter().map(|&s| s as i32).collect()
    }

    fn running_scores_into(&self, out: &mut Vec<i32>) {
        if FLAW != APPENDS_SCORES {
            out.clear();
        }
        out.extend(self.scores());
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.turn() == Turn::Over).then(|| Outcome::by_highest_score(self.scores()))
    }

    fn view(&self, seat: Seat) -> View {
        let (me, other) = (seat.index() % 2, 1 - seat.index() % 2);
        let card = self.cards.map(|c| c[me]);
        View {
            round: self.round,
            scores: self.scores,
            card,
            weight: card.map(|c| WEIGHTS[usize::from(c)]),
            bid: self.bids[me],
            bid_in: self.bids.map(|b| b.is_some()),
            other_card: self.cards.map(|c| c[other]).filter(|_| FLAW == SHOWS_CARDS),
            other_bid: self.bids[other].filter(|_| FLAW == SHOWS_BIDS),
        }
    }

    fn action_seat(&self, action: &Action) -> Option<Seat> {
        match action {
            Action::Deal(..) => None,
            Action::Bid { seat, .. } => Some(*seat),
        }
    }

    /// Redraws what `seat` cannot see: the other seat's card and bid.
    fn determinize(&self, seat: Seat, dice: &mut Dice) -> Self {
        let mut copy = self.clone();
        let other = 1 - seat.index() % 2;
        if let Some(cards) = &mut copy.cards {
            cards[other] = dice.index(3) as u8;
        }
        if let Some(bid) = &mut copy.bids[other] {
            *bid = dice.index(3) as u8;
        }
        copy
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Setup {
    round: u8,
    cards: Option<[u8; 2]>,
    bids: [Option<u8>; 2],
    scores: [u32; 2],
}

impl<const FLAW: u8> FromSetup for Bids<FLAW> {
    type Setup = Setup;

    fn to_setup(&self) -> Setup {
        Setup {
            round: self.round,
            cards: self.cards,
            bids: if FLAW == SETUP_FORGETS_BIDS {
                [None; 2]
            } else {
                self.bids
            },
            scores: self.scores,
        }
    }

    fn from_setup(config: &Config, setup: &Setup) -> Result<Self, Error> {
        Raw {
            config: config.clone(),
            round: setup.round,
            cards: setup.cards,
            bids: setup.bids,
            scores: setup.scores,
        }
        .try_into()
    }
}

/// Ids: the nine deals first, then bids of 0 to 3 (a bid of 3 is never legal, so its id
/// decodes to an action `apply` refuses). The observation: round, both scores, the seat's card
/// and bid (or -1), whether the other seat has bid.
impl<const FLAW: u8> Encode for Bids<FLAW> {
    fn max_chance_outcomes(_: &Config) -> usize {
        9
    }

    fn num_distinct_actions(_: &Config) -> usize {
        13
    }

    fn action_id(_: &Config, action: &Action) -> Option<usize> {
        match *action {
            Action::Deal(a, b) if a < 3 && b < 3 => Some(usize::from(3 * a + b)),
            Action::Bid { amount, .. } if amount < 4 => Some(9 + usize::from(amount)),
            _ => None,
        }
    }

    fn action_from_id(_: &Config, seat: Seat, id: usize) -> Option<Action> {
        match id {
            0..9 => Some(Action::Deal(id as u8 / 3, id as u8 % 3)),
            9..13 => Some(Action::Bid {
                seat,
                amount: id as u8 - 9,
            }),
            _ => None,
        }
    }

    fn observation_shape(_: &Config) -> Vec<usize> {
        vec![6]
    }

    fn encode_view(_: &Config, seat: Seat, view: &View, out: &mut [f32]) {
        let other = 1 - seat.index() % 2;
        out[0] = f32::from(view.round);
        out[1] = view.scores[seat.index() % 2] as f32;
        out[2] = view.scores[other] as f32;
        out[3] = view.card.map_or(-1.0, f32::from);
        out[4] = view.bid.map_or(-1.0, f32::from);
        out[5] = f32::from(u8::from(view.bid_in[other]));
    }
}

/// The scores, one line per seat (the flawed picture writes both on one line).
fn score_picture<const FLAW: u8>(scores: [u32; 2]) -> String {
    let mut svg = String::new();
    dicecore::picture::open(&mut svg, 200, 60);
    let step = if FLAW == CROWDED_PICTURE { 0 } else { 20 };
    for (i, score) in scores.iter().enumerate() {
        let y = 20 + step * i;
        svg.push_str(&format!(
            "<text x=\"10\" y=\"{y}\" font-size=\"12\">seat {i}: {score} points</text>\n"
        ));
    }
    svg.push_str("</svg>\n");
    svg
}

impl<const FLAW: u8> Picture for Bids<FLAW> {
    fn picture(&self) -> String {
        score_picture::<FLAW>(self.scores)
    }

    fn view_picture(view: &View) -> String {
        score_picture::<FLAW>(view.scores)
    }
}

fn settings() -> Settings {
    Settings::default().cases(8)
}

/// The first broken law `check` reports over a few seeds.
fn broken(check: impl Fn(u64) -> Result<(), String>) -> String {
    (0..16)
        .find_map(|seed| check(seed).err())
        .expect("no seed broke the law")
}

/// `check_game` on the standard config with `seed`.
fn game<const FLAW: u8>(seed: u64) -> Result<(), String> {
    let config = Bids::<FLAW>::standard_config(2, seed).unwrap();
    conformance::check_game::<Bids<FLAW>>(&config, seed, &settings()).map(|_| ())
}

/// A state at a simultaneous turn, after the deal of cards 1 and 2.
fn bidding<const FLAW: u8>() -> Bids<FLAW> {
    let config = Bids::<FLAW>::standard_config(2, 0).unwrap();
    Bids::<FLAW>::new(&config)
        .unwrap()
        .apply(&Action::Deal(1, 2))
        .unwrap()
}

#[test]
fn the_sound_toy_keeps_every_law() {
    let s = settings();
    conformance::run::<Bids<SOUND>>(&s);
    conformance::run_setup::<Bids<SOUND>>(&s);
    conformance::run_encode::<Bids<SOUND>>(&s);
    conformance::run_simultaneous_secrecy::<Bids<SOUND>>(&s);
    conformance::run_sampling::<Bids<SOUND>>(&s, 3, 200);
    conformance::run_pictures::<Bids<SOUND>>(&s);
    let state = bidding::<SOUND>();
    conformance::check_id_space(&state, &mut Dice::from_seed(1)).unwrap();
    conformance::check_simultaneous_secrecy(&state).unwrap();
}

#[test]
fn an_unlisted_action_that_apply_accepts_is_caught() {
    let e = broken(game::<BIDS_TWICE>);
    assert!(
        e.contains("illegal action seat 0 bids") && e.contains("was accepted by apply"),
        "{e}"
    );
}

#[test]
fn an_action_accepted_but_never_listed_is_caught_by_the_id_space_law() {
    let e =
        conformance::check_id_space(&bidding::<BIDS_THREE>(), &mut Dice::from_seed(1)).unwrap_err();
    assert_eq!(
        e,
        "id 12: seat 0 bids 3 is not listed but accepted by apply"
    );
}

#[test]
fn a_refusal_that_changes_the_state_is_caught() {
    let e = broken(game::<SCORES_ON_REFUSAL>);
    assert!(
        e.contains("refused action") && e.contains("changed the state"),
        "{e}"
    );
}

#[test]
fn a_view_that_shows_hidden_cards_is_caught() {
    let e = broken(game::<SHOWS_CARDS>);
    assert!(
        e.contains("determinize(seat") && e.contains("changes what seat"),
        "{e}"
    );
}

#[test]
fn a_view_that_tells_a_simultaneous_choice_is_caught() {
    let e = conformance::check_simultaneous_secrecy(&bidding::<SHOWS_BIDS>()).unwrap_err();
    assert!(
        e.starts_with("at a simultaneous turn, seat 1's view tells seat 0's choice"),
        "{e}"
    );
    // The suite's runner reports it with the game and the seed.
    let panic = std::panic::catch_unwind(|| {
        conformance::run_simultaneous_secrecy::<Bids<SHOWS_BIDS>>(&settings())
    })
    .unwrap_err();
    let message = panic.downcast_ref::<String>().unwrap();
    assert!(
        message.starts_with("bids simultaneous secrecy failed: "),
        "{message}"
    );
    assert!(message.contains("view tells"), "{message}");
}

#[test]
fn a_loader_that_changes_the_state_is_caught() {
    let e = broken(game::<FORGETS_ROUND>);
    assert!(e.contains("the JSON round trip changes the state"), "{e}");
}

#[test]
fn a_setup_that_leaves_something_out_is_caught() {
    let e = broken(|seed| {
        let config = Bids::<SETUP_FORGETS_BIDS>::standard_config(2, seed).unwrap();
        conformance::check_setup::<Bids<SETUP_FORGETS_BIDS>>(&config, seed, &settings())
    });
    assert!(e.contains("from_setup(to_setup(s)) differs from s"), "{e}");
}

#[test]
fn a_loader_that_takes_what_cannot_arise_is_caught_by_its_panic() {
    // The corrupted copies of a state's JSON reach a loader that takes a card of 3 or more,
    // and the view then panics: the suite fails with that panic and the seed.
    let panic = std::panic::catch_unwind(|| {
        conformance::run::<Bids<TRUSTS_CARDS>>(&Settings::default().cases(64).corruptions(8))
    })
    .unwrap_err();
    let message = panic.downcast_ref::<String>().unwrap();
    assert!(
        message.starts_with("bids conformance failed: "),
        "{message}"
    );
    assert!(message.contains("index out of bounds"), "{message}");
}

#[test]
fn chance_that_does_not_sum_to_one_is_caught() {
    let e = broken(game::<SHORT_DEAL>);
    assert!(
        e.contains("chance outcomes sum to") && e.contains("not exactly 1"),
        "{e}"
    );
}

#[test]
fn apply_and_apply_in_place_that_disagree_are_caught() {
    let e = broken(game::<APPLY_DIFFERS>);
    assert!(
        e.contains("apply and apply_in_place disagree on seat"),
        "{e}"
    );
}

#[test]
fn a_picture_with_words_over_words_is_caught() {
    let e = broken(|seed| {
        let config = Bids::<CROWDED_PICTURE>::standard_config(2, seed).unwrap();
        conformance::check_pictures::<Bids<CROWDED_PICTURE>>(&config, seed, &settings())
    });
    assert!(
        e.starts_with("after 0 actions, the table: ")
            && e.contains(r#"texts "seat 0: 0 points" and "seat 1: 0 points" overlap"#),
        "{e}"
    );
}

#[test]
fn a_count_that_is_not_the_listing_is_caught() {
    let e = broken(game::<MISCOUNTS>);
    assert!(
        e.contains("legal_action_count(seat ")
            && e.contains("is 3, but seat ")
            && e.contains("has 0 legal actions"),
        "{e}"
    );
}

#[test]
fn running_scores_written_unlike_those_returned_are_caught() {
    let e = broken(game::<APPENDS_SCORES>);
    assert!(
        e.contains("running_scores_into wrote [-2147483648,")
            && e.contains("but running_scores() is [0, 0]"),
        "{e}"
    );
}
