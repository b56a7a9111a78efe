//! The `EventTarget` interface (DOM §2.7).
//!
//! Invariants:
//! - An event target's *event listener list* is a `Vec<Gc<Listener>>` in a `GcRefCell`, traced by
//!   the collector through the object's native data. Dispatch works on a clone of the list (of
//!   `Gc` handles) and honours each listener's `removed` flag, so removal during dispatch is seen
//!   and listeners added during dispatch are not called.
//! - No borrow of the list is held while JS runs.
//! - Every object that is an EventTarget (plain, the global object, `AbortSignal`, `MessagePort`,
//!   and interfaces of later layers) has native data implementing [`IsEventTarget`], registered
//!   with [`register_event_target_brand`]; [`event_target_state`] finds the state of any of them.

use boa_engine::js_string;
use std::cell::Cell;

use boa_engine::context::intrinsics::Intrinsics;
use boa_engine::object::NativeObject;
use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction, js_str};
use boa_gc::{Finalize, Gc, GcRefCell, Trace};

use crate::agent::realm::realm_of_global;
use crate::engine::webidl::type_error;
use crate::web::dom::abort_signal::{self, AbortAlgorithm, AbortSignalState, AbortSteps};
use crate::web::dom::document::{body_element, document_element, has_window_document};
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::interface::{
    InterfaceSpec, arg, arguments_required, define_interface, find_brand, illegal_invocation,
    member, prototype_from_new_target, register_brand, this_object,
};
use crate::web::dom::node::{NodeKind, node_state};
use crate::web::dom::{dispatch, event};

/// An event listener's callback: a JS `EventListener` (function or object with `handleEvent`),
/// or an event handler's internal listener (HTML: its callback runs the event handler processing
/// algorithm for the handler named here).
#[derive(Trace, Finalize, Clone)]
pub enum ListenerCallback {
    Object(JsObject),
    Handler(JsString),
}

/// An *event listener* (DOM §2.7).
#[derive(Trace, Finalize)]
pub struct Listener {
    pub kind: JsString,
    pub callback: ListenerCallback,
    pub capture: bool,
    pub passive: bool,
    pub once: bool,
    /// Set when the listener is removed (dispatch skips removed listeners of its clone).
    pub removed: Cell<bool>,
}

/// An HTML *event handler*: its value and the listener it activated (if any).
#[derive(Trace, Finalize)]
pub struct HandlerEntry {
    pub name: JsString,
    /// The value once it is a callback object (null: `None`, and `raw` is `None` too).
    pub value: Option<JsObject>,
    /// The value while it is an internal raw uncompiled handler (a content attribute's text).
    #[unsafe_ignore_trace]
    pub raw: Option<std::rc::Rc<crate::web::html::event_handler_attributes::RawHandler>>,
    pub listener: Option<Gc<Listener>>,
}

/// The state every EventTarget carries: its event listener list and its event handler map.
#[derive(Trace, Finalize, Default)]
pub struct EventTargetState {
    listeners: GcRefCell<Vec<Gc<Listener>>>,
    pub(crate) handlers: GcRefCell<Vec<HandlerEntry>>,
}

impl EventTargetState {
    #[must_use]
    pub fn new() -> Gc<Self> {
        Gc::new(Self::default())
    }

    /// Whether the list holds a listener with this type, callback and capture.
    fn contains(&self, kind: &JsString, callback: &JsObject, capture: bool) -> bool {
        self.listeners.borrow().iter().any(|l| {
            l.kind == *kind
                && l.capture == capture
                && matches!(&l.callback, ListenerCallback::Object(o) if JsObject::equals(o, callback))
        })
    }

    /// Append a listener (the caller has checked for duplicates).
    pub(crate) fn append(&self, listener: Gc<Listener>) {
        self.listeners.borrow_mut().push(listener);
    }

    /// "Remove an event listener": set its removed flag and take it out of the list.
    pub fn remove(&self, listener: &Gc<Listener>) {
        listener.removed.set(true);
        self.listeners
            .borrow_mut()
            .retain(|l| !Gc::ptr_eq(l, listener));
    }

    /// A clone of the event listener list (for dispatch).
    #[must_use]
    pub fn snapshot(&self) -> Vec<Gc<Listener>> {
        self.listeners.borrow().clone()
    }

    /// Whether some listener (or activated event handler) listens for `kind`.
    #[must_use]
    pub fn has_listener_for(&self, kind: &str) -> bool {
        let listeners = self.listeners.borrow();
        if listeners.is_empty() {
            return false;
        }
        let kind = JsString::from(kind);
        listeners.iter().any(|l| l.kind == kind)
    }
}

/// Native data of objects whose interface is an EventTarget.
pub trait IsEventTarget: NativeObject {
    fn event_target_state(&self) -> Gc<EventTargetState>;
}

/// The native data of `EventTarget` objects (and of the global object).
#[derive(Trace, Finalize, JsData)]
pub struct EventTargetData {
    pub state: Gc<EventTargetState>,
}

impl IsEventTarget for EventTargetData {
    fn event_target_state(&self) -> Gc<EventTargetState> {
        self.state.clone()
    }
}

fn brand_of<T: IsEventTarget>(object: &JsObject) -> Option<Gc<EventTargetState>> {
    object.downcast_ref::<T>().map(|d| d.event_target_state())
}

/// Make objects with native data `T` recognised as EventTargets (for interfaces that inherit
/// from EventTarget with their own native data).
pub fn register_event_target_brand<T: IsEventTarget>(context: &mut Context) {
    register_brand(context, brand_of::<T>);
}

/// The EventTarget state of `object`, if it implements EventTarget.
#[must_use]
pub fn event_target_state(object: &JsObject, context: &Context) -> Option<Gc<EventTargetState>> {
    if let Some(state) = brand_of::<EventTargetData>(object) {
        return Some(state);
    }
    find_brand(object, context)
}

/// Whether `value` is an EventTarget.
#[must_use]
pub fn is_event_target(value: &JsValue, context: &Context) -> bool {
    value
        .as_object()
        .is_some_and(|o| event_target_state(&o, context).is_some())
}

/// The global object: an ordinary object with EventTarget native data (its prototype becomes
/// `Window.prototype` when the web APIs are registered). Used as the engine's
/// `HostHooks::create_global_object`.
#[must_use]
pub fn create_global_object(intrinsics: &Intrinsics) -> JsObject {
    JsObject::from_proto_and_data(
        intrinsics.constructors().object().prototype(),
        EventTargetData {
            state: EventTargetState::new(),
        },
    )
}

/// Brand check for `this` of an EventTarget member.
fn this_target(this: &JsValue, context: &Context) -> JsResult<(JsObject, Gc<EventTargetState>)> {
    let object = this_object(this, context)?;
    let state = event_target_state(&object, context).ok_or_else(illegal_invocation)?;
    Ok((object, state))
}

/// Convert the `EventListener? callback` argument: null/undefined → None; objects (callable or
/// with `handleEvent`) → Some; anything else → TypeError.
fn listener_callback(value: &JsValue, operation: &str) -> JsResult<Option<JsObject>> {
    if value.is_null_or_undefined() {
        return Ok(None);
    }
    value.as_object().map(Some).ok_or_else(|| {
        type_error(
            "EventTarget",
            operation,
            "parameter 2 is not of type 'Object'.",
        )
    })
}

/// "Flatten" options (EventListenerOptions or boolean) → capture.
fn flatten(options: &JsValue, context: &mut Context) -> JsResult<bool> {
    // 1. If options is a boolean, then return options.
    // 2. Return options["capture"].
    match options.as_object() {
        Some(dict) => Ok(dict.get(JsString::from("capture"), context)?.to_boolean()),
        None => Ok(options.to_boolean()),
    }
}

struct AddOptions {
    capture: bool,
    passive: Option<bool>,
    once: bool,
    signal: Option<Gc<AbortSignalState>>,
}

/// "Flatten more" options (AddEventListenerOptions or boolean). Members are read in WebIDL
/// order: the inherited `capture` first, then `once`, `passive`, `signal`.
fn flatten_more(options: &JsValue, context: &mut Context) -> JsResult<AddOptions> {
    let Some(dict) = options.as_object() else {
        // 1. Let capture be the result of flattening options. (A boolean or absent.)
        return Ok(AddOptions {
            capture: options.to_boolean(),
            passive: None,
            once: false,
            signal: None,
        });
    };
    let dict = Some(&dict);
    let capture = member(dict, js_string!("capture"), context)?.to_boolean();
    // 3. If options is a dictionary: set once to options["once"]; if options["passive"] exists,
    //    set passive to it; if options["signal"] exists, set signal to it.
    let once = member(dict, js_string!("once"), context)?.to_boolean();
    let passive = member(dict, js_string!("passive"), context)?;
    let passive = (!passive.is_undefined()).then(|| passive.to_boolean());
    let signal = abort_signal::abort_signal_member(
        &member(dict, js_string!("signal"), context)?,
        "AddEventListenerOptions",
        false,
        context,
        |m| type_error("EventTarget", "addEventListener", m),
    )?
    .map(|(_, state)| state);
    Ok(AddOptions {
        capture,
        passive,
        once,
        signal,
    })
}

/// "Add an event listener" (DOM §2.7) to `target` for a listener given by its parts. Returns the
/// listener if it was appended (not a duplicate, signal not aborted).
pub fn add_event_listener(
    target: &JsObject,
    listener: Listener,
    signal: Option<&Gc<AbortSignalState>>,
    context: &mut Context,
) -> JsResult<Option<Gc<Listener>>> {
    let Some(state) = event_target_state(target, context) else {
        return Err(illegal_invocation());
    };
    // 1. (ServiceWorkerGlobalScope warnings: not applicable.)
    // 2. If listener's signal is not null and is aborted, then return.
    if signal.is_some_and(|s| s.is_aborted()) {
        return Ok(None);
    }
    // 3. If listener's callback is null, then return. (Callers never pass a null callback.)
    // 4. If eventTarget's event listener list does not contain an event listener whose type is
    //    listener's type, callback is listener's callback, and capture is listener's capture,
    //    then append listener to eventTarget's event listener list.
    if let ListenerCallback::Object(callback) = &listener.callback
        && state.contains(&listener.kind, callback, listener.capture)
    {
        return Ok(None);
    }
    let listener = Gc::new(listener);
    state.append(listener.clone());
    // 5. If listener's signal is not null, then add the following abort steps to it: remove an
    //    event listener with eventTarget and listener.
    //    (Added only when the listener was appended: for a duplicate the steps would remove a
    //    listener that is not in the list, a no-op.)
    //    (add_abort_algorithm re-evaluates the signal's GC rule, which depends on its abort
    //    algorithms.)
    if let Some(signal) = signal {
        let removal = Gc::new(ListenerRemoval {
            target: target.clone(),
            listener: listener.clone(),
        });
        abort_signal::add_abort_algorithm(signal, AbortAlgorithm::new(removal));
    }
    abort_signal::refresh_keep_alive(target, context);
    Ok(Some(listener))
}

/// The abort steps of a listener added with a signal: remove an event listener with its target
/// and the listener.
#[derive(Trace, Finalize)]
struct ListenerRemoval {
    target: JsObject,
    listener: Gc<Listener>,
}

impl AbortSteps for ListenerRemoval {
    fn abort(this: &Gc<Self>, context: &mut Context) -> JsResult<()> {
        remove_event_listener(&this.target, &this.listener, context);
        Ok(())
    }
}

/// "Remove an event listener": set its removed flag and take it out of `target`'s list.
pub fn remove_event_listener(target: &JsObject, listener: &Gc<Listener>, context: &mut Context) {
    if let Some(state) = event_target_state(target, context) {
        state.remove(listener);
        // An AbortSignal's liveness depends on its `abort` listeners (DOM §3.1, GC note).
        abort_signal::refresh_keep_alive(target, context);
    }
}

/// `addEventListener(type, callback, options)`.
fn add_event_listener_method(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let (object, _) = this_target(this, context)?;
    if args.len() < 2 {
        return Err(type_error(
            "EventTarget",
            "addEventListener",
            &arguments_required(2, args.len()),
        ));
    }
    let kind = args[0].to_string(context)?;
    let callback = listener_callback(&args[1], "addEventListener")?;
    // 1. Let capture, passive, once, and signal be the result of flattening more options.
    let options = flatten_more(&arg(args, 2), context)?;
    // 2. Add an event listener with this and an event listener whose type is type, callback is
    //    callback, capture is capture, passive is passive, once is once, and signal is signal.
    let Some(callback) = callback else {
        return Ok(JsValue::undefined());
    };
    // (Add an event listener, step 2: if listener's passive is null, set it to the default
    // passive value given listener's type and eventTarget.)
    let passive = options
        .passive
        .unwrap_or_else(|| default_passive_value(&kind, &object, context));
    let listener = Listener {
        kind,
        callback: ListenerCallback::Object(callback),
        capture: options.capture,
        passive,
        once: options.once,
        removed: Cell::new(false),
    };
    add_event_listener(&object, listener, options.signal.as_ref(), context)?;
    Ok(JsValue::undefined())
}

/// DOM §2.7 "the default passive value" given `kind` and `target`.
fn default_passive_value(kind: &JsString, target: &JsObject, context: &Context) -> bool {
    // 1. Return true if all of the following are true:
    //    - type is one of "touchstart", "touchmove", "wheel", and "mousewheel";
    let listed = [
        js_str!("touchstart"),
        js_str!("touchmove"),
        js_str!("wheel"),
        js_str!("mousewheel"),
    ]
    .contains(&kind.as_str());
    if !listed {
        return false;
    }
    //    - eventTarget is a Window object, or is a node whose node document is eventTarget, or is
    //      a node whose node document's document element is eventTarget, or is a node whose
    //      node document's body element is eventTarget.
    if let Some(node) = node_state(target) {
        if node.kind == NodeKind::Document {
            return true;
        }
        let Some(document) = node.document.borrow().clone() else {
            return false;
        };
        return [document_element(&document), body_element(&document)]
            .into_iter()
            .flatten()
            .any(|element| JsObject::equals(&element, target));
    }
    realm_of_global(context, target).is_some_and(|realm| has_window_document(&realm))
    // 2. Return false.
}

/// `removeEventListener(type, callback, options)`.
fn remove_event_listener_method(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let (object, target) = this_target(this, context)?;
    if args.len() < 2 {
        return Err(type_error(
            "EventTarget",
            "removeEventListener",
            &arguments_required(2, args.len()),
        ));
    }
    let kind = args[0].to_string(context)?;
    let callback = listener_callback(&args[1], "removeEventListener")?;
    // 1. Let capture be the result of flattening options.
    let capture = flatten(&arg(args, 2), context)?;
    // 2. If this's event listener list contains an event listener whose type is type, callback
    //    is callback, and capture is capture, then remove an event listener with this and that
    //    event listener.
    let Some(callback) = callback else {
        return Ok(JsValue::undefined());
    };
    let found = target.snapshot().into_iter().find(|l| {
        l.kind == kind
            && l.capture == capture
            && matches!(&l.callback, ListenerCallback::Object(o) if JsObject::equals(o, &callback))
    });
    if let Some(listener) = found {
        remove_event_listener(&object, &listener, context);
    }
    Ok(JsValue::undefined())
}

/// `dispatchEvent(event)`.
fn dispatch_event_method(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let (object, _) = this_target(this, context)?;
    let Some(first) = args.first() else {
        return Err(type_error(
            "EventTarget",
            "dispatchEvent",
            &arguments_required(1, 0),
        ));
    };
    let state = first
        .as_object()
        .and_then(|o| event::event_state(&o, context).map(|s| (o, s)));
    let Some((event_object, state)) = state else {
        return Err(type_error(
            "EventTarget",
            "dispatchEvent",
            "parameter 1 is not of type 'Event'.",
        ));
    };
    {
        let mut event = state.borrow_mut();
        // 1. If event's dispatch flag is set, or if its initialized flag is not set, then throw
        //    an "InvalidStateError" DOMException.
        if event.dispatch || !event.initialized {
            drop(event);
            return Err(dom_exception_error(
                context,
                "Failed to execute 'dispatchEvent' on 'EventTarget': The event is already being \
                 dispatched.",
                "InvalidStateError",
            ));
        }
        // 2. Initialize event's isTrusted attribute to false.
        event.is_trusted = false;
    }
    // 3. Return the result of dispatching event to this.
    Ok(dispatch::dispatch(&event_object, &object, context)?.into())
}

/// Create an object implementing EventTarget with the given prototype.
#[must_use]
pub fn new_event_target(prototype: JsObject) -> JsObject {
    JsObject::from_proto_and_data(
        prototype,
        EventTargetData {
            state: EventTargetState::new(),
        },
    )
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "EventTarget",
            parent: None,
            length: 0,
            // The new EventTarget() constructor steps are to do nothing.
            constructor: Some(NativeFunction::from_fn_ptr(|new_target, _, context| {
                let proto = prototype_from_new_target(new_target, "EventTarget", context)?;
                Ok(new_event_target(proto).into())
            })),
        },
        |m| {
            m.operation(
                "addEventListener",
                2,
                NativeFunction::from_fn_ptr(add_event_listener_method),
            )
            .operation(
                "removeEventListener",
                2,
                NativeFunction::from_fn_ptr(remove_event_listener_method),
            )
            .operation(
                "dispatchEvent",
                1,
                NativeFunction::from_fn_ptr(dispatch_event_method),
            );
        },
    )?;
    Ok(())
}
