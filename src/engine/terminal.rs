//! Where console output and error reports go: stdout and stderr, unless an interactive prompt
//! has taken the terminal. While the REPL's line editor shows a prompt, output written straight
//! to the terminal would land in the middle of the line being typed; the REPL installs a sink
//! that prints above the prompt and redraws it (`cli::repl`).
//!
//! Invariant: a sink, once installed, receives every line of every agent's thread, in the order
//! the lines were written; without one, nothing changes.

use std::io::Write;
use std::sync::Mutex;

/// Takes whole lines of output (each ending in `\n`).
pub type Sink = Box<dyn FnMut(String) + Send>;

static SINK: Mutex<Option<Sink>> = Mutex::new(None);

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
    if let Some(rest) = to_sink(line) {
        return writeln!(std::io::stdout().lock(), "{rest}");
    }
    Ok(())
}

/// Write `line` (and a line break) to stderr, or to the sink. Stdout is flushed first, so that
/// the two streams interleave in the order things happened when both go to one terminal.
pub fn write_stderr(line: &str) -> std::io::Result<()> {
    if let Some(rest) = to_sink(line) {
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
