//! Fixed action ids and the observation tensor ([`dicecore::Encode`]), documented on the
//! impl for [`State`].

use crate::board::{Board, AREAS, SEGMENTS, SEGMENT_LENGTHS};
use crate::dice::{multiset_index, multisets, MULTISETS};
use crate::{Action, Config, DiceSet, Phase, State, View, DICE, MAX_SEATS, ROLLS};
use dicecore::{Encode, Game, Seat, Turn};

/// Coloured spaces on every board: one segment each of length 2, 3, 4 and 5 per colour.
const COLOURED: usize =
    6 * (SEGMENT_LENGTHS[0] + SEGMENT_LENGTHS[1] + SEGMENT_LENGTHS[2] + SEGMENT_LENGTHS[3]);
/// Spaces on every board: the coloured ones and the two white ones.
const SPACES: usize = COLOURED + 2;

const REROLL: usize = MULTISETS;
const STOP: usize = REROLL + MULTISETS;
const COMPLETE: usize = STOP + 1;
const CROSS: usize = COMPLETE + SEGMENTS;
const DONE: usize = CROSS + COLOURED;
const ACTIONS: usize = DONE + 1;

/// Players at the table (2–4), whatever the config says.
fn seats(config: &Config) -> usize {
    (config.seats as usize).clamp(2, MAX_SEATS)
}

/// The number of a coloured space among the coloured spaces (the white ones skipped).
fn coloured_number(board: &Board, space: usize) -> Option<usize> {
    let white = board.white();
    if space >= board.space_count() || white.contains(space) {
        return None;
    }
    Some(space - white.iter().filter(|&w| w < space).count())
}

/// The space of the `n`-th coloured space.
fn coloured_space(board: &Board, n: usize) -> Option<usize> {
    let mut space = n;
    for w in board.white().iter() {
        if w <= space {
            space += 1;
        }
    }
    (space < board.space_count()).then_some(space)
}

/// Writes the counts of a multiset of dice, each as a fraction of the five dice.
fn write_dice(out: &mut [f32], dice: DiceSet) {
    for (o, &n) in out.iter_mut().zip(&dice.0) {
        *o = n as f32 / DICE as f32;
    }
}

/// Writes an area mask, one entry per area.
fn write_areas(out: &mut [f32], mask: u16) {
    for (a, o) in out.iter_mut().enumerate() {
        *o = f32::from(u8::from(mask & (1 << a) != 0));
    }
}

// Every game's `Encode` impl starts alike (its own constants for the sizes of the id
// spaces); the ids and layouts are this game's own and must not move.
/// The Border's action ids and observation tensor.
///
/// **Action ids** (1,032 in all, for every config):
///
/// | ids | action |
/// |---|---|
/// | 0–460 | chance: [`Action::Roll`] of 1–5 dice, one id per multiset of colours |
/// | 461–921 | [`Action::Reroll`] of 1–5 dice, one id per multiset (id = 461 + its roll id) |
/// | 922 | [`Action::Stop`] |
/// | 923–946 | [`Action::Complete`] of segment 0–23 (id = 923 + segment) |
/// | 947–1030 | [`Action::Cross`] of one of the 84 coloured spaces (id = 947 + its number among the coloured spaces, counted in space order with the two white spaces skipped) |
/// | 1031 | [`Action::Done`] (ending action 1 or one's action 2) |
///
/// A multiset's id orders the multisets by their number of dice (6 of one die, then 21, 56,
/// 126 and 252), and each number of dice in the order of [`crate::roll_table`] (colour
/// counts in [`Colour::ALL`](dicecore::faces::Colour::ALL) order, the most grey first): `grey` is 0, `orange` is 5,
/// `grey grey` is 6, five orange dice is 460. The white spaces start crossed, so no action
/// crosses them (their `Cross` has no id); on the stand-in boards they are spaces 0 and 85,
/// so coloured space `s` has id `947 + s − 1`.
///
/// **Observation** of a seat: a flat tensor of `630 · seats + 37` entries read from its
/// [`View`], one block per seat counted from the observer's (its own block first, then the
/// others clockwise), then the table's block. The Border hides nothing: every seat sees the
/// whole table. A seat's block (offsets within it):
///
/// | entries | meaning |
/// |---|---|
/// | 0–85 | 1 where the space is crossed (space order of [`crate::Board::spaces`]) |
/// | 86–601 | the colour of each space: entry `86 + 6 · space + colour` ([`Colour::index`](dicecore::faces::Colour::index)) is 1; all six are 0 for a white space |
/// | 602–610 | 1 per completed area (area order of [`crate::Board::areas`]) |
/// | 611–619 | points scored per area, as a fraction of the area's first value |
/// | 620 | total score, as a fraction of the sum of the areas' first values |
/// | 621 | 1 if this seat is the active player (rolling, or completing segments in action 1) |
/// | 622 | 1 if this seat is still to cross spaces in action 2 |
/// | 623–628 | the dice this seat may still use in action 2, per colour, as a fraction of 5 |
/// | 629 | how many of them it may still use, as a fraction of 5 |
///
/// The table's block (offsets after the seats' blocks):
///
/// | entries | meaning |
/// |---|---|
/// | 0–4 | one-hot of the phase: rolling, deciding to re-roll or stop, action 1, action 2, over |
/// | 5–10 | the dice showing, per colour, as a fraction of 5 |
/// | 11–16 | the dice used in action 1, per colour, as a fraction of 5 |
/// | 17 | dice rolling now, as a fraction of 5 |
/// | 18 | re-rolls the active player has left once the dice rolling land, as a fraction of 2 |
/// | 19–27 | 1 per area already taken (worth its later value now) |
/// | 28–36 | 1 per area first completed in the action 2 under way (taken when it ends) |
///
/// ```
/// use dicecore::{faces::Colour::*, Encode, Game, Seat};
/// use the_border::{Action, DiceSet, State};
/// let config = State::standard_config(3, 1).unwrap();
/// assert_eq!(State::num_distinct_actions(&config), 1032);
/// let roll = Action::Roll(DiceSet::from_colours(&[Grey, Grey]));
/// assert_eq!(State::action_id(&config, &roll), Some(6));
/// let complete = Action::Complete { seat: Seat(2), segment: 5 };
/// assert_eq!(State::action_id(&config, &complete), Some(928));
/// assert_eq!(State::action_from_id(&config, Seat(2), 928), Some(complete));
/// assert_eq!(State::observation_len(&config), 3 * 630 + 37);
/// ```
impl Encode for State {
    fn max_chance_outcomes(_: &Config) -> usize {
        MULTISETS
    }

    fn num_distinct_actions(_: &Config) -> usize {
        ACTIONS
    }

    fn action_id(config: &Config, action: &Action) -> Option<usize> {
        match *action {
            Action::Roll(dice) => multiset_index(dice),
            Action::Reroll { dice, .. } => multiset_index(dice).map(|i| REROLL + i),
            Action::Stop(_) => Some(STOP),
            Action::Complete { segment, .. } => {
                (usize::from(segment) < SEGMENTS).then_some(COMPLETE + segment as usize)
            }
            Action::Cross { space, .. } => {
                coloured_number(&*config.first_board()?, space as usize).map(|n| CROSS + n)
            }
            Action::Done(_) => Some(DONE),
        }
    }

    fn action_from_id(config: &Config, seat: Seat, id: usize) -> Option<Action> {
        Some(match id {
            0..REROLL => Action::Roll(multisets()[id]),
            REROLL..STOP => Action::Reroll {
                seat,
                dice: multisets()[id - REROLL],
            },
            STOP => Action::Stop(seat),
            COMPLETE..CROSS => Action::Complete {
                seat,
                segment: (id - COMPLETE) as u8,
            },
            CROSS..DONE => Action::Cross {
                seat,
                space: coloured_space(&*config.first_board()?, id - CROSS)? as u8,
            },
            DONE => Action::Done(seat),
            _ => return None,
        })
    }

    fn observation_shape(config: &Config) -> Vec<usize> {
        vec![layout(seats(config)).len]
    }

    /// Every entry lies in 0..=1: crosses, colours and one-hots, points as fractions of the
    /// first values (an area scores its first value or less), dice as fractions of five.
    fn observation_bounds(config: &Config) -> (Vec<f32>, Vec<f32>) {
        dicecore::encode::unit_bounds(layout(seats(config)).len)
    }

    fn encode_view(config: &Config, seat: Seat, view: &View, out: &mut [f32]) {
        out.fill(0.0);
        let n = seats(config);
        let at = layout(n);
        if out.len() < at.len {
            return;
        }
        let s = &view.state;
        let to_act = match s.turn() {
            Turn::Seats(set) => set,
            _ => dicecore::SeatSet::EMPTY,
        };
        for k in 0..n {
            let who = Seat(((seat.index() + k) % n) as u8);
            let block = &mut out[k * at.per_seat..(k + 1) * at.per_seat];
            let board = s.board(who);
            let crossed = s.crossed(who);
            for (i, space) in board.spaces().iter().enumerate().take(SPACES) {
                block[at.crossed + i] = f32::from(u8::from(crossed.contains(i)));
                if let Some(c) = space.colour {
                    block[at.colour + 6 * i + c.index()] = 1.0;
                }
            }
            write_areas(&mut block[at.areas..at.points], s.completed(who));
            let points = s.area_points(who);
            for ((o, area), &p) in block[at.points..at.score]
                .iter_mut()
                .zip(board.areas())
                .zip(&points)
            {
                *o = p as f32 / area.high.max(1) as f32;
            }
            let most: u32 = board.areas().iter().map(|a| a.high as u32).sum();
            block[at.score] = s.total_score(who) as f32 / most.max(1) as f32;
            let over = s.phase() == Phase::Over;
            block[at.active] = f32::from(u8::from(!over && s.active() == who));
            block[at.to_act] = f32::from(u8::from(to_act.contains(who)));
            let (pool, left) = s.available(who);
            write_dice(&mut block[at.pool..at.left], pool);
            block[at.left] = left as f32 / DICE as f32;
        }
        let phase = match s.phase() {
            Phase::Rolling => 0,
            Phase::Deciding => 1,
            Phase::Crossing => 2,
            Phase::Others => 3,
            Phase::Over => 4,
        };
        out[at.phase + phase] = 1.0;
        write_dice(&mut out[at.showing..at.used], s.dice());
        write_dice(&mut out[at.used..at.rolling], s.used());
        out[at.rolling] = s.rolling_dice() as f32 / DICE as f32;
        let rerolls = match s.phase() {
            Phase::Rolling => ROLLS.saturating_sub(1 + s.rolls()),
            Phase::Deciding => ROLLS.saturating_sub(s.rolls()),
            _ => 0,
        };
        out[at.rerolls] = rerolls as f32 / (ROLLS - 1) as f32;
        write_areas(&mut out[at.taken..at.taken_now], s.taken_areas());
        write_areas(&mut out[at.taken_now..at.len], s.taken_this_action());
    }
}

/// Where each part of the observation starts, for `seats` players: one block per seat (the
/// observer's first, then clockwise), its parts at offsets within the block, then the table's
/// block, its parts at offsets in the whole observation.
struct Layout {
    crossed: usize,
    colour: usize,
    areas: usize,
    points: usize,
    score: usize,
    active: usize,
    to_act: usize,
    pool: usize,
    left: usize,
    per_seat: usize,
    phase: usize,
    showing: usize,
    used: usize,
    rolling: usize,
    rerolls: usize,
    taken: usize,
    taken_now: usize,
    len: usize,
}

/// The observation's layout for `seats` players.
const fn layout(seats: usize) -> Layout {
    let crossed = 0;
    let colour = crossed + SPACES;
    let areas = colour + 6 * SPACES;
    let points = areas + AREAS;
    let score = points + AREAS;
    let active = score + 1;
    let to_act = active + 1;
    let pool = to_act + 1;
    let left = pool + 6;
    let per_seat = left + 1;
    let phase = seats * per_seat;
    let showing = phase + 5;
    let used = showing + 6;
    let rolling = used + 6;
    let rerolls = rolling + 1;
    let taken = rerolls + 1;
    let taken_now = taken + AREAS;
    Layout {
        crossed,
        colour,
        areas,
        points,
        score,
        active,
        to_act,
        pool,
        left,
        per_seat,
        phase,
        showing,
        used,
        rolling,
        rerolls,
        taken,
        taken_now,
        len: taken_now + AREAS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicecore::faces::Colour::*;

    /// One seat's block of the observation.
    const PER_SEAT: usize = layout(2).per_seat;

    #[test]
    fn the_id_table_has_the_documented_bounds() {
        assert_eq!((MULTISETS, REROLL, STOP, COMPLETE), (461, 461, 922, 923));
        assert_eq!((CROSS, DONE, ACTIONS, COLOURED), (947, 1031, 1032, 84));
        let at = layout(3);
        assert_eq!((at.per_seat, at.len - at.phase), (630, 37));
        assert_eq!(at.phase, 3 * at.per_seat);
    }

    #[test]
    fn crosses_are_numbered_among_the_coloured_spaces() {
        for seats in 2..=4 {
            let config = Config::new(seats);
            let board = config.first_board().unwrap();
            assert_eq!(board.space_count(), SPACES);
            let mut ids = Vec::new();
            for space in 0..=u8::MAX {
                let a = Action::Cross {
                    seat: Seat(1),
                    space,
                };
                let id = State::action_id(&config, &a);
                let white = board.white().contains(space as usize);
                assert_eq!(id.is_some(), !white && (space as usize) < SPACES, "{space}");
                if let Some(id) = id {
                    assert_eq!(State::action_from_id(&config, Seat(1), id), Some(a));
                    ids.push(id);
                }
            }
            assert_eq!(ids, (CROSS..DONE).collect::<Vec<_>>());
        }
        // The stand-in boards' white spaces are the first and the last.
        let board = Config::new(2).first_board().unwrap();
        assert_eq!(board.white().iter().collect::<Vec<_>>(), vec![0, 85]);
    }

    #[test]
    fn ids_out_of_range_and_impossible_actions_have_none() {
        let config = Config::new(2);
        assert_eq!(State::action_from_id(&config, Seat(0), ACTIONS), None);
        let none = [
            Action::Roll(DiceSet::EMPTY),
            Action::Roll(DiceSet([6, 0, 0, 0, 0, 0])),
            Action::Reroll {
                seat: Seat(0),
                dice: DiceSet([3, 3, 0, 0, 0, 0]),
            },
            Action::Complete {
                seat: Seat(0),
                segment: 24,
            },
        ];
        for a in none {
            assert_eq!(State::action_id(&config, &a), None, "{a}");
        }
        let five_orange = Action::Roll(DiceSet([0, 0, 0, 0, 0, 5]));
        assert_eq!(State::action_id(&config, &five_orange), Some(460));
        let reroll = Action::Reroll {
            seat: Seat(1),
            dice: DiceSet::from_colours(&[Orange]),
        };
        assert_eq!(State::action_id(&config, &reroll), Some(466));
        assert_eq!(State::action_from_id(&config, Seat(1), 466), Some(reroll));
    }

    /// The tensor of one position, checked entry by entry at fixed offsets.
    #[test]
    fn the_observation_layout_by_hand() {
        let mut s = State::new(&Config::new(3)).unwrap();
        let roll = DiceSet::from_colours(&[Grey, Grey, Red, Blue, Orange]);
        s.apply_in_place(&Action::Roll(roll)).unwrap();
        s.apply_in_place(&Action::Reroll {
            seat: Seat(0),
            dice: DiceSet::from_colours(&[Orange]),
        })
        .unwrap();
        // Seat 0 is active and re-rolls one die: one roll made, one die in the air.
        let obs = s.observation(Seat(2));
        assert_eq!(obs.len(), layout(3).len);
        let board_c = s.board(Seat(2));
        // The observer (seat 2, board C) comes first; its two white spaces are crossed.
        assert_eq!(obs[0], 1.0);
        assert_eq!(obs[85], 1.0);
        assert_eq!(obs[1..85].iter().sum::<f32>(), 0.0);
        let c1 = board_c.spaces()[1].colour.unwrap();
        assert_eq!(obs[86 + 6 + c1.index()], 1.0);
        assert_eq!(obs[86..92].iter().sum::<f32>(), 0.0, "space 0 is white");
        assert_eq!(obs[86..602].iter().sum::<f32>(), 84.0);
        // Seat 0 (the active player) is the second block after seat 2; seat 1 the third.
        assert_eq!(obs[621], 0.0);
        assert_eq!(obs[PER_SEAT + 621], 1.0);
        assert_eq!(obs[2 * PER_SEAT + 621], 0.0);
        let c1_a = s.board(Seat(0)).spaces()[1].colour.unwrap();
        assert_eq!(obs[PER_SEAT + 86 + 6 + c1_a.index()], 1.0);
        let t = 3 * PER_SEAT;
        assert_eq!(obs[t..t + 5], [1.0, 0.0, 0.0, 0.0, 0.0], "rolling");
        // Four dice showing: grey grey red blue.
        assert_eq!(obs[t + 5..t + 11], [0.4, 0.0, 0.2, 0.2, 0.0, 0.0]);
        assert_eq!(obs[t + 11..t + 17], [0.0; 6]);
        assert_eq!(obs[t + 17], 0.2, "one die rolling");
        assert_eq!(obs[t + 18], 0.5, "one re-roll left once it lands");
        assert_eq!(obs[t + 19..t + 37], [0.0; 18]);
        // Every entry is written.
        assert!(obs.iter().all(|x| x.is_finite()));
    }

    /// Scores, completed areas, taken areas and the dice of action 2, at fixed offsets.
    #[test]
    fn the_observation_of_action_2() {
        let mut s = State::new(&Config::new(2)).unwrap();
        let board = s.board(Seat(0)).clone();
        // A colour seat 1 can cross next to one of its white spaces.
        let b = s.board(Seat(1));
        let next_to_white = b.white().iter().flat_map(|w| b.neighbours(w).iter());
        let colour = next_to_white
            .filter_map(|i| b.spaces()[i].colour)
            .next()
            .unwrap();
        // Seat 0 rolls five dice of that colour, stops, and completes its segment of two.
        let mut five = DiceSet::EMPTY;
        five.0[colour.index()] = 5;
        s.apply_in_place(&Action::Roll(five)).unwrap();
        s.apply_in_place(&Action::Stop(Seat(0))).unwrap();
        let two = board
            .colour_segment_ids(colour)
            .iter()
            .copied()
            .find(|&k| board.segments()[k as usize].spaces.count() == 2)
            .unwrap();
        s.apply_in_place(&Action::Complete {
            seat: Seat(0),
            segment: two,
        })
        .unwrap();
        s.apply_in_place(&Action::Done(Seat(0))).unwrap();
        assert_eq!(s.phase(), Phase::Others);
        let obs = s.observation(Seat(1));
        // Seat 1 may use the three dice left.
        let mut three = [0.0; 6];
        three[colour.index()] = 0.6;
        assert_eq!(obs[622], 1.0);
        assert_eq!(obs[623..629], three);
        assert_eq!(obs[629], 0.6);
        // Seat 0's block: two more crossed spaces, the dice used.
        let crossed: f32 = obs[PER_SEAT..PER_SEAT + 86].iter().sum();
        assert_eq!(crossed, 4.0);
        assert_eq!(obs[PER_SEAT + 622], 0.0);
        let t = 2 * PER_SEAT;
        assert_eq!(obs[t + 3], 1.0, "action 2");
        let mut two_used = [0.0; 6];
        two_used[colour.index()] = 0.4;
        assert_eq!(obs[t + 11..t + 17], two_used);
        assert_eq!(obs[t + 18], 0.0);
    }
}
