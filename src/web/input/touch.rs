//! The page's touchscreen: the fingers in contact, and the events a finger's contact and lift
//! fire (Pointer Events §11 and §12, Touch Events §7, UI Events §4.3), in the order headless
//! Chromium 156 and Firefox 153 both fire them for a tap (recorded through their own touch
//! input: CDP `Input.dispatchTouchEvent`, WebDriver BiDi touch actions):
//!
//! - a contact: `pointerover` at the target, `pointerenter` at each of its inclusive ancestors
//!   that are elements (outermost first), `pointerdown`, then `touchstart`;
//! - a lift: `gotpointercapture` (a touch's pointer is captured by its `pointerdown` target:
//!   implicit capture, processed before the next pointer event), `pointerup`,
//!   `lostpointercapture`, `pointerout`, `pointerleave` (innermost first), then `touchend`;
//! - then, for a tap (a finger that was alone on the screen, neither its `touchstart` nor its
//!   `touchend` canceled), the compatibility mouse events and the click, in the lift's task:
//!   the mouse's boundary events as it moves to the target (`mouseout`, `mouseleave`,
//!   `mouseover`, `mouseenter`; no pointer events: the mouse did not move), `mousemove`,
//!   `mousedown`, the focus change, `mouseup` (those three not if the `pointerdown` was
//!   canceled), and `click`, a `PointerEvent` of the touch's pointer.
//!
//! Fields: each contact has a new `pointerId` (2, 3, …; the mouse is 1) and `pointerType`
//! "touch"; `width` and `height` 1; `pressure` 0.5 while in contact (the spec's value for
//! hardware without pressure, and Firefox's) and 0 from the lift on; `button` 0; `buttons` 1
//! in contact. A `Touch`'s `identifier` is its pointer's id (Firefox's; Chromium numbers the
//! touch points of a gesture from 0), its `radiusX`/`radiusY` 1 and `force` 0.5 (Firefox's).
//! The lists of a `TouchEvent` hold new `Touch` objects each (as Chromium's do).
//!
//! Deviations, deliberate: a tap's `click` has `isPrimary` true (Firefox; Chromium gives
//! false); a finger does not move while in contact (a drag scrolls, and taskhost has no
//! layout: such input is refused with the reason), so no `pointermove`, `touchmove`,
//! `pointercancel` or `touchcancel` is fired; a double tap is two clicks of `detail` 1.
//!
//! Invariant: `contacts` holds each finger at most once; a contact is in it from its
//! `touchstart` (which lists it in `touches`) until its lift (whose `touchend` lists it in
//! `changedTouches` only).

use std::cell::{Cell, RefCell};

use boa_engine::{Context, JsObject};

use super::events::{
    MouseEventShape, Pointer, boundary_only, bubbling, dispatch_timed, fire_mouse_event,
};
use super::pointer;
use crate::agent::host::agent_data;
use crate::web::dom::event::EventInit;
use crate::web::dom::node::is_connected;
use crate::web::touch_events::touch::{TouchFields, new_touch};
use crate::web::touch_events::touch_event::touch_lists;
use crate::web::uievents::ui_event::{UiKind, create_trusted};

/// The first touch's pointerId (the mouse has 1).
const FIRST_TOUCH_POINTER_ID: i32 = 2;

/// A finger in contact.
#[derive(Clone)]
struct Contact {
    finger: u32,
    pointer_id: i32,
    /// Where it touched: its `touchstart`'s target, and the target of its pointer's capture.
    target: JsObject,
    x: f64,
    y: f64,
    primary: bool,
    /// Its `pointerdown` was canceled (no compatibility mouse events).
    pointerdown_canceled: bool,
    /// Its `touchstart` was canceled (no tap).
    touch_canceled: bool,
    /// No other finger touched while it was in contact.
    alone: bool,
}

/// The page's touchscreen.
#[derive(Default)]
pub(super) struct Touchscreen {
    contacts: RefCell<Vec<Contact>>,
    /// The pointerId of the next contact (0: none yet).
    next_pointer_id: Cell<i32>,
}

impl Touchscreen {
    fn of(context: &mut Context) -> std::rc::Rc<Touchscreen> {
        agent_data::<Touchscreen>(context)
    }

    fn take_pointer_id(&self) -> i32 {
        let id = self.next_pointer_id.get().max(FIRST_TOUCH_POINTER_ID);
        self.next_pointer_id.set(id.saturating_add(1));
        id
    }
}

/// Whether `finger` is in contact (for refusing a lift without a contact before it happens).
pub(super) fn in_contact(finger: u32, context: &mut Context) -> bool {
    Touchscreen::of(context)
        .contacts
        .borrow()
        .iter()
        .any(|c| c.finger == finger)
}

/// What the pointer events of one contact's press or lift say.
struct PointerState<'a> {
    contact: &'a Contact,
    /// In contact (a press's events) or lifted (a release's).
    down: bool,
    /// The modifiers (and the input's position, unused: a contact has its own).
    p: &'a Pointer,
    /// When the input happened.
    at: f64,
}

/// Fire the pointer event `name` of a touch at `target`, timed by Event Timing under the
/// touch's pointer. Returns false if it was canceled.
fn fire_pointer(
    name: &str,
    init: EventInit,
    target: &JsObject,
    s: &PointerState<'_>,
    detail: i32,
    context: &mut Context,
) -> bool {
    let view = context.global_object();
    let made = create_trusted(UiKind::Pointer, name, init, s.at, context, |d| {
        d.view = Some(view.clone());
        d.detail = detail;
        d.modifiers = s.p.modifiers;
        d.mouse.client_x = s.contact.x;
        d.mouse.client_y = s.contact.y;
        d.mouse.screen_x = s.contact.x;
        d.mouse.screen_y = s.contact.y;
        d.mouse.button = 0;
        d.mouse.buttons = u16::from(s.down);
        d.pointer.pointer_id = s.contact.pointer_id;
        d.pointer.pointer_type = "touch".to_owned();
        d.pointer.is_primary = s.contact.primary;
        d.pointer.pressure = if s.down { 0.5 } else { 0.0 };
    });
    match made {
        Ok(event) => dispatch_timed(
            &event,
            name,
            target,
            i64::from(s.contact.pointer_id),
            false,
            context,
        ),
        Err(_) => true,
    }
}

/// A new `Touch` for `contact` in the current realm.
fn touch_of(contact: &Contact, context: &mut Context) -> Option<JsObject> {
    let fields = TouchFields {
        identifier: contact.pointer_id,
        client_x: contact.x,
        client_y: contact.y,
        screen_x: contact.x,
        screen_y: contact.y,
        page_x: contact.x,
        page_y: contact.y,
        radius_x: 1.0,
        radius_y: 1.0,
        force: 0.5,
        ..TouchFields::default()
    };
    new_touch(contact.target.clone(), fields, context).ok()
}

/// Fire `touchstart` or `touchend` for `changed` at its target: `touches` lists the contacts
/// on the screen (after a lift, without the lifted one), `targetTouches` those of them that
/// started on the same target. Returns false if it was canceled.
fn fire_touch_event(
    name: &str,
    changed: &Contact,
    on_screen: &[Contact],
    p: &Pointer,
    at: f64,
    context: &mut Context,
) -> bool {
    let touches: Vec<JsObject> = on_screen
        .iter()
        .filter_map(|c| touch_of(c, context))
        .collect();
    let target_touches: Vec<JsObject> = on_screen
        .iter()
        .filter(|c| c.target == changed.target)
        .filter_map(|c| touch_of(c, context))
        .collect();
    let changed_touches: Vec<JsObject> = touch_of(changed, context).into_iter().collect();
    let Ok(lists) = touch_lists(touches, target_touches, changed_touches, context) else {
        return true;
    };
    let view = context.global_object();
    let made = create_trusted(UiKind::Touch, name, bubbling(), at, context, |d| {
        d.view = Some(view.clone());
        d.modifiers = p.modifiers;
        d.touch_lists = Some(lists);
    });
    match made {
        Ok(event) => dispatch_timed(
            &event,
            name,
            &changed.target,
            i64::from(changed.pointer_id),
            false,
            context,
        ),
        Err(_) => true,
    }
}

/// A snapshot of the contacts (the list is not borrowed while events run).
fn snapshot(screen: &Touchscreen) -> Vec<Contact> {
    screen.contacts.borrow().clone()
}

/// `finger` touches the screen over `target` at `at` (`p`: where, and the modifiers).
pub(super) fn press(target: &JsObject, p: &Pointer, finger: u32, at: f64, context: &mut Context) {
    let screen = Touchscreen::of(context);
    // A finger that touches again without a lift (the lift was lost): forget the first contact.
    screen.contacts.borrow_mut().retain(|c| c.finger != finger);
    let others = !screen.contacts.borrow().is_empty();
    for other in screen.contacts.borrow_mut().iter_mut() {
        other.alone = false;
    }
    let mut contact = Contact {
        finger,
        pointer_id: screen.take_pointer_id(),
        target: target.clone(),
        x: p.x,
        y: p.y,
        primary: !others,
        pointerdown_canceled: false,
        touch_canceled: false,
        alone: !others,
    };
    let s = PointerState {
        contact: &contact,
        down: true,
        p,
        at,
    };
    // The pointer comes over the target: pointerover, then pointerenter outermost first.
    fire_pointer("pointerover", bubbling(), target, &s, 0, context);
    for node in pointer::element_chain(target).iter().rev() {
        fire_pointer("pointerenter", boundary_only(), node, &s, 0, context);
    }
    contact.pointerdown_canceled = !fire_pointer("pointerdown", bubbling(), target, &s, 0, context);
    screen.contacts.borrow_mut().push(contact.clone());
    let on_screen = snapshot(&screen);
    let canceled = !fire_touch_event("touchstart", &contact, &on_screen, p, at, context);
    if canceled
        && let Some(c) = screen
            .contacts
            .borrow_mut()
            .iter_mut()
            .find(|c| c.finger == finger)
    {
        c.touch_canceled = true;
    }
}

/// `finger` lifts from the screen over `target` at `at` (nothing is fired if it was not in
/// contact: the caller says so first, with `in_contact`).
pub(super) fn release(target: &JsObject, p: &Pointer, finger: u32, at: f64, context: &mut Context) {
    let screen = Touchscreen::of(context);
    let contact = {
        let mut all = screen.contacts.borrow_mut();
        let Some(i) = all.iter().position(|c| c.finger == finger) else {
            return;
        };
        all.remove(i)
    };
    // Pointer events go to the capture target (the contact's target, while it is in a
    // document); the touch events to the touchstart's target, wherever it is now.
    let capture = if is_connected(&contact.target) {
        contact.target.clone()
    } else {
        target.clone()
    };
    let s = PointerState {
        contact: &contact,
        down: false,
        p,
        at,
    };
    let not_cancelable = EventInit {
        bubbles: true,
        cancelable: false,
        composed: true,
    };
    let captured = is_connected(&contact.target);
    if captured {
        fire_pointer(
            "gotpointercapture",
            not_cancelable,
            &capture,
            &s,
            0,
            context,
        );
    }
    fire_pointer("pointerup", bubbling(), &capture, &s, 0, context);
    if captured {
        fire_pointer(
            "lostpointercapture",
            not_cancelable,
            &capture,
            &s,
            0,
            context,
        );
    }
    // A touch's pointer leaves when the finger lifts.
    fire_pointer("pointerout", bubbling(), &capture, &s, 0, context);
    for node in &pointer::element_chain(&capture) {
        fire_pointer("pointerleave", boundary_only(), node, &s, 0, context);
    }
    let on_screen = snapshot(&screen);
    let touchend_canceled = !fire_touch_event("touchend", &contact, &on_screen, p, at, context);
    // The tap: for a finger alone on the screen whose touch events were not canceled.
    if contact.alone && !contact.touch_canceled && !touchend_canceled && is_connected(target) {
        tap(target, &contact, p, at, context);
    }
}

/// The tap gesture's compatibility mouse events and click at `target`.
fn tap(target: &JsObject, contact: &Contact, p: &Pointer, at: f64, context: &mut Context) {
    let mouse_at = Pointer {
        x: contact.x,
        y: contact.y,
        modifiers: p.modifiers,
        button: 0,
    };
    // The mouse moves to the tap (its boundary events only: the pointer events were the
    // touch's).
    pointer::enter_mouse_only(target, &mouse_at, at, context);
    let shape = |buttons: u16, detail: i32| MouseEventShape {
        kind: UiKind::Mouse,
        buttons,
        detail,
        init: bubbling(),
    };
    if !contact.pointerdown_canceled {
        fire_mouse_event("mousemove", &shape(0, 0), target, &mouse_at, at, context);
        let mousedown_canceled =
            !fire_mouse_event("mousedown", &shape(1, 1), target, &mouse_at, at, context);
        // The mousedown's default action: focus moves to the nearest focusable area.
        if !mousedown_canceled
            && let Err(error) = crate::web::html::focus::press_focus(target, context)
            && let Ok(host) = crate::agent::host::Host::from_context(context)
        {
            host.report_exception(&error, context);
        }
        fire_mouse_event("mouseup", &shape(0, 1), target, &mouse_at, at, context);
    }
    let clicked = Contact {
        primary: true,
        ..contact.clone()
    };
    let s = PointerState {
        contact: &clicked,
        down: false,
        p,
        at,
    };
    fire_pointer("click", bubbling(), target, &s, 1, context);
}
