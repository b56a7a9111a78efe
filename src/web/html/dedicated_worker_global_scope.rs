//! The `DedicatedWorkerGlobalScope` interface (HTML §10.2.1.2): `name`, `postMessage()`,
//! `close()`, `onmessage`, `onmessageerror`. Messages go through the worker's inside port,
//! entangled with the `Worker` object's outside port in the creating agent.

use std::rc::Rc;

use boa_engine::{Context, JsResult, JsValue, NativeFunction};
use boa_gc::Gc;

use crate::agent::realm::{insert_realm_data, realm_data};
use crate::engine::webidl::type_error;
use crate::web::dom::interface::arguments_required;
use crate::web::html::event_handler::define_own_event_handler;
use crate::web::html::message_port::{self, PortState};
use crate::web::html::window::is_global;

/// The worker's inside port (realm data of a dedicated worker's global).
pub struct InsidePort(pub Gc<PortState>);

/// Keep the inside port of this dedicated worker's global.
pub fn set_inside_port(context: &Context, port: Gc<PortState>) {
    insert_realm_data(context, Rc::new(InsidePort(port)));
}

pub fn register(context: &mut Context) -> JsResult<()> {
    let global = crate::web::html::worker_global_scope::define_kind_interface(
        context,
        "DedicatedWorkerGlobalScope",
    )?;
    for name in ["onmessage", "onmessageerror"] {
        define_own_event_handler(&global, name, is_global, context)?;
    }
    // `undefined postMessage(any message, sequence<object> transfer)` and
    // `undefined postMessage(any message, optional StructuredSerializeOptions options = {})`:
    // the message port post message steps of the inside port.
    crate::web::util::define_operation(
        &global,
        "postMessage",
        1,
        NativeFunction::from_fn_ptr(|this, args, context| {
            if let Some(object) = this.as_object()
                && !is_global(&object, context)
            {
                return Err(crate::web::dom::interface::illegal_invocation());
            }
            let err = |m: &str| type_error("DedicatedWorkerGlobalScope", "postMessage", m);
            let Some(message) = args.first() else {
                return Err(err(&arguments_required(1, 0)));
            };
            let transfer = message_port::transfer_argument(
                &args.get(1).cloned().unwrap_or_default(),
                context,
                err,
            )?;
            if let Some(inside) = realm_data::<InsidePort>(context) {
                message_port::post_message_steps(&inside.0, message, &transfer, context)?;
            }
            Ok(JsValue::undefined())
        }),
        context,
    )
}
