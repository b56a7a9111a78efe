//! Long tasks and User Timing through the real binary: a 120 ms task is one long task in a
//! `PerformanceObserver`, in the `--long-tasks` summary (with its source and where it was
//! posted) and in `--trace` (an async slice of category `longtask`), beside the marks (instant
//! events) and measures (async slices) of `user_timing`; work that yields every 10 ms is none.

mod common;

use serde_json::Value;

use common::{taskhost, temp_file, text};

/// Run `script` with `--long-tasks --trace`: (stdout, stderr, trace events).
fn run(script: &str, name: &str) -> (String, String, Vec<Value>) {
    let path = temp_file(name);
    let path_text = path.to_str().expect("utf-8 path");
    let out = taskhost(&["run", script, "--long-tasks", "--trace", path_text]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json = std::fs::read_to_string(&path).expect("trace written");
    let _ = std::fs::remove_file(&path);
    let events: Vec<Value> = serde_json::from_str(&json).expect("the trace is a JSON array");
    (text(&out.stdout), text(&out.stderr), events)
}

fn of_cat<'a>(events: &'a [Value], cat: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["cat"] == cat).collect()
}

#[test]
fn a_120_ms_task_is_one_long_task_everywhere() {
    let (stdout, stderr, events) = run("tests/long-tasks/busy.js", "busy.json");
    assert_eq!(stdout, "observed 1\n");

    // The summary: one long task, its duration, its source and callback and where it was posted.
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    assert!(
        lines[0].starts_with("long tasks: 1 long task (50 ms or more), longest "),
        "{stderr}"
    );
    let longest: f64 = lines[0]
        .trim_start_matches("long tasks: 1 long task (50 ms or more), longest ")
        .trim_end_matches(" ms")
        .parse()
        .expect("a duration");
    assert!(longest > 100.0, "{stderr}");
    // (The script's path as given, made absolute.)
    assert!(lines[1].contains("1 × postTask work (/"), "{stderr}");
    assert!(
        lines[1].contains("tests/long-tasks/busy.js:9:19)  total "),
        "{stderr}"
    );

    // The trace: one long task slice, begin and end, around the task that ran `work`.
    let long = of_cat(&events, "longtask");
    assert_eq!(long.len(), 2, "{long:?}");
    assert_eq!(long[0]["ph"], "b");
    assert_eq!(long[1]["ph"], "e");
    assert_eq!(long[0]["id"], long[1]["id"]);
    assert_eq!(long[0]["args"]["source"], "postTask");
    assert_eq!(long[0]["args"]["callback"], "work");
    let start = long[0]["ts"].as_f64().expect("ts");
    let end = long[1]["ts"].as_f64().expect("ts");
    assert!(end - start > 100_000.0, "{long:?}");
    let task = events
        .iter()
        .find(|e| e["ph"] == "X" && e["name"] == "postTask work")
        .expect("the task's slice");
    assert_eq!(task["ts"].as_f64(), Some(start));
    // The trace prints times in microseconds with three decimals, so `end - start` in f64 can
    // differ from the printed duration in the last bit: compare to a nanosecond.
    let dur = task["dur"].as_f64().expect("dur");
    assert!((dur - (end - start)).abs() < 1e-3, "{dur} vs {}", end - start);

    // Marks are instants and the measure a slice between them, inside the task.
    let timing = of_cat(&events, "user_timing");
    let marks: Vec<&str> = timing
        .iter()
        .filter(|e| e["ph"] == "i")
        .filter_map(|e| e["name"].as_str())
        .collect();
    assert_eq!(marks, ["work-start", "work-end"]);
    let measure: Vec<&&Value> = timing.iter().filter(|e| e["name"] == "work").collect();
    assert_eq!(measure.len(), 2);
    assert_eq!(
        (&measure[0]["ph"], &measure[1]["ph"]),
        (&"b".into(), &"e".into())
    );
    let (m_start, m_end) = (
        measure[0]["ts"].as_f64().expect("ts"),
        measure[1]["ts"].as_f64().expect("ts"),
    );
    assert!(m_start >= start && m_end <= end && m_end - m_start >= 120_000.0);
}

#[test]
fn yielding_every_10_ms_is_no_long_task() {
    let (stdout, stderr, events) = run("js-tests/performance/long_task_yield.js", "yield.json");
    assert_eq!(stdout, "chunks done, long tasks observed: 0\n");
    assert_eq!(stderr, "long tasks: none (no task took 50 ms or more)\n");
    assert!(of_cat(&events, "longtask").is_empty());
    // The work did run as 76 tasks (the first and 75 continuations).
    let continuations = events
        .iter()
        .filter(|e| e["ph"] == "X" && e["name"] == "yield continuation")
        .count();
    assert_eq!(continuations, 75);
}

/// A script that is itself long is attributed to "script" and its file.
#[test]
fn a_long_script_is_attributed_to_the_script() {
    let out = taskhost(&[
        "eval",
        "const end = performance.now() + 60; while (performance.now() < end) {}",
        "--long-tasks",
    ]);
    assert!(out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with("long tasks: 1 long task"), "{stderr}");
    assert!(stderr.contains("1 × script <eval>  total"), "{stderr}");
}
