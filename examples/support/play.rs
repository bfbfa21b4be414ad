//! The terminal game for people: boards, numbered choices, agents for the other seats.
//!
//! Input and output are passed in, so tests can script a whole session.

use super::tour::shown;
use std::fmt::Display;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use tabula::dicecore::mcagent::MonteCarloAgent;
use tabula::dicecore::AgentSpec;
use tabula::{Agent, Game, Match, RandomAgent, Seat, SeatSet, Turn};

/// Which agent plays the seats that are not human.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentKind {
    /// [`MonteCarloAgent`] (the default).
    MonteCarlo,
    /// [`RandomAgent`].
    Random,
    /// Any agent named by its spec with its budget (`ismcts:1000`, `mc:50`).
    Spec(AgentSpec),
}

impl AgentKind {
    /// The name used on the command line.
    pub fn name(self) -> String {
        match self {
            AgentKind::MonteCarlo => "mc".to_string(),
            AgentKind::Random => "random".to_string(),
            AgentKind::Spec(spec) => spec.to_string(),
        }
    }
}

/// Everything `play` can be asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    /// Players (`None`: 2, or the nearest supported count).
    pub seats: Option<u8>,
    /// Seats played by people at the keyboard (may be empty: agents only).
    pub humans: Vec<u8>,
    /// Seed of the standard config, the dice and the agents.
    pub seed: u64,
    /// Chance picked by the user (from physical dice) instead of the seeded dice.
    pub manual_dice: bool,
    /// The agent of the other seats.
    pub agent: AgentKind,
    /// Play-outs per decision of the Monte-Carlo agent.
    pub playouts: u32,
    /// Where to write the replay at the end (also when input ends early).
    pub save: Option<PathBuf>,
    /// Print the board after every action (otherwise only before a person decides and at
    /// the end).
    pub every_board: bool,
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
            agent: AgentKind::MonteCarlo,
            playouts: 200,
            save: None,
            every_board: true,
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

macro_rules! say {
    ($out:expr) => {
        writeln!($out).map_err(|e| format!("cannot write to the terminal: {e}"))?
    };
    ($out:expr, $($arg:tt)*) => {
        writeln!($out, $($arg)*).map_err(|e| format!("cannot write to the terminal: {e}"))?
    };
}

/// Chance events with more outcomes than this are not listed unless asked for (`?`).
const LONG_LIST: usize = 40;

/// What the person typed at a prompt.
enum Answer {
    /// A valid choice (0-based).
    Choice(usize),
    /// `quit`, or the end of input.
    Stop,
}

/// Asks for a number in `1..=count` of the listed `items` (or the text of one of `texts`,
/// matched case-insensitively) until one is given; `quit`/`q` or the end of input stops.
fn ask(
    prompt: &str,
    items: &[String],
    texts: &[String],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Answer, String> {
    let count = items.len();
    loop {
        write!(out, "{prompt}> ").map_err(|e| format!("cannot write to the terminal: {e}"))?;
        out.flush()
            .map_err(|e| format!("cannot write to the terminal: {e}"))?;
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) => {
                say!(out);
                say!(out, "(end of input)");
                return Ok(Answer::Stop);
            }
            Ok(_) => {}
            Err(e) => {
                say!(out);
                say!(out, "(cannot read the input: {e})");
                return Ok(Answer::Stop);
            }
        }
        let text = line.trim();
        if text.is_empty() {
            say!(out, "Type a number from 1 to {count}, or 'quit'.");
            continue;
        }
        if text.eq_ignore_ascii_case("q") || text.eq_ignore_ascii_case("quit") {
            return Ok(Answer::Stop);
        }
        if text == "?" || text.eq_ignore_ascii_case("help") {
            list(items, out)?;
            continue;
        }
        match text.parse::<i128>() {
            Ok(n) if (1..=count as i128).contains(&n) => return Ok(Answer::Choice(n as usize - 1)),
            Ok(n) => say!(
                out,
                "There is no choice {n}: type a number from 1 to {count} ('?' lists them again)."
            ),
            Err(_) => match find_text(texts, text) {
                Ok(i) => return Ok(Answer::Choice(i)),
                Err(0) => say!(
                    out,
                    "'{text}' is not a number: type a number from 1 to {count}, '?' to list the choices, or 'quit'."
                ),
                Err(n) => say!(
                    out,
                    "'{text}' fits {n} choices: type its number ('?' lists them again)."
                ),
            },
        }
    }
}

/// The choice whose text is `text`, or else the only one containing it (case-insensitive);
/// otherwise the number of choices containing it.
pub fn find_text(texts: &[String], text: &str) -> Result<usize, usize> {
    let text = text.to_lowercase();
    if let Some(i) = texts.iter().position(|t| t.to_lowercase() == text) {
        return Ok(i);
    }
    let hits: Vec<usize> = (0..texts.len())
        .filter(|&i| texts[i].to_lowercase().contains(&text))
        .collect();
    match hits.as_slice() {
        [i] => Ok(*i),
        _ => Err(hits.len()),
    }
}

fn list(items: &[String], out: &mut dyn Write) -> Result<(), String> {
    let width = items.len().to_string().len();
    for (i, item) in items.iter().enumerate() {
        say!(out, "  {:>width$}) {item}", i + 1);
    }
    Ok(())
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

/// The first of the `humans` who cannot tell `action` (applied to `before`, giving `after`)
/// from another legal action or chance outcome: one leading to a different state that this
/// seat's [`Game::view`] does not tell apart. Printing such an action would show that seat
/// what it may not know (another player's card, a tile drawn face down, an entry made at the
/// same time).
fn hidden_from<G: Game>(before: &G, action: &G::Action, after: &G, humans: &[u8]) -> Option<Seat> {
    if humans.is_empty() {
        return None;
    }
    let mut alternatives = Vec::new();
    match before.action_seat(action) {
        Some(seat) => before.legal_actions_for(seat, &mut alternatives),
        None => alternatives.extend(before.chance_outcomes().into_iter().map(|(a, _)| a)),
    }
    let views: Vec<(Seat, G::View)> = humans
        .iter()
        .map(|&h| (Seat(h), after.view(Seat(h))))
        .collect();
    let mut hidden: Option<Seat> = None;
    for other in alternatives.iter().filter(|&b| b != action) {
        let Ok(state) = before.apply(other) else {
            continue;
        };
        if state == *after {
            continue;
        }
        for (h, view) in &views {
            if state.view(*h) == *view && hidden.is_none_or(|s| h.0 < s.0) {
                hidden = Some(*h);
            }
        }
    }
    hidden
}

/// Checks the options against `G` and returns the player count.
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
    Ok(seats)
}

/// Plays a game of `G` at the terminal: `input` gives the people's choices, `out` shows the
/// boards. Returns how it ended; `Err` only for bad options or a broken terminal.
///
/// A person is only ever shown what their seat may know: the board is the [`Game::view`] of
/// a human seat (of the one to decide when several people share the terminal), and an action
/// or chance outcome some human seat could not tell from another is printed without its
/// details. The full state is shown when only agents play and at the end.
pub fn play<G>(
    options: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<PlayReport, String>
where
    G: Game + Display,
    G::View: Display,
{
    let seats = check_options::<G>(options)?;
    let name = G::NAME;
    let config = G::standard_config(seats, options.seed)
        .map_err(|e| format!("{name}: no standard config for {seats} players: {e}"))?;
    let mut game: Match<G> =
        Match::new(config, options.seed).map_err(|e| format!("{name}: config refused: {e}"))?;
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..seats)
        .map(|i| {
            let seed = options.seed.wrapping_mul(16).wrapping_add(i as u64 + 1);
            match options.agent {
                AgentKind::MonteCarlo => {
                    Box::new(MonteCarloAgent::new(seed).with_playouts(options.playouts))
                        as Box<dyn Agent<G>>
                }
                AgentKind::Random => Box::new(RandomAgent::new(seed)),
                AgentKind::Spec(spec) => spec.build::<G>(seed),
            }
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
        options.agent.name(),
        if options.manual_dice {
            "typed in"
        } else {
            "seeded"
        }
    );
    say!(
        out,
        "Choose by number; '?' lists the choices again, 'quit' stops."
    );
    say!(out);
    // The one human seat whose view is shown after every action (with several people at the
    // terminal, each sees their view only when they decide).
    let watcher = match options.humans.as_slice() {
        [h] => Some(Seat(*h)),
        _ => None,
    };
    // Whose view was the last board printed, if nothing happened since.
    let mut on_screen: Option<Seat> = None;
    if options.humans.is_empty() {
        say!(out, "{}", game.state());
    } else if let Some(w) = watcher {
        say!(out, "{}", game.state().view(w));
        on_screen = Some(w);
    }

    let mut stopped = false;
    let mut buf = Vec::new();
    while game.log().len() < options.max_actions {
        let turn = game.state().turn();
        let (who, action) = match turn {
            Turn::Over => break,
            Turn::Chance if options.manual_dice => {
                let outcomes = game.state().chance_outcomes();
                if outcomes.is_empty() {
                    return Err(format!("{name}: a chance event without outcomes"));
                }
                let items: Vec<String> = outcomes
                    .iter()
                    .map(|(a, p)| format!("{a}   (probability {p})"))
                    .collect();
                let texts: Vec<String> = outcomes.iter().map(|(a, _)| a.to_string()).collect();
                say!(out, "Chance: which outcome came up?");
                if items.len() <= LONG_LIST {
                    list(&items, out)?;
                } else {
                    say!(
                        out,
                        "  {} possible outcomes, e.g. \"{}\" or \"{}\".",
                        items.len(),
                        texts[0],
                        texts[texts.len() - 1]
                    );
                    say!(
                        out,
                        "  Type the outcome as written (or a part only it contains), or '?' to list them all by number."
                    );
                }
                let choice = ask("dice", &items, &texts, input, out)?;
                match choice {
                    Answer::Stop => {
                        stopped = true;
                        break;
                    }
                    Answer::Choice(i) => ("chance".to_string(), outcomes[i].0.clone()),
                }
            }
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
                    let items: Vec<String> = buf.iter().map(|a| a.to_string()).collect();
                    if on_screen != Some(seat) {
                        if options.humans.len() > 1 {
                            say!(out, "{seat}'s view (the others look away):");
                        }
                        say!(out, "{}", game.state().view(seat));
                    }
                    say!(out, "Your move, {seat}:");
                    list(&items, out)?;
                    match ask(&format!("{seat}"), &items, &items, input, out)? {
                        Answer::Stop => {
                            stopped = true;
                            break;
                        }
                        Answer::Choice(i) => (format!("{seat} (you)"), buf[i].clone()),
                    }
                } else {
                    let a = agents[seat.index()]
                        .choose(game.state(), seat)
                        .ok_or_else(|| format!("{name}: the agent of {seat} has no move"))?;
                    (format!("{seat} ({})", options.agent.name()), a)
                }
            }
        };
        let before = game.state().clone();
        if let Err(e) = game.apply(action.clone()) {
            // Only the listed actions are offered, so this is a bug in the game.
            return Err(format!("{name}: '{action}' was listed but refused: {e}"));
        }
        match hidden_from(&before, &action, game.state(), &options.humans) {
            None => say!(out, "{who}: {action}"),
            Some(_) if watcher.is_some() => say!(out, "{who}: (hidden from you)"),
            Some(h) => say!(out, "{who}: (hidden from {h})"),
        }
        on_screen = None;
        if options.every_board {
            if options.humans.is_empty() {
                say!(out);
                say!(out, "{}", game.state());
            } else if let Some(w) = watcher {
                say!(out);
                say!(out, "{}", game.state().view(w));
                on_screen = Some(w);
            }
        }
    }

    let state = game.state();
    let outcome = state.outcome();
    if !(options.every_board && options.humans.is_empty()) || stopped {
        say!(out);
        if !options.humans.is_empty() {
            say!(out, "The whole table, nothing hidden:");
        }
        say!(out, "{state}");
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
    let mut saved = None;
    if let Some(path) = &options.save {
        let json = serde_json::to_string_pretty(&game.replay())
            .map_err(|e| format!("cannot serialise the replay: {e}"))?;
        match std::fs::write(path, json + "\n") {
            Ok(()) => {
                say!(out, "Replay saved to {}", shown(path));
                saved = Some(path.clone());
            }
            Err(e) => say!(out, "Could not save the replay to {}: {e}", path.display()),
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
