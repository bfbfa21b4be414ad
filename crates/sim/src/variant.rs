//! Rule variants compared: [`Overrides`] of top-level config fields applied to the standard
//! config of every game ([`apply`]), and [`compare`], which plays the same game indices, seeds
//! and agents under the standard configs and under the variant, with the spec's chosen metrics
//! (every metric when it chose none), and pairs the two results of each game index.
//!
//! ```
//! use tabula_sim::variant::{compare, parse_set, Overrides};
//! use tabula_sim::{parse_agents, Options, Spec};
//! use dicecore::pig::Pig;
//! let spec = Spec::new(2, 200, 3, parse_agents("random", 2).unwrap());
//! let mut overrides = Overrides::new();
//! let (key, value) = parse_set("target=50").unwrap();
//! overrides.insert(key, value);
//! let comparison = compare::<Pig>(&spec, &overrides, 0..200, &Options::default()).unwrap();
//! let length = comparison.rows().into_iter().find(|r| r.label == "DurationReplay").unwrap();
//! assert!(length.difference.unwrap() < 0.0); // a lower target makes shorter games
//! println!("{comparison}");
//! ```

use crate::metrics::{credit_units, half_rank_of, scale, Metric, MetricSet, Sums, Unit};
use crate::records::GameRecord;
use crate::run::{in_pool, keep_first, play};
use crate::spec::{Configs, Spec, SpecError};
use crate::stats::Z95;
use crate::summary::{GameResult, Summary, WIN_UNIT};
use crate::SimError;
use dicecore::{Game, Seat};
use rayon::prelude::*;
use serde::Serialize;
use std::fmt;
use std::ops::Range;

pub use crate::overrides::{apply, parse_overrides, parse_set, Overrides, VariantError};

/// Whether the variant leaves the standard config of every game of `spec` unchanged (a
/// variant that changes nothing, e.g. a flag set to its standard value). Every game's variant
/// config is checked first ([`changed_configs`]).
pub fn changes_nothing<G: Game>(
    spec: &Spec<G::Config>,
    overrides: &Overrides,
) -> Result<bool, SpecError> {
    Ok(changed_configs::<G>(spec, overrides, &(0..spec.games))? == 0)
}

/// The number of games of `range` whose standard config the variant changes, after checking
/// every game's variant config ([`Spec::check_configs`]): a variant may change some games
/// only (`start=1` changes the games whose drawn start player is not seat 1). Runs on the
/// current rayon pool.
///
/// ```
/// use tabula_sim::variant::{changed_configs, parse_overrides};
/// use tabula_sim::{parse_agents, Spec};
/// use dicecore::pig::Pig;
/// let spec = Spec::new(2, 100, 5, parse_agents("random", 2).unwrap());
/// let start = parse_overrides(r#"{"start": 1}"#).unwrap();
/// let changed = changed_configs::<Pig>(&spec, &start, &(0..100)).unwrap();
/// assert!(changed > 20 && changed < 80, "{changed}"); // the games seat 0 started
/// ```
pub fn changed_configs<G: Game>(
    spec: &Spec<G::Config>,
    overrides: &Overrides,
    range: &Range<u64>,
) -> Result<u64, SpecError> {
    let standard = Spec {
        configs: Configs::Standard,
        ..spec.clone()
    };
    let variant = Spec {
        configs: Configs::Variant(overrides.clone()),
        ..standard.clone()
    };
    variant.check::<G>()?;
    variant.check_range(range)?;
    variant.check_configs::<G>(range)?;
    let changed = range.clone().into_par_iter().filter(|&i| {
        let pair = standard
            .config_of::<G>(i)
            .ok()
            .zip(variant.config_of::<G>(i).ok());
        pair.is_none_or(|(a, b)| a != b)
    });
    Ok(changed.count() as u64)
}

/// The values of one game that are paired across the two runs, in the order of
/// [`Comparison::rows`]' paired rows: per seat and per position the win share (units), then
/// the chosen metrics with per-game values (`None` where undefined), in their scale
/// ([`crate::metrics`]).
fn paired_values(game: &GameResult, players: u8, chosen: MetricSet) -> Vec<Option<i128>> {
    let mut by_position = vec![0i128; players as usize];
    let mut out = Vec::with_capacity(2 * players as usize + chosen.len());
    for s in 0..players {
        let units = game.win_units(Seat(s)) as i128;
        out.push(Some(units));
        if let Some(slot) = by_position.get_mut(game.position(Seat(s), players)) {
            *slot = units;
        }
    }
    out.extend(by_position.into_iter().map(Some));
    let sole = game.sole_winner_position(players);
    let winners = game.outcome.winners.len();
    let several = players >= 2;
    let m = game.metrics.clone().unwrap_or_default();
    out.extend(paired_metrics(chosen).map(|metric| {
        match metric {
            Metric::AdvantageP1 => half_rank_of(&game.outcome, game.first.index())
                .and_then(|h| credit_units(h, players as usize))
                .map(|c| c as i128),
            Metric::AdvantageP1Sole => Some((sole == Some(0)) as i128),
            Metric::Completion => Some(sole.is_some() as i128),
            Metric::Drawishness => {
                several.then_some((winners == 0 || winners == players as usize) as i128)
            }
            Metric::DrawishnessShared => Some(sole.is_none() as i128),
            Metric::Timeouts => Some(0),
            Metric::DurationMoves => Some(game.decisions as i128),
            Metric::DurationReplay => Some(game.actions as i128),
            per_game => m.value(per_game),
        }
    }));
    out
}

/// The chosen metrics that are paired game by game, in [`paired_values`]' order: all but
/// `Balance` and `DurationReplaySd`, which have no per-game value.
fn paired_metrics(chosen: MetricSet) -> impl Iterator<Item = Metric> {
    (chosen.iter()).filter(|m| !matches!(m, Metric::Balance | Metric::DurationReplaySd))
}

/// One line of a comparison: a seat's or position's win rate, or a metric, under the standard
/// configs and under the variant, the difference (variant − standard) and its 95% interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct ComparisonRow {
    /// `seat 0 win rate`, `1st win rate`, or the metric's name.
    pub label: String,
    /// What the values count (a share for the win rates), and so how they are written.
    pub unit: Unit,
    /// The value under the standard configs.
    pub standard: Option<f64>,
    /// The value under the variant.
    pub variant: Option<f64>,
    /// Variant − standard: for paired rows the mean of the per-game differences over the
    /// games where both define the value (the difference of the two means when all do).
    pub difference: Option<f64>,
    /// The 95% interval of the difference, paired by game index: mean ± 1.96·sd/√n of the
    /// per-game differences; `None` for Balance and DurationReplaySd (not per-game values).
    pub interval: Option<(f64, f64)>,
    /// The two-sided p-value of "no difference" (normal approximation to the paired
    /// differences); `None` where there is no interval.
    pub p_value: Option<f64>,
    /// Whether the difference stays significant at 5% after the Holm–Bonferroni correction
    /// over every row with an interval; `None` where there is no interval.
    pub holm: Option<bool>,
}

/// How many of the games compared the variant changed: their config, the actions played,
/// the final scores, the winners.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Changed {
    /// Games compared.
    pub games: u64,
    /// Games whose config the variant changed.
    pub configs: u64,
    /// Games whose actions (decisions and chance outcomes, in order) differ.
    pub actions: u64,
    /// Games whose final scores differ.
    pub scores: u64,
    /// Games whose winners differ.
    pub winners: u64,
}

impl Changed {
    fn add(&mut self, other: &Changed) {
        self.games += other.games;
        self.configs += other.configs;
        self.actions += other.actions;
        self.scores += other.scores;
        self.winners += other.winners;
    }
}

impl fmt::Display for Changed {
    /// `the variant changed the config of 20000 of 20000 games, the actions of 19996, the
    /// scores of 19990 and the winners of 1201`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the variant changed the config of {} of {} games, the actions of {}, the scores \
             of {} and the winners of {}",
            self.configs, self.games, self.actions, self.scores, self.winners
        )?;
        if self.actions == 0 && self.scores == 0 && self.games > 0 {
            write!(
                f,
                ": every game was played and scored as under the standard rules, so every \
                 difference below is exactly 0"
            )?;
        }
        Ok(())
    }
}

/// The result of [`compare`]: both summaries (with the chosen metrics), the exact sums of
/// the paired per-game differences, and how many games changed.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Comparison {
    /// The overrides compared.
    pub overrides: Overrides,
    /// The games under the standard configs.
    pub standard: Summary,
    /// The same games under the variant.
    pub variant: Summary,
    /// How many games the variant changed.
    pub changed: Changed,
    paired: Vec<Sums>,
}

/// The tally of one worker.
struct Part {
    standard: Summary,
    variant: Summary,
    paired: Vec<Sums>,
    changed: Changed,
    records: Vec<GameRecord>,
    error: Option<SimError>,
}

impl Part {
    fn join(self, other: Part) -> Part {
        let paired = (self.paired.iter().zip(&other.paired))
            .map(|(a, b)| a.merged(b))
            .collect::<Option<Vec<Sums>>>();
        let merged = (self.standard.merged(&other.standard))
            .and_then(|s| Ok((s, self.variant.merged(&other.variant)?)));
        let mut changed = self.changed;
        changed.add(&other.changed);
        let mut records = self.records;
        records.extend(other.records);
        match (merged, paired) {
            (Ok((standard, variant)), Some(paired)) => Part {
                standard,
                variant,
                paired,
                changed,
                records,
                error: keep_first(self.error, other.error),
            },
            (Err(e), _) => Part {
                error: keep_first(keep_first(self.error, other.error), Some(e.into())),
                records,
                ..self
            },
            (_, None) => Part {
                error: keep_first(
                    keep_first(self.error, other.error),
                    Some(crate::MergeError::Overflow.into()),
                ),
                records,
                ..self
            },
        }
    }
}

/// Plays games `range` of `spec` (its configs must be [`Configs::Standard`]) under the
/// standard configs and under `overrides`, with the same seeds and agents and the spec's
/// chosen metrics (every metric if it chose none), and pairs the results game by game. Like
/// [`crate::run`], the result depends on the spec and the range alone, not on the threads.
/// Every game's variant config is checked before any game is played
/// ([`Spec::check_configs`]).
pub fn compare<G: Game>(
    spec: &Spec<G::Config>,
    overrides: &Overrides,
    range: Range<u64>,
    options: &crate::Options,
) -> Result<Comparison, SimError> {
    compare_with::<G>(spec, overrides, range, options, false).map(|(c, _)| c)
}

/// [`compare`] with one record per game and rule set, in index order, the standard game's
/// first ([`GameRecord::rules`] says which).
pub fn compare_records<G: Game>(
    spec: &Spec<G::Config>,
    overrides: &Overrides,
    range: Range<u64>,
    options: &crate::Options,
) -> Result<(Comparison, Vec<GameRecord>), SimError> {
    compare_with::<G>(spec, overrides, range, options, true)
}

fn compare_with<G: Game>(
    spec: &Spec<G::Config>,
    overrides: &Overrides,
    range: Range<u64>,
    options: &crate::Options,
    keep_records: bool,
) -> Result<(Comparison, Vec<GameRecord>), SimError> {
    if spec.configs != Configs::Standard {
        return Err(
            SpecError::Config("a variant applies to the standard configs".to_string()).into(),
        );
    }
    let chosen = match spec.metrics {
        MetricSet::NONE => MetricSet::ALL,
        some => some,
    };
    let standard = Spec {
        metrics: chosen,
        ..spec.clone()
    };
    let variant = Spec {
        configs: Configs::Variant(overrides.clone()),
        ..standard.clone()
    };
    for s in [&standard, &variant] {
        s.check::<G>()?;
        s.check_range(&range)?;
    }
    let headers = (
        crate::header::<G>(&standard)?,
        crate::header::<G>(&variant)?,
    );
    let width = 2 * spec.players as usize + paired_metrics(chosen).count();
    let empty = || Part {
        standard: Summary::empty(headers.0.clone()).with_metrics(chosen),
        variant: Summary::empty(headers.1.clone()).with_metrics(chosen),
        paired: vec![Sums::default(); width],
        changed: Changed::default(),
        records: Vec::new(),
        error: None,
    };
    let part = in_pool(options, || {
        variant.check_configs::<G>(&range)?;
        Ok(range
            .clone()
            .into_par_iter()
            .fold(empty, |mut part, index| {
                if part.error.is_some() {
                    return part;
                }
                let both = play::<G>(&standard, index, true)
                    .and_then(|s| Ok((s, play::<G>(&variant, index, true)?)));
                match both {
                    Ok((s, v)) => {
                        let (a, b) = (
                            paired_values(&s.result, spec.players, chosen),
                            paired_values(&v.result, spec.players, chosen),
                        );
                        for ((sums, a), b) in part.paired.iter_mut().zip(a).zip(b) {
                            sums.add(a.zip(b).map(|(a, b)| b - a));
                        }
                        let configs = standard.config_of::<G>(index).ok()
                            != variant.config_of::<G>(index).ok();
                        let (x, y) = (&s.result, &v.result);
                        part.changed.add(&Changed {
                            games: 1,
                            configs: configs as u64,
                            actions: (s.actions != v.actions || x.actions != y.actions) as u64,
                            scores: (x.outcome.scores != y.outcome.scores) as u64,
                            winners: (x.outcome.winners != y.outcome.winners) as u64,
                        });
                        part.standard.record(x);
                        part.variant.record(y);
                        if keep_records {
                            for (rules, s, game) in
                                [("standard", &standard, x), ("variant", &variant, y)]
                            {
                                let config = s.config_of::<G>(index).ok();
                                let json = serde_json::to_string(&config).unwrap_or_default();
                                let mut record = GameRecord::of(s, game, &json);
                                record.rules = Some(rules.to_string());
                                part.records.push(record);
                            }
                        }
                    }
                    Err(e) => part.error = keep_first(part.error, Some(e)),
                }
                if let Some(p) = options.progress {
                    p.tick();
                }
                part
            })
            .reduce(empty, Part::join))
    })?;
    match part.error {
        Some(e) => Err(e),
        None => {
            let mut records = part.records;
            records.sort_by_key(|r| (r.index, r.rules.clone()));
            let comparison = Comparison {
                overrides: overrides.clone(),
                standard: part.standard,
                variant: part.variant,
                changed: part.changed,
                paired: part.paired,
            };
            Ok((comparison, records))
        }
    }
}

/// Marks, for p-values (`None`: no test), which stay significant at `alpha` after the
/// Holm–Bonferroni correction over all those given: sorted ascending, the k-th smallest (from
/// 0) is compared with `alpha / (m − k)` until one fails.
pub(crate) fn holm(p_values: &[Option<f64>], alpha: f64) -> Vec<Option<bool>> {
    let mut order: Vec<(usize, f64)> = (p_values.iter().enumerate())
        .filter_map(|(i, p)| p.map(|p| (i, p)))
        .collect();
    order.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    let m = order.len();
    let mut out: Vec<Option<bool>> = p_values.iter().map(|p| p.map(|_| false)).collect();
    for (k, &(i, p)) in order.iter().enumerate() {
        if p > alpha / (m - k) as f64 {
            break;
        }
        out[i] = Some(true);
    }
    out
}

impl Comparison {
    /// Every line: the win rate of each seat, then of each position in turn order, then each
    /// chosen metric (in the order of [`Metric::ALL`]).
    pub fn rows(&self) -> Vec<ComparisonRow> {
        let players = self.standard.header().players as usize;
        let (st, vt) = (
            crate::Stats::of(&self.standard),
            crate::Stats::of(&self.variant),
        );
        let paired = |k: usize, unit: f64| {
            self.paired.get(k).map_or((None, None, None), |s| {
                let (d, i) = s.mean(unit);
                (d, i, i.and_then(|_| s.p_value()))
            })
        };
        let mut rows = Vec::new();
        let labels = (0..players)
            .map(|s| format!("seat {s} win rate"))
            .chain((1..=players).map(|p| format!("{} win rate", crate::table::ordinal(p))));
        let rates = st
            .seats
            .iter()
            .chain(&st.positions)
            .zip(vt.seats.iter().chain(&vt.positions));
        for (k, (label, (a, b))) in labels.zip(rates).enumerate() {
            let (difference, interval, p_value) = paired(k, WIN_UNIT as f64);
            rows.push(ComparisonRow {
                label,
                unit: Unit::Share,
                standard: a.win_rate,
                variant: b.win_rate,
                difference,
                interval,
                p_value,
                holm: None,
            });
        }
        let (sm, vm) = (self.standard.metrics(), self.variant.metrics());
        let value = |m: &Option<crate::Metrics>, name: &str| {
            m.as_ref().and_then(|m| m.get(name)).and_then(|r| r.value)
        };
        let chosen = self.standard.chosen_metrics();
        for metric in chosen.iter() {
            let name = metric.name();
            let (standard, variant) = (value(&sm, name), value(&vm, name));
            let (difference, interval, p_value) =
                match paired_metrics(chosen).position(|m| m == metric) {
                    Some(i) => paired(2 * players + i, scale(metric)),
                    None => (standard.zip(variant).map(|(a, b)| b - a), None, None),
                };
            rows.push(ComparisonRow {
                label: name.to_string(),
                unit: metric.unit(),
                standard,
                variant,
                difference,
                interval,
                p_value,
                holm: None,
            });
        }
        let p_values: Vec<Option<f64>> = rows.iter().map(|r| r.p_value).collect();
        for (row, holm) in rows.iter_mut().zip(holm(&p_values, 0.05)) {
            row.holm = holm;
        }
        rows
    }

    /// The sentence on multiple comparisons under a comparison's table: how many intervals
    /// it shows, and what the Holm column means.
    pub fn multiple_comparisons_note(&self) -> String {
        let rows = self.rows();
        let tested = rows.iter().filter(|r| r.p_value.is_some()).count();
        let kept = rows.iter().filter(|r| r.holm == Some(true)).count();
        let missing = rows
            .iter()
            .filter(|r| r.interval.is_some_and(|(lo, hi)| lo > 0.0 || hi < 0.0))
            .count();
        format!(
            "{tested} intervals at 95% each: about 1 in 20 misses 0 by chance alone, so read \
             single rows with care. {missing} of them miss 0; {kept} stay significant at 5% \
             after the Holm–Bonferroni correction over all {tested} (marked \"yes\" in the Holm \
             column)."
        )
    }

    /// The comparison as canonical JSON: the overrides, how many games changed, the rows, the
    /// exact paired sums, then both summaries (each as [`Summary::to_json`] writes it). The
    /// same games give the same bytes whatever the threads.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct PairedOut<'a> {
            label: &'a str,
            #[serde(flatten)]
            sums: &'a Sums,
        }
        #[derive(Serialize)]
        struct Out<'a> {
            comparison: u32,
            overrides: &'a Overrides,
            changed: &'a Changed,
            interval: &'static str,
            rows: Vec<ComparisonRow>,
            paired: Vec<PairedOut<'a>>,
        }
        let rows = self.rows();
        // The paired sums are those of the first rows (seats, positions), then of the paired
        // metrics.
        let players = 2 * self.standard.header().players as usize;
        let paired = paired_metrics(self.standard.chosen_metrics());
        let labels: Vec<String> = (rows.iter().take(players).map(|r| r.label.clone()))
            .chain(paired.map(|m| m.name().to_string()))
            .collect();
        let out = Out {
            comparison: COMPARISON_FORMAT,
            overrides: &self.overrides,
            changed: &self.changed,
            interval: "95%, paired by game index: mean ± 1.96·sd/√n of the per-game differences; \
                       holm: significant at 5% after the Holm–Bonferroni correction over the \
                       rows with an interval",
            rows,
            paired: (labels.iter().zip(&self.paired))
                .map(|(label, sums)| PairedOut { label, sums })
                .collect(),
        };
        let head = crate::json::canonical(&out);
        let indent = |text: String| text.trim_end().replace('\n', "\n  ");
        let head = head.trim_end().trim_end_matches('}').trim_end();
        format!(
            "{head},\n  \"standard\": {},\n  \"variant\": {}\n}}\n",
            indent(self.standard.to_json()),
            indent(self.variant.to_json())
        )
    }
}

/// The format of [`Comparison::to_json`]'s file (its `comparison` key): 2 added `comparison`,
/// `changed`, and each row's `unit`, `p_value` and `holm`.
pub const COMPARISON_FORMAT: u32 = 2;

/// A row's cells as the table, the terminal and the report write them: standard, variant,
/// difference, interval, Holm.
pub(crate) fn cells(r: &ComparisonRow) -> [String; 5] {
    let value = |x: Option<f64>| x.map_or_else(|| "-".to_string(), |x| r.unit.format(x));
    let difference =
        |x: Option<f64>| x.map_or_else(|| "-".to_string(), |x| r.unit.format_difference(x));
    let interval = r.interval.map_or_else(
        || "-".to_string(),
        |(lo, hi)| r.unit.format_range(lo, hi, true),
    );
    let holm = match r.holm {
        Some(true) => "yes",
        Some(false) => "no",
        None => "-",
    };
    [
        value(r.standard),
        value(r.variant),
        difference(r.difference),
        interval,
        holm.to_string(),
    ]
}

impl fmt::Display for Comparison {
    /// The comparison as a table: one line per seat, position and metric, the values in their
    /// units (percentages for rates, differences of rates in percentage points).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let overrides = serde_json::Value::Object(self.overrides.clone());
        writeln!(
            f,
            "{} · variant {overrides} against the standard configs\n",
            self.standard.title()
        )?;
        writeln!(f, "{}\n", self.changed)?;
        let rows = self.rows();
        let all: Vec<[String; 5]> = rows.iter().map(cells).collect();
        let width = rows
            .iter()
            .map(|r| r.label.chars().count())
            .max()
            .unwrap_or(0);
        let heads = [
            "standard",
            "variant",
            "difference",
            "95% interval (paired)",
            "Holm",
        ];
        let widths = crate::table::column_widths(&heads, &all);
        let line = |f: &mut fmt::Formatter<'_>, label: &str, cells: &[&str]| {
            let pad = |s: &str, w: usize| " ".repeat(w.saturating_sub(s.chars().count()));
            write!(f, "{label}{}", pad(label, width))?;
            for (c, cell) in cells.iter().enumerate() {
                write!(f, "  {}{cell}", pad(cell, widths[c]))?;
            }
            writeln!(f)
        };
        line(f, "", &heads)?;
        for (r, cells) in rows.iter().zip(&all) {
            let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
            line(f, &r.label, &cells)?;
        }
        writeln!(
            f,
            "difference: variant − standard, rates in percentage points (pp); interval: mean ± \
             {Z95:.2}·sd/√n of the per-game differences"
        )?;
        write!(f, "{}", self.multiple_comparisons_note())
    }
}
