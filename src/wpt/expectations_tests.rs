//! Tests of the `--expectations` file.

use super::*;
use crate::wpt::condition::Value;

fn run_info() -> RunInfo {
    [
        ("product".to_owned(), Value::Str("taskhost".into())),
        ("os".to_owned(), Value::Str("linux".into())),
    ]
    .into_iter()
    .collect()
}

fn parse_ok(text: &str) -> Expectations {
    parse(text, "exp", &run_info()).unwrap()
}

#[test]
fn parses_tests_and_subtests() {
    let e = parse_ok(
        "# known failures\n[/a.any.html]\n  expected: ERROR\n  reason: boom\n  [sub \\] one]\n    expected: FAIL\n    reason: r1\n\n[/b.any.html]\n  [x]\n    expected: TIMEOUT\n    reason: r2\n",
    );
    assert_eq!(e.file("/a.any.html").0, FileStatus::Error);
    assert_eq!(e.subtest("/a.any.html", "sub ] one").0, SubtestStatus::Fail);
    assert_eq!(e.file("/b.any.html"), (FileStatus::Ok, &[][..]));
    assert_eq!(e.subtest("/b.any.html", "x").0, SubtestStatus::Timeout);
    assert_eq!(e.subtest("/b.any.html", "y").0, SubtestStatus::Pass);
    assert_eq!(e.len(), 3);
    assert_eq!(
        e.tests["/a.any.html"]
            .status
            .as_ref()
            .unwrap()
            .reason
            .as_deref(),
        Some("boom")
    );
    assert!(parse_ok("# nothing\n").is_empty());
}

#[test]
fn lists_allow_intermittent_statuses() {
    let e = parse_ok(
        "[/a.any.html]\n  expected: [OK, TIMEOUT]\n  reason: slow machine\n  [s]\n    expected: [PASS, FAIL]\n    reason: a race\n",
    );
    assert_eq!(
        e.file("/a.any.html"),
        (FileStatus::Ok, &[FileStatus::Timeout][..])
    );
    assert!(e.file_allows("/a.any.html", FileStatus::Timeout));
    assert!(!e.file_allows("/a.any.html", FileStatus::Error));
    assert!(e.subtest_allows("/a.any.html", "s", SubtestStatus::Fail));
    assert!(e.subtest_allows("/a.any.html", "s", SubtestStatus::Pass));
    assert!(!e.subtest_allows("/a.any.html", "s", SubtestStatus::Timeout));
    assert!(e.subtest_allows("/a.any.html", "other", SubtestStatus::Pass));
}

#[test]
fn conditions_pick_the_value_for_this_run() {
    let e = parse_ok(
        "[/a.any.html]\n  [s]\n    expected:\n      if os == \"mac\": TIMEOUT\n      if product == \"taskhost\": FAIL\n      PASS\n    reason: r\n  [t]\n    expected:\n      if fission: FAIL\n    reason: r\n",
    );
    assert_eq!(e.subtest("/a.any.html", "s").0, SubtestStatus::Fail);
    assert_eq!(
        e.subtest("/a.any.html", "t").0,
        SubtestStatus::Pass,
        "no branch holds: the default expectation"
    );
    assert_eq!(
        e.notes,
        ["exp: conditions use `fission`, which taskhost's run_info does not have (taken as None)"]
    );
}

#[test]
fn errors_name_the_line() {
    let err = |text: &str| parse(text, "exp", &run_info()).unwrap_err();
    assert_eq!(
        err("[/a]\n  expected: FAIL\n  reason: r\n"),
        "exp:2: `FAIL` is not a test status (OK, ERROR, TIMEOUT, PRECONDITION_FAILED, CRASH)"
    );
    assert_eq!(
        err("[/a]\n  [s]\n    expected: [PASS, BOGUS]\n    reason: r\n"),
        "exp:3: `BOGUS` is not a subtest status (PASS, FAIL, TIMEOUT, NOTRUN, PRECONDITION_FAILED)"
    );
    assert_eq!(
        err("[/a]\n  [s]\n    expected: FAIL\n"),
        "exp:2: subtest [s] has no `reason:`"
    );
    assert_eq!(
        err("[/a]\n  expected: ERROR\n"),
        "exp:1: [/a] has no `reason:`"
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
        err("[/a]\n  [s]\n    reason: r\n"),
        "exp:2: subtest [s] has no `expected:`"
    );
    assert_eq!(
        err("[/a]\n  [s]\n    expected: FAIL\n    reason: r\n  expected: ERROR\n"),
        "exp:5: a test's keys come before its subtest sections"
    );
    assert_eq!(
        err("[/a]\n  [s]\n    expected: FAIL\n    reason: r\n    [t]\n      expected: FAIL\n"),
        "exp:5: sections nest two deep at most (test, subtest)"
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
