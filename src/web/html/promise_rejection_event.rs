//! The `PromiseRejectionEvent` interface (HTML §8.1.5.7), and firing `unhandledrejection` /
//! `rejectionhandled` at the global object.

use boa_engine::js_string;
use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::web::dom::dispatch::fire_event;
use crate::web::dom::event::{
    EventCell, EventInit, IsEvent, constructor_prelude, new_event_cell, new_event_object,
    read_event_init, register_event_brand,
};
use crate::web::dom::interface::{
    InterfaceSpec, construct_error, define_interface, illegal_invocation, member, prototype_of,
    this_object,
};

/// The native data of `PromiseRejectionEvent` objects.
#[derive(Trace, Finalize, JsData)]
pub struct PromiseRejectionEventData {
    pub event: EventCell,
    pub promise: JsObject,
    pub reason: JsValue,
}

impl IsEvent for PromiseRejectionEventData {
    fn event_cell(&self) -> EventCell {
        self.event.clone()
    }
}

/// `new PromiseRejectionEvent(type, eventInitDict)`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    const NAME: &str = "PromiseRejectionEvent";
    let (proto, kind, dict) = constructor_prelude(
        new_target,
        args,
        (NAME, 2),
        "PromiseRejectionEventInit",
        context,
    )?;
    let dict = dict.as_ref();
    let init = read_event_init(dict, context)?;
    // PromiseRejectionEventInit : EventInit { required object promise; any reason; }
    let promise = member(dict, js_string!("promise"), context)?;
    if promise.is_undefined() {
        return Err(construct_error(
            NAME,
            "Failed to read the 'promise' property from 'PromiseRejectionEventInit': Required \
             member is undefined.",
        ));
    }
    let Some(promise) = promise.as_object() else {
        return Err(construct_error(
            NAME,
            "Failed to read the 'promise' property from 'PromiseRejectionEventInit': The \
             provided value is not of type 'object'.",
        ));
    };
    let reason = member(dict, js_string!("reason"), context)?;
    let event = new_event_cell(kind, init, context);
    let data = PromiseRejectionEventData {
        event,
        promise,
        reason,
    };
    Ok(new_event_object(proto, data, context)?.into())
}

/// Fire a trusted PromiseRejectionEvent named `kind` at the global object. Returns false if it
/// was canceled.
pub fn fire_promise_rejection_event(
    kind: &str,
    promise: &JsObject,
    reason: &JsValue,
    cancelable: bool,
    context: &mut Context,
) -> JsResult<bool> {
    let event = new_event_cell(
        JsString::from(kind),
        EventInit {
            cancelable,
            ..EventInit::default()
        },
        context,
    );
    let proto = prototype_of(context, "PromiseRejectionEvent")?;
    let object = new_event_object(
        proto,
        PromiseRejectionEventData {
            event,
            promise: promise.clone(),
            reason: reason.clone(),
        },
        context,
    )?;
    let global = context.global_object();
    fire_event(&global, &object, context)
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_event_brand::<PromiseRejectionEventData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "PromiseRejectionEvent",
            parent: Some("Event"),
            length: 2,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute(
                "promise",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let object = this_object(this, context)?;
                    let data = object
                        .downcast_ref::<PromiseRejectionEventData>()
                        .ok_or_else(illegal_invocation)?;
                    Ok(data.promise.clone().into())
                }),
                None,
            )
            .attribute(
                "reason",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let object = this_object(this, context)?;
                    let data = object
                        .downcast_ref::<PromiseRejectionEventData>()
                        .ok_or_else(illegal_invocation)?;
                    Ok(data.reason.clone())
                }),
                None,
            );
        },
    )?;
    Ok(())
}
