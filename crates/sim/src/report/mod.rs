//! The designer's report: one self-contained HTML page (inline CSS and SVG, no script, no
//! request of any kind) built from generic sections, so that any result shown as a table or as
//! estimates with intervals fits in without this module knowing its type.
//!
//! - [`Report::new`] starts a page; [`Report::fact`] adds a line to its header;
//! - [`Report::summary`] adds the standard sections of a [`Summary`]: its header (game, rules
//!   version, players, games, seed, agents, configs), the results by seat and by position in
//!   turn order, the win rates with their 95% intervals as charts, the score distribution of
//!   every seat and the game-length distribution as histograms;
//! - [`Report::table`] adds a [`Table`] (cells already formatted), [`Report::intervals`] a chart
//!   of [`Intervals`] (estimates with interval bars), [`Report::levels`] a skill ladder's
//!   [`Levels`];
//! - [`Report::metrics`] adds Ludii's metrics as a table ([`Report::summary`] does it when the
//!   summary has them), [`Report::comparison`] a rule variant's comparison with the standard
//!   configs: a table of every win rate and metric under both, and a chart of the win-rate
//!   differences with their paired intervals;
//! - [`Report::to_html`] writes the page: the same report gives the same bytes.
//!
//! ```
//! use tabula_sim::report::{IntervalRow, Intervals, Report, Table};
//! use tabula_sim::{parse_agents, run, Options, Spec};
//! use dicecore::pig::Pig;
//!
//! let spec = Spec::new(2, 200, 7, parse_agents("mc:8,random", 2).unwrap());
//! let summary = run::<Pig>(&spec, 0..200, &Options::default()).unwrap();
//! let html = Report::new("Pig: Monte-Carlo against random play")
//!     .summary(&summary)
//!     .table(Table {
//!         title: "A table of your own".into(),
//!         note: "Cells are shown as given, escaped.".into(),
//!         columns: vec!["measure".into(), "value".into()],
//!         rows: vec![vec!["<b>not bold</b>".into(), "1.5".into()]],
//!     })
//!     .intervals(Intervals {
//!         title: "Differences".into(),
//!         note: "Variant minus standard.".into(),
//!         rows: vec![IntervalRow { label: "Balance".into(), estimate: 0.02, low: -0.01, high: 0.05 }],
//!     })
//!     .to_html();
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! assert!(html.contains("&lt;b&gt;not bold&lt;/b&gt;") && !html.contains("<b>not"));
//! assert!(!html.contains("<script") && !html.contains("http://") && !html.contains("https://"));
//! ```

mod html;
mod svg;

use crate::ladder::Levels;
use crate::metrics::{Metrics, Unit};
use crate::sections::configs_text;
pub use crate::sections::{IntervalRow, Intervals, Table};
use crate::stats::{Histogram, Stats, MAX_BINS};
use crate::summary::Summary;
use crate::sweep::SweepResult;
use crate::table::{num, ordinal, pct};
use crate::variant::Comparison;

/// How an interval chart writes its numbers and which value it marks with a dashed line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Scale {
    /// Values are shares, written as percentages on an axis from 0% to 100%.
    pub percent: bool,
    /// Values (and differences, when `signed`) in this unit, on an axis fitted to them and
    /// captioned with the unit's name (percentage points for differences of shares).
    pub unit: Option<(Unit, bool)>,
    /// A value marked by a dashed line (the fair share `1 / players`, or 0 for differences).
    pub reference: Option<f64>,
    /// Rows are seats, drawn in the seats' colours (as in the score histograms); otherwise
    /// every row is drawn in one colour.
    pub seat_colours: bool,
}

/// Histograms sharing their bins, one small chart each, on one vertical scale.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Histograms {
    pub title: String,
    pub note: String,
    /// What the horizontal axis counts (`score`, `actions`).
    pub unit: String,
    /// Each chart's label and histogram.
    pub charts: Vec<(String, Histogram)>,
    /// The number of games, so that bars show shares of games.
    pub games: u64,
}

/// One section of the page.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Section {
    Table(Table),
    Intervals(Intervals, Scale),
    Histograms(Histograms),
}

/// A report under construction: a title, header facts and sections in the order added.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    title: String,
    facts: Vec<(String, String)>,
    sections: Vec<Section>,
}

impl Report {
    /// An empty report titled `title`.
    pub fn new(title: impl Into<String>) -> Report {
        Report {
            title: title.into(),
            ..Report::default()
        }
    }

    /// Adds a line `name: value` to the page's header.
    pub fn fact(mut self, name: impl Into<String>, value: impl Into<String>) -> Report {
        self.facts.push((name.into(), value.into()));
        self
    }

    /// Adds a table section.
    pub fn table(mut self, table: Table) -> Report {
        self.sections.push(Section::Table(table));
        self
    }

    /// Adds a chart of estimates with their intervals (a dashed line at 0 when the axis
    /// reaches below it).
    pub fn intervals(mut self, intervals: Intervals) -> Report {
        let scale = Scale {
            percent: false,
            unit: None,
            reference: None,
            seat_colours: false,
        };
        self.sections.push(Section::Intervals(intervals, scale));
        self
    }

    /// Adds a skill ladder: its header facts, the table of its levels and the chart of each
    /// level's win rate against the level below.
    pub fn levels(mut self, levels: &Levels) -> Report {
        for (name, value) in levels.facts() {
            self = self.fact(name, value);
        }
        let scale = Scale {
            percent: true,
            unit: None,
            reference: Some(1.0 / levels.players.max(1) as f64),
            seat_colours: false,
        };
        self.sections.push(Section::Table(levels.table()));
        self.sections
            .push(Section::Intervals(levels.intervals(), scale));
        if !levels.ratings.is_empty() {
            let elo = Scale {
                percent: false,
                unit: None,
                reference: Some(0.0),
                seat_colours: false,
            };
            self.sections
                .push(Section::Intervals(levels.rating_intervals(), elo));
        }
        self
    }

    /// Adds the standard sections of a summary: its header facts, the results by seat and by
    /// position (win rate with its 95% Wilson interval, score mean, deviation and quantiles;
    /// whether the first position is significantly advantaged), the outcomes (game length,
    /// draws, shared wins), the metrics when the summary has them, the win rates by seat and
    /// by position as interval charts (dashed: the fair share `1 / players`), the score
    /// distribution of every seat and the distribution of game lengths.
    pub fn summary(self, summary: &Summary) -> Report {
        self.summary_facts(summary, &configs_text(&summary.header().configs))
            .summary_sections(summary)
    }

    /// The header facts of a summary, its configs written as `configs`.
    fn summary_facts(self, summary: &Summary, configs: &str) -> Report {
        let h = summary.header();
        let seat_agents: Vec<String> = (h.agents.iter().enumerate())
            .map(|(s, a)| format!("{s}: {a}"))
            .collect();
        let indices: Vec<String> = (summary.indices().iter())
            .map(|(a, b)| format!("{a}..{b}"))
            .collect();
        let rules = h.rules.map_or("unknown".to_string(), |r| r.to_string());
        self.fact("game", &h.game)
            .fact("rules version", rules)
            .fact("players", h.players.to_string())
            .fact("games", summary.games().to_string())
            .fact("game indices", indices.join(", "))
            .fact("master seed", h.seed.to_string())
            .fact("agents", seat_agents.join(" · "))
            .fact("configs", configs)
    }

    /// The sections of [`Report::summary`] without its facts.
    fn summary_sections(mut self, summary: &Summary) -> Report {
        let h = summary.header();
        let stats = Stats::of(summary);
        let agents: Vec<String> = h.agents.iter().map(|a| a.to_string()).collect();
        let players = h.players as usize;
        let seats: Vec<String> = (0..players).map(|s| s.to_string()).collect();
        let turns: Vec<String> = (1..=players).map(ordinal).collect();
        let columns = |first: &str, second: Option<&str>| {
            let mut c = vec![first.to_string()];
            c.extend(second.map(str::to_string));
            let rest = ["win rate", "95% interval", "mean score", "sd", "min", "p5"];
            c.extend(
                rest.iter()
                    .chain(&["median", "p95", "max"])
                    .map(|s| s.to_string()),
            );
            c
        };
        let rows = |keys: &[String], labels: Option<&[String]>, all: &[crate::stats::SeatStats]| {
            (all.iter().enumerate())
                .map(|(i, st)| {
                    let mut row = vec![keys.get(i).cloned().unwrap_or_default()];
                    row.extend(labels.map(|l| l.get(i).cloned().unwrap_or_default()));
                    row.push(pct(st.win_rate));
                    row.push(st.win_rate_interval.map_or("-".into(), |(lo, hi)| {
                        format!("{} – {}", pct(Some(lo)), pct(Some(hi)))
                    }));
                    row.push(num(st.mean_score, 2));
                    row.push(num(st.sd_score, 2));
                    let q = st.quantiles.as_ref();
                    let values = q.map(|q| [q.min, q.p5, q.median, q.p95, q.max]);
                    row.extend((0..5).map(|k| values.map_or("-".into(), |v| v[k].to_string())));
                    row
                })
                .collect()
        };
        self = self.table(Table {
            title: "Results by seat".into(),
            note: "Win rates count a shared win as a share (1 / number of winners); intervals \
                   are 95% Wilson score intervals; scores are final scores."
                .into(),
            columns: columns("seat", Some("agent")),
            rows: rows(&seats, Some(&agents), &stats.seats),
        });
        let first = summary
            .first_position()
            .map_or_else(String::new, |f| format!(" In these games {f}."));
        self = self.table(Table {
            title: "Results by position in turn order".into(),
            note: format!(
                "1st is the seat of the game's first decision (drawn at random by the standard \
                 setups), 2nd the next seat, and so on, whatever their agents.{first}"
            ),
            columns: columns("turn", None),
            rows: rows(&turns, None, &stats.positions),
        });
        let l = &stats.length;
        let q = |pick: fn(&crate::stats::Quantiles<u64>) -> u64| {
            l.quantiles
                .as_ref()
                .map_or("-".into(), |q| pick(q).to_string())
        };
        let count = |n: u64, rate: Option<f64>| format!("{n} ({})", pct(rate));
        self = self.table(Table {
            title: "Outcomes".into(),
            note: "Game length counts every action applied, chance outcomes included.".into(),
            columns: vec!["measure".into(), "value".into()],
            rows: [
                ("game length: mean", num(l.mean, 1)),
                ("game length: sd", num(l.sd, 1)),
                ("game length: min", q(|q| q.min)),
                ("game length: median", q(|q| q.median)),
                ("game length: p95", q(|q| q.p95)),
                ("game length: max", q(|q| q.max)),
                (
                    "draws (every seat a winner)",
                    count(summary.draws(), stats.draw_rate),
                ),
                (
                    "shared wins (two or more winners)",
                    count(summary.shared_wins(), stats.shared_rate),
                ),
                ("games without a winner", summary.no_winner().to_string()),
            ]
            .into_iter()
            .map(|(a, b)| vec![a.to_string(), b])
            .collect(),
        });
        if let Some(metrics) = summary.metrics() {
            self = self.metrics(&metrics);
        }
        let fair = Scale {
            percent: true,
            unit: None,
            reference: Some(1.0 / players.max(1) as f64),
            seat_colours: true,
        };
        let chart = |labels: &[String], all: &[crate::stats::SeatStats]| {
            (labels.iter().zip(all))
                .filter_map(|(label, st)| {
                    let (rate, (low, high)) = (st.win_rate?, st.win_rate_interval?);
                    Some(IntervalRow {
                        label: label.clone(),
                        estimate: rate,
                        low,
                        high,
                    })
                })
                .collect()
        };
        let seat_labels: Vec<String> = (seats.iter().zip(&agents))
            .map(|(s, a)| format!("seat {s} · {a}"))
            .collect();
        let fair_note = format!(
            "Dot: the win rate (shared wins as shares); bar: its 95% Wilson interval; dashed \
             line: the fair share 1/{players}."
        );
        self.sections.push(Section::Intervals(
            Intervals {
                title: "Win rate by seat".into(),
                note: fair_note.clone(),
                rows: chart(&seat_labels, &stats.seats),
            },
            fair,
        ));
        let turn_labels: Vec<String> = turns.iter().map(|t| format!("{t} to play")).collect();
        self.sections.push(Section::Intervals(
            Intervals {
                title: "Win rate by position in turn order".into(),
                note: fair_note,
                rows: chart(&turn_labels, &stats.positions),
            },
            Scale {
                seat_colours: false,
                ..fair
            },
        ));
        let charts: Vec<(String, Histogram)> = (seat_labels.iter().zip(&stats.seats))
            .filter_map(|(label, st)| Some((label.clone(), st.histogram.clone()?)))
            .collect();
        if !charts.is_empty() {
            let width = charts[0].1.width;
            self.sections.push(Section::Histograms(Histograms {
                title: "Score distribution per seat".into(),
                note: format!(
                    "Share of games by final score, in bins of {width} point{} shared by all \
                     seats and drawn on one scale.",
                    if width == 1 { "" } else { "s" }
                ),
                unit: "final score".into(),
                charts,
                games: summary.games(),
            }));
        }
        if let Some(lengths) = length_histogram(summary) {
            self.sections.push(Section::Histograms(Histograms {
                title: "Game length".into(),
                note: format!(
                    "Share of games by length in actions (chance outcomes included), in bins \
                     of {} action{}.",
                    lengths.width,
                    if lengths.width == 1 { "" } else { "s" }
                ),
                unit: "actions".into(),
                charts: vec![("all games".into(), lengths)],
                games: summary.games(),
            }));
        }
        self
    }

    /// Adds the chosen metrics ([`crate::metrics`]) as a table: name, value, 95% interval,
    /// value in a fair game, source (Ludii's, with its file, or ours) and meaning, in each
    /// metric's unit (docs/simulation.md gives each formula).
    pub fn metrics(self, metrics: &Metrics) -> Report {
        let rows = (metrics.rows().iter())
            .map(|r| {
                let [value, interval, fair, _] = crate::table::metric_cells(r);
                let source = match (
                    r.ludii,
                    crate::metrics::Metric::ALL
                        .iter()
                        .find(|m| m.name() == r.name)
                        .and_then(|m| m.beside()),
                ) {
                    (Some(path), _) => format!(
                        "Ludii: {}",
                        path.trim_start_matches("Evaluation/src/metrics/")
                    ),
                    (None, Some(ludii)) => format!("ours, beside {ludii}"),
                    (None, None) => "ours".to_string(),
                };
                vec![
                    r.name.to_string(),
                    value,
                    interval,
                    fair,
                    source,
                    r.meaning.to_string(),
                ]
            })
            .collect();
        self.table(Table {
            title: "Metrics".into(),
            note: "Ludii's metrics compute what Ludii's source (Evaluation/src/metrics/… in the \
                   Ludii repository) computes from the same game records, the game's running \
                   score standing in for Ludii's state evaluator; ours stand beside them under \
                   names of their own. Intervals: Wilson for shares of games, mean ± 1.96·sd/√n \
                   for means of per-game values, simultaneous intervals of the positions' gaps \
                   for Balance, a seeded bootstrap over games for DurationReplaySd. Fair game: the value a game fair to every position gives \
                   (for Balance, simulated, with the range 95% of fair games fall in)."
                .into(),
            columns: ["metric", "value", "95% interval", "fair game", "source", "meaning"]
                .map(String::from)
                .to_vec(),
            rows,
        })
    }

    /// Adds a rule variant's comparison with the standard configs, a page of its own: the
    /// header (game, players, games, seed, agents and the variant), how many games the
    /// variant changed (configs, actions, scores, winners), a table of every seat's and
    /// position's win rate and every chosen metric under both with the difference, its paired
    /// 95% interval and whether it stays significant after the Holm–Bonferroni correction,
    /// charts of the differences with their intervals (one per unit), and the score and length
    /// distributions under both rule sets.
    pub fn comparison(mut self, comparison: &Comparison) -> Report {
        let overrides = serde_json::Value::Object(comparison.overrides.clone()).to_string();
        self = self
            .summary_facts(
                &comparison.standard,
                &format!("the standard configs, and the same with {overrides}"),
            )
            .fact("variant", overrides.clone());
        let changed = comparison.changed;
        let share = |n: u64| {
            let rate = (changed.games > 0).then(|| n as f64 / changed.games as f64);
            format!("{n} of {} ({})", changed.games, pct(rate))
        };
        self = self.table(Table {
            title: "Games the variant changed".into(),
            note: "The same game indices, seeds and agents under both rules: how many games \
                   started from another config, played other actions (decisions or chance \
                   outcomes), ended with other scores, or had other winners."
                .into(),
            columns: vec!["games whose".into(), "changed".into()],
            rows: [
                ("config", changed.configs),
                ("actions", changed.actions),
                ("final scores", changed.scores),
                ("winners", changed.winners),
            ]
            .into_iter()
            .map(|(what, n)| vec![what.to_string(), share(n)])
            .collect(),
        });
        let rows = comparison.rows();
        let meaning = |label: &str| {
            let metric = crate::metrics::Metric::ALL
                .into_iter()
                .find(|m| m.name() == label);
            match metric {
                Some(m) => m.meaning().to_string(),
                None if label.starts_with("seat") => {
                    "share of the games the seat won (shared wins as shares)".to_string()
                }
                None => "share of the games the position won (shared wins as shares)".to_string(),
            }
        };
        let table = (rows.iter())
            .map(|r| {
                let mut row = vec![r.label.clone()];
                row.extend(crate::variant::cells(r));
                row.push(meaning(&r.label));
                row
            })
            .collect();
        self = self.table(Table {
            title: format!("Variant {overrides} against the standard rules"),
            note: format!(
                "Difference: variant − standard (rates in percentage points, pp); its 95% \
                 interval is paired by game index (mean ± 1.96·sd/√n of the per-game \
                 differences). {}",
                comparison.multiple_comparisons_note()
            ),
            columns: [
                "",
                "standard",
                "variant",
                "difference",
                "95% interval (paired)",
                "Holm",
                "meaning",
            ]
            .map(String::from)
            .to_vec(),
            rows: table,
        });
        // One chart per unit: win rates, then each metric unit in the rows' order.
        let mut groups: Vec<(String, Unit, Vec<IntervalRow>)> = Vec::new();
        for r in &rows {
            let (Some(estimate), Some((low, high))) = (r.difference, r.interval) else {
                continue;
            };
            let key = if r.label.ends_with("win rate") {
                "Win-rate differences".to_string()
            } else {
                format!("Metric differences in {}", r.unit.difference_name())
            };
            let row = IntervalRow {
                label: r.label.clone(),
                estimate,
                low,
                high,
            };
            match groups.iter_mut().find(|g| g.0 == key) {
                Some(g) => g.2.push(row),
                None => groups.push((key, r.unit, vec![row])),
            }
        }
        for (title, unit, chart) in groups {
            let scale = Scale {
                percent: false,
                unit: Some((unit, true)),
                reference: Some(0.0),
                seat_colours: false,
            };
            self.sections.push(Section::Intervals(
                Intervals {
                    title: format!("{title} (variant − standard)"),
                    note: format!(
                        "Dot: the difference, in {}; bar: its paired 95% interval; dashed \
                         line: no difference.",
                        unit.difference_name()
                    ),
                    rows: chart,
                },
                scale,
            ));
        }
        let both = [
            ("standard rules", &comparison.standard),
            ("variant", &comparison.variant),
        ];
        let scores = pooled_scores(&both.map(|(_, s)| s));
        if let Some(first) = scores.first() {
            let width = first.width;
            self.sections.push(Section::Histograms(Histograms {
                title: "Score distribution, standard rules and variant".into(),
                note: format!(
                    "Share of final scores (every seat's, pooled) by bin of {width} point{}, \
                     the same bins and scale for both rule sets.",
                    if width == 1 { "" } else { "s" }
                ),
                unit: "final score".into(),
                charts: both
                    .iter()
                    .map(|(l, _)| l.to_string())
                    .zip(scores)
                    .collect(),
                games: comparison.standard.games() * comparison.standard.header().players as u64,
            }));
        }
        let lengths = length_histograms(&both.map(|(_, s)| s));
        if let Some(first) = lengths.first() {
            let width = first.width;
            self.sections.push(Section::Histograms(Histograms {
                title: "Game length, standard rules and variant".into(),
                note: format!(
                    "Share of games by length in actions (chance outcomes included), in bins \
                     of {width} action{}, the same bins for both rule sets.",
                    if width == 1 { "" } else { "s" }
                ),
                unit: "actions".into(),
                charts: both
                    .iter()
                    .map(|(l, _)| l.to_string())
                    .zip(lengths)
                    .collect(),
                games: comparison.standard.games(),
            }));
        }
        self
    }

    /// Adds a sweep: its header facts, and one chart per quantity (the 1st position's win
    /// rate, every chosen metric) of its estimate and 95% interval at every value, with the
    /// value in a fair game dashed where there is one; then a table of all the figures.
    pub fn sweep(mut self, sweep: &SweepResult) -> Report {
        let Some(first) = sweep.points.first() else {
            return self;
        };
        let values: Vec<String> = sweep.sweep.values.iter().map(|v| v.to_string()).collect();
        let base = serde_json::Value::Object(sweep.base.clone());
        self = self
            .summary_facts(
                &first.summary,
                &format!(
                    "the standard configs with {} set to each value{}",
                    sweep.sweep.field,
                    if sweep.base.is_empty() {
                        String::new()
                    } else {
                        format!(", and {base}")
                    }
                ),
            )
            .fact(
                "swept",
                format!("{} = {}", sweep.sweep.field, values.join(", ")),
            );
        let mut rows = Vec::new();
        for series in sweep.series() {
            let scale = Scale {
                percent: series.unit == Unit::Share,
                unit: (series.unit != Unit::Share).then_some((series.unit, false)),
                reference: series.fair,
                seat_colours: false,
            };
            let fair = series.fair.map_or_else(String::new, |f| {
                format!(" Dashed: a fair game ({}).", series.unit.format(f))
            });
            let chart = (series.points.iter())
                .filter_map(|p| {
                    let (low, high) = p.interval?;
                    Some(IntervalRow {
                        label: p.label.clone(),
                        estimate: p.value?,
                        low,
                        high,
                    })
                })
                .collect();
            self.sections.push(Section::Intervals(
                Intervals {
                    title: format!("{} against {}", series.name, sweep.sweep.field),
                    note: format!(
                        "Dot: the value under each {} ({}); bar: its 95% interval.{fair}",
                        sweep.sweep.field,
                        series
                            .unit
                            .difference_name()
                            .replace("percentage points", "percent")
                    ),
                    rows: chart,
                },
                scale,
            ));
            for p in &series.points {
                rows.push(vec![
                    series.name.clone(),
                    p.label.clone(),
                    p.value.map_or("-".into(), |v| series.unit.format(v)),
                    (p.interval).map_or("-".into(), |(lo, hi)| {
                        series.unit.format_range(lo, hi, false)
                    }),
                ]);
            }
        }
        self.table(Table {
            title: "Every figure of the sweep".into(),
            note: "The same game indices, seeds and agents under every value.".into(),
            columns: ["quantity", "value", "estimate", "95% interval"]
                .map(String::from)
                .to_vec(),
            rows,
        })
    }

    /// The page: a complete HTML document with its style and charts inline, readable without
    /// script and printable. Deterministic: the same report gives the same bytes.
    pub fn to_html(&self) -> String {
        html::page(&self.title, &self.facts, &self.sections)
    }

    /// Writes [`Report::to_html`] to `path`.
    pub fn write(&self, path: impl AsRef<std::path::Path>) -> std::io::Result<()> {
        std::fs::write(path, self.to_html())
    }
}

/// Count maps in at most [`MAX_BINS`] equal bins shared by all of them; empty when they are.
fn shared_bins<K: Copy + Into<i64>>(maps: &[std::collections::BTreeMap<K, u64>]) -> Vec<Histogram> {
    let low = maps
        .iter()
        .filter_map(|m| m.keys().next())
        .map(|&k| k.into())
        .min();
    let high = maps
        .iter()
        .filter_map(|m| m.keys().next_back())
        .map(|&k| k.into())
        .max();
    let (Some(low), Some(high)) = (low, high) else {
        return Vec::new();
    };
    let span = (high - low + 1) as u64;
    let width = span.div_ceil(MAX_BINS);
    maps.iter()
        .map(|m| {
            let mut counts = vec![0u64; span.div_ceil(width) as usize];
            for (&k, &c) in m {
                if let Some(slot) = counts.get_mut(((k.into() - low) as u64 / width) as usize) {
                    *slot += c;
                }
            }
            Histogram {
                from: low,
                width,
                counts,
            }
        })
        .collect()
}

/// The lengths of a summary's games in at most [`MAX_BINS`] equal bins.
fn length_histogram(summary: &Summary) -> Option<Histogram> {
    length_histograms(&[summary]).pop()
}

/// The lengths of several summaries' games in shared bins.
fn length_histograms(summaries: &[&Summary]) -> Vec<Histogram> {
    let maps: Vec<std::collections::BTreeMap<i64, u64>> = (summaries.iter())
        .map(|s| s.lengths().iter().map(|(&l, &c)| (l as i64, c)).collect())
        .collect();
    shared_bins(&maps)
}

/// Every seat's final scores of each summary, pooled, in shared bins.
fn pooled_scores(summaries: &[&Summary]) -> Vec<Histogram> {
    let maps: Vec<std::collections::BTreeMap<i64, u64>> = (summaries.iter())
        .map(|s| {
            let mut all = std::collections::BTreeMap::new();
            for seat in s.seats() {
                for (&score, &c) in &seat.scores {
                    *all.entry(score as i64).or_insert(0) += c;
                }
            }
            all
        })
        .collect();
    shared_bins(&maps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::Header;

    #[test]
    fn a_summary_of_no_games_still_makes_a_page() {
        let header = Header {
            game: "pig".into(),
            players: 2,
            seed: 1,
            agents: vec![dicecore::AgentSpec::Random; 2],
            configs: serde_json::json!({"fixed": {"target": 10}}),
            rules: None,
        };
        let page = Report::new("nothing")
            .summary(&Summary::empty(header))
            .to_html();
        assert!(page.contains("Results by seat") && page.contains("Win rate by seat"));
        assert!(page.contains("one fixed config: {&quot;target&quot;:10}"));
        assert!(page.contains("<dd>unknown</dd>"));
        assert!(!page.contains("Score distribution"));
    }
}
