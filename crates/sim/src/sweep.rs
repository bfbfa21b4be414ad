//! Sweeps: the same games under several values of one config field
//! (`simulate --sweep key=v1,v2,...`), each value a rule variant of the standard configs, and
//! every chosen metric shown against the value with its interval.
//!
//! ```
//! use tabula_sim::sweep::{sweep, Sweep};
//! use tabula_sim::variant::Overrides;
//! use tabula_sim::{parse_agents, Options, Spec};
//! use dicecore::pig::Pig;
//! let spec = Spec::new(2, 100, 3, parse_agents("random", 2).unwrap());
//! let targets: Sweep = "target=20..60:20".parse().unwrap();
//! assert_eq!(targets.values, [20, 40, 60].map(|v| serde_json::json!(v)));
//! let result = sweep::<Pig>(&spec, &Overrides::new(), &targets, 0..100, &Options::default())
//!     .unwrap();
//! assert_eq!(result.points.len(), 3);
//! println!("{result}");
//! ```

use crate::metrics::{MetricSet, Unit};
use crate::run::{Options, SimError};
use crate::spec::{Configs, Spec, SpecError};
use crate::summary::Summary;
use crate::variant::Overrides;
use dicecore::Game;
use serde::Serialize;
use serde_json::Value;
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// The most values one sweep may take (a range that would give more is refused).
pub const MAX_VALUES: usize = 1_000;

/// One config field and the values it takes, in order.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Sweep {
    /// The config field (a top-level field of the game's config, as in a variant).
    pub field: String,
    /// Its values, in the order given (JSON values, as `--set` reads them).
    pub values: Vec<Value>,
}

/// Why a sweep was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SweepError {
    /// Not `key=values`.
    #[error("--sweep expects key=v1,v2,... or key=FROM..TO[:STEP], not '{0}'")]
    Form(String),
    /// No value given.
    #[error("--sweep {0}= gives no value: give v1,v2,... or FROM..TO[:STEP]")]
    Empty(String),
    /// A range that is not `FROM..TO[:STEP]` of integers with `FROM <= TO` and `STEP >= 1`.
    #[error("--sweep {field}: '{text}' is not a range FROM..TO[:STEP] of whole numbers, FROM at most TO, STEP at least 1")]
    Range {
        /// The field.
        field: String,
        /// The range as given.
        text: String,
    },
    /// More values than [`MAX_VALUES`].
    #[error("--sweep {field}: {count} values, at most {MAX_VALUES}")]
    TooMany {
        /// The field.
        field: String,
        /// Values asked for.
        count: u128,
    },
    /// The same value twice.
    #[error("--sweep {field}: the value {value} is given twice")]
    Repeated {
        /// The field.
        field: String,
        /// The repeated value, as JSON.
        value: String,
    },
}

/// Splits `text` at the commas outside brackets, braces and strings (`[1, 2],[3, 4]` is two
/// values).
fn split_top_level(text: &str) -> Vec<&str> {
    let (mut depth, mut in_string, mut escaped, mut start) = (0i32, false, false, 0);
    let mut out = Vec::new();
    for (i, c) in text.char_indices() {
        if in_string {
            (in_string, escaped) = (escaped || c != '"', !escaped && c == '\\');
            continue;
        }
        match c {
            '"' => in_string = true,
            '[' | '{' => depth += 1,
            ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// A value as `--set` reads it: JSON if it is JSON, else a string.
fn value_of(text: &str) -> Value {
    serde_json::from_str(text.trim()).unwrap_or_else(|_| Value::String(text.trim().to_string()))
}

impl FromStr for Sweep {
    type Err = SweepError;

    /// `key=v1,v2,...` (each value JSON if it is JSON, else a string; commas inside brackets
    /// and strings do not split), or `key=FROM..TO` / `key=FROM..TO:STEP`, the whole numbers
    /// from `FROM` to `TO` both included, `STEP` apart (default 1).
    fn from_str(text: &str) -> Result<Sweep, SweepError> {
        let (field, values) = text
            .split_once('=')
            .filter(|(k, _)| !k.trim().is_empty())
            .ok_or_else(|| SweepError::Form(text.to_string()))?;
        let field = field.trim().to_string();
        let values = values.trim();
        if values.is_empty() {
            return Err(SweepError::Empty(field));
        }
        let looks_like_range = values.contains("..") && !values.starts_with(['[', '{', '"']);
        let values: Vec<Value> = if looks_like_range {
            let bad = || SweepError::Range {
                field: field.clone(),
                text: values.to_string(),
            };
            let (span, step) = match values.split_once(':') {
                Some((span, step)) => (span, step.trim().parse::<i128>().map_err(|_| bad())?),
                None => (values, 1),
            };
            let (from, to) = span.split_once("..").ok_or_else(bad)?;
            let from: i128 = from.trim().parse().map_err(|_| bad())?;
            let to: i128 = to.trim().parse().map_err(|_| bad())?;
            if from > to || step < 1 {
                return Err(bad());
            }
            let count = ((to - from) / step + 1) as u128;
            if count > MAX_VALUES as u128 {
                return Err(SweepError::TooMany { field, count });
            }
            (0..count as i128)
                .map(|k| serde_json::json!(from + k * step))
                .collect()
        } else {
            let parts = split_top_level(values);
            if parts.iter().any(|p| p.trim().is_empty()) {
                return Err(SweepError::Empty(field));
            }
            if parts.len() > MAX_VALUES {
                return Err(SweepError::TooMany {
                    field,
                    count: parts.len() as u128,
                });
            }
            parts.into_iter().map(value_of).collect()
        };
        for (i, v) in values.iter().enumerate() {
            if values[..i].contains(v) {
                return Err(SweepError::Repeated {
                    field,
                    value: v.to_string(),
                });
            }
        }
        Ok(Sweep { field, values })
    }
}

impl Sweep {
    /// The overrides of one value: `base` with the field set to `value`.
    pub fn overrides(&self, base: &Overrides, value: &Value) -> Overrides {
        let mut o = base.clone();
        o.insert(self.field.clone(), value.clone());
        o
    }

    /// `target = 20`: the label of one value.
    pub fn label(&self, value: &Value) -> String {
        format!("{} = {value}", self.field)
    }
}

/// One value of a sweep and the summary of the games played with it.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SweepPoint {
    /// The field's value.
    pub value: Value,
    /// The games under that value.
    pub summary: Summary,
}

/// The result of [`sweep`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SweepResult {
    /// The field and its values.
    pub sweep: Sweep,
    /// Other overrides applied with every value (`--variant`, `--set`).
    pub base: Overrides,
    /// One point per value, in order.
    pub points: Vec<SweepPoint>,
}

/// Checks every value of a sweep against every game of `range` before any is played: the
/// field exists, each value fits it, and every game's config with it is one the game accepts
/// with one seat per player. The error names the value.
pub fn check<G: Game>(
    spec: &Spec<G::Config>,
    base: &Overrides,
    sweep: &Sweep,
    range: &Range<u64>,
) -> Result<(), SpecError> {
    if spec.configs != Configs::Standard {
        return Err(SpecError::Config(
            "a sweep applies to the standard configs".to_string(),
        ));
    }
    spec.check_range(range)?;
    for value in &sweep.values {
        let at = Spec {
            configs: Configs::Variant(sweep.overrides(base, value)),
            ..spec.clone()
        };
        let context = |e: SpecError| match e {
            SpecError::Variant(v) => SpecError::Config(format!("{}: {v}", sweep.label(value))),
            SpecError::Config(m) => SpecError::Config(format!("{}: {m}", sweep.label(value))),
            other => SpecError::Config(format!("{}: {other}", sweep.label(value))),
        };
        at.check::<G>().map_err(context)?;
        at.check_configs::<G>(range).map_err(context)?;
    }
    Ok(())
}

/// Plays games `range` of `spec` (standard configs) once per value of the sweep, with the same
/// seeds and agents, `base` and the value overriding every game's standard config, and the
/// spec's chosen metrics (every metric if it chose none). Every value and game is checked
/// before any game is played ([`check`]); the progress of `options` counts every game of
/// every value. The result does not depend on the threads.
pub fn sweep<G: Game>(
    spec: &Spec<G::Config>,
    base: &Overrides,
    sweep: &Sweep,
    range: Range<u64>,
    options: &Options,
) -> Result<SweepResult, SimError> {
    let chosen = match spec.metrics {
        MetricSet::NONE => MetricSet::ALL,
        some => some,
    };
    let spec = Spec {
        metrics: chosen,
        ..spec.clone()
    };
    spec.check::<G>()?;
    crate::run::in_pool(options, || {
        check::<G>(&spec, base, sweep, &range).map_err(Into::into)
    })?;
    let points = (sweep.values.iter())
        .map(|value| {
            let at = Spec {
                configs: Configs::Variant(sweep.overrides(base, value)),
                ..spec.clone()
            };
            let summary = crate::run::<G>(&at, range.clone(), options)?;
            Ok(SweepPoint {
                value: value.clone(),
                summary,
            })
        })
        .collect::<Result<Vec<_>, SimError>>()?;
    Ok(SweepResult {
        sweep: sweep.clone(),
        base: base.clone(),
        points,
    })
}

/// One quantity of a sweep shown against the value: its name, unit, value in a fair game
/// (where one exists) and per value the estimate with its 95% interval.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Series {
    /// `1st win rate` or the metric's name.
    pub name: String,
    /// What its values count.
    pub unit: Unit,
    /// The fair value to mark, when it is the same for every point (`1 / players` for the 1st
    /// position's win rate, ½ for `AdvantageP1`).
    pub fair: Option<f64>,
    /// One point per value of the sweep.
    pub points: Vec<SeriesPoint>,
}

/// One value of a [`Series`]: the sweep's value as a label, the estimate and its interval.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SeriesPoint {
    /// `target = 20`.
    pub label: String,
    /// The estimate (`None` when undefined).
    pub value: Option<f64>,
    /// Its 95% interval.
    pub interval: Option<(f64, f64)>,
}

impl SweepResult {
    /// The quantities shown against the value: the 1st position's win rate, then every chosen
    /// metric.
    pub fn series(&self) -> Vec<Series> {
        let Some(first) = self.points.first() else {
            return Vec::new();
        };
        let players = first.summary.header().players;
        let label = |p: &SweepPoint| self.sweep.label(&p.value);
        let mut out = vec![Series {
            name: "1st win rate".to_string(),
            unit: Unit::Share,
            fair: (players >= 2).then(|| 1.0 / players as f64),
            points: (self.points.iter())
                .map(|p| {
                    let st = crate::Stats::of(&p.summary);
                    let first = st.positions.first();
                    SeriesPoint {
                        label: label(p),
                        value: first.and_then(|s| s.win_rate),
                        interval: first.and_then(|s| s.win_rate_interval),
                    }
                })
                .collect(),
        }];
        let metrics: Vec<_> = self.points.iter().map(|p| p.summary.metrics()).collect();
        for metric in first.summary.chosen_metrics().iter() {
            let rows: Vec<_> = (metrics.iter())
                .map(|m| m.as_ref().and_then(|m| m.get(metric.name())).cloned())
                .collect();
            let fairs: Vec<Option<f64>> = rows
                .iter()
                .map(|r| r.as_ref().and_then(|r| r.fair))
                .collect();
            let same_fair = fairs.windows(2).all(|w| w[0] == w[1]);
            out.push(Series {
                name: metric.name().to_string(),
                unit: metric.unit(),
                fair: fairs.first().copied().flatten().filter(|_| same_fair),
                points: (self.points.iter().zip(&rows))
                    .map(|(p, r)| SeriesPoint {
                        label: label(p),
                        value: r.as_ref().and_then(|r| r.value),
                        interval: r.as_ref().and_then(|r| r.interval),
                    })
                    .collect(),
            });
        }
        out
    }

    /// One line naming the sweep.
    pub fn title(&self) -> String {
        let Some(first) = self.points.first() else {
            return format!("sweep of {}", self.sweep.field);
        };
        let s = &first.summary;
        let h = s.header();
        let values: Vec<String> = self.sweep.values.iter().map(|v| v.to_string()).collect();
        let base = if self.base.is_empty() {
            String::new()
        } else {
            format!(" · with {}", Value::Object(self.base.clone()))
        };
        format!(
            "{} · {} players · {} games per value · seed {} · sweep {} = {}{base}",
            h.game,
            h.players,
            s.games(),
            h.seed,
            self.sweep.field,
            values.join(", ")
        )
    }

    /// The sweep as canonical JSON: the field, its values, the base overrides, then per value
    /// its summary (as [`Summary::to_json`] writes it). The same sweep gives the same bytes
    /// whatever the threads.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct Head<'a> {
            sweep: u32,
            field: &'a str,
            values: &'a [Value],
            base: &'a Overrides,
        }
        let head = crate::json::canonical(&Head {
            sweep: 1,
            field: &self.sweep.field,
            values: &self.sweep.values,
            base: &self.base,
        });
        let head = head.trim_end().trim_end_matches('}').trim_end();
        let indent = |text: String, by: &str| text.trim_end().replace('\n', &format!("\n{by}"));
        let points: Vec<String> = (self.points.iter())
            .map(|p| {
                format!(
                    "    {{\n      \"value\": {},\n      \"summary\": {}\n    }}",
                    p.value,
                    indent(p.summary.to_json(), "      ")
                )
            })
            .collect();
        format!(
            "{head},\n  \"points\": [\n{}\n  ]\n}}\n",
            points.join(",\n")
        )
    }
}

impl fmt::Display for SweepResult {
    /// Per quantity, one line per value: the estimate and its 95% interval in the quantity's
    /// unit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.title())?;
        let width = (self.sweep.values.iter())
            .map(|v| self.sweep.label(v).chars().count())
            .max()
            .unwrap_or(0);
        for series in self.series() {
            let fair = series.fair.map_or_else(String::new, |v| {
                format!(" (fair game: {})", series.unit.format(v))
            });
            writeln!(f, "\n{}{fair}", series.name)?;
            for point in &series.points {
                let label = &point.label;
                let value =
                    (point.value).map_or_else(|| "-".to_string(), |v| series.unit.format(v));
                let interval = point.interval.map_or_else(
                    || "-".to_string(),
                    |(lo, hi)| series.unit.format_range(lo, hi, false),
                );
                writeln!(f, "  {label:<width$}  {value:>16}  {interval}")?;
            }
        }
        write!(
            f,
            "\neach value plays the same games (same setups, dice and agents); intervals: 95%, \
             as in the summary of each value"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_ranges_and_bad_sweeps() {
        let s: Sweep = "flag=false,true".parse().unwrap();
        assert_eq!(
            (s.field.as_str(), s.values.clone()),
            ("flag", vec![json!(false), json!(true)])
        );
        let s: Sweep = "cards=[\"A\",\"B\"],[\"C\",\"D\"],name".parse().unwrap();
        assert_eq!(
            s.values,
            [json!(["A", "B"]), json!(["C", "D"]), json!("name")]
        );
        let s: Sweep = "target=10..20:5".parse().unwrap();
        assert_eq!(s.values, [json!(10), json!(15), json!(20)]);
        let s: Sweep = "start=0..3".parse().unwrap();
        assert_eq!(s.values.len(), 4);
        assert_eq!(s.label(&json!(2)), "start = 2");
        for bad in [
            "flag",
            "=1,2",
            "flag=",
            "flag=1,,2",
            "t=5..1",
            "t=1..5:0",
            "t=a..b",
            "t=1,1",
        ] {
            let e = bad.parse::<Sweep>().unwrap_err();
            assert!(!e.to_string().contains('\n'), "{bad}: {e}");
        }
        assert!(matches!(
            "t=0..5000".parse::<Sweep>(),
            Err(SweepError::TooMany { .. })
        ));
        assert!(matches!("t=".parse::<Sweep>(), Err(SweepError::Empty(_))));
    }
}
