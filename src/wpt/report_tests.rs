//! Tests of the summary: unexpected results, flaky results, stale expectations.

use super::*;
use crate::wpt::condition::RunInfo;
use crate::wpt::expectations::parse;
use crate::wpt::results::SubtestResult;

pub fn outcome(test: &str, status: FileStatus, subtests: &[(&str, SubtestStatus)]) -> Outcome {
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

fn expectations(text: &str) -> Expectations {
    parse(text, "e", &RunInfo::new()).unwrap()
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
    let e = expectations(
        "[/b.any.html]\n  expected: ERROR\n  reason: r\n[/d.any.html]\n  [z]\n    expected: FAIL\n    reason: fixed since\n[/gone.any.html]\n  expected: ERROR\n  reason: r\n",
    );
    let u = unexpected(outcomes.iter(), &e);
    assert_eq!(
        u.iter()
            .map(|u| (
                u.test.as_str(),
                u.subtest.as_deref(),
                u.actual.clone(),
                u.expected.as_str()
            ))
            .collect::<Vec<_>>(),
        [
            ("/a.any.html", Some("y"), vec![("FAIL", 1)], "PASS"),
            ("/d.any.html", Some("z"), vec![("PASS", 1)], "FAIL"),
        ]
    );
    assert_eq!(unmatched_expectations(&outcomes, &e), ["/gone.any.html"]);
    let all: Vec<&Outcome> = outcomes.iter().collect();
    let text = summary(&all, &u, &[], 1.0, 1);
    assert!(
        text.contains("Ran 3 test file(s) with 3 subtest(s) in 1.0 s; 1 skipped."),
        "{text}"
    );
    assert!(text.contains("files       OK 2      ERROR 1"), "{text}");
    assert!(
        text.contains("    [y]: FAIL (expected PASS)\n      why\n"),
        "{text}"
    );
    assert!(!text.contains("Flaky"), "{text}");
}

/// Three runs of one test: a subtest that fails once is flaky and unexpected; one whose
/// expectation lists both statuses is flaky but allowed; a harness status that changes too.
#[test]
fn flaky_results_are_reported_with_the_statuses_seen() {
    let runs = [
        outcome(
            "/a.any.html",
            FileStatus::Ok,
            &[
                ("x", SubtestStatus::Pass),
                ("y", SubtestStatus::Pass),
                ("z", SubtestStatus::Pass),
            ],
        ),
        outcome(
            "/a.any.html",
            FileStatus::Ok,
            &[
                ("x", SubtestStatus::Fail),
                ("y", SubtestStatus::Fail),
                ("z", SubtestStatus::Pass),
            ],
        ),
        outcome(
            "/a.any.html",
            FileStatus::Timeout,
            &[("x", SubtestStatus::Pass), ("y", SubtestStatus::Pass)],
        ),
    ];
    let e = expectations(
        "[/a.any.html]\n  expected: [OK, TIMEOUT]\n  reason: slow\n  [y]\n    expected: [PASS, FAIL]\n    reason: a race\n",
    );
    let f = flaky(runs.iter(), &e);
    assert_eq!(
        f,
        [
            Flaky {
                test: "/a.any.html".into(),
                subtest: None,
                seen: vec![("OK", 2), ("TIMEOUT", 1)],
                allowed: true,
            },
            Flaky {
                test: "/a.any.html".into(),
                subtest: Some("x".into()),
                seen: vec![("PASS", 2), ("FAIL", 1)],
                allowed: false,
            },
            Flaky {
                test: "/a.any.html".into(),
                subtest: Some("y".into()),
                seen: vec![("PASS", 2), ("FAIL", 1)],
                allowed: true,
            },
            Flaky {
                test: "/a.any.html".into(),
                subtest: Some("z".into()),
                seen: vec![("PASS", 2), ("absent", 1)],
                allowed: true,
            },
        ]
    );
    let u = unexpected(runs.iter(), &e);
    assert_eq!(u.len(), 1, "{u:?}");
    assert_eq!((u[0].subtest.as_deref(), u[0].runs), (Some("x"), 3));
    assert_eq!(u[0].actual, [("FAIL", 1)]);
    let all: Vec<&Outcome> = runs.iter().collect();
    let text = summary(&all, &u, &f, 2.0, 3);
    assert!(
        text.contains(
            "Ran 1 test file(s) 3 times each (3 runs, 8 subtest results) in 2.0 s; 0 skipped."
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "Flaky results (4): the runs gave different statuses\n  /a.any.html\n    (harness): OK 2, TIMEOUT 1 (allowed by the expectations)\n    [x]: PASS 2, FAIL 1 (unexpected)\n    [y]: PASS 2, FAIL 1 (allowed by the expectations)\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("    [x]: FAIL in 1 of 3 runs (expected PASS)\n"),
        "{text}"
    );

    // Without the list, the flaky harness status is unexpected too.
    let strict = expectations("[/a.any.html]\n  expected: OK\n  reason: r\n");
    let u = unexpected(runs.iter(), &strict);
    assert!(
        u.iter()
            .any(|u| u.subtest.is_none() && u.actual == [("TIMEOUT", 1)] && u.expected == "OK"),
        "{u:?}"
    );
    let lists = expectations("[/a.any.html]\n  expected: [OK, TIMEOUT]\n  reason: r\n");
    let u = unexpected(runs.iter(), &lists);
    assert!(u.iter().all(|u| u.subtest.is_some()), "{u:?}");
    assert!(
        u.iter().any(|u| u.expected == "PASS"),
        "the default expectation is shown: {u:?}"
    );
}

#[test]
fn results_that_always_differ_are_not_flaky() {
    let runs = [
        outcome("/a.any.html", FileStatus::Ok, &[("x", SubtestStatus::Fail)]),
        outcome("/a.any.html", FileStatus::Ok, &[("x", SubtestStatus::Fail)]),
    ];
    let e = Expectations::default();
    assert!(flaky(runs.iter(), &e).is_empty());
    let u = unexpected(runs.iter(), &e);
    assert_eq!(u[0].actual, [("FAIL", 2)]);
    let all: Vec<&Outcome> = runs.iter().collect();
    let text = summary(&all, &u, &[], 1.0, 2);
    assert!(text.contains("    [x]: FAIL (expected PASS)\n"), "{text}");
}
