//! The trusted events of the user agent's input (`web::input`): a click's pointer and
//! compatibility mouse events, a key press's keyboard events, each dispatched with Event Timing's
//! "initialize" and "finalize event timing" around it.

use boa_engine::{Context, JsObject};

use super::MOUSE_POINTER_ID;
use crate::web::dom::dispatch::fire_event;
use crate::web::dom::event::{EventInit, event_state};
use crate::web::event_timing::{self, Dispatched};
use crate::web::uievents::ui_event::{Modifiers, UiEventData, UiKind, create_trusted};

/// A pointer's state for the events of one click.
pub(super) struct Pointer {
    pub(super) x: f64,
    pub(super) y: f64,
    pub(super) modifiers: Modifiers,
    pub(super) button: i16,
}

/// A key's state for the events of one key press.
pub(super) struct KeyPress {
    pub(super) key: String,
    pub(super) code: String,
    pub(super) modifiers: Modifiers,
}

/// The key code browsers give a key (`keyCode`): an ASCII letter's or digit's upper-case code,
/// Enter 13, Escape 27, space 32, Tab 9, Backspace 8, the arrows 37–40; 0 otherwise.
#[must_use]
pub fn key_code(key: &str) -> u32 {
    let mut chars = key.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if c.is_ascii_alphanumeric() {
            return u32::from(c.to_ascii_uppercase());
        }
        if c == ' ' {
            return 32;
        }
        return 0;
    }
    match key {
        "Enter" => 13,
        "Escape" => 27,
        "Tab" => 9,
        "Backspace" => 8,
        "ArrowLeft" => 37,
        "ArrowUp" => 38,
        "ArrowRight" => 39,
        "ArrowDown" => 40,
        _ => 0,
    }
}

/// Dispatch a trusted event with Event Timing around it ("initialize" before, "finalize"
/// after). Returns false if it was canceled.
fn dispatch_timed(
    event: &JsObject,
    name: &str,
    target: &JsObject,
    key: i64,
    is_composing: bool,
    context: &mut Context,
) -> bool {
    let processing_start = event_timing::initialize(name, context);
    let not_canceled = fire_event(target, event, context).unwrap_or(true);
    if let Some(processing_start) = processing_start
        && let Some(state) = event_state(event, context)
    {
        let (time_stamp, cancelable) = {
            let s = state.borrow();
            (s.time_stamp, s.cancelable)
        };
        event_timing::finalize(
            &Dispatched {
                name,
                time_stamp,
                processing_start,
                cancelable,
                target: target.clone(),
                key,
                is_composing,
            },
            context,
        );
    }
    not_canceled
}

pub(super) fn fill_mouse(
    d: &mut UiEventData,
    p: &Pointer,
    buttons: u16,
    detail: i32,
    view: &JsObject,
) {
    d.view = Some(view.clone());
    d.detail = detail;
    d.modifiers = p.modifiers;
    d.mouse.client_x = p.x;
    d.mouse.client_y = p.y;
    d.mouse.screen_x = p.x;
    d.mouse.screen_y = p.y;
    d.mouse.button = p.button;
    d.mouse.buttons = buttons;
}

/// The `buttons` bit of a button (main 1, secondary 2, middle 4).
fn button_bit(button: i16) -> u16 {
    match button {
        0 => 1,
        1 => 4,
        2 => 2,
        3 => 8,
        4 => 16,
        _ => 0,
    }
}

pub(super) fn bubbling() -> EventInit {
    EventInit {
        bubbles: true,
        cancelable: true,
        composed: true,
    }
}

/// Fire a pointer event (`kind` Pointer: the mouse's pointer, detail 0) or its compatibility
/// mouse event (`kind` Mouse: detail 1) named `name`, with Event Timing around it; `down`: the
/// button is pressed. Returns false if it was canceled.
fn fire_button_event(
    kind: UiKind,
    name: &str,
    target: &JsObject,
    p: &Pointer,
    at: f64,
    down: bool,
    context: &mut Context,
) -> bool {
    let buttons = if down { button_bit(p.button) } else { 0 };
    let view = context.global_object();
    let made = create_trusted(kind, name, bubbling(), at, context, |d| {
        if kind == UiKind::Pointer {
            fill_mouse(d, p, buttons, 0, &view);
            d.pointer.pointer_id = MOUSE_POINTER_ID;
            d.pointer.pointer_type = "mouse".to_owned();
            d.pointer.is_primary = true;
            d.pointer.pressure = if down { 0.5 } else { 0.0 };
        } else {
            fill_mouse(d, p, buttons, 1, &view);
        }
    });
    match made {
        Ok(event) => dispatch_timed(
            &event,
            name,
            target,
            i64::from(MOUSE_POINTER_ID),
            false,
            context,
        ),
        Err(_) => true,
    }
}

pub(super) fn fire_pointer(
    name: &str,
    target: &JsObject,
    p: &Pointer,
    at: f64,
    down: bool,
    context: &mut Context,
) -> bool {
    fire_button_event(UiKind::Pointer, name, target, p, at, down, context)
}

pub(super) fn fire_mouse(
    name: &str,
    target: &JsObject,
    p: &Pointer,
    at: f64,
    down: bool,
    context: &mut Context,
) -> bool {
    fire_button_event(UiKind::Mouse, name, target, p, at, down, context)
}

/// `click` (a PointerEvent, as Pointer Events Level 3 and browsers make it); a button other
/// than the main one fires `auxclick` instead.
pub(super) fn fire_click(target: &JsObject, p: &Pointer, at: f64, context: &mut Context) {
    let name = if p.button == 0 { "click" } else { "auxclick" };
    let view = context.global_object();
    let made = create_trusted(UiKind::Pointer, name, bubbling(), at, context, |d| {
        fill_mouse(d, p, 0, 1, &view);
        d.pointer.pointer_id = MOUSE_POINTER_ID;
        d.pointer.pointer_type = "mouse".to_owned();
        d.pointer.is_primary = true;
    });
    if let Ok(event) = made {
        dispatch_timed(
            &event,
            name,
            target,
            i64::from(MOUSE_POINTER_ID),
            false,
            context,
        );
    }
}

pub(super) fn fire_key(
    name: &str,
    target: &JsObject,
    k: &KeyPress,
    at: f64,
    context: &mut Context,
) -> bool {
    let code = key_code(&k.key);
    let view = context.global_object();
    let made = create_trusted(UiKind::Keyboard, name, bubbling(), at, context, |d| {
        d.view = Some(view.clone());
        d.modifiers = k.modifiers;
        d.key.key = k.key.clone();
        d.key.code = k.code.clone();
        if name == "keypress" {
            let c = k.key.chars().next().map_or(0, u32::from);
            d.key.char_code = c;
            d.key.key_code = c;
        } else {
            d.key.key_code = code;
        }
    });
    match made {
        Ok(event) => dispatch_timed(&event, name, target, i64::from(code), false, context),
        Err(_) => true,
    }
}
