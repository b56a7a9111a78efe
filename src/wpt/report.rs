//! What `taskhost wpt` prints: the summary table, the flaky results and the unexpected ones.
//! The wptreport JSON is [`super::wptreport`]'s.
//!
//! Invariants:
//! - Each run of a test is judged on its own, as wptrunner judges it: a result is *unexpected*
//!   when its status is neither the expected one nor a known intermittent one (default: OK for
//!   a file, PASS for a subtest); skipped files are never unexpected. An expectation that no
//!   longer matches (a stale entry) shows up as an unexpected PASS or OK.
//! - A result is *flaky* when runs of the same test (`--repeat`, `--rerun`) gave different
//!   statuses; it is unexpected only if one of those statuses is not allowed.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use indexmap::IndexMap;

use super::expectations::Expectations;
use super::results::{FileResult, FileStatus, SubtestStatus};

/// One run of one test file.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The test's URL path.
    pub test: String,
    pub result: FileResult,
    /// Wall time in milliseconds.
    pub duration_ms: u64,
}

/// One pass over the selected tests (`--repeat` makes several): the outcomes in test order,
/// a test's `--rerun` runs one after another.
#[derive(Clone, Debug)]
pub struct Iteration {
    /// Milliseconds since the epoch.
    pub time_start: u64,
    pub time_end: u64,
    pub outcomes: Vec<Outcome>,
}

/// A result (a file's status or a subtest's) that was not as expected in some run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unexpected {
    pub test: String,
    /// `None` for the file's own status.
    pub subtest: Option<String>,
    /// The statuses not allowed, with how many runs gave each, in the order seen.
    pub actual: Vec<(&'static str, usize)>,
    /// The runs that gave this result.
    pub runs: usize,
    /// What was expected, as shown (`PASS`, or `PASS or FAIL` with intermittent statuses).
    pub expected: String,
    /// The message of the first unexpected run.
    pub message: Option<String>,
}

/// A result whose runs gave different statuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flaky {
    pub test: String,
    pub subtest: Option<String>,
    /// Every status seen, with how many runs gave it, in the order seen; `absent` counts the
    /// runs of the file that did not report this subtest.
    pub seen: Vec<(&'static str, usize)>,
    /// Whether the expectations allow every status seen.
    pub allowed: bool,
}

/// What a (test, subtest) did over all runs.
#[derive(Default)]
struct Tally {
    seen: Vec<(&'static str, usize)>,
    unexpected: Vec<(&'static str, usize)>,
    runs: usize,
    expected: String,
    message: Option<String>,
}

fn bump(list: &mut Vec<(&'static str, usize)>, status: &'static str) {
    match list.iter_mut().find(|(s, _)| *s == status) {
        Some((_, n)) => *n += 1,
        None => list.push((status, 1)),
    }
}

fn shown<S: Copy>(expected: S, intermittent: &[S], name: impl Fn(S) -> &'static str) -> String {
    std::iter::once(expected)
        .chain(intermittent.iter().copied())
        .map(name)
        .collect::<Vec<_>>()
        .join(" or ")
}

type Key = (String, Option<String>);

/// Tally every run of every test: per (test, subtest), the statuses seen and the unexpected
/// ones; and per test, how many runs it had.
fn tally<'a>(
    outcomes: impl Iterator<Item = &'a Outcome>,
    expectations: &Expectations,
) -> (IndexMap<Key, Tally>, BTreeMap<String, usize>) {
    let mut tallies: IndexMap<Key, Tally> = IndexMap::new();
    let mut runs: BTreeMap<String, usize> = BTreeMap::new();
    for o in outcomes {
        if o.result.status == FileStatus::Skip {
            continue;
        }
        *runs.entry(o.test.clone()).or_default() += 1;
        let (expected, intermittent) = expectations.file(&o.test);
        let t = tallies.entry((o.test.clone(), None)).or_default();
        t.runs += 1;
        t.expected = shown(expected, intermittent, FileStatus::as_str);
        bump(&mut t.seen, o.result.status.as_str());
        if !expectations.file_allows(&o.test, o.result.status) {
            bump(&mut t.unexpected, o.result.status.as_str());
            t.message
                .get_or_insert_with(|| o.result.message.clone().unwrap_or_default());
        }
        for s in &o.result.subtests {
            let (expected, intermittent) = expectations.subtest(&o.test, &s.name);
            let t = tallies
                .entry((o.test.clone(), Some(s.name.clone())))
                .or_default();
            t.runs += 1;
            t.expected = shown(expected, intermittent, SubtestStatus::as_str);
            bump(&mut t.seen, s.status.as_str());
            if !expectations.subtest_allows(&o.test, &s.name, s.status) {
                bump(&mut t.unexpected, s.status.as_str());
                t.message
                    .get_or_insert_with(|| s.message.clone().unwrap_or_default());
            }
        }
    }
    (tallies, runs)
}

/// Every unexpected result over all runs, in test order.
#[must_use]
pub fn unexpected<'a>(
    outcomes: impl Iterator<Item = &'a Outcome>,
    expectations: &Expectations,
) -> Vec<Unexpected> {
    tally(outcomes, expectations)
        .0
        .into_iter()
        .filter(|(_, t)| !t.unexpected.is_empty())
        .map(|((test, subtest), t)| Unexpected {
            test,
            subtest,
            actual: t.unexpected,
            runs: t.runs,
            expected: t.expected,
            message: t.message.filter(|m| !m.is_empty()),
        })
        .collect()
}

/// Every result whose runs disagree, in test order.
#[must_use]
pub fn flaky<'a>(
    outcomes: impl Iterator<Item = &'a Outcome>,
    expectations: &Expectations,
) -> Vec<Flaky> {
    let (tallies, runs) = tally(outcomes, expectations);
    tallies
        .into_iter()
        .filter_map(|((test, subtest), mut t)| {
            let test_runs = runs.get(&test).copied().unwrap_or(0);
            if t.runs < test_runs {
                t.seen.push(("absent", test_runs - t.runs));
            }
            (t.seen.len() > 1).then_some(Flaky {
                test,
                subtest,
                seen: t.seen,
                allowed: t.unexpected.is_empty(),
            })
        })
        .collect()
}

/// Expectations that name a test or subtest the run did not produce at all.
#[must_use]
pub fn unmatched_expectations(outcomes: &[Outcome], expectations: &Expectations) -> Vec<String> {
    let by_name: BTreeMap<&str, &Outcome> = outcomes.iter().map(|o| (o.test.as_str(), o)).collect();
    let mut out = Vec::new();
    for (test, e) in &expectations.tests {
        match by_name.get(test.as_str()) {
            None => out.push(test.clone()),
            Some(o) if o.result.status == FileStatus::Skip => {}
            Some(o) => {
                for subtest in e.subtests.keys() {
                    if !o.result.subtests.iter().any(|s| &s.name == subtest) {
                        out.push(format!("{test} [{subtest}]"));
                    }
                }
            }
        }
    }
    out
}

const FILE_COLUMNS: [FileStatus; 6] = [
    FileStatus::Ok,
    FileStatus::Error,
    FileStatus::Timeout,
    FileStatus::PreconditionFailed,
    FileStatus::Crash,
    FileStatus::Skip,
];
const SUBTEST_COLUMNS: [SubtestStatus; 5] = [
    SubtestStatus::Pass,
    SubtestStatus::Fail,
    SubtestStatus::Timeout,
    SubtestStatus::Notrun,
    SubtestStatus::PreconditionFailed,
];

/// `FAIL 2, PASS 1`.
fn counts(list: &[(&str, usize)]) -> String {
    list.iter()
        .map(|(s, n)| format!("{s} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn label(subtest: Option<&String>) -> String {
    subtest.map_or_else(
        || "(harness)".to_owned(),
        |s| format!("[{}]", s.replace('\n', " ")),
    )
}

/// The summary: counts by status for files and subtests (over every run), the flaky results,
/// then every unexpected result. `runs_each` is how many times each test ran (`--repeat` ×
/// `--rerun`).
#[must_use]
pub fn summary(
    outcomes: &[&Outcome],
    unexpected: &[Unexpected],
    flaky: &[Flaky],
    seconds: f64,
    runs_each: usize,
) -> String {
    let mut files: BTreeMap<FileStatus, usize> = BTreeMap::new();
    let mut subtests: BTreeMap<SubtestStatus, usize> = BTreeMap::new();
    let mut ran = std::collections::BTreeSet::new();
    let mut skipped = std::collections::BTreeSet::new();
    for o in outcomes {
        *files.entry(o.result.status).or_default() += 1;
        for s in &o.result.subtests {
            *subtests.entry(s.status).or_default() += 1;
        }
        if o.result.status == FileStatus::Skip {
            skipped.insert(o.test.as_str());
        } else {
            ran.insert(o.test.as_str());
        }
    }
    let total_subtests: usize = subtests.values().sum();
    let mut text = String::new();
    if runs_each > 1 {
        let runs = outcomes.len() - files.get(&FileStatus::Skip).copied().unwrap_or(0);
        let _ = writeln!(
            text,
            "Ran {} test file(s) {runs_each} times each ({runs} runs, {total_subtests} subtest results) in {seconds:.1} s; {} skipped.",
            ran.len(),
            skipped.len()
        );
    } else {
        let _ = writeln!(
            text,
            "Ran {} test file(s) with {total_subtests} subtest(s) in {seconds:.1} s; {} skipped.",
            ran.len(),
            skipped.len()
        );
    }
    let _ = writeln!(text);
    let row = |label: &str, cells: Vec<(&str, usize)>| {
        let mut line = format!("  {label:<10}");
        for (name, count) in cells {
            let _ = write!(line, "  {name} {count:<5}");
        }
        line.trim_end().to_owned()
    };
    let file_cells = FILE_COLUMNS
        .iter()
        .map(|s| (s.as_str(), files.get(s).copied().unwrap_or(0)))
        .collect();
    let subtest_cells = SUBTEST_COLUMNS
        .iter()
        .map(|s| (s.as_str(), subtests.get(s).copied().unwrap_or(0)))
        .collect();
    let _ = writeln!(text, "{}", row("files", file_cells));
    let _ = writeln!(text, "{}", row("subtests", subtest_cells));
    let _ = writeln!(text);
    if !flaky.is_empty() {
        let _ = writeln!(
            text,
            "Flaky results ({}): the runs gave different statuses",
            flaky.len()
        );
        let mut last_test = "";
        for f in flaky {
            if f.test != last_test {
                let _ = writeln!(text, "  {}", f.test);
                last_test = &f.test;
            }
            let verdict = if f.allowed {
                "allowed by the expectations"
            } else {
                "unexpected"
            };
            let _ = writeln!(
                text,
                "    {}: {} ({verdict})",
                label(f.subtest.as_ref()),
                counts(&f.seen)
            );
        }
        let _ = writeln!(text);
    }
    if unexpected.is_empty() {
        let _ = writeln!(text, "All results were as expected.");
        return text;
    }
    let _ = writeln!(text, "Unexpected results ({}):", unexpected.len());
    let mut last_test = "";
    for u in unexpected {
        if u.test != last_test {
            let _ = writeln!(text, "  {}", u.test);
            last_test = &u.test;
        }
        let actual = match u.actual.as_slice() {
            [(status, n)] if *n == u.runs => (*status).to_owned(),
            list => format!(
                "{} of {} runs",
                list.iter()
                    .map(|(s, n)| format!("{s} in {n}"))
                    .collect::<Vec<_>>()
                    .join(", "),
                u.runs
            ),
        };
        let _ = writeln!(
            text,
            "    {}: {actual} (expected {})",
            label(u.subtest.as_ref()),
            u.expected
        );
        if let Some(message) = &u.message {
            for line in message.lines().take(6) {
                let _ = writeln!(text, "      {line}");
            }
        }
    }
    text
}

#[cfg(test)]
#[path = "report_tests.rs"]
pub(crate) mod tests;
