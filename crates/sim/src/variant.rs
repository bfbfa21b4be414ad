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
//! let length = comparison.rows().into_iter().find(|r| r.label == "DurationActions").unwrap();
//! assert!(length.difference.unwrap() < 0.0); // a lower target makes shorter games
//! println!("{comparison}");
//! ```

use crate::metrics::{scale, Metric, MetricSet, Sums};
use crate::run::{in_pool, keep_first, play_one};
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

/// Whether the variant leaves the first game's standard config of `spec` unchanged (a
/// variant that changes nothing, e.g. a flag set to its standard value).
pub fn changes_nothing<G: Game>(
    spec: &Spec<G::Config>,
    overrides: &Overrides,
) -> Result<bool, SpecError> {
    let standard = Spec {
        configs: Configs::Standard,
        ..spec.clone()
    };
    let first = standard.config_of::<G>(0).map_err(SpecError::Config)?;
    Ok(apply::<G>(&first, overrides)? == first)
}

/// The values of one game that are paired across the two runs, in the order of
/// [`Comparison::rows`]' paired rows: per seat and per position the win share (units), then
/// the chosen metrics with per-game values (`None` where undefined).
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
    let m = game.metrics.clone().unwrap_or_default();
    out.extend(paired_metrics(chosen).map(|metric| match metric {
        Metric::AdvantageP1 => Some((sole == Some(0)) as i128),
        Metric::Completion => Some(sole.is_some() as i128),
        Metric::Drawishness => Some(sole.is_none() as i128),
        Metric::Timeouts => Some(0),
        Metric::DurationActions => Some(game.actions as i128),
        per_game => m.value(per_game),
    }));
    out
}

/// The chosen metrics that are paired game by game, in [`paired_values`]' order: all but
/// `Balance` and `DurationActionsSd`, which have no per-game value.
fn paired_metrics(chosen: MetricSet) -> impl Iterator<Item = Metric> {
    (chosen.iter()).filter(|m| !matches!(m, Metric::Balance | Metric::DurationActionsSd))
}

/// One line of a comparison: a seat's or position's win rate, or a metric, under the standard
/// configs and under the variant, the difference (variant − standard) and its 95% interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct ComparisonRow {
    /// `seat 0 win rate`, `1st win rate`, or the metric's Ludii name.
    pub label: String,
    /// The value under the standard configs.
    pub standard: Option<f64>,
    /// The value under the variant.
    pub variant: Option<f64>,
    /// Variant − standard: for paired rows the mean of the per-game differences over the
    /// games where both define the value (the difference of the two means when all do).
    pub difference: Option<f64>,
    /// The 95% interval of the difference, paired by game index: mean ± 1.96·sd/√n of the
    /// per-game differences; `None` for Balance and DurationActionsSd (not per-game values).
    pub interval: Option<(f64, f64)>,
}

/// The result of [`compare`]: both summaries (with the chosen metrics) and the exact sums of
/// the paired per-game differences.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Comparison {
    /// The overrides compared.
    pub overrides: Overrides,
    /// The games under the standard configs.
    pub standard: Summary,
    /// The same games under the variant.
    pub variant: Summary,
    paired: Vec<Sums>,
}

/// The tally of one worker.
struct Part {
    standard: Summary,
    variant: Summary,
    paired: Vec<Sums>,
    error: Option<SimError>,
}

impl Part {
    fn join(self, other: Part) -> Part {
        let paired = (self.paired.iter().zip(&other.paired))
            .map(|(a, b)| a.merged(b))
            .collect::<Option<Vec<Sums>>>();
        let merged = (self.standard.merged(&other.standard))
            .and_then(|s| Ok((s, self.variant.merged(&other.variant)?)));
        match (merged, paired) {
            (Ok((standard, variant)), Some(paired)) => Part {
                standard,
                variant,
                paired,
                error: keep_first(self.error, other.error),
            },
            (Err(e), _) => Part {
                error: keep_first(keep_first(self.error, other.error), Some(e.into())),
                ..self
            },
            (_, None) => Part {
                error: keep_first(
                    keep_first(self.error, other.error),
                    Some(crate::MergeError::Overflow.into()),
                ),
                ..self
            },
        }
    }
}

/// Plays games `range` of `spec` (its configs must be [`Configs::Standard`]) under the
/// standard configs and under `overrides`, with the same seeds and agents and the spec's
/// chosen metrics (every metric if it chose none), and pairs the results game by game. Like
/// [`crate::run`], the result depends on the spec and the range alone, not on the threads; the
/// variant is checked before any game is played.
pub fn compare<G: Game>(
    spec: &Spec<G::Config>,
    overrides: &Overrides,
    range: Range<u64>,
    options: &crate::Options,
) -> Result<Comparison, SimError> {
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
        error: None,
    };
    let part = in_pool(options, || {
        Ok(range
            .into_par_iter()
            .fold(empty, |mut part, index| {
                if part.error.is_some() {
                    return part;
                }
                let both = play_one::<G>(&standard, index)
                    .and_then(|s| Ok((s, play_one::<G>(&variant, index)?)));
                match both {
                    Ok((s, v)) => {
                        let (a, b) = (
                            paired_values(&s, spec.players, chosen),
                            paired_values(&v, spec.players, chosen),
                        );
                        for ((sums, a), b) in part.paired.iter_mut().zip(a).zip(b) {
                            sums.add(a.zip(b).map(|(a, b)| b - a));
                        }
                        part.standard.record(&s);
                        part.variant.record(&v);
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
        None => Ok(Comparison {
            overrides: overrides.clone(),
            standard: part.standard,
            variant: part.variant,
            paired: part.paired,
        }),
    }
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
        let paired =
            |k: usize, unit: f64| self.paired.get(k).map_or((None, None), |s| s.mean(unit));
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
            let (difference, interval) = paired(k, WIN_UNIT as f64);
            rows.push(ComparisonRow {
                label,
                standard: a.win_rate,
                variant: b.win_rate,
                difference,
                interval,
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
            let (difference, interval) = match paired_metrics(chosen).position(|m| m == metric) {
                Some(i) => paired(2 * players + i, scale(metric)),
                None => (standard.zip(variant).map(|(a, b)| b - a), None),
            };
            rows.push(ComparisonRow {
                label: name.to_string(),
                standard,
                variant,
                difference,
                interval,
            });
        }
        rows
    }

    /// The comparison as canonical JSON: the overrides, the rows, the exact paired sums, then
    /// both summaries (each as [`Summary::to_json`] writes it). The same games give the same
    /// bytes whatever the threads.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct PairedOut<'a> {
            label: &'a str,
            #[serde(flatten)]
            sums: &'a Sums,
        }
        #[derive(Serialize)]
        struct Out<'a> {
            overrides: &'a Overrides,
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
            overrides: &self.overrides,
            interval: "95%, paired by game index: mean ± 1.96·sd/√n of the per-game differences",
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

impl fmt::Display for Comparison {
    /// The comparison as a table: one line per seat, position and metric.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let overrides = serde_json::Value::Object(self.overrides.clone());
        writeln!(
            f,
            "{} · variant {overrides} against the standard configs\n",
            self.standard.title()
        )?;
        let rows = self.rows();
        let width = rows.iter().map(|r| r.label.len()).max().unwrap_or(0);
        let num = |x: Option<f64>| x.map_or_else(|| "-".to_string(), |x| format!("{x:.4}"));
        writeln!(
            f,
            "{:<width$}  {:>12}  {:>12}  {:>12}  {:>25}",
            "", "standard", "variant", "difference", "95% interval (paired)"
        )?;
        for r in &rows {
            let interval = r
                .interval
                .map_or_else(|| "-".to_string(), |(lo, hi)| format!("{lo:.4} – {hi:.4}"));
            writeln!(
                f,
                "{:<width$}  {:>12}  {:>12}  {:>12}  {interval:>25}",
                r.label,
                num(r.standard),
                num(r.variant),
                num(r.difference)
            )?;
        }
        write!(
            f,
            "difference: variant − standard; interval: mean ± {Z95:.2}·sd/√n of the per-game differences"
        )
    }
}
