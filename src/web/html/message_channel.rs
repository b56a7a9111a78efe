//! The `MessageChannel` interface (HTML §9.4.3).

use boa_engine::{Context, JsData, JsObject, JsResult, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::web::dom::interface::{
    InterfaceSpec, define_interface, illegal_invocation, prototype_from_new_target, this_object,
};
use crate::web::html::message_port::new_entangled_pair;

/// The native data of `MessageChannel` objects: its two ports.
#[derive(Trace, Finalize, JsData)]
pub struct MessageChannelData {
    port1: JsObject,
    port2: JsObject,
}

/// `new MessageChannel()`.
fn constructor(new_target: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let proto = prototype_from_new_target(new_target, "MessageChannel", context)?;
    // 1. Set this's port 1 to a new MessagePort in this's relevant realm.
    // 2. Set this's port 2 to a new MessagePort in this's relevant realm.
    // 3. Entangle this's port 1 and this's port 2.
    let (port1, port2) = new_entangled_pair(context)?;
    Ok(JsObject::from_proto_and_data(proto, MessageChannelData { port1, port2 }).into())
}

fn port_getter(first: bool) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        let object = this_object(this, context)?;
        let data = object
            .downcast_ref::<MessageChannelData>()
            .ok_or_else(illegal_invocation)?;
        let port = if first { &data.port1 } else { &data.port2 };
        Ok(port.clone().into())
    })
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "MessageChannel",
            parent: None,
            length: 0,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            // The port1 / port2 getter steps are to return this's port 1 / port 2.
            m.attribute("port1", port_getter(true), None).attribute(
                "port2",
                port_getter(false),
                None,
            );
        },
    )?;
    Ok(())
}
