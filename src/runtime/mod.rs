//! The runtime: builds a Boa context with taskhost's hooks and web APIs, runs scripts and modules,
//! and drives the event loop (one task per turn, then a microtask checkpoint).

pub mod host;
pub mod microtasks;
mod module_loader;
pub mod trace;

use std::cell::RefCell;
use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Poll, Waker};
use std::time::{Duration, Instant};

use boa_engine::builtins::promise::PromiseState;
use boa_engine::context::time::JsInstant;
use boa_engine::context::{Clock as BoaClock, ContextBuilder};
use boa_engine::module::Module;
use boa_engine::native_function::NativeFunction;
use boa_engine::object::builtins::JsPromise;
use boa_engine::{Context, JsError, JsNativeError, JsResult, JsValue, Source};

use crate::engine::errors::report_host_error;
use crate::engine::hooks::TaskhostHooks;
use crate::engine::jobs::TaskhostJobExecutor;
use crate::engine::source_guard;
use crate::event_loop::{Clock, EventLoopCore, LoopTime, Next, Pending};
use crate::web::html::report::report_exception;
use host::Host;
use microtasks::perform_microtask_checkpoint;

/// Native recursion limit of the engine (calls from native code back into JS, parsing).
pub const RECURSION_LIMIT: usize = 10_000;
/// VM value-stack limit (JS call depth × frame size).
pub const VM_STACK_LIMIT: usize = 1 << 20;

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
    /// `--trace FILE` and `--log-tasks`.
    pub trace: trace::TraceOptions,
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
        let clock = if options.virtual_time {
            Clock::virtual_clock()
        } else {
            Clock::real()
        };
        let origin_unix_ms = clock.time_origin_unix_ms();
        let mut core = EventLoopCore::new(clock);
        core.set_starvation_limit(
            options
                .starvation_limit
                .map(|d| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)),
        );
        let host = Host::new(core);
        if options.trace.enabled() {
            host.install_tracer(trace::Tracer::new(&options.trace)?);
        }
        let mut context = ContextBuilder::new()
            .host_hooks(Rc::new(
                TaskhostHooks::new(host.clone())
                    .with_global_object(crate::web::dom::event_target::create_global_object),
            ))
            .job_executor(Rc::new(TaskhostJobExecutor::new(host.clone())))
            .module_loader(Rc::new(module_loader::TaskhostModuleLoader::default()))
            .clock(Rc::new(LoopClock {
                host: host.clone(),
                origin_unix_ms,
            }))
            .build()
            .map_err(|e| anyhow::anyhow!("could not create the JS context: {e}"))?;
        context.insert_data(host.clone());
        // Browsers allow about 10k frames of JS recursion; Boa's defaults (512 native recursions,
        // 10k VM stack slots) stop far earlier. The engine thread's stack holds this many
        // native recursions (see engine::thread); the VM stack lives on the heap.
        let limits = context.runtime_limits_mut();
        limits.set_recursion_limit(RECURSION_LIMIT);
        limits.set_stack_size_limit(VM_STACK_LIMIT);
        crate::engine::string_limits::install(&mut context)
            .map_err(|e| anyhow::anyhow!("could not install the string limits: {e}"))?;
        crate::web::register(&mut context, &options)
            .map_err(|e| anyhow::anyhow!("could not register the web APIs: {e}"))?;
        Ok(Self {
            context,
            host,
            options,
            started: Instant::now(),
            limit_from: LoopTime::ZERO,
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
        self.host.trace_begin(None, None, false);
        let result = evaluate_classic_script(source, name, &mut self.context);
        if let Err(error) = result {
            report_exception(&self.host, &error, &mut self.context);
        }
        perform_microtask_checkpoint(&self.host, &mut self.context);
        self.host.trace_end();
    }

    /// Close the trace (`--trace`), if any; the error writing it, if one happened.
    pub fn finish_trace(&self) -> Result<(), String> {
        self.host.finish_trace()
    }

    /// Run classic scripts back to back as one task (each one's exception is reported and the
    /// next still runs), followed by one microtask checkpoint. This is how the conformance runner
    /// loads a harness and a test: like `importScripts` in a worker, with no checkpoint between
    /// the scripts. Each script is `(source, name)`.
    pub fn run_scripts(&mut self, scripts: &[(String, String)]) {
        for (source, name) in scripts {
            self.host.set_script_name(name);
            if let Err(error) = evaluate_classic_script(source, name, &mut self.context) {
                report_exception(&self.host, &error, &mut self.context);
            }
        }
        perform_microtask_checkpoint(&self.host, &mut self.context);
    }

    /// Start a new time limit for `run_event_loop`, counted from now.
    pub fn restart_time_limit(&mut self, max_time: Option<Duration>) {
        self.options.max_time = max_time;
        self.started = Instant::now();
        self.limit_from = self.host.now();
    }

    /// Evaluate a classic script and return its completion value (for embedders and tests).
    pub fn eval(&mut self, source: &str) -> JsResult<JsValue> {
        let result = evaluate_classic_script(source, "<eval>", &mut self.context);
        perform_microtask_checkpoint(&self.host, &mut self.context);
        result
    }

    /// Start an ES module from a file: load, link and evaluate it; errors (including a rejected
    /// top-level await) are reported like uncaught exceptions. Returns the evaluation promise.
    pub fn start_module(&mut self, path: &Path, source: &str) -> Option<JsPromise> {
        let name = path.display().to_string();
        self.host.set_script_name(&name);
        let module = match parse_module(source, path, &mut self.context) {
            Ok(module) => module,
            Err(error) => {
                report_exception(&self.host, &error, &mut self.context);
                return None;
            }
        };
        self.host.trace_begin(None, None, false);
        let promise = module.load_link_evaluate(&mut self.context);
        let on_rejected = NativeFunction::from_fn_ptr(|_, args, context| {
            let host = Host::from_context(context)?;
            let reason = args.first().cloned().unwrap_or_default();
            report_exception(&host, &JsError::from_opaque(reason), context);
            Ok(JsValue::undefined())
        })
        .to_js_function(self.context.realm());
        if let Err(error) = promise.then(None, Some(on_rejected), &mut self.context) {
            report_exception(&self.host, &error, &mut self.context);
        }
        perform_microtask_checkpoint(&self.host, &mut self.context);
        self.host.trace_end();
        Some(promise)
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

    /// Exit status: 1 if an uncaught exception or unhandled rejection was reported, else 0.
    #[must_use]
    pub fn exit_code(&self) -> i32 {
        i32::from(self.host.had_error())
    }

    /// Drive the event loop until nothing can run again (or `max_time`).
    pub fn run_event_loop(&mut self) -> LoopEnd {
        let Self {
            context,
            host,
            options,
            started,
            limit_from,
        } = self;
        let host = host.clone();
        let max_time = options.max_time;
        let deadline = max_time
            .map(|d| limit_from.saturating_add_ns(u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)));
        let cell = RefCell::new(context);
        let mut async_jobs: Vec<Pin<Box<dyn Future<Output = JsResult<JsValue>> + '_>>> = Vec::new();
        let mut cleanup_jobs: Vec<Pin<Box<dyn Future<Output = JsResult<JsValue>> + '_>>> =
            Vec::new();
        let mut poll_cx = std::task::Context::from_waker(Waker::noop());

        loop {
            // --max-time: the loop's clock (virtual or real) or the wall clock, whichever first.
            // A run with nothing left to do has finished, however long it took.
            if let (Some(limit), Some(deadline)) = (max_time, deadline)
                && (host.now() >= deadline || started.elapsed() >= limit)
            {
                let pending = host.core().pending();
                if pending.is_empty()
                    && !host.has_microtasks()
                    && async_jobs.is_empty()
                    && host.queued_async_jobs() == 0
                {
                    return LoopEnd::Finished;
                }
                return LoopEnd::TimedOut(pending);
            }

            // Async jobs (module loading, dynamic import): started in order, polled without
            // blocking. A job that completes may have queued promise jobs: checkpoint.
            for job in host.take_async_jobs() {
                async_jobs.push(Box::pin(job.call(&cell)));
            }
            for job in host.take_cleanup_jobs() {
                cleanup_jobs.push(Box::pin(job.call(&cell)));
            }
            let mut progressed = false;
            for jobs in [&mut async_jobs, &mut cleanup_jobs] {
                jobs.retain_mut(|job| match job.as_mut().poll(&mut poll_cx) {
                    Poll::Ready(result) => {
                        if let Err(error) = result {
                            report_exception(&host, &error, &mut cell.borrow_mut());
                        }
                        progressed = true;
                        false
                    }
                    Poll::Pending => true,
                });
            }
            if progressed || host.has_microtasks() {
                perform_microtask_checkpoint(&host, &mut cell.borrow_mut());
                continue;
            }

            let now = host.now();
            host.drain_ripe_timers(now);
            let next = host.core().next(now);
            match next {
                Next::Run(selected) => {
                    if let Some((_source, steps)) = host.take_task(selected.task) {
                        let mut context = cell.borrow_mut();
                        host.trace_begin(Some(selected.task), Some(&selected), false);
                        if let Err(error) = steps(&mut context) {
                            report_exception(&host, &error, &mut context);
                        }
                        perform_microtask_checkpoint(&host, &mut context);
                        host.trace_end();
                    }
                }
                Next::Idle { task, deadline, .. } => {
                    if let Some((_source, steps)) = host.take_task(task) {
                        let mut context = cell.borrow_mut();
                        host.trace_begin(Some(task), None, true);
                        host.set_idle_deadline(Some(deadline));
                        if let Err(error) = steps(&mut context) {
                            report_exception(&host, &error, &mut context);
                        }
                        host.set_idle_deadline(None);
                        perform_microtask_checkpoint(&host, &mut context);
                        host.trace_end();
                    }
                }
                Next::Wait(due) => {
                    let until = match deadline {
                        Some(limit) => due.min(limit),
                        None => due,
                    };
                    if async_jobs.is_empty() {
                        host.core().clock_mut().wait_until(until);
                    } else {
                        // Async work in flight: wait a little, then poll it again.
                        let soon = host.now().saturating_add_ns(1_000_000).min(until);
                        host.core().clock_mut().wait_until(soon);
                    }
                }
                // Nothing queued, no timer, no microtask, and no async job that progressed this
                // turn (there is no I/O reactor that could wake one later; cleanup jobs wait for
                // the collector and keep nothing alive).
                Next::Empty => return LoopEnd::Finished,
            }
        }
    }
}

/// Parse and evaluate a classic script, with the source guard in front of the parser.
fn evaluate_classic_script(source: &str, name: &str, context: &mut Context) -> JsResult<JsValue> {
    guard_nesting(source, name)?;
    let path = Path::new(name);
    context
        .eval(Source::from_bytes(source).with_path(path))
        .map_err(|e| locate_abrupt_end(e, source))
}

fn parse_module(source: &str, path: &Path, context: &mut Context) -> JsResult<Module> {
    guard_nesting(source, &path.display().to_string())?;
    Module::parse(Source::from_bytes(source).with_path(path), None, context)
        .map_err(|e| locate_abrupt_end(e, source))
}

/// Boa reports a source that ends too early ("abrupt end") without a position: it is the end of
/// the source, so say so, in the parser's own "at line L, col C" form.
fn locate_abrupt_end(error: JsError, source: &str) -> JsError {
    let Some(native) = error.as_native() else {
        return error;
    };
    if !matches!(native.kind(), boa_engine::JsNativeErrorKind::Syntax)
        || !native.message().starts_with("abrupt end")
        || native.message().contains(" at line ")
    {
        return error;
    }
    let line = source.lines().count().max(1);
    let last = source.lines().last().unwrap_or_default();
    let (line, col) = if source.ends_with('\n') {
        (line + 1, 1)
    } else {
        (line, last.chars().count() + 1)
    };
    JsNativeError::syntax()
        .with_message(format!("{} at line {line}, col {col}", native.message()))
        .into()
}

/// Refuse source that nests deeper than the parser can take (a RangeError, as browsers throw).
pub fn guard_nesting(source: &str, name: &str) -> JsResult<()> {
    if let Some((offset, _)) = source_guard::check_nesting(source) {
        return Err(JsNativeError::range()
            .with_message(source_guard::nesting_error_message(source, name, offset))
            .into());
    }
    Ok(())
}

/// Run a timer's string handler as a classic script (HTML timers step 9.6).
pub fn run_timer_string(source: &str, name: &str, context: &mut Context) -> JsResult<JsValue> {
    evaluate_classic_script(source, name, context)
}
