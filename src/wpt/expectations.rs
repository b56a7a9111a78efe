//! Known failures: the `--expectations` file, in the shape of wptrunner's metadata files.
//!
//! ```text
//! # A comment.
//! [/scheduler/example.any.html]
//!   expected: ERROR
//!   reason: why the harness status is not OK
//!   [name of a subtest]
//!     expected: FAIL
//!     reason: why this subtest fails
//! ```
//!
//! A test section starts at column 0; subtest sections and `key: value` lines are indented, and a
//! key belongs to the nearest section above it that is less indented. In names, `\]` stands for
//! `]` and `\\` for `\`. Every expectation needs a `reason`.
//!
//! Invariant: a parsed file only holds valid statuses (test statuses for tests, subtest statuses
//! for subtests), each with a non-empty reason.

use std::collections::BTreeMap;

use super::results::{FileStatus, SubtestStatus};

/// An expected status with the reason it is expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected<S> {
    pub status: S,
    pub reason: String,
}

/// The expectations of one test file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TestExpectation {
    /// The harness status, when it is not OK.
    pub status: Option<Expected<FileStatus>>,
    /// Subtests that do not pass, by name.
    pub subtests: BTreeMap<String, Expected<SubtestStatus>>,
}

/// Every expectation of a file, by test name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expectations {
    pub tests: BTreeMap<String, TestExpectation>,
}

impl Expectations {
    /// The expected status of a test file: its expectation, or OK.
    #[must_use]
    pub fn file_status(&self, test: &str) -> FileStatus {
        self.tests
            .get(test)
            .and_then(|t| t.status.as_ref())
            .map_or(FileStatus::Ok, |e| e.status)
    }

    /// The expected status of a subtest: its expectation, or PASS.
    #[must_use]
    pub fn subtest_status(&self, test: &str, subtest: &str) -> SubtestStatus {
        self.tests
            .get(test)
            .and_then(|t| t.subtests.get(subtest))
            .map_or(SubtestStatus::Pass, |e| e.status)
    }

    /// Number of expectations (test and subtest) in the file.
    #[must_use]
    pub fn len(&self) -> usize {
        self.tests
            .values()
            .map(|t| usize::from(t.status.is_some()) + t.subtests.len())
            .sum()
    }

    /// Whether the file lists no expectation.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A section being read.
struct Section {
    indent: usize,
    name: String,
    expected: Option<String>,
    reason: Option<String>,
    line: usize,
}

/// `[name]` with `\]` and `\\` unescaped.
fn section_name(text: &str) -> Option<String> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push(chars.next()?),
            ']' => return None,
            c => out.push(c),
        }
    }
    Some(out)
}

fn finish_subtest(
    section: Section,
    into: &mut TestExpectation,
    source: &str,
) -> Result<(), String> {
    let where_ = format!("{source}:{}", section.line);
    let text = section
        .expected
        .ok_or_else(|| format!("{where_}: subtest [{}] has no `expected:`", section.name))?;
    let status = SubtestStatus::parse(&text).ok_or_else(|| {
        format!(
            "{where_}: `{text}` is not a subtest status (PASS, FAIL, TIMEOUT, NOTRUN, PRECONDITION_FAILED)"
        )
    })?;
    let reason = section
        .reason
        .filter(|r| !r.is_empty())
        .ok_or_else(|| format!("{where_}: subtest [{}] has no `reason:`", section.name))?;
    if into.subtests.contains_key(&section.name) {
        return Err(format!(
            "{where_}: subtest [{}] is listed twice",
            section.name
        ));
    }
    into.subtests
        .insert(section.name, Expected { status, reason });
    Ok(())
}

fn finish_test(
    section: Section,
    test: TestExpectation,
    into: &mut Expectations,
    source: &str,
) -> Result<(), String> {
    let where_ = format!("{source}:{}", section.line);
    let mut test = test;
    if let Some(text) = section.expected {
        let status = FileStatus::parse(&text).ok_or_else(|| {
            format!(
                "{where_}: `{text}` is not a test status (OK, ERROR, TIMEOUT, PRECONDITION_FAILED, CRASH)"
            )
        })?;
        let reason = section
            .reason
            .filter(|r| !r.is_empty())
            .ok_or_else(|| format!("{where_}: [{}] has no `reason:`", section.name))?;
        test.status = Some(Expected { status, reason });
    }
    if test.status.is_none() && test.subtests.is_empty() {
        return Err(format!("{where_}: [{}] expects nothing", section.name));
    }
    if into.tests.contains_key(&section.name) {
        return Err(format!("{where_}: [{}] is listed twice", section.name));
    }
    into.tests.insert(section.name, test);
    Ok(())
}

/// Close the open test section, with its open subtest section.
fn close_test(
    test: Option<(Section, TestExpectation)>,
    subtest: Option<Section>,
    into: &mut Expectations,
    source: &str,
) -> Result<(), String> {
    if let Some((t, mut e)) = test {
        if let Some(s) = subtest {
            finish_subtest(s, &mut e, source)?;
        }
        finish_test(t, e, into, source)?;
    }
    Ok(())
}

/// Parse an expectations file; `source` names it in errors.
pub fn parse(text: &str, source: &str) -> Result<Expectations, String> {
    let mut out = Expectations::default();
    let mut test: Option<(Section, TestExpectation)> = None;
    let mut subtest: Option<Section> = None;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let indent = raw.len() - raw.trim_start().len();
        let at = format!("{source}:{line_no}");
        if trimmed.starts_with('[') {
            let name =
                section_name(trimmed).ok_or_else(|| format!("{at}: malformed section name"))?;
            let section = Section {
                indent,
                name,
                expected: None,
                reason: None,
                line: line_no,
            };
            if indent == 0 {
                close_test(test.take(), subtest.take(), &mut out, source)?;
                test = Some((section, TestExpectation::default()));
            } else {
                let Some((_, e)) = test.as_mut() else {
                    return Err(format!("{at}: a subtest section outside a test section"));
                };
                if let Some(s) = subtest.take() {
                    finish_subtest(s, e, source)?;
                }
                subtest = Some(section);
            }
            continue;
        }
        let (key, value) = trimmed
            .split_once(':')
            .ok_or_else(|| format!("{at}: expected `[section]` or `key: value`"))?;
        let value = value.trim().to_owned();
        let target = match (&mut subtest, &mut test) {
            (Some(s), _) if indent > s.indent => s,
            (_, Some((t, _))) if indent > t.indent => {
                if subtest.is_some() {
                    return Err(format!(
                        "{at}: a test's keys come before its subtest sections"
                    ));
                }
                t
            }
            _ => return Err(format!("{at}: `{key}` outside a section")),
        };
        match key.trim() {
            "expected" => target.expected = Some(value),
            "reason" => target.reason = Some(value),
            other => return Err(format!("{at}: unknown key `{other}` (expected, reason)")),
        }
    }
    close_test(test, subtest, &mut out, source)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_tests_and_subtests() {
        let e = parse(
            "# known failures\n[/a.any.html]\n  expected: ERROR\n  reason: boom\n  [sub \\] one]\n    expected: FAIL\n    reason: r1\n\n[/b.any.html]\n  [x]\n    expected: TIMEOUT\n    reason: r2\n",
            "exp",
        )
        .unwrap();
        assert_eq!(e.file_status("/a.any.html"), FileStatus::Error);
        assert_eq!(
            e.subtest_status("/a.any.html", "sub ] one"),
            SubtestStatus::Fail
        );
        assert_eq!(e.file_status("/b.any.html"), FileStatus::Ok);
        assert_eq!(e.subtest_status("/b.any.html", "x"), SubtestStatus::Timeout);
        assert_eq!(e.subtest_status("/b.any.html", "y"), SubtestStatus::Pass);
        assert_eq!(e.len(), 3);
        assert!(parse("# nothing\n", "exp").unwrap().is_empty());
    }

    #[test]
    fn errors_name_the_line() {
        let err = |text: &str| parse(text, "exp").unwrap_err();
        assert_eq!(
            err("[/a]\n  expected: FAIL\n  reason: r\n"),
            "exp:1: `FAIL` is not a test status (OK, ERROR, TIMEOUT, PRECONDITION_FAILED, CRASH)"
        );
        assert_eq!(
            err("[/a]\n  [s]\n    expected: FAIL\n"),
            "exp:2: subtest [s] has no `reason:`"
        );
        assert_eq!(
            err("  expected: OK\n"),
            "exp:1: `expected` outside a section"
        );
        assert_eq!(
            err("[/a]\n  colour: red\n"),
            "exp:2: unknown key `colour` (expected, reason)"
        );
        assert_eq!(err("[/a]\n"), "exp:1: [/a] expects nothing");
        assert_eq!(err("[/a\n"), "exp:1: malformed section name");
        assert_eq!(
            err("  [s]\n"),
            "exp:1: a subtest section outside a test section"
        );
        assert_eq!(
            err("[/a]\n  expected: ERROR\n  reason: r\n[/a]\n  expected: OK\n  reason: r\n"),
            "exp:4: [/a] is listed twice"
        );
        assert_eq!(
            err(
                "[/a]\n  [s]\n    expected: FAIL\n    reason: r\n  [s]\n    expected: PASS\n    reason: r\n"
            ),
            "exp:5: subtest [s] is listed twice"
        );
    }
}
