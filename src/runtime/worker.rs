//! A worker's thread: its own Boa context and event loop, joined to the process of the agent
//! that created it (HTML "run a worker", §10.2.4).
//!
//! The thread has the engine thread's stack (see `engine::thread`). It builds the worker's
//! runtime with a worker global, sets up the inside port (dedicated workers), fetches and runs
//! the script, enables the inside port's queue, runs the event loop, and on the way out tells the
//! creator the worker has ended and leaves the process. With virtual time it runs its script in
//! its first turn, like every later task (`agent::process`, lockstep).

use crate::agent::process::Wake;
use crate::engine::thread::ENGINE_STACK_BYTES;
use crate::runtime::{JoinedAgent, Runtime, RuntimeOptions};
use crate::web::html::worker::{WorkerKind, WorkerStart};

/// Start a worker's thread ([`crate::web::html::worker::WorkerSpawner`]).
pub fn spawn(start: WorkerStart) -> Result<(), String> {
    let process = start.link.process.clone();
    let thread = std::thread::Builder::new()
        .name(format!("taskhost-worker-{}", start.link.id().0))
        .stack_size(ENGINE_STACK_BYTES)
        .spawn(move || run(start))
        .map_err(|e| format!("could not start a thread: {e}"))?;
    process.add_thread(thread);
    Ok(())
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
                    crate::web::html::worker::worker_ended(key, context);
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
                crate::web::html::worker::report_load_failure(key, reason, context);
            }),
        );
        tell_parent_ended(&process);
        process.remove_agent(me);
    };
    // In lockstep, everything this worker does happens in its turns.
    if lockstep && process.begin_turn(me) != Wake::Go {
        process.remove_agent(me);
        return;
    }
    let mut runtime = match Runtime::new(options) {
        Ok(runtime) => runtime,
        Err(error) => {
            load_failed(format!("{error}"));
            return;
        }
    };
    let inside = {
        let context = runtime.context();
        crate::web::html::worker_global_scope::set_up_worker_global(
            context,
            kind.clone(),
            name,
            module,
        );
        match kind {
            WorkerKind::Dedicated => {
                crate::agent::realm::insert_realm_data(
                    context,
                    std::rc::Rc::new(crate::web::html::worker::WorkerParent { parent, key }),
                );
                let global = context.global_object();
                match crate::web::html::message_port::new_implicit_port(
                    &global,
                    inside_port,
                    outside_port,
                    false,
                    context,
                ) {
                    Ok(port) => {
                        crate::web::html::dedicated_worker_global_scope::set_inside_port(
                            context,
                            port.clone(),
                        );
                        Some(port)
                    }
                    Err(_) => None,
                }
            }
            WorkerKind::Shared => None,
        }
    };
    // Fetch the script (a failure fires `error` at the Worker object in the creator).
    let file = crate::web::html::document_loader::read_document_file(&base.path, runtime.context());
    let file = match file {
        Ok(file) => file,
        Err(reason) => {
            load_failed(reason);
            drop(runtime);
            return;
        }
    };
    // Run it: a classic script (its exceptions, parse errors included, are reported for the
    // worker global, and so reach the Worker object), or a module.
    let module_promise = if module {
        runtime.start_module(std::path::Path::new(&file.name), &file.text)
    } else {
        runtime.run_script(&file.text, &file.name);
        None
    };
    // "Enable the port message queue of the worker's inside port": messages posted before the
    // script ran are delivered now, after it.
    if let Some(inside) = &inside {
        let _ = crate::web::html::message_port::enable(inside, runtime.context());
    }
    if lockstep {
        process.end_turn(me, true, None);
    }
    runtime.run_event_loop();
    if let Some(promise) = &module_promise
        && process.is_done()
    {
        runtime.check_module_settled(promise);
    }
    // The worker has ended: its own workers end with it (nobody can reach them any more), its
    // errors count for the process, its creator forgets it.
    let children = crate::web::html::worker::registry(runtime.context()).agents();
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
    tell_parent_ended(&process);
    process.remove_agent(me);
}
