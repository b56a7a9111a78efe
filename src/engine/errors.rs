//! Reporting errors the way a browser console does: `Uncaught <error> (file:line:col)` followed by
//! the stack, and `Uncaught (in promise) <reason>` for unhandled rejections; and turning an
//! exception into the JS value a promise is rejected with ([`exception_to_value`]).
//!
//! Invariants: every report marks the host as failed (exit status 1) and writes to stderr only.
//! An engine error that is not a stack limit (an engine panic) never becomes a JS value: it keeps
//! unwinding, so scripts cannot catch it.

use boa_engine::error::{EngineError, RuntimeLimitError};
use boa_engine::{Context, JsError, JsNativeError, JsNativeErrorKind, JsResult, JsValue};

use crate::agent::host::Host;

/// The console half of HTML "report an exception" and of unhandled-rejection reports:
/// `{prefix} {text}` on stderr, marking the run as failed. (The `error` / `unhandledrejection`
/// events that come first belong to the web layer: `web::html::report`.)
pub fn report_uncaught(host: &Host, prefix: &str, text: &str) {
    host.mark_error();
    write_stderr(&format!("{prefix} {text}"));
}

/// Report a message that is not a JS exception (e.g. a host failure) as an error.
pub fn report_host_error(host: &Host, message: &str) {
    host.mark_error();
    write_stderr(&format!("error: {message}"));
}

/// Say something on stderr that is not an error (a browser console's warning): the run's exit
/// status is not changed.
pub fn report_host_warning(message: &str) {
    write_stderr(&format!("warning: {message}"));
}

/// An exception as the JS value a promise is rejected with (a promise-returning operation's
/// exception, WebIDL §3.7.6; a callback's exception, e.g. postTask step 11.2.3).
///
/// A thrown value or a native error is that value. Boa's recursion-depth and stack-size limits
/// are engine errors that scripts cannot catch; running out of stack is a `RangeError` in
/// browsers ("Maximum call stack size exceeded"), so they become a `RangeError` carrying the
/// limit's message. Every other engine error (an engine panic, and the loop-iteration limit,
/// which taskhost does not set) has no JS value and is returned unchanged as `Err`.
pub fn exception_to_value(error: JsError, context: &mut Context) -> JsResult<JsValue> {
    if let Some(EngineError::RuntimeLimit(
        limit @ (RuntimeLimitError::Recursion | RuntimeLimitError::StackSize),
    )) = error.as_engine()
    {
        return Ok(JsNativeError::range()
            .with_message(limit.to_string())
            .into_opaque(context)
            .into());
    }
    error.into_opaque(context)
}

/// Write a warning to stderr (it sets no exit status).
pub fn write_warning(text: &str) {
    write_stderr(text);
}

pub fn write_stderr(text: &str) {
    // Flush stdout first so that the two streams interleave in the order things happened when
    // both go to one terminal.
    // (Or to the prompt's sink, while a REPL has the terminal.)
    let _ = crate::engine::terminal::write_stderr(text);
}

/// Render an error: its `toString`-like head with the throw position, then the stack, with runs
/// of identical frames (deep recursion) folded into one line.
#[must_use]
pub fn describe_error(error: &JsError, file: &str) -> String {
    // Syntax errors from the parser carry "at line L, col C" in the message and no path (Boa
    // reports them as "(native)"): rewrite them with the file name.
    if let Some(native) = error.as_native()
        && matches!(native.kind(), JsNativeErrorKind::Syntax)
        && let Some((message, line, col)) = split_parser_position(native.message())
    {
        return format!("SyntaxError: {message} ({file}:{line}:{col})");
    }
    let text = locate_unresolved_name(error.to_string());
    let mut lines: Vec<&str> = text
        .lines()
        // Boa adds an unnamed native frame for resumed async code; it says nothing.
        .filter(|line| line.trim() != "at  (native)")
        .collect();
    // The head names where the error was thrown: the innermost JS frame (Boa's own head position
    // is the outermost frame's). A head without a position ("(native)": thrown after an await, or
    // by a native function with no JS caller) takes it too, if there is one; a native error whose
    // message already names its position (the source guard's) drops the marker.
    let frame_position = lines.iter().skip(1).find_map(|frame| {
        let position = frame.trim().strip_prefix("at ")?.rsplit_once(" (")?.1;
        (position != "native)").then_some(position)
    });
    let mut head = String::new();
    if let Some(first) = lines.first().copied()
        && !first.ends_with(" (native)")
        && let Some(position) = frame_position
        && let Some(open) = first.rfind(" (")
    {
        head = format!("{} ({position}", &first[..open]);
    } else if let Some(first) = lines.first().copied()
        && let Some(stripped) = first.strip_suffix(" (native)")
    {
        head = if stripped.ends_with(')') {
            stripped.to_owned()
        } else if let Some(position) = frame_position {
            format!("{stripped} ({position}")
        } else if error
            .as_native()
            .is_some_and(|n| matches!(n.kind(), JsNativeErrorKind::Syntax))
        {
            // A lexer error Boa gives no position (e.g. an unterminated string): the file, at
            // least.
            format!("{stripped} ({file})")
        } else {
            first.to_owned()
        };
    }
    if !head.is_empty() {
        lines[0] = &head;
    }
    fold_repeated_frames(&lines.join("\n"))
}

/// A `ReferenceError` for a name the engine resolved outside every construct it gives a position
/// (`file:?:?` at the top level, the function body's start inside a function): the innermost
/// frame gets the reference's own position, recovered from the source
/// (`engine::positions`).
fn locate_unresolved_name(text: String) -> String {
    // A native error, or one that became a value (a module's evaluation rejects its promise
    // with it): its first line names it either way.
    let head = text.lines().next().unwrap_or_default();
    let Some(name) = head
        .strip_prefix("ReferenceError: ")
        .and_then(|rest| rest.split_once(" is not defined"))
        .map(|(name, _)| name.to_owned())
        .filter(|name| !name.is_empty() && !name.contains(char::is_whitespace))
    else {
        return text;
    };
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let Some(frame) = lines.get_mut(1) else {
        return text;
    };
    let Some(inner) = frame.strip_suffix(')') else {
        return text;
    };
    let Some(open) = inner.rfind(" (") else {
        return text;
    };
    let position = &inner[open + 2..];
    let mut parts = position.rsplitn(3, ':');
    let (Some(col), Some(line), Some(file)) = (parts.next(), parts.next(), parts.next()) else {
        return text;
    };
    let engine_position = match (line.parse::<u32>(), col.parse::<u32>()) {
        (Ok(line), Ok(col)) => Some((line, col)),
        _ if line == "?" && col == "?" => None,
        _ => return text,
    };
    let Some((line, col)) =
        crate::engine::positions::unresolved_name_position(file, &name, engine_position)
    else {
        return text;
    };
    *frame = format!("{} ({file}:{line}:{col})", &inner[..open]);
    lines.join("\n")
}

/// Split "message at line L, col C" into its parts.
pub fn split_parser_position(message: &str) -> Option<(&str, u32, u32)> {
    let at = message.rfind(" at line ")?;
    let rest = &message[at + " at line ".len()..];
    let (line, col) = rest.split_once(", col ")?;
    let line = line.trim().parse().ok()?;
    let col = col.trim().parse().ok()?;
    Some((message[..at].trim_end_matches(','), line, col))
}

fn fold_repeated_frames(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4096));
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let mut repeats = 0usize;
        while lines.peek() == Some(&line) {
            lines.next();
            repeats += 1;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
        if repeats > 0 {
            out.push_str(&format!("\n    … the frame above {repeats} more time(s)"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parser_positions_are_split() {
        assert_eq!(
            split_parser_position("unexpected token ';', primary expression at line 1, col 9"),
            Some(("unexpected token ';', primary expression", 1, 9))
        );
        assert_eq!(split_parser_position("no position here"), None);
    }

    #[test]
    fn stack_limits_become_range_errors_and_panics_stay_errors() {
        use boa_engine::error::PanicError;
        let context = &mut Context::default();
        for limit in [RuntimeLimitError::Recursion, RuntimeLimitError::StackSize] {
            let value = exception_to_value(EngineError::RuntimeLimit(limit).into(), context);
            let error = value
                .map(JsError::from_opaque)
                .map(|e| e.try_native(context));
            let Ok(Ok(native)) = error else {
                panic!("a stack limit should be a RangeError value");
            };
            assert!(matches!(native.kind(), JsNativeErrorKind::Range));
            assert_eq!(native.message(), limit.to_string());
        }
        let panic: JsError = PanicError::new("broken").into();
        let result = exception_to_value(panic, context);
        assert!(result.is_err_and(|e| e.as_engine().is_some()));
        let thrown = JsError::from_opaque(JsValue::from(7));
        assert_eq!(
            exception_to_value(thrown, context).ok(),
            Some(JsValue::from(7))
        );
    }

    #[test]
    fn repeated_frames_fold() {
        let text = "E\n    at r (a.js:1:1)\n    at r (a.js:1:1)\n    at r (a.js:1:1)\n    at <main> (a.js:2:1)";
        assert_eq!(
            fold_repeated_frames(text),
            "E\n    at r (a.js:1:1)\n    … the frame above 2 more time(s)\n    at <main> (a.js:2:1)"
        );
    }
}
