//! The generic sections of a report ([`crate::report`]): a table of formatted cells and
//! estimates with their intervals, the shapes any result takes on the page (the leaf that the
//! report and the results it shows share).

/// A table of already formatted cells: one row per entry, one cell per column.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    /// The section's heading.
    pub title: String,
    /// One or two sentences under the heading: what the table shows (may be empty).
    pub note: String,
    /// The column headings.
    pub columns: Vec<String>,
    /// The rows, each one cell per column (cells that look like numbers are right-aligned).
    pub rows: Vec<Vec<String>>,
}

/// Estimates with their intervals, drawn as a chart (a dot per estimate, a bar across its
/// interval) with the figures beside it: win rates, differences between variants, metrics.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Intervals {
    /// The section's heading.
    pub title: String,
    /// One or two sentences under the heading: what is estimated and which interval (may be
    /// empty).
    pub note: String,
    /// One row per estimate.
    pub rows: Vec<IntervalRow>,
}

/// One estimate with its interval (`low <= estimate <= high` is expected, not required).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct IntervalRow {
    /// What is estimated.
    pub label: String,
    /// The estimate.
    pub estimate: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// How a header's configs read: standard, a variant of them, or the fixed config's JSON.
pub(crate) fn configs_text(configs: &serde_json::Value) -> String {
    if let Some(config) = configs.get("fixed") {
        format!("one fixed config: {config}")
    } else if let Some(overrides) = configs.get("variant") {
        format!("a variant: each game's standard setup with {overrides}")
    } else {
        "standard (each game's setup drawn from its seed)".to_string()
    }
}
