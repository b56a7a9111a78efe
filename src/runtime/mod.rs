//! The runtime: builds a Boa context with taskhost's hooks and web APIs, runs scripts and modules,
//! and drives the event loop (one task per turn, then a microtask checkpoint).

mod event_loop;
pub mod memory_reducer;

use event_loop::{RunAs, run_task};
mod module_loader;
pub mod resolution;
pub mod worker;

use std::path::Path;
use std::rc::Rc;
use std::time::{Duration, Instant};

use boa_engine::builtins::promise::PromiseState;
use boa_engine::context::time::JsInstant;
use boa_engine::context::{Clock as BoaClock, ContextBuilder};
use boa_engine::native_function::NativeFunction;
use boa_engine::object::builtins::JsPromise;
use boa_engine::{Context, JsError, JsResult, JsValue};

use crate::agent::host::{AgentLink, Host};
use crate::agent::process::Process;
use crate::agent::script as agent_script;
use crate::agent::trace;
use crate::engine::errors::report_host_error;
use crate::engine::hooks::TaskhostHooks;
use crate::engine::jobs::TaskhostJobExecutor;
use crate::engine::script;
use crate::event_loop::{Clock, EventLoopCore, LoopTime, Pending, SharedTime};
use crate::web::html::report::report_exception;

pub use crate::engine::{RECURSION_LIMIT, VM_STACK_LIMIT};

/// Exit status after `--max-time` stopped a run.
pub const EXIT_TIMED_OUT: i32 = 124;
/// Exit status of a usage error or a file that cannot be read.
pub const EXIT_USAGE: i32 = 2;

/// How a runtime is set up.
#[derive(Clone, Debug, Default)]
pub struct RuntimeOptions {
    /// Use a virtual clock: when nothing is runnable, jump to the next due timer.
    pub virtual_time: bool,
    /// Stop the event loop after this much time (of the loop's clock, or of the wall clock).
    pub max_time: Option<Duration>,
    /// Opt-in anti-starvation limit of the selection policy.
    pub starvation_limit: Option<Duration>,
    /// Arguments given to the script (`taskhost.args`).
    pub args: Vec<String>,
    /// Serve same-origin files from this root through `fetch()` (the conformance runner).
    pub fetch_root: Option<crate::web::fetch::FetchRoot>,
    /// Write all console output to stderr (the conformance runner keeps stdout for results).
    pub console_to_stderr: bool,
    /// Give the window a document, with iframes (`taskhost run` and `eval`; the conformance
    /// runner's `.any.js` windows have none yet: testharness.js would render its results into
    /// one).
    pub documents: bool,
    /// Where the window's document may load files from (iframes' and scripts' `src`).
    pub document_base: Option<crate::web::html::document_loader::DocumentBase>,
    /// `--trace FILE` and `--log-tasks`.
    pub trace: trace::TraceOptions,
    /// A worker's global instead of a window: its kind.
    pub worker: Option<crate::web::html::worker_agents::WorkerKind>,
    /// A worker's runtime: the process it joins and its clock (`None`: a new process whose
    /// first agent this runtime is).
    pub joined: Option<JoinedAgent>,
    /// The browser deviations from the specs to imitate (`--imitate`).
    pub deviations: crate::agent::deviations::Deviations,
    /// The window's import map (`--import-map`; a worker has none, as in HTML).
    pub import_map: Option<resolution::ImportMap>,
    /// Make the event loop's choices with the seeded random policy (`--policy-seed`,
    /// `--explore`); a worker's seed is derived from it.
    pub policy_seed: Option<u64>,
    /// Make the window's loop's choices as the documented policy would but for these decisions
    /// (`--policy-changes`, the search of `--explore`); its workers keep the documented policy.
    pub policy_changes: Option<crate::event_loop::choices::PolicyChanges>,
    /// The virtual display and the page's visibility at the start (`--frame-rate`, `--hidden`).
    pub display: crate::web::html::rendering::DisplayOptions,
    /// `--input FILE`: its text and its name (checked before the run), replayed in the window.
    pub input_file: Option<(String, String)>,
    /// At most this many workers run at once (`--max-workers`; `None`: 512, as Firefox).
    pub max_workers: Option<usize>,
}

/// A runtime joining an existing process (a worker's).
#[derive(Clone, Debug)]
pub struct JoinedAgent {
    pub link: AgentLink,
    pub clock: Clock,
    /// The creator's trace and this worker's name in it.
    pub trace: Option<(trace::TraceShare, String)>,
}

impl RuntimeOptions {
    /// What the web APIs are told of these options.
    #[must_use]
    pub fn web(&self) -> crate::web::WebOptions {
        crate::web::WebOptions {
            virtual_time: self.virtual_time,
            args: self.args.clone(),
            fetch_root: self.fetch_root.clone(),
            console_to_stderr: self.console_to_stderr,
            documents: self.documents,
            document_base: self.document_base.clone(),
            worker: self.worker.clone(),
            worker_spawner: Some(worker::spawn),
            deviations: self.deviations,
            policy_seed: self.policy_seed,
            display: self.display,
        }
    }
}

/// How a run of the event loop ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LoopEnd {
    /// Nothing can run again.
    Finished,
    /// `--max-time` was reached; what was still pending.
    TimedOut(Pending),
}

/// A taskhost runtime: one realm, one event loop.
pub struct Runtime {
    context: Context,
    host: Rc<Host>,
    options: RuntimeOptions,
    /// When the time limit started, on the wall clock and on the loop's clock.
    started: Instant,
    limit_from: LoopTime,
    /// Collections when the loop sleeps after the process grew (`memory_reducer`).
    reducer: memory_reducer::MemoryReducer,
}

/// Boa's clock, reading the event loop's clock (so `Date.now()` follows `--virtual-time`).
struct LoopClock {
    host: Rc<Host>,
    origin_unix_ms: f64,
}

impl BoaClock for LoopClock {
    fn now(&self) -> JsInstant {
        let ns = self.host.now().as_nanos();
        JsInstant::new(ns / 1_000_000_000, (ns % 1_000_000_000) as u32)
    }

    fn system_time_millis(&self) -> i64 {
        (self.origin_unix_ms + self.host.now().as_millis_f64()) as i64
    }
}

impl Runtime {
    /// Build a context with taskhost's host hooks, job executor, module loader and web APIs.
    pub fn new(options: RuntimeOptions) -> anyhow::Result<Self> {
        // The process: a new one whose first agent this is, or the one a worker joins. With
        // virtual time, all its agents read one shared time line and take turns.
        let (clock, link) = match &options.joined {
            Some(joined) => (joined.clock.clone(), joined.link.clone()),
            None => {
                let time = options.virtual_time.then(SharedTime::new);
                let clock = match &time {
                    Some(time) => {
                        Clock::shared_virtual(time.clone(), Clock::real().time_origin_unix_ms())
                    }
                    None => Clock::real(),
                };
                let process = Process::new(time);
                if let Some(limit) = options.max_workers {
                    process.set_worker_limit(limit);
                }
                if let Some(seed) = options.policy_seed {
                    process.delay_mail(seed);
                }
                let handle = process.add_agent();
                (clock, AgentLink { process, handle })
            }
        };
        let origin_unix_ms = clock.time_origin_unix_ms();
        let mut core = EventLoopCore::new(clock);
        core.set_starvation_limit(
            options
                .starvation_limit
                .map(|d| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)),
        );
        core.set_random_policy(options.policy_seed);
        if let Some(changed) = &options.policy_changes {
            core.set_changed_policy(changed.changes.clone(), changed.arities.clone());
        }
        let host = Host::new(core);
        host.set_agent(link);
        host.set_deviations(options.deviations);
        if let Some((share, name)) = options.joined.as_ref().and_then(|j| j.trace.clone()) {
            host.install_tracer(trace::Tracer::joined(share, &name));
        } else if options.trace.enabled() {
            host.install_tracer(trace::Tracer::new(&options.trace)?);
        }
        let mut context = ContextBuilder::new()
            .host_hooks(Rc::new(
                TaskhostHooks::new(host.clone())
                    .with_global_object(crate::web::dom::event_target::create_global_object),
            ))
            .job_executor(Rc::new(TaskhostJobExecutor::new(host.clone())))
            .module_loader(Rc::new(module_loader::TaskhostModuleLoader::new(
                options.import_map.clone().unwrap_or_default(),
            )))
            .clock(Rc::new(LoopClock {
                host: host.clone(),
                origin_unix_ms,
            }))
            .build()
            .map_err(|e| anyhow::anyhow!("could not create the JS context: {e}"))?;
        context.insert_data(host.clone());
        if options.trace.long_tasks && options.joined.is_none() {
            context.insert_data(Rc::new(
                crate::web::performance::long_tasks::LongTaskLog::default(),
            ));
        }
        // Browsers allow about 10k frames of JS recursion; Boa's defaults (512 native recursions,
        // 10k VM stack slots) stop far earlier. The engine thread's stack holds this many
        // native recursions (see engine::thread); the VM stack lives on the heap.
        let limits = context.runtime_limits_mut();
        limits.set_recursion_limit(RECURSION_LIMIT);
        limits.set_stack_size_limit(VM_STACK_LIMIT);
        crate::engine::string_limits::install(&mut context)
            .map_err(|e| anyhow::anyhow!("could not install the string limits: {e}"))?;
        crate::agent::realm::install_realm(&mut context, "main");
        crate::web::register(&mut context, &options.web())
            .map_err(|e| anyhow::anyhow!("could not register the web APIs: {e}"))?;
        if options.joined.is_none() {
            if options.trace.inp {
                context.insert_data(Rc::new(crate::web::event_timing::inp::InpLog::default()));
                crate::web::event_timing::keep_log(&context);
            }
            if let Some((text, name)) = &options.input_file {
                let inputs = crate::web::input::file::parse(text, name)
                    .map_err(|e| anyhow::anyhow!("{e}"))?;
                for input in inputs {
                    crate::web::input::schedule(input, &mut context);
                }
            }
        }
        Ok(Self {
            context,
            host,
            options,
            started: Instant::now(),
            limit_from: LoopTime::ZERO,
            reducer: memory_reducer::MemoryReducer::default(),
        })
    }

    /// The context, e.g. to register extra globals before running code.
    pub fn context(&mut self) -> &mut Context {
        &mut self.context
    }

    /// The context, read-only.
    #[must_use]
    pub fn context_ref(&self) -> &Context {
        &self.context
    }

    #[must_use]
    pub fn host(&self) -> &Rc<Host> {
        &self.host
    }

    /// Run a classic script as one task (parse errors and exceptions are reported), followed by
    /// a microtask checkpoint.
    pub fn run_script(&mut self, source: &str, name: &str) {
        self.host.set_script_name(name);
        let host = self.host.clone();
        run_task(&self.host, &mut self.context, RunAs::Script, |context| {
            // Long Animation Frames: record classic script creation time (the script is its
            // task's entry point, named by its URL).
            crate::web::performance::long_animation_frames::script(
                &host,
                name.to_owned(),
                false,
                context,
            );
            script::run_classic_script(source, name, context)
        });
    }

    /// The `--long-tasks` summary of the window's long tasks (`None` unless it was asked for).
    #[must_use]
    pub fn long_task_summary(&self) -> Option<String> {
        let log = self
            .context
            .get_data::<Rc<crate::web::performance::long_tasks::LongTaskLog>>()?;
        Some(crate::web::performance::long_tasks::summary(
            &log.0.borrow(),
        ))
    }

    /// Animation frame callbacks still waiting for a frame, in the window's documents.
    pub fn pending_animation_frame_callbacks(&mut self) -> usize {
        crate::web::html::rendering::Rendering::of(&mut self.context).pending_callbacks()
    }

    /// The `--inp` summary of the window's interactions (`None` unless it was asked for).
    #[must_use]
    pub fn responsiveness_summary(&self) -> Option<String> {
        let log = self
            .context
            .get_data::<Rc<crate::web::event_timing::inp::InpLog>>()?;
        let state =
            crate::agent::realm::realm_data::<crate::web::event_timing::EventTiming>(&self.context);
        let entries = state
            .and_then(|s| s.log.borrow().clone())
            .unwrap_or_default();
        Some(crate::web::event_timing::inp::summary(&entries, log))
    }

    /// Close the trace (`--trace`), if any; the error writing it, if one happened.
    pub fn finish_trace(&self) -> Result<(), String> {
        self.host.finish_trace()
    }

    /// Run classic scripts back to back as one task (each one's exception is reported and the
    /// next still runs), with one "clean up after running script" after the last. This is how the
    /// conformance runner loads a harness and a test into a window without a document: like
    /// `importScripts()` of them all, with no microtask checkpoint between the scripts (a
    /// harness in a shell environment takes its first checkpoint as "the file has loaded").
    /// Each script is `(source, name)`.
    pub fn run_scripts(&mut self, scripts: &[(String, String)]) {
        let host = self.host.clone();
        // (The trace names the task after the first script.)
        if let Some((_, first)) = scripts.first() {
            host.set_script_name(first);
        }
        run_task(&self.host, &mut self.context, RunAs::Script, |context| {
            agent_script::run_script(context, |context| {
                for (source, name) in scripts {
                    host.set_script_name(name);
                    if let Err(error) = script::evaluate_classic_script(source, name, context) {
                        report_exception(&host, &error, context);
                    }
                }
                Ok(())
            })
        });
    }

    /// Load an HTML document into the window, as a browser loads a page: one task parses it and
    /// runs its classic scripts in document order at their end tags (each with its microtask
    /// checkpoint), then HTML "the end" queues `DOMContentLoaded` at the document and `load` at
    /// the window as tasks. A parse error is recovered from, as in a browser, and shown on stderr
    /// as a warning with its line.
    pub fn run_html_document(&mut self, source: &str, name: &str) {
        self.host.set_script_name(name);
        let loaded = run_task(&self.host, &mut self.context, RunAs::Script, |context| {
            let document = crate::web::dom::document::create_window_document(context)?;
            crate::web::html::document_loader::load_html(&document, source, name, context)?;
            // "The end", step 2: update the current document readiness to "interactive".
            crate::web::dom::document::update_readiness(
                crate::web::dom::document::Readiness::Interactive,
                context,
            )?;
            Ok(document)
        });
        let Some(document) = loaded else {
            return;
        };
        // "The end", step 6: queue a global task on the DOM manipulation task source given the
        // Document's relevant global object to fire an event named DOMContentLoaded at the
        // Document, with its bubbles attribute initialized to true.
        self.host.queue_task(
            crate::event_loop::HostSource::DomManipulation,
            self.context.realm().clone(),
            Box::new(move |context| {
                let event = crate::web::dom::event::create_event(
                    "DOMContentLoaded",
                    crate::web::dom::event::EventInit {
                        bubbles: true,
                        ..Default::default()
                    },
                    context,
                )?;
                crate::web::dom::dispatch::fire_event(&document, &event, context).map(drop)
            }),
        );
        // Step 9: the load event (and readyState "complete").
        self.host.queue_task(
            crate::event_loop::HostSource::DomManipulation,
            self.context.realm().clone(),
            Box::new(crate::web::html::document_loader::fire_window_load),
        );
    }

    /// Queue the task of HTML "the end" (§13.2.7) that fires `load` at the window, after the
    /// tasks queued so far (the conformance runner's page has finished parsing):
    /// 9. Queue a global task on the DOM manipulation task source given the Document's relevant
    ///    global object to run the following steps:
    ///    4. Fire an event named load at the Document's relevant global object, with legacy
    ///       target override flag set.
    pub fn queue_load_event(&self) {
        self.host.queue_task(
            crate::event_loop::HostSource::DomManipulation,
            self.context.realm().clone(),
            Box::new(crate::web::html::document_loader::fire_window_load),
        );
    }

    /// Start a new time limit for `run_event_loop`, counted from now.
    pub fn restart_time_limit(&mut self, max_time: Option<Duration>) {
        self.options.max_time = max_time;
        self.started = Instant::now();
        self.limit_from = self.host.now();
    }

    /// Evaluate a classic script and return its completion value (for embedders and tests).
    pub fn eval(&mut self, source: &str) -> JsResult<JsValue> {
        script::run_classic_script(source, "<eval>", &mut self.context)
    }

    /// Start an ES module from a file: load, link and evaluate it; errors (including a rejected
    /// top-level await) are reported like uncaught exceptions. Returns the evaluation promise.
    pub fn start_module(&mut self, path: &Path, source: &str) -> Option<JsPromise> {
        let name = path.display().to_string();
        self.host.set_script_name(&name);
        let module = match script::parse_module(source, path, &mut self.context) {
            Ok(module) => module,
            Err(error) => {
                report_exception(&self.host, &error, &mut self.context);
                return None;
            }
        };
        let host = self.host.clone();
        run_task(&self.host, &mut self.context, RunAs::Script, |context| {
            // Long Animation Frames: record module script execution start time.
            crate::web::performance::long_animation_frames::script(
                &host,
                name.clone(),
                true,
                context,
            );
            // HTML "run a module script": evaluation between prepare to run script and clean
            // up after running script.
            let promise =
                agent_script::run_script(
                    context,
                    |context| Ok(module.load_link_evaluate(context)),
                )?;
            let on_rejected = NativeFunction::from_fn_ptr(|_, args, context| {
                let host = Host::from_context(context)?;
                let reason = args.first().cloned().unwrap_or_default();
                report_exception(&host, &JsError::from_opaque(reason), context);
                Ok(JsValue::undefined())
            })
            .to_js_function(context.realm());
            if let Err(error) = promise.then(None, Some(on_rejected), context) {
                report_exception(&host, &error, context);
            }
            Ok(promise)
        })
    }

    /// After the loop: a module whose top-level await never settled is an error (the loop ended
    /// with nothing left that could settle it).
    pub fn check_module_settled(&mut self, promise: &JsPromise) {
        if matches!(promise.state(), PromiseState::Pending) {
            report_host_error(
                &self.host,
                "the module's top-level await never settled: nothing was left to run",
            );
        }
    }

    /// Exit status: 1 if an uncaught exception or unhandled rejection was reported (here or in
    /// a worker that ended), else 0.
    #[must_use]
    pub fn exit_code(&self) -> i32 {
        let workers = self.host.agent().is_some_and(|a| a.process.had_error());
        i32::from(self.host.had_error() || workers)
    }

    /// How many workers of the process are still running (all agents but this one).
    #[must_use]
    pub fn live_workers(&self) -> usize {
        self.host
            .agent()
            .map_or(0, |a| a.process.agent_count().saturating_sub(1))
    }

    /// After the loop: wait for the workers' threads if the process finished (they are ending
    /// too), or ask them to stop (a time limit).
    pub fn finish_workers(&self) {
        if let Some(agent) = self.host.agent() {
            if agent.process.is_done() {
                agent.process.join_threads();
                // Workers still waiting for a place under the limit when everything else was
                // idle never start: the program did not run as written.
                let waiting = agent.process.waiting_workers();
                if waiting > 0 {
                    let limit = agent.process.worker_limit();
                    report_host_error(
                        &self.host,
                        &format!(
                            "{waiting} worker(s) never started: {limit} workers were running, the limit (--max-workers {limit}), and none of them ended"
                        ),
                    );
                }
            } else {
                agent.process.request_stop();
            }
        }
    }
}
