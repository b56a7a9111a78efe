//! The `MessageEvent` interface (HTML §9.3.1).
//!
//! Invariant: `ports` returns the same frozen array object every time (a `FrozenArray`
//! attribute); `source` is null, a MessagePort or a window of this agent (no service workers).

use boa_engine::js_string;
use boa_engine::object::IntegrityLevel;
use boa_engine::object::builtins::JsArray;
use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, GcRefCell, Trace};

use crate::engine::webidl::type_error;
use crate::web::dom::event::{
    EventCell, EventInit, IsEvent, constructor_prelude, new_event_cell, new_event_object,
    read_event_init, register_event_brand,
};
use crate::web::dom::interface::{
    InterfaceSpec, arg, arguments_required, construct_error, define_interface, illegal_invocation,
    member, prototype_of, sequence, this_object,
};
use crate::web::html::message_port::port_state;
use crate::web::html::window_post_message::is_window_proxy;

/// MessageEvent's own attributes.
#[derive(Trace, Finalize, Clone)]
pub struct MessageFields {
    pub data: JsValue,
    pub origin: JsString,
    pub last_event_id: JsString,
    pub source: Option<JsObject>,
    /// A frozen array of MessagePorts.
    pub ports: JsObject,
}

/// The native data of `MessageEvent` objects.
#[derive(Trace, Finalize, JsData)]
pub struct MessageEventData {
    pub event: EventCell,
    pub fields: GcRefCell<MessageFields>,
}

impl IsEvent for MessageEventData {
    fn event_cell(&self) -> EventCell {
        self.event.clone()
    }
}

fn frozen_array(values: Vec<JsObject>, context: &mut Context) -> JsResult<JsObject> {
    let array: JsObject = JsArray::from_iter(values.into_iter().map(JsValue::from), context).into();
    array.set_integrity_level(IntegrityLevel::Frozen, context)?;
    Ok(array)
}

/// Set a MessageEvent's `source` (the `connect` event of a shared worker: the inside port).
pub fn set_source(event: &JsObject, source: &JsObject) {
    if let Some(data) = event.downcast_ref::<MessageEventData>() {
        data.fields.borrow_mut().source = Some(source.clone());
    }
}

/// Set the `origin` and `source` of a MessageEvent fired at a window (the window post message
/// steps).
pub fn set_window_fields(event: &JsObject, origin: JsString, source: &JsObject) {
    if let Some(data) = event.downcast_ref::<MessageEventData>() {
        let mut fields = data.fields.borrow_mut();
        fields.origin = origin;
        fields.source = Some(source.clone());
    }
}

/// Create a trusted MessageEvent (not cancelable, not bubbling) for delivering a message.
pub fn create_message_event(
    kind: &str,
    data: JsValue,
    ports: Vec<JsObject>,
    context: &mut Context,
) -> JsResult<JsObject> {
    let event = new_event_cell(JsString::from(kind), EventInit::default(), context);
    event.borrow_mut().is_trusted = true;
    let ports = frozen_array(ports, context)?;
    let proto = prototype_of(context, "MessageEvent")?;
    let fields = MessageFields {
        data,
        origin: JsString::from(""),
        last_event_id: JsString::from(""),
        source: None,
        ports,
    };
    new_event_object(
        proto,
        MessageEventData {
            event,
            fields: GcRefCell::new(fields),
        },
        context,
    )
}

/// Convert `MessageEventSource? source` (a WindowProxy or a MessagePort: there are no service
/// workers).
fn source(
    value: &JsValue,
    context: &Context,
    fail: impl Fn(&str) -> boa_engine::JsError,
) -> JsResult<Option<JsObject>> {
    if value.is_null_or_undefined() {
        return Ok(None);
    }
    match value.as_object() {
        Some(o) if port_state(&o).is_some() || is_window_proxy(&o, context) => Ok(Some(o)),
        _ => Err(fail(
            "The provided value is not of type '(MessagePort or ServiceWorker or WindowProxy)'.",
        )),
    }
}

/// Convert `sequence<MessagePort> ports`.
fn ports(
    value: &JsValue,
    context: &mut Context,
    fail: impl Fn(&str) -> boa_engine::JsError,
) -> JsResult<Vec<JsObject>> {
    if value.is_undefined() {
        return Ok(Vec::new());
    }
    sequence(value, context, &fail)?
        .into_iter()
        .map(|v| match v.as_object() {
            Some(o) if port_state(&o).is_some() => Ok(o),
            _ => Err(fail("Failed to convert value to 'MessagePort'.")),
        })
        .collect()
}

fn string_or_empty(value: JsValue, context: &mut Context) -> JsResult<JsString> {
    if value.is_undefined() {
        Ok(JsString::from(""))
    } else {
        value.to_string(context)
    }
}

/// `new MessageEvent(type, eventInitDict)`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    const NAME: &str = "MessageEvent";
    let (proto, kind, dict) =
        constructor_prelude(new_target, args, (NAME, 1), "MessageEventInit", context)?;
    let dict = dict.as_ref();
    let init = read_event_init(dict, context)?;
    let fail = |m: &str| construct_error(NAME, m);
    // MessageEventInit members, in lexicographic order: data, lastEventId, origin, ports, source.
    let data = member(dict, js_string!("data"), context)?;
    let data = if data.is_undefined() {
        JsValue::null()
    } else {
        data
    };
    let last_event_id =
        string_or_empty(member(dict, js_string!("lastEventId"), context)?, context)?;
    let origin = string_or_empty(member(dict, js_string!("origin"), context)?, context)?;
    let port_list = ports(&member(dict, js_string!("ports"), context)?, context, fail)?;
    let source = source(&member(dict, js_string!("source"), context)?, context, fail)?;
    let ports = frozen_array(port_list, context)?;
    let event = new_event_cell(kind, init, context);
    let fields = MessageFields {
        data,
        origin,
        last_event_id,
        source,
        ports,
    };
    let data = MessageEventData {
        event,
        fields: GcRefCell::new(fields),
    };
    Ok(new_event_object(proto, data, context)?.into())
}

fn fields_of(this: &JsValue, context: &Context) -> JsResult<MessageFields> {
    let object = this_object(this, context)?;
    let data = object
        .downcast_ref::<MessageEventData>()
        .ok_or_else(illegal_invocation)?;
    let fields = data.fields.borrow().clone();
    Ok(fields)
}

fn getter(f: fn(&MessageFields) -> JsValue) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| Ok(f(&fields_of(this, context)?)))
}

/// `initMessageEvent(type, bubbles, cancelable, data, origin, lastEventId, source, ports)`.
fn init_message_event(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let object = this_object(this, context)?;
    if object.downcast_ref::<MessageEventData>().is_none() {
        return Err(illegal_invocation());
    }
    let fail = |m: &str| type_error("MessageEvent", "initMessageEvent", m);
    if args.is_empty() {
        return Err(fail(&arguments_required(1, 0)));
    }
    let kind = args[0].to_string(context)?;
    let (bubbles, cancelable) = (arg(args, 1).to_boolean(), arg(args, 2).to_boolean());
    let data = match args.get(3) {
        Some(v) if !v.is_undefined() => v.clone(),
        _ => JsValue::null(),
    };
    let origin = string_or_empty(arg(args, 4), context)?;
    let last_event_id = string_or_empty(arg(args, 5), context)?;
    let source = source(&arg(args, 6), context, fail)?;
    let port_list = ports(&arg(args, 7), context, fail)?;
    let ports = frozen_array(port_list, context)?;
    let Some(data_ref) = object.downcast_ref::<MessageEventData>() else {
        return Err(illegal_invocation());
    };
    let mut event = data_ref.event.borrow_mut();
    // 1. If this's dispatch flag is set, then return.
    if event.dispatch {
        return Ok(JsValue::undefined());
    }
    // 2. Initialize this with type, bubbles, and cancelable.
    event.initialized = true;
    event.stop_propagation = false;
    event.stop_immediate_propagation = false;
    event.canceled = false;
    event.is_trusted = false;
    event.target = None;
    event.kind = kind;
    event.bubbles = bubbles;
    event.cancelable = cancelable;
    // 3. Set the other attributes to the given values.
    *data_ref.fields.borrow_mut() = MessageFields {
        data,
        origin,
        last_event_id,
        source,
        ports,
    };
    Ok(JsValue::undefined())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_event_brand::<MessageEventData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "MessageEvent",
            parent: Some("Event"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute("data", getter(|f| f.data.clone()), None)
                .attribute("origin", getter(|f| f.origin.clone().into()), None)
                .attribute(
                    "lastEventId",
                    getter(|f| f.last_event_id.clone().into()),
                    None,
                )
                .attribute(
                    "source",
                    getter(|f| f.source.clone().map_or_else(JsValue::null, JsValue::from)),
                    None,
                )
                .attribute("ports", getter(|f| f.ports.clone().into()), None)
                .operation(
                    "initMessageEvent",
                    1,
                    NativeFunction::from_fn_ptr(init_message_event),
                );
        },
    )?;
    Ok(())
}
