//! Which APIs a test run found missing: every `ReferenceError` ("X is not defined") in the
//! results that did not pass, by name, with where it struck — so that a file which stopped at
//! its first use of an absent API, or a subtest that failed on one, says exactly what taskhost
//! lacks.
//!
//! Invariant: a name is listed once, with every file and subtest whose message names it, in
//! the order of the run.

use std::fmt::Write as _;

use indexmap::IndexMap;

use super::report::Outcome;
use super::results::{FileStatus, SubtestStatus};

/// Where a missing API struck.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MissingApi {
    /// Test files whose harness stopped on it (an uncaught ReferenceError outside a subtest):
    /// their later subtests never ran.
    pub files: Vec<String>,
    /// (test, subtest) pairs that failed on it.
    pub subtests: Vec<(String, String)>,
}

/// The identifiers named by "X is not defined" in `message`.
#[must_use]
pub fn undefined_names(message: &str) -> Vec<String> {
    const MARKER: &str = " is not defined";
    let mut names = Vec::new();
    for (at, _) in message.match_indices(MARKER) {
        let before = &message[..at];
        let start = before
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_alphanumeric() || matches!(c, '_' | '$' | '.'))
            .last()
            .map_or(at, |(i, _)| i);
        let name = &before[start..];
        if !name.is_empty() && !names.iter().any(|n| n == name) {
            names.push(name.to_owned());
        }
    }
    names
}

/// Collect the missing APIs of `outcomes`.
#[must_use]
pub fn missing_apis(outcomes: &[&Outcome]) -> IndexMap<String, MissingApi> {
    let mut found: IndexMap<String, MissingApi> = IndexMap::new();
    for o in outcomes {
        if !matches!(o.result.status, FileStatus::Ok | FileStatus::Skip)
            && let Some(message) = &o.result.message
        {
            for name in undefined_names(message) {
                let entry = found.entry(name).or_default();
                if !entry.files.contains(&o.test) {
                    entry.files.push(o.test.clone());
                }
            }
        }
        for s in &o.result.subtests {
            if s.status == SubtestStatus::Pass {
                continue;
            }
            let Some(message) = &s.message else { continue };
            for name in undefined_names(message) {
                let key = (o.test.clone(), s.name.clone());
                let entry = found.entry(name).or_default();
                if !entry.subtests.contains(&key) {
                    entry.subtests.push(key);
                }
            }
        }
    }
    found
}

/// The summary's section on missing APIs (empty when there are none).
#[must_use]
pub fn section(outcomes: &[&Outcome]) -> String {
    let found = missing_apis(outcomes);
    if found.is_empty() {
        return String::new();
    }
    let mut text = format!(
        "Not defined in taskhost ({} name(s), from ReferenceErrors in results that did not pass):\n",
        found.len()
    );
    for (name, api) in &found {
        let mut parts = Vec::new();
        if !api.files.is_empty() {
            parts.push(format!(
                "stopped {} file(s) before their subtests could run",
                api.files.len()
            ));
        }
        if !api.subtests.is_empty() {
            let files = api
                .subtests
                .iter()
                .map(|(t, _)| t)
                .collect::<std::collections::BTreeSet<_>>()
                .len();
            parts.push(format!(
                "failed {} subtest(s) in {files} file(s)",
                api.subtests.len()
            ));
        }
        let _ = writeln!(text, "  {name}: {}", parts.join("; "));
        for file in &api.files {
            let _ = writeln!(text, "    {file} (harness)");
        }
        for (test, subtest) in &api.subtests {
            let _ = writeln!(text, "    {test} [{}]", subtest.replace('\n', " "));
        }
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wpt::results::{FileResult, SubtestResult};

    #[test]
    fn names_come_from_reference_error_messages() {
        assert_eq!(
            undefined_names("Uncaught ReferenceError: Blob is not defined"),
            ["Blob"]
        );
        assert_eq!(
            undefined_names(
                "promise_test: Unhandled rejection with value: object \"ReferenceError: FileList is not defined\""
            ),
            ["FileList"]
        );
        assert_eq!(
            undefined_names("createImageBitmap is not defined"),
            ["createImageBitmap"]
        );
        assert!(undefined_names("assert_equals: x is not 1").is_empty());
        assert!(undefined_names(" is not defined").is_empty());
    }

    #[test]
    fn the_section_lists_files_and_subtests_by_name() {
        let outcome = |test: &str,
                       status,
                       message: Option<&str>,
                       subtests: Vec<(&str, SubtestStatus, &str)>| Outcome {
            test: test.to_owned(),
            result: FileResult {
                status,
                message: message.map(str::to_owned),
                subtests: subtests
                    .into_iter()
                    .map(|(name, status, m)| SubtestResult {
                        name: name.to_owned(),
                        status,
                        message: Some(m.to_owned()),
                    })
                    .collect(),
            },
            duration_ms: 0,
        };
        let a = outcome(
            "/a.html",
            FileStatus::Error,
            Some("Uncaught ReferenceError: Blob is not defined"),
            vec![],
        );
        let b = outcome(
            "/b.html",
            FileStatus::Ok,
            None,
            vec![
                (
                    "one",
                    SubtestStatus::Fail,
                    "createImageBitmap is not defined",
                ),
                ("two", SubtestStatus::Pass, "Blob is not defined"),
                (
                    "three",
                    SubtestStatus::Fail,
                    "createImageBitmap is not defined",
                ),
            ],
        );
        let text = section(&[&a, &b]);
        assert_eq!(
            text,
            "Not defined in taskhost (2 name(s), from ReferenceErrors in results that did not pass):\n  \
             Blob: stopped 1 file(s) before their subtests could run\n    /a.html (harness)\n  \
             createImageBitmap: failed 2 subtest(s) in 1 file(s)\n    /b.html [one]\n    /b.html [three]\n\n"
        );
        assert_eq!(section(&[&b][..0]), "");
    }
}
