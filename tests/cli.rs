//! The command line: usage errors and unreadable files exit 2 with a one-line message and no
//! Rust panic text; `--help`/`--version` work; `eval` and `run` report exit statuses.

mod common;

use std::process::Output;

use common::{assert_one_line_error, taskhost};

fn stderr(output: &Output) -> String {
    common::text(&output.stderr)
}

#[test]
fn missing_file_is_a_usage_error() {
    let out = taskhost(&["run", "/nonexistent/dir/script.js"]);
    assert_one_line_error(
        &out,
        2,
        "cannot read /nonexistent/dir/script.js: no such file",
    );
}

#[test]
fn non_utf8_file_is_a_usage_error() {
    let path = std::env::temp_dir().join(format!("taskhost-bad-{}.js", std::process::id()));
    std::fs::write(&path, b"console.log(1)\n\xff\xfe").expect("write");
    let out = taskhost(&["run", path.to_str().expect("utf-8 path")]);
    let _ = std::fs::remove_file(&path);
    assert_one_line_error(&out, 2, "not UTF-8 (invalid byte at offset 15)");
}

#[test]
fn directory_is_a_usage_error() {
    let dir = std::env::temp_dir();
    let out = taskhost(&["run", dir.to_str().expect("utf-8 path")]);
    assert_one_line_error(&out, 2, "it is a directory");
}

#[test]
fn bad_flags_are_usage_errors() {
    let out = taskhost(&["run", "--max-time", "soon", "x.js"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("`soon` is not a number of seconds"));
    let out = taskhost(&["run", "--max-time", "-1", "x.js"]);
    assert_one_line_error(&out, 2, "`-1` must be a positive number of seconds");
    let out = taskhost(&["run", "--max-time", "1e300", "x.js"]);
    assert_one_line_error(&out, 2, "`1e300` is too large");
    let out = taskhost(&["bench", "--scale", "1e300"]);
    assert_one_line_error(&out, 2, "`1e300` is too large (at most 10)");
    // A limit too far away to represent never fires, and never fails.
    let out = taskhost(&["eval", "--max-time", "1.8e19", "setTimeout(() => {}, 1)"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    let out = taskhost(&["run", "--max-workers", "0", "x.js"]);
    assert_one_line_error(
        &out,
        2,
        "`0` is not a number of workers: a whole number from 1 to 100000",
    );
    let out = taskhost(&["eval", "--max-workers", "many", "1"]);
    assert_one_line_error(&out, 2, "`many` is not a number of workers");
    let out = taskhost(&["eval", "--max-workers", "3", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = taskhost(&["frobnicate"]);
    assert_one_line_error(&out, 2, "unrecognized subcommand 'frobnicate'");
    let out = taskhost(&["run"]);
    assert_one_line_error(&out, 2, "required arguments were not provided: <FILE>");
    let out = taskhost(&["run", "x.js", "--frobnicate"]);
    assert_one_line_error(&out, 2, "unexpected argument '--frobnicate' found");
    // Without a command it is the REPL: with no input (stdin is empty), nothing is printed.
    let out = taskhost(&[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(common::text(&out.stdout), "");
}

#[test]
fn help_and_version() {
    let out = taskhost(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("run") && text.contains("eval") && text.contains("repl"),
        "{text}"
    );
    let out = taskhost(&["run", "--help"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("--virtual-time") && text.contains("--max-time") && text.contains("--module")
    );
    let out = taskhost(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("taskhost {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn eval_runs_code_and_reports_status() {
    let out = taskhost(&[
        "eval",
        "setTimeout(() => console.log('later'), 1); console.log('now')",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "now\nlater\n");
    let out = taskhost(&["eval", "null.x"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with("Uncaught TypeError: "),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("(<eval>:1:"), "{}", stderr(&out));
}

#[test]
fn module_flag_runs_a_js_file_as_a_module() {
    let path = std::env::temp_dir().join(format!("taskhost-mod-{}.js", std::process::id()));
    std::fs::write(
        &path,
        "await null; console.log(typeof import.meta, this === undefined);",
    )
    .expect("write");
    let file = path.to_str().expect("utf-8 path");
    let as_module = taskhost(&["run", "--module", file]);
    let as_script = taskhost(&["run", file]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(String::from_utf8_lossy(&as_module.stdout), "object true\n");
    assert_eq!(as_module.status.code(), Some(0));
    assert_eq!(
        as_script.status.code(),
        Some(1),
        "top-level await is a SyntaxError in a script"
    );
}

/// The process's `THP_enabled` (Linux 6.x `/proc/PID/status`) once a script of taskhost's is
/// running, with `env` added to its environment; `None` where the kernel does not report it.
#[cfg(target_os = "linux")]
fn thp_enabled_while_running(env: &[(&str, &str)]) -> Option<String> {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_taskhost"))
        .args(["eval", "console.log('ready'); setTimeout(() => {}, 60000)"])
        .env_remove("MIMALLOC_ALLOW_THP")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run taskhost");
    let mut line = String::new();
    let stdout = child.stdout.take().expect("piped stdout");
    BufReader::new(stdout).read_line(&mut line).expect("read");
    assert_eq!(line.trim(), "ready");
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id()));
    let _ = child.kill();
    let _ = child.wait();
    status
        .expect("read /proc/PID/status")
        .lines()
        .find_map(|l| l.strip_prefix("THP_enabled:").map(|v| v.trim().to_owned()))
}

/// Transparent huge pages are off for taskhost's heap (the kernel's synchronous compaction on
/// faults and the allocator's purges made them cost a third of a large burst's time), unless
/// the environment gives mimalloc a THP setting of its own.
#[cfg(target_os = "linux")]
#[test]
fn transparent_huge_pages_are_off_unless_the_environment_sets_them() {
    let Some(default) = thp_enabled_while_running(&[]) else {
        eprintln!("this kernel does not report THP_enabled; nothing to check");
        return;
    };
    assert_eq!(default, "0");
    // With the variable set, taskhost leaves the process as it found it (as this test's own).
    let inherited = std::fs::read_to_string("/proc/self/status")
        .expect("read /proc/self/status")
        .lines()
        .find_map(|l| l.strip_prefix("THP_enabled:").map(|v| v.trim().to_owned()));
    assert_eq!(
        thp_enabled_while_running(&[("MIMALLOC_ALLOW_THP", "1")]),
        inherited
    );
}
