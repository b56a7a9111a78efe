//! The `SharedWorker` interface (HTML §10.2.6.4): one worker per script URL and name in the
//! process, reached by every `new SharedWorker()` with that URL and name through a new message
//! channel: the creator keeps one port (`sharedWorker.port`), the other is shipped to the worker,
//! which receives it in a `connect` event.
//!
//! Deviations: HTML keys shared workers by constructor origin as well (one origin here) and
//! checks that an existing worker's type matches (`type` of the first creator wins here). An
//! uncaught error in a shared worker is reported on its own console (HTML does not send it to
//! the `SharedWorker` objects); a script that fails to load fires `error` at the creating
//! `SharedWorker` object.

use boa_engine::{Context, JsData, JsObject, JsResult, JsValue, NativeFunction};
use boa_gc::{Finalize, Gc, Trace};

use crate::agent::host::Host;
use crate::engine::webidl::type_error;
use crate::web::dom::event_target::{EventTargetState, IsEventTarget, register_event_target_brand};
use crate::web::dom::interface::{
    InterfaceSpec, arguments_required, define_interface, illegal_invocation,
    prototype_from_new_target, this_object,
};
use crate::web::html::event_handler::event_handler_attribute;
use crate::web::html::message_port;
use crate::web::html::worker_agents::{
    WorkerKind, WorkerRequest, registry, resolve_script_url, start_worker, worker_options,
};

/// The native data of `SharedWorker` objects.
#[derive(Trace, Finalize, JsData)]
pub struct SharedWorkerData {
    target: Gc<EventTargetState>,
    port: JsObject,
}

impl IsEventTarget for SharedWorkerData {
    fn event_target_state(&self) -> Gc<EventTargetState> {
        self.target.clone()
    }
}

/// `new SharedWorker(scriptURL, options)`.
fn construct(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let err = |m: &str| type_error("SharedWorker", "constructor", m);
    let Some(url) = args.first() else {
        return Err(err(&arguments_required(1, 0)));
    };
    let url = url.to_string(context)?.to_std_string_escaped();
    // 1–2. If options is a DOMString, set options to a new WorkerOptions dictionary whose name
    //      member is set to the value of options and whose other members are set to their
    //      default values.
    let (module, name) = worker_options(args.get(1), "SharedWorker", context)?;
    // 3–5. Let urlRecord be the result of encoding-parsing a URL given scriptURL, relative to
    //      outsideSettings; if it is failure, throw a "SyntaxError" DOMException.
    let base = resolve_script_url(&url, "SharedWorker", context)?;
    let proto = prototype_from_new_target(new_target, "SharedWorker", context)?;
    // 6–8. Let worker be a new SharedWorker object; let outsidePort be a new MessagePort;
    //      assign outsidePort to the port attribute of worker.
    // (The inside port is outsidePort's partner: "entangle outsidePort and insidePort".)
    let (outside, inside) = message_port::new_entangled_pair(context)?;
    let object = JsObject::from_proto_and_data(
        proto,
        SharedWorkerData {
            target: EventTargetState::new(),
            port: outside,
        },
    );
    // 12. In parallel: find a SharedWorkerGlobalScope with this constructor URL and name; if
    //     there is one, connect to it, else create a new one (run a worker).
    let link = Host::agent_link(context)?;
    let key_text = format!("{}\u{0}{name}", base.path);
    let (agent, created) = link.process.shared_worker(&key_text);
    if let Some(handle) = created {
        let registry = registry(context);
        let key = registry.reserve();
        let ids = (link.process.new_port_id(), link.process.new_port_id());
        start_worker(
            WorkerRequest {
                kind: WorkerKind::Shared,
                base,
                module,
                name,
                ports: ids,
                key,
                handle: Some(handle),
            },
            context,
        )?;
        registry.insert(key, &object, None, agent, context.realm().clone());
    }
    let Some(port) = message_port::transfer(&inside, context)? else {
        return Ok(object.into());
    };
    link.process.post(
        agent,
        Box::new(move |context| {
            crate::web::html::shared_worker_global_scope::connect(port, context);
        }),
    );
    Ok(object.into())
}

fn is_shared_worker(object: &JsObject, _: &Context) -> bool {
    object.downcast_ref::<SharedWorkerData>().is_some()
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_event_target_brand::<SharedWorkerData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "SharedWorker",
            parent: Some("EventTarget"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(construct)),
        },
        |m| {
            // `readonly attribute MessagePort port`.
            m.attribute(
                "port",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let object = this_object(this, context)?;
                    let data = object
                        .downcast_ref::<SharedWorkerData>()
                        .ok_or_else(illegal_invocation)?;
                    Ok(data.port.clone().into())
                }),
                None,
            );
            event_handler_attribute(m, "onerror", is_shared_worker);
        },
    )?;
    Ok(())
}
