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
use crate::metrics::Metrics;
use crate::sections::configs_text;
pub use crate::sections::{IntervalRow, Intervals, Table};
use crate::stats::{Histogram, Stats, MAX_BINS};
use crate::summary::Summary;
use crate::table::{num, ordinal, pct};
use crate::variant::Comparison;

/// How an interval chart writes its numbers and which value it marks with a dashed line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Scale {
    /// Values are shares, written as percentages on an axis from 0% to 100%.
    pub percent: bool,
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
            reference: Some(1.0 / levels.players.max(1) as f64),
            seat_colours: false,
        };
        self.sections.push(Section::Table(levels.table()));
        self.sections
            .push(Section::Intervals(levels.intervals(), scale));
        self
    }

    /// Adds the standard sections of a summary: its header facts, the results by seat and by
    /// position (win rate with its 95% Wilson interval, score mean, deviation and quantiles),
    /// the outcomes (game length, draws, shared wins), the win rates by seat and by position
    /// as interval charts (dashed: the fair share `1 / players`), the score distribution of
    /// every seat and the distribution of game lengths.
    pub fn summary(mut self, summary: &Summary) -> Report {
        let h = summary.header();
        let stats = Stats::of(summary);
        let agents: Vec<String> = h.agents.iter().map(|a| a.to_string()).collect();
        let seat_agents: Vec<String> = (agents.iter().enumerate())
            .map(|(s, a)| format!("{s}: {a}"))
            .collect();
        let indices: Vec<String> = (summary.indices().iter())
            .map(|(a, b)| format!("{a}..{b}"))
            .collect();
        let rules = h.rules.map_or("unknown".to_string(), |r| r.to_string());
        self = self
            .fact("game", &h.game)
            .fact("rules version", rules)
            .fact("players", h.players.to_string())
            .fact("games", summary.games().to_string())
            .fact("game indices", indices.join(", "))
            .fact("master seed", h.seed.to_string())
            .fact("agents", seat_agents.join(" · "))
            .fact("configs", configs_text(&h.configs));
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
        self = self.table(Table {
            title: "Results by position in turn order".into(),
            note: "1st is the seat of the game's first decision (drawn at random by the \
                   standard setups), 2nd the next seat, and so on, whatever their agents."
                .into(),
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

    /// Adds Ludii's metrics ([`crate::metrics`]), those chosen, as a table: name, value, 95%
    /// interval and meaning (docs/simulation.md gives each formula).
    pub fn metrics(self, metrics: &Metrics) -> Report {
        let rows = (metrics.rows().iter())
            .map(|r| {
                vec![
                    r.name.to_string(),
                    num(r.value, 4),
                    r.interval
                        .map_or("-".into(), |(lo, hi)| format!("{lo:.4} – {hi:.4}")),
                    r.meaning.to_string(),
                ]
            })
            .collect();
        let scored: Vec<&str> = (metrics.chosen().iter())
            .filter(|m| m.needs_running_scores())
            .map(|m| m.name())
            .collect();
        let scored = match scored.len() {
            0 => ".".to_string(),
            1 => format!(
                "; the score-based one ({}) reads the game's running score.",
                scored[0]
            ),
            _ => format!(
                "; the score-based ones ({}) read the game's running score.",
                scored.join(", ")
            ),
        };
        self.table(Table {
            title: "Metrics (Ludii's definitions)".into(),
            note: format!(
                "Names and definitions of Ludii's evaluation metrics{scored} Intervals: Wilson \
                 for shares of games, mean ± 1.96·sd/√n otherwise."
            ),
            columns: ["metric", "value", "95% interval", "meaning"]
                .map(String::from)
                .to_vec(),
            rows,
        })
    }

    /// Adds a rule variant's comparison with the standard configs: its overrides in the
    /// header, a table of every seat's and position's win rate and every chosen metric under both
    /// with the difference and its paired 95% interval, and a chart of the win-rate
    /// differences. The standard games' own sections come from [`Report::summary`].
    pub fn comparison(self, comparison: &Comparison) -> Report {
        let overrides = serde_json::Value::Object(comparison.overrides.clone()).to_string();
        let rows = comparison.rows();
        let is_rate = |label: &str| label.ends_with("win rate");
        let cell = |label: &str, x: Option<f64>| match is_rate(label) {
            true => pct(x),
            false => num(x, 4),
        };
        let table = (rows.iter())
            .map(|r| {
                let interval = r.interval.map_or("-".into(), |(lo, hi)| {
                    format!(
                        "{} – {}",
                        cell(&r.label, Some(lo)),
                        cell(&r.label, Some(hi))
                    )
                });
                vec![
                    r.label.clone(),
                    cell(&r.label, r.standard),
                    cell(&r.label, r.variant),
                    cell(&r.label, r.difference),
                    interval,
                ]
            })
            .collect();
        let chart = (rows.iter())
            .filter(|r| is_rate(&r.label))
            .filter_map(|r| {
                let (estimate, (low, high)) = (r.difference?, r.interval?);
                Some(IntervalRow {
                    label: r.label.clone(),
                    estimate,
                    low,
                    high,
                })
            })
            .collect();
        self.fact("variant", overrides.clone())
            .table(Table {
                title: format!("Variant {overrides} against the standard rules"),
                note: "The same game indices, seeds and agents under both; difference: variant \
                       − standard, its 95% interval paired by game index (mean ± 1.96·sd/√n of \
                       the per-game differences). The sections below are the standard games'."
                    .into(),
                columns: ["", "standard", "variant", "difference", "95% interval"]
                    .map(String::from)
                    .to_vec(),
                rows: table,
            })
            .intervals(Intervals {
                title: "Win-rate differences (variant − standard)".into(),
                note: "Dot: the difference of the win rate; bar: its paired 95% interval; \
                       dashed line: no difference."
                    .into(),
                rows: chart,
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

/// The lengths of a summary's games in at most [`MAX_BINS`] equal bins.
fn length_histogram(summary: &Summary) -> Option<Histogram> {
    let lengths = summary.lengths();
    let (low, high) = (*lengths.keys().next()?, *lengths.keys().next_back()?);
    let width = (high - low + 1).div_ceil(MAX_BINS);
    let mut counts = vec![0u64; (high - low + 1).div_ceil(width) as usize];
    for (&l, &c) in lengths {
        if let Some(slot) = counts.get_mut(((l - low) / width) as usize) {
            *slot += c;
        }
    }
    Some(Histogram {
        from: low as i64,
        width,
        counts,
    })
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
