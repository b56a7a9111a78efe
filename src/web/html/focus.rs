//! Focus (HTML §6.6): each document's focused area, `element.focus()` and `blur()`,
//! `document.activeElement` and `document.hasFocus()`, the focus events, and the focus a mouse
//! press gives (`web::input`).
//!
//! - **Focusable areas**: `<button>`, `<input>` (not `type=hidden`), `<select>`, `<textarea>` and
//!   `<iframe>` that are not `disabled`, `<a>` and `<area>` with an `href`, `<summary>`, and any
//!   element with a `tabindex` that parses as an integer; connected, in a document with a window.
//! - **Focusing steps** (HTML §6.6.4, for an element): nothing if it is not a focusable area or
//!   already focused; otherwise the focus update steps: `blur` (not bubbling), then `focusout`
//!   (bubbling) at the element losing focus, the new one becomes the document's focused area, then
//!   `focus` and `focusin` at it, each a `FocusEvent` whose `relatedTarget` is the other element
//!   (Chromium's order: blur, focusout, focus, focusin).
//! - **Unfocusing steps** (`blur()` of the focused element): the viewport becomes the focused
//!   area, after `blur` and `focusout` at the element.
//! - **Removal**: a focused element (or one holding it) that is removed loses focus first, with
//!   `blur` and `focusout` (Chromium's); and by the focus fixup rule an element that is no
//!   longer connected is never the focused area.
//!
//! Deviations, deliberate: one focus per document and no focus across documents (a frame's
//! `focus()` does not take focus from its parent's element, and every document "has focus");
//! no sequential navigation (Tab), no `autofocus`, no `focus({ preventScroll })` effect (no
//! scrolling), and no `:focus` (no selectors).

use boa_engine::{Context, JsObject, JsResult, JsValue, NativeFunction};

use crate::web::dom::dispatch::dispatch;
use crate::web::dom::event::EventInit;
use crate::web::dom::node::{NodeKind, attribute, is_connected, local_name, node_state};
use crate::web::uievents::ui_event::{UiKind, create_trusted};

/// Whether `element` is a focusable area (see the module's list).
#[must_use]
pub fn is_focusable_area(element: &JsObject) -> bool {
    let Some(local) = local_name(element) else {
        return false;
    };
    if !is_connected(element) || document_with_window(element).is_none() {
        return false;
    }
    let disabled = attribute(element, "disabled").is_some();
    let focusable = match local.as_str() {
        "button" | "select" | "textarea" | "iframe" => !disabled,
        "input" => {
            !disabled
                && !attribute(element, "type").is_some_and(|t| t.eq_ignore_ascii_case("hidden"))
        }
        "a" | "area" => attribute(element, "href").is_some(),
        "summary" => true,
        _ => false,
    };
    focusable || attribute(element, "tabindex").is_some_and(|t| t.trim().parse::<i64>().is_ok())
}

/// `element`'s node document, if it has a window.
fn document_with_window(element: &JsObject) -> Option<JsObject> {
    let document = node_state(element)?.document.borrow().clone()?;
    node_state(&document)?.window.borrow().as_ref()?;
    Some(document)
}

/// The element that is `document`'s focused area, after the focus fixup rule (`None`: the
/// viewport).
#[must_use]
pub fn focused_element(document: &JsObject) -> Option<JsObject> {
    let state = node_state(document)?;
    let focused = state.focused.borrow().clone()?;
    let still_there = is_connected(&focused)
        && node_state(&focused)
            .and_then(|s| s.document.borrow().clone())
            .is_some_and(|d| JsObject::equals(&d, document));
    if still_there {
        Some(focused)
    } else {
        // The focus fixup rule: the document's focused area becomes the viewport.
        *state.focused.borrow_mut() = None;
        None
    }
}

/// Fire a focus event named `name` at `target` with `related` as its related target
/// (`bubbles`: `focusin` and `focusout`), composed, not cancelable.
fn fire_focus_event(
    target: &JsObject,
    name: &str,
    related: Option<&JsObject>,
    bubbles: bool,
    context: &mut Context,
) -> JsResult<()> {
    let view = node_state(target)
        .and_then(|s| s.document.borrow().clone())
        .and_then(|d| node_state(&d).and_then(|s| s.window.borrow().clone()));
    // (Trusted: the user agent fires the events of a focus change, for a script's focus() as
    // for a press.)
    let now =
        crate::agent::host::Host::from_context(context).map_or(0.0, |h| h.now().as_millis_f64());
    let event = create_trusted(
        UiKind::Focus,
        name,
        EventInit {
            bubbles,
            cancelable: false,
            composed: true,
        },
        now,
        context,
        |data| {
            data.view = view;
            data.related_target = related.cloned();
        },
    )?;
    dispatch(&event, target, context)?;
    Ok(())
}

/// The focusing steps for `new` (an element): it becomes its document's focused area, with the
/// focus update steps' events. Returns whether focus moved.
pub fn focusing_steps(new: &JsObject, context: &mut Context) -> JsResult<bool> {
    // 1. If new focus target is not a focusable area, return.
    if !is_focusable_area(new) {
        return Ok(false);
    }
    let Some(document) = document_with_window(new) else {
        return Ok(false);
    };
    // 4. If new focus target is the currently focused area of a top-level traversable, return.
    let old = focused_element(&document);
    if old.as_ref().is_some_and(|o| JsObject::equals(o, new)) {
        return Ok(false);
    }
    // 7. Run the focus update steps with old chain, new chain, and new focus target: for the old
    //    chain's element, fire a focus event named blur (then focusout) with related target the
    //    new focus target; then designate new focus target as the focused area of the document.
    //    (Deviation, Chromium's: the document has no focused element while blur and focusout
    //    are dispatched — `document.activeElement` is the body then — where HTML's steps keep
    //    the old one focused until the new one is designated.)
    if let Some(old) = &old {
        // (A text field the user changed commits its edits as it loses focus: `change`, before
        // `blur`, as in Chromium.)
        crate::web::html::html_input_element::commit_edits(old, context)?;
        if let Some(state) = node_state(&document) {
            *state.focused.borrow_mut() = None;
        }
        fire_focus_event(old, "blur", Some(new), false, context)?;
        fire_focus_event(old, "focusout", Some(new), true, context)?;
    }
    if let Some(state) = node_state(&document) {
        *state.focused.borrow_mut() = Some(new.clone());
    }
    //    for the new chain's element: fire a focus event named focus (then focusin) with related
    //    target the old focused element.
    fire_focus_event(new, "focus", old.as_ref(), false, context)?;
    fire_focus_event(new, "focusin", old.as_ref(), true, context)?;
    Ok(true)
}

/// The unfocusing steps for `old`: if it is its document's focused area, the viewport becomes
/// the focused area, after `blur` and `focusout` at it.
pub fn unfocusing_steps(old: &JsObject, context: &mut Context) -> JsResult<()> {
    unfocus(old, true, context)
}

/// Unfocus `old` (`commit`: a text field the user changed fires `change` first; not when it is
/// being removed).
fn unfocus(old: &JsObject, commit: bool, context: &mut Context) -> JsResult<()> {
    let Some(document) = node_state(old).and_then(|s| s.document.borrow().clone()) else {
        return Ok(());
    };
    if !focused_element(&document).is_some_and(|f| JsObject::equals(&f, old)) {
        return Ok(());
    }
    if commit {
        crate::web::html::html_input_element::commit_edits(old, context)?;
    }
    // (The viewport is the focused area while blur and focusout are dispatched, as above.)
    if let Some(state) = node_state(&document) {
        *state.focused.borrow_mut() = None;
    }
    fire_focus_event(old, "blur", None, false, context)?;
    fire_focus_event(old, "focusout", None, true, context)?;
    Ok(())
}

/// `node` is about to be removed from its parent: if the focused element of its document is
/// `node` or inside it, it loses focus now, with `blur` and `focusout` at it while it is still
/// connected (Chromium's; HTML's focus fixup rule fires nothing).
pub fn removing_focused(node: &JsObject, context: &mut Context) -> JsResult<()> {
    let Some(document) = node_state(node).and_then(|s| s.document.borrow().clone()) else {
        return Ok(());
    };
    let Some(focused) = node_state(&document).and_then(|s| s.focused.borrow().clone()) else {
        return Ok(());
    };
    let mut current = Some(focused.clone());
    while let Some(c) = current {
        if JsObject::equals(&c, node) {
            return unfocus(&focused, false, context);
        }
        current = node_state(&c).and_then(|s| s.parent.borrow().clone());
    }
    Ok(())
}

/// A mouse press over `target` that was not canceled: run the focusing steps for its nearest
/// inclusive ancestor that is a focusable area, or, when there is none, unfocus the focused
/// element (the press gives focus to the viewport), as browsers do.
pub fn press_focus(target: &JsObject, context: &mut Context) -> JsResult<()> {
    let mut node = Some(target.clone());
    while let Some(current) = node {
        if is_focusable_area(&current) {
            focusing_steps(&current, context)?;
            return Ok(());
        }
        node = node_state(&current).and_then(|s| s.parent.borrow().clone());
    }
    let document = match node_state(target) {
        Some(s) if s.kind == NodeKind::Document => Some(target.clone()),
        Some(s) => s.document.borrow().clone(),
        None => None,
    };
    if let Some(focused) = document.as_ref().and_then(focused_element) {
        unfocusing_steps(&focused, context)?;
    }
    Ok(())
}

/// `document.activeElement` (DocumentOrShadowRoot): the focused element, else the body, else the
/// document element, else null.
#[must_use]
pub fn active_element(document: &JsObject) -> JsValue {
    if let Some(focused) = focused_element(document) {
        return focused.into();
    }
    let Some(root) = node_state(document).and_then(|s| {
        s.children
            .borrow()
            .iter()
            .find(|c| local_name(c).is_some())
            .cloned()
    }) else {
        return JsValue::null();
    };
    let body = node_state(&root).and_then(|s| {
        s.children
            .borrow()
            .iter()
            .find(|c| matches!(local_name(c).as_deref(), Some("body" | "frameset")))
            .cloned()
    });
    body.unwrap_or(root).into()
}

/// `focus(options)` (HTMLOrSVGElement): 1. If the allow focus steps given this's node document
/// return false, then return. (True.) 2. Run the focusing steps for this. 3-4. (Scrolling: none.)
pub fn focus_method(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let element = this_element(this, context)?;
    focusing_steps(&element, context)?;
    Ok(JsValue::undefined())
}

/// `blur()`: 1. The user agent should run the unfocusing steps given this.
pub fn blur_method(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let element = this_element(this, context)?;
    unfocusing_steps(&element, context)?;
    Ok(JsValue::undefined())
}

fn this_element(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let element = crate::web::dom::interface::this_object(this, context)?;
    if local_name(&element).is_none() {
        return Err(crate::web::dom::interface::illegal_invocation());
    }
    Ok(element)
}

fn this_document(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let document = crate::web::dom::interface::this_object(this, context)?;
    if !node_state(&document).is_some_and(|s| s.kind == NodeKind::Document) {
        return Err(crate::web::dom::interface::illegal_invocation());
    }
    Ok(document)
}

/// Define `activeElement` and `hasFocus()` on `Document.prototype` (when `Document` is made).
pub fn register(context: &mut Context) -> JsResult<()> {
    crate::web::dom::interface::extend_interface(context, "Document", |interface, context| {
        let prototype = &interface.prototype;
        crate::web::util::define_readonly_attribute(
            prototype,
            "activeElement",
            NativeFunction::from_fn_ptr(|this, _, context| {
                Ok(active_element(&this_document(this, context)?))
            }),
            context,
        )?;
        // hasFocus(): whether the document's node navigable's top-level traversable has system
        // focus and the document is on its focus chain. (Every document of the page: one page,
        // always focused, and no focus across documents.)
        crate::web::util::define_operation(
            prototype,
            "hasFocus",
            0,
            NativeFunction::from_fn_ptr(|this, _, context| {
                let document = this_document(this, context)?;
                Ok(node_state(&document)
                    .is_some_and(|s| s.window.borrow().is_some())
                    .into())
            }),
            context,
        )?;
        Ok(())
    })
}
