//! The contract's laws, checked on any state: one played from a config, loaded from a saved
//! file, built from a setup or left by a replay. A broken law panics with its statement.
//!
//! [`check_turn`] is the cheap part (who moves, what is listed, chance, ids), checked after
//! every action; [`check_state`] adds the deep part (every seat's view and `Display`,
//! determinisation, the JSON reload, setups, sampling, observation tensors).

use crate::Subject;
use dicecore::{Dice, FromSetup, Game, Probability, Seat, SeatSet, Turn};
use serde_json::Value;
use std::collections::HashSet;

/// At most this many listed actions have their ids checked per state.
pub const IDS_CHECKED: usize = 8;

/// The seats a turn lets decide.
pub fn deciding(turn: Turn) -> SeatSet {
    match turn {
        Turn::Seat(s) => SeatSet::single(s),
        Turn::Seats(set) => set,
        Turn::Chance | Turn::Over => SeatSet::EMPTY,
    }
}

/// The cheap laws: the outcome is `Some` exactly at `Over`, with one score per seat; every
/// listed action belongs to a seat that is to move and every such seat has one, chance
/// outcomes to none; listed actions have ids, distinct per seat (so no action is listed
/// twice), that decode back to them ([`check_ids`], on a sample of many). With `chance`, also
/// the chance laws ([`check_chance`]) and the ids of every listed action, which cost most where
/// a roll has many outcomes. Returns the listed actions.
pub fn check_turn<G: Subject>(state: &G, dice: &mut Dice, chance: bool) -> Vec<G::Action> {
    let turn = state.turn();
    let seats = state.seats();
    assert!(
        G::SEATS.contains(&seats),
        "{seats} seats is not a supported count"
    );
    let outcome = state.outcome();
    assert_eq!(
        outcome.is_some(),
        turn == Turn::Over,
        "outcome() is {outcome:?} at {turn:?}"
    );
    if let Some(o) = &outcome {
        assert_eq!(
            o.scores.len(),
            seats as usize,
            "the outcome has the wrong number of scores"
        );
        assert!(!o.winners.is_empty(), "nobody won");
        let others = o.winners.bits() & !SeatSet::all(seats).bits();
        assert_eq!(others, 0, "a winner is not at the table");
    }
    let mut legal = vec![];
    state.legal_actions(&mut legal);
    if turn == Turn::Chance {
        assert!(!legal.is_empty(), "a chance node without outcomes");
        for a in &legal {
            assert_eq!(
                state.action_seat(a),
                None,
                "chance outcome {a} names a seat"
            );
        }
        if chance {
            check_chance(state, &legal, dice);
        }
    } else {
        assert!(
            state.chance_outcomes().is_empty(),
            "chance outcomes at {turn:?}"
        );
        assert!(
            state.sample_chance(dice).is_none(),
            "sample_chance gives an outcome at {turn:?}"
        );
        assert!(
            state.chance_from_text("1").is_err(),
            "chance_from_text reads an outcome at {turn:?}"
        );
        let to_move = deciding(turn);
        assert_eq!(
            to_move.bits() & !SeatSet::all(seats).bits(),
            0,
            "{turn:?}: not at the table"
        );
        for a in &legal {
            let seat = state.action_seat(a);
            assert!(
                seat.is_some_and(|s| to_move.contains(s)),
                "action {a} belongs to {seat:?}, who is not to move at {turn:?}"
            );
        }
        for s in to_move {
            assert!(
                legal.iter().any(|a| state.action_seat(a) == Some(s)),
                "{s} is to move but has no legal action"
            );
        }
        assert_eq!(
            turn == Turn::Over,
            to_move.is_empty(),
            "{turn:?} with nobody to move"
        );
    }
    check_ids(state, &legal, chance);
    legal
}

/// The chance laws at a chance node listing `legal`: `legal_actions` clears its buffer; the
/// outcomes are exactly the listed actions, each once, with positive probabilities summing to
/// exactly 1; `sample_chance` draws a listed outcome, and `chance_from_text` reads it back
/// from its own text.
pub fn check_chance<G: Game>(state: &G, legal: &[G::Action], dice: &mut Dice) {
    let mut again = legal.to_vec();
    state.legal_actions(&mut again);
    assert!(
        again == legal,
        "legal_actions does not clear its buffer or is not deterministic"
    );
    let set: HashSet<&G::Action> = legal.iter().collect();
    let outcomes = state.chance_outcomes();
    assert!(
        outcomes
            .iter()
            .all(|(_, p)| p.numerator > 0 && p.denominator > 0),
        "a chance outcome has probability 0"
    );
    let total = Probability::sum(outcomes.iter().map(|(_, p)| *p));
    assert_eq!(
        total,
        Some(Probability::ONE),
        "chance outcomes do not sum to exactly 1"
    );
    let listed: HashSet<&G::Action> = outcomes.iter().map(|(a, _)| a).collect();
    assert_eq!(
        listed.len(),
        outcomes.len(),
        "a chance outcome is listed twice"
    );
    assert!(
        listed == set,
        "legal_actions at a chance node differ from chance_outcomes"
    );
    let drawn = state
        .sample_chance(dice)
        .expect("sample_chance is None at a chance node");
    assert!(
        set.contains(&drawn),
        "sample_chance gave {drawn}, not a listed outcome"
    );
    let typed = state.chance_from_text(&drawn.to_string());
    assert_eq!(
        typed.as_ref(),
        Ok(&drawn),
        "chance_from_text does not read '{drawn}'"
    );
}

/// Listed actions have ids in range (chance outcomes below `max_chance_outcomes`) that decode
/// back to them for their seat, and two listed actions of one seat never share an id (so none
/// is listed twice). Unless `all`, when more than [`IDS_CHECKED`] actions are listed (rolls of
/// many dice), only an evenly spread sample of that many is checked, to keep every step cheap.
fn check_ids<G: Subject>(state: &G, legal: &[G::Action], all: bool) {
    let config = state.config();
    let chance = G::max_chance_outcomes(config);
    let total = G::num_distinct_actions(config);
    assert!(
        chance <= total,
        "more chance ids ({chance}) than ids ({total})"
    );
    let is_chance = state.turn() == Turn::Chance;
    let stride = if all {
        1
    } else {
        legal.len().div_ceil(IDS_CHECKED).max(1)
    };
    let mut ids = Vec::with_capacity(legal.len().div_ceil(stride));
    for (i, a) in legal.iter().enumerate().step_by(stride) {
        let id = G::action_id(config, a).unwrap_or_else(|| panic!("listed action {a} has no id"));
        assert!(id < total, "{a} has id {id}, not below {total}");
        assert_eq!(
            id < chance,
            is_chance,
            "{a} has id {id} on the wrong side of {chance}"
        );
        let seat = state.action_seat(a);
        let back = G::action_from_id(config, seat.unwrap_or(Seat(0)), id);
        assert!(
            back.as_ref() == Some(a),
            "id {id} of {a} decodes to {back:?}"
        );
        ids.push((seat, id, i));
    }
    ids.sort_unstable();
    for pair in ids.windows(2) {
        let ((seat, id, i), (other, next, j)) = (pair[0], pair[1]);
        if (seat, id) == (other, next) {
            let (a, b) = (&legal[i], &legal[j]);
            assert!(a != b, "legal_actions lists {a} twice");
            panic!("{a} and {b}, both listed for {seat:?}, share the id {id}");
        }
    }
}

/// Any id, for any seat, decodes to an action or to nothing, and to nothing when out of range;
/// an action decoded for a seat at the table (`seat < seats`) has that id back (an id this
/// config cannot produce, such as an entry over a cell printed on every card, decodes to
/// nothing).
pub fn check_id<G: Subject>(config: &G::Config, seats: u8, seat: Seat, id: usize) {
    let total = G::num_distinct_actions(config);
    if let Some(a) = G::action_from_id(config, seat, id) {
        assert!(
            id < total,
            "id {id} (out of range, {total} ids) decodes to {a}"
        );
        let back = G::action_id(config, &a);
        assert!(
            seat.0 >= seats || back == Some(id),
            "id {id} decodes to {a}, whose id is {back:?}"
        );
    }
}

/// The (id, seat) pairs [`id_space_due`] lets [`check_id_space`] try per state on average, to
/// keep the fuzzer fast: a game with more (Mosaix's 50,458 ids for four seats) is checked at
/// a matching share of the states.
pub const ID_SPACE_BUDGET: usize = 20_000;

/// Whether to check the whole id space at `state`: always when its ids for every seat fit
/// [`ID_SPACE_BUDGET`], else at random, at that share of the states.
pub fn id_space_due<G: Subject>(state: &G, dice: &mut Dice) -> bool {
    let pairs = G::num_distinct_actions(state.config()) * usize::from(state.seats().max(1));
    pairs <= ID_SPACE_BUDGET || dice.index(pairs.div_ceil(ID_SPACE_BUDGET)) == 0
}

/// Listings of at most this many actions of a seat are drawn whole by `sample_action` in
/// [`check_id_space`].
pub const SMALL_LISTING: usize = 16;

/// The laws over the whole id space at one state listing `legal`, so that an action accepted
/// but never listed cannot hide: every id in `0..num_distinct_actions`, for every seat at the
/// table (chance ids once), decodes to nothing or to an action whose id it is
/// ([`check_id`]) and that names that seat (none for a chance outcome), and `apply` accepts
/// it exactly when it is listed (on a disagreement, [`check_action`] says how). And
/// `sample_action` draws every legal action of a seat whose listing has at most
/// [`SMALL_LISTING`] actions, within 32 draws per action.
pub fn check_id_space<G: Subject>(state: &G, legal: &[G::Action], dice: &mut Dice) {
    let config = state.config();
    let seats = state.seats();
    let chance = G::max_chance_outcomes(config);
    let total = G::num_distinct_actions(config);
    let listed: HashSet<&G::Action> = legal.iter().collect();
    for seat in (0..seats).map(Seat) {
        let first = if seat.0 == 0 { 0 } else { chance };
        for id in first..total {
            check_id::<G>(config, seats, seat, id);
            let Some(a) = G::action_from_id(config, seat, id) else {
                continue;
            };
            let owner = state.action_seat(&a);
            assert_eq!(
                owner,
                (id >= chance).then_some(seat),
                "id {id} decodes for {seat} to {a}, an action of {owner:?}"
            );
            let is_listed = listed.contains(&a);
            if state.apply(&a).is_ok() != is_listed {
                trace!("id {id} of {seat}:");
                check_action(state, &a, is_listed);
                panic!("apply and the listing disagree on {a} (id {id})");
            }
        }
    }
    let mut mine = Vec::new();
    let mut scratch = Vec::new();
    for seat in (0..seats).map(Seat) {
        state.legal_actions_for(seat, &mut mine);
        if mine.is_empty() || mine.len() > SMALL_LISTING {
            continue;
        }
        let mut drawn = vec![false; mine.len()];
        for _ in 0..32 * mine.len() {
            if let Some(a) = state.sample_action(seat, dice, &mut scratch) {
                if let Some(i) = mine.iter().position(|m| *m == a) {
                    drawn[i] = true;
                }
            }
        }
        if let Some(i) = drawn.iter().position(|d| !d) {
            panic!(
                "sample_action({seat}) never drew {} in {} draws",
                mine[i],
                32 * mine.len()
            );
        }
    }
}

/// All the laws: [`check_turn`] (with the chance laws), one score per seat, every seat's view (serialisable, `Display`) and the
/// state's `Display`; `determinize(seat)` keeps the seat's view, the turn, the seat's legal
/// actions and its observation tensor (of the documented length, every entry finite);
/// `legal_actions_for` and `sample_action` agree with the listed actions; the state's JSON
/// reloads equal; and, for games with setups, `from_setup(to_setup(s)) == s`. Returns the
/// listed actions.
pub fn check_state<G: Subject>(state: &G, dice: &mut Dice) -> Vec<G::Action> {
    let legal = check_turn(state, dice, true);
    assert_eq!(
        state.scores().len(),
        usize::from(state.seats()),
        "scores() has the wrong length"
    );
    let turn = state.turn();
    let to_move = deciding(turn);
    let _ = state.to_string();
    let config = state.config();
    let mut mine = Vec::new();
    let mut theirs = Vec::new();
    let mut scratch = Vec::new();
    for seat in (0..state.seats()).map(Seat) {
        state.legal_actions_for(seat, &mut mine);
        let expected: HashSet<&G::Action> = if to_move.contains(seat) {
            legal
                .iter()
                .filter(|a| state.action_seat(a) == Some(seat))
                .collect()
        } else {
            HashSet::new()
        };
        assert_eq!(
            mine.len(),
            expected.len(),
            "legal_actions_for({seat}) lists another number"
        );
        assert!(
            mine.iter().all(|a| expected.contains(a)),
            "legal_actions_for({seat}) differs"
        );
        let drawn = state.sample_action(seat, dice, &mut scratch);
        match &drawn {
            Some(a) => assert!(
                expected.contains(a),
                "sample_action({seat}) gave unlisted {a}"
            ),
            None => assert!(expected.is_empty(), "sample_action({seat}) gave nothing"),
        }

        let view = state.view(seat);
        serde_json::to_string(&view).expect("a view does not serialise");
        let _ = view.to_string();
        let det = state.determinize(seat, dice);
        assert!(
            det.view(seat) == view,
            "determinize({seat}) changes what {seat} sees"
        );
        assert_eq!(det.turn(), turn, "determinize({seat}) changes the turn");
        det.legal_actions_for(seat, &mut theirs);
        assert!(
            mine == theirs,
            "{seat}'s legal actions depend on what {seat} cannot see"
        );
        let tensor = state.observation(seat);
        assert_eq!(
            tensor.len(),
            G::observation_len(config),
            "{seat}'s tensor length"
        );
        assert!(
            tensor.iter().all(|x| x.is_finite()),
            "{seat}'s tensor is not finite"
        );
        assert!(
            det.observation(seat) == tensor,
            "{seat}'s tensor reads what it cannot see"
        );
    }
    check_reload(state);
    state.check_setup();
    legal
}

/// The state's JSON reloads equal.
pub fn check_reload<G: Game>(state: &G) {
    let json = serde_json::to_string(state).expect("a state does not serialise");
    match serde_json::from_str::<G>(&json) {
        Ok(back) => assert!(
            back == *state,
            "the JSON round trip changes the state: {}",
            difference(state, &back)
        ),
        Err(e) => panic!("a state does not reload: {e}\n{json}"),
    }
}

/// The laws of `FromSetup` on a state: `from_setup(config, to_setup(s)) == s`, also after a
/// JSON round trip of the setup.
pub fn check_setup<G: FromSetup>(state: &G) {
    let setup = state.to_setup();
    match G::from_setup(state.config(), &setup) {
        Ok(back) => assert!(
            back == *state,
            "from_setup(to_setup(s)) differs from s: {}",
            difference(state, &back)
        ),
        Err(e) => panic!("from_setup refuses the setup of a state that loads: {e}\n{setup:?}"),
    }
    let json = serde_json::to_string(&setup).expect("a setup does not serialise");
    let read: G::Setup = serde_json::from_str(&json).expect("a setup does not read back");
    assert!(read == setup, "the setup's JSON round trip changes it");
}

/// Applies `action` both ways to `state`, which lists it or not (`listed`): it must be
/// accepted exactly when listed, by both ways alike; a refusal leaves the state unchanged
/// with the same error both ways; an accepted action gives one next state (returned).
pub fn check_action<G: Game>(state: &G, action: &G::Action, listed: bool) -> Option<G> {
    let applied = state.apply(action);
    let mut copy = state.clone();
    let in_place = copy.apply_in_place(action);
    trace!(
        "  {action:?} ({}): {}",
        if listed { "listed" } else { "not listed" },
        applied
            .as_ref()
            .map_or_else(|e| format!("refused: {e}"), |_| "accepted".into())
    );
    match (applied, in_place) {
        (Ok(next), Ok(())) => {
            assert!(
                listed,
                "the unlisted action {action} ({action:?}) was accepted"
            );
            assert!(
                copy == next,
                "apply and apply_in_place disagree on {action}"
            );
            Some(next)
        }
        (Err(e), Err(f)) => {
            assert!(!listed, "the listed action {action} was refused: {e}");
            assert!(
                copy == *state,
                "the refused action {action} changed the state"
            );
            assert_eq!(
                e, f,
                "apply and apply_in_place refuse {action} for different reasons"
            );
            None
        }
        (a, b) => panic!(
            "apply ({}) and apply_in_place ({}) disagree on {action}",
            a.map_or_else(|e| e.to_string(), |_| "accepted".into()),
            b.map_or_else(|e| e.to_string(), |_| "accepted".into()),
        ),
    }
}

/// Where two values' JSON first differ: the path and both values (for the messages of the
/// laws of equality).
pub fn difference<T: serde::Serialize>(a: &T, b: &T) -> String {
    fn walk(a: &Value, b: &Value, path: &mut String) -> Option<String> {
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                for key in x.keys().chain(y.keys()) {
                    let (u, v) = (&x.get(key), &y.get(key));
                    let len = path.len();
                    path.push_str(&format!(".{key}"));
                    let found = match (u, v) {
                        (Some(u), Some(v)) => walk(u, v, path),
                        _ => Some(format!("{path}: {u:?} against {v:?}")),
                    };
                    path.truncate(len);
                    if found.is_some() {
                        return found;
                    }
                }
                None
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                x.iter().zip(y).enumerate().find_map(|(i, (u, v))| {
                    let len = path.len();
                    path.push_str(&format!("[{i}]"));
                    let found = walk(u, v, path);
                    path.truncate(len);
                    found
                })
            }
            _ if a == b => None,
            _ => Some(format!("{path}: {a} against {b}")),
        }
    }
    let (a, b) = (serde_json::to_value(a), serde_json::to_value(b));
    match (a, b) {
        (Ok(a), Ok(b)) => {
            walk(&a, &b, &mut String::new()).unwrap_or_else(|| "no difference in their JSON".into())
        }
        _ => "(no JSON)".into(),
    }
}
