//! The wptreport JSON of `wpt run --log-wptreport` (wptrunner's `formatters/wptreport.py`), as
//! wpt.fyi's results processor reads it (`results-processor/wptreport.py`).
//!
//! Invariants:
//! - One document per iteration: wptrunner writes one at each `suite_end`, so `--repeat N`
//!   gives N documents, one a line; `--rerun N` gives N results per test in one document, in
//!   the order run (one per `test_end`).
//! - A result has `test`, `subsuite` (`""`), `status`, `message`, `duration`, `subtests[]`
//!   (`name`, `status`, `message`) and `known_intermittent` (the expectation's intermittent
//!   statuses, often `[]`); `expected` appears only where the status differs from the expected
//!   one, never on `SKIP` (mozlog drops it otherwise).
//! - `run_info` has what wpt.fyi requires: `product`, `browser_version`, `os`, and `revision`
//!   when the WPT root is a git checkout.

use serde::Serialize;

use super::expectations::Expectations;
use super::report::Iteration;
use super::results::{FileStatus, SubtestStatus};
use super::run_info::RunInfo;

#[derive(Serialize)]
struct Report<'a> {
    run_info: &'a RunInfo,
    time_start: u64,
    time_end: u64,
    results: Vec<ReportResult<'a>>,
    subsuites: serde_json::Map<String, serde_json::Value>,
}

#[derive(Serialize)]
struct ReportResult<'a> {
    test: &'a str,
    subsuite: &'static str,
    subtests: Vec<ReportSubtest<'a>>,
    status: &'static str,
    message: Option<&'a str>,
    duration: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected: Option<&'static str>,
    known_intermittent: Vec<&'static str>,
}

#[derive(Serialize)]
struct ReportSubtest<'a> {
    name: &'a str,
    status: &'static str,
    message: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected: Option<&'static str>,
    known_intermittent: Vec<&'static str>,
}

/// One iteration's report, as one line of JSON.
#[must_use]
pub fn wptreport(iteration: &Iteration, expectations: &Expectations, run_info: &RunInfo) -> String {
    let results = iteration
        .outcomes
        .iter()
        .map(|o| {
            let (expected, intermittent) = expectations.file(&o.test);
            let skipped = o.result.status == FileStatus::Skip;
            ReportResult {
                test: &o.test,
                subsuite: "",
                subtests: o
                    .result
                    .subtests
                    .iter()
                    .map(|s| {
                        let (expected, intermittent) = expectations.subtest(&o.test, &s.name);
                        ReportSubtest {
                            name: &s.name,
                            status: s.status.as_str(),
                            message: s.message.as_deref(),
                            expected: (s.status != expected).then_some(expected.as_str()),
                            known_intermittent: intermittent
                                .iter()
                                .map(|s| SubtestStatus::as_str(*s))
                                .collect(),
                        }
                    })
                    .collect(),
                status: o.result.status.as_str(),
                message: o.result.message.as_deref(),
                duration: o.duration_ms,
                expected: (!skipped && o.result.status != expected).then_some(expected.as_str()),
                known_intermittent: intermittent
                    .iter()
                    .map(|s| FileStatus::as_str(*s))
                    .collect(),
            }
        })
        .collect();
    let report = Report {
        run_info,
        time_start: iteration.time_start,
        time_end: iteration.time_end,
        results,
        subsuites: serde_json::Map::new(),
    };
    // Serializing plain data cannot fail.
    serde_json::to_string(&report).unwrap_or_default()
}

/// Check a report against what wpt.fyi's results processor requires and what wptrunner
/// writes: `results[]` (each `test` a `/`-rooted URL, once per document; a `status`; a
/// `message` string or null; a `duration` in ms; `subtests[]` with `name`, `status`, `message`;
/// `expected` and `known_intermittent` well-formed where present), `run_info` with `product`,
/// `browser_version` and `os` (and `os_version`, `revision` well-formed where present), and
/// `time_start` ≤ `time_end` in ms. The first problem found, by its JSON path.
pub fn check_wpt_fyi(report: &serde_json::Value) -> Result<(), String> {
    use serde_json::Value;
    const TEST_STATUSES: [&str; 8] = [
        "OK",
        "ERROR",
        "TIMEOUT",
        "PRECONDITION_FAILED",
        "CRASH",
        "SKIP",
        "PASS",
        "FAIL",
    ];
    const SUBTEST_STATUSES: [&str; 5] =
        ["PASS", "FAIL", "TIMEOUT", "NOTRUN", "PRECONDITION_FAILED"];
    let string = |v: &Value, path: &str| -> Result<String, String> {
        v.as_str()
            .map(str::to_owned)
            .ok_or_else(|| format!("{path} is not a string"))
    };
    let status_in = |v: &Value, path: &str, allowed: &[&str]| -> Result<(), String> {
        let s = string(v, path)?;
        allowed
            .contains(&s.as_str())
            .then_some(())
            .ok_or_else(|| format!("{path} `{s}` is not a status"))
    };
    let message = |v: Option<&Value>, path: &str| match v {
        Some(Value::String(_) | Value::Null) => Ok(()),
        _ => Err(format!("{path} is not a string or null")),
    };
    let optional_statuses = |item: &Value, path: &str, allowed: &[&str]| -> Result<(), String> {
        if let Some(e) = item.get("expected") {
            status_in(e, &format!("{path}.expected"), allowed)?;
        }
        if let Some(k) = item.get("known_intermittent") {
            let list = k
                .as_array()
                .ok_or_else(|| format!("{path}.known_intermittent is not a list"))?;
            for (i, s) in list.iter().enumerate() {
                status_in(s, &format!("{path}.known_intermittent[{i}]"), allowed)?;
            }
        }
        Ok(())
    };
    let run_info = report
        .get("run_info")
        .filter(|r| r.is_object())
        .ok_or("run_info is missing")?;
    for key in ["product", "browser_version", "os"] {
        let value = run_info
            .get(key)
            .ok_or_else(|| format!("run_info.{key} is missing (wpt.fyi requires it)"))?;
        if string(value, &format!("run_info.{key}"))?.is_empty() {
            return Err(format!("run_info.{key} is empty"));
        }
    }
    if let Some(v) = run_info.get("os_version") {
        string(v, "run_info.os_version")?;
    }
    if let Some(v) = run_info.get("revision") {
        let rev = string(v, "run_info.revision")?;
        if rev.len() != 40 || !rev.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(format!(
                "run_info.revision `{rev}` is not a full commit hash"
            ));
        }
    }
    let time = |key: &str| {
        report
            .get(key)
            .and_then(Value::as_u64)
            .ok_or_else(|| format!("{key} is not a time in ms"))
    };
    if time("time_end")? < time("time_start")? {
        return Err("time_end is before time_start".into());
    }
    let results = report
        .get("results")
        .and_then(Value::as_array)
        .ok_or("results is missing (wpt.fyi: \"Missing 'results' field\")")?;
    let mut tests = std::collections::BTreeSet::new();
    for (i, r) in results.iter().enumerate() {
        let path = format!("results[{i}]");
        let test = string(
            r.get("test").unwrap_or(&Value::Null),
            &format!("{path}.test"),
        )?;
        if !test.starts_with('/') {
            return Err(format!("{path}.test `{test}` does not start with /"));
        }
        if !tests.insert(test.clone()) {
            return Err(format!(
                "{path}.test `{test}` appears twice (wpt.fyi: conflicting data)"
            ));
        }
        status_in(
            r.get("status").unwrap_or(&Value::Null),
            &format!("{path}.status"),
            &TEST_STATUSES,
        )?;
        message(r.get("message"), &format!("{path}.message"))?;
        r.get("duration")
            .and_then(Value::as_u64)
            .ok_or_else(|| format!("{path}.duration is not a number of ms"))?;
        optional_statuses(r, &path, &TEST_STATUSES)?;
        let subtests = r
            .get("subtests")
            .and_then(Value::as_array)
            .ok_or_else(|| format!("{path}.subtests is not a list"))?;
        for (j, s) in subtests.iter().enumerate() {
            let sub = format!("{path}.subtests[{j}]");
            string(
                s.get("name").unwrap_or(&Value::Null),
                &format!("{sub}.name"),
            )?;
            status_in(
                s.get("status").unwrap_or(&Value::Null),
                &format!("{sub}.status"),
                &SUBTEST_STATUSES,
            )?;
            message(s.get("message"), &format!("{sub}.message"))?;
            optional_statuses(s, &sub, &SUBTEST_STATUSES)?;
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "wptreport_tests.rs"]
mod tests;
