//! Simulation at scale: many seeded games of one game on every core, with statistics per seat
//! (win rate with its 95% interval, score mean, deviation, quantiles), game lengths and draws;
//! optionally the exact JSON summary, per-game records, SVG plots, an HTML report, metrics,
//! rule variants, sweeps and skill ladders. See docs/simulation.md.
//!
//! ```text
//! cargo run --release --example simulate -- --game kingdom-builder --players 4 --games 100000
//!     --seed 11 [--agents random,mc:200,random,random] [--threads N] [--json FILE]
//!     [--games-out FILE.jsonl] [--plot FILE.svg] [--metrics [NAME,...]]
//!     [--variant FILE.json] [--set key=value ...] [--sweep key=v1,v2,...]
//!     [--report FILE.html] [--ladder random,mc:100,ismcts:100 [--round-robin]]
//! cargo run --release --example simulate -- --from summary.json --report report.html
//! ```
#[path = "support/args.rs"]
mod args;

use args::Arg;
use plotters::prelude::*;
use std::io::IsTerminal;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tabula::sim::ladder::{Ladder, Levels};
use tabula::sim::report::Report;
use tabula::sim::stats::SeatStats;
use tabula::sim::sweep::Sweep;
use tabula::sim::{self, MetricSet, Options, Progress, Simulator, Spec, Stats, Summary};

const USAGE: &str = "\
simulate: plays many seeded games of one game on every core and shows, per seat, the win rate
(ties shared) with its 95% Wilson interval and the mean, standard deviation and quantiles of
the score; the same per position in turn order (1st: the seat of the game's first decision,
drawn at random by the standard setups) and whether the first position is significantly
advantaged; game lengths and drawn games. Game i's setup, dice and agents are seeded from
(--seed, i) alone, so the results (and the --json file, byte for byte) are the same whatever
--threads is. A progress bar with the rate and the time left is shown on stderr when it is a
terminal. Bad input is one line on stderr and exit code 2, before any game is played.

usage: cargo run --release --example simulate -- --game NAME [options]

  --game NAME        the game to simulate (required)
  --players N        number of players (default 2)
  --games N          number of games (default 1000)
  --seed N           master seed (default 1)
  --agents LIST      one agent per seat, comma-separated, or one for every seat (default
                     random): random, mc or mc:N (Monte-Carlo, N play-outs per decision),
                     ismcts or ismcts:N (tree search, N iterations per decision; see
                     docs/agents.md); an unknown name lists them
  --threads N        threads to play on (default: all cores)
  --json FILE        write the summary as JSON to FILE: the statistics and the exact counts
                     behind them, no timings (schema in docs/simulation.md)
  --games-out FILE   write one JSON line per game to FILE (JSON Lines): index, seed, config
                     digest, agents, first mover, length, decisions, scores, winners, ranks
                     and the chosen metrics' per-game ingredients; with a variant, one line
                     per game and rule set
  --plot FILE.svg    write one SVG picture to FILE.svg (no other file): the win rate with its
                     95% interval of every seat and of every position in turn order at the
                     top, the distribution of every seat's score below
  --metrics [LIST]   also compute the evaluation metrics (see docs/simulation.md): all of
                     them, or only those named in LIST (comma-separated): Ludii's
                     AdvantageP1, Balance, Completion, Drawishness, Timeouts, DurationMoves,
                     DecisionMoves, BranchingFactor, LeadChange, Stability, Drama,
                     DecisivenessThreshold, and ours beside them: AdvantageP1Sole,
                     DrawishnessShared, DurationReplay, DurationReplaySd, DramaWinners,
                     DecisivenessThresholdWinners; also --metrics=LIST. The argument after
                     --metrics is its LIST unless it starts with --: a bare --metrics before
                     another flag, or last, means all. DecisionMoves and BranchingFactor list
                     the legal actions at every decision, the Drama, LeadChange, Stability and
                     Decisiveness metrics read the running scores: slower; the others cost
                     nothing
  --variant FILE     compare a rule variant with the standard rules: FILE holds a JSON object
                     of config fields overriding the standard config of every game, e.g.
                     {\"double_province_one_colour_couple\": true}; the same games, seeds and
                     agents are played under both, and every win rate and metric (those of
                     --metrics LIST if given) is shown for both with the difference, its
                     95% interval (paired by game index) and a Holm-Bonferroni column; every
                     game's config is checked first, and a variant that changes no game's
                     config is refused
  --set KEY=VALUE    one override of the variant (repeatable; after --variant's; VALUE is
                     JSON, or else a string)
  --sweep KEY=VALUES the same games under each value of one config field: KEY=v1,v2,... (JSON
                     values; commas inside brackets do not split) or KEY=FROM..TO[:STEP]
                     (whole numbers, both ends included); with --variant/--set, those
                     overrides apply to every value; every chosen metric (all by default) is
                     shown against the value with its interval
  --report FILE.html write one self-contained HTML page (no script, nothing fetched): the
                     header, the tables, the win rates with their intervals by seat and by
                     position, the score and length distributions; with --variant, --sweep or
                     --ladder, their page
  --from FILE.json   play nothing: read a summary written by --json and show it (with
                     --report, --json, --plot); --game, --players, --games, --seed, --agents
                     come from the file
  --ladder LIST      the skill ladder instead of one simulation: agents weakest first (at
                     least two); each plays the one below it, in every seat in turn (the
                     others all of the level below) on the same --games games; the win rate
                     of each level against the one below is shown with its 95% interval
                     (the seatings of a game index paired) and every level's Elo rating;
                     --json writes the ladder's JSON
  --round-robin      with --ladder: every pair of levels meets, not only neighbours, and the
                     ratings use every meeting
  --help             this text";

/// The command line, read.
pub struct Cli {
    game: &'static sim::NamedGame,
    sim: &'static dyn Simulator,
    spec: Spec<serde_json::Value>,
    threads: usize,
    json: Option<PathBuf>,
    games_out: Option<PathBuf>,
    plot: Option<PathBuf>,
    report: Option<PathBuf>,
    /// `--from`: the summary read, shown instead of playing.
    from: Option<Summary>,
    ladder: Option<Ladder>,
    round_robin: bool,
    variant: Option<sim::variant::Overrides>,
    sweep: Option<Sweep>,
}

fn main() {
    std::process::exit(run(std::env::args().skip(1), &mut std::io::stdout()));
}

/// A number of at least 1 given to `--flag`.
fn positive<T: std::str::FromStr + PartialOrd + From<u8>>(
    flag: &str,
    v: &str,
) -> Result<T, String> {
    let n: T = args::number(flag, v)?;
    if n < T::from(1) {
        return Err(format!(
            "--{flag} expects a number of at least 1, not '{v}'"
        ));
    }
    Ok(n)
}

/// Reads the command line: `Ok(None)` for `--help`, `Err` with one line for bad flags,
/// agents, configs (every game's, checked here before any is played) or output files
/// (checked by creating them).
pub fn parse(argv: impl Iterator<Item = String>) -> Result<Option<Cli>, String> {
    let (mut game, mut players, mut games, mut seed) = (None, 2u8, 1000u64, 1u64);
    let mut agents = "random".to_string();
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (mut json, mut plot, mut games_out) = (None, None, None);
    let (mut report, mut from, mut ladder) = (None, None, None);
    let (mut metrics, mut variant, mut sets) = (MetricSet::NONE, None, Vec::new());
    let (mut sweep, mut round_robin) = (None, false);
    let mut given = Vec::new();
    let with_value = [
        "game",
        "players",
        "games",
        "seed",
        "agents",
        "threads",
        "json",
        "plot",
        "report",
        "from",
        "ladder",
        "variant",
        "set",
        "sweep",
        "games-out",
    ];
    let mut parsed = args::parse(
        metrics_list_apart(argv),
        &with_value,
        &["help", "metrics", "round-robin"],
    )?
    .into_iter()
    .peekable();
    while let Some(arg) = parsed.next() {
        let (flag, v) = match arg {
            Arg::Flag(f, v) => (f, v.unwrap_or_default()),
            Arg::Positional(p) => return Err(format!("unexpected argument '{p}' (try --help)")),
        };
        given.push(flag.clone());
        match flag.as_str() {
            "help" => return Ok(None),
            "game" => game = Some(sim::find(&v).map_err(|e| e.to_string())?),
            "players" => players = positive("players", &v)?,
            "games" => games = positive("games", &v)?,
            "seed" => seed = args::number("seed", &v)?,
            "agents" => agents = v,
            "threads" => threads = positive("threads", &v)?,
            "json" => json = Some(PathBuf::from(v)),
            "games-out" => games_out = Some(PathBuf::from(v)),
            "plot" => plot = Some(PathBuf::from(v)),
            "report" => report = Some(PathBuf::from(v)),
            "from" => from = Some(PathBuf::from(v)),
            "ladder" => ladder = Some(v.parse::<Ladder>().map_err(|e| format!("--ladder: {e}"))?),
            "round-robin" => round_robin = true,
            "metrics" => {
                // An argument right after --metrics that is not a flag is its list (the
                // program takes no positional argument otherwise).
                metrics = match parsed.next_if(|a| matches!(a, Arg::Positional(_))) {
                    Some(Arg::Positional(list)) => {
                        renamed_metrics(&list);
                        list.parse().map_err(|e| format!("--metrics: {e}"))?
                    }
                    _ => MetricSet::ALL,
                }
            }
            "variant" => variant = Some(read_variant(&v)?),
            "set" => sets.push(sim::variant::parse_set(&v).map_err(|e| e.to_string())?),
            "sweep" => sweep = Some(v.parse::<Sweep>().map_err(|e| e.to_string())?),
            other => return Err(format!("unexpected --{other}")),
        }
    }
    let names = || {
        sim::GAMES
            .iter()
            .map(|g| g.name)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let from = match from {
        Some(path) => {
            let played = [
                "game",
                "players",
                "games",
                "seed",
                "agents",
                "ladder",
                "metrics",
                "variant",
                "set",
                "sweep",
                "games-out",
                "round-robin",
            ];
            if let Some(flag) = given.iter().find(|f| played.contains(&f.as_str())) {
                return Err(format!("--from reads a summary: --{flag} does not apply"));
            }
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let summary =
                Summary::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            let h = summary.header();
            game = Some(sim::find(&h.game).map_err(|e| e.to_string())?);
            players = h.players;
            agents = (h.agents.iter().map(|a| a.to_string()))
                .collect::<Vec<_>>()
                .join(",");
            Some(summary)
        }
        None => None,
    };
    if ladder.is_some() {
        if let Some(flag) = given.iter().find(|f| {
            [
                "agents",
                "plot",
                "metrics",
                "variant",
                "set",
                "sweep",
                "games-out",
            ]
            .contains(&f.as_str())
        }) {
            return Err(format!(
                "--ladder plays its own agents: --{flag} does not apply"
            ));
        }
        agents = "random".to_string();
    } else if round_robin {
        return Err("--round-robin applies to --ladder".to_string());
    }
    if sweep.is_some() {
        if let Some(flag) = given
            .iter()
            .find(|f| ["plot", "games-out"].contains(&f.as_str()))
        {
            return Err(format!(
                "--sweep plays one summary per value: --{flag} does not apply (use --json or \
                 --report)"
            ));
        }
    }
    let game = game.ok_or_else(|| format!("which game? give --game NAME (one of: {})", names()))?;
    let simulator = sim::simulator(game.name).map_err(|e| e.to_string())?;
    if !game.seats.contains(&players) {
        return Err(format!(
            "{} is played by {} to {} players, not {players}",
            game.name,
            game.seats.start(),
            game.seats.end()
        ));
    }
    let mut agents = sim::parse_agents(&agents, players).map_err(|e| format!("--agents: {e}"))?;
    let mut spec = Spec::new(players, games, seed, agents.clone());
    spec.metrics = metrics;
    if !sets.is_empty() {
        variant
            .get_or_insert_with(sim::variant::Overrides::new)
            .extend(sets);
    }
    // Every game's config is checked now, before any game is played.
    let all = 0..games;
    if let Some(sweep) = &sweep {
        let base = variant.take().unwrap_or_default();
        simulator
            .check_sweep(&spec, &base, sweep, &all)
            .map_err(|e| e.to_string())?;
        variant = (!base.is_empty()).then_some(base);
    } else if let Some(overrides) = &variant {
        if plot.is_some() {
            return Err(
                "--plot draws one summary; with --variant, use --json or --report".to_string(),
            );
        }
        let changed = simulator
            .changed_configs(&spec, overrides, &all)
            .map_err(|e| e.to_string())?;
        if changed == 0 {
            return Err(format!(
                "the variant {} changes nothing in the standard config of any of the {games} \
                 games of {}",
                serde_json::Value::Object(overrides.clone()),
                game.name
            ));
        }
    } else if from.is_none() {
        simulator.check(&spec, &all).map_err(|e| e.to_string())?;
    }
    if ladder.is_some() {
        agents.clear();
        spec.agents = agents;
    }
    // Find out now, not after the games, that an output file cannot be written.
    for path in json.iter().chain(&plot).chain(&report).chain(&games_out) {
        std::fs::File::create(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(Some(Cli {
        game,
        sim: simulator,
        spec,
        threads,
        json,
        games_out,
        plot,
        report,
        from,
        ladder,
        round_robin,
        variant,
        sweep,
    }))
}

/// Says on stderr which names of an earlier version a `--metrics` list uses (they still read,
/// as the metrics that compute what they did).
fn renamed_metrics(list: &str) {
    for name in list.split(',').map(str::trim) {
        if let Some((old, new)) = sim::metrics::RENAMED.iter().find(|(old, _)| *old == name) {
            eprintln!("simulate: --metrics: {old} is now called {new}");
        }
    }
}

/// The arguments with `--metrics=LIST` written as `--metrics LIST`, so that both read alike.
fn metrics_list_apart(argv: impl Iterator<Item = String>) -> impl Iterator<Item = String> {
    argv.flat_map(|arg| match arg.strip_prefix("--metrics=") {
        Some(list) => vec!["--metrics".to_string(), list.to_string()],
        None => vec![arg],
    })
}

/// The overrides of a variant file.
fn read_variant(path: &str) -> Result<sim::variant::Overrides, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    sim::variant::parse_overrides(&text).map_err(|e| format!("{path}: {e}"))
}

/// The whole program, its standard output written to `out`; returns the exit code
/// (`tests/simulate.rs` includes this file and calls it).
pub fn run(argv: impl Iterator<Item = String>, out: &mut dyn Write) -> i32 {
    let cli = match parse(argv) {
        Ok(Some(cli)) => cli,
        Ok(None) => {
            say(out, format_args!("{USAGE}\n\ngames: {}", sim::game_names()));
            return 0;
        }
        Err(e) => {
            eprintln!("simulate: {e}");
            return 2;
        }
    };
    match simulate(&cli, out) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("simulate: {e}");
            1
        }
    }
}

/// Writes one line to standard output; a closed output (`| head`) ends nothing with a panic.
fn say(out: &mut dyn Write, line: std::fmt::Arguments) {
    let _ = writeln!(out, "{line}");
}

/// Runs `work` on a thread of its own while a progress bar counts `games` games.
fn with_progress<T: Send>(
    games: u64,
    work: impl FnOnce(&Progress) -> Result<T, sim::SimError> + Send,
) -> Result<T, String> {
    let progress = Progress::new();
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| work(&progress));
        show_progress(&progress, games, || worker.is_finished());
        worker.join()
    })
    .map_err(|_| "the simulation stopped unexpectedly".to_string())?
    .map_err(|e| e.to_string())
}

/// Writes `text` to `path`.
fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The speed line after the table.
fn speed(out: &mut dyn Write, games: u64, threads: usize, started: Instant) {
    let seconds = started.elapsed().as_secs_f64();
    say(
        out,
        format_args!(
            "{games} games in {seconds:.1} s on {threads} thread{}: {:.0} games/s",
            if threads == 1 { "" } else { "s" },
            games as f64 / seconds.max(1e-9)
        ),
    );
}

fn simulate(cli: &Cli, out: &mut dyn Write) -> Result<(), String> {
    if let Some(ladder) = &cli.ladder {
        return climb(cli, ladder, out);
    }
    if let Some(sweep) = &cli.sweep {
        return sweep_values(cli, sweep, out);
    }
    let spec = &cli.spec;
    if let Some(overrides) = &cli.variant {
        return compare(cli, overrides, out);
    }
    let summary = match &cli.from {
        Some(summary) => {
            say(out, format_args!("{summary}"));
            summary.clone()
        }
        None => {
            let started = Instant::now();
            let (summary, records) = with_progress(spec.games, |progress| {
                let options = options(cli, progress);
                match cli.games_out {
                    Some(_) => cli.sim.records(spec, 0..spec.games, &options),
                    None => Ok((cli.sim.run(spec, 0..spec.games, &options)?, Vec::new())),
                }
            })?;
            say(out, format_args!("{summary}"));
            speed(out, spec.games, cli.threads, started);
            games_out(cli, &records, out)?;
            summary
        }
    };
    let game = &summary.header().game;
    write_outputs(
        cli,
        out,
        "summary: ",
        || summary.to_json(),
        || Report::new(format!("{game}: simulation report")).summary(&summary),
    )?;
    if let Some(path) = &cli.plot {
        plot(&summary, path).map_err(|e| format!("cannot draw {}: {e}", path.display()))?;
        say(out, format_args!("plots:   {}", path.display()));
    }
    Ok(())
}

/// The options of a run: the threads asked for, and the progress counter.
fn options<'a>(cli: &Cli, progress: &'a Progress) -> Options<'a> {
    Options::default().threads(cli.threads).progress(progress)
}

/// Writes a result's JSON file and its report, when asked for, each followed by a line naming
/// the file (`label` before the JSON file's).
fn write_outputs(
    cli: &Cli,
    out: &mut dyn Write,
    label: &str,
    json: impl FnOnce() -> String,
    report: impl FnOnce() -> Report,
) -> Result<(), String> {
    if let Some(path) = &cli.json {
        write_file(path, &json())?;
        say(out, format_args!("{label}{}", path.display()));
    }
    if let Some(path) = &cli.report {
        write_file(path, &report().to_html())?;
        say(out, format_args!("report:  {}", path.display()));
    }
    Ok(())
}

/// Writes the per-game records, when asked for.
fn games_out(cli: &Cli, records: &[sim::GameRecord], out: &mut dyn Write) -> Result<(), String> {
    if let Some(path) = &cli.games_out {
        write_file(path, &sim::to_jsonl(records))?;
        say(out, format_args!("games:   {}", path.display()));
    }
    Ok(())
}

/// A rule variant against the standard rules: plays both, shows the comparison, writes its
/// JSON, records and report.
fn compare(
    cli: &Cli,
    overrides: &sim::variant::Overrides,
    out: &mut dyn Write,
) -> Result<(), String> {
    let spec = &cli.spec;
    let started = Instant::now();
    // The progress counts game indices, each played under both rules.
    let (comparison, records) = with_progress(spec.games, |progress| {
        let options = options(cli, progress);
        match cli.games_out {
            Some(_) => cli
                .sim
                .compare_records(spec, overrides, 0..spec.games, &options),
            None => Ok((
                cli.sim.compare(spec, overrides, 0..spec.games, &options)?,
                Vec::new(),
            )),
        }
    })?;
    say(out, format_args!("{comparison}"));
    speed(out, 2 * spec.games, cli.threads, started);
    games_out(cli, &records, out)?;
    let game = &comparison.standard.header().game;
    let overrides = serde_json::Value::Object(overrides.clone());
    write_outputs(
        cli,
        out,
        "comparison: ",
        || comparison.to_json(),
        || {
            Report::new(format!(
                "{game}: the variant {overrides} against the standard rules"
            ))
            .comparison(&comparison)
        },
    )
}

/// A sweep: plays the games under every value, shows every figure against the value, writes
/// its JSON and report.
fn sweep_values(cli: &Cli, sweep: &Sweep, out: &mut dyn Write) -> Result<(), String> {
    let spec = &cli.spec;
    let base = cli.variant.clone().unwrap_or_default();
    let total = spec.games * sweep.values.len() as u64;
    let started = Instant::now();
    let result = with_progress(total, |progress| {
        cli.sim
            .sweep(spec, &base, sweep, 0..spec.games, &options(cli, progress))
    })?;
    say(out, format_args!("{result}"));
    speed(out, total, cli.threads, started);
    let game = &cli.game.name;
    write_outputs(
        cli,
        out,
        "sweep:   ",
        || result.to_json(),
        || Report::new(format!("{game}: a sweep of {}", sweep.field)).sweep(&result),
    )
}

/// The skill ladder: plays it, shows the levels of play, writes its JSON and report.
fn climb(cli: &Cli, ladder: &Ladder, out: &mut dyn Write) -> Result<(), String> {
    let spec = &cli.spec;
    let total = ladder.games_played(spec.players, spec.games, cli.round_robin);
    let started = Instant::now();
    let levels: Levels = with_progress(total, |progress| {
        cli.sim
            .ladder(ladder, spec, cli.round_robin, &options(cli, progress))
    })?;
    say(out, format_args!("{levels}"));
    speed(out, total, cli.threads, started);
    write_outputs(
        cli,
        out,
        "ladder:  ",
        || levels.to_json(),
        || Report::new(format!("{}: levels of play", levels.game)).levels(&levels),
    )
}

/// Shows a progress bar on stderr until `finished`, if stderr is a terminal.
fn show_progress(progress: &Progress, games: u64, finished: impl Fn() -> bool) {
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(games);
        let template = "{wide_bar} {human_pos}/{human_len} games · {rate} games/s · {eta} left";
        if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
            let rate = |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0}", state.per_sec());
            };
            bar.set_style(style.with_key("rate", rate));
        }
        bar
    });
    while !finished() {
        if let Some(bar) = &bar {
            bar.set_position(progress.done());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

type DrawResult = Result<(), Box<dyn std::error::Error>>;

/// One SVG picture: the win rate of every seat with its 95% interval (top), the distribution
/// of every seat's score (bottom).
fn plot(summary: &Summary, path: &Path) -> DrawResult {
    let root = SVGBackend::new(path, (1200, 860)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(&summary.title(), ("sans-serif", 22))?;
    let (top, bottom) = root.split_vertically(390);
    let (left, right) = top.split_horizontally(600);
    let stats = Stats::of(summary);
    let players = stats.seats.len();
    let high = (stats.seats.iter().chain(&stats.positions))
        .filter_map(|s| s.win_rate_interval.map(|i| i.1))
        .fold(1.0 / players as f64, f64::max);
    let top = (high * 1.15).min(1.0);
    let seats: Vec<String> = (0..players).map(|s| seat_label(summary, s)).collect();
    let caption = "win rate per seat (ties shared), 95% interval, dashed: 1 / players";
    win_rates(&left, caption, &seats, &stats.seats, top, true)?;
    let turns: Vec<String> = (1..=players).map(ordinal).collect();
    let caption = "the same by position in turn order (agents mixed)";
    win_rates(&right, caption, &turns, &stats.positions, top, false)?;
    score_distributions(&bottom, &stats, summary)?;
    root.present()?;
    Ok(())
}

/// The label of seat `s` on the plots.
fn seat_label(summary: &Summary, s: usize) -> String {
    let agent = summary.header().agents.get(s);
    agent.map_or_else(String::new, |a| format!("{s} · {a}"))
}

/// `1st`, `2nd`, `3rd`, `4th`, ... (up to 16 players).
fn ordinal(n: usize) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A drawing area of the SVG picture.
type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;

/// A chart on `area` with its caption and room for the axes' labels.
fn frame<'a, 'b>(area: &'a Area<'b>, caption: &str) -> ChartBuilder<'a, 'b, SVGBackend<'b>> {
    let mut builder = ChartBuilder::on(area);
    builder
        .caption(caption, ("sans-serif", 18))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(64);
    builder
}

/// Draws the legend of a chart's labelled series.
fn legend<'a, C: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, C>,
) -> DrawResult {
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .border_style(BLACK.mix(0.3))
        .background_style(WHITE.mix(0.8))
        .draw()?;
    Ok(())
}

/// Bars of the win rate of each seat (or position) with the interval and the fair share
/// `1 / players`, on a y axis from 0 to `top`; bars in the seats' colours or grey.
fn win_rates(
    area: &Area,
    caption: &str,
    labels: &[String],
    stats: &[SeatStats],
    top: f64,
    coloured: bool,
) -> DrawResult {
    let players = stats.len() as u32;
    // `0..n` makes n + 1 segments; a one-player game gets an empty second one.
    let segments = (0..(players - 1).max(1)).into_segmented();
    let mut chart = frame(area, caption).build_cartesian_2d(segments, 0.0..top)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_desc("win rate")
        .y_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(s) => labels.get(*s as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .draw()?;
    for (s, st) in stats.iter().enumerate() {
        let (Some(rate), Some((low, high))) = (st.win_rate, st.win_rate_interval) else {
            continue;
        };
        let colour = if coloured {
            Palette99::pick(s).to_rgba()
        } else {
            RGBColor(128, 128, 128).to_rgba()
        };
        let s = s as u32;
        let mut bar = Rectangle::new(
            [
                (SegmentValue::Exact(s), 0.0),
                (SegmentValue::Exact(s + 1), rate),
            ],
            colour.mix(0.6).filled(),
        );
        bar.set_margin(0, 0, 24, 24);
        chart.draw_series([bar])?;
        let x = SegmentValue::CenterOf(s);
        let line = BLACK.stroke_width(2);
        let cap =
            |y| EmptyElement::at((x.clone(), y)) + PathElement::new([(-10, 0), (10, 0)], line);
        chart.draw_series([PathElement::new(
            [(x.clone(), low), (x.clone(), high)],
            line,
        )])?;
        chart.draw_series([cap(low), cap(high)])?;
    }
    let fair = 1.0 / players as f64;
    chart.draw_series(DashedLineSeries::new(
        [(SegmentValue::Exact(0), fair), (SegmentValue::Last, fair)],
        8,
        6,
        BLACK.stroke_width(2),
    ))?;
    Ok(())
}

fn score_distributions(area: &Area, stats: &Stats, summary: &Summary) -> DrawResult {
    let games = summary.games().max(1) as f64;
    let Some(first) = stats.seats.iter().find_map(|s| s.histogram.as_ref()) else {
        return Ok(());
    };
    let (from, width, bins) = (first.from as f64, first.width as f64, first.counts.len());
    let centre = |k: usize| from + (k as f64 + 0.5) * width - 0.5;
    let share = |c: u64| 100.0 * c as f64 / games;
    let top = (stats.seats.iter())
        .filter_map(|s| s.histogram.as_ref())
        .flat_map(|h| h.counts.iter().map(|&c| share(c)))
        .fold(1.0, f64::max);
    let caption = format!("final score per seat (share of games per bin of {width} points)");
    let mut chart = frame(area, &caption)
        .build_cartesian_2d(from - width..centre(bins - 1) + width, 0.0..top * 1.1)?;
    chart
        .configure_mesh()
        .x_desc("score")
        .y_desc("games")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.0}%"))
        .draw()?;
    for (s, st) in stats.seats.iter().enumerate() {
        let Some(h) = &st.histogram else { continue };
        let colour = Palette99::pick(s);
        let points = h
            .counts
            .iter()
            .enumerate()
            .map(|(k, &c)| (centre(k), share(c)));
        chart
            .draw_series(LineSeries::new(points, colour.stroke_width(2)))?
            .label(seat_label(summary, s))
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], colour.stroke_width(2)));
    }
    legend(&mut chart)
}
