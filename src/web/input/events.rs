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
    /// Whether the key was already down (`repeat` of its keydown and keypress).
    pub(super) repeat: bool,
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
        "Shift" => 16,
        "Control" => 17,
        "Alt" => 18,
        "Meta" => 91,
        "PageUp" => 33,
        "PageDown" => 34,
        "End" => 35,
        "Home" => 36,
        "ArrowLeft" => 37,
        "ArrowUp" => 38,
        "ArrowRight" => 39,
        "ArrowDown" => 40,
        "Delete" => 46,
        _ => 0,
    }
}

/// The character a key press produces (`keypress`'s `charCode`), if it produces one: a
/// one-character key value, or Enter (13), for which Chromium, Firefox and WebKit also fire
/// `keypress`.
#[must_use]
pub fn key_char(key: &str) -> Option<u32> {
    let mut chars = key.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(u32::from(c)),
        _ => (key == "Enter").then_some(13),
    }
}

/// The `code` a key has on a US keyboard when none is given: `KeyK` for `k` or `K`, `Digit1`
/// for `1`, `Space` for a space, `ShiftLeft` (and so on) for a modifier, the key value itself
/// for other named keys (`Enter`, `Tab`, `ArrowUp`); empty for other characters.
#[must_use]
pub fn default_code(key: &str) -> String {
    let mut chars = key.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return if c.is_ascii_alphabetic() {
            format!("Key{}", c.to_ascii_uppercase())
        } else if c.is_ascii_digit() {
            format!("Digit{c}")
        } else if c == ' ' {
            "Space".to_owned()
        } else {
            String::new()
        };
    }
    match key {
        "Shift" | "Control" | "Alt" | "Meta" => format!("{key}Left"),
        _ => key.to_owned(),
    }
}

/// Dispatch a trusted event with Event Timing around it ("initialize" before, "finalize"
/// after). Returns false if it was canceled.
pub(super) fn dispatch_timed(
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
pub(super) fn button_bit(button: i16) -> u16 {
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

/// How one mouse event is made: its kind, the buttons held, its `detail` and its flags.
pub(super) struct MouseEventShape {
    pub(super) kind: UiKind,
    /// The `buttons` bitmask while it is dispatched.
    pub(super) buttons: u16,
    /// `detail`: 0 for pointer events but `click`, the click count for mouse button events.
    pub(super) detail: i32,
    pub(super) init: EventInit,
}

/// The flags of `mouseenter`, `mouseleave`, `pointerenter` and `pointerleave` (UI Events §4.3.2,
/// Pointer Events §4.2): they neither bubble nor can be canceled.
pub(super) fn boundary_only() -> EventInit {
    EventInit {
        bubbles: false,
        cancelable: false,
        composed: false,
    }
}

/// Fire the mouse or pointer event `name` (`shape.kind` Pointer: the mouse's pointer) at
/// `target`, with Event Timing around it. Returns false if it was canceled.
pub(super) fn fire_mouse_event(
    name: &str,
    shape: &MouseEventShape,
    target: &JsObject,
    p: &Pointer,
    at: f64,
    context: &mut Context,
) -> bool {
    let view = context.global_object();
    let made = create_trusted(shape.kind, name, shape.init, at, context, |d| {
        fill_mouse(d, p, shape.buttons, shape.detail, &view);
        if shape.kind == UiKind::Mouse {
            // No button changed (a move, a boundary event): -1 for a pointer event, 0 for a
            // mouse event (Pointer Events §4.1.3; MouseEvent's button has no "none").
            d.mouse.button = d.mouse.button.max(0);
        }
        if shape.kind == UiKind::Pointer {
            d.pointer.pointer_id = MOUSE_POINTER_ID;
            d.pointer.pointer_type = "mouse".to_owned();
            d.pointer.is_primary = true;
            d.pointer.pressure = if shape.buttons == 0 { 0.0 } else { 0.5 };
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
        d.key.repeat = k.repeat && name != "keyup";
        if name == "keypress" {
            let c = key_char(&k.key).unwrap_or(0);
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

/// A click the keyboard gives an element (its activation behaviour through a key: Chromium's
/// "simulated click" from the user agent): a trusted `click`, a `PointerEvent` with pointerId -1
/// and no pointer type, detail 0, timed by Event Timing like any click. Returns false if it was
/// canceled.
pub(super) fn fire_keyboard_click(target: &JsObject, at: f64, context: &mut Context) -> bool {
    let view = context.global_object();
    let init = EventInit {
        bubbles: true,
        cancelable: true,
        composed: true,
    };
    let made = create_trusted(UiKind::Pointer, "click", init, at, context, |d| {
        d.view = Some(view.clone());
        d.pointer.pointer_id = KEYBOARD_POINTER_ID;
        d.pointer.pointer_type = String::new();
    });
    match made {
        Ok(event) => dispatch_timed(
            &event,
            "click",
            target,
            i64::from(KEYBOARD_POINTER_ID),
            false,
            context,
        ),
        Err(_) => true,
    }
}

/// A click the user agent forwards to another element (a label's to its control): a trusted
/// `click` at `target` with the fields and time of `underlying` (the click it comes from), timed
/// by Event Timing as part of no interaction (interactionId 0, as Chromium gives it).
pub fn fire_forwarded_click(
    target: &JsObject,
    underlying: &JsObject,
    context: &mut Context,
) -> bool {
    let Some((kind, view, detail, which, modifiers, mouse, pointer, time_stamp)) =
        underlying.downcast_ref::<UiEventData>().map(|d| {
            (
                d.kind,
                d.view.clone(),
                d.detail,
                d.which,
                d.modifiers,
                d.mouse,
                d.pointer.clone(),
                d.event.borrow().time_stamp,
            )
        })
    else {
        return true;
    };
    let init = EventInit {
        bubbles: true,
        cancelable: true,
        composed: true,
    };
    let made = create_trusted(kind, "click", init, time_stamp, context, |d| {
        d.view = view;
        d.detail = detail;
        d.which = which;
        d.modifiers = modifiers;
        d.mouse = mouse;
        d.pointer = pointer;
    });
    match made {
        Ok(event) => dispatch_timed(&event, "click", target, FORWARDED_CLICK, false, context),
        Err(_) => true,
    }
}

/// Dispatch a trusted event the user agent fires on its own account (an `input` after a
/// checkbox's click, `beforeinput` and `input` of editing), timed by Event Timing as part of no
/// interaction (interactionId 0, as Chromium gives them). Returns false if it was canceled.
pub fn dispatch_timed_outside_interactions(
    event: &JsObject,
    name: &str,
    target: &JsObject,
    context: &mut Context,
) -> bool {
    dispatch_timed(event, name, target, FORWARDED_CLICK, false, context)
}

/// The Event Timing key of a forwarded click (and of the other events outside interactions): no
/// pointer's or key's, so its interactionId is 0.
const FORWARDED_CLICK: i64 = i64::MIN;

/// The pointerId of a click the keyboard gives (Pointer Events: -1 for events not from a
/// pointing device).
pub const KEYBOARD_POINTER_ID: i32 = -1;
