//! The skill ladder: agents in order of expected strength, each played against the level
//! below it with the seats balanced, giving the "levels of play" of a game: the win rate of
//! each level against the one below, with its 95% interval.
//!
//! **Seats balanced.** A rung plays the same game indices `0..games` once per seat: in seating
//! `s` the new level sits in seat `s` and the level below fills every other seat (at 3 or more
//! players: one seat of the new level against the rest of the lower level, rotated over all
//! seats). Every seating plays the same setups and dice (they derive from the master seed and
//! the game index alone), so any advantage of a seat or of the turn order cancels, and a rung
//! holds `players × games` games. The rung's win rate is the new level's share of the wins
//! (shared wins as shares); an agent no better than the level below wins `1 / players`.
//!
//! **Paired intervals.** The seatings of one game index share its setup and dice, so they are
//! one unit, not `players` independent games: a rung's 95% interval is
//! `mean ± 1.96·sd/√n` over the game indices of the level's mean share across the seatings.
//!
//! **Ratings.** [`Levels::ratings`] rates every level in Elo points (level 1 at 0) by a
//! Bradley–Terry model fitted over all the games played, with intervals that treat the
//! seatings of one game index as one unit ([`ratings`]). With
//! [`Ladder::play`]`(…, true, …)` every pair of levels meets, not only neighbours (a round
//! robin), and the ratings use every meeting.
//!
//! ```
//! use tabula_sim::{ladder::Ladder, Options, Spec};
//! use dicecore::pig::Pig;
//!
//! let ladder: Ladder = "random,mc:16".parse().unwrap();
//! let base = Spec::new(2, 50, 3, vec![]); // the agents come from the ladder
//! let levels = ladder.run_game::<Pig>(&base, &Options::default()).unwrap();
//! assert_eq!(levels.rungs.len(), 1);
//! assert_eq!(levels.rungs[0].games, 100); // 50 games in each of the 2 seatings
//! println!("{levels}");
//! ```

pub mod ratings;

pub use ratings::{PairStats, Rating};

use crate::estimate::{mean_sd, wilson, Z95};
use crate::run::{in_pool, keep_first, play, Options, SimError};
use crate::sections::{configs_text, IntervalRow, Intervals, Table};
use crate::spec::Spec;
use crate::summary::{Summary, WIN_UNIT};
use crate::table::pct;
use dicecore::agent::AgentSpecError;
use dicecore::{AgentSpec, Game};
use ratings::Meeting;
use rayon::prelude::*;
use serde::Serialize;
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// Agents in order of expected strength, weakest first: at least two.
#[derive(Clone, Debug, PartialEq)]
pub struct Ladder {
    /// The levels, weakest first.
    pub levels: Vec<AgentSpec>,
}

/// Why a ladder was not understood.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum LadderError {
    /// A level is not an agent spec.
    #[error("level {level} of the ladder: {error}")]
    Agent {
        /// The level, from 1.
        level: usize,
        /// Why its spec was refused.
        error: AgentSpecError,
    },
    /// Fewer than two levels: nothing to compare.
    #[error("a ladder needs at least two agents, weakest first (e.g. random,mc:100), not {0}")]
    TooShort(usize),
}

impl FromStr for Ladder {
    type Err = LadderError;

    /// Reads comma-separated agent specs, weakest first: `random,mc:100,ismcts:100`.
    fn from_str(text: &str) -> Result<Ladder, LadderError> {
        let levels = (text.split(',').enumerate())
            .map(|(i, s)| {
                s.parse().map_err(|error| LadderError::Agent {
                    level: i + 1,
                    error,
                })
            })
            .collect::<Result<Vec<AgentSpec>, _>>()?;
        if levels.len() < 2 {
            return Err(LadderError::TooShort(levels.len()));
        }
        Ok(Ladder { levels })
    }
}

/// One rung: a level against the level below it (or, in a round robin, against any lower
/// level), over all seatings.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Rung {
    /// The level, from 2 (level 1 is the weakest agent, the ladder's foot).
    pub level: usize,
    /// The level's agent.
    pub agent: AgentSpec,
    /// The level it plays against: `level − 1` on the ladder, any lower level in a round robin.
    pub below_level: usize,
    /// The agent of that level, in every other seat.
    pub below: AgentSpec,
    /// Games played: `players × games` of the base spec.
    pub games: u64,
    /// The level's wins, in units of `1 / WIN_UNIT` of a game (shared wins as shares).
    pub win_units: u64,
    /// The level's wins in each seat (in units), over the `games` games of that seating.
    pub seat_win_units: Vec<u64>,
    /// Per game index, over its seatings: the level's win units and the games with a winner
    /// (empty from [`Ladder::run`], which sees summaries only).
    pub paired: PairStats,
}

impl Rung {
    /// The level's wins, shared wins as shares.
    pub fn wins(&self) -> f64 {
        self.win_units as f64 / WIN_UNIT as f64
    }

    /// The level's win rate against the level below; `None` without games.
    pub fn win_rate(&self) -> Option<f64> {
        (self.games > 0).then(|| self.wins() / self.games as f64)
    }

    /// The 95% interval of [`Rung::win_rate`], the seatings of one game index as one unit:
    /// `mean ± 1.96·sd/√n` over the `n` game indices of the level's mean share across its
    /// seatings (clamped to `[0, 1]`). Without per-index data (from [`Ladder::run`]) the
    /// Wilson interval of `games` independent games.
    pub fn interval(&self) -> Option<(f64, f64)> {
        let p = &self.paired;
        if p.indices == 0 {
            return wilson(self.wins(), self.games);
        }
        let seatings = (self.games / p.indices).max(1) as f64;
        let scale = seatings * WIN_UNIT as f64;
        let (mean, sd) = mean_sd(p.indices, p.units as i128, p.units_squared as i128);
        let (mean, sd) = (mean? / scale, sd.unwrap_or(0.0) / scale);
        let half = Z95 * sd / (p.indices as f64).sqrt();
        Some(((mean - half).max(0.0), (mean + half).min(1.0)))
    }
}

/// A ladder's result: what was played, one [`Rung`] per level above the first, the other
/// meetings of a round robin, and every level's rating.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Levels {
    /// The game's name.
    pub game: String,
    /// The game's rules version.
    pub rules: Option<u32>,
    /// Number of players.
    pub players: u8,
    /// Games per seating (game indices `0..games`, the same in every seating).
    pub games: u64,
    /// The master seed.
    pub seed: u64,
    /// The configs, as summaries write them.
    pub configs: serde_json::Value,
    /// The levels, weakest first.
    pub levels: Vec<AgentSpec>,
    /// Level 2 against level 1, level 3 against level 2, and so on.
    pub rungs: Vec<Rung>,
    /// In a round robin, the other meetings: every level against every level at least two
    /// below it (empty otherwise).
    pub cross: Vec<Rung>,
    /// Every level's Elo rating with its 95% interval, fitted over the rungs and the other
    /// meetings (empty from [`Ladder::run`]).
    pub ratings: Vec<Rating>,
}

impl Ladder {
    /// The number of games a ladder plays over `base`: its progress bar's length.
    pub fn total_games(&self, players: u8, games: u64) -> u64 {
        (self.meetings(false).len() as u64)
            .saturating_mul(players as u64)
            .saturating_mul(games)
    }

    /// The number of games of [`Ladder::play`] with `round_robin`.
    pub fn games_played(&self, players: u8, games: u64, round_robin: bool) -> u64 {
        (self.meetings(round_robin).len() as u64)
            .saturating_mul(players as u64)
            .saturating_mul(games)
    }

    /// The pairs of levels (0-based, lower first) that meet: neighbours, or with
    /// `round_robin` every pair; neighbours first, in order.
    fn meetings(&self, round_robin: bool) -> Vec<(usize, usize)> {
        let n = self.levels.len();
        let mut pairs: Vec<(usize, usize)> = (1..n).map(|j| (j - 1, j)).collect();
        if round_robin {
            pairs.extend((0..n).flat_map(|a| (a + 2..n).map(move |b| (a, b))));
        }
        pairs
    }

    /// Plays the ladder of game `G` over `base` (its players, games, seed, configs and action
    /// limit; its agents are ignored): each level against the level below, or with
    /// `round_robin` every pair of levels, every pair on the same game indices in every
    /// seating. Gives each rung's win rate with its paired interval and every level's rating.
    /// Every game's config is checked before any is played. The result depends on `base` and
    /// the ladder alone, not on the threads of `options` (whose progress counts every game).
    pub fn play<G: Game>(
        &self,
        base: &Spec<G::Config>,
        round_robin: bool,
        options: &Options,
    ) -> Result<Levels, SimError>
    where
        G::Config: Serialize,
    {
        let mut check = base.clone();
        check.agents = vec![self.levels[0]; base.players as usize];
        check.check::<G>()?;
        check.check_range(&(0..base.games))?;
        let header = crate::header::<G>(&check)?;
        let (mut rungs, mut cross, mut meetings) = (Vec::new(), Vec::new(), Vec::new());
        in_pool(options, || {
            check
                .check_configs::<G>(&(0..base.games))
                .map_err(Into::into)
        })?;
        for (lower, upper) in self.meetings(round_robin) {
            let rung = in_pool(options, || self.meet::<G>(base, lower, upper, options))?;
            meetings.push(Meeting {
                lower,
                upper,
                stats: rung.paired,
            });
            if upper == lower + 1 {
                rungs.push(rung);
            } else {
                cross.push(rung);
            }
        }
        let ratings = ratings::ratings(&self.levels, base.players, &meetings);
        Ok(self.levels_of(header, base, rungs, cross, ratings))
    }

    /// The result of this ladder played over `base`, its header `header`.
    fn levels_of<C>(
        &self,
        header: crate::summary::Header,
        base: &Spec<C>,
        rungs: Vec<Rung>,
        cross: Vec<Rung>,
        ratings: Vec<Rating>,
    ) -> Levels {
        Levels {
            game: header.game,
            rules: header.rules,
            players: base.players,
            games: base.games,
            seed: base.seed,
            configs: header.configs,
            levels: self.levels.clone(),
            rungs,
            cross,
            ratings,
        }
    }

    /// Level `upper` (one seat) against level `lower` (every other seat) on every game index
    /// of `base`, in every seating.
    fn meet<G: Game>(
        &self,
        base: &Spec<G::Config>,
        lower: usize,
        upper: usize,
        options: &Options,
    ) -> Result<Rung, SimError> {
        let players = base.players as usize;
        let (below, agent) = (self.levels[lower], self.levels[upper]);
        let seatings: Vec<Spec<G::Config>> = (0..players)
            .map(|seat| {
                let mut spec = base.clone();
                spec.agents = (0..players)
                    .map(|s| if s == seat { agent } else { below })
                    .collect();
                spec
            })
            .collect();
        // Per worker: the pair's statistics, the level's units per seat, the first error.
        type Part = (PairStats, Vec<u64>, Option<SimError>);
        let empty = || -> Part { (PairStats::default(), vec![0; players], None) };
        let (paired, seat_units, error) = (0..base.games)
            .into_par_iter()
            .fold(empty, |(mut paired, mut seats, error), index| {
                if error.is_some() {
                    return (paired, seats, error);
                }
                let (mut units, mut decided) = (0u128, 0u64);
                for (seat, spec) in seatings.iter().enumerate() {
                    match play::<G>(spec, index, false) {
                        Ok(game) => {
                            let won = game.result.win_units(dicecore::Seat(seat as u8));
                            units += won as u128;
                            decided += !game.result.outcome.winners.is_empty() as u64;
                            seats[seat] += won;
                        }
                        Err(e) => return (paired, seats, Some(e)),
                    }
                    if let Some(p) = options.progress {
                        p.tick();
                    }
                }
                paired.add(units, decided);
                (paired, seats, None)
            })
            .reduce(empty, |a, b| {
                let mut paired = a.0;
                let q = b.0;
                paired.indices += q.indices;
                paired.units += q.units;
                paired.units_squared += q.units_squared;
                paired.decided += q.decided;
                paired.decided_squared += q.decided_squared;
                paired.cross += q.cross;
                let seats = a.1.iter().zip(&b.1).map(|(x, y)| x + y).collect();
                (paired, seats, keep_first(a.2, b.2))
            });
        if let Some(e) = error {
            return Err(e);
        }
        Ok(Rung {
            level: upper + 1,
            agent,
            below_level: lower + 1,
            below,
            games: base.games * players as u64,
            win_units: seat_units.iter().sum(),
            seat_win_units: seat_units,
            paired,
        })
    }

    /// Plays the ladder over `base` with `runner`, which plays a range of a spec's games and
    /// returns their summary: the rungs' win rates with Wilson intervals that count the
    /// seatings of a game index as independent games, and no ratings.
    #[deprecated(
        since = "0.2.0",
        note = "use Ladder::play (paired intervals and ratings) or a Simulator's ladder"
    )]
    pub fn run<C: Clone>(
        &self,
        base: &Spec<C>,
        runner: impl Fn(&Spec<C>, Range<u64>, &Options) -> Result<Summary, SimError>,
        options: &Options,
    ) -> Result<Levels, SimError> {
        let mut rungs = Vec::new();
        let mut header = None;
        for (i, pair) in self.levels.windows(2).enumerate() {
            let (below, agent) = (&pair[0], &pair[1]);
            let mut rung = Rung {
                level: i + 2,
                agent: *agent,
                below_level: i + 1,
                below: *below,
                games: 0,
                win_units: 0,
                seat_win_units: Vec::new(),
                paired: PairStats::default(),
            };
            for seat in 0..base.players as usize {
                let mut spec = base.clone();
                spec.agents = (0..base.players as usize)
                    .map(|s| if s == seat { *agent } else { *below })
                    .collect();
                let summary = runner(&spec, 0..base.games, options)?;
                let units = summary.seats().get(seat).map_or(0, |t| t.win_units);
                rung.games += summary.games();
                rung.win_units = rung.win_units.saturating_add(units);
                rung.seat_win_units.push(units);
                header.get_or_insert_with(|| summary.header().clone());
            }
            rungs.push(rung);
        }
        // No seat (0 players): the runner's own error says why.
        let header = match header {
            Some(header) => header,
            None => runner(base, 0..base.games, options)?.header().clone(),
        };
        Ok(self.levels_of(header, base, rungs, Vec::new(), Vec::new()))
    }

    /// [`Ladder::play`] for game `G`, neighbours only.
    pub fn run_game<G: Game>(
        &self,
        base: &Spec<G::Config>,
        options: &Options,
    ) -> Result<Levels, SimError>
    where
        G::Config: Serialize,
    {
        self.play::<G>(base, false, options)
    }
}

#[derive(Serialize)]
struct LevelsOut<'a> {
    ladder: u32,
    game: &'a str,
    rules: Option<u32>,
    players: u8,
    games_per_seating: u64,
    seed: u64,
    configs: &'a serde_json::Value,
    win_unit: u64,
    levels: &'a [AgentSpec],
    interval: &'static str,
    rungs: Vec<RungOut<'a>>,
    cross: Vec<RungOut<'a>>,
    ratings: &'a [Rating],
}

#[derive(Serialize)]
struct RungOut<'a> {
    #[serde(flatten)]
    rung: &'a Rung,
    wins: f64,
    win_rate: Option<f64>,
    win_rate_low: Option<f64>,
    win_rate_high: Option<f64>,
}

/// The format of [`Levels::to_json`]'s file (its `ladder` key): 2 added the paired statistics
/// and intervals, `below_level`, the round robin's `cross` meetings and the `ratings`.
pub const LADDER_FORMAT: u32 = 2;

impl Levels {
    /// The result as JSON (fixed key order, two-space indentation, a final newline): what was
    /// played, per rung (and other meeting) the exact win units, per seat and paired by game
    /// index, with the win rate and its paired interval, and every level's rating. The same
    /// ladder gives the same bytes whatever the threads.
    pub fn to_json(&self) -> String {
        fn out(rungs: &[Rung]) -> Vec<RungOut<'_>> {
            (rungs.iter())
                .map(|rung| RungOut {
                    rung,
                    wins: rung.wins(),
                    win_rate: rung.win_rate(),
                    win_rate_low: rung.interval().map(|i| i.0),
                    win_rate_high: rung.interval().map(|i| i.1),
                })
                .collect()
        }
        let out = LevelsOut {
            ladder: LADDER_FORMAT,
            game: &self.game,
            rules: self.rules,
            players: self.players,
            games_per_seating: self.games,
            seed: self.seed,
            configs: &self.configs,
            win_unit: WIN_UNIT,
            levels: &self.levels,
            interval: "95%, the seatings of a game index as one unit: mean ± 1.96·sd/√n over the \
                       game indices of the level's mean share across the seatings",
            rungs: out(&self.rungs),
            cross: out(&self.cross),
            ratings: &self.ratings,
        };
        crate::json::canonical(&out)
    }

    /// One line naming the ladder.
    pub fn title(&self) -> String {
        format!(
            "{} · {} players · {} games per seating · seed {}",
            self.game, self.players, self.games, self.seed
        )
    }

    /// The header lines of a report.
    pub(crate) fn facts(&self) -> Vec<(String, String)> {
        let levels: Vec<String> = self.levels.iter().map(|a| a.to_string()).collect();
        vec![
            ("game".into(), self.game.clone()),
            (
                "rules version".into(),
                self.rules.map_or("unknown".into(), |r| r.to_string()),
            ),
            ("players".into(), self.players.to_string()),
            (
                "games".into(),
                format!(
                    "{} per seating, {} seatings per meeting",
                    self.games, self.players
                ),
            ),
            ("master seed".into(), self.seed.to_string()),
            ("ladder".into(), levels.join(" < ")),
            (
                "meetings".into(),
                if self.cross.is_empty() {
                    "each level against the level below".into()
                } else {
                    "round robin: every pair of levels".into()
                },
            ),
            ("configs".into(), configs_text(&self.configs)),
        ]
    }

    /// The levels of play as a table: one row per level (its rating) and per meeting.
    pub fn table(&self) -> Table {
        let mut columns: Vec<String> = [
            "level",
            "agent",
            "against",
            "games",
            "win rate",
            "95% interval",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        columns.extend((0..self.players).map(|s| format!("seat {s}")));
        columns.extend(["Elo".to_string(), "Elo 95% interval".to_string()]);
        let seat_rate = |units: u64| {
            pct((self.games > 0).then(|| units as f64 / WIN_UNIT as f64 / self.games as f64))
        };
        let elo = |level: usize| {
            let r = self.ratings.iter().find(|r| r.level == level);
            let fixed = |x: f64| crate::metrics::fixed(x, 0, level > 1);
            (
                r.map_or("-".into(), |r| fixed(r.elo)),
                r.map_or("-".into(), |r| {
                    if level == 1 {
                        "-".into()
                    } else {
                        format!("{} – {}", fixed(r.low), fixed(r.high))
                    }
                }),
            )
        };
        let mut rows = vec![{
            let mut row = vec!["1".to_string(), self.levels[0].to_string(), "-".into()];
            row.extend(std::iter::repeat_n(
                "-".to_string(),
                3 + self.players as usize,
            ));
            let (e, i) = elo(1);
            row.extend([e, i]);
            row
        }];
        for r in self.rungs.iter().chain(&self.cross) {
            let mut row = vec![
                r.level.to_string(),
                r.agent.to_string(),
                format!("{} (level {})", r.below, r.below_level),
                r.games.to_string(),
                pct(r.win_rate()),
                r.interval().map_or("-".into(), |(lo, hi)| {
                    format!("{} – {}", pct(Some(lo)), pct(Some(hi)))
                }),
            ];
            row.extend(r.seat_win_units.iter().map(|&u| seat_rate(u)));
            let (e, i) = if r.below_level + 1 == r.level {
                elo(r.level)
            } else {
                ("".into(), "".into())
            };
            row.extend([e, i]);
            rows.push(row);
        }
        Table {
            title: "Levels of play".into(),
            note: format!(
                "Each level against a lower level: one seat of the level, every other seat the \
                 lower level, rotated over all {} seats on the same {} game indices (same setups \
                 and dice). Win rate of the level, shared wins as shares; even strength wins \
                 {}. Its 95% interval takes the seatings of a game index as one unit. The seat \
                 columns give its win rate in each seat. Elo: the level's rating from every \
                 game played (Bradley–Terry; level 1 at 0; 400 points are ten times the odds), \
                 with its 95% interval.",
                self.players,
                self.games,
                pct(Some(1.0 / self.players.max(1) as f64))
            ),
            columns,
            rows,
        }
    }

    /// Each meeting's win rate with its interval, for a chart.
    pub fn intervals(&self) -> Intervals {
        Intervals {
            title: "Win rate of each level against a lower level".into(),
            note: format!(
                "Dot: the win rate; bar: its 95% interval (seatings of a game index paired); \
                 dashed line: even strength (1/{}).",
                self.players
            ),
            rows: (self.rungs.iter().chain(&self.cross))
                .filter_map(|r| {
                    let (low, high) = r.interval()?;
                    Some(IntervalRow {
                        label: format!("{} vs {}", r.agent, r.below),
                        estimate: r.win_rate()?,
                        low,
                        high,
                    })
                })
                .collect(),
        }
    }

    /// Every level's rating with its interval, for a chart (in Elo points).
    pub fn rating_intervals(&self) -> Intervals {
        Intervals {
            title: "Elo rating of each level".into(),
            note: "Dot: the rating (level 1 at 0); bar: its 95% interval, the seatings of a game \
                   index taken as one unit."
                .into(),
            rows: (self.ratings.iter())
                .filter(|r| r.low.is_finite() && r.high.is_finite())
                .map(|r| IntervalRow {
                    label: format!("{} · {}", r.level, r.agent),
                    estimate: r.elo,
                    low: r.low,
                    high: r.high,
                })
                .collect(),
        }
    }
}

impl fmt::Display for Levels {
    /// The levels of play for a terminal: one row per level and meeting.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let table = self.table();
        writeln!(f, "levels of play · {}\n", self.title())?;
        let heads: Vec<&str> = table.columns.iter().map(String::as_str).collect();
        let widths = crate::table::column_widths(&heads, &table.rows);
        let line = |f: &mut fmt::Formatter<'_>, cells: &[String]| {
            let cells: Vec<String> = (cells.iter().zip(&widths).enumerate())
                .map(|(c, (s, &w))| {
                    let pad = w.saturating_sub(s.chars().count());
                    if c == 1 || c == 2 {
                        format!("{s}{}", " ".repeat(pad))
                    } else {
                        format!("{}{s}", " ".repeat(pad))
                    }
                })
                .collect();
            writeln!(f, "{}", cells.join("  ").trim_end())
        };
        line(f, &table.columns)?;
        for row in &table.rows {
            line(f, row)?;
        }
        write!(
            f,
            "\nwin rate: of the level against the lower level ({} = even), one seat of the \
             level rotated over all seats on the same games; interval: 95%, the seatings of a \
             game index as one unit; Elo: Bradley–Terry over every game, level 1 at 0",
            pct(Some(1.0 / self.players.max(1) as f64))
        )?;
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicecore::pig::Pig;

    fn options(threads: usize) -> Options<'static> {
        Options {
            threads: Some(threads),
            progress: None,
        }
    }

    #[test]
    fn bad_ladders_are_clear_errors() {
        assert_eq!("random".parse::<Ladder>(), Err(LadderError::TooShort(1)));
        let err = "random,alphago".parse::<Ladder>().unwrap_err();
        assert!(matches!(err, LadderError::Agent { level: 2, .. }));
        assert!(
            err.to_string().starts_with("level 2 of the ladder: "),
            "{err}"
        );
        let ok: Ladder = "random, mc:4,ismcts:8".parse().unwrap();
        assert_eq!(ok.levels.len(), 3);
    }

    #[test]
    #[allow(deprecated)]
    fn every_level_plays_every_seat_on_the_same_games() {
        let ladder: Ladder = "random,mc:4".parse().unwrap();
        let base = Spec::new(3, 20, 9, vec![]);
        let seen = std::sync::Mutex::new(Vec::new());
        let levels = ladder
            .run(
                &base,
                |spec: &Spec<_>, range, options| {
                    seen.lock()
                        .unwrap()
                        .push((spec.agents.clone(), range.clone()));
                    crate::run::<Pig>(spec, range, options)
                },
                &options(1),
            )
            .unwrap();
        let seen = seen.into_inner().unwrap();
        let (r, m) = (AgentSpec::Random, AgentSpec::MonteCarlo { playouts: 4 });
        assert_eq!(
            seen,
            vec![
                (vec![m, r, r], 0..20),
                (vec![r, m, r], 0..20),
                (vec![r, r, m], 0..20),
            ]
        );
        let rung = &levels.rungs[0];
        assert_eq!((rung.games, rung.seat_win_units.len()), (60, 3));
        assert_eq!(rung.win_units, rung.seat_win_units.iter().sum::<u64>());
        // `play` plays the same games, and pairs the seatings of each index.
        let played = ladder.play::<Pig>(&base, false, &options(2)).unwrap();
        let same = &played.rungs[0];
        assert_eq!(
            (same.win_units, &same.seat_win_units),
            (rung.win_units, &rung.seat_win_units)
        );
        assert_eq!((same.paired.indices, same.paired.decided), (20, 60));
        assert_eq!(same.paired.units, same.win_units as u128);
        assert_eq!(played.ratings.len(), 2);
        assert_eq!(played.ratings[0].elo, 0.0);
    }

    #[test]
    fn a_round_robin_meets_every_pair_and_rates_every_level() {
        let ladder: Ladder = "random,mc:2,mc:8".parse().unwrap();
        let base = Spec::new(2, 30, 4, vec![]);
        let levels = ladder.play::<Pig>(&base, true, &options(2)).unwrap();
        assert_eq!((levels.rungs.len(), levels.cross.len()), (2, 1));
        assert_eq!((levels.cross[0].level, levels.cross[0].below_level), (3, 1));
        assert_eq!(ladder.games_played(2, 30, true), 180);
        let r = &levels.ratings;
        assert!(r.iter().all(|r| r.low <= r.elo && r.elo <= r.high), "{r:?}");
        assert!(r[2].elo > r[0].elo, "{r:?}");
        let json: serde_json::Value = serde_json::from_str(&levels.to_json()).unwrap();
        assert_eq!(json["ladder"], LADDER_FORMAT);
        assert_eq!(json["cross"].as_array().unwrap().len(), 1);
        assert_eq!(json["ratings"].as_array().unwrap().len(), 3);
        // The paired interval holds the rate.
        let rung = &levels.rungs[0];
        let (lo, hi) = rung.interval().unwrap();
        assert!(lo <= rung.win_rate().unwrap() && rung.win_rate().unwrap() <= hi);
    }

    #[test]
    fn levels_do_not_depend_on_threads() {
        let ladder: Ladder = "random,mc:4,ismcts:8".parse().unwrap();
        let base = Spec::new(2, 24, 5, vec![]);
        let one = ladder.run_game::<Pig>(&base, &options(1)).unwrap();
        let two = ladder.run_game::<Pig>(&base, &options(2)).unwrap();
        assert_eq!(one, two);
        assert_eq!(one.to_json(), two.to_json());
        assert_eq!(one.rungs.len(), 2);
        assert_eq!(ladder.total_games(2, 24), 96);
    }
}
