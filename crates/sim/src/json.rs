//! The summary file: canonical JSON bytes ([`Summary::to_json`]) that carry the statistics and
//! the exact integers they come from, read back and checked by [`Summary::from_json`] so that
//! summaries written on different machines merge exactly. The schema is in
//! `docs/simulation.md`.

use crate::metrics::{FileTally, MetricTally};
use crate::spans::Spans;
use crate::stats::{Histogram, Quantiles, SeatStats, Stats};
use crate::summary::{Header, SeatTally, Summary, WIN_UNIT};
use dicecore::AgentSpec;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The summary file format version written by this crate for a summary with metrics. Format 2
/// added `rules`, the game's rules version; format 3 the metrics of Ludii's current sources
/// (`AdvantageP1`, `Drawishness`, `Drama` and `DecisivenessThreshold` took Ludii's meanings,
/// and ours moved to names of their own). A summary without metrics has nothing that changed
/// in format 3 and is still written as format 2, byte for byte as before
/// ([`PLAIN_SUMMARY_FORMAT`]). Files of formats 1 to 3 are read; the metrics of a format 2
/// file read under the names that compute what they computed.
pub const SUMMARY_FORMAT: u32 = 3;

/// The format version of a summary file without metrics.
pub const PLAIN_SUMMARY_FORMAT: u32 = 2;

#[derive(Serialize)]
struct FileOut<'a> {
    format: u32,
    game: &'a str,
    rules: Option<u32>,
    players: u8,
    games: u64,
    seed: u64,
    agents: &'a [AgentSpec],
    configs: &'a serde_json::Value,
    seats: Vec<SeatOut>,
    positions: Vec<PositionOut>,
    length: LengthOut,
    outcomes: Outcomes,
    #[serde(skip_serializing_if = "Option::is_none")]
    metrics: Option<Vec<MetricOut>>,
    exact: Exact<MetricTally>,
}

/// One metric in the file: its name, unit, value, 95% interval, and value in a fair game
/// (with its central 95% range where simulated).
#[derive(Serialize)]
struct MetricOut {
    name: &'static str,
    unit: crate::metrics::Unit,
    value: Option<f64>,
    low: Option<f64>,
    high: Option<f64>,
    fair: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fair_low: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fair_high: Option<f64>,
}

#[derive(Serialize)]
struct SeatOut {
    seat: u8,
    agent: AgentSpec,
    #[serde(flatten)]
    stats: StatsOut,
}

#[derive(Serialize)]
struct PositionOut {
    position: u8,
    #[serde(flatten)]
    stats: StatsOut,
}

#[derive(Serialize)]
struct StatsOut {
    wins: f64,
    win_rate: Option<f64>,
    win_rate_low: Option<f64>,
    win_rate_high: Option<f64>,
    mean_score: Option<f64>,
    sd_score: Option<f64>,
    quantiles: Option<Quantiles<i32>>,
    histogram: Option<Histogram>,
}

impl From<SeatStats> for StatsOut {
    fn from(st: SeatStats) -> StatsOut {
        StatsOut {
            wins: st.wins,
            win_rate: st.win_rate,
            win_rate_low: st.win_rate_interval.map(|i| i.0),
            win_rate_high: st.win_rate_interval.map(|i| i.1),
            mean_score: st.mean_score,
            sd_score: st.sd_score,
            quantiles: st.quantiles,
            histogram: st.histogram,
        }
    }
}

#[derive(Serialize)]
struct LengthOut {
    mean: Option<f64>,
    sd: Option<f64>,
    quantiles: Option<Quantiles<u64>>,
}

#[derive(Serialize, Deserialize)]
struct Outcomes {
    draws: u64,
    #[serde(default, skip_deserializing)]
    draw_rate: Option<f64>,
    shared_wins: u64,
    #[serde(default, skip_deserializing)]
    shared_rate: Option<f64>,
    no_winner: u64,
}

#[derive(Serialize, Deserialize)]
struct Exact<M> {
    win_unit: u64,
    indices: Vec<(u64, u64)>,
    seats: Vec<ExactSeat>,
    positions: Vec<ExactSeat>,
    lengths: Vec<(u64, u64)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    metrics: Option<M>,
}

#[derive(Serialize, Deserialize)]
struct ExactSeat {
    win_units: u64,
    score_sum: i128,
    score_squares: i128,
    scores: Vec<(i32, u64)>,
}

/// The part of a file that is read back: the header and the exact integers. Everything else
/// is recomputed from them.
#[derive(Deserialize)]
struct FileIn {
    format: u32,
    game: String,
    #[serde(default)]
    rules: Option<u32>,
    players: u8,
    games: u64,
    seed: u64,
    agents: Vec<AgentSpec>,
    configs: serde_json::Value,
    outcomes: Outcomes,
    exact: Exact<FileTally>,
}

/// Why a summary file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SummaryError {
    /// Not JSON, or a field is missing or of the wrong type.
    #[error("not a summary file: {0}")]
    Json(String),
    /// A format version this crate does not read.
    #[error(
        "summary format {0} is not supported (this version reads formats 1 to {SUMMARY_FORMAT})"
    )]
    Format(u32),
    /// The win unit is not [`WIN_UNIT`].
    #[error("win_unit is {0}, expected {WIN_UNIT}")]
    WinUnit(u64),
    /// The configs are neither `"standard"`, `{"fixed": ...}` nor `{"variant": {...}}`.
    #[error("configs must be \"standard\", {{\"fixed\": CONFIG}} or {{\"variant\": OVERRIDES}}")]
    Configs,
    /// The player count, agents and seats disagree, or the count is out of range.
    #[error("{players} players, {agents} agents and {seats} seats in the exact data")]
    Seats {
        /// Players in the header.
        players: u8,
        /// Agents in the header.
        agents: usize,
        /// Seats in the exact data.
        seats: usize,
    },
    /// The index ranges are not sorted, non-empty, disjoint and non-adjacent.
    #[error("index range {0} is empty, out of order, or touches the previous one")]
    Indices(usize),
    /// A count disagrees with the number of games (`what` names it).
    #[error("{what} count {found} games, the summary has {games}")]
    Count {
        /// Which counts.
        what: String,
        /// Their total.
        found: u128,
        /// The summary's number of games.
        games: u64,
    },
    /// Another sum disagrees with the data it sums (`what` names it).
    #[error("{0} does not match the data")]
    Sum(String),
}

impl From<&SeatTally> for ExactSeat {
    fn from(t: &SeatTally) -> ExactSeat {
        ExactSeat {
            win_units: t.win_units,
            score_sum: t.score_sum,
            score_squares: t.score_squares,
            scores: pairs(&t.scores),
        }
    }
}

fn pairs<K: Copy, V: Copy>(map: &BTreeMap<K, V>) -> Vec<(K, V)> {
    map.iter().map(|(&k, &v)| (k, v)).collect()
}

impl Summary {
    /// The summary file: canonical JSON (keys in a fixed order, two-space indentation, a final
    /// newline). Statistics are computed from the exact integers, so the same games give the
    /// same bytes on every machine, whatever the threads or the split of the games; the file
    /// holds no timings. Its schema is in `docs/simulation.md`.
    pub fn to_json(&self) -> String {
        let stats = Stats::of(self);
        let agents = self.header.agents.iter().cloned();
        let seats = (agents.zip(stats.seats).enumerate())
            .map(|(s, (agent, st))| SeatOut {
                seat: s as u8,
                agent,
                stats: st.into(),
            })
            .collect();
        let positions = (stats.positions.into_iter().enumerate())
            .map(|(p, st)| PositionOut {
                position: p as u8,
                stats: st.into(),
            })
            .collect();
        let file = FileOut {
            format: match self.metrics {
                Some(_) => SUMMARY_FORMAT,
                None => PLAIN_SUMMARY_FORMAT,
            },
            game: &self.header.game,
            rules: self.header.rules,
            players: self.header.players,
            games: self.games,
            seed: self.header.seed,
            agents: &self.header.agents,
            configs: &self.header.configs,
            seats,
            positions,
            length: LengthOut {
                mean: stats.length.mean,
                sd: stats.length.sd,
                quantiles: stats.length.quantiles,
            },
            outcomes: Outcomes {
                draws: self.draws,
                draw_rate: stats.draw_rate,
                shared_wins: self.shared,
                shared_rate: stats.shared_rate,
                no_winner: self.no_winner,
            },
            metrics: self.metrics().map(|m| {
                (m.rows().iter())
                    .map(|r| MetricOut {
                        name: r.name,
                        unit: r.unit,
                        value: r.value,
                        low: r.interval.map(|i| i.0),
                        high: r.interval.map(|i| i.1),
                        fair: r.fair,
                        fair_low: r.fair_range.map(|i| i.0),
                        fair_high: r.fair_range.map(|i| i.1),
                    })
                    .collect()
            }),
            exact: Exact {
                win_unit: WIN_UNIT,
                indices: self.indices.as_slice().to_vec(),
                seats: self.seats.iter().map(ExactSeat::from).collect(),
                positions: self.positions.iter().map(ExactSeat::from).collect(),
                lengths: pairs(&self.lengths),
                metrics: self.metrics.clone(),
            },
        };
        canonical(&file)
    }

    /// Reads a summary file written by [`Summary::to_json`] (on any machine). Only the header
    /// and the exact data are read (the statistics are recomputed from them), and they are
    /// checked to be consistent: one tally per seat, every count summing to the number of
    /// games, the sums of scores and squares matching the score counts, the win shares adding
    /// up. `Summary::from_json(&s.to_json()) == Ok(s)`.
    pub fn from_json(text: &str) -> Result<Summary, SummaryError> {
        let file: FileIn = serde_json::from_str(text).map_err(|e| {
            // Another file of `simulate`: say which, rather than what it lacks.
            let value = serde_json::from_str::<serde_json::Value>(text).ok();
            match value.as_ref().and_then(other_kind) {
                Some(kind) => SummaryError::Json(format!("it is {kind}")),
                None => SummaryError::Json(e.to_string()),
            }
        })?;
        if !(1..=SUMMARY_FORMAT).contains(&file.format) {
            return Err(SummaryError::Format(file.format));
        }
        if file.exact.win_unit != WIN_UNIT {
            return Err(SummaryError::WinUnit(file.exact.win_unit));
        }
        let configs_ok = file.configs == "standard"
            || file.configs.as_object().is_some_and(|o| {
                o.len() == 1
                    && (o.contains_key("fixed") || o.get("variant").is_some_and(|v| v.is_object()))
            });
        if !configs_ok {
            return Err(SummaryError::Configs);
        }
        let (players, seats) = (file.players, file.exact.seats.len());
        if players == 0
            || players > crate::MAX_PLAYERS
            || file.agents.len() != players as usize
            || seats != players as usize
            || file.exact.positions.len() != players as usize
        {
            return Err(SummaryError::Seats {
                players,
                agents: file.agents.len(),
                seats,
            });
        }
        let games = file.games;
        let indices = Spans::from_ranges(file.exact.indices).map_err(SummaryError::Indices)?;
        check_count("the index ranges", indices.len(), games)?;
        let tallies = |exact: Vec<ExactSeat>, what: &str| {
            (exact.into_iter().enumerate())
                .map(|(s, e)| tally(&format!("{what} {s}"), e, games))
                .collect::<Result<Vec<_>, _>>()
        };
        let (seat_tallies, positions) = (
            tallies(file.exact.seats, "seat")?,
            tallies(file.exact.positions, "position")?,
        );
        // Positions hold the seats' results in another order: the same scores, all told.
        let all_scores = |ts: &[SeatTally]| {
            ts.iter().fold(BTreeMap::new(), |mut all, t| {
                for (&k, &c) in &t.scores {
                    *all.entry(k).or_insert(0u128) += c as u128;
                }
                all
            })
        };
        if all_scores(&seat_tallies) != all_scores(&positions) {
            return Err(SummaryError::Sum("the positions' scores".to_string()));
        }
        let lengths = count_map(file.exact.lengths, "the game lengths", games)?;
        let o = &file.outcomes;
        let winning_games = games.checked_sub(o.no_winner);
        let expected = winning_games.map(|g| g as u128 * WIN_UNIT as u128);
        for (what, ts) in [("seats", &seat_tallies), ("positions", &positions)] {
            let units: u128 = ts.iter().map(|t| t.win_units as u128).sum();
            if expected != Some(units) {
                return Err(SummaryError::Sum(format!("the {what}' win units")));
            }
        }
        let draws_fit = if players >= 2 {
            o.draws <= o.shared_wins
        } else {
            o.draws == 0
        };
        if !draws_fit
            || o.shared_wins
                .checked_add(o.no_winner)
                .is_none_or(|n| n > games)
        {
            return Err(SummaryError::Sum(
                "draws, shared wins and no winner".to_string(),
            ));
        }
        let metrics = match file.exact.metrics {
            None => None,
            Some(tally) => Some(tally.read(file.format).map_err(|name| {
                SummaryError::Json(format!("exact.metrics: unknown metric '{name}'"))
            })?),
        };
        if let Some(m) = &metrics {
            if !m.fits(players, games) {
                return Err(SummaryError::Sum("the metrics' counts".to_string()));
            }
        }
        Ok(Summary {
            header: Header {
                game: file.game,
                players,
                seed: file.seed,
                agents: file.agents,
                configs: file.configs,
                rules: file.rules,
            },
            indices,
            games,
            seats: seat_tallies,
            positions,
            lengths,
            draws: o.draws,
            shared: o.shared_wins,
            no_winner: o.no_winner,
            metrics,
        })
    }
}

/// What a JSON file written by `simulate` is when it is not a summary: a ladder, a variant
/// comparison or a sweep.
fn other_kind(value: &serde_json::Value) -> Option<&'static str> {
    let has = |key: &str| value.get(key).is_some();
    if has("ladder") {
        Some("a ladder file (written by simulate --ladder --json)")
    } else if has("sweep") {
        Some("a sweep file (written by simulate --sweep --json)")
    } else if has("overrides") && has("standard") {
        Some("a variant comparison file (written by simulate --variant or --set with --json)")
    } else {
        None
    }
}

/// The canonical text of a value: pretty JSON with flat arrays on one line, and a final
/// newline. Serialising plain structs, numbers and strings cannot fail.
pub(crate) fn canonical<T: Serialize>(value: &T) -> String {
    let mut text = inline_flat_arrays(&serde_json::to_string_pretty(value).unwrap_or_default());
    text.push('\n');
    text
}

/// Pretty JSON with every array that holds no object written on one line (`[1, 2, 3]`,
/// `[[4, 2], [5, 3]]`), so long lists of counts stay readable. JSON strings hold no raw line
/// breaks, so every line break is formatting.
fn inline_flat_arrays(pretty: &str) -> String {
    let mut out = String::with_capacity(pretty.len());
    // Per open array: where its '[' is in `out`, and whether it holds an object.
    let mut open: Vec<(usize, bool)> = Vec::new();
    let (mut in_string, mut escaped) = (false, false);
    for c in pretty.chars() {
        out.push(c);
        if in_string {
            (in_string, escaped) = (escaped || c != '"', !escaped && c == '\\');
            continue;
        }
        match c {
            '"' => in_string = true,
            '[' => open.push((out.len() - 1, false)),
            '{' => {
                if let Some(top) = open.last_mut() {
                    top.1 = true;
                }
            }
            ']' => match open.pop() {
                Some((start, false)) => {
                    let flat = {
                        let lines: Vec<&str> = out[start..].lines().map(str::trim_start).collect();
                        match lines.len() {
                            0..=2 => lines.concat(),
                            n => format!("[{}]", lines[1..n - 1].join(" ")),
                        }
                    };
                    out.truncate(start);
                    out.push_str(&flat);
                }
                Some((_, true)) => {
                    if let Some(parent) = open.last_mut() {
                        parent.1 = true;
                    }
                }
                None => {}
            },
            _ => {}
        }
    }
    out
}

fn check_count(what: &str, found: u128, games: u64) -> Result<(), SummaryError> {
    if found != games as u128 {
        return Err(SummaryError::Count {
            what: what.to_string(),
            found,
            games,
        });
    }
    Ok(())
}

/// A count map from sorted pairs with positive counts, summing to `games`.
fn count_map<K: Ord + Copy>(
    pairs: Vec<(K, u64)>,
    what: &str,
    games: u64,
) -> Result<BTreeMap<K, u64>, SummaryError> {
    let sorted = pairs.windows(2).all(|w| w[0].0 < w[1].0);
    if !sorted || pairs.iter().any(|&(_, c)| c == 0) {
        return Err(SummaryError::Sum(format!(
            "{what} (sorted, positive counts)"
        )));
    }
    check_count(what, pairs.iter().map(|&(_, c)| c as u128).sum(), games)?;
    Ok(pairs.into_iter().collect())
}

/// The tally of seat or position `who`, checked.
fn tally(who: &str, e: ExactSeat, games: u64) -> Result<SeatTally, SummaryError> {
    let s = who;
    let scores = count_map(e.scores, &format!("{s}'s scores"), games)?;
    let (mut sum, mut squares) = (0i128, 0i128);
    for (&x, &c) in &scores {
        let (x, c) = (x as i128, c as i128);
        sum = sum
            .checked_add(x * c)
            .ok_or(SummaryError::Sum(s.to_string()))?;
        squares = (x * x)
            .checked_mul(c)
            .and_then(|v| squares.checked_add(v))
            .ok_or(SummaryError::Sum(s.to_string()))?;
    }
    if sum != e.score_sum {
        return Err(SummaryError::Sum(format!("{s}'s score_sum")));
    }
    if squares != e.score_squares {
        return Err(SummaryError::Sum(format!("{s}'s score_squares")));
    }
    if e.win_units as u128 > games as u128 * WIN_UNIT as u128 {
        return Err(SummaryError::Sum(format!("{s}'s win_units")));
    }
    Ok(SeatTally {
        win_units: e.win_units,
        score_sum: e.score_sum,
        score_squares: e.score_squares,
        scores,
    })
}
