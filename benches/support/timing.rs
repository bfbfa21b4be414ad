//! A small criterion-free timing helper shared by the benches (`harness = false`).
//!
//! Each measurement warms up, then times several runs of a closure and reports the median:
//! `ns/op` and `ops/s`. Include it from a bench with
//! `#[path = "support/timing.rs"] mod timing;`.
#![allow(dead_code)]

use std::hint::black_box;
use std::time::{Duration, Instant};

/// One measured figure.
#[derive(Clone, Debug)]
pub struct Figure {
    /// What was measured, e.g. "sequence-dice 2p apply_in_place".
    pub name: String,
    /// Median nanoseconds per operation.
    pub ns_per_op: f64,
}

impl Figure {
    /// Operations per second at the median.
    pub fn ops_per_sec(&self) -> f64 {
        if self.ns_per_op > 0.0 {
            1e9 / self.ns_per_op
        } else {
            f64::INFINITY
        }
    }
}

/// Times `f`, which performs `ops` operations per call and returns a value kept alive with
/// `black_box`. Warms up for ~100 ms, then takes the median of `runs` timed calls lasting about
/// `target` in total.
pub fn measure<T>(name: &str, ops: u64, mut f: impl FnMut() -> T) -> Figure {
    let runs = 11;
    let target = Duration::from_millis(
        std::env::var("TABULA_BENCH_MS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(600),
    );
    // Warm up and calibrate how many calls fill one run.
    let start = Instant::now();
    let mut calls = 0u64;
    while start.elapsed() < target / 6 || calls == 0 {
        black_box(f());
        calls += 1;
    }
    let per_call = start.elapsed() / calls.max(1) as u32;
    let per_run = ((target / runs).as_nanos() / per_call.as_nanos().max(1)).max(1) as u64;
    let mut samples: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..per_run {
                black_box(f());
            }
            t.elapsed().as_nanos() as f64 / (per_run * ops.max(1)) as f64
        })
        .collect();
    samples.sort_by(|a, b| a.total_cmp(b));
    let fig = Figure {
        name: name.to_string(),
        ns_per_op: samples[samples.len() / 2],
    };
    report(&fig);
    fig
}

/// Prints one figure as a table row: name, ns/op, ops/s.
pub fn report(fig: &Figure) {
    println!(
        "| {:<44} | {:>12.1} | {:>14.0} |",
        fig.name,
        fig.ns_per_op,
        fig.ops_per_sec()
    );
}

/// Prints the table header.
pub fn header(title: &str) {
    println!("\n{title}\n");
    println!(
        "| {:<44} | {:>12} | {:>14} |",
        "benchmark", "ns/op", "ops/s"
    );
    println!("|{:-<46}|{:-<14}|{:-<16}|", "", "", "");
}
