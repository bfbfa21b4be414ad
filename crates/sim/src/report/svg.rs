//! The charts, as inline SVG written by hand: estimates with interval bars, and histograms.
//! Coordinates are written with one decimal, so the same data give the same bytes.

use super::{Histograms, Intervals, Scale};
use dicecore::picture::escape;
use std::fmt::Write;

/// Colours that stay distinct for colour-blind readers and in greyscale print (Okabe and Ito).
const COLOURS: [&str; 8] = [
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#7a6a00", "#444444",
];
const INK: &str = "#1b1b1b";
const GRID: &str = "#e3e6ea";
const MUTED: &str = "#4a4f57";

/// A step of 1, 2 or 5 times a power of ten near `span / 5`: the spacing of an axis' ticks.
fn tick_step(span: f64) -> f64 {
    let raw = (span / 5.0).max(1e-12);
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * power);
    if step.is_finite() {
        step
    } else {
        1.0
    }
}

/// Decimals that show a tick step exactly (`0.25` needs two, `5` none).
fn decimals(step: f64) -> usize {
    (0..6)
        .find(|&d| {
            let scaled = step * 10f64.powi(d);
            (scaled - scaled.round()).abs() < 1e-6
        })
        .unwrap_or(6) as usize
}

/// An axis: from `low` to `high` with ticks every `step`.
struct Axis {
    low: f64,
    high: f64,
    step: f64,
}

impl Axis {
    /// The axis over `values` (finite ones), widened to whole ticks.
    fn over(values: impl Iterator<Item = f64>) -> Axis {
        let (mut low, mut high) = values
            .filter(|v| v.is_finite())
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
                (l.min(v), h.max(v))
            });
        if low > high {
            (low, high) = (0.0, 1.0);
        }
        if high - low < 1e-12 {
            let pad = (low.abs() * 0.1).max(1.0);
            (low, high) = (low - pad, high + pad);
        }
        let step = tick_step(high - low);
        Axis {
            low: (low / step).floor() * step,
            high: (high / step).ceil() * step,
            step,
        }
    }

    /// The ticks' values.
    fn ticks(&self) -> Vec<f64> {
        let n = ((self.high - self.low) / self.step)
            .round()
            .clamp(0.0, 100.0) as usize;
        (0..=n).map(|k| self.low + k as f64 * self.step).collect()
    }

    /// Where `v` falls between pixels `from` and `to`.
    fn place(&self, v: f64, from: f64, to: f64) -> f64 {
        let t = ((v - self.low) / (self.high - self.low)).clamp(-0.02, 1.02);
        from + t * (to - from)
    }
}

/// A number on an axis or beside an estimate with `digits` decimals: a share as a percentage
/// (`digits` then counts the percentage's decimals), a value in a unit in that unit's scale
/// (signed for differences), never `-0.0`.
fn label(v: f64, digits: usize, scale: Scale) -> String {
    if !v.is_finite() {
        return "-".to_string();
    }
    if scale.percent {
        format!("{}%", crate::metrics::fixed(100.0 * v, digits, false))
    } else if let Some((unit, signed)) = scale.unit {
        unit.number(v, digits, signed)
    } else {
        crate::metrics::fixed(v, digits, false)
    }
}

/// The chart of estimates with interval bars, one row each, with the figures on the right.
pub(crate) fn intervals(chart: &Intervals, scale: Scale) -> String {
    let rows = &chart.rows;
    let ends = rows.iter().flat_map(|r| [r.estimate, r.low, r.high]);
    let axis = if scale.percent {
        let high = ends.filter(|v| v.is_finite()).fold(0.0, f64::max);
        let top = (high / 0.1).ceil().clamp(1.0, 10.0) * 0.1;
        Axis {
            low: 0.0,
            high: top,
            step: if top > 0.5 { 0.1 } else { 0.05 },
        }
    } else {
        Axis::over(ends.chain(scale.reference))
    };
    // Percentages are written times 100: their decimals are those of the step times 100.
    let hundredfold = scale.percent
        || scale
            .unit
            .is_some_and(|(u, _)| u == crate::metrics::Unit::Share);
    let tick_digits = decimals(if hundredfold {
        axis.step * 100.0
    } else {
        axis.step
    });
    let value_digits = tick_digits + 1;
    let (width, row_h, top, left, right) = (760.0, 30.0, 14.0, 200.0, 560.0);
    let plot_bottom = top + row_h * rows.len().max(1) as f64;
    let caption = scale.unit.map(|(unit, signed)| match signed {
        true => unit.difference_name(),
        false => unit.suffix(),
    });
    let height = plot_bottom + if caption.is_some() { 52.0 } else { 34.0 };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg viewBox=\"0 0 {width} {height:.0}\" \
         width=\"{width}\" height=\"{height:.0}\" role=\"img\" aria-label=\"{}\">",
        escape(&chart.title)
    );
    for t in axis.ticks() {
        let x = axis.place(t, left, right);
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{top:.1}\" x2=\"{x:.1}\" y2=\"{plot_bottom:.1}\" \
             stroke=\"{GRID}\"/><text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"12\" \
             text-anchor=\"middle\" fill=\"{MUTED}\">{}</text>",
            plot_bottom + 18.0,
            label(t, tick_digits, scale)
        );
    }
    if let Some(caption) = caption {
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\" \
             fill=\"{INK}\">{}</text>",
            (left + right) / 2.0,
            plot_bottom + 38.0,
            escape(caption)
        );
    }
    let zero = (axis.low < 0.0 && axis.high > 0.0).then_some(0.0);
    if let Some(r) = scale.reference.or(zero) {
        let x = axis.place(r, left, right);
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{plot_bottom:.1}\" \
             stroke=\"{INK}\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>",
            top - 6.0
        );
    }
    let _ = writeln!(
        out,
        "<line x1=\"{left}\" y1=\"{plot_bottom:.1}\" x2=\"{right}\" y2=\"{plot_bottom:.1}\" \
         stroke=\"{MUTED}\"/>"
    );
    for (i, r) in rows.iter().enumerate() {
        let y = top + row_h * (i as f64 + 0.5);
        let colour = if scale.seat_colours {
            COLOURS[i % COLOURS.len()]
        } else {
            COLOURS[0]
        };
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\" text-anchor=\"end\" \
             fill=\"{INK}\">{}</text>",
            left - 10.0,
            y + 4.5,
            escape(&r.label)
        );
        if r.low.is_finite() && r.high.is_finite() {
            let (a, b) = (
                axis.place(r.low, left, right),
                axis.place(r.high, left, right),
            );
            let _ = writeln!(
                out,
                "<line x1=\"{a:.1}\" y1=\"{y:.1}\" x2=\"{b:.1}\" y2=\"{y:.1}\" \
                 stroke=\"{colour}\" stroke-width=\"3\"/>"
            );
            for x in [a, b] {
                let _ = writeln!(
                    out,
                    "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" \
                     stroke=\"{colour}\" stroke-width=\"2\"/>",
                    y - 7.0,
                    y + 7.0
                );
            }
        }
        if r.estimate.is_finite() {
            let x = axis.place(r.estimate, left, right);
            let _ = writeln!(
                out,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"5.5\" fill=\"{colour}\" \
                 stroke=\"#fff\" stroke-width=\"1.5\"/>"
            );
        }
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\" fill=\"{INK}\">{} \
             <tspan fill=\"{MUTED}\">({} – {})</tspan></text>",
            right + 16.0,
            y + 4.5,
            label(r.estimate, value_digits, scale),
            label(r.low, value_digits, scale),
            label(r.high, value_digits, scale)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Histograms on one vertical scale (share of games), each a small chart under its label; a
/// single one is drawn wide.
pub(crate) fn histograms(h: &Histograms) -> String {
    let games = h.games.max(1) as f64;
    let top_share = (h.charts.iter())
        .flat_map(|(_, hist)| hist.counts.iter().map(|&c| c as f64 / games))
        .fold(0.0, f64::max);
    let axis = Axis::over([0.0, top_share.max(0.01)].into_iter());
    let axis = Axis { low: 0.0, ..axis };
    let single = h.charts.len() == 1;
    let (width, height) = if single {
        (760.0, 230.0)
    } else {
        (340.0, 190.0)
    };
    let (left, right, top, bottom) = (48.0, width - 12.0, 10.0, height - 40.0);
    let mut out = String::new();
    if !single {
        out.push_str("<div class=\"grid\">\n");
    }
    for (i, (name, hist)) in h.charts.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        if !single {
            let _ = writeln!(out, "<div><h3>{}</h3>", escape(name));
        }
        let _ = writeln!(
            out,
            "<svg viewBox=\"0 0 {width} {height}\" \
             width=\"{width}\" height=\"{height}\" role=\"img\" aria-label=\"{}: {}\">",
            escape(&h.title),
            escape(name)
        );
        let digits = decimals(axis.step * 100.0);
        for t in axis.ticks() {
            let y = axis.place(t, bottom, top);
            let _ = writeln!(
                out,
                "<line x1=\"{left}\" y1=\"{y:.1}\" x2=\"{right}\" y2=\"{y:.1}\" \
                 stroke=\"{GRID}\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" \
                 text-anchor=\"end\" fill=\"{MUTED}\">{:.digits$}%</text>",
                left - 6.0,
                y + 4.0,
                100.0 * t
            );
        }
        let bins = hist.counts.len().max(1) as f64;
        let bar = (right - left) / bins;
        for (k, &c) in hist.counts.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let x = left + k as f64 * bar;
            let y = axis.place(c as f64 / games, bottom, top);
            let from = hist.from + k as i64 * hist.width as i64;
            let to = from + hist.width as i64 - 1;
            let range = if from == to {
                from.to_string()
            } else {
                format!("{from} to {to}")
            };
            let _ = writeln!(
                out,
                "<rect x=\"{:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{:.1}\" \
                 fill=\"{colour}\"><title>{range}: {c} games</title></rect>",
                x + 0.5,
                (bar - 1.0).max(0.5),
                (bottom - y).max(0.0)
            );
        }
        let _ = writeln!(
            out,
            "<line x1=\"{left}\" y1=\"{bottom}\" x2=\"{right}\" y2=\"{bottom}\" \
             stroke=\"{MUTED}\"/>"
        );
        // The first bin's start, the middle bin's and the last bin's end.
        let last = hist.from + (hist.counts.len() as i64) * hist.width as i64 - 1;
        let middle = hist.counts.len() / 2;
        let marks = [
            (left, hist.from, "start"),
            (
                left + (middle as f64 + 0.5) * bar,
                hist.from + middle as i64 * hist.width as i64,
                "middle",
            ),
            (right, last, "end"),
        ];
        for (x, v, anchor) in marks {
            let _ = writeln!(
                out,
                "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"{anchor}\" \
                 fill=\"{MUTED}\">{v}</text>",
                bottom + 15.0
            );
        }
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\" \
             fill=\"{INK}\">{}</text>",
            (left + right) / 2.0,
            height - 6.0,
            escape(&h.unit)
        );
        out.push_str("</svg>\n");
        if !single {
            out.push_str("</div>\n");
        }
    }
    if !single {
        out.push_str("</div>\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_numbers() {
        assert_eq!(tick_step(1.0), 0.2);
        assert_eq!(tick_step(37.0), 10.0);
        assert_eq!(decimals(0.25), 2);
        assert_eq!(decimals(5.0), 0);
        let axis = Axis::over([-0.03, 0.07].into_iter());
        assert_eq!(axis.ticks().len(), 7); // -0.04 to 0.08 by 0.02
        assert!(axis.low <= -0.03 && axis.high >= 0.07);
        // No finite value, or one value only: still an axis.
        assert!(Axis::over([f64::NAN].into_iter()).high > 0.0);
        assert!(Axis::over([3.0].into_iter()).high > 3.0);
    }
}
