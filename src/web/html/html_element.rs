//! The `HTMLElement` interface (HTML §3.2.8) and the element interfaces without members of their
//! own that a document of browsing contexts and scripts uses (`HTMLHtmlElement`,
//! `HTMLHeadElement`, `HTMLBodyElement`, `HTMLDivElement`, `HTMLTitleElement`, and
//! `HTMLMetaElement` with `name` and `content`); `onload` and `ontoggle` are the
//! GlobalEventHandlers attributes elements have here.
//!
//! Deviation, deliberate: other element names get `HTMLElement` itself (a browser gives each its
//! own interface, and `HTMLUnknownElement` to names it does not know).

use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::web::dom::dispatch::dispatch;
use crate::web::dom::element::change_attribute;
use crate::web::dom::event::EventInit;
use crate::web::dom::interface::{
    InterfaceSpec, define_interface, define_memberless_interface, illegal_invocation, this_object,
};
use crate::web::dom::node::{attribute, local_name, node_state};
use crate::web::html::event_handler::{
    event_handler_attribute, redirected_event_handler_attribute,
};
use crate::web::html::event_handler_attributes::{
    MODELLED_GLOBAL_EVENT_HANDLERS, MODELLED_WINDOW_EVENT_HANDLERS, WINDOW_REFLECTING_BODY,
    target_of_handler,
};
use crate::web::uievents::ui_event::{UiKind, create_untrusted};

/// The interface of an HTML element named `local_name`.
#[must_use]
pub fn element_interface(local_name: &str) -> &'static str {
    match local_name {
        "html" => "HTMLHtmlElement",
        "head" => "HTMLHeadElement",
        "body" => "HTMLBodyElement",
        "div" => "HTMLDivElement",
        "title" => "HTMLTitleElement",
        "iframe" => "HTMLIFrameElement",
        "script" => "HTMLScriptElement",
        "meta" => "HTMLMetaElement",
        "details" => "HTMLDetailsElement",
        "input" => "HTMLInputElement",
        "label" => "HTMLLabelElement",
        "textarea" => "HTMLTextAreaElement",
        _ => "HTMLElement",
    }
}

/// The brand check of `HTMLBodyElement`.
fn is_body(object: &JsObject, _: &Context) -> bool {
    local_name(object).as_deref() == Some("body")
}

/// The brand check of `HTMLElement`: an element node.
#[must_use]
pub fn is_element(object: &JsObject, _: &Context) -> bool {
    local_name(object).is_some()
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "HTMLElement",
            parent: Some("Element"),
            length: 0,
            constructor: None,
        },
        |m| {
            m.operation("click", 0, NativeFunction::from_fn_ptr(click))
                .operation(
                    "focus",
                    0,
                    NativeFunction::from_fn_ptr(crate::web::html::focus::focus_method),
                )
                .operation(
                    "blur",
                    0,
                    NativeFunction::from_fn_ptr(crate::web::html::focus::blur_method),
                );
            // HTMLElement includes GlobalEventHandlers (the attributes of modelled events).
            for name in MODELLED_GLOBAL_EVENT_HANDLERS {
                event_handler_attribute(m, name, is_element);
            }
        },
    )?;
    // HTMLBodyElement includes WindowEventHandlers, and shadows the Window-reflecting body
    // element event handler set's attributes of GlobalEventHandlers: all of them get and set
    // the handlers of the body's document's window (`target_of_handler`). (The attributes of
    // modelled events.)
    define_interface(
        context,
        InterfaceSpec {
            name: "HTMLBodyElement",
            parent: Some("HTMLElement"),
            length: 0,
            constructor: None,
        },
        |m| {
            let modelled = |name: &&&str| MODELLED_GLOBAL_EVENT_HANDLERS.contains(name);
            for name in WINDOW_REFLECTING_BODY
                .iter()
                .filter(modelled)
                .chain(MODELLED_WINDOW_EVENT_HANDLERS)
            {
                redirected_event_handler_attribute(m, name, is_body, |body, name| {
                    target_of_handler(body, name)
                });
            }
        },
    )?;
    for name in [
        "HTMLHtmlElement",
        "HTMLHeadElement",
        "HTMLDivElement",
        "HTMLTitleElement",
    ] {
        define_memberless_interface(context, name, "HTMLElement")?;
    }
    // HTMLMetaElement: `name` and `content` reflect their attributes (getters and setters).
    define_interface(
        context,
        InterfaceSpec {
            name: "HTMLMetaElement",
            parent: Some("HTMLElement"),
            length: 0,
            constructor: None,
        },
        |m| {
            for name in ["name", "content"] {
                m.attribute(
                    name,
                    NativeFunction::from_copy_closure(move |this, _, context| {
                        let element = this_object(this, context)?;
                        if local_name(&element).as_deref() != Some("meta") {
                            return Err(illegal_invocation());
                        }
                        Ok(
                            JsString::from(attribute(&element, name).unwrap_or_default().as_str())
                                .into(),
                        )
                    }),
                    // The setter steps: set the content attribute to the given value.
                    Some(NativeFunction::from_copy_closure(
                        move |this, args, context| {
                            let element = this_object(this, context)?;
                            if local_name(&element).as_deref() != Some("meta") {
                                return Err(illegal_invocation());
                            }
                            let value = args
                                .first()
                                .cloned()
                                .unwrap_or_default()
                                .to_string(context)?
                                .to_std_string_escaped();
                            change_attribute(&element, name, Some(&value), context)?;
                            Ok(JsValue::undefined())
                        },
                    )),
                );
            }
        },
    )?;
    Ok(())
}

/// `HTMLElement.prototype.click()` (HTML §6.1.2 "Activation behavior of elements").
///
/// 1. If this element is a form control that is disabled, then return. (A `disabled` attribute
///    on a `button`, `input`, `select` or `textarea`; no fieldsets.)
/// 2. If this element's click in progress flag is set, then return.
/// 3. Set this element's click in progress flag.
/// 4. Fire a synthetic pointer event named click at this element, with the not trusted flag set.
/// 5. Unset this element's click in progress flag.
fn click(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let element = this_object(this, context)?;
    let Some(node) = node_state(&element).filter(|_| is_element(&element, context)) else {
        return Err(illegal_invocation());
    };
    if attribute(&element, "disabled").is_some()
        && matches!(
            local_name(&element).as_deref(),
            Some("button" | "input" | "select" | "textarea")
        )
    {
        return Ok(JsValue::undefined());
    }
    if node.click_in_progress.replace(true) {
        return Ok(JsValue::undefined());
    }
    let result = fire_synthetic_pointer_event("click", &element, context);
    node.click_in_progress.set(false);
    result.map(|_| JsValue::undefined())
}

/// HTML "fire a synthetic pointer event" named `name` at `target`, with the not trusted flag set
/// (its only caller here is `click()`; the user agent's own activations, which leave it unset, are
/// not modelled). Returns the result of dispatching it (false: canceled).
///
/// 1. Let event be the result of creating an event using PointerEvent.
/// 2. Initialize event's type attribute to e.
/// 3. Initialize event's bubbles and cancelable attributes to true.
/// 4. Set event's composed flag.
/// 5. If the not trusted flag is set, initialize event's isTrusted attribute to false.
/// 6. Initialize event's ctrlKey, shiftKey, altKey, and metaKey attributes according to the
///    current state of the key input device, if any (false for any keys that are not
///    available). (taskhost's input gives each click and key press its own modifiers and keeps
///    no held keys between them: all false.)
/// 7. Initialize event's view attribute to target's node document's Window object, if any, and
///    null otherwise.
/// 8. event's getModifierState() method is to return values appropriately describing the current
///    state of the key input device. (As step 6.)
/// 9. Return the result of dispatching event at target.
///
/// The pointer fields are those Pointer Events gives an event not made by a pointing device
/// (`pointerId` -1, `pointerType` empty), as Chromium does for `click()`.
fn fire_synthetic_pointer_event(
    name: &str,
    target: &JsObject,
    context: &mut Context,
) -> JsResult<bool> {
    let view = node_state(target)
        .and_then(|node| node.document.borrow().clone())
        .and_then(|document| node_state(&document))
        .and_then(|document| document.window.borrow().clone());
    let init = EventInit {
        bubbles: true,
        cancelable: true,
        composed: true,
    };
    let event = create_untrusted(UiKind::Pointer, name, init, context, |d| {
        d.view = view;
        d.pointer.pointer_id = -1;
        d.pointer.pointer_type = String::new();
    })?;
    dispatch(&event, target, context)
}

/// The getter and setter of an IDL attribute that reflects the boolean content attribute `name`
/// (HTML §2.6.1: true when the attribute is present; setting true sets it to the empty string,
/// false removes it), on the elements `this_element` accepts.
#[must_use]
pub fn reflect_boolean(
    name: &'static str,
    this_element: fn(&JsValue, &Context) -> JsResult<JsObject>,
) -> (NativeFunction, NativeFunction) {
    // Each closure captures only a `&'static str` and a function pointer, so it is `Copy`.
    let get = NativeFunction::from_copy_closure(move |this, _, context| {
        let element = this_element(this, context)?;
        Ok(attribute(&element, name).is_some().into())
    });
    let set = NativeFunction::from_copy_closure(move |this, args, context| {
        let element = this_element(this, context)?;
        let on = args.first().is_some_and(JsValue::to_boolean);
        change_attribute(&element, name, on.then_some(""), context)?;
        Ok(JsValue::undefined())
    });
    (get, set)
}

/// The getter and setter of a `DOMString` IDL attribute that reflects the content attribute
/// `name` (HTML §2.6.1: its value, or the empty string; setting sets it to the converted value).
#[must_use]
pub fn reflect_string(
    name: &'static str,
    this_element: fn(&JsValue, &Context) -> JsResult<JsObject>,
) -> (NativeFunction, NativeFunction) {
    let get = NativeFunction::from_copy_closure(move |this, _, context| {
        let element = this_element(this, context)?;
        Ok(JsString::from(attribute(&element, name).unwrap_or_default().as_str()).into())
    });
    let set = NativeFunction::from_copy_closure(move |this, args, context| {
        let element = this_element(this, context)?;
        let value = match args.first() {
            Some(v) => v.to_string(context)?.to_std_string_escaped(),
            None => "undefined".to_owned(),
        };
        change_attribute(&element, name, Some(&value), context)?;
        Ok(JsValue::undefined())
    });
    (get, set)
}
