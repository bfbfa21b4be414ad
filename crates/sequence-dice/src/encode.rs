//! Fixed action ids and the observation tensor ([`dicecore::Encode`]), documented on the
//! impl for [`State`].

use crate::board::{self, Cells, Space, SPACES};
use crate::{Action, Config, Phase, State, View};
use dicecore::{Encode, Seat};

/// The spaces a 10 can ever remove a chip from: every space but the 2s and 12s.
const REMOVABLE: Cells = board::ALL.and_not(&board::PROTECTED);
const ROLLS: usize = 11;
const PLACE: usize = ROLLS;
const REMOVE: usize = PLACE + SPACES;
const ACTIONS: usize = REMOVE + REMOVABLE.count();
/// Most seats at the table (the seat-to-move block has one entry per seat).
const MAX_SEATS: usize = 4;

// Every game's `Encode` impl starts alike (its own constants for the sizes of the id
// spaces); the ids and layouts are this game's own and must not move.
/// Sequence Dice's action ids and observation tensor.
///
/// **Action ids** (75 in all):
///
/// | ids | action |
/// |---|---|
/// | 0–10 | chance: [`Action::Roll`] of 2–12 (id = total − 2) |
/// | 11–46 | [`Action::Place`] on space 0–35 (id = 11 + space) |
/// | 47–74 | [`Action::Remove`] from the 28 spaces not numbered 2 or 12, in space order (b1 = 47, c1 = 48, d1 = 49, e1 = 50, a2 = 51, …, f5 = 70, b6 = 71, …, e6 = 74) |
///
/// Spaces are numbered row-major from the top left ([`crate::board`]). A removal from a 2 or
/// 12 space, a roll other than 2–12, a space off the board and a seat not at the table have no
/// id: no state can list them.
///
/// **Observation** of a seat: a flat tensor of 128 entries read from its [`View`], sides and
/// seats counted from the observer's (its own first, then in turn order; the third side's
/// block is zero unless three sides play):
///
/// | entries | meaning |
/// |---|---|
/// | 0–35, 36–71, 72–107 | 1 where a chip of that side lies, per space |
/// | 108–118 | one-hot of the pending roll 2–12 (all zero when none is pending) |
/// | 119–122 | one-hot of the seat to move: 119 the observer, 120 the next seat, … (all zero once the game is over) |
/// | 123–125 | chips left in each side's supply, as a fraction of `chips_per_colour` |
/// | 126 | turns played, as a fraction of `max_turns` |
/// | 127 | 1 once the game is over |
///
/// ```
/// use dicecore::{Encode, Game, Seat};
/// use sequence_dice::{Action, Space, State};
/// let config = State::standard_config(2, 1).unwrap();
/// let place = Action::Place { seat: Seat(1), space: Space(7) };
/// assert_eq!(State::action_id(&config, &place), Some(18));
/// assert_eq!(State::action_from_id(&config, Seat(1), 18), Some(place));
/// let remove = Action::Remove { seat: Seat(0), space: Space::parse("b1").unwrap() };
/// assert_eq!(State::action_id(&config, &remove), Some(47));
/// assert_eq!(State::num_distinct_actions(&config), 75);
/// assert_eq!(State::observation_len(&config), 128);
/// ```
impl Encode for State {
    fn max_chance_outcomes(_: &Config) -> usize {
        ROLLS
    }

    fn num_distinct_actions(_: &Config) -> usize {
        ACTIONS
    }

    fn action_id(config: &Config, action: &Action) -> Option<usize> {
        match *action {
            Action::Roll(n @ 2..=12) => Some(n as usize - 2),
            Action::Roll(_) => None,
            Action::Place { seat, .. } | Action::Remove { seat, .. } if seat.0 >= config.seats => {
                None
            }
            Action::Place { space, .. } => space.is_valid().then(|| PLACE + space.index()),
            Action::Remove { space, .. } => REMOVABLE.contains(space.index()).then(|| {
                let before = (1u64 << space.index()) - 1;
                REMOVE + (REMOVABLE.words()[0] & before).count_ones() as usize
            }),
        }
    }

    fn action_from_id(_: &Config, seat: Seat, id: usize) -> Option<Action> {
        match id {
            0..ROLLS => Some(Action::Roll(id as u8 + 2)),
            PLACE..REMOVE => Some(Action::Place {
                seat,
                space: Space((id - PLACE) as u8),
            }),
            REMOVE..ACTIONS => REMOVABLE.nth(id - REMOVE).map(|i| Action::Remove {
                seat,
                space: Space(i as u8),
            }),
            _ => None,
        }
    }

    fn observation_shape(_: &Config) -> Vec<usize> {
        vec![layout().len]
    }

    /// Every entry lies in 0..=1: chips, one-hots, and fractions of the supply and of
    /// `max_turns`.
    fn observation_bounds(_: &Config) -> (Vec<f32>, Vec<f32>) {
        dicecore::encode::unit_bounds(layout().len)
    }

    fn encode_view(config: &Config, seat: Seat, view: &View, out: &mut [f32]) {
        let at = layout();
        out.fill(0.0);
        if out.len() < at.len {
            return;
        }
        let sides = config.sides().clamp(1, 3);
        let own = config.colour_of(seat).index() % sides;
        for k in 0..sides {
            let side = (own + k) % sides;
            for space in view.chips[side].iter() {
                if space < SPACES {
                    out[k * SPACES + space] = 1.0;
                }
            }
            let left = view.supply[side] as f32 / config.chips_per_colour.max(1) as f32;
            out[at.supply + k] = left;
        }
        if let Some(n @ 2..=12) = view.roll {
            out[at.roll + n as usize - 2] = 1.0;
        }
        let over = view.phase != Phase::Playing;
        let seats = (config.seats as usize).clamp(1, MAX_SEATS);
        if !over {
            let after = (view.to_move.index() + seats - seat.index() % seats) % seats;
            out[at.to_move + after] = 1.0;
        }
        out[at.turns] = view.turns as f32 / config.max_turns.max(1) as f32;
        out[at.over] = f32::from(u8::from(over));
    }
}

/// Where each part of the observation starts, and its length: the three colours' chips (one
/// plane of spaces each, the observer's side first), then the scalars.
struct Layout {
    roll: usize,
    to_move: usize,
    supply: usize,
    turns: usize,
    over: usize,
    len: usize,
}

/// The observation's layout (the same for every config).
const fn layout() -> Layout {
    let roll = 3 * SPACES;
    let to_move = roll + ROLLS;
    let supply = to_move + MAX_SEATS;
    let turns = supply + 3;
    let over = turns + 1;
    Layout {
        roll,
        to_move,
        supply,
        turns,
        over,
        len: over + 1,
    }
}
