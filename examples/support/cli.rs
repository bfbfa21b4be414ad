//! The command lines of `tour`, `play` and `replay`: their `--help` texts and parsers (here
//! rather than in the examples, so tests check every message).

use super::args::{self, Arg};
use super::play::PlayOptions;
use super::registry::{self, GameEntry};
use std::path::PathBuf;
use tabula::dicecore::AgentSpec;

/// `tour --help`.
pub const TOUR_USAGE: &str = "\
tour: plays one seeded game of every registered game with random agents (Pig first, as a
small example beside the others), shows the final boards and scores, and writes each replay
to target/tour/<game>-seed<N>.json.

usage: cargo run --release --example tour [-- --seed N] [--game NAME] [--svg FILE]

  --seed N      seed of the setup, the dice and the agents (default 42)
  --game NAME   only this game
  --svg FILE    draw the final board as an SVG picture (open it in a browser): to FILE
                with --game; otherwise one file per game, named after it (boards.svg
                gives boards-pig.svg, boards-mosaix.svg, ...)
  --help        this text";

/// `play --help`.
pub const PLAY_USAGE: &str = "\
play: a game at the terminal. Your seat's view of the board is shown before each of your
decisions and at the end (only what your seat may know: other players' hidden cards and
tiles stay hidden until the end); the other seats' actions are printed one line each.
When one of your seats is to move, its legal actions are listed by number, 20 at a time:
type a number, or part of an action's text (the only action containing it is taken; several
are listed), Enter for the next 20, '?' to list them again. A seat with one legal action
takes it without asking, and says so. Mosaix asks in steps (shape, then which symbol where;
how to turn the formation, then where: type 'row column'), 'back' returns a step. 'quit'
(or end of input, Ctrl-D) stops the game. With several --human seats, each seat's view is
shown before its decisions.

usage: cargo run --release --example play -- --game NAME [options]

  --game NAME          the game to play (required)
  --seats N            number of players (default 2, or the nearest supported count)
  --human SEAT         a seat played at the keyboard, 0-based (seat 0, seat 1, ...);
                       repeat for several (default: seat 0)
  --watch              no human seats: watch the agents play
  --seed N             seed of the setup, the dice and the agents (default: from the clock,
                       printed at the start so a game can be played again)
  --dice manual        companion play beside a real table: at every roll or draw, type
                       what came up (Pig '4', Sequence Dice '7' or '3 4', Mosaix 'o o ^ x',
                       The Border 'grey grey blue');
                       a number is always the roll itself, never a menu choice, and '?'
                       shows what can come up. Default: 'seeded' (the program rolls)
  --agent SPEC         the agent of the other seats: mc (Monte-Carlo, the default), random,
                       ismcts (information-set tree search, 1000 iterations per decision),
                       or with a budget: mc:N (N play-outs), ismcts:N (N iterations)
  --playouts N         play-outs per decision of the 'mc' agent (default 200; same as mc:N)
  --save FILE          write the replay to FILE at the end (also when stopped early);
                       check it with: cargo run --release --example replay -- FILE
  --svg FILE           keep a picture of the board in FILE (SVG, open it in a browser):
                       rewritten whenever the board is shown, with your seat's view while
                       you play (never what your seat may not know) and the whole table
                       when the game ends or stops, or whenever it is shown when only
                       agents play
  --show-every-move    show the board after every action, the other seats' too (with
                       --watch: the whole table after every action)
  --confirm            ask also when your seat has only one legal action (by default it is
                       taken without asking, with a note saying what was taken)
  --brief              the default: the board only before your decisions and at the end
                       (kept for old scripts; refused with --show-every-move)
  --help               this text

A --save or --svg file that cannot be written is refused before the game starts.";

/// `replay --help`.
pub const REPLAY_USAGE: &str = "\
replay: verifies a replay file (as written by tour, play --save or Match::replay) and prints
the final board and scores (for an unfinished game, the board and scores where it stopped,
after action N), or the index and reason of the first illegal action.

usage: cargo run --release --example replay -- FILE [--svg PICTURE]

  --svg PICTURE   draw the last board of a verified replay (the final one, or where an
                  unfinished game stopped) as an SVG picture (open it in a browser);
                  nothing is drawn for an invalid replay
  --help          this text

exit code: 0 verified, 1 illegal action or config, 2 unreadable file, unknown game or a
bad option";

/// What `tour` was asked for (`None` from the parsers: `--help`).
#[derive(Clone, Debug)]
pub struct TourArgs {
    /// The seed.
    pub seed: u64,
    /// Only this game.
    pub game: Option<&'static GameEntry>,
    /// Where to draw the final boards.
    pub svg: Option<PathBuf>,
}

/// Parses `tour`'s arguments.
pub fn tour(argv: impl IntoIterator<Item = String>) -> Result<Option<TourArgs>, String> {
    let mut out = TourArgs {
        seed: 42,
        game: None,
        svg: None,
    };
    for (flag, v) in flags(argv, &["seed", "game", "svg"], &["help"])? {
        match flag.as_str() {
            "help" => return Ok(None),
            "seed" => out.seed = args::number("seed", &v)?,
            "game" => out.game = Some(registry::find_or_explain(&v)?),
            "svg" => out.svg = Some(PathBuf::from(v)),
            other => return Err(format!("unexpected --{other}")),
        }
    }
    Ok(Some(out))
}

/// What `replay` was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayArgs {
    /// The replay file.
    pub file: PathBuf,
    /// Where to draw the final board.
    pub svg: Option<PathBuf>,
}

/// Parses `replay`'s arguments.
pub fn replay(argv: impl IntoIterator<Item = String>) -> Result<Option<ReplayArgs>, String> {
    let mut files = Vec::new();
    let mut svg = None;
    for arg in args::parse(argv, &["svg"], &["help"])? {
        match arg {
            Arg::Flag(f, _) if f == "help" => return Ok(None),
            Arg::Flag(_, v) => svg = v.map(PathBuf::from),
            Arg::Positional(p) => files.push(PathBuf::from(p)),
        }
    }
    match <[PathBuf; 1]>::try_from(files) {
        Ok([file]) => Ok(Some(ReplayArgs { file, svg })),
        Err(files) if files.is_empty() => {
            Err("which replay? give a replay FILE (try --help)".to_string())
        }
        Err(_) => Err("give exactly one replay FILE (try --help)".to_string()),
    }
}

/// Parses `play`'s arguments into the game's name and the options.
pub fn play(
    argv: impl IntoIterator<Item = String>,
) -> Result<Option<(String, PlayOptions)>, String> {
    let mut options = PlayOptions::default();
    let mut game = None;
    let mut humans = Vec::new();
    let mut watch = false;
    let mut brief = false;
    let mut seed = None;
    let mut playouts = None;
    let with_value = [
        "game", "seats", "human", "seed", "dice", "agent", "playouts", "save", "svg",
    ];
    let without_value = ["help", "brief", "show-every-move", "confirm", "watch"];
    for (flag, v) in flags(argv, &with_value, &without_value)? {
        match flag.as_str() {
            "help" => return Ok(None),
            "brief" => brief = true,
            "show-every-move" => options.every_board = true,
            "confirm" => options.confirm = true,
            "watch" => watch = true,
            "game" => game = Some(v),
            "seats" => options.seats = Some(args::number("seats", &v)?),
            "human" => humans.push(args::number::<u8>("human", &v)?),
            "seed" => seed = Some(args::number("seed", &v)?),
            "playouts" => playouts = Some(args::number::<u32>("playouts", &v)?),
            "save" => options.save = Some(PathBuf::from(v)),
            "svg" => options.svg = Some(PathBuf::from(v)),
            "dice" => {
                options.manual_dice = match v.as_str() {
                    "manual" => true,
                    "seeded" => false,
                    _ => return Err(format!("--dice expects 'manual' or 'seeded', not '{v}'")),
                }
            }
            "agent" => options.agent = v.parse().map_err(|e| format!("--agent: {e}"))?,
            other => return Err(format!("unexpected --{other}")),
        }
    }
    match (playouts, options.agent) {
        (None, _) => {}
        (Some(0), _) => return Err("--playouts expects at least 1".to_string()),
        (Some(n), AgentSpec::MonteCarlo { .. }) => {
            options.agent = AgentSpec::MonteCarlo { playouts: n };
        }
        (Some(n), other) => {
            return Err(format!(
                "--playouts sets the play-outs of the 'mc' agent, not of '{other}' \
                 (give a budget in the spec instead, like mc:{n})"
            ))
        }
    }
    if brief && options.every_board {
        return Err("--brief and --show-every-move exclude each other".to_string());
    }
    if watch && !humans.is_empty() {
        return Err("--watch and --human exclude each other".to_string());
    }
    if watch {
        options.humans.clear();
    } else if !humans.is_empty() {
        humans.sort_unstable();
        humans.dedup();
        options.humans = humans;
    }
    options.seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() % 1_000_000)
            .unwrap_or(0)
    });
    let game = game.ok_or_else(|| {
        format!(
            "which game? give --game NAME (one of: {})",
            registry::names()
        )
    })?;
    Ok(Some((game, options)))
}

/// The flags of `argv` with their values (empty for flags without one); a positional
/// argument is refused, with a hint when it names a game.
fn flags(
    argv: impl IntoIterator<Item = String>,
    with_value: &[&str],
    without_value: &[&str],
) -> Result<Vec<(String, String)>, String> {
    args::parse(argv, with_value, without_value)?
        .into_iter()
        .map(|arg| match arg {
            Arg::Flag(flag, value) => Ok((flag, value.unwrap_or_default())),
            Arg::Positional(p) => Err(match registry::find(&p) {
                Some(g) => format!("unexpected argument '{p}': did you mean --game {}?", g.name),
                None => format!("unexpected argument '{p}' (try --help)"),
            }),
        })
        .collect()
}
