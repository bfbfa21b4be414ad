//! Choosing metrics by name: [`Metric`], one of Ludii's metrics, and [`MetricSet`], a choice
//! of them, read from Ludii's names (`"Balance,LeadChange"`).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The names of the metrics, in the order of [`Metric::ALL`] (the order of the table and the
/// summary file).
pub const METRIC_NAMES: [&str; 13] = [
    "AdvantageP1",
    "Balance",
    "Completion",
    "Drawishness",
    "Timeouts",
    "DurationActions",
    "DurationActionsSd",
    "DecisionMoves",
    "BranchingFactor",
    "LeadChange",
    "Stability",
    "Drama",
    "DecisivenessThreshold",
];

/// One of Ludii's evaluation metrics, by Ludii's name (formulas in `docs/simulation.md`).
///
/// ```
/// use tabula_sim::metrics::Metric;
/// let m: Metric = "LeadChange".parse().unwrap();
/// assert_eq!(m, Metric::LeadChange);
/// assert_eq!(m.name(), "LeadChange");
/// assert!(m.needs_running_scores() && !m.needs_legal_actions());
/// assert!("leadchange".parse::<Metric>().is_err()); // names are matched exactly
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Metric {
    /// Share of games won by the first mover alone.
    AdvantageP1,
    /// 1 − the largest gap between two positions' sole-win rates.
    Balance,
    /// Share of games with a sole winner.
    Completion,
    /// Share of games without a sole winner.
    Drawishness,
    /// Share of games cut off by a move limit.
    Timeouts,
    /// Mean game length in actions.
    DurationActions,
    /// Standard deviation of the game length in actions.
    DurationActionsSd,
    /// Share of decisions with more than one legal action.
    DecisionMoves,
    /// Mean number of legal actions at a decision.
    BranchingFactor,
    /// Changes of the set of leaders per decision.
    LeadChange,
    /// Sum over seats of the variance of the running score over a game.
    Stability,
    /// Mean gap between the best running score and the winners'.
    Drama,
    /// Highest running score reached by a seat that did not win.
    DecisivenessThreshold,
}

impl Metric {
    /// Every metric, in the order of the table and the summary file.
    pub const ALL: [Metric; 13] = [
        Metric::AdvantageP1,
        Metric::Balance,
        Metric::Completion,
        Metric::Drawishness,
        Metric::Timeouts,
        Metric::DurationActions,
        Metric::DurationActionsSd,
        Metric::DecisionMoves,
        Metric::BranchingFactor,
        Metric::LeadChange,
        Metric::Stability,
        Metric::Drama,
        Metric::DecisivenessThreshold,
    ];

    /// Ludii's name of the metric.
    pub fn name(self) -> &'static str {
        METRIC_NAMES[self as usize]
    }

    /// What the metric measures, in one line.
    pub fn meaning(self) -> &'static str {
        match self {
            Metric::AdvantageP1 => "share of games won by the first mover alone",
            Metric::Balance => "1 − the largest gap between two positions' sole-win rates",
            Metric::Completion => "share of games with a sole winner",
            Metric::Drawishness => "share of games without a sole winner (draws and shared wins)",
            Metric::Timeouts => {
                "share of games cut off by a move limit (none here: every game ends)"
            }
            Metric::DurationActions => "mean game length in actions, chance included",
            Metric::DurationActionsSd => "standard deviation of the game length in actions",
            Metric::DecisionMoves => "share of decisions with more than one legal action",
            Metric::BranchingFactor => "mean number of legal actions at a decision",
            Metric::LeadChange => "changes of the set of leaders (running score) per decision",
            Metric::Stability => "sum over seats of the variance of the running score over a game",
            Metric::Drama => "mean gap between the best running score and the eventual winners'",
            Metric::DecisivenessThreshold => {
                "highest running score reached by a seat that did not win"
            }
        }
    }

    /// Whether the metric lists the legal actions at every decision (`DecisionMoves`,
    /// `BranchingFactor`).
    pub fn needs_legal_actions(self) -> bool {
        matches!(self, Metric::DecisionMoves | Metric::BranchingFactor)
    }

    /// Whether the metric reads every seat's running score at every decision (`LeadChange`,
    /// `Stability`, `Drama`, `DecisivenessThreshold`).
    pub fn needs_running_scores(self) -> bool {
        matches!(
            self,
            Metric::LeadChange | Metric::Stability | Metric::Drama | Metric::DecisivenessThreshold
        )
    }

    /// Whether the metric counts the games each position won alone (`AdvantageP1`, `Balance`,
    /// `Completion`, `Drawishness`).
    pub(crate) fn needs_sole_wins(self) -> bool {
        matches!(
            self,
            Metric::AdvantageP1 | Metric::Balance | Metric::Completion | Metric::Drawishness
        )
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a metric's name was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MetricError {
    /// No metric has this name.
    #[error(
        "unknown metric '{0}'; known metrics: {known}",
        known = METRIC_NAMES.join(", ")
    )]
    Unknown(String),
    /// A list of names with an empty name in it (`""`, `"Balance,"`).
    #[error(
        "an empty metric name in '{0}'; known metrics: {known}",
        known = METRIC_NAMES.join(", ")
    )]
    Empty(String),
}

impl FromStr for Metric {
    type Err = MetricError;

    fn from_str(name: &str) -> Result<Metric, MetricError> {
        let name = name.trim();
        match METRIC_NAMES.iter().position(|&n| n == name) {
            Some(i) => Ok(Metric::ALL[i]),
            None if name.is_empty() => Err(MetricError::Empty(name.to_string())),
            None => Err(MetricError::Unknown(name.to_string())),
        }
    }
}

/// A choice of metrics ([`crate::Spec::metrics`]): empty for a plain run (the default),
/// [`MetricSet::ALL`] for `simulate --metrics`, or the metrics named in a comma-separated list
/// (`simulate --metrics Balance,LeadChange`). The chosen metrics are always shown in the order
/// of [`Metric::ALL`], whatever the order of the names.
///
/// ```
/// use tabula_sim::metrics::{Metric, MetricSet};
/// let chosen: MetricSet = "LeadChange, Balance".parse().unwrap();
/// assert_eq!(chosen.iter().collect::<Vec<_>>(), [Metric::Balance, Metric::LeadChange]);
/// assert_eq!(chosen.to_string(), "Balance,LeadChange");
/// assert!(chosen.needs_running_scores() && !chosen.needs_legal_actions());
/// assert!(MetricSet::default().is_empty());
/// let e = "Balance,Fun".parse::<MetricSet>().unwrap_err();
/// assert!(e.to_string().starts_with("unknown metric 'Fun'; known metrics: AdvantageP1, Balance"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MetricSet(u16);

impl MetricSet {
    /// No metric: a plain run.
    pub const NONE: MetricSet = MetricSet(0);

    /// Every metric.
    pub const ALL: MetricSet = MetricSet((1 << Metric::ALL.len()) - 1);

    /// The set of one metric.
    pub const fn one(metric: Metric) -> MetricSet {
        MetricSet(1 << metric as u16)
    }

    /// The set with `metric` added.
    pub const fn with(self, metric: Metric) -> MetricSet {
        MetricSet(self.0 | 1 << metric as u16)
    }

    /// Whether `metric` is chosen.
    pub fn contains(self, metric: Metric) -> bool {
        self.0 & (1 << metric as u16) != 0
    }

    /// Whether no metric is chosen (a plain run).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every metric is chosen.
    pub fn is_all(&self) -> bool {
        *self == MetricSet::ALL
    }

    /// The number of metrics chosen.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The chosen metrics, in the order of [`Metric::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Metric> {
        Metric::ALL.into_iter().filter(move |&m| self.contains(m))
    }

    /// Whether a chosen metric lists the legal actions at every decision.
    pub fn needs_legal_actions(self) -> bool {
        self.iter().any(Metric::needs_legal_actions)
    }

    /// Whether a chosen metric reads the running scores at every decision.
    pub fn needs_running_scores(self) -> bool {
        self.iter().any(Metric::needs_running_scores)
    }

    /// Whether a chosen metric counts sole wins by position.
    pub(crate) fn needs_sole_wins(self) -> bool {
        self.iter().any(Metric::needs_sole_wins)
    }
}

impl FromIterator<Metric> for MetricSet {
    fn from_iter<I: IntoIterator<Item = Metric>>(metrics: I) -> MetricSet {
        metrics.into_iter().fold(MetricSet::NONE, MetricSet::with)
    }
}

impl FromStr for MetricSet {
    type Err = MetricError;

    /// A comma-separated list of Ludii's names (spaces around a name are ignored; a name given
    /// twice counts once). An empty name, or an empty list, is an error.
    fn from_str(text: &str) -> Result<MetricSet, MetricError> {
        text.split(',')
            .map(|name| {
                name.parse::<Metric>().map_err(|e| match e {
                    MetricError::Empty(_) => MetricError::Empty(text.to_string()),
                    other => other,
                })
            })
            .collect()
    }
}

impl fmt::Display for MetricSet {
    /// The names, comma-separated, in the order of [`Metric::ALL`]: read back by `parse`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, metric) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            f.write_str(metric.name())?;
        }
        Ok(())
    }
}

/// Written as the list of the chosen names, in the order of [`Metric::ALL`].
impl Serialize for MetricSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(Metric::name))
    }
}

impl<'de> Deserialize<'de> for MetricSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<MetricSet, D::Error> {
        let names = Vec::<String>::deserialize(deserializer)?;
        (names.iter())
            .map(|n| n.parse::<Metric>())
            .collect::<Result<MetricSet, _>>()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back_as_its_metric() {
        for (i, m) in Metric::ALL.into_iter().enumerate() {
            assert_eq!(m as usize, i);
            assert_eq!(m.name().parse::<Metric>(), Ok(m));
            assert_eq!(m.to_string(), METRIC_NAMES[i]);
        }
        assert_eq!(MetricSet::ALL.len(), 13);
        assert_eq!(MetricSet::ALL.iter().collect::<Vec<_>>(), Metric::ALL);
        assert_eq!(
            METRIC_NAMES.join(",").parse::<MetricSet>(),
            Ok(MetricSet::ALL)
        );
        assert_eq!(MetricSet::ALL.to_string(), METRIC_NAMES.join(","));
    }

    #[test]
    fn lists_read_in_any_order_and_bad_names_are_named() {
        let set: MetricSet = " Drama ,AdvantageP1,Drama".parse().unwrap();
        assert_eq!(set, MetricSet::one(Metric::AdvantageP1).with(Metric::Drama));
        assert_eq!(set.len(), 2);
        assert_eq!(set.to_string().parse::<MetricSet>(), Ok(set));
        assert_eq!(
            "Balance,balance".parse::<MetricSet>(),
            Err(MetricError::Unknown("balance".into()))
        );
        assert_eq!(
            "Balance,".parse::<MetricSet>(),
            Err(MetricError::Empty("Balance,".into()))
        );
        assert!(matches!(
            "".parse::<MetricSet>(),
            Err(MetricError::Empty(_))
        ));
        let text = MetricError::Unknown("Fun".into()).to_string();
        assert!(!text.contains('\n'));
        assert!(text.ends_with("Drama, DecisivenessThreshold"), "{text}");
    }

    #[test]
    fn what_each_choice_needs() {
        let only = |m| MetricSet::one(m);
        assert!(!only(Metric::AdvantageP1).needs_legal_actions());
        assert!(!only(Metric::AdvantageP1).needs_running_scores());
        assert!(only(Metric::AdvantageP1).needs_sole_wins());
        assert!(!only(Metric::DurationActions).needs_sole_wins());
        assert!(only(Metric::BranchingFactor).needs_legal_actions());
        assert!(!only(Metric::BranchingFactor).needs_running_scores());
        assert!(only(Metric::Drama).needs_running_scores());
        assert!(MetricSet::ALL.needs_legal_actions() && MetricSet::ALL.needs_running_scores());
        assert!(!MetricSet::NONE.needs_sole_wins());
    }

    #[test]
    fn a_set_is_written_as_its_names() {
        let set: MetricSet = "LeadChange,Balance".parse().unwrap();
        let json = serde_json::to_string(&set).unwrap();
        assert_eq!(json, r#"["Balance","LeadChange"]"#);
        assert_eq!(serde_json::from_str::<MetricSet>(&json).unwrap(), set);
        assert!(serde_json::from_str::<MetricSet>(r#"["Fun"]"#).is_err());
    }
}
