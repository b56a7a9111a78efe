//! Runs every `tests/differential/cases/*.js` through the real `taskhost` binary, once on the real
//! clock and once with `--virtual-time`, and requires exit status 0 and stdout equal to `NAME.out`,
//! which is what headless Chromium printed for the same program (recorded with
//! `tools/differential/record.mjs`; see `tools/differential/README.md`). The expected outputs come
//! from Chromium only: when taskhost disagrees, taskhost is what is wrong.

mod common;

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};

const CASES: &str = "tests/differential/cases";

/// A bound on a run that never ends; it is never reached by a passing case.
const MAX_TIME: &str = "30";

fn run_one(script: &Path, virtual_time: bool) -> Result<(), Failed> {
    let expected = std::fs::read_to_string(script.with_extension("out"))
        .map_err(|e| format!("read .out: {e}"))?;
    let file = script.to_str().ok_or("path is not UTF-8")?;
    let mut args = vec!["run", "--max-time", MAX_TIME];
    if virtual_time {
        args.push("--virtual-time");
    }
    args.push(file);
    let output = common::taskhost(&args);
    let stdout = common::text(&output.stdout);
    let mut problems = String::new();
    if stdout != expected {
        problems.push_str(&common::diff("stdout", &expected, &stdout));
    }
    if output.status.code() != Some(0) {
        problems.push_str(&format!(
            "exit status: expected 0, got {:?}\nstderr:\n{}",
            output.status.code(),
            common::text(&output.stderr)
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(common::root().join(CASES))
        .expect("read the cases directory")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "js"))
        .collect();
    scripts.sort();
    let mut trials = Vec::new();
    for script in scripts {
        let name = script.file_stem().unwrap_or_default().to_string_lossy();
        let relative = Path::new(CASES).join(script.file_name().unwrap_or_default());
        for (mode, virtual_time) in [("real-time", false), ("virtual-time", true)] {
            let relative = relative.clone();
            trials.push(Trial::test(format!("{name}::{mode}"), move || {
                run_one(&relative, virtual_time)
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
