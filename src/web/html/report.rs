//! HTML "report an exception" (§8.1.4.7) and the console report of unhandled rejections: an
//! `ErrorEvent` at the global object first, the console only if it was not canceled.
//!
//! Every error that reaches the event loop goes through here: timer callbacks, `queueMicrotask`
//! callbacks, event listeners, tasks and microtasks of the runtime, module evaluation.
//!
//! Invariant: while the global is *in error reporting mode* (an `error` event is being
//! dispatched), a further exception goes to the console only, so a throwing `error` listener
//! cannot recurse.

use std::cell::Cell;
use std::rc::Rc;

use boa_engine::{Context, JsError, JsObject, JsResult, JsString, JsValue};

use crate::agent::host::{Host, WebHooks};
use crate::agent::realm::{insert_realm_data, realm_data};
use crate::engine::errors::{describe_error, report_uncaught};
use crate::web::dom::dom_exception::as_dom_exception;
use crate::web::dom::event::EventInit;
use crate::web::html::error_event::{ErrorFields, create_error_event};
use crate::web::html::worker_agents::propagate_error;

/// The global's "in error reporting mode".
#[derive(Default)]
struct ErrorReportingMode(Cell<bool>);

pub fn register(context: &mut Context) {
    insert_realm_data(context, Rc::new(ErrorReportingMode::default()));
    if let Ok(host) = Host::from_context(context) {
        host.install_web_hooks(WebHooks {
            report_exception,
            fire_promise_rejection_event:
                crate::web::html::promise_rejection_event::fire_promise_rejection_event,
            report_unhandled_rejection,
        });
    }
}

/// The console text of an exception value, as a browser console shows it: the engine's rendering
/// with position and stack, except that a DOMException (not an engine Error object) reads
/// `Name: message` and a thrown string reads as itself, unquoted — each with the position of the
/// innermost frame and the stack the engine recorded.
#[must_use]
pub fn describe(error: &JsError, file: &str) -> String {
    let head = error.as_opaque().and_then(|value| {
        if let Some(e) = as_dom_exception(value) {
            let message = e.message.to_std_string_escaped();
            let name = e.name.to_std_string_escaped();
            Some(if message.is_empty() {
                name
            } else {
                format!("{name}: {message}")
            })
        } else {
            value.as_string().map(|s| s.to_std_string_escaped())
        }
    });
    let rendered = describe_error(error, file);
    let Some(head) = head else {
        return rendered;
    };
    // The engine renders the value itself first (possibly over several lines), then the frames.
    let frames: Vec<&str> = rendered
        .lines()
        .filter(|line| line.starts_with("    at ") || line.starts_with("    … "))
        .collect();
    let position = frames.first().and_then(|frame| {
        let position = frame.trim().strip_prefix("at ")?.rsplit_once(" (")?.1;
        (position != "native)").then_some(position)
    });
    let mut text = match position {
        Some(position) => format!("{head} ({position}"),
        None => head,
    };
    for frame in frames {
        text.push('\n');
        text.push_str(frame);
    }
    text
}

/// The `(file:line:col)` at the end of a line.
fn position_in(line: &str) -> Option<(String, u32, u32)> {
    let inner = line.trim_end().strip_suffix(')')?;
    let open = inner.rfind('(')?;
    let inner = &inner[open + 1..];
    let mut parts = inner.rsplitn(3, ':');
    let col = parts.next()?.parse().ok()?;
    let line_no = parts.next()?.parse().ok()?;
    let file = parts.next()?.to_owned();
    Some((file, line_no, col))
}

/// "Extract error information" from an exception's console text: the message (its first line
/// without the position, prefixed "Uncaught " as browsers do) and the first known position.
fn error_info(text: &str, file: &str) -> (String, String, u32, u32) {
    let first = text.lines().next().unwrap_or_default();
    let head = match position_in(first) {
        Some(_) => first.rfind(" (").map_or(first, |i| &first[..i]),
        None => first,
    };
    let position = text.lines().find_map(position_in);
    let (filename, lineno, colno) = position.unwrap_or_else(|| (file.to_owned(), 0, 0));
    (format!("Uncaught {head}"), filename, lineno, colno)
}

/// What "extract error information" gives for an exception (HTML §8.1.4.7), and the console
/// text of it: what an `ErrorEvent` carries, also when it travels from a worker to its creator
/// (HTML §10.2.5) as plain data.
#[derive(Clone, Debug)]
pub struct ErrorInfo {
    pub message: String,
    pub filename: String,
    pub lineno: u32,
    pub colno: u32,
    /// What the console shows if nobody handles it (with the stack).
    pub text: String,
}

impl ErrorInfo {
    /// Fire a cancelable `ErrorEvent` named `error` at `target` with these attributes and
    /// `error`: whether it was not canceled.
    pub fn fire_at(
        &self,
        target: &JsObject,
        error: JsValue,
        context: &mut Context,
    ) -> JsResult<bool> {
        let event = create_error_event(
            "error",
            EventInit {
                cancelable: true,
                ..EventInit::default()
            },
            ErrorFields {
                message: JsString::from(self.message.as_str()),
                filename: JsString::from(self.filename.as_str()),
                lineno: self.lineno,
                colno: self.colno,
                error,
            },
            context,
        )?;
        crate::web::dom::dispatch::fire_event(target, &event, context)
    }
}

/// "Report an exception" (HTML §8.1.4.7) for the global object.
pub fn report_exception(host: &Host, error: &JsError, context: &mut Context) {
    let text = describe(error, &host.script_name());
    // 2. Let errorInfo be the result of extracting error information from exception.
    let (mut message, filename, lineno, colno) = error_info(&text, &host.script_name());
    // An engine error (a runtime limit) has no JS value: it goes to the console only.
    let value = error.clone().into_opaque(context).ok();
    // The message of a thrown object that is not an error is its class, as in browsers.
    if let Some(object) = value.as_ref().and_then(JsValue::as_object)
        && !object.is::<boa_engine::builtins::error::Error>()
        && as_dom_exception(&object.clone().into()).is_none()
    {
        message = String::from("Uncaught [object Object]");
    }
    if let Some(text) = value.as_ref().and_then(JsValue::as_string) {
        message = format!("Uncaught {}", text.to_std_string_escaped());
    }
    let info = ErrorInfo {
        message,
        filename,
        lineno,
        colno,
        text,
    };
    report_info(host, &info, value, context);
}

/// The end of HTML §10.2.5 in a worker's creator: "act as if the uncaught runtime script error
/// had occurred in the global scope that worker is in": report it for this global (an
/// `ErrorEvent` with a null `error`), then to the console or this worker's own creator.
pub fn report_error_info(info: &ErrorInfo, context: &mut Context) {
    if let Ok(host) = Host::from_context(context) {
        report_info(&host, info, Some(JsValue::null()), context);
    }
}

/// "Report an exception" from step 1, given errorInfo (step 2) and the exception's value
/// (`None`: an engine error without one, which goes to the console only).
fn report_info(host: &Host, info: &ErrorInfo, value: Option<JsValue>, context: &mut Context) {
    // 1. Let notHandled be true.
    let mut not_handled = true;
    // 3–4. (Muted errors: every script here is same-origin.)
    // 5. If global is not in error reporting mode, then:
    let mode = realm_data::<ErrorReportingMode>(context);
    if let (Some(mode), Some(value)) = (mode, value)
        && !mode.0.get()
    {
        // 5.1. Set global's in error reporting mode to true.
        mode.0.set(true);
        // 5.2. If global implements EventTarget, then set notHandled to the result of firing an
        //      event named error at global, using ErrorEvent, with the cancelable attribute
        //      initialized to true, and additional attributes initialized according to
        //      errorInfo.
        let global = context.global_object();
        not_handled = info.fire_at(&global, value, context).unwrap_or(true);
        // 5.3. Set global's in error reporting mode to false.
        mode.0.set(false);
    }
    // 6. If notHandled is true, then report exception to the developer console. (In a worker:
    //    HTML §10.2.5, the error goes on to the Worker object in the creator's agent, which
    //    reports it there if nobody handles it.)
    if not_handled && let Err(info) = propagate_error(info.clone(), context) {
        report_uncaught(host, "Uncaught", &info.text);
    }
}

/// The console report of an unhandled promise rejection (after its `unhandledrejection` event
/// was not canceled).
pub fn report_unhandled_rejection(host: &Host, reason: &JsValue) {
    let text = describe(&JsError::from_opaque(reason.clone()), &host.script_name());
    report_uncaught(host, "Uncaught (in promise)", &text);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_extracted() {
        assert_eq!(
            position_in("TypeError: x (/a/b.js:2:24)"),
            Some(("/a/b.js".to_owned(), 2, 24))
        );
        assert_eq!(position_in("no position"), None);
        let (message, file, line, col) =
            error_info("{\n    a: 1\n}\n    at <main> (/t.js:1:24)", "/t.js");
        assert_eq!(
            (message.as_str(), file.as_str(), line, col),
            ("Uncaught {", "/t.js", 1, 24)
        );
        let (message, _, line, _) =
            error_info("TypeError: x (/t.js:3:5)\n    at f (/t.js:3:5)", "f");
        assert_eq!((message.as_str(), line), ("Uncaught TypeError: x", 3));
    }
}
