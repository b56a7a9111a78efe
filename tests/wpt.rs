//! `taskhost wpt` through the real binary:
//! - the conformance suite `wpt-subset/` runs with no unexpected result;
//! - the harness self-tests in `tests/wpt-harness/` (passing and failing subtests, every harness
//!   status, the runner's time limits, META comments, fetch, dedicated and shared worker variants,
//!   skipped variants) give exactly the results in `tests/wpt-harness/expected.json`: status and
//!   message of every file and subtest;
//! - expectations turn known failures into expected results, and a stale one is reported;
//! - usage errors exit with status 2 and a one-line message.

mod common;

use common::{assert_one_line_error, root, taskhost, temp_file, text};
use taskhost::wpt::wptreport::check_wpt_fyi;

#[test]
fn wpt_subset_has_no_unexpected_result() {
    let out = taskhost(&[
        "wpt",
        "wpt-subset",
        "--expectations",
        "wpt-subset/expectations.ini",
    ]);
    let stdout = text(&out.stdout);
    assert!(
        out.status.success(),
        "taskhost wpt wpt-subset:\n{stdout}\n{}",
        text(&out.stderr)
    );
    assert!(stdout.contains("All results were as expected."), "{stdout}");
}

/// A result as `expected.json` holds it: test, status, message, [subtest, status, message]*.
fn normalized(report: &serde_json::Value) -> serde_json::Value {
    let results = report["results"].as_array().expect("results");
    serde_json::Value::Array(
        results
            .iter()
            .map(|r| {
                let subtests: Vec<serde_json::Value> = r["subtests"]
                    .as_array()
                    .expect("subtests")
                    .iter()
                    .map(|s| serde_json::json!([s["name"], s["status"], s["message"]]))
                    .collect();
                serde_json::json!({
                    "test": r["test"],
                    "status": r["status"],
                    "message": r["message"],
                    "subtests": subtests,
                })
            })
            .collect(),
    )
}

#[test]
fn harness_self_tests_give_the_expected_results() {
    let report_path = temp_file("harness-report.json");
    let out = taskhost(&[
        "wpt",
        "tests/wpt-harness",
        "--timeout-multiplier",
        "0.1",
        "--log-wptreport",
        report_path.to_str().expect("utf-8 path"),
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "failures are unexpected:\n{stdout}"
    );
    assert!(stdout.contains("Harness: built-in"), "{stdout}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report_path).expect("report written"))
            .expect("report is JSON");
    let _ = std::fs::remove_file(&report_path);
    assert_eq!(report["run_info"]["product"], "taskhost");
    assert_eq!(check_wpt_fyi(&report), Ok(()), "what wpt.fyi requires");
    assert!(
        report["time_end"].as_u64().expect("time_end")
            >= report["time_start"].as_u64().expect("time_start")
    );
    let expected: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("tests/wpt-harness/expected.json"))
            .expect("expected.json"),
    )
    .expect("expected.json is JSON");
    let actual = normalized(&report);
    let (actual, expected) = (
        actual.as_array().expect("array"),
        expected.as_array().expect("array"),
    );
    for (a, e) in actual.iter().zip(expected) {
        assert_eq!(a, e, "result of {}", e["test"]);
    }
    assert_eq!(actual.len(), expected.len(), "number of results");
    // `expected` appears on unexpected results only, as wptrunner writes it.
    let results = report["results"].as_array().expect("results");
    let asserts = results
        .iter()
        .find(|r| r["test"] == "/harness/asserts.any.html")
        .expect("asserts result");
    assert!(asserts.get("expected").is_none());
    assert_eq!(asserts["subtests"][1]["expected"], "PASS");
    assert!(asserts["subtests"][0].get("expected").is_none());
}

#[test]
fn expectations_make_known_failures_expected() {
    let out = taskhost(&[
        "wpt",
        "tests/wpt-harness/harness/precondition.any.js",
        "--expectations",
        "tests/wpt-harness/precondition-expectations.ini",
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("All results were as expected."), "{stdout}");

    let out = taskhost(&[
        "wpt",
        "tests/wpt-harness/harness/precondition.any.js",
        "--expectations",
        "tests/wpt-harness/stale-expectations.ini",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("[required feature present]: PASS (expected FAIL)"),
        "{stdout}"
    );
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    for (args, message) in [
        (
            vec!["wpt", "no/such/dir"],
            "taskhost wpt: cannot read no/such/dir",
        ),
        (
            vec![
                "wpt",
                "tests/wpt-harness/harness/precondition.any.js",
                "--expectations",
                "tests/wpt-harness/expected.json",
            ],
            "tests/wpt-harness/expected.json:1: malformed section name",
        ),
        (
            vec!["wpt", "tests/wpt-harness/common/rooted-helper.js"],
            "is not a test (expected *.any.js, *.window.js, *.worker.js or *.html)",
        ),
        (
            vec!["wpt", "tests/wpt-harness", "--timeout-multiplier", "0"],
            "must be a positive number",
        ),
        (
            vec!["wpt", "tests/wpt-harness", "--timeout-multiplier", "1e300"],
            "`1e300` is too large (at most 1000)",
        ),
        (
            vec![
                "wpt",
                "tests/wpt-harness/harness/precondition.any.js",
                "--log-wptreport",
                "/nonexistent-dir/report.json",
            ],
            "taskhost wpt: cannot write /nonexistent-dir/report.json",
        ),
    ] {
        let out = taskhost(&args);
        assert_one_line_error(&out, 2, message);
        assert!(out.stdout.is_empty(), "{args:?}: nothing ran");
    }
}
