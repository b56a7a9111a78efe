//! A worker's thread: its own Boa context and event loop, joined to the process of the agent
//! that created it (HTML "run a worker", §10.2.4).
//!
//! The thread has the engine thread's stack (see `engine::thread`). It builds the worker's
//! runtime with a worker global, sets up the inside port (dedicated workers), fetches and runs
//! the script, enables the inside port's queue, runs the event loop, and on the way out tells the
//! creator the worker has ended and leaves the process. With virtual time it runs its script in
//! its first turn, like every later task (`agent::process`, lockstep).

use crate::agent::process::{Admission, Wake, WorkerStarter};
use crate::engine::thread::ENGINE_STACK_BYTES;
use crate::runtime::{JoinedAgent, Runtime, RuntimeOptions};
use crate::web::html::worker_agents::{WorkerKind, WorkerStart};

/// Start a worker ([`crate::web::html::worker_agents::WorkerSpawner`]): its thread now, if
/// fewer workers than the limit (`--max-workers`) are running, or once one has ended
/// (`agent::process`, `worker_limit.rs`). The first time the limit is reached, a warning on
/// stderr names it.
pub fn spawn(start: WorkerStart) -> Result<(), String> {
    let process = start.link.process.clone();
    let id = start.link.id();
    if process.try_admit_worker() {
        // A thread that cannot start is the constructor's error (the place is given back).
        return spawn_thread(start).inspect_err(|_| start_waiting(&process));
    }
    let starter: WorkerStarter = Box::new(move || {
        let process = start.link.process.clone();
        let id = start.link.id();
        if let Err(message) = spawn_thread(start) {
            crate::engine::errors::write_warning(&format!(
                "taskhost: a waiting worker could not start: {message}"
            ));
            start_waiting(&process);
            process.remove_agent(id);
        }
    });
    match process.admit_worker(id, starter) {
        // A place came free in the meantime.
        Admission::Now(starter) => starter(),
        Admission::Waiting { limit, first } => {
            if first {
                crate::engine::errors::write_warning(&format!(
                    "taskhost: warning: {limit} workers are running, the limit (--max-workers {limit}); further workers wait until one ends"
                ));
            }
        }
    }
    Ok(())
}

/// Start a worker's thread (it has a place under the limit, which it gives back when it ends).
fn spawn_thread(start: WorkerStart) -> Result<(), String> {
    let process = start.link.process.clone();
    let thread = std::thread::Builder::new()
        .name(format!("taskhost-worker-{}", start.link.id().0))
        .stack_size(ENGINE_STACK_BYTES)
        .spawn(move || run(start))
        .map_err(|e| format!("could not start a thread: {e}"))?;
    process.add_thread(thread);
    Ok(())
}

/// The worker `me` leaves the process: its place under the limit goes to the workers waiting
/// first (woken before it is removed, so the process cannot seem finished in between).
fn leave_process(process: &crate::agent::process::Process, me: crate::agent::process::AgentId) {
    start_waiting(process);
    process.remove_agent(me);
}

/// A running worker has ended: start the workers waiting for its place.
fn start_waiting(process: &crate::agent::process::Process) {
    for starter in process.worker_finished() {
        starter();
    }
}

/// The worker's life, on its thread.
fn run(start: WorkerStart) {
    let WorkerStart {
        kind,
        name,
        module,
        base,
        inside_port,
        outside_port,
        parent,
        key,
        link,
        clock,
        web,
        trace,
    } = start;
    let process = link.process.clone();
    let me = link.id();
    let lockstep = process.shared_time().is_some();
    let options = RuntimeOptions {
        virtual_time: web.virtual_time,
        args: web.args.clone(),
        fetch_root: web
            .fetch_root
            .clone()
            .map(|root| crate::web::fetch::FetchRoot {
                root: root.root,
                document_path: base.path.clone(),
            }),
        console_to_stderr: web.console_to_stderr,
        documents: false,
        document_base: Some(base.clone()),
        worker: Some(kind.clone()),
        deviations: web.deviations,
        // Each worker's loop makes its own choices, from a seed derived from the window's and
        // the worker's agent number (creation order, so the same on every replay).
        policy_seed: web
            .policy_seed
            .map(|seed| crate::event_loop::choices::derive_seed(seed, me.0)),
        joined: Some(JoinedAgent {
            link: link.clone(),
            clock,
            trace: trace.map(|share| (share, base.path.clone())),
        }),
        ..RuntimeOptions::default()
    };
    let tell_parent_ended = |process: &crate::agent::process::Process| {
        if kind == WorkerKind::Dedicated {
            process.post(
                parent,
                Box::new(move |context| {
                    crate::web::html::worker_agents::worker_ended(key, context);
                }),
            );
        }
    };
    // (In lockstep this runs while the worker holds its turn: removing the agent passes the
    // turn on, so the creator gets the failure at a fixed point of the run.)
    let load_failed = |reason: String| {
        process.post(
            parent,
            Box::new(move |context| {
                crate::web::html::worker_agents::report_load_failure(key, reason, context);
            }),
        );
        tell_parent_ended(&process);
        leave_process(&process, me);
    };
    // In lockstep, everything this worker does happens in its turns.
    if lockstep && process.begin_turn(me) != Wake::Go {
        leave_process(&process, me);
        return;
    }
    // HTML "run a worker" (§10.2.4), the steps run in the worker's agent (steps 1–4 ran in the
    // creator: `worker_agents::start_worker`, which registered this agent):
    // 5. Let realm execution context be the result of creating a new realm given agent and the
    //    following customizations: for the global object, if is shared is true, create a new
    //    SharedWorkerGlobalScope object, otherwise a new DedicatedWorkerGlobalScope object.
    // 6–7. Let worker global scope be its global object; set up a worker environment settings
    //    object (inside settings). (The runtime's context, realm and loop.)
    let mut runtime = match Runtime::new(options) {
        Ok(runtime) => runtime,
        Err(error) => {
            load_failed(format!("{error}"));
            return;
        }
    };
    // 8. Set worker global scope's name to options["name"].
    // 9. Append owner to worker global scope's owner set. (`WorkerParent`: the creator and the
    //    key of its worker object.)
    crate::web::html::worker_global_scope::set_up_worker_global(
        runtime.context(),
        kind.clone(),
        name,
        module,
    );
    // 12.6–12.8 (done before the fetch here, so that messages posted to the worker meanwhile
    //    have their port; its queue stays disabled until step 12.15): let inside port be a new
    //    MessagePort in inside settings's realm, set its message event target to worker global
    //    scope and worker global scope's inside port to it, and entangle outside port and inside
    //    port.
    let inside = match kind {
        WorkerKind::Dedicated => {
            let context = runtime.context();
            crate::agent::realm::insert_realm_data(
                context,
                std::rc::Rc::new(crate::web::html::worker_agents::WorkerParent { parent, key }),
            );
            let global = context.global_object();
            let port = crate::web::html::message_port::new_implicit_port(
                Some(&global),
                inside_port,
                outside_port,
                false,
                context,
            );
            match port {
                Ok(port) => {
                    crate::web::html::dedicated_worker_global_scope::set_inside_port(
                        context,
                        port.clone(),
                    );
                    Some(port)
                }
                Err(error) => {
                    load_failed(format!("{error}"));
                    return;
                }
            }
        }
        WorkerKind::Shared => None,
    };
    // 12. Obtain script by fetching a classic (or module) worker script given url. (A file
    //     under the document root, read as `fetch()` resolves URLs.)
    let file = crate::web::html::document_loader::read_document_file(&base.path, runtime.context());
    let file = match file {
        Ok(file) => file,
        // 12.4. If script is null: queue a global task to fire an event named error at worker
        //       (in the creator), run the environment discarding steps for inside settings, and
        //       abort these steps.
        Err(reason) => {
            load_failed(reason);
            drop(runtime);
            crate::web::file_api::blob_url_store::remove_entries_of_agent(me.0);
            return;
        }
    };
    // The Blob a `blob:` URL resolved to when the worker was constructed was for this fetch
    // only: a later fetch of that URL resolves it anew (and fails once it is revoked).
    if base
        .overrides
        .iter()
        .any(|(path, _, _)| path.starts_with("blob:"))
    {
        let mut own = base.clone();
        own.overrides
            .retain(|(path, _, _)| !path.starts_with("blob:"));
        crate::web::html::document_loader::set_document_base(runtime.context(), own);
    }
    // 12.13. If script is a classic script, then run the classic script script. Otherwise, it is
    //        a module script; run the module script script. (A parse error or an exception is
    //        reported for the worker global, and so reaches the worker object.)
    let module_promise = if module {
        runtime.start_module(std::path::Path::new(&file.name), &file.text)
    } else {
        runtime.run_script(&file.text, &file.name);
        None
    };
    if let Some(inside) = &inside {
        // 12.14. Enable outside port's port message queue. (In the creator, by mail.)
        process.post(
            parent,
            Box::new(move |context| {
                crate::web::html::worker_agents::enable_outside_port(key, context);
            }),
        );
        // 12.15. If is shared is false, enable the port message queue of the worker's implicit
        //        port: messages posted to the worker before its script ran are delivered now.
        let _ = crate::web::html::message_port::enable(inside, runtime.context());
    }
    // 12.16. If is shared is true, then queue a global task to fire `connect` at worker global
    //        scope. (Each connection's `connect` is mail from its creator, taken by the loop:
    //        `shared_worker_global_scope::connect`.)
    if lockstep {
        process.end_turn(me, true, None);
    }
    // 12.18. Event loop: run the responsible event loop specified by inside settings until it is
    //        destroyed (closed, terminated, or the process finished).
    runtime.run_event_loop();
    if let Some(promise) = &module_promise
        && process.is_done()
    {
        runtime.check_module_settled(promise);
    }
    // 12.19. Clear the worker global scope's map of active timers. 12.20. Disentangle all the
    //        ports in the list of the worker's ports. (Both go with its runtime, dropped below;
    //        the creator disentangles the outside port when told the worker ended.)
    // 12.21. Empty worker global scope's owner set. Its own workers end with it: nobody can reach
    //        them any more. Its errors count for the process.
    let children = crate::web::html::worker_agents::registry(runtime.context()).agents();
    for child in children {
        process.terminate(child);
    }
    if runtime.host().had_error() {
        process.note_error();
    }
    if let Err(message) = runtime.finish_trace() {
        crate::engine::errors::write_stderr(&format!("taskhost: {message}"));
    }
    drop(runtime);
    // The lifetime of blob URLs (File API §8.3.4): the entries this worker's global made go
    // with it.
    crate::web::file_api::blob_url_store::remove_entries_of_agent(me.0);
    tell_parent_ended(&process);
    leave_process(&process, me);
}
