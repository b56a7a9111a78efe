//! Long animation frames against Chromium: each program of `tests/loaf/cases/` runs under
//! `taskhost run --virtual-time` and prints, per long animation frame of its scenario, what does
//! not depend on timing (which frames are long, whether they rendered and block, the scripts
//! they attribute with their invoker strings, source function names and window attribution, the
//! fields `toJSON()` gives). `tests/loaf/chromium/NAME.json` holds what headless Chromium printed
//! for the same program (`tools/loaf/record.mjs`); the two must agree, except where taskhost
//! knows less:
//!
//! - `sourceCharPosition` is -1 in taskhost (the engine does not say where a function's source
//!   starts); Chromium gives the position.
//! - `toJSON()` has no `navigationId` (taskhost has no navigations), and a frame's has no
//!   `paintTime`/`presentationTime` (no paint is modelled).

mod common;

use std::path::Path;

use serde_json::Value;

use common::{root, taskhost, text};

/// The keys taskhost's `toJSON()` leaves out.
const NOT_MODELLED: [&str; 3] = ["navigationId", "paintTime", "presentationTime"];

/// A printed frame with what taskhost does not model taken out.
fn comparable(mut frame: Value) -> Value {
    let strip_keys = |object: &mut Value| {
        if let Some(keys) = object.get_mut("keys").and_then(Value::as_array_mut) {
            keys.retain(|k| !NOT_MODELLED.contains(&k.as_str().unwrap_or("")));
        }
    };
    strip_keys(&mut frame);
    if let Some(scripts) = frame.get_mut("scripts").and_then(Value::as_array_mut) {
        for script in scripts {
            strip_keys(script);
            if let Some(object) = script.as_object_mut() {
                object.remove("sourceCharPosition");
            }
        }
    }
    frame
}

fn taskhost_frames(case: &Path) -> Vec<Value> {
    let path = case.to_str().expect("utf-8 path");
    let out = taskhost(&["run", "--virtual-time", path]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let mut lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.pop(), Some("end"), "{stdout}");
    lines
        .into_iter()
        .map(|line| comparable(serde_json::from_str(line).expect("a JSON line")))
        .collect()
}

fn chromium_frames(name: &str) -> Vec<Value> {
    let path = root().join(format!("tests/loaf/chromium/{name}.json"));
    let json = std::fs::read_to_string(&path).expect("the recording exists");
    let recording: Value = serde_json::from_str(&json).expect("the recording is JSON");
    recording["frames"]
        .as_array()
        .expect("frames")
        .iter()
        .cloned()
        .map(comparable)
        .collect()
}

fn check(name: &str) {
    let case = root().join(format!("tests/loaf/cases/{name}.js"));
    let ours = taskhost_frames(&case);
    let theirs = chromium_frames(name);
    assert_eq!(
        ours.len(),
        theirs.len(),
        "{name}: taskhost printed {} long frames, Chromium {}:\n{ours:#?}\n{theirs:#?}",
        ours.len(),
        theirs.len()
    );
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        assert_eq!(
            a, b,
            "{name}: frame {i} differs (left: taskhost, right: Chromium)"
        );
    }
}

#[test]
fn a_long_timer_task() {
    check("timeout");
}

#[test]
fn a_long_animation_frame_callback() {
    check("raf");
}

#[test]
fn a_long_click_listener() {
    check("click");
}

#[test]
fn a_long_post_task_callback() {
    check("post_task");
}

#[test]
fn promise_reactions() {
    check("promise");
}

#[test]
fn a_task_and_the_rendering_in_one_frame() {
    check("several");
}

#[test]
fn a_long_classic_script() {
    check("script");
}

/// Every program has its recording and its test.
#[test]
fn every_case_is_recorded() {
    let dir = root().join("tests/loaf/cases");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("cases")
        .flatten()
        .filter_map(|e| {
            e.file_name()
                .to_str()
                .and_then(|n| n.strip_suffix(".js"))
                .map(str::to_owned)
        })
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "click",
            "post_task",
            "promise",
            "raf",
            "script",
            "several",
            "timeout"
        ]
    );
    for name in names {
        assert!(
            root()
                .join(format!("tests/loaf/chromium/{name}.json"))
                .exists(),
            "{name} has no recording"
        );
    }
}
