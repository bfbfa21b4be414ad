//! The readable table of a summary (its `Display`).

use crate::metrics::MetricRow;
use crate::stats::{Quantiles, SeatStats, Stats};
use crate::summary::Summary;
use std::fmt;

/// `x` with `digits` decimals, or `-` when there is no value.
pub(crate) fn num(x: Option<f64>, digits: usize) -> String {
    x.map_or_else(|| "-".to_string(), |x| format!("{x:.digits$}"))
}

/// A share as a percentage with two decimals, or `-`.
pub(crate) fn pct(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_string(), |x| format!("{:.2}%", 100.0 * x))
}

/// The width of each column of a table for a terminal: its widest cell or heading, in
/// characters.
pub(crate) fn column_widths<R: AsRef<[String]>>(heads: &[&str], rows: &[R]) -> Vec<usize> {
    (0..heads.len())
        .map(|c| {
            (rows.iter())
                .map(|r| r.as_ref().get(c).map_or(0, |s| s.chars().count()))
                .chain([heads[c].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// `1st`, `2nd`, `3rd`, `4th`, ...
pub(crate) fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// One row per seat (or position): its key, its label, then its statistics.
fn block(
    f: &mut fmt::Formatter<'_>,
    (key, keys): (&str, &[String]),
    (label, labels): (&str, &[String]),
    stats: &[SeatStats],
) -> fmt::Result {
    let width = labels.iter().map(String::len).fold(label.len(), usize::max);
    writeln!(
        f,
        "{key:>4}  {label:<width$}  {:>8}  {:>17}  {:>9}  {:>7}  {:>5}  {:>5}  {:>6}  {:>5}  {:>5}",
        "win rate", "95% interval", "mean", "sd", "min", "p5", "median", "p95", "max"
    )?;
    for (s, st) in stats.iter().enumerate() {
        let key = keys.get(s).map_or("", String::as_str);
        let label = labels.get(s).map_or("", String::as_str);
        let interval = st.win_rate_interval.map_or_else(
            || "-".to_string(),
            |(lo, hi)| format!("{} – {}", pct(Some(lo)), pct(Some(hi))),
        );
        let q = |pick: fn(&Quantiles<i32>) -> i32| {
            (st.quantiles.as_ref()).map_or("-".to_string(), |q| pick(q).to_string())
        };
        writeln!(
            f,
            "{key:>4}  {label:<width$}  {:>8}  {interval:>17}  {:>9}  {:>7}  {:>5}  {:>5}  {:>6}  {:>5}  {:>5}",
            pct(st.win_rate),
            num(st.mean_score, 2),
            num(st.sd_score, 2),
            q(|q| q.min),
            q(|q| q.p5),
            q(|q| q.median),
            q(|q| q.p95),
            q(|q| q.max),
        )?;
    }
    Ok(())
}

/// The cells of a metric's row: value, 95% interval, fair value (with its central range
/// where simulated), whose definition (`Ludii` or `ours`), in the metric's unit.
pub(crate) fn metric_cells(r: &MetricRow) -> [String; 4] {
    let value = r
        .value
        .map_or_else(|| "-".to_string(), |v| r.unit.format(v));
    let range = |(lo, hi): (f64, f64)| r.unit.format_range(lo, hi, false);
    let interval = r.interval.map_or_else(|| "-".to_string(), range);
    let fair = match (r.fair, r.fair_range) {
        (Some(v), Some(i)) => format!("{} ({})", r.unit.format(v), range(i)),
        (Some(v), None) => r.unit.format(v),
        _ => "-".to_string(),
    };
    let source = if r.ludii.is_some() { "Ludii" } else { "ours" };
    [value, interval, fair, source.to_string()]
}

/// One row per metric: its name, value, 95% interval, value in a fair game, source and
/// meaning.
fn metrics_block(f: &mut fmt::Formatter<'_>, rows: &[MetricRow]) -> fmt::Result {
    let cells: Vec<[String; 4]> = rows.iter().map(metric_cells).collect();
    let heads = ["value", "95% interval", "fair game", "source"];
    let name_width = rows.iter().map(|r| r.name.len()).max().unwrap_or(0).max(6);
    let widths = column_widths(&heads, &cells);
    let pad = |s: &str, w: usize| " ".repeat(w.saturating_sub(s.chars().count()));
    write!(f, "{:<name_width$}", "metric")?;
    for (c, h) in heads.iter().enumerate() {
        write!(f, "  {}{h}", pad(h, widths[c]))?;
    }
    writeln!(f, "  meaning")?;
    for (r, row) in rows.iter().zip(&cells) {
        write!(f, "{:<name_width$}", r.name)?;
        for (c, cell) in row.iter().enumerate() {
            write!(f, "  {}{cell}", pad(cell, widths[c]))?;
        }
        writeln!(f, "  {}", r.meaning)?;
    }
    Ok(())
}

impl Summary {
    /// One line naming the simulation: `kingdom-builder · 4 players · 100000 games · seed 11`.
    pub fn title(&self) -> String {
        let h = &self.header;
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        format!(
            "{} · {} player{} · {} game{} · seed {}",
            h.game,
            h.players,
            plural(h.players as u64),
            self.games,
            plural(self.games),
            h.seed
        )
    }
}

impl fmt::Display for Summary {
    /// The summary as a table for a terminal: one row per seat (win rate with its 95% Wilson
    /// interval, mean, standard deviation and quantiles of the score), the same per position
    /// in turn order, then game lengths and drawn games.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = &self.header;
        let stats = Stats::of(self);
        let configs = if h.configs == "standard" {
            "standard configs".to_string()
        } else if let Some(overrides) = h.configs.get("variant") {
            format!("standard configs with {overrides}")
        } else {
            "one fixed config".to_string()
        };
        writeln!(f, "{} · {configs}\n", self.title())?;
        let agents: Vec<String> = h.agents.iter().map(|a| a.to_string()).collect();
        let seats: Vec<String> = (0..agents.len()).map(|s| s.to_string()).collect();
        block(f, ("seat", &seats), ("agent", &agents), &stats.seats)?;
        let turn = "by position in turn order (1st: the seat of the game's first decision)";
        writeln!(f, "\n{turn}")?;
        let ordinals: Vec<String> = (1..=stats.positions.len()).map(ordinal).collect();
        block(f, ("turn", &ordinals), ("", &[]), &stats.positions)?;
        if let Some(first) = self.first_position() {
            writeln!(f, "{first}")?;
        }
        writeln!(f)?;
        let l = &stats.length;
        match &l.quantiles {
            Some(q) => writeln!(
                f,
                "game length (actions): mean {} · sd {} · min {} · median {} · p95 {} · max {}",
                num(l.mean, 1),
                num(l.sd, 1),
                q.min,
                q.median,
                q.p95,
                q.max
            )?,
            None => writeln!(f, "game length (actions): -")?,
        }
        write!(
            f,
            "draws (every seat a winner): {} ({}) · shared wins: {} ({})",
            self.draws,
            pct(stats.draw_rate),
            self.shared,
            pct(stats.shared_rate)
        )?;
        if self.no_winner > 0 {
            write!(f, " · no winner: {}", self.no_winner)?;
        }
        writeln!(f)?;
        if let Some(metrics) = self.metrics() {
            writeln!(
                f,
                "\nmetrics (source Ludii: computed as Ludii's source computes it, the running \
                 score standing in for its evaluator; ours: our variants; docs/simulation.md)"
            )?;
            metrics_block(f, metrics.rows())?;
        }
        Ok(())
    }
}
