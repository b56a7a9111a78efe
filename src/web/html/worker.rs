//! The `Worker` interface (HTML §10.2.6.3), the creating side of a dedicated worker, and what a
//! new worker's thread is given ([`WorkerStart`]).
//!
//! A worker is another agent of the process (`agent::process`) with its own thread, Boa context
//! and event loop. The `Worker` object and the worker's global talk through a pair of implicit
//! message ports (HTML's outside and inside ports): `worker.postMessage()` posts to the inside
//! port, whose messages fire at the worker's global, and the other way round.
//!
//! Invariants:
//! - Only plain data crosses to the worker's thread: the [`WorkerStart`] record, structured-clone
//!   records, and the error information of an uncaught exception ([`WorkerError`]).
//! - A `Worker` object is held by its agent's [`WorkerRegistry`] from its creation until its
//!   worker has ended (terminated, closed, or the process finished), so the worker can reach it
//!   (messages, error events) for as long as it runs.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use boa_engine::realm::Realm;
use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Gc, Trace};

use crate::agent::host::{AgentLink, Host};
use crate::agent::process::{AgentId, PortId};
use crate::agent::realm::realm_data;
use crate::engine::errors::report_host_error;
use crate::engine::webidl::type_error;
use crate::event_loop::{Clock, HostSource};
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::event::EventInit;
use crate::web::dom::event_target::{EventTargetState, IsEventTarget, register_event_target_brand};
use crate::web::dom::interface::{
    InterfaceSpec, arguments_required, define_interface, dictionary, illegal_invocation, member,
    this_object,
};
use crate::web::html::document_loader::DocumentBase;
use crate::web::html::error_event::{ErrorFields, create_error_event};
use crate::web::html::event_handler::event_handler_attribute;
use crate::web::html::message_port::{self, PortState};

/// Which kind of worker global a worker has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkerKind {
    Dedicated,
    Shared,
}

/// Everything a new worker's thread starts from (plain data).
#[derive(Debug)]
pub struct WorkerStart {
    pub kind: WorkerKind,
    /// `options.name`.
    pub name: String,
    /// `options.type === "module"`.
    pub module: bool,
    /// Where its files come from; `base.path` is the worker script's URL path.
    pub base: DocumentBase,
    /// The worker's inside port (dedicated workers), created by the worker's agent.
    pub inside_port: PortId,
    /// The `Worker` object's outside port (its partner).
    pub outside_port: PortId,
    /// Who created it, and the key of its `Worker` (or `SharedWorker`) object there.
    pub parent: AgentId,
    pub key: u64,
    /// The worker's own agent (already registered, busy) and clock (a later origin on the same
    /// time line).
    pub link: AgentLink,
    pub clock: Clock,
    /// The web options of the creator, for the worker's global (virtual time, console).
    pub web: crate::web::WebOptions,
    /// The creator's trace, which the worker's loop writes its own track into.
    pub trace: Option<crate::agent::trace::TraceShare>,
}

/// Starts a worker's thread (installed by the runtime, which owns threads and event loops).
pub type WorkerSpawner = fn(WorkerStart) -> Result<(), String>;

/// An uncaught exception of a worker, as its creator is told of it (HTML §10.2.5 "runtime script
/// errors"): what the `ErrorEvent` at the `Worker` object carries, and the console text.
#[derive(Clone, Debug)]
pub struct WorkerError {
    pub message: String,
    pub filename: String,
    pub lineno: u32,
    pub colno: u32,
    /// What the console shows if nobody handles it (with the worker's stack).
    pub text: String,
}

/// The worker global's link to its creator (realm data of a worker global).
pub struct WorkerParent {
    pub parent: AgentId,
    pub key: u64,
}

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

struct WorkerEntry {
    object: JsObject,
    realm: Realm,
    outside: Option<Gc<PortState>>,
    agent: AgentId,
}

/// This agent's live workers (the ones it created), by key.
#[derive(Default)]
pub struct WorkerRegistry {
    next: Cell<u64>,
    workers: RefCell<HashMap<u64, WorkerEntry>>,
}

/// This agent's worker registry.
pub fn registry(context: &mut Context) -> Rc<WorkerRegistry> {
    if let Some(registry) = context.get_data::<Rc<WorkerRegistry>>() {
        return registry.clone();
    }
    let registry = Rc::new(WorkerRegistry::default());
    context.insert_data(registry.clone());
    registry
}

impl WorkerRegistry {
    /// Keep `object` (a `Worker` or `SharedWorker`) for the worker `agent`; its key.
    pub fn insert(
        &self,
        object: &JsObject,
        outside: Option<Gc<PortState>>,
        agent: AgentId,
        realm: Realm,
    ) -> u64 {
        let key = self.next.get() + 1;
        self.next.set(key);
        self.workers.borrow_mut().insert(
            key,
            WorkerEntry {
                object: object.clone(),
                realm,
                outside,
                agent,
            },
        );
        key
    }

    /// A key for an object inserted later (so the key can go into the worker's start record).
    pub fn reserve(&self) -> u64 {
        let key = self.next.get() + 1;
        self.next.set(key);
        key
    }

    /// Keep `object` under a reserved `key`.
    pub fn insert_reserved(&self, key: u64, object: &JsObject, agent: AgentId, realm: Realm) {
        self.insert_at(
            key,
            WorkerEntry {
                object: object.clone(),
                realm,
                outside: None,
                agent,
            },
        );
    }

    fn insert_at(&self, key: u64, entry: WorkerEntry) {
        self.workers.borrow_mut().insert(key, entry);
    }

    fn get(&self, key: u64) -> Option<(JsObject, Realm)> {
        self.workers
            .borrow()
            .get(&key)
            .map(|e| (e.object.clone(), e.realm.clone()))
    }

    /// The worker ended (or was terminated): forget its object and disentangle its outside
    /// port. Messages the worker posted before it ended are still delivered (their tasks are
    /// queued here already, or their mail comes before this): HTML's "terminate a worker" and
    /// `close()` disentangle the worker's ports, they do not empty its creator's queues.
    pub fn forget(&self, key: u64, context: &mut Context) {
        let entry = self.workers.borrow_mut().remove(&key);
        if let Some(entry) = entry
            && let Some(outside) = entry.outside
        {
            message_port::disentangle_port(&outside, context);
        }
    }

    /// How many workers this agent has running.
    #[must_use]
    pub fn len(&self) -> usize {
        self.workers.borrow().len()
    }

    /// Whether this agent has no worker running.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The agents of this agent's workers (to terminate them when it ends).
    #[must_use]
    pub fn agents(&self) -> Vec<AgentId> {
        self.workers.borrow().values().map(|e| e.agent).collect()
    }
}

fn agent_link(context: &Context) -> JsResult<AgentLink> {
    Host::from_context(context)?
        .agent()
        .cloned()
        .ok_or_else(|| crate::agent::host::js_error("this event loop belongs to no process"))
}

/// Resolve a worker script URL against the current global's base, as `fetch()` resolves URLs:
/// the file's document base with the script's path, or the exception to throw (HTML: a URL
/// that does not parse is a "SyntaxError" DOMException; another origin is a "SecurityError").
pub fn resolve_script_url(url: &str, interface: &str, context: &Context) -> JsResult<DocumentBase> {
    let Some(base) = realm_data::<DocumentBase>(context) else {
        return Err(dom_exception_error(
            context,
            &format!(
                "Failed to construct '{interface}': this global has no files to load a worker script from."
            ),
            "SecurityError",
        ));
    };
    if url.trim().is_empty() {
        return Err(dom_exception_error(
            context,
            &format!("Failed to construct '{interface}': The URL '{url}' is invalid."),
            "SyntaxError",
        ));
    }
    let Some(path) = crate::web::fetch::fetch::resolve_same_origin_path(url, &base.path) else {
        return Err(dom_exception_error(
            context,
            &format!(
                "Failed to construct '{interface}': Script at '{url}' cannot be accessed from origin '{}' (only files under the document root {} can run as workers).",
                crate::web::fetch::fetch::ORIGIN,
                base.root.display()
            ),
            "SecurityError",
        ));
    };
    Ok(DocumentBase {
        root: base.root.clone(),
        path,
        overrides: base.overrides.clone(),
    })
}

/// WorkerOptions: `type` (WorkerType, "classic" or "module") and `name`.
pub fn worker_options(
    value: Option<&JsValue>,
    interface: &'static str,
    context: &mut Context,
) -> JsResult<(bool, String)> {
    let err = |m: &str| type_error(interface, "constructor", m);
    // The SharedWorker constructor also takes a string: the name.
    if interface == "SharedWorker"
        && let Some(value) = value
        && !value.is_object()
        && !value.is_null_or_undefined()
    {
        return Ok((false, value.to_string(context)?.to_std_string_escaped()));
    }
    let options = dictionary(value, err, "WorkerOptions")?;
    let kind = member(options.as_ref(), "type", context)?;
    let module = if kind.is_undefined() {
        false
    } else {
        match kind.to_string(context)?.to_std_string_escaped().as_str() {
            "classic" => false,
            "module" => true,
            other => {
                return Err(err(&format!(
                    "Failed to read the 'type' property from 'WorkerOptions': The provided value '{other}' is not a valid enum value of type WorkerType."
                )));
            }
        }
    };
    let name = member(options.as_ref(), "name", context)?;
    let name = if name.is_undefined() {
        String::new()
    } else {
        name.to_string(context)?.to_std_string_escaped()
    };
    Ok((module, name))
}

/// What a creator asks for when it starts a worker.
pub struct WorkerRequest {
    pub kind: WorkerKind,
    /// The script's document base (its path is the script's).
    pub base: DocumentBase,
    pub module: bool,
    pub name: String,
    /// (inside port, outside port).
    pub ports: (PortId, PortId),
    /// The creator's key for the worker's object.
    pub key: u64,
    /// The agent already registered for it (a shared worker), or `None`: register one now.
    pub handle: Option<crate::agent::process::AgentHandle>,
}

/// Start a worker agent: register it with the process and hand its start record to the
/// runtime's spawner. Returns the new agent's link.
pub fn start_worker(request: WorkerRequest, context: &mut Context) -> JsResult<AgentLink> {
    let WorkerRequest {
        kind,
        base,
        module,
        name,
        ports,
        key,
        handle,
    } = request;
    let link = agent_link(context)?;
    let web = realm_data::<crate::web::WebOptions>(context)
        .map(|o| (*o).clone())
        .unwrap_or_default();
    let Some(spawner) = web.worker_spawner else {
        return Err(crate::agent::host::js_error(
            "this runtime cannot start workers",
        ));
    };
    let host = Host::from_context(context)?;
    let clock = host.core().clock().later();
    let handle = handle.unwrap_or_else(|| link.process.add_agent());
    let worker = AgentLink {
        process: link.process.clone(),
        handle,
    };
    let trace = host.trace_share(worker.id().0);
    let start = WorkerStart {
        trace,
        kind,
        name,
        module,
        base,
        inside_port: ports.0,
        outside_port: ports.1,
        parent: link.id(),
        key,
        link: worker.clone(),
        clock,
        web,
    };
    if let Err(message) = spawner(start) {
        link.process.remove_agent(worker.id());
        return Err(dom_exception_error(
            context,
            &format!("Failed to construct a worker: {message}"),
            "OperationError",
        ));
    }
    Ok(worker)
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
    let link = agent_link(context)?;
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
    // The outside port's queue is enabled at once: a message from the worker fires at the
    // Worker object whenever it arrives (HTML "run a worker": "enable outside port's port
    // message queue"), handler or not.
    let placeholder = JsObject::with_null_proto();
    let outside = message_port::new_implicit_port(&placeholder, outside_id, inside, true, context)?;
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
    registry.insert_at(
        key,
        WorkerEntry {
            object: object.clone(),
            realm: context.realm().clone(),
            outside: Some(outside),
            agent: worker.id(),
        },
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

/// `terminate()`: terminate a worker (HTML §10.2.4): its loop ends after the task it runs now
/// (taskhost cannot abort a running script: deviation), its queued tasks and timers are
/// discarded, so their promises never settle, and its ports are disentangled.
fn terminate(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (_, agent, key) = this_worker(this, context)?;
    let link = agent_link(context)?;
    link.process.terminate(agent);
    registry(context).forget(key, context);
    Ok(JsValue::undefined())
}

/// The worker `agent` created by this agent under `key` has ended.
pub fn worker_ended(key: u64, context: &mut Context) {
    registry(context).forget(key, context);
}

/// Tell the creator of this worker global that an uncaught exception was not handled here.
/// Gives the error back if this global is not a worker's (or its creator is gone): the caller
/// reports it to the console.
pub fn propagate_error(error: WorkerError, context: &Context) -> Result<(), WorkerError> {
    let Some(parent) = realm_data::<WorkerParent>(context) else {
        return Err(error);
    };
    let Ok(link) = agent_link(context) else {
        return Err(error);
    };
    let key = parent.key;
    let (process, to) = (link.process.clone(), parent.parent);
    if !process.is_live(to) {
        return Err(error);
    }
    let copy = error.clone();
    if process.post(
        to,
        Box::new(move |context| queue_error_event(key, error, context)),
    ) {
        Ok(())
    } else {
        Err(copy)
    }
}

/// In the creator: HTML §10.2.5, when the worker's global did not handle an error:
/// queue a global task on the DOM manipulation task source given worker's relevant global
/// object to run these steps:
/// 1. Let notHandled be the result of firing an event named error at worker, using ErrorEvent,
///    with the cancelable attribute initialized to true, and message, filename, lineno and colno
///    initialized as for the worker's global (error null).
/// 2. If notHandled is true, then act as if the uncaught runtime script error had occurred in
///    the global scope that worker is in, thus repeating the entire runtime script error
///    reporting process one level up.
fn queue_error_event(key: u64, error: WorkerError, context: &mut Context) {
    let Some((object, realm)) = registry(context).get(key) else {
        return;
    };
    let Ok(host) = Host::from_context(context) else {
        return;
    };
    host.queue_task(
        HostSource::DomManipulation,
        realm,
        Box::new(move |context| {
            let event = create_error_event(
                "error",
                EventInit {
                    cancelable: true,
                    ..EventInit::default()
                },
                ErrorFields {
                    message: JsString::from(error.message.as_str()),
                    filename: JsString::from(error.filename.as_str()),
                    lineno: error.lineno,
                    colno: error.colno,
                    error: JsValue::null(),
                },
                context,
            )?;
            let not_handled = crate::web::dom::dispatch::fire_event(&object, &event, context)?;
            if not_handled {
                crate::web::html::report::report_error_info(&error, context);
            }
            Ok(())
        }),
    );
}

/// In the creator: the worker's script could not be loaded. HTML "run a worker" step 12:
/// "queue a global task on the DOM manipulation task source given worker's relevant global
/// object to fire an event named error at worker". The reason is shown on stderr, as a
/// browser's console shows a failed fetch; it counts as an error (exit status 1) unless the
/// `Worker` object listens for `error`.
pub fn report_load_failure(key: u64, reason: String, context: &mut Context) {
    let Some((object, realm)) = registry(context).get(key) else {
        return;
    };
    let Ok(host) = Host::from_context(context) else {
        return;
    };
    host.queue_task(
        HostSource::DomManipulation,
        realm,
        Box::new(move |context| {
            let listened = crate::web::dom::event_target::event_target_state(&object, context)
                .is_some_and(|s| s.has_listener_for("error"));
            let host = Host::from_context(context)?;
            if listened {
                crate::engine::errors::write_stderr(&format!(
                    "warning: worker script failed to load: {reason}"
                ));
            } else {
                report_host_error(&host, &format!("worker script failed to load: {reason}"));
            }
            crate::web::dom::dispatch::fire_simple_event(
                &object,
                "error",
                EventInit::default(),
                context,
            )?;
            Ok(())
        }),
    );
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
