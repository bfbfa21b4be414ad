//! Fixed action ids and the observation tensor ([`dicecore::Encode`]), documented on the
//! impl for [`State`].

use crate::board::{Space, SPACES};
use crate::{Action, Config, State, Status, View};
use dicecore::{Encode, Seat};

const ROLLS: usize = 11;
const PLACE: usize = ROLLS;
const REMOVE: usize = PLACE + SPACES;
const ACTIONS: usize = REMOVE + SPACES;
const ROLL_AT: usize = 3 * SPACES;
const TO_MOVE_AT: usize = ROLL_AT + ROLLS;
const SUPPLY_AT: usize = TO_MOVE_AT + 1;
const TURNS_AT: usize = SUPPLY_AT + 3;
const OVER_AT: usize = TURNS_AT + 1;
const LEN: usize = OVER_AT + 1;

/// Sequence Dice's action ids and observation tensor.
///
/// **Action ids** (83 in all):
///
/// | ids | action |
/// |---|---|
/// | 0–10 | chance: [`Action::Roll`] of 2–12 (id = total − 2) |
/// | 11–46 | [`Action::Place`] on space 0–35 (id = 11 + space) |
/// | 47–82 | [`Action::Remove`] from space 0–35 (id = 47 + space) |
///
/// Spaces are numbered row-major from the top left ([`crate::board`]).
///
/// **Observation** of a seat: a flat tensor of 125 entries read from its [`View`], sides
/// counted from the observer's (its own side first, then clockwise; the third block is zero
/// unless three sides play):
///
/// | entries | meaning |
/// |---|---|
/// | 0–35, 36–71, 72–107 | 1 where a chip of that side lies, per space |
/// | 108–118 | one-hot of the pending roll 2–12 (all zero when none is pending) |
/// | 119 | 1 if the observer's side is to move |
/// | 120–122 | chips left in each side's supply, as a fraction of `chips_per_colour` |
/// | 123 | turns played, as a fraction of `max_turns` |
/// | 124 | 1 once the game is over |
///
/// ```
/// use dicecore::{Encode, Game, Seat};
/// use sequence_dice::{Action, Space, State};
/// let config = State::standard_config(2, 1).unwrap();
/// let place = Action::Place { seat: Seat(1), space: Space(7) };
/// assert_eq!(State::action_id(&config, &place), Some(18));
/// assert_eq!(State::action_from_id(&config, Seat(1), 18), Some(place));
/// assert_eq!(State::observation_len(&config), 125);
/// ```
impl Encode for State {
    fn max_chance_outcomes(_: &Config) -> usize {
        ROLLS
    }

    fn num_distinct_actions(_: &Config) -> usize {
        ACTIONS
    }

    fn action_id(_: &Config, action: &Action) -> Option<usize> {
        let space_ok = |s: Space| (s.index() < SPACES).then_some(s.index());
        match *action {
            Action::Roll(n @ 2..=12) => Some(n as usize - 2),
            Action::Roll(_) => None,
            Action::Place { space, .. } => space_ok(space).map(|i| PLACE + i),
            Action::Remove { space, .. } => space_ok(space).map(|i| REMOVE + i),
        }
    }

    fn action_from_id(_: &Config, seat: Seat, id: usize) -> Option<Action> {
        match id {
            0..ROLLS => Some(Action::Roll(id as u8 + 2)),
            PLACE..REMOVE => Some(Action::Place {
                seat,
                space: Space((id - PLACE) as u8),
            }),
            REMOVE..ACTIONS => Some(Action::Remove {
                seat,
                space: Space((id - REMOVE) as u8),
            }),
            _ => None,
        }
    }

    fn observation_shape(_: &Config) -> Vec<usize> {
        vec![LEN]
    }

    fn encode_view(config: &Config, seat: Seat, view: &View, out: &mut [f32]) {
        out.fill(0.0);
        if out.len() < LEN {
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
            out[SUPPLY_AT + k] = left;
        }
        if let Some(n @ 2..=12) = view.roll {
            out[ROLL_AT + n as usize - 2] = 1.0;
        }
        let over = view.status != Status::Playing;
        if !over && config.colour_of(view.to_move) == config.colour_of(seat) {
            out[TO_MOVE_AT] = 1.0;
        }
        out[TURNS_AT] = view.turns as f32 / config.max_turns.max(1) as f32;
        out[OVER_AT] = f32::from(u8::from(over));
    }
}
