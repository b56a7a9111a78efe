//! `--trace` and `--log-tasks` through the real binary, on `examples/trace_demo.js`: the trace is
//! Chrome trace-event JSON whose tasks, arguments, flows, instants and counters say what ran when,
//! and tracing does not change what runs or in which order.

mod common;

use std::collections::HashMap;

use serde_json::Value;

use common::{assert_one_line_error, root, taskhost, temp_file, text};

/// Run the demo with `--trace` into the temporary file `name` and return (stdout, events).
fn traced_demo(name: &str, extra: &[&str]) -> (String, Vec<Value>) {
    let path = temp_file(name);
    let path_text = path.to_str().expect("utf-8 path");
    let mut args = vec!["run", "examples/trace_demo.js", "--trace", path_text];
    args.extend_from_slice(extra);
    let out = taskhost(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json = std::fs::read_to_string(&path).expect("trace written");
    let _ = std::fs::remove_file(&path);
    let events: Vec<Value> = serde_json::from_str(&json).expect("the trace is a JSON array");
    (text(&out.stdout), events)
}

fn of_phase<'a>(events: &'a [Value], ph: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["ph"] == ph).collect()
}

#[test]
fn the_trace_says_what_ran_when() {
    let (stdout, events) = traced_demo("trace.json", &[]);
    // Tracing does not change the order.
    let expected = std::fs::read_to_string(root().join("examples/trace_demo.out")).expect("out");
    assert_eq!(stdout, expected);

    // Metadata: Perfetto shows the process and "taskhost event loop".
    let meta = of_phase(&events, "M");
    assert!(
        meta.iter()
            .any(|e| e["name"] == "process_name" && e["args"]["name"] == "taskhost")
    );
    assert!(
        meta.iter()
            .any(|e| e["name"] == "thread_name" && e["args"]["name"] == "taskhost event loop")
    );

    // One complete event per task, in the order they ran.
    let mut tasks = of_phase(&events, "X");
    tasks.sort_by(|a, b| {
        a["ts"]
            .as_f64()
            .partial_cmp(&b["ts"].as_f64())
            .expect("numbers")
    });
    let names: Vec<&str> = tasks
        .iter()
        .map(|t| t["name"].as_str().unwrap_or(""))
        .collect();
    assert!(names[0].starts_with("script ") && names[0].ends_with("trace_demo.js"));
    assert_eq!(
        names[1..],
        [
            "postTask onClick",
            "postTask prefetchImages",
            "postTask render",
            "setTimeout tick",
            "postTask analytics",
            "yield continuation",
            "yield continuation",
            "yield continuation",
        ]
    );
    // Slices do not overlap: one task at a time.
    for pair in tasks.windows(2) {
        let end = pair[0]["ts"].as_f64().expect("ts") + pair[0]["dur"].as_f64().expect("dur");
        assert!(
            end <= pair[1]["ts"].as_f64().expect("ts") + 1e-6,
            "{pair:?}"
        );
    }

    // Arguments: band, priorities, continuation flag, enqueue order, queueing delay, call site.
    let by_name = |name: &str| {
        tasks
            .iter()
            .find(|t| t["name"] == name)
            .copied()
            .expect(name)
    };
    let click = &by_name("postTask onClick")["args"];
    assert_eq!(click["band"], "high");
    assert_eq!(click["priority"], "user-blocking");
    assert_eq!(click["effective_priority"], 4);
    assert_eq!(click["continuation"], false);
    assert!(
        click["posted_at"]
            .as_str()
            .is_some_and(|s| s.ends_with("trace_demo.js:38:19"))
    );
    // The prefetch ran as user-visible: setPriority moved its queue before it ran.
    let prefetch = &by_name("postTask prefetchImages")["args"];
    assert_eq!(
        (prefetch["band"].as_str(), prefetch["priority"].as_str()),
        (Some("normal"), Some("user-visible"))
    );
    let timer = &by_name("setTimeout tick")["args"];
    assert_eq!(timer["band"], "normal");
    assert!(
        timer.get("priority").is_none(),
        "a timer has no scheduler priority"
    );
    for t in tasks.iter().filter(|t| t["name"] == "yield continuation") {
        let a = &t["args"];
        assert_eq!(
            (a["band"].as_str(), a["priority"].as_str()),
            (Some("low"), Some("background"))
        );
        assert_eq!(
            (
                a["effective_priority"].as_u64(),
                a["continuation"].as_bool()
            ),
            (Some(1), Some(true))
        );
    }
    for t in &tasks[1..] {
        assert!(
            t["args"]["queueing_delay_us"]
                .as_f64()
                .is_some_and(|d| d >= 0.0),
            "{t}"
        );
        assert!(
            t["args"]["enqueue_order"].as_u64().is_some_and(|o| o > 0),
            "{t}"
        );
    }

    // Flows: each arrow starts inside the slice that posted and ends where the task ran.
    let starts: HashMap<u64, &Value> = of_phase(&events, "s")
        .into_iter()
        .map(|e| (e["id"].as_u64().expect("flow id"), e))
        .collect();
    let ends = of_phase(&events, "f");
    let slice_at = |ts: f64| {
        tasks.iter().find(|t| {
            let start = t["ts"].as_f64().expect("ts");
            start <= ts && ts <= start + t["dur"].as_f64().expect("dur")
        })
    };
    let mut arrows = Vec::new();
    for end in &ends {
        let id = end["id"].as_u64().expect("flow id");
        let start = starts
            .get(&id)
            .unwrap_or_else(|| panic!("flow {id} has no start"));
        let from = slice_at(start["ts"].as_f64().unwrap_or(-1.0)).expect("a posting slice");
        let to = tasks
            .iter()
            .find(|t| t["ts"] == end["ts"])
            .expect("the flow ends where a task starts");
        arrows.push((
            from["name"].as_str().unwrap_or(""),
            to["name"].as_str().unwrap_or(""),
        ));
    }
    assert!(
        arrows
            .iter()
            .any(|(f, t)| f.starts_with("script") && *t == "postTask onClick")
    );
    assert!(
        arrows
            .iter()
            .any(|(f, t)| f.starts_with("script") && *t == "setTimeout tick")
    );
    assert!(arrows.contains(&("postTask analytics", "yield continuation")));
    assert!(arrows.contains(&("yield continuation", "yield continuation")));
    assert_eq!(
        ends.len(),
        8,
        "every task but the script was posted by a traced task: {arrows:?}"
    );

    // Instants: the click's setPriority and abort, the timer, the yields.
    let instants: Vec<&str> = of_phase(&events, "i")
        .iter()
        .map(|e| e["name"].as_str().unwrap_or(""))
        .collect();
    for (name, count) in [
        ("setTimeout", 1),
        ("setPriority", 1),
        ("prioritychange", 1),
        ("abort", 1),
        ("yield", 3),
    ] {
        assert_eq!(
            instants.iter().filter(|n| **n == name).count(),
            count,
            "{name} in {instants:?}"
        );
    }
    let set_priority = of_phase(&events, "i")
        .into_iter()
        .find(|e| e["name"] == "setPriority")
        .expect("setPriority");
    assert_eq!(
        (
            set_priority["args"]["from"].as_str(),
            set_priority["args"]["to"].as_str()
        ),
        (Some("background"), Some("user-visible"))
    );

    // Counters: pending tasks per band; after the script: the click (high); render and the task
    // that will be cancelled (normal); analytics and the prefetch, still background (low); the
    // timer.
    let counters = of_phase(&events, "C");
    let first = &counters.first().expect("a counter")["args"];
    assert_eq!(
        (
            first["high"].as_u64(),
            first["normal"].as_u64(),
            first["low"].as_u64(),
            first["timers"].as_u64()
        ),
        (Some(1), Some(2), Some(2), Some(1))
    );
    let last = &counters.last().expect("a counter")["args"];
    assert_eq!(
        (
            last["high"].as_u64(),
            last["normal"].as_u64(),
            last["low"].as_u64()
        ),
        (Some(0), Some(0), Some(0))
    );
}

#[test]
fn virtual_time_traces_have_virtual_timestamps() {
    let (stdout, events) = traced_demo("virtual-trace.json", &["--virtual-time"]);
    assert!(stdout.starts_with("click handled\n"), "{stdout}");
    // The clock stands still while tasks run: every slice starts at 0 or at the timer's 1 ms.
    let tasks = of_phase(&events, "X");
    assert_eq!(tasks.len(), 9, "one slice per task");
    for task in tasks {
        let ts = task["ts"].as_f64().unwrap_or(-1.0);
        assert!(ts == 0.0 || ts == 1000.0, "{task}");
        assert_eq!(task["dur"].as_f64(), Some(0.0), "{task}");
    }
}

#[test]
fn log_tasks_prints_a_line_per_task() {
    let out = taskhost(&["run", "examples/trace_demo.js", "--log-tasks"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout,
        std::fs::read_to_string(root().join("examples/trace_demo.out")).expect("out")
    );
    let stderr = text(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 9, "{stderr}");
    assert!(lines[0].contains(" ms  normal  script"), "{}", lines[0]);
    let click = lines[1];
    for part in [
        " ms  high",
        "postTask",
        "user-blocking",
        "waited",
        "onClick (",
        "trace_demo.js:38:19)",
    ] {
        assert!(click.contains(part), "{click:?} lacks {part:?}");
    }
    assert!(
        lines[5].contains("low") && lines[5].contains("analytics"),
        "{}",
        lines[5]
    );
    assert!(
        lines[8].contains("yield continuation") && lines[8].contains("background"),
        "{}",
        lines[8]
    );
}

#[test]
fn an_unwritable_trace_is_a_usage_error() {
    let out = taskhost(&[
        "run",
        "examples/trace_demo.js",
        "--trace",
        "/nonexistent-dir/trace.json",
    ]);
    assert_one_line_error(
        &out,
        2,
        "taskhost: cannot write the trace /nonexistent-dir/trace.json",
    );
    assert!(
        text(&out.stderr).starts_with("taskhost: cannot write the trace"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty(), "nothing ran");
}

/// A trace that fills the disk part-way (`/dev/full` opens, but every write fails) is an error:
/// status 2 and one line naming the file and the OS error, after the program's own output.
#[test]
fn a_trace_that_cannot_be_written_in_full_is_an_error() {
    for (args, expected_out) in [
        (
            vec!["run", "examples/trace_demo.js", "--trace", "/dev/full"],
            Some("examples/trace_demo.out"),
        ),
        (
            vec![
                "run",
                "examples/workers.js",
                "--trace",
                "/dev/full",
                "--virtual-time",
            ],
            None,
        ),
        (
            vec!["eval", "console.log('hi')", "--trace", "/dev/full"],
            None,
        ),
    ] {
        let out = taskhost(&args);
        assert_one_line_error(
            &out,
            2,
            "taskhost: cannot write the trace /dev/full: No space left on device",
        );
        let stdout = text(&out.stdout);
        match expected_out {
            Some(file) => assert_eq!(
                stdout,
                std::fs::read_to_string(root().join(file)).expect("out"),
                "{args:?}: the program's output is still printed"
            ),
            None => assert!(
                !stdout.is_empty(),
                "{args:?}: the program's output is printed"
            ),
        }
    }
}

#[test]
fn each_task_is_traced_with_its_window() {
    let path = temp_file("iframes-trace.json");
    let path_text = path.to_str().expect("utf-8 path");
    let out = taskhost(&["run", "examples/iframes.js", "--trace", path_text]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json = std::fs::read_to_string(&path).expect("trace written");
    let _ = std::fs::remove_file(&path);
    let events: Vec<Value> = serde_json::from_str(&json).expect("the trace is a JSON array");
    let slices = of_phase(&events, "X");
    let realm_of = |slice: &Value| {
        slice["args"]["realm"]
            .as_str()
            .expect("every task slice names its realm")
            .to_owned()
    };
    let frame: Vec<&&Value> = slices
        .iter()
        .filter(|s| realm_of(s) == "iframe 1")
        .collect();
    // The frame's tasks ran in the frame's realm: the ad script, the analytics task, and the
    // continuation of the yield() to the frame's scheduler.
    assert_eq!(frame.len(), 3, "{frame:?}");
    assert_eq!(frame[2]["args"]["source"], "yield continuation");
    assert!(frame.iter().all(|s| {
        s["name"]
            .as_str()
            .is_some_and(|n| n.ends_with("[iframe 1]"))
    }));
    assert!(slices.iter().any(|s| realm_of(s) == "main"));
}

/// Workers: one track per worker thread, named after its script, on the window's time line, and
/// flows that start on one thread and end on the other (both directions); `--log-tasks` marks a
/// worker's lines.
#[test]
fn workers_get_their_own_tracks_and_flows_between_threads() {
    let path = temp_file("trace-workers.json");
    let path_text = path.to_str().expect("utf-8 path");
    let out = taskhost(&[
        "run",
        "--virtual-time",
        "js-tests/workers/nested.js",
        "--trace",
        path_text,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json = std::fs::read_to_string(&path).expect("trace written");
    let _ = std::fs::remove_file(&path);
    let events: Vec<Value> = serde_json::from_str(&json).expect("the trace is a JSON array");
    let names: HashMap<u64, String> = of_phase(&events, "M")
        .iter()
        .filter(|e| e["name"] == "thread_name")
        .map(|e| {
            (
                e["tid"].as_u64().expect("tid"),
                e["args"]["name"].as_str().expect("name").to_owned(),
            )
        })
        .collect();
    assert_eq!(
        names.get(&1).map(String::as_str),
        Some("taskhost event loop")
    );
    assert_eq!(
        names.get(&2).map(String::as_str),
        Some("worker 1 (/resources/nested_outer.js)")
    );
    assert_eq!(
        names.get(&3).map(String::as_str),
        Some("worker 2 (/resources/nested_inner.js)")
    );
    // Every thread ran tasks.
    for tid in 1..=3 {
        assert!(
            of_phase(&events, "X").iter().any(|e| e["tid"] == tid),
            "no task on track {tid}"
        );
    }
    // Flows: where each starts and ends.
    let mut starts = HashMap::new();
    let mut ends = HashMap::new();
    for e in &events {
        let (Some(id), Some(tid)) = (e["id"].as_u64(), e["tid"].as_u64()) else {
            continue;
        };
        match e["ph"].as_str() {
            Some("s") => {
                starts.insert(id, tid);
            }
            Some("f") => {
                ends.insert(id, tid);
            }
            _ => {}
        }
    }
    let crossing: Vec<(u64, u64)> = ends
        .iter()
        .filter_map(|(id, to)| starts.get(id).map(|from| (*from, *to)))
        .filter(|(from, to)| from != to)
        .collect();
    for pair in [(1, 2), (2, 3), (3, 2), (2, 1)] {
        assert!(
            crossing.contains(&pair),
            "no flow from track {} to track {}: {crossing:?}",
            pair.0,
            pair.1
        );
    }

    let log = taskhost(&[
        "run",
        "--virtual-time",
        "--log-tasks",
        "js-tests/workers/nested.js",
    ]);
    assert!(log.status.success());
    let stderr = text(&log.stderr);
    assert!(
        stderr
            .lines()
            .any(|l| l.ends_with("[worker 2]") || l.contains("[worker 2] ")),
        "{stderr}"
    );
    assert!(stderr.lines().any(|l| !l.contains("[worker")), "{stderr}");
}
