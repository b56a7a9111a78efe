//! `taskhost wpt`'s wptrunner options through the real binary, on the fixture in
//! `tests/wpt-conventions/` (see its README):
//! - `--include`/`--exclude`/`--include-file` select tests as wptrunner does, and an include
//!   that matches nothing is a usage error;
//! - `--this-chunk`/`--total-chunks` split the run into disjoint chunks whose union is the run;
//! - `--repeat` writes one wptreport document per pass, `--rerun` one result per run, and
//!   results that differ between runs are reported as flaky;
//! - `--metadata` reads a wptrunner metadata directory (lists, conditions, `disabled`);
//! - the wptreport has what wpt.fyi requires;
//! - a wptreport or summary that cannot be written is an error (status 2).

mod common;

use std::collections::BTreeSet;
use std::process::{Command, Stdio};

use common::{assert_one_line_error, root, taskhost, temp_file, text};
use taskhost::wpt::wptreport::check_wpt_fyi;

const TESTS: &str = "tests/wpt-conventions/tests";
const METADATA: &str = "tests/wpt-conventions/metadata";

/// Run `taskhost wpt TESTS args… --log-wptreport FILE`: (exit status, stdout, report lines).
fn wpt(name: &str, args: &[&str]) -> (Option<i32>, String, Vec<serde_json::Value>) {
    let report = temp_file(name);
    let report_text = report.to_str().expect("utf-8 path").to_owned();
    let mut all = vec!["wpt", TESTS];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--log-wptreport", &report_text]);
    let out = taskhost(&all);
    let stdout = text(&out.stdout);
    let lines = std::fs::read_to_string(&report)
        .unwrap_or_else(|e| panic!("report of {args:?} ({e}):\n{stdout}{}", text(&out.stderr)))
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is a JSON document"))
        .collect();
    let _ = std::fs::remove_file(&report);
    (out.status.code(), stdout, lines)
}

/// The `test` of every result of a document.
fn tests_of(report: &serde_json::Value) -> Vec<String> {
    report["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| r["test"].as_str().expect("test").to_owned())
        .collect()
}

#[test]
fn include_exclude_and_include_file_select_tests() {
    let list = temp_file("include-list.txt");
    // A path relative to the WPT root, and a comment.
    std::fs::write(&list, "# more tests\nb/three.window.js\n").expect("list");
    let (status, stdout, reports) = wpt(
        "select.json",
        &[
            "--include",
            "/a/",
            "--include-file",
            list.to_str().expect("utf-8"),
            "--exclude",
            "/a/one.any.worker.html",
        ],
    );
    let _ = std::fs::remove_file(&list);
    assert_eq!(status, Some(0), "{stdout}");
    assert_eq!(
        tests_of(&reports[0]),
        [
            "/a/one.any.html",
            "/a/two.window.html",
            "/b/three.window.html"
        ]
    );
    // Without a PATH, the tests come from --wpt-root.
    let out = taskhost(&[
        "wpt",
        "--wpt-root",
        TESTS,
        "--include",
        "/b/three.window.html",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("Ran 1 test file(s) with 1 subtest(s)"),
        "{stdout}"
    );
}

#[test]
fn selection_errors_are_usage_errors() {
    let list = temp_file("bad-list.txt");
    std::fs::write(&list, "/a/\n/nope/\n").expect("list");
    let list_text = list.to_str().expect("utf-8").to_owned();
    for (args, message) in [
        (
            vec!["wpt", TESTS, "--include", "/nope/"],
            "taskhost wpt: --include /nope/: no test matches it",
        ),
        (
            vec!["wpt", TESTS, "--include-file", &list_text],
            "bad-list.txt:2: /nope/: no test matches it",
        ),
        (
            vec!["wpt", TESTS, "--exclude", "/"],
            "taskhost wpt: --exclude leaves no test to run",
        ),
        (
            vec!["wpt", TESTS, "--this-chunk", "3", "--total-chunks", "2"],
            "taskhost wpt: --this-chunk 3 is not a chunk of --total-chunks 2 (1 to 2)",
        ),
        (
            vec!["wpt", TESTS, "--this-chunk", "0"],
            "taskhost wpt: --this-chunk 0 is not a chunk of --total-chunks 1 (1 to 1)",
        ),
        (
            vec!["wpt", TESTS, "--total-chunks", "2", "--chunk-type", "none"],
            "--chunk-type none cannot split into more than one chunk",
        ),
        (
            vec!["wpt", "--include", "/a/"],
            "taskhost wpt: give the tests' PATH, or --wpt-root to run from the root",
        ),
        (
            vec!["wpt", TESTS, "--metadata", "no/such/dir"],
            "taskhost wpt: --metadata no/such/dir is not a directory",
        ),
    ] {
        let out = taskhost(&args);
        assert_one_line_error(&out, 2, message);
        assert!(out.stdout.is_empty(), "{args:?}: nothing ran");
    }
    let _ = std::fs::remove_file(&list);
    // clap's own errors: status 2 too.
    for args in [
        vec![
            "wpt",
            TESTS,
            "--chunk-type",
            "equal_time",
            "--total-chunks",
            "2",
        ],
        vec![
            "wpt",
            TESTS,
            "--metadata",
            METADATA,
            "--expectations",
            "wpt-subset/expectations.ini",
        ],
        vec!["wpt", TESTS, "--rerun", "0"],
    ] {
        let out = taskhost(&args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn chunks_partition_the_run() {
    let exclude = ["--exclude", "/flaky/"];
    let (_, _, whole) = wpt("whole.json", &exclude);
    let whole: BTreeSet<String> = tests_of(&whole[0]).into_iter().collect();
    assert_eq!(whole.len(), 5, "{whole:?}");
    for kind in ["dir_hash", "hash", "id_hash"] {
        let mut union = BTreeSet::new();
        for this in ["1", "2", "3"] {
            let (status, stdout, reports) = wpt(
                "chunk.json",
                &[
                    exclude[0],
                    exclude[1],
                    "--this-chunk",
                    this,
                    "--total-chunks",
                    "3",
                    "--chunk-type",
                    kind,
                ],
            );
            // 1 for the chunk with b/fails.window.html (unexpected without the metadata).
            assert!(matches!(status, Some(0 | 1)), "{stdout}");
            assert!(
                stdout.contains(&format!("Chunk {this} of 3 ({kind}): ")),
                "{stdout}"
            );
            for test in tests_of(&reports[0]) {
                assert!(
                    union.insert(test.clone()),
                    "{kind}: {test} is in two chunks"
                );
            }
        }
        assert_eq!(union, whole, "{kind}: the chunks make the run");
    }
}

#[test]
fn repeat_writes_a_document_per_pass_and_rerun_a_result_per_run() {
    let (status, stdout, reports) = wpt(
        "repeat.json",
        &[
            "--include",
            "/b/three.window.html",
            "--repeat",
            "2",
            "--rerun",
            "3",
        ],
    );
    assert_eq!(status, Some(0), "{stdout}");
    assert!(
        stdout.contains("Ran 1 test file(s) 6 times each (6 runs, 6 subtest results)"),
        "{stdout}"
    );
    assert_eq!(reports.len(), 2, "one document per --repeat pass");
    for report in &reports {
        assert_eq!(tests_of(report), ["/b/three.window.html"; 3]);
    }
    assert!(
        reports[0]["time_end"].as_u64() <= reports[1]["time_start"].as_u64(),
        "the passes follow each other"
    );
    // Without --rerun each document is one wpt.fyi can take.
    let (_, _, reports) = wpt("repeat-only.json", &["--include", "/b/", "--repeat", "2"]);
    assert_eq!(reports.len(), 2);
    for report in &reports {
        assert_eq!(check_wpt_fyi(report), Ok(()));
    }
}

/// `coin` passes or fails at random: in 40 runs both are seen but with probability 2⁻³⁹.
#[test]
fn flaky_results_are_reported_and_lists_in_the_metadata_allow_them() {
    let (status, stdout, reports) = wpt("flaky.json", &["--include", "/flaky/", "--rerun", "40"]);
    assert_eq!(status, Some(1), "{stdout}");
    assert!(
        stdout.contains("Flaky results (1): the runs gave different statuses"),
        "{stdout}"
    );
    assert!(
        stdout.contains("    [coin]: PASS ") || stdout.contains("    [coin]: FAIL "),
        "{stdout}"
    );
    assert!(stdout.contains(" (unexpected)\n"), "{stdout}");
    assert!(stdout.contains("FAIL in "), "{stdout}");
    assert!(stdout.contains(" of 40 runs (expected PASS)"), "{stdout}");
    assert_eq!(tests_of(&reports[0]).len(), 40, "a result per run");

    let (status, stdout, reports) = wpt(
        "flaky-allowed.json",
        &[
            "--include",
            "/flaky/",
            "--rerun",
            "40",
            "--metadata",
            METADATA,
        ],
    );
    assert_eq!(status, Some(0), "{stdout}");
    assert!(
        stdout.contains(" (allowed by the expectations)\n"),
        "{stdout}"
    );
    assert!(stdout.contains("All results were as expected."), "{stdout}");
    let subtest = &reports[0]["results"][0]["subtests"][0];
    assert_eq!(subtest["name"], "coin");
    assert_eq!(subtest["known_intermittent"], serde_json::json!(["FAIL"]));
}

#[test]
fn metadata_directories_give_expectations() {
    let args = ["--include", "/b/", "--include", "/a/two.window.html"];
    let (status, stdout, _) = wpt("no-metadata.json", &args);
    assert_eq!(status, Some(1), "{stdout}");
    assert!(
        stdout.contains("[always fails]: FAIL (expected PASS)"),
        "{stdout}"
    );

    let mut with = args.to_vec();
    with.extend_from_slice(&["--metadata", METADATA]);
    let (status, stdout, reports) = wpt("metadata.json", &with);
    assert_eq!(status, Some(0), "{stdout}");
    assert!(stdout.contains("All results were as expected."), "{stdout}");
    let results = reports[0]["results"].as_array().expect("results");
    let two = results
        .iter()
        .find(|r| r["test"] == "/a/two.window.html")
        .expect("two");
    assert_eq!(two["status"], "SKIP");
    assert_eq!(
        two["message"],
        "disabled by the metadata: https://bugs.example.test/1"
    );
    let fails = results
        .iter()
        .find(|r| r["test"] == "/b/fails.window.html")
        .expect("fails");
    assert_eq!(fails["subtests"][0]["status"], "FAIL");
    assert!(
        fails["subtests"][0].get("expected").is_none(),
        "expected FAIL"
    );
    assert_eq!(check_wpt_fyi(&reports[0]), Ok(()));
}

#[test]
fn the_wptreport_has_what_wpt_fyi_requires() {
    let (_, stdout, reports) = wpt("fyi.json", &["--exclude", "/flaky/"]);
    assert_eq!(reports.len(), 1, "{stdout}");
    let report = &reports[0];
    assert_eq!(check_wpt_fyi(report), Ok(()));
    let info = &report["run_info"];
    assert_eq!(info["product"], "taskhost");
    assert_eq!(info["browser_version"], env!("CARGO_PKG_VERSION"));
    assert!(!info["os"].as_str().expect("os").is_empty());
    assert!(
        info.get("revision").is_none(),
        "the fixture is not a git checkout"
    );
}

#[test]
fn a_report_that_cannot_be_written_is_an_error() {
    let out = taskhost(&[
        "wpt",
        TESTS,
        "--include",
        "/b/three.window.html",
        "--log-wptreport",
        "/dev/full",
    ]);
    assert_one_line_error(&out, 2, "taskhost wpt: cannot write /dev/full: ");
    let stderr = text(&out.stderr);
    assert!(stderr.contains("No space left on device"), "{stderr}");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("All results were as expected."),
        "the summary is still printed: {stdout}"
    );

    // The summary itself, on a full stdout.
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = Command::new(env!("CARGO_BIN_EXE_taskhost"))
        .args(["wpt", TESTS, "--include", "/b/three.window.html"])
        .current_dir(root())
        .stdout(Stdio::from(full))
        .output()
        .expect("run taskhost");
    assert_one_line_error(
        &out,
        2,
        "taskhost wpt: cannot write the summary to stdout: No space left on device",
    );
}
