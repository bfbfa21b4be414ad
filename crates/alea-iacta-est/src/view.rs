//! What one seat may see, and the resampling of what it cannot see.

use crate::components::{Card, Colour, Faces, Patrician, Province, CARD_KINDS};
use crate::state::{Pass, Phase, State, Straight, MAX_PASSES, MAX_SEATS, UNDER_DECK};
use dicecore::{Dice, Seat, Turn};
use serde::{Deserialize, Serialize};

/// All that one seat may know of a state.
///
/// Hidden from other seats: the values of Fortuna tiles drawn this round (only their number
/// shows), senate cards in hand (only their number shows, until the game is over), the cards
/// offered in the Senatus evaluation to a player the seat is not, the cards put under the
/// senate deck that the seat has not seen, and the composition of the Fortuna and senate
/// stacks. What a seat knows from passing senate cards is in it: the pairs it passed as first
/// recipient and where they went ([`View::senate_passes`]), the card it passed on to the third
/// recipient ([`View::known_senate_cards`]) and the cards it put under the deck
/// ([`View::senate_bottom`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct View {
    /// The seat this view is for.
    pub seat: Seat,
    /// Players.
    pub seats: u8,
    /// Current round, 1-based.
    pub round: u8,
    /// Rounds in the game.
    pub rounds: u8,
    /// Start player of this round.
    pub start: Seat,
    /// Player whose turn it is in the current pass.
    pub current: Seat,
    /// Who acts next.
    pub turn: Turn,
    /// The phase.
    pub phase: Phase,
    /// Whether some player has placed their last die (this pass is the last).
    pub last_pass: bool,
    /// The dice rolled by the player to move.
    pub roll: Faces,
    /// Dice being rolled.
    pub rolling: u8,
    /// Dice of the roll selected for a re-roll.
    pub selected: Faces,
    /// Unplaced dice per player.
    pub hands: Vec<u8>,
    /// Repete chips per player.
    pub chips: Vec<u8>,
    /// Templum dice and pip sums per player.
    pub temple: Vec<(u8, u8)>,
    /// Number of Fortuna tiles drawn this round and not kept yet per player (another
    /// player's tiles chosen at a pending keep still count here: the choice is not revealed
    /// until every chooser has chosen).
    pub fortuna_drawn_counts: Vec<u8>,
    /// My drawn Fortuna tiles by value.
    pub my_fortuna_drawn: [u8; 3],
    /// Fortuna tiles still to keep per player (temple evaluation).
    pub fortuna_to_keep: Vec<u8>,
    /// Kept Fortuna tiles per player, by value (face up); the viewer's own entry also counts
    /// the tiles it has chosen at a pending keep.
    pub fortuna_kept: Vec<[u8; 3]>,
    /// Tiles in the face-down Fortuna stack.
    pub fortuna_stack_size: u8,
    /// The face-up Fortuna discards by value.
    pub fortuna_discard: [u8; 3],
    /// Senatus straights per player.
    pub straights: Vec<Option<Straight>>,
    /// Castrum sets: (owner, value, count), largest first.
    pub castrum: Vec<(Seat, u8, u8)>,
    /// Forum dice left to right: (value, owner).
    pub forum: Vec<(u8, Seat)>,
    /// Latrina dice per player.
    pub latrina: Vec<u8>,
    /// Provinces shown.
    pub provinces_shown: Vec<Province>,
    /// Provinces left in the stack.
    pub provinces_left: u8,
    /// The provinces still in the stack (public: every other province has been seen; only
    /// the order is hidden, and draws are uniform).
    pub provinces_in_stack: Vec<Province>,
    /// Provinces owned per player.
    pub provinces: Vec<Vec<Province>>,
    /// Patricians shown.
    pub patricians_shown: Vec<Patrician>,
    /// Patricians left in the stack.
    pub patricians_left: u8,
    /// The patricians still in the stack (public, like the provinces).
    pub patricians_in_stack: Vec<Patrician>,
    /// Patricians owned per player.
    pub patricians: Vec<Vec<Patrician>>,
    /// Senate cards in hand per player (number).
    pub senate_hand_sizes: Vec<u8>,
    /// My senate cards.
    pub my_senate_cards: Vec<Card>,
    /// Other players' senate cards I can tell for sure: the card I passed on to the third
    /// recipient as second recipient (5 players), and both cards of a pair I passed as first
    /// recipient when they are the same kind.
    pub known_senate_cards: Vec<Vec<Card>>,
    /// The pairs of senate cards I passed as first recipient, oldest first: the second kept
    /// one and the other went to the third or under the deck; I do not know which is where.
    pub senate_passes: Vec<SenatePass>,
    /// Every player's senate cards, once the game is over.
    pub revealed_senate_cards: Option<Vec<Vec<Card>>>,
    /// Cards in the face-down part of the senate deck.
    pub senate_deck_size: u8,
    /// Cards under the senate deck, top first: known ones shown.
    pub senate_bottom: Vec<Option<Card>>,
    /// Senate cards on offer in the evaluation (number).
    pub senate_offer_size: u8,
    /// The cards on offer, if this seat has seen them.
    pub senate_offer: Option<Vec<Card>>,
    /// The colours of the six double provinces (card XII), from the config.
    pub double_provinces: [(Colour, Colour); 6],
}

/// Where the card the second recipient did not keep went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PassedOn {
    /// To the third recipient (5 players).
    Seat(Seat),
    /// Under the senate deck, at this position of [`View::senate_bottom`].
    UnderDeck(u8),
}

/// Two senate cards a seat passed as first recipient: `to` kept one of `cards` and the other
/// went to `then`. The passer does not know which is which (unless both are the same kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SenatePass {
    /// The second recipient.
    pub to: Seat,
    /// The two cards passed, in card order.
    pub cards: [Card; 2],
    /// Where the card the second did not keep went.
    pub then: PassedOn,
}

impl SenatePass {
    fn of(r: &Pass) -> Option<SenatePass> {
        let (a, b) = (r.kept.min(r.passed), r.kept.max(r.passed));
        Some(SenatePass {
            to: Seat(r.to),
            cards: [Card::from_index(a as usize)?, Card::from_index(b as usize)?],
            then: if r.other >= UNDER_DECK {
                PassedOn::UnderDeck(r.other - UNDER_DECK)
            } else {
                PassedOn::Seat(Seat(r.other))
            },
        })
    }
}

fn cards_of(counts: &[u8; CARD_KINDS]) -> Vec<Card> {
    let mut v = Vec::new();
    for (k, &n) in counts.iter().enumerate() {
        for _ in 0..n {
            v.extend(Card::from_index(k));
        }
    }
    v
}

impl View {
    pub(crate) fn of(s: &State, seat: Seat) -> View {
        let n = s.seats_n();
        let me = seat.index().min(MAX_SEATS - 1);
        let all = |f: &dyn Fn(usize) -> u8| (0..n).map(f).collect::<Vec<u8>>();
        let over = s.phase == Phase::Over;
        let seen_offer = s.offer_seen & (1 << me) != 0;
        View {
            seat,
            seats: s.config.seats,
            round: s.round(),
            rounds: s.config.rounds(),
            start: Seat(s.start),
            current: Seat(s.current),
            turn: s.turn_now(),
            phase: s.phase,
            last_pass: s.last_pass,
            roll: s.roll,
            rolling: s.pending,
            selected: s.selected,
            hands: all(&|p| s.hand[p]),
            chips: all(&|p| s.chips[p]),
            temple: (0..n)
                .map(|p| (s.temple_dice[p], s.temple_pips[p]))
                .collect(),
            fortuna_drawn_counts: all(&|p| {
                let hidden = if p == me { [0; 3] } else { s.fortuna_chosen[p] };
                (0..3).map(|v| s.fortuna_drawn[p][v] + hidden[v]).sum()
            }),
            my_fortuna_drawn: s.fortuna_drawn[me],
            fortuna_to_keep: all(&|p| s.keep_left[p]),
            fortuna_kept: (0..n)
                .map(|p| match p == me {
                    true => std::array::from_fn(|v| s.fortuna_kept[p][v] + s.fortuna_chosen[p][v]),
                    false => s.fortuna_kept[p],
                })
                .collect(),
            fortuna_stack_size: s.fortuna_stack.iter().sum(),
            fortuna_discard: s.fortuna_discard,
            straights: (0..n).map(|p| s.straight(Seat(p as u8))).collect(),
            castrum: s.castrum_sets(),
            forum: s.forum(),
            latrina: all(&|p| s.latrina[p]),
            provinces_shown: s.provinces_shown(),
            provinces_left: s.province_stack.count_ones() as u8,
            provinces_in_stack: s.provinces_in_stack(),
            provinces: (0..n).map(|p| s.provinces_of(Seat(p as u8))).collect(),
            patricians_shown: s.patricians_shown(),
            patricians_left: s.patrician_stack.count_ones() as u8,
            patricians_in_stack: s.patricians_in_stack(),
            patricians: (0..n).map(|p| s.patricians_of(Seat(p as u8))).collect(),
            senate_hand_sizes: all(&|p| s.senate_hands[p].iter().sum()),
            my_senate_cards: cards_of(&s.senate_hands[me]),
            known_senate_cards: {
                let known = s.known_cards(me);
                (0..n).map(|q| cards_of(&known[q])).collect()
            },
            senate_passes: s.passes[..(s.passes_len as usize).min(MAX_PASSES)]
                .iter()
                .filter(|r| r.from as usize == me)
                .filter_map(SenatePass::of)
                .collect(),
            revealed_senate_cards: over
                .then(|| (0..n).map(|p| cards_of(&s.senate_hands[p])).collect()),
            senate_deck_size: s.senate_deck.iter().sum(),
            senate_bottom: (0..s.senate_bottom_len as usize)
                .map(|i| {
                    (s.senate_bottom_seen[i] & (1 << me) != 0)
                        .then(|| Card::from_index(s.senate_bottom[i] as usize))
                        .flatten()
                })
                .collect(),
            senate_offer_size: s.offer_len,
            double_provinces: s.config.double_provinces,
            senate_offer: seen_offer.then(|| {
                s.offer[..s.offer_len as usize]
                    .iter()
                    .filter_map(|&k| Card::from_index(k as usize))
                    .collect()
            }),
        }
    }
}

impl State {
    /// After resampling the hands for `me`, rewrites the passes `me` neither made nor received
    /// so that each names cards that are where it says (cards claimed by one pass are not used
    /// by another).
    fn repair_passes(&mut self, me: usize) {
        let n = self.seats_n();
        let passes = (self.passes_len as usize).min(MAX_PASSES);
        let mut claimed = [[0u8; CARD_KINDS]; MAX_SEATS];
        let claim = |claimed: &mut [[u8; CARD_KINDS]; MAX_SEATS], p: usize, k: u8| {
            if p < MAX_SEATS && (k as usize) < CARD_KINDS {
                claimed[p][k as usize] += 1;
            }
        };
        // Passes `me` made or received are true to `me`'s knowledge: claim their cards first.
        let mine = |r: &Pass| r.from as usize == me || r.to as usize == me;
        for r in self.passes[..passes].iter().filter(|r| mine(r)) {
            claim(&mut claimed, r.to as usize, r.kept);
            claim(&mut claimed, r.other as usize, r.passed);
        }
        // A third recipient knows the card it got.
        for r in self.passes[..passes].iter().filter(|r| !mine(r)) {
            if r.other as usize == me {
                claim(&mut claimed, me, r.passed);
            }
        }
        for i in 0..passes {
            let r = self.passes[i];
            if mine(&r) {
                continue;
            }
            let free = |claimed: &[[u8; CARD_KINDS]; MAX_SEATS], s: &State, p: usize| {
                (0..CARD_KINDS).find(|&k| claimed[p][k] < s.senate_hands[p][k])
            };
            let to = r.to as usize;
            if to < n {
                if let Some(k) = free(&claimed, self, to) {
                    self.passes[i].kept = k as u8;
                    claimed[to][k] += 1;
                }
            }
            let other = r.other as usize;
            if r.other >= UNDER_DECK {
                let b = (r.other - UNDER_DECK) as usize;
                if b < self.senate_bottom_len as usize {
                    self.passes[i].passed = self.senate_bottom[b];
                }
            } else if other < n && other != me {
                if let Some(k) = free(&claimed, self, other) {
                    self.passes[i].passed = k as u8;
                    claimed[other][k] += 1;
                }
            }
        }
    }
}

/// Draws one item from a multiset of counts, weighted by the counts.
fn draw<const N: usize>(pool: &mut [u8; N], dice: &mut Dice) -> usize {
    let w = pool.map(|c| c as u32);
    let i = dice.pick_weighted(&w).unwrap_or(0);
    pool[i] = pool[i].saturating_sub(1);
    i
}

impl State {
    /// A copy in which everything `seat` cannot see is resampled consistently with its view:
    /// other players' drawn Fortuna tiles and those they chose at a pending keep (with the
    /// Fortuna stack), other players' senate
    /// cards, unseen offered cards and unseen cards under the deck (with the senate deck).
    /// Senate cards `seat` knows the place of stay put; each pair it passed as first
    /// recipient is split again at random between the second and where the other card went.
    pub(crate) fn determinized(&self, seat: Seat, dice: &mut Dice) -> State {
        let mut s = self.clone();
        // Hidden cards may be drawn again: the scores are made again when next read.
        s.kept.clear();
        s.choices.clear();
        if self.phase == Phase::Over || seat.index() >= self.seats_n() {
            return s;
        }
        let n = self.seats_n();
        let me = seat.index();
        // Fortuna: the others' drawn tiles and the ones they chose at a pending keep.
        let mut pool = s.fortuna_stack;
        for p in (0..n).filter(|&p| p != me) {
            for v in 0..3 {
                pool[v] += s.fortuna_drawn[p][v] + s.fortuna_chosen[p][v];
            }
        }
        for p in (0..n).filter(|&p| p != me) {
            for hidden in [&mut s.fortuna_drawn[p], &mut s.fortuna_chosen[p]] {
                let k: u8 = hidden.iter().sum();
                *hidden = [0; 3];
                for _ in 0..k {
                    hidden[draw(&mut pool, dice)] += 1;
                }
            }
        }
        s.fortuna_stack = pool;
        // Senate cards. What `me` knows for sure stays; each pair `me` passed as first
        // recipient is split again at random between the second and where the other went;
        // everything else unseen is dealt again from one pool.
        let passes = (s.passes_len as usize).min(MAX_PASSES);
        let mut fixed = [[0u8; CARD_KINDS]; MAX_SEATS];
        for r in &s.passes[..passes] {
            if r.to as usize == me && (r.other as usize) < n {
                fixed[r.other as usize][r.passed as usize] += 1;
            }
        }
        let mut pool = s.senate_deck;
        for p in (0..n).filter(|&p| p != me) {
            for k in 0..CARD_KINDS {
                pool[k] += s.senate_hands[p][k].saturating_sub(fixed[p][k]);
            }
        }
        let offer_hidden = s.offer_seen & (1 << me) == 0;
        if offer_hidden {
            for &k in &s.offer[..s.offer_len as usize] {
                pool[k as usize] += 1;
            }
        }
        let bottom_len = s.senate_bottom_len as usize;
        let mut bottom_fixed = 0u32;
        for i in 0..bottom_len {
            if s.senate_bottom_seen[i] & (1 << me) == 0 {
                pool[s.senate_bottom[i] as usize] += 1;
            } else {
                bottom_fixed |= 1 << i;
            }
        }
        for i in 0..passes {
            let r = s.passes[i];
            if r.from as usize != me {
                continue;
            }
            let seen_under = r.other >= UNDER_DECK
                && s.senate_bottom_seen
                    .get((r.other - UNDER_DECK) as usize)
                    .is_some_and(|&m| m & (1 << me) != 0);
            if seen_under {
                // `me` saw where the card went (hand-edited states only): nothing to split.
                fixed[r.to as usize][r.kept as usize] += 1;
                continue;
            }
            pool[r.kept as usize] = pool[r.kept as usize].saturating_sub(1);
            pool[r.passed as usize] = pool[r.passed as usize].saturating_sub(1);
            let (kept, passed) = if dice.below(2) == 0 {
                (r.kept, r.passed)
            } else {
                (r.passed, r.kept)
            };
            s.passes[i].kept = kept;
            s.passes[i].passed = passed;
            fixed[r.to as usize][kept as usize] += 1;
            if r.other >= UNDER_DECK {
                let b = (r.other - UNDER_DECK) as usize;
                s.senate_bottom[b] = passed;
                bottom_fixed |= 1 << b;
            } else {
                fixed[r.other as usize][passed as usize] += 1;
            }
        }
        for p in (0..n).filter(|&p| p != me) {
            let size: u8 = s.senate_hands[p].iter().sum();
            let k = size.saturating_sub(fixed[p].iter().sum());
            s.senate_hands[p] = fixed[p];
            for _ in 0..k {
                let c = draw(&mut pool, dice);
                s.senate_hands[p][c] += 1;
            }
        }
        if offer_hidden {
            for i in 0..s.offer_len as usize {
                s.offer[i] = draw(&mut pool, dice) as u8;
            }
        }
        for i in 0..bottom_len {
            if bottom_fixed & (1 << i) == 0 {
                s.senate_bottom[i] = draw(&mut pool, dice) as u8;
            }
        }
        s.senate_deck = pool;
        s.repair_passes(me);
        s
    }
}
