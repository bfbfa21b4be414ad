//! Choosing metrics by name: [`Metric`], one of Ludii's metrics, and [`MetricSet`], a choice
//! of them, read from Ludii's names (`"Balance,LeadChange"`).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The names of the metrics, in the order of [`Metric::ALL`] (the order of the table and the
/// summary file). Ludii's metrics keep Ludii's names; ours, which differ from Ludii's on
/// purpose, have names of their own beside them (`AdvantageP1Sole` beside `AdvantageP1`).
pub const METRIC_NAMES: [&str; 18] = [
    "AdvantageP1",
    "AdvantageP1Sole",
    "Balance",
    "Completion",
    "Drawishness",
    "DrawishnessShared",
    "Timeouts",
    "DurationMoves",
    "DurationReplay",
    "DurationReplaySd",
    "DecisionMoves",
    "BranchingFactor",
    "LeadChange",
    "Stability",
    "Drama",
    "DramaWinners",
    "DecisivenessThreshold",
    "DecisivenessThresholdWinners",
];

/// Names of earlier versions, still read: `(old name, the metric that computes what it
/// computed)`. `DurationActions` named our mean game length in actions, chance outcomes
/// included, which is not Ludii's `DurationActions` (the atomic actions of its moves).
pub const RENAMED: [(&str, Metric); 2] = [
    ("DurationActions", Metric::DurationReplay),
    ("DurationActionsSd", Metric::DurationReplaySd),
];

/// The root of Ludii's metric sources in the Ludii repository (`github.com/Ludeme/Ludii`).
pub const LUDII_METRICS: &str = "Evaluation/src/metrics";

/// What a metric's values count: how they are written, in the table, the charts and the
/// terminal alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Unit {
    /// A share (of games, of decisions) in `[0, 1]`: written as a percentage (`24.77%`), a
    /// difference of two in percentage points (`+0.51 pp`).
    Share,
    /// A number of decisions.
    Decisions,
    /// A number of actions (chance outcomes included).
    Actions,
    /// A number of legal actions.
    LegalActions,
    /// The game's points (running or final scores).
    Points,
    /// Squared points (a variance of scores).
    SquaredPoints,
}

impl Unit {
    /// The unit's name after a number (`%` for shares).
    pub fn suffix(self) -> &'static str {
        match self {
            Unit::Share => "%",
            Unit::Decisions => "decisions",
            Unit::Actions => "actions",
            Unit::LegalActions => "legal actions",
            Unit::Points => "points",
            Unit::SquaredPoints => "points²",
        }
    }

    /// The unit of a difference of two values (`percentage points` for shares).
    pub fn difference_name(self) -> &'static str {
        match self {
            Unit::Share => "percentage points",
            other => other.suffix(),
        }
    }

    /// `value` written in this unit with two decimals: `24.77%`, `259.50 actions`. A value
    /// that rounds to zero is written without a sign (never `-0.00`).
    pub fn format(self, value: f64) -> String {
        match self {
            Unit::Share => format!("{}%", fixed(100.0 * value, 2, false)),
            other => format!("{} {}", fixed(value, 2, false), other.suffix()),
        }
    }

    /// A difference of two values, signed: `+0.51 pp`, `-1.05 points²`, `0.00 pp` when it
    /// rounds to zero.
    pub fn format_difference(self, value: f64) -> String {
        match self {
            Unit::Share => format!("{} pp", fixed(100.0 * value, 2, true)),
            other => format!("{} {}", fixed(value, 2, true), other.suffix()),
        }
    }

    /// A range in this unit, the unit said once: `24.51 – 25.04%`, `-0.15 – +0.21 pp` (signed,
    /// for differences), `205.25 – 206.39 decisions`.
    pub fn format_range(self, low: f64, high: f64, signed: bool) -> String {
        let unit = match (self, signed) {
            (Unit::Share, false) => "%".to_string(),
            (Unit::Share, true) => " pp".to_string(),
            (other, _) => format!(" {}", other.suffix()),
        };
        format!(
            "{} – {}{unit}",
            self.number(low, 2, signed),
            self.number(high, 2, signed)
        )
    }

    /// The number alone, in the unit's scale (percent for shares), with `digits` decimals and
    /// a sign when `signed`: for axes and cells whose unit is said once.
    pub fn number(self, value: f64, digits: usize, signed: bool) -> String {
        let scaled = if self == Unit::Share {
            100.0 * value
        } else {
            value
        };
        fixed(scaled, digits, signed)
    }
}

/// `x` with `digits` decimals; a `+` before positive values when `signed`; no sign at all when
/// it rounds to zero; `-` when not finite.
pub(crate) fn fixed(x: f64, digits: usize, signed: bool) -> String {
    if !x.is_finite() {
        return "-".to_string();
    }
    let text = format!("{x:.digits$}");
    let zero = text
        .trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.');
    if zero {
        text.trim_start_matches('-').to_string()
    } else if signed && x > 0.0 {
        format!("+{text}")
    } else {
        text
    }
}

/// One evaluation metric: Ludii's, by Ludii's name, computing what Ludii's source computes
/// ([`Metric::ludii`] names the file), or one of ours beside it ([`Metric::ludii`] is `None`;
/// [`Metric::beside`] names the Ludii metric it differs from). Formulas and differences are
/// in `docs/simulation.md`, section "Metrics".
///
/// ```
/// use tabula_sim::metrics::{Metric, Unit};
/// let m: Metric = "LeadChange".parse().unwrap();
/// assert_eq!(m, Metric::LeadChange);
/// assert_eq!(m.name(), "LeadChange");
/// assert!(m.needs_running_scores() && !m.needs_legal_actions());
/// assert_eq!(m.unit(), Unit::Share);
/// assert!(m.ludii().unwrap().ends_with("stateEvaluation/LeadChange.java"));
/// assert_eq!(Metric::AdvantageP1Sole.beside(), Some(Metric::AdvantageP1));
/// assert!("leadchange".parse::<Metric>().is_err()); // names are matched exactly
/// // A name of an earlier version still reads, as the metric that computes what it did.
/// assert_eq!("DurationActions".parse::<Metric>(), Ok(Metric::DurationReplay));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Metric {
    /// Ludii: the mean over games of the first mover's rank credit `(utility + 1) / 2`.
    AdvantageP1,
    /// Ours: the share of games won by the first mover alone.
    AdvantageP1Sole,
    /// Ludii: 1 − the largest gap between two positions' sole-win rates.
    Balance,
    /// Ludii: the share of games with a sole winner.
    Completion,
    /// Ludii: the share of games where every seat ranks equal.
    Drawishness,
    /// Ours: the share of games without a sole winner (draws and shared wins).
    DrawishnessShared,
    /// Ludii: the share of games cut off by a move limit.
    Timeouts,
    /// Ludii: the mean number of decisions per game.
    DurationMoves,
    /// Ours: the mean game length in actions, chance outcomes included.
    DurationReplay,
    /// Ours: the sample standard deviation of the game length in actions.
    DurationReplaySd,
    /// Ludii: the share of decisions with more than one legal action.
    DecisionMoves,
    /// Ludii: the mean number of legal actions at a decision.
    BranchingFactor,
    /// Ludii: changes of the set of leaders per decision.
    LeadChange,
    /// Ludii: the sum over seats of the variance of the evaluation over a game.
    Stability,
    /// Ludii: the mean gap between the best evaluation and the highest-ranked players' as
    /// Ludii's source finds them (every player: see `docs/simulation.md`).
    Drama,
    /// Ours: the mean gap between the best running score and the eventual winners'.
    DramaWinners,
    /// Ludii: the highest evaluation of a player outside the highest-ranked ones as Ludii's
    /// source finds them (none: −1 in every game, see `docs/simulation.md`).
    DecisivenessThreshold,
    /// Ours: the highest running score reached by a seat that did not win.
    DecisivenessThresholdWinners,
}

#[allow(non_upper_case_globals)]
impl Metric {
    /// The earlier name of [`Metric::DurationReplay`].
    #[deprecated(
        since = "0.2.0",
        note = "use Metric::DurationReplay (Ludii's DurationActions counts something else)"
    )]
    pub const DurationActions: Metric = Metric::DurationReplay;

    /// The earlier name of [`Metric::DurationReplaySd`].
    #[deprecated(since = "0.2.0", note = "use Metric::DurationReplaySd")]
    pub const DurationActionsSd: Metric = Metric::DurationReplaySd;

    /// Every metric, in the order of the table and the summary file.
    pub const ALL: [Metric; 18] = [
        Metric::AdvantageP1,
        Metric::AdvantageP1Sole,
        Metric::Balance,
        Metric::Completion,
        Metric::Drawishness,
        Metric::DrawishnessShared,
        Metric::Timeouts,
        Metric::DurationMoves,
        Metric::DurationReplay,
        Metric::DurationReplaySd,
        Metric::DecisionMoves,
        Metric::BranchingFactor,
        Metric::LeadChange,
        Metric::Stability,
        Metric::Drama,
        Metric::DramaWinners,
        Metric::DecisivenessThreshold,
        Metric::DecisivenessThresholdWinners,
    ];

    /// The metric's name: Ludii's for Ludii's metrics.
    pub fn name(self) -> &'static str {
        METRIC_NAMES[self as usize]
    }

    /// The path of Ludii's source of the metric in the Ludii repository, under
    /// [`LUDII_METRICS`]; `None` for our own metrics.
    pub fn ludii(self) -> Option<&'static str> {
        Some(match self {
            Metric::AdvantageP1 => "Evaluation/src/metrics/single/outcome/AdvantageP1.java",
            Metric::Balance => "Evaluation/src/metrics/single/outcome/Balance.java",
            Metric::Completion => "Evaluation/src/metrics/single/outcome/Completion.java",
            Metric::Drawishness => "Evaluation/src/metrics/single/outcome/Drawishness.java",
            Metric::Timeouts => "Evaluation/src/metrics/single/outcome/Timeouts.java",
            Metric::DurationMoves => "Evaluation/src/metrics/single/duration/DurationMoves.java",
            Metric::DecisionMoves => {
                "Evaluation/src/metrics/single/complexity/DecisionMoves.java"
            }
            Metric::BranchingFactor => {
                "Evaluation/src/metrics/multiple/metrics/BranchingFactor.java"
            }
            Metric::LeadChange => "Evaluation/src/metrics/single/stateEvaluation/LeadChange.java",
            Metric::Stability => "Evaluation/src/metrics/single/stateEvaluation/Stability.java",
            Metric::Drama => "Evaluation/src/metrics/multiple/metrics/Drama.java",
            Metric::DecisivenessThreshold => {
                "Evaluation/src/metrics/single/stateEvaluation/decisiveness/DecisivenessThreshold.java"
            }
            _ => return None,
        })
    }

    /// For one of our metrics, the Ludii metric it stands beside (and differs from on
    /// purpose); `None` for Ludii's own.
    pub fn beside(self) -> Option<Metric> {
        match self {
            Metric::AdvantageP1Sole => Some(Metric::AdvantageP1),
            Metric::DrawishnessShared => Some(Metric::Drawishness),
            Metric::DurationReplay | Metric::DurationReplaySd => Some(Metric::DurationMoves),
            Metric::DramaWinners => Some(Metric::Drama),
            Metric::DecisivenessThresholdWinners => Some(Metric::DecisivenessThreshold),
            _ => None,
        }
    }

    /// What the metric measures, in one line.
    pub fn meaning(self) -> &'static str {
        match self {
            Metric::AdvantageP1 => {
                "mean rank credit of the first mover, (n − rank)/(n − 1): 1 for a sole win, \
                 ½ each in a draw"
            }
            Metric::AdvantageP1Sole => "share of games won by the first mover alone",
            Metric::Balance => "1 − the largest gap between two positions' sole-win rates",
            Metric::Completion => "share of games with a sole winner",
            Metric::Drawishness => "share of games where every seat ranks equal (full draws)",
            Metric::DrawishnessShared => {
                "share of games without a sole winner (draws and shared wins)"
            }
            Metric::Timeouts => {
                "share of games cut off by a move limit (none here: every game ends)"
            }
            Metric::DurationMoves => "mean number of decisions per game (chance not counted)",
            Metric::DurationReplay => "mean game length in actions, chance outcomes included",
            Metric::DurationReplaySd => "standard deviation of the game length in actions",
            Metric::DecisionMoves => "share of decisions with more than one legal action",
            Metric::BranchingFactor => "mean number of legal actions at a decision",
            Metric::LeadChange => "changes of the set of leaders (running score) per decision",
            Metric::Stability => "sum over seats of the variance of the running score over a game",
            Metric::Drama => {
                "mean gap between the best running score and the mean of all seats' (Ludii's \
                 highest-ranked players are every player)"
            }
            Metric::DramaWinners => {
                "mean gap between the best running score and the eventual winners'"
            }
            Metric::DecisivenessThreshold => {
                "highest running score of a player outside Ludii's highest-ranked players: \
                 none, so −1"
            }
            Metric::DecisivenessThresholdWinners => {
                "highest running score reached by a seat that did not win"
            }
        }
    }

    /// What the metric's values count.
    pub fn unit(self) -> Unit {
        match self {
            Metric::DurationMoves => Unit::Decisions,
            Metric::DurationReplay | Metric::DurationReplaySd => Unit::Actions,
            Metric::BranchingFactor => Unit::LegalActions,
            Metric::Stability => Unit::SquaredPoints,
            Metric::Drama
            | Metric::DramaWinners
            | Metric::DecisivenessThreshold
            | Metric::DecisivenessThresholdWinners => Unit::Points,
            _ => Unit::Share,
        }
    }

    /// Whether the metric lists the legal actions at every decision (`DecisionMoves`,
    /// `BranchingFactor`).
    pub fn needs_legal_actions(self) -> bool {
        matches!(self, Metric::DecisionMoves | Metric::BranchingFactor)
    }

    /// Whether the metric reads every seat's running score at every decision (`LeadChange`,
    /// `Stability`, `Drama`, `DramaWinners`, `DecisivenessThreshold`,
    /// `DecisivenessThresholdWinners`).
    pub fn needs_running_scores(self) -> bool {
        matches!(
            self,
            Metric::LeadChange
                | Metric::Stability
                | Metric::Drama
                | Metric::DramaWinners
                | Metric::DecisivenessThreshold
                | Metric::DecisivenessThresholdWinners
        )
    }

    /// Whether the metric counts the games each position won alone (`AdvantageP1Sole`,
    /// `Balance`, `Completion`, `DrawishnessShared`).
    pub(crate) fn needs_sole_wins(self) -> bool {
        matches!(
            self,
            Metric::AdvantageP1Sole
                | Metric::Balance
                | Metric::Completion
                | Metric::DrawishnessShared
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
        if let Some(i) = METRIC_NAMES.iter().position(|&n| n == name) {
            return Ok(Metric::ALL[i]);
        }
        if let Some(&(_, metric)) = RENAMED.iter().find(|(old, _)| *old == name) {
            return Ok(metric);
        }
        Err(match name.is_empty() {
            true => MetricError::Empty(name.to_string()),
            false => MetricError::Unknown(name.to_string()),
        })
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
/// assert!(e.to_string().starts_with("unknown metric 'Fun'; known metrics: AdvantageP1, AdvantageP1Sole"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MetricSet(u32);

impl MetricSet {
    /// No metric: a plain run.
    pub const NONE: MetricSet = MetricSet(0);

    /// Every metric.
    pub const ALL: MetricSet = MetricSet((1 << Metric::ALL.len()) - 1);

    /// The set of one metric.
    pub const fn one(metric: Metric) -> MetricSet {
        MetricSet(1 << metric as u32)
    }

    /// The set with `metric` added.
    pub const fn with(self, metric: Metric) -> MetricSet {
        MetricSet(self.0 | 1 << metric as u32)
    }

    /// Whether `metric` is chosen.
    pub fn contains(self, metric: Metric) -> bool {
        self.0 & (1 << metric as u32) != 0
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
        assert_eq!(MetricSet::ALL.len(), 18);
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
        assert!(
            text.ends_with("DecisivenessThreshold, DecisivenessThresholdWinners"),
            "{text}"
        );
        // Earlier names read as the metrics that compute what they did.
        for (old, metric) in RENAMED {
            assert_eq!(old.parse::<Metric>(), Ok(metric));
            assert!(!METRIC_NAMES.contains(&old));
        }
        let old: MetricSet = "DurationActions,DurationActionsSd".parse().unwrap();
        assert_eq!(old.to_string(), "DurationReplay,DurationReplaySd");
    }

    #[test]
    fn what_each_choice_needs() {
        let only = |m| MetricSet::one(m);
        assert!(!only(Metric::AdvantageP1).needs_legal_actions());
        assert!(!only(Metric::AdvantageP1).needs_running_scores());
        assert!(!only(Metric::AdvantageP1).needs_sole_wins());
        assert!(only(Metric::AdvantageP1Sole).needs_sole_wins());
        assert!(!only(Metric::DurationReplay).needs_sole_wins());
        assert!(only(Metric::DramaWinners).needs_running_scores());
        assert!(only(Metric::DecisivenessThreshold).needs_running_scores());
        assert!(only(Metric::BranchingFactor).needs_legal_actions());
        assert!(!only(Metric::BranchingFactor).needs_running_scores());
        assert!(only(Metric::Drama).needs_running_scores());
        assert!(MetricSet::ALL.needs_legal_actions() && MetricSet::ALL.needs_running_scores());
        assert!(!MetricSet::NONE.needs_sole_wins());
    }

    #[test]
    fn units_write_values_and_differences_alike_everywhere() {
        assert_eq!(Unit::Share.format(0.247_7), "24.77%");
        assert_eq!(Unit::Share.format_difference(0.005_1), "+0.51 pp");
        assert_eq!(Unit::Share.format_difference(-0.000_01), "0.00 pp");
        assert_eq!(Unit::Share.format_difference(-0.0), "0.00 pp");
        assert_eq!(
            Unit::SquaredPoints.format_difference(-1.049_6),
            "-1.05 points²"
        );
        assert_eq!(Unit::Actions.format(259.5), "259.50 actions");
        assert_eq!(Unit::Share.number(-0.0025, 2, true), "-0.25");
        assert_eq!(
            Unit::Share.format_range(0.2451, 0.2504, false),
            "24.51 – 25.04%"
        );
        assert_eq!(
            Unit::Share.format_range(-0.0015, 0.0021, true),
            "-0.15 – +0.21 pp"
        );
        assert_eq!(
            Unit::Decisions.format_range(205.25, 206.39, false),
            "205.25 – 206.39 decisions"
        );
        assert_eq!(fixed(f64::NAN, 2, false), "-");
        for m in Metric::ALL {
            assert_eq!(m.ludii().is_none(), m.beside().is_some(), "{m}");
            if let Some(path) = m.ludii() {
                assert!(path.starts_with(LUDII_METRICS) && path.ends_with(".java"));
            }
        }
        #[allow(deprecated)]
        let old = (Metric::DurationActions, Metric::DurationActionsSd);
        assert_eq!(old, (Metric::DurationReplay, Metric::DurationReplaySd));
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
