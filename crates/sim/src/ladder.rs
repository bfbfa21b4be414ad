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

use crate::estimate::wilson;
use crate::run::{Options, SimError};
use crate::sections::{configs_text, IntervalRow, Intervals, Table};
use crate::spec::Spec;
use crate::summary::{Summary, WIN_UNIT};
use crate::table::pct;
use dicecore::agent::AgentSpecError;
use dicecore::{AgentSpec, Game};
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

/// One rung: a level against the level below it, over all seatings.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Rung {
    /// The level, from 2 (level 1 is the weakest agent, the ladder's foot).
    pub level: usize,
    /// The level's agent.
    pub agent: AgentSpec,
    /// The agent of the level below, in every other seat.
    pub below: AgentSpec,
    /// Games played: `players × games` of the base spec.
    pub games: u64,
    /// The level's wins, in units of `1 / WIN_UNIT` of a game (shared wins as shares).
    pub win_units: u64,
    /// The level's wins in each seat (in units), over the `games` games of that seating.
    pub seat_win_units: Vec<u64>,
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

    /// The 95% Wilson interval of [`Rung::win_rate`].
    pub fn interval(&self) -> Option<(f64, f64)> {
        wilson(self.wins(), self.games)
    }
}

/// A ladder's result: what was played and one [`Rung`] per level above the first.
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
}

impl Ladder {
    /// The number of games a ladder plays over `base`: its progress bar's length.
    pub fn total_games(&self, players: u8, games: u64) -> u64 {
        (self.levels.len() as u64 - 1)
            .saturating_mul(players as u64)
            .saturating_mul(games)
    }

    /// Plays the ladder over `base` (its players, games, seed, configs and action limit; its
    /// agents are ignored) with `runner`, which plays a range of a spec's games: [`crate::run`]
    /// for a game type ([`Ladder::run_game`]), or a runner by name. Each rung plays the same
    /// game indices in every seating; the result depends on `base` and the ladder alone, not
    /// on the threads of `options` (whose progress counts every game of every rung).
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
                below: *below,
                games: 0,
                win_units: 0,
                seat_win_units: Vec::new(),
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
        Ok(Levels {
            game: header.game,
            rules: header.rules,
            players: base.players,
            games: base.games,
            seed: base.seed,
            configs: header.configs,
            levels: self.levels.clone(),
            rungs,
        })
    }

    /// [`Ladder::run`] for game `G`.
    pub fn run_game<G: Game>(
        &self,
        base: &Spec<G::Config>,
        options: &Options,
    ) -> Result<Levels, SimError>
    where
        G::Config: Serialize,
    {
        self.run(base, crate::run::<G>, options)
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
    rungs: Vec<RungOut<'a>>,
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

impl Levels {
    /// The result as JSON (fixed key order, two-space indentation, a final newline): what was
    /// played, and per rung the exact win units (per seat too) with the win rate and its
    /// interval. The same ladder gives the same bytes whatever the threads.
    pub fn to_json(&self) -> String {
        let rungs = (self.rungs.iter())
            .map(|rung| RungOut {
                rung,
                wins: rung.wins(),
                win_rate: rung.win_rate(),
                win_rate_low: rung.interval().map(|i| i.0),
                win_rate_high: rung.interval().map(|i| i.1),
            })
            .collect();
        let out = LevelsOut {
            ladder: 1,
            game: &self.game,
            rules: self.rules,
            players: self.players,
            games_per_seating: self.games,
            seed: self.seed,
            configs: &self.configs,
            win_unit: WIN_UNIT,
            levels: &self.levels,
            rungs,
        };
        // Plain structs, numbers and strings: serialising cannot fail.
        let mut text = serde_json::to_string_pretty(&out).unwrap_or_default();
        text.push('\n');
        text
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
                    "{} per seating, {} seatings per rung",
                    self.games, self.players
                ),
            ),
            ("master seed".into(), self.seed.to_string()),
            ("ladder".into(), levels.join(" < ")),
            ("configs".into(), configs_text(&self.configs)),
        ]
    }

    /// The levels of play as a table: one row per rung.
    pub fn table(&self) -> Table {
        let mut columns: Vec<String> = ["level", "agent", "against", "games", "win rate"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        columns.push("95% interval".into());
        columns.extend((0..self.players).map(|s| format!("seat {s}")));
        let seat_rate = |units: u64| {
            pct((self.games > 0).then(|| units as f64 / WIN_UNIT as f64 / self.games as f64))
        };
        let mut rows = vec![{
            let mut row = vec!["1".to_string(), self.levels[0].to_string(), "-".into()];
            row.extend(std::iter::repeat_n(
                "-".to_string(),
                3 + self.players as usize,
            ));
            row
        }];
        for r in &self.rungs {
            let mut row = vec![
                r.level.to_string(),
                r.agent.to_string(),
                r.below.to_string(),
                r.games.to_string(),
                pct(r.win_rate()),
                r.interval().map_or("-".into(), |(lo, hi)| {
                    format!("{} – {}", pct(Some(lo)), pct(Some(hi)))
                }),
            ];
            row.extend(r.seat_win_units.iter().map(|&u| seat_rate(u)));
            rows.push(row);
        }
        Table {
            title: "Levels of play".into(),
            note: format!(
                "Each level against the level below: one seat of the level, every other seat \
                 the level below, rotated over all {} seats on the same {} games (same setups \
                 and dice). Win rate of the level, shared wins as shares, with its 95% Wilson \
                 interval; even strength wins {}. The seat columns give its win rate in each \
                 seat.",
                self.players,
                self.games,
                pct(Some(1.0 / self.players.max(1) as f64))
            ),
            columns,
            rows,
        }
    }

    /// Each rung's win rate with its interval, for a chart.
    pub fn intervals(&self) -> Intervals {
        Intervals {
            title: "Win rate of each level against the level below".into(),
            note: format!(
                "Dot: the win rate; bar: its 95% Wilson interval; dashed line: even strength \
                 (1/{}).",
                self.players
            ),
            rows: (self.rungs.iter())
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
}

impl fmt::Display for Levels {
    /// The levels of play for a terminal: one row per level.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let table = self.table();
        writeln!(f, "levels of play · {}\n", self.title())?;
        let widths: Vec<usize> = (0..table.columns.len())
            .map(|c| {
                (table
                    .rows
                    .iter()
                    .map(|r| r.get(c).map_or(0, |s| s.chars().count())))
                .chain([table.columns[c].chars().count()])
                .max()
                .unwrap_or(0)
            })
            .collect();
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
            "\nwin rate: of the level against the level below ({} = even), one seat of the \
             level rotated over all seats on the same games",
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
