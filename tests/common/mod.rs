//! What the command-line test crates share: the real binary run from the project root, text of
//! its output, per-process temporary files, the shape of a usage error, and the directives of a
//! test script.

// Each test crate uses a part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The project root (tests' paths are relative to it).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Run the `taskhost` binary of this build from the project root.
pub fn taskhost(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_taskhost"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run taskhost")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A path in the temporary directory, unique to this test process and `name`.
pub fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("taskhost-test-{}-{name}", std::process::id()))
}

/// A usage error: exit `status`, one line on stderr that contains `contains`, no panic text.
pub fn assert_one_line_error(output: &Output, status: i32, contains: &str) {
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(status), "stderr: {stderr}");
    assert!(
        stderr.contains(contains),
        "stderr {stderr:?} lacks {contains:?}"
    );
    assert!(
        !stderr.contains("panicked"),
        "panic text reached the user: {stderr}"
    );
    assert_eq!(
        stderr.trim_end().lines().count(),
        1,
        "not one line: {stderr:?}"
    );
}

/// The lines where `actual` differs from `expected`, then the whole of `actual`, under `label`.
pub fn diff(label: &str, expected: &str, actual: &str) -> String {
    let mut text = format!("{label} differs:\n");
    let (e, a): (Vec<_>, Vec<_>) = (expected.lines().collect(), actual.lines().collect());
    for i in 0..e.len().max(a.len()) {
        let (el, al) = (e.get(i).copied(), a.get(i).copied());
        if el != al {
            text.push_str(&format!(
                "  line {}:\n    expected: {}\n    actual:   {}\n",
                i + 1,
                el.unwrap_or("<none>"),
                al.unwrap_or("<none>")
            ));
        }
    }
    text.push_str(&format!("--- full {label} ---\n{actual}"));
    text
}

/// Every script under `dir` (`.js`, `.mjs`, `.html`) that has an expected `.out` beside it, in
/// path order.
pub fn scripts_with_output(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            scripts_with_output(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e == "js" || e == "mjs" || e == "html")
            && path.with_extension("out").exists()
        {
            out.push(path);
        }
    }
}

/// The directives in a script's leading `//` comment lines (see `tests/js_tests.rs`).
pub struct Directives {
    /// `// flags: ...`: options before the file.
    pub flags: Vec<String>,
    /// `// args: ...`: script arguments after `--`.
    pub args: Vec<String>,
    /// `// status: N`: the expected exit status (0 when absent, -1 when not a number).
    pub status: i32,
    /// `// explore: skip: REASON`: the reason, when the script is left out of exploring.
    pub explore_skip: Option<String>,
}

/// Read the directives of `source`.
pub fn directives(source: &str) -> Directives {
    let mut d = Directives {
        flags: Vec::new(),
        args: Vec::new(),
        status: 0,
        explore_skip: None,
    };
    for line in source.lines() {
        let Some(comment) = line.strip_prefix("//") else {
            break;
        };
        let comment = comment.trim();
        if let Some(flags) = comment.strip_prefix("flags:") {
            d.flags = flags.split_whitespace().map(str::to_owned).collect();
        } else if let Some(args) = comment.strip_prefix("args:") {
            d.args = args.split_whitespace().map(str::to_owned).collect();
        } else if let Some(status) = comment.strip_prefix("status:") {
            d.status = status.trim().parse().unwrap_or(-1);
        } else if let Some(reason) = comment.strip_prefix("explore: skip:") {
            d.explore_skip = Some(reason.trim().to_owned());
        }
    }
    d
}
