//! The readable table of a summary (its `Display`).

use crate::stats::Stats;
use crate::summary::Summary;
use std::fmt;

/// `x` with `digits` decimals, or `-` when there is no value.
fn num(x: Option<f64>, digits: usize) -> String {
    x.map_or_else(|| "-".to_string(), |x| format!("{x:.digits$}"))
}

/// A share as a percentage with two decimals, or `-`.
fn pct(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_string(), |x| format!("{:.2}%", 100.0 * x))
}

impl fmt::Display for Summary {
    /// The summary as a table for a terminal: one row per seat (win rate with its 95% Wilson
    /// interval, mean, standard deviation and quantiles of the score), then game lengths and
    /// drawn games.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = &self.header;
        let stats = Stats::of(self);
        let configs = if h.configs == "standard" {
            "standard configs"
        } else {
            "one fixed config"
        };
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        writeln!(
            f,
            "{} · {} player{} · {} game{} · seed {} · {configs}\n",
            h.game,
            h.players,
            plural(h.players as u64),
            self.games,
            plural(self.games),
            h.seed
        )?;
        let width = h
            .agents
            .iter()
            .map(|a| a.to_string().len())
            .max()
            .unwrap_or(0);
        let width = width.max(5);
        writeln!(
            f,
            "seat  {:<width$}  {:>8}  {:>17}  {:>9}  {:>7}  {:>5}  {:>5}  {:>6}  {:>5}  {:>5}",
            "agent", "win rate", "95% interval", "mean", "sd", "min", "p5", "median", "p95", "max"
        )?;
        for (s, st) in stats.seats.iter().enumerate() {
            let interval = st.win_rate_interval.map_or_else(
                || "-".to_string(),
                |(lo, hi)| format!("{} – {}", pct(Some(lo)), pct(Some(hi))),
            );
            let q = |pick: fn(&crate::stats::Quantiles<i32>) -> i32| {
                st.quantiles
                    .as_ref()
                    .map_or("-".to_string(), |q| pick(q).to_string())
            };
            writeln!(
                f,
                "{s:>4}  {:<width$}  {:>8}  {interval:>17}  {:>9}  {:>7}  {:>5}  {:>5}  {:>6}  {:>5}  {:>5}",
                h.agents[s].to_string(),
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
        writeln!(f)
    }
}
