//! The `Event` interface (DOM §2.2), without a node tree: an event's path is its target alone.
//!
//! Invariants:
//! - An event's state lives in a `Gc<GcRefCell<EventState>>` shared by the object's native data;
//!   borrows are short and never span a call into JS.
//! - Subclasses (`CustomEvent`, `ErrorEvent`, …, and later layers' events) keep their own native
//!   data that implements [`IsEvent`] and register it with [`register_event_brand`];
//!   [`event_state`] finds the state of any of them.
//! - `isTrusted` is an own, non-configurable accessor of every event (`[LegacyUnforgeable]`).

use boa_engine::js_string;
use std::rc::Rc;

use boa_engine::object::NativeObject;
use boa_engine::object::builtins::JsArray;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Gc, GcRefCell, Trace};

use crate::agent::host::Host;
use crate::agent::realm::{insert_realm_data, realm_data};
use crate::web::dom::interface::{
    InterfaceSpec, accessor_pair, arg, arguments_required, bool_member, construct_error,
    define_interface, dictionary, find_brand, illegal_invocation, prototype_from_new_target,
    register_brand, this_object,
};

pub const NONE: u16 = 0;
pub const CAPTURING_PHASE: u16 = 1;
pub const AT_TARGET: u16 = 2;
pub const BUBBLING_PHASE: u16 = 3;

/// An event's attributes and flags (DOM §2.2).
#[derive(Trace, Finalize, Clone, Debug)]
pub struct EventState {
    pub kind: JsString,
    pub target: Option<JsObject>,
    pub current_target: Option<JsObject>,
    pub event_phase: u16,
    pub bubbles: bool,
    pub cancelable: bool,
    pub composed: bool,
    pub is_trusted: bool,
    pub time_stamp: f64,
    /// The event's path: its target while it is being dispatched, else empty.
    pub path: Vec<JsObject>,
    pub stop_propagation: bool,
    pub stop_immediate_propagation: bool,
    pub canceled: bool,
    pub in_passive_listener: bool,
    pub initialized: bool,
    pub dispatch: bool,
}

/// `EventInit`.
#[derive(Copy, Clone, Debug, Default)]
pub struct EventInit {
    pub bubbles: bool,
    pub cancelable: bool,
    pub composed: bool,
}

impl EventState {
    /// The state of a new, initialized event (the "inner event creation steps" 2–4).
    #[must_use]
    pub fn new(kind: JsString, init: EventInit, time_stamp: f64) -> Self {
        Self {
            kind,
            target: None,
            current_target: None,
            event_phase: NONE,
            bubbles: init.bubbles,
            cancelable: init.cancelable,
            composed: init.composed,
            is_trusted: false,
            time_stamp,
            path: Vec::new(),
            stop_propagation: false,
            stop_immediate_propagation: false,
            canceled: false,
            in_passive_listener: false,
            initialized: true,
            dispatch: false,
        }
    }

    /// "Set the canceled flag": if cancelable is true and the in passive listener flag is unset,
    /// set the canceled flag.
    pub fn set_canceled_flag(&mut self) {
        if self.cancelable && !self.in_passive_listener {
            self.canceled = true;
        }
    }
}

/// A shared, mutable event state.
pub type EventCell = Gc<GcRefCell<EventState>>;

/// Make the shared state of a new event.
#[must_use]
pub fn new_event_cell(kind: JsString, init: EventInit, context: &Context) -> EventCell {
    Gc::new(GcRefCell::new(EventState::new(kind, init, now_ms(context))))
}

/// Native data of objects whose interface is an Event.
pub trait IsEvent: NativeObject {
    fn event_cell(&self) -> EventCell;
}

/// The native data of plain `Event` objects.
#[derive(Trace, Finalize, JsData)]
pub struct EventData {
    pub state: EventCell,
}

impl IsEvent for EventData {
    fn event_cell(&self) -> EventCell {
        self.state.clone()
    }
}

fn brand_of<T: IsEvent>(object: &JsObject) -> Option<EventCell> {
    object.downcast_ref::<T>().map(|d| d.event_cell())
}

/// Make objects with native data `T` recognised as Events.
pub fn register_event_brand<T: IsEvent>(context: &mut Context) {
    register_brand(context, brand_of::<T>);
}

/// The state of `object`, if it is an Event.
#[must_use]
pub fn event_state(object: &JsObject, context: &Context) -> Option<EventCell> {
    if let Some(state) = brand_of::<EventData>(object) {
        return Some(state);
    }
    find_brand(object, context)
}

/// The current high resolution time in ms (an event's timeStamp).
fn now_ms(context: &Context) -> f64 {
    Host::from_context(context).map_or(0.0, |h| h.now().as_millis_f64())
}

/// The `isTrusted` getter, shared by all events (context data).
struct IsTrustedGetter(JsObject);

/// Create an event object: `data` is its native data (holding an [`EventCell`]), `prototype` the
/// interface prototype (or NewTarget's). Installs the `[LegacyUnforgeable] isTrusted` attribute.
pub fn new_event_object<T: IsEvent>(
    prototype: JsObject,
    data: T,
    context: &mut Context,
) -> JsResult<JsObject> {
    let getter = realm_data::<IsTrustedGetter>(context)
        .map(|g| g.0.clone())
        .ok_or_else(illegal_invocation)?;
    let object = crate::engine::builtins::platform_object(prototype, data, context);
    object.define_property_or_throw(
        JsString::from("isTrusted"),
        PropertyDescriptor::builder()
            .get(getter)
            .enumerable(true)
            .configurable(false),
        context,
    )?;
    Ok(object)
}

/// "Create an event" (DOM §2.5) of the plain `Event` interface, trusted, for firing from Rust.
pub fn create_event(kind: &str, init: EventInit, context: &mut Context) -> JsResult<JsObject> {
    let state = new_event_cell(JsString::from(kind), init, context);
    // 3. Initialize event's isTrusted attribute to true.
    state.borrow_mut().is_trusted = true;
    let proto = crate::web::dom::interface::prototype_of(context, "Event")?;
    new_event_object(proto, EventData { state }, context)
}

/// Read `EventInit` members in WebIDL order (bubbles, cancelable, composed).
pub fn read_event_init(dict: Option<&JsObject>, context: &mut Context) -> JsResult<EventInit> {
    Ok(EventInit {
        bubbles: bool_member(dict, js_string!("bubbles"), false, context)?,
        cancelable: bool_member(dict, js_string!("cancelable"), false, context)?,
        composed: bool_member(dict, js_string!("composed"), false, context)?,
    })
}

/// The common start of an Event subclass constructor: NewTarget's prototype, the required
/// `type` argument and the init dictionary object (members are read by the caller, base members
/// first via [`read_event_init`]).
pub fn constructor_prelude(
    new_target: &JsValue,
    args: &[JsValue],
    (interface, required): (&'static str, usize),
    dictionary_name: &str,
    context: &mut Context,
) -> JsResult<(JsObject, JsString, Option<JsObject>)> {
    // A constructor called without `new` fails first; then the argument count (an init
    // dictionary with a required member is a required argument).
    if new_target.is_undefined() {
        prototype_from_new_target(new_target, interface, context)?;
    }
    if args.len() < required {
        return Err(construct_error(
            interface,
            &arguments_required(required, args.len()),
        ));
    }
    let proto = prototype_from_new_target(new_target, interface, context)?;
    let kind = args[0].to_string(context)?;
    let dict = dictionary(
        args.get(1),
        |m| construct_error(interface, m),
        dictionary_name,
    )?;
    Ok((proto, kind, dict))
}

fn this_event(this: &JsValue, context: &Context) -> JsResult<EventCell> {
    event_state(&this_object(this, context)?, context).ok_or_else(illegal_invocation)
}

fn getter(f: fn(&EventState) -> JsValue) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        let state = this_event(this, context)?;
        let value = f(&state.borrow());
        Ok(value)
    })
}

fn object_or_null(object: Option<&JsObject>) -> JsValue {
    object.map_or_else(JsValue::null, |o| o.clone().into())
}

/// `new Event(type, eventInitDict)`: the inner event creation steps with an empty realm.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (proto, kind, dict) =
        constructor_prelude(new_target, args, ("Event", 1), "EventInit", context)?;
    let init = read_event_init(dict.as_ref(), context)?;
    // 1. Let event be the result of creating a new object using eventInterface.
    // 2. Set event's initialized flag. 3. Initialize event's timeStamp. 4. Initialize the
    //    attributes from the dictionary. (EventState::new.) isTrusted stays false.
    let state = new_event_cell(kind, init, context);
    Ok(new_event_object(proto, EventData { state }, context)?.into())
}

/// `composedPath()`, for a path of one: [currentTarget] while dispatching, else [].
fn composed_path(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let state = this_event(this, context)?;
    let items: Vec<JsValue> = {
        let event = state.borrow();
        // 1. Let composedPath be an empty list. 2. Let path be this's path.
        // 3. If path is empty, then return composedPath.
        // 4–6. Let currentTarget be this's currentTarget attribute value; append it.
        // (7–14 walk the rest of the path: there is none without a tree.)
        if event.path.is_empty() {
            Vec::new()
        } else {
            event
                .current_target
                .iter()
                .map(|t| t.clone().into())
                .collect()
        }
    };
    Ok(JsArray::from_iter(items, context).into())
}

/// `initEvent(type, bubbles, cancelable)`.
fn init_event(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let state = this_event(this, context)?;
    if args.is_empty() {
        return Err(crate::engine::webidl::type_error(
            "Event",
            "initEvent",
            &arguments_required(1, 0),
        ));
    }
    let kind = args[0].to_string(context)?;
    let bubbles = arg(args, 1).to_boolean();
    let cancelable = arg(args, 2).to_boolean();
    let mut event = state.borrow_mut();
    // 1. If this's dispatch flag is set, then return.
    if event.dispatch {
        return Ok(JsValue::undefined());
    }
    // 2. Initialize this with type, bubbles, and cancelable: set the initialized flag; unset the
    //    stop propagation, stop immediate propagation and canceled flags; set isTrusted to false,
    //    target to null, type, bubbles and cancelable.
    event.initialized = true;
    event.stop_propagation = false;
    event.stop_immediate_propagation = false;
    event.canceled = false;
    event.is_trusted = false;
    event.target = None;
    event.kind = kind;
    event.bubbles = bubbles;
    event.cancelable = cancelable;
    Ok(JsValue::undefined())
}

fn mutator(f: fn(&mut EventState)) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        let state = this_event(this, context)?;
        f(&mut state.borrow_mut());
        Ok(JsValue::undefined())
    })
}

pub fn register(context: &mut Context) -> JsResult<()> {
    let realm = context.realm().clone();
    let (is_trusted, _) = accessor_pair(&realm, "isTrusted", getter(|e| e.is_trusted.into()), None);
    insert_realm_data(context, Rc::new(IsTrustedGetter(is_trusted)));
    register_event_brand::<EventData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "Event",
            parent: None,
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.constant("NONE", NONE)
                .constant("CAPTURING_PHASE", CAPTURING_PHASE)
                .constant("AT_TARGET", AT_TARGET)
                .constant("BUBBLING_PHASE", BUBBLING_PHASE)
                .attribute("type", getter(|e| e.kind.clone().into()), None)
                .attribute(
                    "target",
                    getter(|e| object_or_null(e.target.as_ref())),
                    None,
                )
                // Legacy alias of target.
                .attribute(
                    "srcElement",
                    getter(|e| object_or_null(e.target.as_ref())),
                    None,
                )
                .attribute(
                    "currentTarget",
                    getter(|e| object_or_null(e.current_target.as_ref())),
                    None,
                )
                .operation(
                    "composedPath",
                    0,
                    NativeFunction::from_fn_ptr(composed_path),
                )
                .attribute("eventPhase", getter(|e| e.event_phase.into()), None)
                // The stopPropagation() method steps are to set this's stop propagation flag.
                .operation("stopPropagation", 0, mutator(|e| e.stop_propagation = true))
                // cancelBubble: getter returns the stop propagation flag; setting true sets it.
                .attribute(
                    "cancelBubble",
                    getter(|e| e.stop_propagation.into()),
                    Some(NativeFunction::from_fn_ptr(|this, args, context| {
                        let state = this_event(this, context)?;
                        if arg(args, 0).to_boolean() {
                            state.borrow_mut().stop_propagation = true;
                        }
                        Ok(JsValue::undefined())
                    })),
                )
                // Sets this's stop propagation flag and stop immediate propagation flag.
                .operation(
                    "stopImmediatePropagation",
                    0,
                    mutator(|e| {
                        e.stop_propagation = true;
                        e.stop_immediate_propagation = true;
                    }),
                )
                .attribute("bubbles", getter(|e| e.bubbles.into()), None)
                .attribute("cancelable", getter(|e| e.cancelable.into()), None)
                // returnValue: getter returns false if the canceled flag is set; setting it to
                // false sets the canceled flag (via "set the canceled flag").
                .attribute(
                    "returnValue",
                    getter(|e| (!e.canceled).into()),
                    Some(NativeFunction::from_fn_ptr(|this, args, context| {
                        let state = this_event(this, context)?;
                        if !arg(args, 0).to_boolean() {
                            state.borrow_mut().set_canceled_flag();
                        }
                        Ok(JsValue::undefined())
                    })),
                )
                // The preventDefault() method steps are to set the canceled flag for this.
                .operation("preventDefault", 0, mutator(EventState::set_canceled_flag))
                .attribute("defaultPrevented", getter(|e| e.canceled.into()), None)
                .attribute("composed", getter(|e| e.composed.into()), None)
                .attribute("timeStamp", getter(|e| e.time_stamp.into()), None)
                .operation("initEvent", 1, NativeFunction::from_fn_ptr(init_event));
        },
    )?;
    Ok(())
}
