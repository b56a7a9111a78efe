//! Event handlers (HTML §8.1.8): event handler IDL attributes (`onabort`, `onmessage`, `onerror`,
//! …, and later layers' `onprioritychange`) on any EventTarget.
//!
//! Invariants:
//! - A target's event handler map lives in its EventTarget state; an entry's `listener` is the
//!   internal listener its activation appended, or `None`.
//! - Ordering rule: the first non-null value *activates* the handler (its listener takes its
//!   place in the listener list at that moment); further non-null values only change the value,
//!   so the handler keeps its slot; null *deactivates* it (the listener is removed), and a later
//!   non-null value appends a new listener at the end.

use std::cell::Cell;

use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::engine::callback::{ExceptionBehavior, invoke_callback_function};
use crate::web::dom::event;
use crate::web::dom::event_target::{
    HandlerEntry, Listener, ListenerCallback, add_event_listener, event_target_state,
    remove_event_listener,
};
use crate::web::dom::interface::{Members, accessor_pair, arg, illegal_invocation, this_object};
use crate::web::html::{error_event, event_handler_attributes};

/// A brand check for the interface that owns an event handler attribute.
pub type Brand = fn(&JsObject, &Context) -> bool;

/// Steps run after a handler's value was set (e.g. MessagePort's implicit `start()`).
pub type AfterSet = fn(&JsObject, &JsValue, &mut Context) -> JsResult<()>;

/// The event type of a handler name: "onabort" → "abort".
fn event_type(name: &JsString) -> JsString {
    let text = name.to_std_string_escaped();
    JsString::from(text.strip_prefix("on").unwrap_or(&text))
}

/// "Getting the current value of the event handler" `name` of `target`: a callback object, or
/// null. An internal raw uncompiled handler (a content attribute's text) is compiled now
/// (`event_handler_attributes::compile`) and becomes the value; one that does not compile
/// becomes null.
#[must_use]
pub fn get_event_handler(target: &JsObject, name: &str, context: &mut Context) -> Option<JsObject> {
    let state = event_target_state(target, context)?;
    let key = JsString::from(name);
    // 1. If eventHandler's value is an internal raw uncompiled handler, then: (compile it).
    let raw = {
        let handlers = state.handlers.borrow();
        let entry = handlers.iter().find(|h| h.name == key)?;
        match &entry.raw {
            None => return entry.value.clone(),
            Some(raw) => raw.clone(),
        }
    };
    let compiled = event_handler_attributes::compile(target, name, &raw, context);
    let mut handlers = state.handlers.borrow_mut();
    let entry = handlers.iter_mut().find(|h| h.name == key)?;
    // (Unless compiling it ran script that set the handler anew.)
    if entry
        .raw
        .as_ref()
        .is_some_and(|r| std::rc::Rc::ptr_eq(r, &raw))
    {
        entry.raw = None;
        entry.value.clone_from(&compiled);
    }
    // 2. Return eventHandler's value.
    entry.value.clone()
}

/// Set `target`'s handler `name` to an internal raw uncompiled handler and activate it (the
/// event handler content attribute change steps, 5.5-5.6).
pub fn set_raw_handler(
    target: &JsObject,
    name: &str,
    raw: std::rc::Rc<event_handler_attributes::RawHandler>,
    context: &mut Context,
) -> JsResult<()> {
    let Some(state) = event_target_state(target, context) else {
        return Ok(());
    };
    let name = JsString::from(name);
    let needs_activation = {
        let mut handlers = state.handlers.borrow_mut();
        if let Some(entry) = handlers.iter_mut().find(|h| h.name == name) {
            entry.value = None;
            entry.raw = Some(raw);
            entry.listener.is_none()
        } else {
            handlers.push(HandlerEntry {
                name: name.clone(),
                value: None,
                raw: Some(raw),
                listener: None,
            });
            true
        }
    };
    if needs_activation {
        activate(target, &state, &name, context)?;
    }
    Ok(())
}

/// The event handler IDL attribute setter steps for `name` on `target`.
pub fn set_event_handler(
    target: &JsObject,
    name: &str,
    value: Option<JsObject>,
    context: &mut Context,
) -> JsResult<()> {
    let Some(state) = event_target_state(target, context) else {
        return Err(illegal_invocation());
    };
    let name = JsString::from(name);
    let Some(value) = value else {
        // 1. If the given value is null, then deactivate an event handler given this and name:
        //    set eventHandler's value to null; if its listener is not null, remove an event
        //    listener with eventTarget and listener; set eventHandler's listener to null.
        let listener = {
            let mut handlers = state.handlers.borrow_mut();
            handlers.iter_mut().find(|h| h.name == name).and_then(|h| {
                h.value = None;
                h.raw = None;
                h.listener.take()
            })
        };
        if let Some(listener) = listener {
            remove_event_listener(target, &listener, context);
        }
        return Ok(());
    };
    // 2. Otherwise: let eventHandler be handlerMap[name]; set eventHandler's value to the given
    //    value; activate an event handler given this and name.
    let needs_activation = {
        let mut handlers = state.handlers.borrow_mut();
        if let Some(entry) = handlers.iter_mut().find(|h| h.name == name) {
            entry.value = Some(value);
            entry.raw = None;
            entry.listener.is_none()
        } else {
            handlers.push(HandlerEntry {
                name: name.clone(),
                value: Some(value),
                raw: None,
                listener: None,
            });
            true
        }
    };
    // Activate: 2. If eventHandler's listener is not null, then return.
    if !needs_activation {
        return Ok(());
    }
    activate(target, &state, &name, context)
}

/// "Activate an event handler" given `target` and `name`, steps 3-6 (its listener is null).
fn activate(
    target: &JsObject,
    state: &boa_gc::Gc<crate::web::dom::event_target::EventTargetState>,
    name: &JsString,
    context: &mut Context,
) -> JsResult<()> {
    // 3. Let callback be an EventListener that runs the event handler processing algorithm.
    // 4. Let listener be a new event listener whose type is the event handler event type
    //    corresponding to eventHandler and callback is callback.
    let listener = Listener {
        kind: event_type(name),
        callback: ListenerCallback::Handler(name.clone()),
        capture: false,
        passive: false,
        once: false,
        removed: Cell::new(false),
    };
    // 5. Add an event listener with eventTarget and listener.
    let listener = add_event_listener(target, listener, None, context)?;
    // 6. Set eventHandler's listener to listener.
    let mut handlers = state.handlers.borrow_mut();
    if let Some(entry) = handlers.iter_mut().find(|h| h.name == *name) {
        entry.listener = listener;
    }
    Ok(())
}

/// The event handler processing algorithm (HTML §8.1.8.1) for the handler `name` of
/// `current_target`, given an event.
pub fn process_event(
    current_target: &JsObject,
    name: &JsString,
    event_object: &JsObject,
    context: &mut Context,
) -> JsResult<()> {
    // 1. Let callback be the result of getting the current value of the event handler given
    //    eventTarget and name.
    // 2. If callback is null, then return.
    let Some(callback) = get_event_handler(current_target, &name.to_std_string_escaped(), context)
    else {
        return Ok(());
    };
    // WebIDL: invoking a non-callable [LegacyTreatNonObjectAsNull] callback returns undefined.
    if !callback.is_callable() {
        return Ok(());
    }
    let Some(state) = event::event_state(event_object, context) else {
        return Ok(());
    };
    // 3. Let special error event handling be true if event is an ErrorEvent object, event's type
    //    is "error", and event's currentTarget implements WindowOrWorkerGlobalScope.
    let is_error_type = state.borrow().kind == "error";
    let error_fields = error_event::fields(event_object)
        .filter(|_| is_error_type && JsObject::equals(current_target, &context.global_object()));
    let this = JsValue::from(current_target.clone());
    // 4. Process the Event object event: invoke callback with the five error arguments or with
    //    « event », "rethrow" (an exception propagates to dispatch, which reports it).
    //    (The invocation runs between "prepare to run script" and "clean up after running
    //    script": `engine::callback`.)
    let return_value = match &error_fields {
        Some(f) => invoke_callback_function(
            &callback,
            &this,
            &[
                f.message.clone().into(),
                f.filename.clone().into(),
                f.lineno.into(),
                f.colno.into(),
                f.error.clone(),
            ],
            ExceptionBehavior::Rethrow,
            context,
        )?,
        None => invoke_callback_function(
            &callback,
            &this,
            &[event_object.clone().into()],
            ExceptionBehavior::Rethrow,
            context,
        )?,
    };
    // 5. Process return value: with special error event handling, true cancels the event;
    //    otherwise false cancels it. (Deviation: through DOM's "set the canceled flag", so a
    //    non-cancelable event stays uncanceled, as in browsers.)
    let cancel = match error_fields {
        Some(_) => return_value.as_boolean() == Some(true),
        None => return_value.as_boolean() == Some(false),
    };
    if cancel {
        state.borrow_mut().set_canceled_flag();
    }
    Ok(())
}

/// The value conversion of an `EventHandler` attribute ([LegacyTreatNonObjectAsNull]): objects
/// are kept, anything else is null.
fn handler_value(value: &JsValue) -> Option<JsObject> {
    value.as_object()
}

/// Where an attribute's handler lives, given the object it was read or set on (`<body>`'s
/// window-reflecting handlers live on its document's window).
pub type Redirect = fn(&JsObject, &str) -> Option<JsObject>;

fn getter(name: &'static str, brand: Brand, redirect: Option<Redirect>) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        let target = this_object(this, context)?;
        if !brand(&target, context) {
            return Err(illegal_invocation());
        }
        let target = match redirect {
            None => target,
            // (No window: the getter returns null.)
            Some(redirect) => match redirect(&target, name) {
                Some(target) => target,
                None => return Ok(JsValue::null()),
            },
        };
        Ok(get_event_handler(&target, name, context).map_or_else(JsValue::null, JsValue::from))
    })
}

fn setter(
    name: &'static str,
    brand: Brand,
    after: Option<AfterSet>,
    redirect: Option<Redirect>,
) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, args, context| {
        let target = this_object(this, context)?;
        if !brand(&target, context) {
            return Err(illegal_invocation());
        }
        let target = match redirect {
            None => target,
            // (No window: the setter does nothing.)
            Some(redirect) => match redirect(&target, name) {
                Some(target) => target,
                None => return Ok(JsValue::undefined()),
            },
        };
        let value = arg(args, 0);
        set_event_handler(&target, name, handler_value(&value), context)?;
        if let Some(after) = after {
            after(&target, &value, context)?;
        }
        Ok(JsValue::undefined())
    })
}

/// Define the event handler IDL attribute `name` on an interface under construction, for
/// handlers that live on another object (`redirect`: `<body>`'s window-reflecting ones).
pub fn redirected_event_handler_attribute(
    m: &mut Members<'_, '_>,
    name: &'static str,
    brand: Brand,
    redirect: Redirect,
) {
    m.attribute(
        name,
        getter(name, brand, Some(redirect)),
        Some(setter(name, brand, None, Some(redirect))),
    );
}

/// Define the event handler IDL attribute `name` on an interface under construction.
pub fn event_handler_attribute(m: &mut Members<'_, '_>, name: &'static str, brand: Brand) {
    event_handler_attribute_with(m, name, brand, None);
}

/// [`event_handler_attribute`] with steps run after each set.
pub fn event_handler_attribute_with(
    m: &mut Members<'_, '_>,
    name: &'static str,
    brand: Brand,
    after: Option<AfterSet>,
) {
    m.attribute(
        name,
        getter(name, brand, None),
        Some(setter(name, brand, after, None)),
    );
}

/// Define the event handler IDL attribute `name` as an own accessor of `object` (the members of
/// a `[Global]` interface live on the global object itself).
pub fn define_own_event_handler(
    object: &JsObject,
    name: &'static str,
    brand: Brand,
    context: &mut Context,
) -> JsResult<()> {
    let realm = context.realm().clone();
    let (get, set) = accessor_pair(
        &realm,
        name,
        getter(name, brand, None),
        Some(setter(name, brand, None, None)),
    );
    object.define_property_or_throw(
        JsString::from(name),
        boa_engine::property::PropertyDescriptor::builder()
            .get(get)
            .maybe_set(set)
            .enumerable(true)
            .configurable(true),
        context,
    )?;
    Ok(())
}
