//! The `SharedWorkerGlobalScope` interface (HTML §10.2.1.3): `name`, `close()`, `onconnect`.
//! Each `new SharedWorker()` that reaches this worker ships one port of a new channel here and
//! fires `connect` at the global with it.

use boa_engine::{Context, JsResult, JsValue};

use crate::web::html::event_handler::define_own_event_handler;
use crate::web::html::message_event::create_message_event;
use crate::web::html::message_port::{self, TransferredPort};
use crate::web::html::window::is_global;

pub fn register(context: &mut Context) -> JsResult<()> {
    let global = crate::web::html::worker_global_scope::define_kind_interface(
        context,
        "SharedWorkerGlobalScope",
    )?;
    define_own_event_handler(&global, "onconnect", is_global, context)
}

/// A creator connected (HTML "run a worker" for shared workers, and the `SharedWorker`
/// constructor's step 12.3 for an existing one): queue a global task on the DOM manipulation
/// task source given the worker global scope to fire an event named `connect` at it, using
/// MessageEvent, with the data attribute initialized to the empty string, the ports attribute
/// initialized to a new frozen array containing the inside port, and the source attribute
/// initialized to the inside port.
pub fn connect(mut port: TransferredPort, context: &mut Context) {
    let Ok(host) = crate::agent::host::Host::from_context(context) else {
        return;
    };
    host.queue_task(
        crate::event_loop::HostSource::DomManipulation,
        context.realm().clone(),
        Box::new(move |context| {
            let inside = message_port::receive(&mut port, context)?;
            let event = create_message_event(
                "connect",
                JsValue::from(boa_engine::js_string!()),
                vec![inside.clone()],
                context,
            )?;
            crate::web::html::message_event::set_source(&event, &inside);
            let global = context.global_object();
            crate::web::dom::dispatch::fire_event(&global, &event, context)?;
            Ok(())
        }),
    );
}
