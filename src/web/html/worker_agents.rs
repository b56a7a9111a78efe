//! Starting and tracking workers, for both worker interfaces (`Worker` in `worker.rs`,
//! `SharedWorker` in `shared_worker.rs`): what a new worker's thread is given ([`WorkerStart`]),
//! the creating agent's registry of its workers, script URLs and `WorkerOptions`, and what comes
//! back from a worker's thread (errors, the end of its script's load, its end).
//!
//! A worker is another agent of the process (`agent::process`) with its own thread, Boa context
//! and event loop, started by the runtime (a hook: [`WorkerSpawner`]).
//!
//! Invariants:
//! - Only plain data crosses to the worker's thread: the [`WorkerStart`] record, structured-clone
//!   records, and the error information of an uncaught exception ([`ErrorInfo`]).
//! - A worker's object is held by its creator's [`WorkerRegistry`] from its creation until the
//!   worker has ended (terminated, closed, or the process finished), so the worker can reach it
//!   (messages, error events) for as long as it runs.

use boa_engine::js_string;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject, JsResult, JsValue};
use boa_gc::Gc;

use crate::agent::host::{AgentLink, Host, agent_data};
use crate::agent::process::{AgentId, PortId};
use crate::agent::realm::realm_data;
use crate::engine::errors::report_host_error;
use crate::engine::webidl::type_error;
use crate::event_loop::{Clock, HostSource};
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::event::EventInit;
use crate::web::dom::interface::{dictionary, member};
use crate::web::html::document_loader::DocumentBase;
use crate::web::html::message_port::{self, PortState};
pub use crate::web::html::report::ErrorInfo;

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

/// The worker global's link to its creator (realm data of a worker global).
pub struct WorkerParent {
    pub parent: AgentId,
    pub key: u64,
}

struct WorkerEntry {
    object: JsObject,
    realm: Realm,
    /// A dedicated worker's outside port (a shared worker's creator keeps a MessagePort).
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
    agent_data(context)
}

impl WorkerRegistry {
    /// A key for a worker's object, taken before the worker starts (it goes into the worker's
    /// start record) and filled by [`WorkerRegistry::insert`].
    pub fn reserve(&self) -> u64 {
        let key = self.next.get() + 1;
        self.next.set(key);
        key
    }

    /// Keep `object` (a `Worker` or `SharedWorker`, of `realm`) under `key` for the worker
    /// `agent`, with its outside port if it is a dedicated worker's.
    pub fn insert(
        &self,
        key: u64,
        object: &JsObject,
        outside: Option<Gc<PortState>>,
        agent: AgentId,
        realm: Realm,
    ) {
        self.workers.borrow_mut().insert(
            key,
            WorkerEntry {
                object: object.clone(),
                realm,
                outside,
                agent,
            },
        );
    }

    fn get(&self, key: u64) -> Option<(JsObject, Realm)> {
        self.workers
            .borrow()
            .get(&key)
            .map(|e| (e.object.clone(), e.realm.clone()))
    }

    fn outside(&self, key: u64) -> Option<Gc<PortState>> {
        self.workers
            .borrow()
            .get(&key)
            .and_then(|e| e.outside.clone())
    }

    /// Forget the worker `key`: it ended (`close()`, or the end of its script's load), or it was
    /// terminated (`empty`). Its outside port is disentangled; when it was terminated, the
    /// messages still in that port's queue are dropped as well (HTML "terminate a worker",
    /// step 4: "empty the port message queue of the port that the worker's implicit port is
    /// entangled with"), while a worker that closed itself still has them delivered.
    pub fn forget(&self, key: u64, empty: bool, context: &mut Context) {
        let entry = self.workers.borrow_mut().remove(&key);
        if let Some(outside) = entry.and_then(|e| e.outside) {
            if empty {
                message_port::close_port(&outside, context);
            } else {
                message_port::disentangle_port(&outside, context);
            }
        }
    }

    /// The agents of this agent's workers (to terminate them when it ends).
    #[must_use]
    pub fn agents(&self) -> Vec<AgentId> {
        self.workers.borrow().values().map(|e| e.agent).collect()
    }
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
    // A `blob:` URL is resolved when it is parsed (File API §8.3.5, the URL parser's blob URL
    // entry): the worker's script is the Blob's bytes as they are now, so revoking the URL after
    // the constructor returns does not affect the worker. A URL that resolves to nothing fails
    // when the worker fetches its script (an `error` event at the worker), as a network error
    // does.
    if let Some(entry) = crate::web::file_api::blob_url_store::resolve_if_blob_url(url) {
        let url = url.trim().to_owned();
        let mut overrides = base.overrides.clone();
        if let Some(entry) = entry {
            let text = String::from_utf8_lossy(entry.blob.bytes.as_slice()).into_owned();
            overrides.push((url.clone(), text, url.clone()));
        }
        return Ok(DocumentBase {
            root: base.root.clone(),
            path: url,
            overrides,
        });
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
    let kind = member(options.as_ref(), js_string!("type"), context)?;
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
    let name = member(options.as_ref(), js_string!("name"), context)?;
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
    // A paused clock (`taskhost.clock.pause()`) is this agent's alone: a worker's loop could
    // not share it. (A taskhost restriction, not HTML's.)
    if Host::from_context(context)?
        .clock_control()
        .borrow()
        .paused()
    {
        return Err(crate::web::dom::dom_exception::dom_exception_error(
            context,
            "Cannot start a worker while taskhost.clock is paused: call taskhost.clock.resume() first.",
            "NotSupportedError",
        ));
    }
    let link = Host::agent_link(context)?;
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

/// The worker created by this agent under `key` has ended (closed itself, or its script could
/// not be loaded).
pub fn worker_ended(key: u64, context: &mut Context) {
    registry(context).forget(key, false, context);
}

/// HTML "run a worker" step 12.14: "Enable outside port's port message queue", once the worker's
/// script has run (messages the worker posted while it ran wait in that queue until now).
pub fn enable_outside_port(key: u64, context: &mut Context) {
    if let Some(outside) = registry(context).outside(key) {
        let _ = message_port::enable(&outside, context);
    }
}

/// Tell the creator of this worker global that an uncaught exception was not handled here.
/// Gives the error back if this global is not a worker's (or its creator is gone): the caller
/// reports it to the console.
pub fn propagate_error(error: ErrorInfo, context: &Context) -> Result<(), ErrorInfo> {
    let Some(parent) = realm_data::<WorkerParent>(context) else {
        return Err(error);
    };
    let Ok(link) = Host::agent_link(context) else {
        return Err(error);
    };
    let key = parent.key;
    let copy = error.clone();
    let posted = link.process.post(
        parent.parent,
        Box::new(move |context| queue_error_event(key, error, context)),
    );
    if posted { Ok(()) } else { Err(copy) }
}

/// Queue a global task on the DOM manipulation task source given the relevant global object of
/// the worker object `key` (if it is still known) to run `steps` with it.
fn queue_at_worker_object(
    key: u64,
    context: &mut Context,
    steps: impl FnOnce(&JsObject, &mut Context) -> JsResult<()> + 'static,
) {
    let Some((object, realm)) = registry(context).get(key) else {
        return;
    };
    if let Ok(host) = Host::from_context(context) {
        host.queue_task(
            HostSource::DomManipulation,
            realm,
            Box::new(move |context| steps(&object, context)),
        );
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
fn queue_error_event(key: u64, error: ErrorInfo, context: &mut Context) {
    queue_at_worker_object(key, context, move |worker, context| {
        // 1.
        let not_handled = error.fire_at(worker, JsValue::null(), context)?;
        // 2.
        if not_handled {
            crate::web::html::report::report_error_info(&error, context);
        }
        Ok(())
    });
}

/// In the creator: the worker's script could not be loaded. HTML "run a worker" step 12.4.1:
/// "Queue a global task on the DOM manipulation task source given worker's relevant global
/// object to fire an event named error at worker." The reason is shown on stderr, as a
/// browser's console shows a failed fetch; it counts as an error (exit status 1) unless the
/// worker object listens for `error`.
pub fn report_load_failure(key: u64, reason: String, context: &mut Context) {
    queue_at_worker_object(key, context, move |worker, context| {
        let listened = crate::web::dom::event_target::event_target_state(worker, context)
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
            worker,
            "error",
            EventInit::default(),
            context,
        )?;
        Ok(())
    });
}
