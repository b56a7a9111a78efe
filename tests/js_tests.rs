//! Runs every `js-tests/**/*.js` through the real `taskhost` binary and checks its stdout,
//! stderr and exit status against the expectations beside it:
//!
//! - `NAME.out`: the expected stdout, exactly (required);
//! - `NAME.err`: the expected stderr, exactly (optional: when absent, stderr must be empty);
//!   `$DIR` in it stands for the test file's absolute directory;
//! - leading `//` comment lines of the script may hold directives:
//!   `// flags: --virtual-time --max-time 1` (options before the file),
//!   `// args: a b` (script arguments after `--`), `// status: 1` (expected exit status,
//!   default 0); `// explore: skip: REASON` leaves the script out of `tests/explore.rs`, which
//!   runs it under random policies (REASON: the order or time it checks is the user agent's
//!   choice, or it needs the real clock).

mod common;

use std::path::Path;
use std::process::Command;

use libtest_mimic::{Arguments, Failed, Trial};

fn run_one(script: &Path) -> Result<(), Failed> {
    let source = std::fs::read_to_string(script).map_err(|e| format!("read: {e}"))?;
    let d = common::directives(&source);
    let dir = script
        .parent()
        .and_then(|p| std::fs::canonicalize(p).ok())
        .ok_or("no directory")?;
    let mut command = Command::new(env!("CARGO_BIN_EXE_taskhost"));
    command.arg("run").args(&d.flags).arg(script);
    if !d.args.is_empty() {
        command.arg("--").args(&d.args);
    }
    let output = command.output().map_err(|e| format!("spawn: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let expected_out = std::fs::read_to_string(script.with_extension("out"))
        .map_err(|e| format!("read .out: {e}"))?;
    let expected_err = std::fs::read_to_string(script.with_extension("err"))
        .unwrap_or_default()
        .replace("$DIR", &dir.display().to_string());
    let mut problems = String::new();
    if stdout != expected_out {
        problems.push_str(&common::diff("stdout", &expected_out, &stdout));
    }
    if stderr != expected_err {
        problems.push_str(&common::diff("stderr", &expected_err, &stderr));
    }
    let status = output.status.code().unwrap_or(-1);
    if status != d.status {
        problems.push_str(&format!(
            "exit status: expected {}, got {status}\n",
            d.status
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
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut scripts = Vec::new();
    for dir in ["js-tests", "examples"] {
        common::scripts_with_output(&root.join(dir), &mut scripts);
    }
    let trials = scripts
        .into_iter()
        .map(|script| {
            let name = script
                .strip_prefix(root)
                .unwrap_or(&script)
                .display()
                .to_string();
            Trial::test(name, move || run_one(&script))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
