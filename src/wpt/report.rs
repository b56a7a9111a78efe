//! What `taskhost wpt` prints and writes: the summary table, the list of unexpected results, and
//! the wptreport JSON of `wpt run --log-wptreport`.
//!
//! Invariant: a result is *unexpected* when its status differs from the expectations file's
//! (default: OK for a file, PASS for a subtest); skipped files are never unexpected. Expectations
//! that name a test that ran but do not match it any more are unexpected too (a stale entry
//! shows up as an unexpected PASS or OK).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::expectations::Expectations;
use super::results::{FileResult, FileStatus, SubtestStatus};

/// One test file's result, as run.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The test's URL path.
    pub test: String,
    pub result: FileResult,
    /// Wall time in milliseconds.
    pub duration_ms: u64,
}

/// A result that differs from its expectation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unexpected {
    pub test: String,
    /// `None` for the file's own status.
    pub subtest: Option<String>,
    pub actual: &'static str,
    pub expected: &'static str,
    pub message: Option<String>,
}

/// Every unexpected result of the run, in test order.
#[must_use]
pub fn unexpected(outcomes: &[Outcome], expectations: &Expectations) -> Vec<Unexpected> {
    let mut out = Vec::new();
    for o in outcomes {
        if o.result.status == FileStatus::Skip {
            continue;
        }
        let expected = expectations.file_status(&o.test);
        if o.result.status != expected {
            out.push(Unexpected {
                test: o.test.clone(),
                subtest: None,
                actual: o.result.status.as_str(),
                expected: expected.as_str(),
                message: o.result.message.clone(),
            });
        }
        for s in &o.result.subtests {
            let expected = expectations.subtest_status(&o.test, &s.name);
            if s.status != expected {
                out.push(Unexpected {
                    test: o.test.clone(),
                    subtest: Some(s.name.clone()),
                    actual: s.status.as_str(),
                    expected: expected.as_str(),
                    message: s.message.clone(),
                });
            }
        }
    }
    out
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

/// The summary: counts by status for files and subtests, then every unexpected result.
#[must_use]
pub fn summary(outcomes: &[Outcome], unexpected: &[Unexpected], seconds: f64) -> String {
    let mut files: BTreeMap<FileStatus, usize> = BTreeMap::new();
    let mut subtests: BTreeMap<SubtestStatus, usize> = BTreeMap::new();
    for o in outcomes {
        *files.entry(o.result.status).or_default() += 1;
        for s in &o.result.subtests {
            *subtests.entry(s.status).or_default() += 1;
        }
    }
    let ran = outcomes.len() - files.get(&FileStatus::Skip).copied().unwrap_or(0);
    let total_subtests: usize = subtests.values().sum();
    let mut text = String::new();
    let _ = writeln!(
        text,
        "Ran {ran} test file(s) with {total_subtests} subtest(s) in {seconds:.1} s; {} skipped.",
        outcomes.len() - ran
    );
    let _ = writeln!(text);
    let row = |label: &str, cells: Vec<(&str, usize)>| {
        let mut line = format!("  {label:<10}");
        for (name, count) in cells {
            let _ = write!(line, "  {name} {count:<5}");
        }
        line.trim_end().to_owned()
    };
    let _ = writeln!(
        text,
        "{}",
        row(
            "files",
            FILE_COLUMNS
                .iter()
                .map(|s| (s.as_str(), files.get(s).copied().unwrap_or(0)))
                .collect()
        )
    );
    let _ = writeln!(
        text,
        "{}",
        row(
            "subtests",
            SUBTEST_COLUMNS
                .iter()
                .map(|s| (s.as_str(), subtests.get(s).copied().unwrap_or(0)))
                .collect()
        )
    );
    let _ = writeln!(text);
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
        let what = u.subtest.as_ref().map_or_else(
            || "(harness)".to_owned(),
            |s| format!("[{}]", s.replace('\n', " ")),
        );
        let _ = writeln!(text, "    {what}: {} (expected {})", u.actual, u.expected);
        if let Some(message) = &u.message {
            for line in message.lines().take(6) {
                let _ = writeln!(text, "      {line}");
            }
        }
    }
    text
}

// ---- wptreport ----

#[derive(Serialize)]
struct Report<'a> {
    run_info: RunInfo,
    time_start: u64,
    time_end: u64,
    results: Vec<ReportResult<'a>>,
}

#[derive(Serialize)]
struct RunInfo {
    product: &'static str,
    browser_version: &'static str,
    os: &'static str,
    processor: &'static str,
    bits: u32,
    debug: bool,
    harness: String,
}

#[derive(Serialize)]
struct ReportResult<'a> {
    test: &'a str,
    subtests: Vec<ReportSubtest<'a>>,
    status: &'static str,
    message: Option<&'a str>,
    duration: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected: Option<&'static str>,
    known_intermittent: [&'static str; 0],
}

#[derive(Serialize)]
struct ReportSubtest<'a> {
    name: &'a str,
    status: &'static str,
    message: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected: Option<&'static str>,
    known_intermittent: [&'static str; 0],
}

/// The run's report in the wptreport format (`expected` only on unexpected results, as
/// wptrunner writes it).
#[must_use]
pub fn wptreport(
    outcomes: &[Outcome],
    expectations: &Expectations,
    time_start_ms: u64,
    time_end_ms: u64,
    harness: &str,
) -> String {
    let results = outcomes
        .iter()
        .map(|o| {
            let expected = expectations.file_status(&o.test);
            let skipped = o.result.status == FileStatus::Skip;
            ReportResult {
                test: &o.test,
                subtests: o
                    .result
                    .subtests
                    .iter()
                    .map(|s| {
                        let expected = expectations.subtest_status(&o.test, &s.name);
                        ReportSubtest {
                            name: &s.name,
                            status: s.status.as_str(),
                            message: s.message.as_deref(),
                            expected: (s.status != expected).then_some(expected.as_str()),
                            known_intermittent: [],
                        }
                    })
                    .collect(),
                status: o.result.status.as_str(),
                message: o.result.message.as_deref(),
                duration: o.duration_ms,
                expected: (!skipped && o.result.status != expected).then_some(expected.as_str()),
                known_intermittent: [],
            }
        })
        .collect();
    let report = Report {
        run_info: RunInfo {
            product: "taskhost",
            browser_version: env!("CARGO_PKG_VERSION"),
            os: std::env::consts::OS,
            processor: std::env::consts::ARCH,
            bits: usize::BITS,
            debug: cfg!(debug_assertions),
            harness: harness.to_owned(),
        },
        time_start: time_start_ms,
        time_end: time_end_ms,
        results,
    };
    // Serializing plain data cannot fail.
    serde_json::to_string(&report).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wpt::expectations::parse;
    use crate::wpt::results::SubtestResult;

    fn outcome(test: &str, status: FileStatus, subtests: &[(&str, SubtestStatus)]) -> Outcome {
        Outcome {
            test: test.into(),
            result: FileResult {
                status,
                message: None,
                subtests: subtests
                    .iter()
                    .map(|(n, s)| SubtestResult {
                        name: (*n).into(),
                        status: *s,
                        message: Some("why".into()),
                    })
                    .collect(),
            },
            duration_ms: 5,
        }
    }

    #[test]
    fn unexpected_results_follow_the_expectations() {
        let outcomes = vec![
            outcome(
                "/a.any.html",
                FileStatus::Ok,
                &[("x", SubtestStatus::Pass), ("y", SubtestStatus::Fail)],
            ),
            outcome("/b.any.html", FileStatus::Error, &[]),
            outcome("/c.any.worker.html", FileStatus::Skip, &[]),
            outcome("/d.any.html", FileStatus::Ok, &[("z", SubtestStatus::Pass)]),
        ];
        let e = parse(
            "[/b.any.html]\n  expected: ERROR\n  reason: r\n[/d.any.html]\n  [z]\n    expected: FAIL\n    reason: fixed since\n[/gone.any.html]\n  expected: ERROR\n  reason: r\n",
            "e",
        )
        .unwrap();
        let u = unexpected(&outcomes, &e);
        assert_eq!(
            u.iter()
                .map(|u| (u.test.as_str(), u.subtest.as_deref(), u.actual, u.expected))
                .collect::<Vec<_>>(),
            [
                ("/a.any.html", Some("y"), "FAIL", "PASS"),
                ("/d.any.html", Some("z"), "PASS", "FAIL"),
            ]
        );
        assert_eq!(unmatched_expectations(&outcomes, &e), ["/gone.any.html"]);
        let text = summary(&outcomes, &u, 1.0);
        assert!(
            text.contains("Ran 3 test file(s) with 3 subtest(s) in 1.0 s; 1 skipped."),
            "{text}"
        );
        assert!(text.contains("files       OK 2      ERROR 1"), "{text}");
        assert!(
            text.contains("    [y]: FAIL (expected PASS)\n      why\n"),
            "{text}"
        );
    }

    #[test]
    fn wptreport_has_the_wptrunner_shape() {
        let outcomes = vec![outcome(
            "/a.any.html",
            FileStatus::Ok,
            &[("y", SubtestStatus::Fail)],
        )];
        let json = wptreport(&outcomes, &Expectations::default(), 1, 2, "built-in");
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["time_start"], 1);
        assert_eq!(value["time_end"], 2);
        assert_eq!(value["run_info"]["product"], "taskhost");
        let r = &value["results"][0];
        assert_eq!(r["test"], "/a.any.html");
        assert_eq!(r["status"], "OK");
        assert!(r.get("expected").is_none());
        assert_eq!(r["duration"], 5);
        assert_eq!(r["subtests"][0]["status"], "FAIL");
        assert_eq!(r["subtests"][0]["expected"], "PASS");
        assert_eq!(r["subtests"][0]["message"], "why");
    }
}
