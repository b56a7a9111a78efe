//! Tests of the wptreport JSON: wptrunner's shape, and what wpt.fyi requires.

use super::*;
use crate::wpt::condition::RunInfo as Conditions;
use crate::wpt::expectations::parse;
use crate::wpt::report::Outcome;
use crate::wpt::report::tests::outcome;

fn run_info() -> RunInfo {
    RunInfo {
        product: "taskhost",
        browser_version: "0.1.0",
        os: "linux".into(),
        os_version: Some("12".into()),
        processor: "x86_64",
        bits: 64,
        debug: false,
        revision: Some("0123456789abcdef0123456789abcdef01234567".into()),
        harness: "built-in".into(),
    }
}

fn iteration(outcomes: Vec<Outcome>) -> Iteration {
    Iteration {
        time_start: 1,
        time_end: 2,
        outcomes,
    }
}

#[test]
fn wptreport_has_the_wptrunner_shape() {
    let it = iteration(vec![
        outcome("/a.any.html", FileStatus::Ok, &[("y", SubtestStatus::Fail)]),
        outcome(
            "/b.any.html",
            FileStatus::Timeout,
            &[("z", SubtestStatus::Fail)],
        ),
        outcome("/c.any.serviceworker.html", FileStatus::Skip, &[]),
    ]);
    let e = parse(
        "[/b.any.html]\n  expected: [OK, TIMEOUT]\n  reason: r\n  [z]\n    expected: [FAIL, PASS]\n    reason: r\n",
        "e",
        &Conditions::new(),
    )
    .unwrap();
    let json = wptreport(&it, &e, &run_info());
    assert!(!json.contains('\n'), "one line");
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(check_wpt_fyi(&value), Ok(()));
    assert_eq!(value["time_start"], 1);
    assert_eq!(value["time_end"], 2);
    assert_eq!(value["subsuites"], serde_json::json!({}));
    let info = &value["run_info"];
    assert_eq!(info["product"], "taskhost");
    assert_eq!(info["os"], "linux");
    assert_eq!(info["os_version"], "12");
    assert_eq!(info["revision"], "0123456789abcdef0123456789abcdef01234567");
    let a = &value["results"][0];
    assert_eq!(a["test"], "/a.any.html");
    assert_eq!(a["subsuite"], "");
    assert_eq!(a["status"], "OK");
    assert!(a.get("expected").is_none(), "as expected: no `expected`");
    assert_eq!(a["known_intermittent"], serde_json::json!([]));
    assert_eq!(a["duration"], 5);
    assert_eq!(a["message"], serde_json::Value::Null);
    assert_eq!(a["subtests"][0]["name"], "y");
    assert_eq!(a["subtests"][0]["status"], "FAIL");
    assert_eq!(a["subtests"][0]["expected"], "PASS");
    assert_eq!(a["subtests"][0]["message"], "why");
    // A known intermittent status: `expected` names the expected one, as mozlog writes it.
    let b = &value["results"][1];
    assert_eq!(b["status"], "TIMEOUT");
    assert_eq!(b["expected"], "OK");
    assert_eq!(b["known_intermittent"], serde_json::json!(["TIMEOUT"]));
    assert!(b["subtests"][0].get("expected").is_none());
    assert_eq!(
        b["subtests"][0]["known_intermittent"],
        serde_json::json!(["PASS"])
    );
    // SKIP never has `expected`.
    assert!(value["results"][2].get("expected").is_none());
}

#[test]
fn the_wpt_fyi_check_finds_what_wpt_fyi_rejects() {
    let it = iteration(vec![outcome(
        "/a.any.html",
        FileStatus::Ok,
        &[("y", SubtestStatus::Pass)],
    )]);
    let good: serde_json::Value =
        serde_json::from_str(&wptreport(&it, &Expectations::default(), &run_info())).unwrap();
    let broken = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut report = good.clone();
        edit(&mut report);
        check_wpt_fyi(&report).unwrap_err()
    };
    assert_eq!(
        broken(&|r| {
            r["run_info"]
                .as_object_mut()
                .unwrap()
                .remove("browser_version");
        }),
        "run_info.browser_version is missing (wpt.fyi requires it)"
    );
    assert_eq!(
        broken(&|r| r["run_info"]["revision"] = "abc".into()),
        "run_info.revision `abc` is not a full commit hash"
    );
    assert_eq!(
        broken(&|r| {
            r.as_object_mut().unwrap().remove("results");
        }),
        "results is missing (wpt.fyi: \"Missing 'results' field\")"
    );
    assert_eq!(
        broken(&|r| r["time_end"] = 0.into()),
        "time_end is before time_start"
    );
    assert_eq!(
        broken(&|r| r["results"][0]["test"] = "a.any.html".into()),
        "results[0].test `a.any.html` does not start with /"
    );
    assert_eq!(
        broken(&|r| {
            let first = r["results"][0].clone();
            r["results"].as_array_mut().unwrap().push(first);
        }),
        "results[1].test `/a.any.html` appears twice (wpt.fyi: conflicting data)"
    );
    assert_eq!(
        broken(&|r| r["results"][0]["subtests"][0]["status"] = "OK".into()),
        "results[0].subtests[0].status `OK` is not a status"
    );
    assert_eq!(
        broken(&|r| r["results"][0]["known_intermittent"] = "FAIL".into()),
        "results[0].known_intermittent is not a list"
    );
    assert_eq!(
        broken(&|r| {
            r["results"][0].as_object_mut().unwrap().remove("duration");
        }),
        "results[0].duration is not a number of ms"
    );
    assert_eq!(
        broken(&|r| r["results"][0]["subtests"][0]["message"] = 3.into()),
        "results[0].subtests[0].message is not a string or null"
    );
}
