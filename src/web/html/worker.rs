//! The `Worker` interface (HTML §10.2.6.3), the creating side of a dedicated worker.
//!
//! The `Worker` object and the worker's global talk through a pair of implicit message ports
//! (HTML's outside and inside ports): `worker.postMessage()` posts to the inside port, whose
//! messages fire at the worker's global, and the other way round. Starting the worker, its
//! registry and what comes back from it are in `worker_agents`.

use boa_engine::{Context, JsData, JsObject, JsResult, JsValue, NativeFunction};
use boa_gc::{Finalize, Gc, Trace};

use crate::agent::host::Host;
use crate::agent::process::AgentId;
use crate::engine::webidl::type_error;
use crate::web::dom::event_target::{EventTargetState, IsEventTarget, register_event_target_brand};
use crate::web::dom::interface::{
    InterfaceSpec, arguments_required, define_interface, illegal_invocation, this_object,
};
use crate::web::html::event_handler::event_handler_attribute;
use crate::web::html::message_port::{self, PortState};
use crate::web::html::worker_agents::{
    WorkerKind, WorkerRequest, registry, resolve_script_url, start_worker, worker_options,
};

/// The native data of `Worker` objects.
#[derive(Trace, Finalize, JsData)]
pub struct WorkerData {
    target: Gc<EventTargetState>,
    outside: Gc<PortState>,
    #[unsafe_ignore_trace]
    agent: AgentId,
    #[unsafe_ignore_trace]
    key: u64,
}

impl IsEventTarget for WorkerData {
    fn event_target_state(&self) -> Gc<EventTargetState> {
        self.target.clone()
    }
}

/// `new Worker(scriptURL, options)` (HTML §10.2.6.3).
fn construct(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let err = |m: &str| type_error("Worker", "constructor", m);
    let Some(url) = args.first() else {
        return Err(err(&arguments_required(1, 0)));
    };
    let url = url.to_string(context)?.to_std_string_escaped();
    let (module, name) = worker_options(args.get(1), "Worker", context)?;
    // 1–2. (Trusted Types: not implemented.) Let outsideSettings be the current settings object.
    // 3. Let workerURL be the result of encoding-parsing a URL given compliantScriptURL,
    //    relative to outsideSettings.
    // 4. If workerURL is failure, then throw a "SyntaxError" DOMException.
    let base = resolve_script_url(&url, "Worker", context)?;
    // 5. Let worker be a new Worker object.
    let proto =
        crate::web::dom::interface::prototype_from_new_target(new_target, "Worker", context)?;
    // 6. Let outsidePort be a new MessagePort in outsideSettings's realm.
    // 7. Set outsidePort's message event target to worker.
    // 8. Set worker's outside port to outsidePort.
    let link = Host::agent_link(context)?;
    let (inside, outside_id) = (link.process.new_port_id(), link.process.new_port_id());
    // Both ports are "in transit" until their agents hold them: what is posted to either before
    // then waits for it.
    link.process.port_departed(inside);
    link.process.port_departed(outside_id);
    let registry = registry(context);
    let key = registry.reserve();
    // 9. Run this step in parallel: run a worker given worker, workerURL, outsideSettings,
    //    outsidePort, and options.
    let worker = start_worker(
        WorkerRequest {
            kind: WorkerKind::Dedicated,
            base,
            module,
            name,
            ports: (inside, outside_id),
            key,
            handle: None,
        },
        context,
    )?;
    // The outside port's queue stays disabled until the worker's script has run (HTML "run a
    // worker" step 12.14, `worker_agents::enable_outside_port`); from then on a message from the
    // worker fires at the Worker object when it arrives, handler or not.
    let outside = message_port::new_implicit_port(None, outside_id, inside, false, context)?;
    let object = JsObject::from_proto_and_data(
        proto,
        WorkerData {
            target: EventTargetState::new(),
            outside: outside.clone(),
            agent: worker.id(),
            key,
        },
    );
    message_port::set_owner(&outside, &object);
    registry.insert(
        key,
        &object,
        Some(outside),
        worker.id(),
        context.realm().clone(),
    );
    // 10. Return worker.
    Ok(object.into())
}

fn this_worker(this: &JsValue, context: &Context) -> JsResult<(Gc<PortState>, AgentId, u64)> {
    let object = this_object(this, context)?;
    let data = object
        .downcast_ref::<WorkerData>()
        .ok_or_else(illegal_invocation)?;
    Ok((data.outside.clone(), data.agent, data.key))
}

/// `postMessage(message, transfer)` / `postMessage(message, options)`: the message port post
/// message steps of the outside port (a terminated worker's port is disentangled: the message
/// is serialized, then dropped).
fn post_message(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (outside, _, _) = this_worker(this, context)?;
    let err = |m: &str| type_error("Worker", "postMessage", m);
    let Some(message) = args.first() else {
        return Err(err(&arguments_required(1, 0)));
    };
    let transfer =
        message_port::transfer_argument(&args.get(1).cloned().unwrap_or_default(), context, err)?;
    message_port::post_message_steps(&outside, message, &transfer, context)?;
    Ok(JsValue::undefined())
}

/// `terminate()`: terminate a worker (HTML §10.2.4 "terminate a worker"):
/// 1. Set the worker's WorkerGlobalScope object's closing flag to true.
/// 2. If there are any tasks queued in the WorkerGlobalScope object's relevant agent's event
///    loop's task queues, discard them without processing them. (Its loop ends at its next turn
///    and drops them with its tasks and timers: their promises never settle.)
/// 3. Abort the script currently running in the worker. (Deviation: Boa cannot interrupt a
///    running script; the loop ends when the running task returns.)
/// 4. If the worker's WorkerGlobalScope object is actually a DedicatedWorkerGlobalScope object,
///    then empty the port message queue of the port that the worker's implicit port is
///    entangled with. (The outside port: disentangled, and what it still holds is dropped.)
fn terminate(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (_, agent, key) = this_worker(this, context)?;
    // 1–3.
    Host::agent_link(context)?.process.terminate(agent);
    // 4.
    registry(context).forget(key, true, context);
    Ok(JsValue::undefined())
}

fn is_worker(object: &JsObject, _: &Context) -> bool {
    object.downcast_ref::<WorkerData>().is_some()
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_event_target_brand::<WorkerData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "Worker",
            parent: Some("EventTarget"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(construct)),
        },
        |m| {
            m.operation("postMessage", 1, NativeFunction::from_fn_ptr(post_message))
                .operation("terminate", 0, NativeFunction::from_fn_ptr(terminate));
            event_handler_attribute(m, "onmessage", is_worker);
            event_handler_attribute(m, "onmessageerror", is_worker);
            event_handler_attribute(m, "onerror", is_worker);
        },
    )?;
    Ok(())
}
