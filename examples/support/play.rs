//! The terminal game for people: boards, choices in menus, typed-in dice, agents for the other
//! seats, pictures of the board.
//!
//! Input and output are passed in, so tests can script a whole session.

use super::files;
use super::menu::{self, say, Menu};
use super::menus;
use super::tour::shown;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use tabula::dicecore::{AgentSpec, ChanceTextError};
use tabula::games::Registered;
use tabula::table::hidden_from;
use tabula::{Agent, Game, Match, Seat, SeatSet, Turn};

/// Everything `play` can be asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    /// Players (`None`: 2, or the nearest supported count).
    pub seats: Option<u8>,
    /// Seats played by people at the keyboard (may be empty: agents only).
    pub humans: Vec<u8>,
    /// Seed of the standard config, the dice and the agents.
    pub seed: u64,
    /// Chance typed in by the user (from physical dice) instead of the seeded dice.
    pub manual_dice: bool,
    /// The agent of the other seats.
    pub agent: AgentSpec,
    /// Where to write the replay at the end (also when input ends early).
    pub save: Option<PathBuf>,
    /// Where to write the picture of the board (rewritten whenever a board is shown).
    pub svg: Option<PathBuf>,
    /// Print the board after every action (`--show-every-move`; otherwise once before each
    /// of a person's decisions and at the end, the others' actions one line each).
    pub every_board: bool,
    /// Ask also when a person's seat has exactly one legal choice (`--confirm`; otherwise it
    /// is taken without asking, with a note saying what was taken).
    pub confirm: bool,
    /// Stop after this many actions (a safety net for scripted sessions).
    pub max_actions: usize,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            seats: None,
            humans: vec![0],
            seed: 0,
            manual_dice: false,
            agent: AgentSpec::MonteCarlo { playouts: 200 },
            save: None,
            svg: None,
            every_board: false,
            confirm: false,
            max_actions: 1_000_000,
        }
    }
}

/// How a session ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayReport {
    /// The game reached its end.
    pub finished: bool,
    /// Actions applied, chance outcomes included.
    pub actions: usize,
    /// Final (or current) scores.
    pub scores: Vec<i32>,
    /// Winners, if finished.
    pub winners: Option<SeatSet>,
    /// Where the replay was saved.
    pub saved: Option<PathBuf>,
}

/// The seat whose decision comes next: at [`Turn::Seats`], a human seat of the set first.
fn next_seat(turn: Turn, humans: &[u8]) -> Option<Seat> {
    match turn {
        Turn::Seat(s) => Some(s),
        Turn::Seats(set) => set
            .iter()
            .find(|s| humans.contains(&s.0))
            .or_else(|| set.first()),
        Turn::Chance | Turn::Over => None,
    }
}

/// An action printed without its details because a human seat could not tell it from
/// another: kept until that seat can (then the log shows it) or for [`HIDDEN_WATCH`] actions.
struct Hidden<G: Game> {
    /// The state it was applied to.
    before: G,
    /// The action.
    action: G::Action,
    /// Who took it, as the log names them.
    who: String,
    /// Where it is in the match's log.
    index: usize,
}

/// How many actions an action printed as hidden is watched for the moment every human seat
/// may see it (a Mosaix entry shows when the turn ends; a card kept secret may never show).
const HIDDEN_WATCH: usize = 64;

/// Whether every human seat may now know `hidden` (the game went on with `later`, giving
/// `now`): every other legal choice at the time, followed by the same later actions, leads to
/// `now` itself or to a state some human seat's view tells apart from it. An alternative the
/// later actions cannot follow keeps it hidden (what failed may itself be hidden).
fn revealed<G: Game>(hidden: &Hidden<G>, later: &[G::Action], now: &G, humans: &[u8]) -> bool {
    let mut alternatives = Vec::new();
    match hidden.before.action_seat(&hidden.action) {
        Some(seat) => hidden.before.legal_actions_for(seat, &mut alternatives),
        None => alternatives.extend(hidden.before.chance_outcomes().into_iter().map(|(a, _)| a)),
    }
    let views: Vec<(Seat, G::View)> = humans
        .iter()
        .map(|&h| (Seat(h), now.view(Seat(h))))
        .collect();
    alternatives
        .iter()
        .filter(|&b| *b != hidden.action)
        .all(|b| {
            let Ok(mut state) = hidden.before.apply(b) else {
                return true;
            };
            for a in later {
                if state.apply_in_place(a).is_err() {
                    return false;
                }
            }
            state == *now || views.iter().all(|(h, view)| state.view(*h) != *view)
        })
}

/// The note after an action taken for a person because it was their seat's only legal choice
/// (unless `--confirm`).
pub const ONLY_CHOICE: &str = "(your only legal choice, taken without asking)";

/// The same note inside a line that hides the action from another person at the terminal.
const ONLY_CHOICE_HIDDEN: &str = "; your only legal choice, taken without asking";

/// Checks the options against `G` (player count, seats, files) and returns the player count.
/// Nothing is written: the replay and picture paths are only tried.
pub fn check_options<G: Game>(options: &PlayOptions) -> Result<u8, String> {
    let seats = options.seats.unwrap_or_else(super::tour::tour_seats::<G>);
    if !G::SEATS.contains(&seats) {
        return Err(format!(
            "{} is played by {} to {} players, not {seats}",
            G::NAME,
            G::SEATS.start(),
            G::SEATS.end()
        ));
    }
    if let Some(h) = options.humans.iter().find(|&&h| h >= seats) {
        return Err(format!(
            "there is no seat {h} at a table of {seats} (seats are numbered 0 to {})",
            seats - 1
        ));
    }
    if let Some(path) = &options.save {
        files::check_writable(path, "the replay")?;
    }
    if let Some(path) = &options.svg {
        files::check_writable(path, "the picture")?;
    }
    Ok(seats)
}

/// What a board shown on the terminal shows: a seat's view, or the whole table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Board {
    View(Seat),
    Table,
}

/// Prints the board of `state` as `board` says, and writes its picture to the `--svg` file.
fn show<G>(
    state: &G,
    board: Board,
    options: &PlayOptions,
    out: &mut dyn Write,
) -> Result<(), String>
where
    G: Registered,
{
    let (text, picture) = match board {
        Board::View(seat) => {
            let view = state.view(seat);
            let picture = options.svg.as_ref().map(|_| G::view_picture(&view));
            (view.to_string(), picture)
        }
        Board::Table => (
            state.to_string(),
            options.svg.as_ref().map(|_| state.picture()),
        ),
    };
    match legend(state) {
        Some(legend) => {
            say!(out, "{}", text.trim_end());
            say!(out, "{legend}");
            say!(out);
        }
        None => say!(out, "{text}"),
    }
    if let (Some(path), Some(svg)) = (&options.svg, picture) {
        if let Err(e) = files::write(path, "the picture", &svg) {
            say!(out, "({e})");
        }
    }
    Ok(())
}

/// The lines printed under a game's board that say what its signs mean, for a game whose
/// board needs them (Mosaix: the symbols and how a card scores, as docs/rules/mosaix.md
/// gives the rule).
pub fn legend<G: Registered>(state: &G) -> Option<String> {
    let mosaix = (state as &dyn std::any::Any).downcast_ref::<tabula::mosaix::State>()?;
    let mut text = MOSAIX_LEGEND.to_string();
    if mosaix.free_boxes().is_some() {
        text.push_str("\nSolo: plus 1 point per free box [ ] of the scale.");
    }
    Some(text)
}

/// Mosaix's legend: its symbols, and its scoring rule (docs/rules/mosaix.md, "Score per
/// card": areas under 5 cells score nothing).
pub const MOSAIX_LEGEND: &str = "\
Legend: o circle, ^ triangle, x cross, . empty cell. Score (after each seat): per symbol, the
number of its areas of 5 or more cells × the cells in those areas, the three symbols summed;
an area is cells of one symbol joined side by side (not diagonally), and an area of fewer
than 5 cells scores nothing.";

/// What the person typed at a prompt: a choice, or stop.
type Typed<T> = Result<Option<T>, String>;

/// Asks what the dice (or the draw) showed, read with [`Game::chance_from_text`]: the roll
/// itself, never a number from a list. `?` lists what can come up with the probabilities.
fn ask_chance<G: Game>(
    state: &G,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Typed<G::Action> {
    let outcomes = state.chance_outcomes();
    if let [(only, _)] = outcomes.as_slice() {
        say!(out, "Chance: only one thing can come up.");
        return Ok(Some(only.clone()));
    }
    let expected = match state.chance_from_text("") {
        Err(ChanceTextError::Unreadable { expected, .. }) => expected,
        _ => "what came up".to_string(),
    };
    say!(
        out,
        "Chance: what came up? Type {expected} ('?' shows what can come up)."
    );
    // How many outcomes '?' has shown (a page at a time: five dice have 252).
    let mut listed = 0;
    loop {
        let Some(text) = menu::read_line("dice", input, out)? else {
            return Ok(None);
        };
        if menu::is_quit(&text) {
            return Ok(None);
        }
        if text == "?" || text.eq_ignore_ascii_case("help") {
            if listed == outcomes.len() {
                listed = 0;
            }
            let end = (listed + menu::PAGE).min(outcomes.len());
            for (outcome, p) in &outcomes[listed..end] {
                say!(out, "  - {outcome}   (probability {p})");
            }
            listed = end;
            match outcomes.len() - end {
                0 => say!(out, "Type what came up."),
                more => say!(
                    out,
                    "  ... {more} more ('?' shows the next {}). Type what came up.",
                    more.min(menu::PAGE)
                ),
            }
            continue;
        }
        match state.chance_from_text(&text) {
            Ok(action) => return Ok(Some(action)),
            Err(e) if text.parse::<i64>().is_ok() => say!(
                out,
                "{e}. (A number is read as the roll itself, not as a choice from a list; '?' shows what can come up.)"
            ),
            Err(e) => say!(out, "{e}. ('?' shows what can come up.)"),
        }
    }
}

/// Asks the human `seat` for one of its legal actions, through the game's menu in steps
/// where it has one.
fn ask_action<G: Registered>(
    state: &G,
    seat: Seat,
    actions: &[G::Action],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Typed<G::Action> {
    let menu = menus::menu(state, seat, actions)
        .unwrap_or_else(|| Menu::flat(format!("Your move, {seat}:"), actions.iter().cloned()));
    menu::choose(&menu, &seat.to_string(), input, out)
}

/// Plays a game of `G` at the terminal: `input` gives the people's choices, `out` shows the
/// boards. Returns how it ended; `Err` only for bad options or a broken terminal.
///
/// A person is only ever shown what their seat may know: the board is the [`Game::view`] of
/// a human seat (of the one to decide when several people share the terminal), and an action
/// or chance outcome some human seat could not tell from another is printed without its
/// details. The full state is shown when only agents play and at the end. The `--svg`
/// picture always shows the board last printed.
pub fn play<G>(
    options: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<PlayReport, String>
where
    G: Registered,
{
    let seats = check_options::<G>(options)?;
    let name = G::NAME;
    let config = G::standard_config(seats, options.seed)
        .map_err(|e| format!("{name}: no standard config for {seats} players: {e}"))?;
    let mut game: Match<G> =
        Match::new(config, options.seed).map_err(|e| format!("{name}: config refused: {e}"))?;
    let mut agents: Vec<Box<dyn Agent<G> + Send>> = (0..seats)
        .map(|i| {
            let seed = options.seed.wrapping_mul(16).wrapping_add(i as u64 + 1);
            options.agent.build::<G>(seed)
        })
        .collect();

    let humans: Vec<String> = options.humans.iter().map(|h| h.to_string()).collect();
    let you = match humans.len() {
        0 => "you watch".to_string(),
        1 => format!("you play seat {}", humans[0]),
        _ => format!("you play seats {}", humans.join(", ")),
    };
    say!(
        out,
        "{name} · {seats} players · seed {} · {you} · others: {} agent · dice: {}",
        options.seed,
        options.agent,
        if options.manual_dice {
            "typed in"
        } else {
            "seeded"
        }
    );
    if !options.humans.is_empty() {
        say!(
            out,
            "Choose by number, or type part of an action's text; '?' lists the choices again, 'quit' stops."
        );
    }
    if options.manual_dice {
        say!(
            out,
            "At every roll or draw, type what came up on your table: a number is the roll itself, never a choice from a list."
        );
    }
    say!(out);
    // The one human seat whose view is shown after every action (with several people at the
    // terminal, each sees their view only when they decide).
    let watcher = match options.humans.as_slice() {
        [h] => Some(Seat(*h)),
        _ => None,
    };
    let shown_board = match watcher {
        Some(w) => Some(Board::View(w)),
        None if options.humans.is_empty() => Some(Board::Table),
        None => None,
    };
    // Whose view was the last board printed, if nothing happened since.
    let mut on_screen: Option<Seat> = None;
    if let Some(board) = shown_board {
        show(game.state(), board, options, out)?;
        on_screen = watcher;
    }

    let mut stopped = false;
    let mut buf = Vec::new();
    let mut hidden: Vec<Hidden<G>> = Vec::new();
    while game.log().len() < options.max_actions {
        let turn = game.state().turn();
        // Whether a person's only legal choice was taken for them.
        let mut auto = false;
        let (who, action) = match turn {
            Turn::Over => break,
            Turn::Chance if options.manual_dice => match ask_chance(game.state(), input, out)? {
                Some(a) => ("chance".to_string(), a),
                None => {
                    stopped = true;
                    break;
                }
            },
            Turn::Chance => {
                let state = game.state().clone();
                let a = state
                    .sample_chance(game.dice_mut())
                    .ok_or_else(|| format!("{name}: a chance event without outcomes"))?;
                ("chance".to_string(), a)
            }
            Turn::Seat(_) | Turn::Seats(_) => {
                let seat = next_seat(turn, &options.humans)
                    .ok_or_else(|| format!("{name}: nobody is to move"))?;
                if options.humans.contains(&seat.0) {
                    game.state().legal_actions_for(seat, &mut buf);
                    if buf.is_empty() {
                        return Err(format!("{name}: {seat} is to move but has no legal action"));
                    }
                    if let ([only], false) = (buf.as_slice(), options.confirm) {
                        // Nothing to decide: taken without asking (or showing the board), and
                        // the line printed for it says so.
                        auto = true;
                        (format!("{seat} (you)"), only.clone())
                    } else {
                        if on_screen != Some(seat) {
                            if !game.log().is_empty() {
                                say!(out);
                            }
                            if options.humans.len() > 1 {
                                say!(out, "{seat}'s view (the others look away):");
                            }
                            show(game.state(), Board::View(seat), options, out)?;
                        }
                        match ask_action(game.state(), seat, &buf, input, out)? {
                            Some(a) => (format!("{seat} (you)"), a),
                            None => {
                                stopped = true;
                                break;
                            }
                        }
                    }
                } else {
                    let a = agents[seat.index()]
                        .choose(game.state(), seat)
                        .ok_or_else(|| format!("{name}: the agent of {seat} has no move"))?;
                    (format!("{seat} ({})", options.agent), a)
                }
            }
        };
        let before = game.state().clone();
        if let Err(e) = game.apply(action.clone()) {
            // A typed roll is read by the game, and only its listed actions are offered, so
            // this is a bug in the game.
            return Err(format!("{name}: '{action}' was offered but refused: {e}"));
        }
        // A chance outcome typed in is known to whoever typed it.
        let typed = options.manual_dice && turn == Turn::Chance;
        let index = game.log().len() - 1;
        match hidden_from(&before, &action, game.state(), &options.humans) {
            Some(h) if !typed => {
                let only = if auto { ONLY_CHOICE_HIDDEN } else { "" };
                if watcher.is_some() {
                    say!(out, "{who}: (hidden from you{only})");
                } else {
                    say!(out, "{who}: (hidden from {h}{only})");
                }
                hidden.push(Hidden {
                    before,
                    action,
                    who,
                    index,
                });
            }
            _ if auto => say!(out, "{who}: {action} {ONLY_CHOICE}"),
            _ => say!(out, "{who}: {action}"),
        }
        // What was hidden and every human seat may know now (a Mosaix entry once the turn
        // ends) is shown, in the order it was taken.
        let now = game.state();
        let log = game.log();
        let mut i = 0;
        while i < hidden.len() {
            let h = &hidden[i];
            if index - h.index > HIDDEN_WATCH {
                hidden.remove(i);
            } else if h.index < index && revealed(h, &log[h.index + 1..], now, &options.humans) {
                say!(out, "{} (shown now): {}", h.who, h.action);
                hidden.remove(i);
            } else {
                i += 1;
            }
        }
        on_screen = None;
        if let (true, Some(board)) = (options.every_board, shown_board) {
            say!(out);
            show(game.state(), board, options, out)?;
            on_screen = watcher;
        }
    }

    let state = game.state();
    let outcome = state.outcome();
    if !(options.every_board && options.humans.is_empty()) || stopped {
        say!(out);
        if !options.humans.is_empty() {
            say!(out, "The whole table, nothing hidden:");
        }
        show(state, Board::Table, options, out)?;
    }
    match &outcome {
        Some(o) => {
            say!(
                out,
                "Game over after {} actions. Final scores:",
                game.log().len()
            );
            say!(out, "{o}");
        }
        None => {
            let scores: Vec<String> = state
                .scores()
                .iter()
                .enumerate()
                .map(|(i, s)| format!("seat {i}: {s}"))
                .collect();
            say!(
                out,
                "Stopped after {} actions; scores so far: {}",
                game.log().len(),
                scores.join(", ")
            )
        }
    }
    if let Some(path) = &options.svg {
        say!(out, "Picture of the board: {}", shown(path));
    }
    let mut saved = None;
    if let Some(path) = &options.save {
        let json = game
            .replay()
            .to_file_text()
            .map_err(|e| format!("cannot serialise the replay: {e}"))?;
        match files::write(path, "the replay", &json) {
            Ok(()) => {
                say!(out, "Replay saved to {}", shown(path));
                saved = Some(path.clone());
            }
            Err(e) => say!(out, "Could not save: {e}"),
        }
    }
    Ok(PlayReport {
        finished: outcome.is_some(),
        actions: game.log().len(),
        scores: state.scores(),
        winners: outcome.map(|o| o.winners),
        saved,
    })
}
