//! Editing a text field with the keyboard: what a key does to the `<input>` it goes to (a text,
//! search, tel, url, email, password or number field) or the `<textarea>`. UI Events §5.3 ("default actions") and
//! Input Events Level 2 give the events; the editing itself is the user agent's. taskhost does
//! what Chromium does:
//!
//! - a key that produces a character (at its `keypress`, unless `keydown` or `keypress` was
//!   canceled): `beforeinput` (cancelable, inputType "insertText", data the character), then,
//!   unless it was canceled, the character is inserted and `input` follows (not cancelable);
//! - Backspace and Delete (at their `keydown`; they have no `keypress`): `beforeinput` with
//!   "deleteContentBackward" or "deleteContentForward" (data null), then, if a character was
//!   deleted, `input`;
//! - Enter (at its `keypress`): in a `<textarea>`, a line break inserted as a character is
//!   (inputType "insertLineBreak", data null); in an `<input>`, `beforeinput` with
//!   "insertLineBreak" and nothing inserted, then the edits are committed: `change` if the user
//!   changed the value since the last `change`, as on losing focus (`web::html::focus`).
//!
//! `beforeinput` and `input` are trusted `InputEvent`s that bubble and are composed, timed by
//! Event Timing outside any interaction (interactionId 0, as in Chromium).
//!
//! The text entry cursor starts at the start of the value (as Chromium's, for a field focused by
//! `focus()`), moves past what is typed, and goes to the end when a script sets a different value
//! (HTML's value setter); Backspace deletes the character before it, Delete the one after.
//!
//! Deviation, deliberate: no selection, and a click does not move the cursor (no layout to say
//! where in the text it landed); no arrow keys, Home or End; keys with Control or Meta held edit
//! nothing (they are shortcuts); no composition, no `contenteditable`, no undo.
//!
//! Invariant: the value changes only between a `beforeinput` that was not canceled and its
//! `input`.

use boa_engine::{Context, JsObject};

use super::events::KeyPress;
use crate::agent::host::Host;
use crate::web::dom::event::EventInit;
use crate::web::html::html_input_element::{
    caret, commit_edits, is_text_field, set_value_by_user, value,
};
use crate::web::uievents::ui_event::{UiKind, create_trusted};

/// Fire a trusted `InputEvent` named `name` at `target`. Returns false if it was canceled.
fn fire_input_event(
    target: &JsObject,
    name: &str,
    input_type: &str,
    data: Option<&str>,
    context: &mut Context,
) -> bool {
    let Ok(now) = Host::from_context(context).map(|h| h.now().as_millis_f64()) else {
        return true;
    };
    let view = context.global_object();
    let init = EventInit {
        bubbles: true,
        cancelable: name == "beforeinput",
        composed: true,
    };
    let made = create_trusted(UiKind::Input, name, init, now, context, |d| {
        d.view = Some(view);
        d.input.input_type = input_type.to_owned();
        d.input.data = data.map(str::to_owned);
    });
    match made {
        Ok(event) => super::dispatch_timed_outside_interactions(&event, name, target, context),
        Err(_) => true,
    }
}

fn edits(target: &JsObject, keys: &KeyPress) -> bool {
    is_text_field(target) && !keys.modifiers.ctrl && !keys.modifiers.meta
}

/// A `keydown` of `keys` at `target` was not canceled: Backspace and Delete.
pub(super) fn after_keydown(target: &JsObject, keys: &KeyPress, context: &mut Context) {
    if !edits(target, keys) {
        return;
    }
    let input_type = match keys.key.as_str() {
        "Backspace" => "deleteContentBackward",
        "Delete" => "deleteContentForward",
        _ => return,
    };
    if !fire_input_event(target, "beforeinput", input_type, None, context) {
        return;
    }
    // Backspace deletes the character before the cursor, Delete the one after it.
    let mut chars: Vec<char> = value(target).chars().collect();
    let at = caret(target);
    let (deleted, caret_after) = match input_type {
        "deleteContentBackward" if at > 0 => (Some(at - 1), at - 1),
        "deleteContentForward" if at < chars.len() => (Some(at), at),
        _ => (None, at),
    };
    if let Some(index) = deleted {
        chars.remove(index);
        set_value_by_user(target, &chars.iter().collect::<String>(), caret_after);
        fire_input_event(target, "input", input_type, None, context);
    }
}

/// A `keypress` of `keys` at `target` was not canceled: insert its character, or commit on
/// Enter.
pub(super) fn after_keypress(target: &JsObject, keys: &KeyPress, context: &mut Context) {
    if !edits(target, keys) {
        return;
    }
    if keys.key == "Enter" && !is_multi_line(target) {
        fire_input_event(target, "beforeinput", "insertLineBreak", None, context);
        if let Err(error) = commit_edits(target, context)
            && let Ok(host) = Host::from_context(context)
        {
            crate::web::html::report::report_exception(&host, &error, context);
        }
        return;
    }
    // (In a `<textarea>`, Enter inserts a line break.)
    let (input_type, data, event_data) = if keys.key == "Enter" {
        ("insertLineBreak", "\n", None)
    } else {
        ("insertText", keys.key.as_str(), Some(keys.key.as_str()))
    };
    if !fire_input_event(target, "beforeinput", input_type, event_data, context) {
        return;
    }
    let mut chars: Vec<char> = value(target).chars().collect();
    let at = caret(target);
    chars.splice(at..at, data.chars());
    set_value_by_user(
        target,
        &chars.iter().collect::<String>(),
        at + data.chars().count(),
    );
    fire_input_event(target, "input", input_type, event_data, context);
}

fn is_multi_line(element: &JsObject) -> bool {
    crate::web::dom::node::local_name(element).as_deref() == Some("textarea")
}
