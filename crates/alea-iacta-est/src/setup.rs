//! Positions set up by hand ([`FromSetup`]): the table in the game's own terms, every die,
//! card and tile where it lies, components by their names. `from_setup` builds the state and
//! passes it through the loader, so it accepts exactly the positions that could arise in play.

use crate::components::{
    Card, Faces, Patrician, Province, CARD_COPIES, CARD_KINDS, FORTUNA_TILES, PATRICIANS,
    PROVINCE_CARDS,
};
use crate::state::{Pass, Phase, State, Straight, MAX_BOTTOM, MAX_PASSES, UNDER_DECK};
use crate::view::PassedOn;
use crate::{Config, Error, PositionError, SetupError};
use dicecore::{FromSetup, Seat};
use serde::{Deserialize, Serialize};

/// A position of Alea Iacta Est in the game's own terms. Dice are faces 1–6, Fortuna tiles
/// their values 1–3, provinces (`red 2`, `grey 0`), patricians (`blue woman 3`) and senate
/// cards (`IX many women`, `XII red/blue`, `XIII joker province`) their names. What follows
/// from the rest is not asked: the start player (the config's first start player and the
/// round), the face-down Fortuna stack and senate deck (what is nowhere else), who has seen
/// the senate cards on offer (the recipients reached), and whether this is the last pass.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The round, from 1 (the last round once the game is over).
    pub round: u8,
    /// What happens now, and who acts.
    pub moment: Moment,
    /// Each player's dice, chips, tiles and cards, by seat.
    pub players: Vec<PlayerSetup>,
    /// The Castrum sets, in any order.
    pub castrum: Vec<CastrumSet>,
    /// The Forum dice from left to right.
    pub forum: Vec<ForumDie>,
    /// The provinces shown under the Castrum this round.
    pub provinces_shown: Vec<String>,
    /// The patricians shown under the Forum this round.
    pub patricians_shown: Vec<String>,
    /// The provinces left over in earlier rounds, out of the game. The others not shown or
    /// owned are in the stack.
    pub provinces_out: Vec<String>,
    /// The patricians left over in earlier rounds, out of the game.
    pub patricians_out: Vec<String>,
    /// The face-up Fortuna discards, by value.
    pub fortuna_discards: Vec<u8>,
    /// The senate cards put under the deck, top first, each with the one player who has seen
    /// it (the recipient who put it there).
    pub under_senate_deck: Vec<UnderDeck>,
    /// The pairs of senate cards passed from the first recipient to the second in the
    /// evaluations so far (who has seen what follows from them).
    pub senate_passes: Vec<SenatePassSetup>,
}

/// What happens now in a [`Setup`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Moment {
    /// Round start: the provinces of the round are being revealed (one per player).
    RevealProvinces,
    /// Round start: the patricians of the round are being revealed (one per Forum column).
    RevealPatricians,
    /// `seat`'s turn: their dice are rolling; `kept` are the dice of the roll not re-rolled
    /// (empty when all the dice in hand are rolled).
    Roll {
        /// The player in turn.
        seat: Seat,
        /// Dice kept from the roll being re-rolled.
        kept: Vec<u8>,
    },
    /// `seat` has rolled `dice` (all their dice in hand) and re-rolls or places them; the
    /// dice `selected` are marked for a re-roll.
    Place {
        /// The player in turn.
        seat: Seat,
        /// The dice rolled.
        dice: Vec<u8>,
        /// Dice marked for a re-roll.
        selected: Vec<u8>,
    },
    /// `seat` has placed dice in the Templum and draws Fortuna tiles: `left` still to draw.
    DrawFortuna {
        /// The player in turn.
        seat: Seat,
        /// Tiles still to draw.
        left: u8,
    },
    /// Round end: the owner of the lone die in the Templum draws an extra tile.
    DrawFortunaExtra {
        /// The lone die's owner.
        seat: Seat,
    },
    /// Templum evaluation: the players keep tiles, `to_keep` per seat.
    KeepFortuna {
        /// Tiles each player still keeps.
        to_keep: Vec<u8>,
    },
    /// Senatus evaluation: senate cards are being drawn for the `recipients` (in rank order);
    /// `offer` holds the cards drawn so far.
    DrawSenate {
        /// The players receiving cards, best straight first.
        recipients: Vec<Seat>,
        /// The cards drawn so far.
        offer: Vec<String>,
    },
    /// Senatus evaluation: `chooser` keeps one of the cards on `offer`.
    KeepSenate {
        /// The players receiving cards, best straight first.
        recipients: Vec<Seat>,
        /// The recipient choosing now.
        chooser: Seat,
        /// The cards to choose from.
        offer: Vec<String>,
    },
    /// Castrum evaluation: `seat` (owning the best set left) takes a province.
    TakeProvince {
        /// The chooser.
        seat: Seat,
    },
    /// Forum evaluation: `seat` (owning the leftmost die) takes a patrician.
    TakePatrician {
        /// The chooser.
        seat: Seat,
    },
    /// The game is over.
    Over,
}

/// One player's part of a [`Setup`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSetup {
    /// Dice not yet placed this round (the dice rolled or rolling included).
    pub dice_in_hand: u8,
    /// Repete chips.
    pub chips: u8,
    /// The faces of the player's dice in the Templum (only their number and sum matter).
    pub templum: Vec<u8>,
    /// The faces of the player's straight in the Senatus (empty: none).
    pub senatus: Vec<u8>,
    /// Dice in the Latrina.
    pub latrina: u8,
    /// Fortuna tiles drawn this round and not yet kept (face down), by value.
    pub fortuna_drawn: Vec<u8>,
    /// Fortuna tiles kept (face up), by value.
    pub fortuna_kept: Vec<u8>,
    /// Fortuna tiles chosen at a pending Templum keep and not yet shown, by value (only while
    /// the players keep their tiles; not counted in `fortuna_drawn`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fortuna_chosen: Vec<u8>,
    /// Provinces owned.
    pub provinces: Vec<String>,
    /// Patricians owned.
    pub patricians: Vec<String>,
    /// Senate cards in hand.
    pub senate_cards: Vec<String>,
}

/// A set of dice in the Castrum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CastrumSet {
    /// Its owner.
    pub owner: Seat,
    /// The face of its dice.
    pub value: u8,
    /// How many dice.
    pub count: u8,
}

/// A die in the Forum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForumDie {
    /// Its face.
    pub value: u8,
    /// Its owner.
    pub owner: Seat,
}

/// A senate card under the deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnderDeck {
    /// The card.
    pub card: String,
    /// The one player who has seen it.
    pub seen_by: Seat,
}

/// Two senate cards the first recipient (`from`) passed to the second (`to`), who kept `kept`
/// and passed `passed` on (`then`: to the third recipient, or under the deck at that position
/// of [`Setup::under_senate_deck`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SenatePassSetup {
    /// The first recipient.
    pub from: Seat,
    /// The second recipient.
    pub to: Seat,
    /// The card the second kept.
    pub kept: String,
    /// The card the second passed on.
    pub passed: String,
    /// Where the passed card went.
    pub then: PassedOn,
}

fn name_error(what: &'static str, name: &str) -> Error {
    SetupError::Name {
        what,
        name: name.to_string(),
    }
    .into()
}

/// Bits of a list of provinces or patricians by name; `taken` collects every one named, to
/// refuse one named twice anywhere.
fn bits<T: std::str::FromStr>(
    names: &[String],
    what: &'static str,
    index: impl Fn(T) -> u8,
    taken: &mut u64,
) -> Result<u64, Error> {
    let mut out = 0u64;
    for name in names {
        let i = index(name.parse::<T>().map_err(|_| name_error(what, name))?);
        if *taken & (1 << i) != 0 {
            return Err(SetupError::Twice(name.clone()).into());
        }
        *taken |= 1 << i;
        out |= 1 << i;
    }
    Ok(out)
}

fn faces(values: &[u8]) -> Result<Faces, Error> {
    if values.len() > 8 {
        return Err(SetupError::TooMany("dice in one place").into());
    }
    match values.iter().find(|v| !(1..=6).contains(*v)) {
        Some(&v) => Err(SetupError::Face(v).into()),
        None => Ok(Faces::from_values(values).unwrap_or_default()),
    }
}

fn tiles(values: &[u8]) -> Result<[u8; 3], Error> {
    let mut out = [0u8; 3];
    for &v in values {
        if !(1..=3).contains(&v) {
            return Err(SetupError::FortunaValue(v).into());
        }
        out[v as usize - 1] = out[v as usize - 1].saturating_add(1);
    }
    Ok(out)
}

fn tile_values(counts: [u8; 3]) -> Vec<u8> {
    (1..=3u8)
        .flat_map(|v| std::iter::repeat_n(v, counts[v as usize - 1] as usize))
        .collect()
}

/// Canonical faces with `dice` dice and `pips` pips: as many sixes as fit, highest first.
fn faces_of_sum(dice: u8, pips: u8) -> Vec<u8> {
    let mut out = Vec::new();
    let mut left = pips as i32;
    for k in (0..dice as i32).rev() {
        let v = (left - k).clamp(1, 6);
        out.push(v as u8);
        left -= v;
    }
    out
}

impl State {
    fn card_of(&self, name: &str) -> Result<Card, Error> {
        Card::parse(name, &self.config.double_provinces)
            .ok_or_else(|| name_error("senate card", name))
    }

    fn card_name(&self, k: usize) -> String {
        Card::from_index(k).map_or_else(String::new, |c| c.name(&self.config.double_provinces))
    }

    fn card_names(&self, counts: &[u8; CARD_KINDS]) -> Vec<String> {
        (0..CARD_KINDS)
            .flat_map(|k| std::iter::repeat_n(self.card_name(k), counts[k] as usize))
            .collect()
    }

    /// Takes the senate card `name` out of `deck` (what is left of the full deck).
    fn take_card(&self, name: &str, deck: &mut [u8; CARD_KINDS]) -> Result<u8, Error> {
        let k = self.card_of(name)?.index();
        if deck[k] == 0 {
            return Err(SetupError::TooManyCards(name.to_string()).into());
        }
        deck[k] -= 1;
        Ok(k as u8)
    }

    fn seat_in(&self, role: &'static str, seat: Seat) -> Result<(), Error> {
        if seat.index() < self.seats_n() {
            Ok(())
        } else {
            Err(PositionError::SeatOffTable { role, seat }.into())
        }
    }

    /// The players' part of a setup.
    fn set_players(&mut self, players: &[PlayerSetup], taken: &mut [u64; 2]) -> Result<(), Error> {
        for (p, ps) in players.iter().enumerate() {
            self.hand[p] = ps.dice_in_hand;
            self.chips[p] = ps.chips;
            let temple = faces(&ps.templum)?;
            self.temple_dice[p] = temple.len() as u8;
            self.temple_pips[p] = temple.pips() as u8;
            let senatus = faces(&ps.senatus)?;
            if !senatus.is_empty() {
                let low = ps.senatus.iter().min().copied().unwrap_or(1);
                let st = Straight {
                    low,
                    len: senatus.len() as u8,
                };
                let straight = (0..st.len).all(|i| senatus.count(low + i) == 1);
                if !straight {
                    return Err(SetupError::NotAStraight(Seat(p as u8)).into());
                }
                self.straights[p] = st;
            }
            self.latrina[p] = ps.latrina;
            self.fortuna_drawn[p] = tiles(&ps.fortuna_drawn)?;
            self.fortuna_kept[p] = tiles(&ps.fortuna_kept)?;
            self.fortuna_chosen[p] = tiles(&ps.fortuna_chosen)?;
            self.provinces[p] =
                bits(&ps.provinces, "province", |x: Province| x.0, &mut taken[0])? as u32;
            self.patricians[p] = bits(
                &ps.patricians,
                "patrician",
                |x: Patrician| x.0,
                &mut taken[1],
            )?;
        }
        Ok(())
    }

    /// The senate cards: hands, the offer, the cards under the deck and the passes; the deck
    /// holds the rest.
    fn set_senate(&mut self, setup: &Setup, offer: &[String]) -> Result<(), Error> {
        let mut deck = CARD_COPIES;
        if !self.config.card_iv_in_play() {
            deck[Card::ManyFortuna.index()] = 0;
        }
        for (p, ps) in setup.players.iter().enumerate() {
            for name in &ps.senate_cards {
                let k = self.take_card(name, &mut deck)?;
                self.senate_hands[p][k as usize] += 1;
            }
        }
        if offer.len() > 3 {
            return Err(SetupError::TooMany("senate cards on offer").into());
        }
        for (i, name) in offer.iter().enumerate() {
            self.offer[i] = self.take_card(name, &mut deck)?;
        }
        self.offer_len = offer.len() as u8;
        if setup.under_senate_deck.len() > MAX_BOTTOM {
            return Err(SetupError::TooMany("senate cards under the deck").into());
        }
        for (i, u) in setup.under_senate_deck.iter().enumerate() {
            self.seat_in(
                "player who has seen a card under the senate deck",
                u.seen_by,
            )?;
            self.senate_bottom[i] = self.take_card(&u.card, &mut deck)?;
            self.senate_bottom_seen[i] = 1 << u.seen_by.0;
        }
        self.senate_bottom_len = setup.under_senate_deck.len() as u8;
        self.senate_deck = deck;
        if setup.senate_passes.len() > MAX_PASSES {
            return Err(SetupError::TooMany("senate passes").into());
        }
        for (i, r) in setup.senate_passes.iter().enumerate() {
            let card = |name: &str| self.card_of(name).map(|c| c.index() as u8);
            let other = match r.then {
                PassedOn::Seat(s) => s.0,
                PassedOn::UnderDeck(b) => UNDER_DECK.saturating_add(b),
            };
            self.passes[i] = Pass {
                from: r.from.0,
                to: r.to.0,
                kept: card(&r.kept)?,
                passed: card(&r.passed)?,
                other,
            };
        }
        self.passes_len = setup.senate_passes.len() as u8;
        Ok(())
    }

    /// The senate evaluation under way: the recipients and the chooser.
    fn set_recipients(&mut self, recipients: &[Seat], chooser: Option<Seat>) -> Result<(), Error> {
        if recipients.len() > 3 {
            return Err(SetupError::TooMany("senate recipients").into());
        }
        for (i, &s) in recipients.iter().enumerate() {
            self.seat_in("senate recipient", s)?;
            self.senate_order[i] = s.0;
        }
        self.senate_order_len = recipients.len() as u8;
        let step = match chooser {
            Some(c) => recipients
                .iter()
                .position(|&s| s == c)
                .ok_or(SetupError::NotARecipient(c))?,
            None => 0,
        };
        self.senate_step = step as u8;
        self.offer_seen = recipients[..(step + 1).min(recipients.len())]
            .iter()
            .fold(0, |m, s| m | 1 << s.0);
        Ok(())
    }

    /// What happens now: the phase, the player in turn, the roll, the keep choices.
    fn set_moment(&mut self, moment: &Moment) -> Result<(), Error> {
        let mut current = None;
        self.phase = match moment {
            Moment::RevealProvinces => Phase::RevealProvinces,
            Moment::RevealPatricians => Phase::RevealPatricians,
            Moment::Roll { seat, kept } => {
                self.seat_in("player in turn", *seat)?;
                current = Some(*seat);
                self.roll = faces(kept)?;
                self.pending = self.hand[seat.index()].saturating_sub(kept.len() as u8);
                Phase::Roll
            }
            Moment::Place {
                seat,
                dice,
                selected,
            } => {
                self.seat_in("player in turn", *seat)?;
                current = Some(*seat);
                self.roll = faces(dice)?;
                self.selected = faces(selected)?;
                Phase::Place
            }
            Moment::DrawFortuna { seat, left } => {
                self.seat_in("player drawing Fortuna tiles", *seat)?;
                current = Some(*seat);
                Phase::DrawFortuna {
                    seat: *seat,
                    left: *left,
                    bonus: false,
                }
            }
            Moment::DrawFortunaExtra { seat } => Phase::DrawFortuna {
                seat: *seat,
                left: 1,
                bonus: true,
            },
            Moment::KeepFortuna { to_keep } => {
                if to_keep.len() > self.seats_n() {
                    return Err(SetupError::TooMany("players keeping Fortuna tiles").into());
                }
                self.keep_left[..to_keep.len()].copy_from_slice(to_keep);
                Phase::KeepFortuna
            }
            Moment::DrawSenate { recipients, offer } => {
                self.set_recipients(recipients, None)?;
                Phase::DrawSenate {
                    left: 3u8.saturating_sub(offer.len() as u8),
                }
            }
            Moment::KeepSenate {
                recipients,
                chooser,
                ..
            } => {
                self.set_recipients(recipients, Some(*chooser))?;
                Phase::KeepSenate { seat: *chooser }
            }
            Moment::TakeProvince { seat } => Phase::TakeProvince { seat: *seat },
            Moment::TakePatrician { seat } => Phase::TakePatrician { seat: *seat },
            Moment::Over => Phase::Over,
        };
        self.current = current.map_or(self.start, |s| s.0);
        Ok(())
    }

    /// The last pass follows from the dice in hand: a player has placed their last die (the
    /// player in turn only once their turn is over); during the evaluation it is still set.
    fn derive_last_pass(&mut self) {
        let n = self.seats_n();
        let placed = matches!(self.phase, Phase::DrawFortuna { bonus: false, .. });
        self.last_pass = match self.phase {
            Phase::RevealProvinces | Phase::RevealPatricians | Phase::Over => false,
            Phase::Roll | Phase::Place | Phase::DrawFortuna { bonus: false, .. } => {
                (0..n).any(|p| self.hand[p] == 0 && !(placed && p == self.current as usize))
            }
            _ => true,
        };
    }
}

impl FromSetup for State {
    type Setup = Setup;

    fn to_setup(&self) -> Setup {
        let n = self.seats_n();
        let provinces =
            |bits: u32| -> Vec<String> { Province::all_in(bits).map(|p| p.to_string()).collect() };
        let patricians =
            |bits: u64| -> Vec<String> { Patrician::all_in(bits).map(|t| t.to_string()).collect() };
        let card = |k: u8| self.card_name(k as usize);
        let offer: Vec<String> = self.offer[..self.offer_len as usize]
            .iter()
            .map(|&k| card(k))
            .collect();
        let recipients: Vec<Seat> = self.senate_order[..self.senate_order_len as usize]
            .iter()
            .map(|&s| Seat(s))
            .collect();
        let moment = match self.phase {
            Phase::RevealProvinces => Moment::RevealProvinces,
            Phase::RevealPatricians => Moment::RevealPatricians,
            Phase::Roll => Moment::Roll {
                seat: Seat(self.current),
                kept: self.roll.values().collect(),
            },
            Phase::Place => Moment::Place {
                seat: Seat(self.current),
                dice: self.roll.values().collect(),
                selected: self.selected.values().collect(),
            },
            Phase::DrawFortuna { seat, left, bonus } => match bonus {
                false => Moment::DrawFortuna { seat, left },
                true => Moment::DrawFortunaExtra { seat },
            },
            Phase::KeepFortuna => Moment::KeepFortuna {
                to_keep: self.keep_left[..n].to_vec(),
            },
            Phase::DrawSenate { .. } => Moment::DrawSenate { recipients, offer },
            Phase::KeepSenate { seat } => Moment::KeepSenate {
                recipients,
                chooser: seat,
                offer,
            },
            Phase::TakeProvince { seat } => Moment::TakeProvince { seat },
            Phase::TakePatrician { seat } => Moment::TakePatrician { seat },
            _ => Moment::Over,
        };
        let players = (0..n)
            .map(|p| {
                let st = self.straights[p];
                PlayerSetup {
                    dice_in_hand: self.hand[p],
                    chips: self.chips[p],
                    templum: faces_of_sum(self.temple_dice[p], self.temple_pips[p]),
                    senatus: (0..st.len).map(|i| st.low + i).collect(),
                    latrina: self.latrina[p],
                    fortuna_drawn: tile_values(self.fortuna_drawn[p]),
                    fortuna_kept: tile_values(self.fortuna_kept[p]),
                    fortuna_chosen: tile_values(self.fortuna_chosen[p]),
                    provinces: provinces(self.provinces[p]),
                    patricians: patricians(self.patricians[p]),
                    senate_cards: self.card_names(&self.senate_hands[p]),
                }
            })
            .collect();
        let castrum = self
            .castrum_sets()
            .into_iter()
            .map(|(owner, value, count)| CastrumSet {
                owner,
                value,
                count,
            })
            .collect();
        let forum = self
            .forum()
            .into_iter()
            .map(|(value, owner)| ForumDie { value, owner })
            .collect();
        let mut out_p =
            ((1u32 << PROVINCE_CARDS) - 1) & !self.province_stack & !self.provinces_shown;
        let mut out_t = ((1u64 << PATRICIANS) - 1) & !self.patrician_stack & !self.patricians_shown;
        for p in 0..n {
            out_p &= !self.provinces[p];
            out_t &= !self.patricians[p];
        }
        Setup {
            round: self.round(),
            moment,
            players,
            castrum,
            forum,
            provinces_shown: provinces(self.provinces_shown),
            patricians_shown: patricians(self.patricians_shown),
            provinces_out: provinces(out_p),
            patricians_out: patricians(out_t),
            fortuna_discards: tile_values(self.fortuna_discard),
            under_senate_deck: (0..self.senate_bottom_len as usize)
                .map(|i| UnderDeck {
                    card: card(self.senate_bottom[i]),
                    seen_by: Seat(self.senate_bottom_seen[i].trailing_zeros() as u8),
                })
                .collect(),
            senate_passes: self.passes[..self.passes_len as usize]
                .iter()
                .map(|r| SenatePassSetup {
                    from: Seat(r.from),
                    to: Seat(r.to),
                    kept: card(r.kept),
                    passed: card(r.passed),
                    then: if r.other >= UNDER_DECK {
                        PassedOn::UnderDeck(r.other - UNDER_DECK)
                    } else {
                        PassedOn::Seat(Seat(r.other))
                    },
                })
                .collect(),
        }
    }

    fn from_setup(config: &Config, setup: &Setup) -> Result<State, Error> {
        config.validate()?;
        let n = config.seats as usize;
        if setup.players.len() != n {
            return Err(SetupError::Players {
                seats: config.seats,
                found: setup.players.len(),
            }
            .into());
        }
        let rounds = config.rounds();
        let over = setup.moment == Moment::Over;
        if setup.round == 0 || setup.round > rounds || (over && setup.round != rounds) {
            return Err(SetupError::Round {
                rounds,
                round: setup.round,
            }
            .into());
        }
        let mut s = State::empty(config);
        s.round = if over { rounds } else { setup.round - 1 };
        s.start = ((config.start.0 as usize + (setup.round - 1) as usize) % n) as u8;
        let mut taken = [0u64; 2];
        s.set_players(&setup.players, &mut taken)?;
        for set in &setup.castrum {
            s.seat_in("owner of a Castrum set", set.owner)?;
            let (value, count) = (set.value, set.count);
            if !(1..=6).contains(&value) || !(1..=8).contains(&count) {
                return Err(SetupError::CastrumSet { value, count }.into());
            }
            let cell = &mut s.castrum[value as usize - 1][count as usize - 1];
            if *cell != 0 {
                return Err(SetupError::SameCastrumSet { value, count }.into());
            }
            *cell = set.owner.0 + 1;
        }
        if setup.forum.len() > s.forum.len() {
            return Err(PositionError::Forum.into());
        }
        for (i, d) in setup.forum.iter().enumerate() {
            s.seat_in("owner of a Forum die", d.owner)?;
            if !(1..=6).contains(&d.value) {
                return Err(SetupError::Face(d.value).into());
            }
            s.forum[i] = d.value | d.owner.0 << 4;
        }
        s.forum_len = setup.forum.len() as u8;
        let province = |x: Province| x.0;
        let patrician = |x: Patrician| x.0;
        s.provinces_shown =
            bits(&setup.provinces_shown, "province", province, &mut taken[0])? as u32;
        bits(&setup.provinces_out, "province", province, &mut taken[0])?;
        s.province_stack = (((1u64 << PROVINCE_CARDS) - 1) & !taken[0]) as u32;
        s.patricians_shown = bits(
            &setup.patricians_shown,
            "patrician",
            patrician,
            &mut taken[1],
        )?;
        bits(&setup.patricians_out, "patrician", patrician, &mut taken[1])?;
        s.patrician_stack = ((1u64 << PATRICIANS) - 1) & !taken[1];
        s.fortuna_discard = tiles(&setup.fortuna_discards)?;
        for v in 0..3 {
            let mut used = s.fortuna_discard[v] as u32;
            for p in 0..n {
                used += s.fortuna_drawn[p][v] as u32
                    + s.fortuna_chosen[p][v] as u32
                    + s.fortuna_kept[p][v] as u32;
            }
            s.fortuna_stack[v] = (FORTUNA_TILES[v] as u32)
                .checked_sub(used)
                .ok_or(SetupError::TooManyFortuna(v as u8 + 1))?
                as u8;
        }
        let offer: &[String] = match &setup.moment {
            Moment::DrawSenate { offer, .. } | Moment::KeepSenate { offer, .. } => offer,
            _ => &[],
        };
        s.set_senate(setup, offer)?;
        s.set_moment(&setup.moment)?;
        s.derive_last_pass();
        s.checked()
    }
}
