//! Where console output and error reports go: stdout and stderr, unless an interactive prompt
//! has taken the terminal. While the REPL's line editor shows a prompt, output written straight
//! to the terminal would land in the middle of the line being typed; the REPL installs a sink
//! that prints above the prompt and redraws it (`cli::repl`).
//!
//! `taskhost run --explore` runs a program many times in one process and captures each run's
//! output instead (`capture`, `take_captured`): stdout and stderr apart, every agent's lines.
//!
//! Invariant: a sink, once installed, receives every line of every agent's thread, in the order
//! the lines were written; without one, nothing changes. A capture, while on, takes precedence
//! over the sink.

use std::io::Write;
use std::sync::Mutex;

/// Takes whole lines of output (each ending in `\n`).
pub type Sink = Box<dyn FnMut(String) + Send>;

static SINK: Mutex<Option<Sink>> = Mutex::new(None);

/// What a run wrote, while captured.
#[derive(Debug, Default, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Captured {
    /// The lines written to stdout, each ending in `\n`.
    pub stdout: String,
    /// The lines written to stderr, each ending in `\n`.
    pub stderr: String,
}

static CAPTURE: Mutex<Option<Captured>> = Mutex::new(None);

/// Capture all further console output and error reports (until `take_captured`).
pub fn capture() {
    *CAPTURE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Captured::default());
}

/// Stop capturing; what was captured since `capture`.
pub fn take_captured() -> Captured {
    CAPTURE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take()
        .unwrap_or_default()
}

/// Add `line` to the capture, if one is on; the line back if not.
fn to_capture(line: &str, stderr: bool) -> Option<&str> {
    let mut capture = CAPTURE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match capture.as_mut() {
        Some(c) => {
            let text = if stderr { &mut c.stderr } else { &mut c.stdout };
            text.push_str(line);
            text.push('\n');
            None
        }
        None => Some(line),
    }
}

/// Send all further console output and error reports to `sink`.
pub fn redirect(sink: Sink) {
    *SINK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(sink);
}

/// Give the terminal back to stdout and stderr.
pub fn restore() {
    *SINK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = None;
}

/// Write `line` (and a line break) to stdout, or to the sink.
pub fn write_stdout(line: &str) -> std::io::Result<()> {
    if let Some(rest) = to_capture(line, false).and_then(to_sink) {
        return writeln!(std::io::stdout().lock(), "{rest}");
    }
    Ok(())
}

/// Write `line` (and a line break) to stderr, or to the sink. Stdout is flushed first, so that
/// the two streams interleave in the order things happened when both go to one terminal.
pub fn write_stderr(line: &str) -> std::io::Result<()> {
    if let Some(rest) = to_capture(line, true).and_then(to_sink) {
        let _ = std::io::stdout().flush();
        return writeln!(std::io::stderr().lock(), "{rest}");
    }
    Ok(())
}

/// Give `line` to the sink; the line back if there is none.
fn to_sink(line: &str) -> Option<&str> {
    let mut sink = SINK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match sink.as_mut() {
        Some(sink) => {
            sink(format!("{line}\n"));
            None
        }
        None => Some(line),
    }
}
