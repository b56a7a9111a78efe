//! Known failures: the `--expectations` file, in the shape of wptrunner's metadata files, and
//! what [`super::metadata`] reads from a wptrunner metadata directory.
//!
//! ```text
//! # A comment.
//! [/scheduler/example.any.html]
//!   expected: ERROR
//!   reason: why the harness status is not OK
//!   [name of a subtest]
//!     expected: [PASS, FAIL]
//!     reason: why this subtest is flaky
//! ```
//!
//! A test section starts at column 0 and names the test's URL; subtest sections and `key: value`
//! lines are indented (see [`super::ini`]). `expected` is a status or a list (the first is the
//! expected status, the others known intermittent ones, as in wptrunner), possibly
//! conditional. Every expectation of this file needs a `reason`.
//!
//! Invariant: parsed expectations only hold valid statuses (test statuses for tests, subtest
//! statuses for subtests); those of the `--expectations` file each have a non-empty reason.

use std::collections::{BTreeMap, BTreeSet};

use super::condition::RunInfo;
use super::ini::{self, Key, Section};
use super::results::{FileStatus, SubtestStatus};

/// An expected status, the statuses also allowed (known intermittent), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected<S> {
    pub status: S,
    pub intermittent: Vec<S>,
    /// Required in the `--expectations` file; metadata directories have none.
    pub reason: Option<String>,
}

impl<S: Copy + PartialEq> Expected<S> {
    /// Whether `status` is the expected one or a known intermittent one.
    #[must_use]
    pub fn allows(&self, status: S) -> bool {
        self.status == status || self.intermittent.contains(&status)
    }
}

/// The expectations of one test.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TestExpectation {
    /// The harness status, when it is not OK.
    pub status: Option<Expected<FileStatus>>,
    /// Subtests that do not pass (or not always), by name.
    pub subtests: BTreeMap<String, Expected<SubtestStatus>>,
    /// `disabled:` in a metadata directory: the test is skipped, for this reason.
    pub disabled: Option<String>,
}

/// Every expectation, by test name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expectations {
    pub tests: BTreeMap<String, TestExpectation>,
    /// Things worth saying about the files that are not errors (conditions on variables the
    /// run_info does not have).
    pub notes: Vec<String>,
}

/// A status set for the default expectation (OK or PASS, nothing intermittent).
const NO_STATUSES: &[FileStatus] = &[];
const NO_SUBTEST_STATUSES: &[SubtestStatus] = &[];

impl Expectations {
    /// The expected status of a test and its known intermittent ones (default: OK).
    #[must_use]
    pub fn file(&self, test: &str) -> (FileStatus, &[FileStatus]) {
        self.tests
            .get(test)
            .and_then(|t| t.status.as_ref())
            .map_or((FileStatus::Ok, NO_STATUSES), |e| {
                (e.status, &e.intermittent)
            })
    }

    /// The expected status of a subtest and its known intermittent ones (default: PASS).
    #[must_use]
    pub fn subtest(&self, test: &str, subtest: &str) -> (SubtestStatus, &[SubtestStatus]) {
        self.tests
            .get(test)
            .and_then(|t| t.subtests.get(subtest))
            .map_or((SubtestStatus::Pass, NO_SUBTEST_STATUSES), |e| {
                (e.status, &e.intermittent)
            })
    }

    /// Whether a test's status is allowed.
    #[must_use]
    pub fn file_allows(&self, test: &str, status: FileStatus) -> bool {
        let (expected, intermittent) = self.file(test);
        expected == status || intermittent.contains(&status)
    }

    /// Whether a subtest's status is allowed.
    #[must_use]
    pub fn subtest_allows(&self, test: &str, subtest: &str, status: SubtestStatus) -> bool {
        let (expected, intermittent) = self.subtest(test, subtest);
        expected == status || intermittent.contains(&status)
    }

    /// Why the test is disabled, if it is.
    #[must_use]
    pub fn disabled(&self, test: &str) -> Option<&str> {
        self.tests.get(test).and_then(|t| t.disabled.as_deref())
    }

    /// Number of expectations (test and subtest).
    #[must_use]
    pub fn len(&self) -> usize {
        self.tests
            .values()
            .map(|t| usize::from(t.status.is_some()) + t.subtests.len())
            .sum()
    }

    /// Whether there is no expectation.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Add a test's expectations; a test given twice is an error.
    pub fn insert(&mut self, test: String, e: TestExpectation, at: &str) -> Result<(), String> {
        if self.tests.contains_key(&test) {
            return Err(format!("{at}: [{test}] is listed twice"));
        }
        self.tests.insert(test, e);
        Ok(())
    }

    /// Note the variables the conditions used that the run_info lacks.
    pub fn note_unknown(&mut self, unknown: &BTreeSet<String>, source: &str) {
        for name in unknown {
            self.notes.push(format!(
                "{source}: conditions use `{name}`, which taskhost's run_info does not have (taken as None)"
            ));
        }
    }
}

/// What a status list (`[A, B]` or `A`) means: the expected status and the intermittent ones.
pub fn statuses<S: Copy + PartialEq>(
    value: &str,
    parse: impl Fn(&str) -> Option<S>,
    kind: &str,
    at: &str,
) -> Result<(S, Vec<S>), String> {
    let mut out = Vec::new();
    for item in ini::list_items(value) {
        let status = parse(&item).ok_or_else(|| format!("{at}: `{item}` is not a {kind}"))?;
        if !out.contains(&status) {
            out.push(status);
        }
    }
    if out.is_empty() {
        return Err(format!("{at}: `expected` lists no status"));
    }
    let first = out.remove(0);
    Ok((first, out))
}

pub const TEST_STATUSES: &str = "test status (OK, ERROR, TIMEOUT, PRECONDITION_FAILED, CRASH)";
pub const SUBTEST_STATUSES: &str =
    "subtest status (PASS, FAIL, TIMEOUT, NOTRUN, PRECONDITION_FAILED)";

/// A section's `expected` for this run, as statuses; `None` when it has none (or no branch
/// holds).
pub fn expected_of<S: Copy + PartialEq>(
    key: Option<&Key>,
    source: &str,
    parse: impl Fn(&str) -> Option<S>,
    kind: &str,
    run_info: &RunInfo,
    unknown: &mut BTreeSet<String>,
) -> Result<Option<(S, Vec<S>)>, String> {
    let Some(key) = key else {
        return Ok(None);
    };
    let at = format!("{source}:{}", key.line);
    match key.resolve(run_info, unknown) {
        None => Ok(None),
        Some(value) => statuses(value, parse, kind, &at).map(Some),
    }
}

/// The `reason:` of a section (plain, non-empty), or an error naming `what`.
fn reason_of(section: &Section, what: &str, source: &str) -> Result<String, String> {
    match section.key("reason").map(|k| &k.value) {
        Some(ini::Value::Plain(r)) if !r.is_empty() => Ok(r.clone()),
        _ => Err(format!(
            "{source}:{}: {what} has no `reason:`",
            section.line
        )),
    }
}

/// Only `expected` and `reason`, and keys before subsections.
fn check_keys(section: &Section, source: &str) -> Result<(), String> {
    for key in &section.keys {
        let at = format!("{source}:{}", key.line);
        if !["expected", "reason"].contains(&key.name.as_str()) {
            return Err(format!(
                "{at}: unknown key `{}` (expected, reason)",
                key.name
            ));
        }
        if key.after_sections {
            return Err(format!(
                "{at}: a test's keys come before its subtest sections"
            ));
        }
    }
    Ok(())
}

/// Parse an `--expectations` file; `source` names it in errors. Conditions are evaluated
/// against `run_info`.
pub fn parse(text: &str, source: &str, run_info: &RunInfo) -> Result<Expectations, String> {
    let file = ini::parse(text, source)?;
    if let Some(key) = file.keys.first() {
        return Err(format!(
            "{source}:{}: `{}` outside a section",
            key.line, key.name
        ));
    }
    let mut out = Expectations::default();
    let mut unknown = BTreeSet::new();
    for test in &file.sections {
        let where_ = format!("{source}:{}", test.line);
        if test.indent() > 0 {
            return Err(format!(
                "{where_}: a subtest section outside a test section"
            ));
        }
        check_keys(test, source)?;
        let mut e = TestExpectation::default();
        if let Some((status, intermittent)) = expected_of(
            test.key("expected"),
            source,
            FileStatus::parse,
            TEST_STATUSES,
            run_info,
            &mut unknown,
        )? {
            let reason = reason_of(test, &format!("[{}]", test.name), source)?;
            e.status = Some(Expected {
                status,
                intermittent,
                reason: Some(reason),
            });
        }
        for sub in &test.sections {
            let at = format!("{source}:{}", sub.line);
            check_keys(sub, source)?;
            if let Some(nested) = sub.sections.first() {
                return Err(format!(
                    "{source}:{}: sections nest two deep at most (test, subtest)",
                    nested.line
                ));
            }
            if sub.key("expected").is_none() {
                return Err(format!("{at}: subtest [{}] has no `expected:`", sub.name));
            }
            let expected = expected_of(
                sub.key("expected"),
                source,
                SubtestStatus::parse,
                SUBTEST_STATUSES,
                run_info,
                &mut unknown,
            )?;
            let reason = reason_of(sub, &format!("subtest [{}]", sub.name), source)?;
            if e.subtests.contains_key(&sub.name) {
                return Err(format!("{at}: subtest [{}] is listed twice", sub.name));
            }
            if let Some((status, intermittent)) = expected {
                e.subtests.insert(
                    sub.name.clone(),
                    Expected {
                        status,
                        intermittent,
                        reason: Some(reason),
                    },
                );
            }
        }
        if test.key("expected").is_none() && test.sections.is_empty() {
            return Err(format!("{where_}: [{}] expects nothing", test.name));
        }
        out.insert(test.name.clone(), e, &where_)?;
    }
    out.note_unknown(&unknown, source);
    Ok(out)
}

#[cfg(test)]
#[path = "expectations_tests.rs"]
mod tests;
