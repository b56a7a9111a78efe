//! The page's mouse: which node it is over, which buttons are held and where they were pressed,
//! and the events a press, a release or a move over a new node fires (UI Events §4.3, Pointer
//! Events §4 and §11), in the order headless Chromium fires them for the same input:
//!
//! - a move onto a new node: `pointerout` at the old node, `pointerleave` at each of its
//!   inclusive ancestors the new node is not in (innermost first), `pointerover` at the new
//!   node, `pointerenter` at each of its inclusive ancestors the old node was not in (outermost
//!   first), then the same four as mouse events, then `pointermove` and `mousemove`;
//! - a press: `pointerdown`, then `mousedown` (its `detail` the click count) unless
//!   `pointerdown` was canceled, then `contextmenu` for the secondary button;
//! - a release: `pointerup`, `mouseup` (unless the press's `pointerdown` was canceled), then
//!   `click` (main button) or `auxclick` at the nearest common inclusive ancestor of where the
//!   button was pressed and where it is released, and `dblclick` after the second click; a
//!   release without a press fires `pointerup` and `mouseup` only.
//!
//! The click count grows when the same button is pressed on the same node within
//! `DOUBLE_CLICK_MS` of its last press (ChromeDriver's double-click time, with which WebDriver
//! input reaches Chromium).
//!
//! Invariant: `held` lists each button at most once; `buttons` of every event is the bitmask
//! of `held` at its dispatch (a press's events include the button, a release's do not).

use std::cell::RefCell;

use boa_engine::{Context, JsObject};

use super::events::{
    MouseEventShape, Pointer, boundary_only, bubbling, button_bit, fire_mouse_event,
};
use crate::agent::host::agent_data;
use crate::web::dom::node::{NodeKind, node_state};
use crate::web::uievents::ui_event::UiKind;

/// Two presses of a button on one node this close (ms) are a double click.
pub const DOUBLE_CLICK_MS: f64 = 500.0;

/// A button held down.
struct Held {
    button: i16,
    /// Where it was pressed.
    target: JsObject,
    /// Whether its `pointerdown` was canceled (no compatibility mouse events until release).
    suppressed: bool,
    /// The click count of the press.
    count: i32,
}

/// The last press: for the click count of the next one.
struct LastPress {
    button: i16,
    target: JsObject,
    at: f64,
    count: i32,
}

/// The page's one mouse.
#[derive(Default)]
pub(super) struct Mouse {
    hovered: RefCell<Option<JsObject>>,
    held: RefCell<Vec<Held>>,
    last_press: RefCell<Option<LastPress>>,
}

impl Mouse {
    pub(super) fn of(context: &mut Context) -> std::rc::Rc<Mouse> {
        agent_data::<Mouse>(context)
    }

    /// The `buttons` bitmask of the held buttons.
    fn buttons(&self) -> u16 {
        self.held
            .borrow()
            .iter()
            .fold(0, |bits, h| bits | button_bit(h.button))
    }
}

/// `node`'s parent, if it has one.
fn parent(node: &JsObject) -> Option<JsObject> {
    node_state(node).and_then(|s| s.parent.borrow().clone())
}

/// `node` and its ancestors that are elements, innermost first (the targets of enter and
/// leave events: a document gets none).
pub(super) fn element_chain(node: &JsObject) -> Vec<JsObject> {
    let mut chain = Vec::new();
    let mut next = Some(node.clone());
    while let Some(n) = next {
        if node_state(&n).is_some_and(|s| matches!(s.kind, NodeKind::Element(_))) {
            chain.push(n.clone());
        }
        next = parent(&n);
    }
    chain
}

/// The nearest common inclusive ancestor of `a` and `b`, if they share a tree.
fn common_ancestor(a: &JsObject, b: &JsObject) -> Option<JsObject> {
    let mut ancestors_of_a = Vec::new();
    let mut next = Some(a.clone());
    while let Some(n) = next {
        next = parent(&n);
        ancestors_of_a.push(n);
    }
    let mut next = Some(b.clone());
    while let Some(n) = next {
        if ancestors_of_a.contains(&n) {
            return Some(n);
        }
        next = parent(&n);
    }
    None
}

/// The shape of a mouse or pointer event with the held buttons.
fn shape(kind: UiKind, buttons: u16, detail: i32, enter_or_leave: bool) -> MouseEventShape {
    MouseEventShape {
        kind,
        buttons,
        detail,
        init: if enter_or_leave {
            boundary_only()
        } else {
            bubbling()
        },
    }
}

/// The mouse moves over `target`: if it was over another node, the boundary events (see the
/// module's header). Returns nothing; the caller fires `pointermove` and `mousemove`.
pub(super) fn enter(target: &JsObject, p: &Pointer, at: f64, context: &mut Context) {
    enter_with(target, p, at, BOTH, context);
}

/// The mouse moves over `target` for a touch's compatibility mouse events: the mouse events of
/// the boundary only (the touch fired its pointer's own).
pub(super) fn enter_mouse_only(target: &JsObject, p: &Pointer, at: f64, context: &mut Context) {
    enter_with(target, p, at, &BOTH[1..], context);
}

/// The pointer and the mouse events of a boundary, in their order.
const BOTH: &[(UiKind, &str)] = &[(UiKind::Pointer, "pointer"), (UiKind::Mouse, "mouse")];

fn enter_with(
    target: &JsObject,
    p: &Pointer,
    at: f64,
    kinds: &[(UiKind, &str)],
    context: &mut Context,
) {
    let mouse = Mouse::of(context);
    let old = mouse.hovered.replace(Some(target.clone()));
    if old.as_ref() == Some(target) {
        return;
    }
    // The old node, if it is still in the same tree as the new one (a node removed since, or
    // one of another document, gets no out and leave events here).
    let old = old.filter(|o| common_ancestor(o, target).is_some());
    let new_chain = element_chain(target);
    let (left, entered): (Vec<JsObject>, Vec<JsObject>) = match &old {
        Some(old) => {
            let old_chain = element_chain(old);
            (
                old_chain
                    .iter()
                    .filter(|n| !new_chain.contains(n))
                    .cloned()
                    .collect(),
                new_chain
                    .iter()
                    .filter(|n| !old_chain.contains(n))
                    .rev()
                    .cloned()
                    .collect(),
            )
        }
        None => (Vec::new(), new_chain.iter().rev().cloned().collect()),
    };
    let buttons = mouse.buttons();
    for &(kind, prefix) in kinds {
        if let Some(old) = &old {
            fire_mouse_event(
                &format!("{prefix}out"),
                &shape(kind, buttons, 0, false),
                old,
                p,
                at,
                context,
            );
            for node in &left {
                fire_mouse_event(
                    &format!("{prefix}leave"),
                    &shape(kind, buttons, 0, true),
                    node,
                    p,
                    at,
                    context,
                );
            }
        }
        fire_mouse_event(
            &format!("{prefix}over"),
            &shape(kind, buttons, 0, false),
            target,
            p,
            at,
            context,
        );
        for node in &entered {
            fire_mouse_event(
                &format!("{prefix}enter"),
                &shape(kind, buttons, 0, true),
                node,
                p,
                at,
                context,
            );
        }
    }
}

/// The held buttons' bitmask (for `pointermove` and `mousemove`).
pub(super) fn held_buttons(context: &mut Context) -> u16 {
    Mouse::of(context).buttons()
}

/// Press `p.button` over `target` at `at`.
pub(super) fn press(target: &JsObject, p: &Pointer, at: f64, context: &mut Context) {
    let mouse = Mouse::of(context);
    // A button pressed again without a release (the release was lost): forget the first press.
    mouse.held.borrow_mut().retain(|h| h.button != p.button);
    let count = match &*mouse.last_press.borrow() {
        Some(last)
            if last.button == p.button
                && &last.target == target
                && at - last.at <= DOUBLE_CLICK_MS =>
        {
            last.count + 1
        }
        _ => 1,
    };
    mouse.last_press.replace(Some(LastPress {
        button: p.button,
        target: target.clone(),
        at,
        count,
    }));
    let buttons = mouse.buttons() | button_bit(p.button);
    let canceled = !fire_mouse_event(
        "pointerdown",
        &shape(UiKind::Pointer, buttons, 0, false),
        target,
        p,
        at,
        context,
    );
    // (A canceled pointerdown suppresses the mousedown, not the press's default action.)
    let mousedown_canceled = !canceled
        && !fire_mouse_event(
            "mousedown",
            &shape(UiKind::Mouse, buttons, count, false),
            target,
            p,
            at,
            context,
        );
    // The mousedown's default action: focus moves to the nearest focusable area (or to the
    // viewport), unless the mousedown was canceled.
    if !mousedown_canceled
        && let Err(error) = crate::web::html::focus::press_focus(target, context)
        && let Ok(host) = crate::agent::host::Host::from_context(context)
    {
        host.report_exception(&error, context);
    }
    mouse.held.borrow_mut().push(Held {
        button: p.button,
        target: target.clone(),
        suppressed: canceled,
        count,
    });
    // Chromium on Linux opens the context menu at the press of the secondary button (on
    // Windows at its release); `contextmenu` is a PointerEvent with detail 0.
    if p.button == 2 {
        fire_mouse_event(
            "contextmenu",
            &shape(UiKind::Pointer, buttons, 0, false),
            target,
            p,
            at,
            context,
        );
    }
}

/// Release `p.button` over `target` at `at`.
pub(super) fn release(target: &JsObject, p: &Pointer, at: f64, context: &mut Context) {
    let mouse = Mouse::of(context);
    let held = {
        let mut all = mouse.held.borrow_mut();
        all.iter()
            .position(|h| h.button == p.button)
            .map(|i| all.remove(i))
    };
    let buttons = mouse.buttons();
    fire_mouse_event(
        "pointerup",
        &shape(UiKind::Pointer, buttons, 0, false),
        target,
        p,
        at,
        context,
    );
    let Some(held) = held else {
        // A release without a press: `mouseup` with no click count, and no click.
        fire_mouse_event(
            "mouseup",
            &shape(UiKind::Mouse, buttons, 0, false),
            target,
            p,
            at,
            context,
        );
        return;
    };
    if !held.suppressed {
        fire_mouse_event(
            "mouseup",
            &shape(UiKind::Mouse, buttons, held.count, false),
            target,
            p,
            at,
            context,
        );
    }
    let Some(click_target) = common_ancestor(&held.target, target) else {
        return;
    };
    let name = if p.button == 0 { "click" } else { "auxclick" };
    fire_mouse_event(
        name,
        &shape(UiKind::Pointer, buttons, held.count, false),
        &click_target,
        p,
        at,
        context,
    );
    if p.button == 0 && held.count == 2 {
        fire_mouse_event(
            "dblclick",
            &shape(UiKind::Mouse, buttons, held.count, false),
            &click_target,
            p,
            at,
            context,
        );
    }
}
