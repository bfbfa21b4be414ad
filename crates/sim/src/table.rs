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

/// One row per metric: its name, value, 95% interval and meaning.
fn metrics_block(f: &mut fmt::Formatter<'_>, rows: &[MetricRow]) -> fmt::Result {
    let width = rows.iter().map(|r| r.name.len()).max().unwrap_or(0);
    for r in rows {
        let interval = r.interval.map_or_else(
            || "-".to_string(),
            |(lo, hi)| format!("{} – {}", num(Some(lo), 4), num(Some(hi), 4)),
        );
        writeln!(
            f,
            "{:<width$}  {:>12}  {interval:>23}  {}",
            r.name,
            num(r.value, 4),
            r.meaning
        )?;
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
                "\nmetrics (Ludii's definitions; the running score as evaluator)"
            )?;
            metrics_block(f, metrics.rows())?;
        }
        Ok(())
    }
}
