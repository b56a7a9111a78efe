//! Simple dialogs (HTML §8.8.1): `alert()`, `confirm()`, `prompt()` on a window.
//!
//! taskhost has no user to show a dialog to; it does what a browser does when its automation
//! dismisses every dialog at once (headless Chromium under playwright, wptrunner): the message
//! is shown — written to stderr, `taskhost: alert: MESSAGE` — and the dialog is dismissed as
//! soon as it opens: `confirm()` returns false, `prompt()` null. The spec lets a user agent not
//! pause ("Optionally, pause while waiting for the user"), so nothing else runs in between.
//!
//! Showing a modal dialog is an end point for Event Timing, as in Chromium 156: the entries of
//! the events being processed end there (`web::event_timing::modal_dialog_shown`; upstream
//! WPT's `event-timing/modal-dialog-interrupt-paint.html`; w3c/event-timing issue 129).

use boa_engine::{Context, JsResult, JsValue, NativeFunction};

use crate::web::dom::interface::arg;
use crate::web::util::define_operation;

/// The most of a message shown (UTF-16 code units: "optionally truncated").
const MAX_MESSAGE: usize = 10_000;

/// Steps 2–5 of the three dialogs: the message (normalized newlines, optionally truncated)
/// shown to the user, and the Event Timing end point.
fn show(kind: &str, message: Option<&JsValue>, context: &mut Context) -> JsResult<()> {
    // 2. If the method was invoked with no arguments, then let message be the empty string;
    //    otherwise, let message be the method's first argument. (confirm's and prompt's
    //    `message` default to the empty string.)
    let message = match message {
        Some(value) => value.to_string(context)?.to_std_string_escaped(),
        None => String::new(),
    };
    // 3. Set message to the result of normalizing newlines given message.
    let mut message = message.replace("\r\n", "\n").replace('\r', "\n");
    // 4. Set message to the result of optionally truncating message.
    if message.chars().count() > MAX_MESSAGE {
        message = message.chars().take(MAX_MESSAGE).collect::<String>() + "…";
    }
    // 5. Show message to the user, treating U+000A LF as a line break.
    let _ = crate::engine::terminal::write_stderr(&format!("taskhost: {kind}: {message}"));
    crate::web::event_timing::modal_dialog_shown(context);
    Ok(())
}

/// `alert()`, `alert(message)`.
fn alert(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    // 1. If we cannot show simple dialogs for this, then return. (We can.)
    show("alert", args.first(), context)?;
    // 6–7. Optionally, pause while waiting for the user to acknowledge the message: dismissed
    //      at once.
    Ok(JsValue::undefined())
}

/// `confirm(message)`.
fn confirm(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    // (`message` defaults to the empty string.)
    show("confirm", args.first(), context)?;
    // 5. Show message to the user, and ask the user to respond with a positive or negative
    //    response. 7. Pause until the user responds: dismissed, a negative response.
    // 8. If the user responded positively, return true; otherwise, the user responded
    //    negatively: return false.
    Ok(false.into())
}

/// `prompt(message, default)`.
fn prompt(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    // (`default` is a DOMString: converted, though no one answers.)
    let default = arg(args, 1);
    if !default.is_undefined() {
        default.to_string(context)?;
    }
    show("prompt", args.first(), context)?;
    // 8. Pause while waiting for the user's response. 9. If the user aborts, then return null:
    //    dismissed.
    Ok(JsValue::null())
}

/// Define the three operations on a window's global.
pub fn register(context: &mut Context) -> JsResult<()> {
    let global = context.global_object();
    define_operation(
        &global,
        "alert",
        0,
        NativeFunction::from_fn_ptr(alert),
        context,
    )?;
    define_operation(
        &global,
        "confirm",
        0,
        NativeFunction::from_fn_ptr(confirm),
        context,
    )?;
    define_operation(
        &global,
        "prompt",
        0,
        NativeFunction::from_fn_ptr(prompt),
        context,
    )?;
    Ok(())
}
