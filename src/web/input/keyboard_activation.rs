//! The activation behaviour a key gives the element it goes to: a focused `<button>` is clicked by
//! Enter (at its `keypress`) and by Space (at its `keyup`, when the `keydown` of the Space went to
//! the same button), a link (`<a href>`) by Enter (at its `keydown`, and then no `keypress`
//! follows). HTML leaves these to the user
//! agent ("the user agent should allow the user to manually trigger elements that have an
//! activation behavior, for instance using keyboard"); these are Chromium's default event
//! handlers (`HTMLButtonElement`, `HTMLAnchorElement`), each dispatching a click from the user
//! agent: a trusted `click` with pointerId -1 (`events::fire_keyboard_click`), and only when the
//! key event was not canceled.
//!
//! A checkbox or radio button (`<input>`) is clicked by Space as a button is (its click then
//! toggles or selects it: `web::html::activation`); Enter does nothing to it (no form
//! submission).
//!
//! Not modelled: `<summary>` by the keyboard, form submission.
//!
//! Invariant: at most one element is "active" from a Space, and only from that Space's `keydown`
//! to its `keyup` (any other key's canceled `keyup` forgets it too).

use std::cell::RefCell;

use boa_engine::{Context, JsObject};

use super::events::fire_keyboard_click;
use crate::agent::host::agent_data;
use crate::web::dom::node::{attribute, local_name};

/// The button a Space's `keydown` made active (agent data).
#[derive(Default)]
struct SpaceActive(RefCell<Option<JsObject>>);

fn is_button(element: &JsObject) -> bool {
    local_name(element).as_deref() == Some("button") && attribute(element, "disabled").is_none()
}

/// A button, or a checkbox or radio button (`<input>`): what a Space clicks.
fn is_space_activated(element: &JsObject) -> bool {
    is_button(element)
        || (local_name(element).as_deref() == Some("input")
            && attribute(element, "disabled").is_none()
            && matches!(
                crate::web::html::html_input_element::input_type(element),
                "checkbox" | "radio"
            ))
}

fn is_link(element: &JsObject) -> bool {
    matches!(local_name(element).as_deref(), Some("a" | "area"))
        && attribute(element, "href").is_some()
}

/// A `keydown` of `key` at `target` was not canceled. Returns whether the element handled it
/// (then no `keypress` follows, as in Chromium: its default handler marks the event handled).
pub(super) fn after_keydown(target: &JsObject, key: &str, at: f64, context: &mut Context) -> bool {
    match key {
        // HTMLAnchorElement: Enter's keydown follows the link: a click.
        "Enter" if is_link(target) => {
            fire_keyboard_click(target, at, context);
            true
        }
        // HTMLButtonElement, and HTMLInputElement's checkbox and radio button: Space's keydown
        // makes the element active.
        " " if is_space_activated(target) => {
            agent_data::<SpaceActive>(context)
                .0
                .replace(Some(target.clone()));
            false
        }
        _ => false,
    }
}

/// A `keypress` of `key` at `target` was not canceled.
pub(super) fn after_keypress(target: &JsObject, key: &str, at: f64, context: &mut Context) {
    // HTMLButtonElement: Enter's keypress clicks the button.
    if key == "Enter" && is_button(target) {
        fire_keyboard_click(target, at, context);
    }
}

/// A `keyup` of `key` at `target` was not canceled.
pub(super) fn after_keyup(target: &JsObject, key: &str, at: f64, context: &mut Context) {
    if key != " " {
        return;
    }
    // Space's keyup clicks the element its keydown made active.
    let active = agent_data::<SpaceActive>(context).0.borrow_mut().take();
    if active.is_some_and(|a| JsObject::equals(&a, target)) && is_space_activated(target) {
        fire_keyboard_click(target, at, context);
    }
}

/// A `keyup` was canceled: no button stays active.
pub(super) fn forget_space(context: &mut Context) {
    agent_data::<SpaceActive>(context).0.borrow_mut().take();
}
