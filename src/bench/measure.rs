//! Running one case, and the measurements made in child processes (memory, start-up).

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::{Duration, Instant};

use boa_engine::object::ObjectInitializer;
use boa_engine::property::Attribute;
use boa_engine::{Context, JsResult, JsValue, NativeFunction, js_string};

use super::{Case, CaseResult, nanos};
use crate::runtime::{Runtime, RuntimeOptions};

const USERLAND: &str = include_str!("userland_scheduler.js");
const CASES: &str = include_str!("cases.js");
const WORKER: &str = include_str!("worker.js");

/// A moment of a measurement: the wall clock and this thread's CPU clock.
#[derive(Copy, Clone, Debug)]
struct Stamp {
    wall: Instant,
    cpu: Duration,
}

impl Stamp {
    fn now() -> Self {
        Self {
            wall: Instant::now(),
            cpu: thread_cpu_time(),
        }
    }
}

/// CPU time this thread has used (CLOCK_THREAD_CPUTIME_ID). Unlike the wall clock it leaves out
/// the time the thread was not running — on a shared machine, other processes' turns.
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid timespec to write to; the clock id is a constant the kernel knows.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut ts) };
    if rc != 0 {
        return Duration::ZERO;
    }
    Duration::new(
        u64::try_from(ts.tv_sec).unwrap_or(0),
        u32::try_from(ts.tv_nsec).unwrap_or(0),
    )
}

/// One repetition's measurement.
#[derive(Copy, Clone, Debug)]
struct Sample {
    wall: Duration,
    cpu: Duration,
    ops: u64,
}

/// What a case's `__bench` calls recorded (context data).
#[derive(Default)]
struct Slot {
    start: Cell<Option<Stamp>>,
    stop: Cell<Option<(Stamp, u64)>>,
    error: RefCell<Option<String>>,
}

fn slot(context: &Context) -> Option<Rc<Slot>> {
    context.get_data::<Rc<Slot>>().cloned()
}

fn install_bench_object(context: &mut Context) -> JsResult<()> {
    context.insert_data(Rc::new(Slot::default()));
    let start = NativeFunction::from_fn_ptr(|_, _, context| {
        if let Some(s) = slot(context) {
            s.start.set(Some(Stamp::now()));
        }
        Ok(JsValue::undefined())
    });
    let stop = NativeFunction::from_fn_ptr(|_, args, context| {
        let now = Stamp::now();
        let ops = args
            .first()
            .cloned()
            .unwrap_or_default()
            .to_number(context)?;
        if let Some(s) = slot(context) {
            s.stop.set(Some((now, ops.max(1.0) as u64)));
        }
        Ok(JsValue::undefined())
    });
    let fail = NativeFunction::from_fn_ptr(|_, args, context| {
        let message = args
            .first()
            .cloned()
            .unwrap_or_default()
            .to_string(context)?
            .to_std_string_escaped();
        if let Some(s) = slot(context) {
            s.error.borrow_mut().get_or_insert(message);
        }
        Ok(JsValue::undefined())
    });
    let object = ObjectInitializer::new(context)
        .function(start, js_string!("start"), 0)
        .function(stop, js_string!("stop"), 1)
        .function(fail, js_string!("fail"), 1)
        .build();
    context.register_global_property(js_string!("__bench"), object, Attribute::empty())
}

/// A fresh runtime with the userland scheduler and the cases loaded (tracing to /dev/null when
/// `traced`).
fn runtime_with_cases(traced: bool) -> Result<Runtime, String> {
    let trace = crate::agent::trace::TraceOptions {
        file: traced.then(|| std::path::PathBuf::from("/dev/null")),
        log_tasks: false,
        long_tasks: false,
        inp: false,
    };
    let mut runtime = Runtime::new(RuntimeOptions {
        trace,
        // The worker cases' script, served at `/bench_worker.js`.
        document_base: Some(crate::web::html::document_loader::DocumentBase {
            root: std::env::temp_dir(),
            path: "/bench".to_owned(),
            overrides: vec![(
                "/bench_worker.js".to_owned(),
                WORKER.to_owned(),
                "taskhost:bench/worker.js".to_owned(),
            )],
        }),
        // A window with a document (the input case clicks an element).
        documents: true,
        ..RuntimeOptions::default()
    })
    .map_err(|e| e.to_string())?;
    install_bench_object(runtime.context()).map_err(|e| e.to_string())?;
    runtime.run_scripts(&[
        (
            USERLAND.to_owned(),
            "taskhost:bench/userland_scheduler.js".to_owned(),
        ),
        (CASES.to_owned(), "taskhost:bench/cases.js".to_owned()),
    ]);
    if runtime.exit_code() != 0 {
        return Err("the benchmark scripts did not load".to_owned());
    }
    Ok(runtime)
}

/// One repetition in a fresh runtime.
fn run_once(function: &str, n: u64, rounds: u64, traced: bool) -> Result<Sample, String> {
    let mut runtime = runtime_with_cases(traced)?;
    run_in(&mut runtime, function, n, rounds)
}

/// One repetition of a case in `runtime` (fresh or used): the loop runs until it is idle.
fn run_in(runtime: &mut Runtime, function: &str, n: u64, rounds: u64) -> Result<Sample, String> {
    let slot = runtime
        .context_ref()
        .get_data::<Rc<Slot>>()
        .cloned()
        .ok_or("the benchmark object is gone")?;
    slot.start.set(None);
    slot.stop.set(None);
    runtime.run_scripts(&[(
        format!("runCase({function:?}, {n}, {rounds});"),
        "taskhost:bench".to_owned(),
    )]);
    runtime.run_event_loop();
    runtime.finish_workers();
    if let Some(error) = slot.error.borrow().clone() {
        return Err(error);
    }
    if runtime.exit_code() != 0 {
        return Err("an uncaught error (see above)".to_owned());
    }
    match (slot.start.get(), slot.stop.get()) {
        (Some(start), Some((stop, ops))) => Ok(Sample {
            wall: stop.wall.saturating_duration_since(start.wall),
            cpu: stop.cpu.saturating_sub(start.cpu),
            ops,
        }),
        _ => Err("the case did not finish".to_owned()),
    }
}

/// The steady state: one runtime on one engine thread that lives through the whole run and runs
/// the cases one after another, as a long-running program runs them (the collector's heap sizing
/// and whatever earlier cases left behind carry over). Its repetitions are interleaved with the
/// fresh-runtime ones (`CaseRuns::repeat`), so the two see the same load on the machine.
pub(super) struct SteadyRunner {
    jobs: Option<std::sync::mpsc::Sender<(&'static str, u64, u64)>>,
    results: std::sync::mpsc::Receiver<Result<Sample, String>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl SteadyRunner {
    pub(super) fn start() -> Result<Self, String> {
        let (jobs, job_rx) = std::sync::mpsc::channel::<(&'static str, u64, u64)>();
        let (result_tx, results) = std::sync::mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("taskhost-engine".into())
            .stack_size(crate::engine::thread::ENGINE_STACK_BYTES)
            .spawn(move || {
                let mut runtime = match runtime_with_cases(false) {
                    Ok(runtime) => Some(runtime),
                    Err(e) => {
                        let _ = result_tx.send(Err(e));
                        None
                    }
                };
                while let Ok((function, n, rounds)) = job_rx.recv() {
                    let result = match runtime.as_mut() {
                        Some(runtime) => run_in(runtime, function, n, rounds),
                        None => Err("the steady-state runtime did not start".to_owned()),
                    };
                    if result_tx.send(result).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| format!("could not start the steady-state thread: {e}"))?;
        Ok(Self {
            jobs: Some(jobs),
            results,
            thread: Some(thread),
        })
    }

    fn run(&self, function: &'static str, n: u64, rounds: u64) -> Result<Sample, String> {
        self.jobs
            .as_ref()
            .ok_or("the steady-state runtime stopped")?
            .send((function, n, rounds))
            .map_err(|_| "the steady-state runtime stopped".to_owned())?;
        self.results
            .recv()
            .map_err(|_| "the steady-state runtime stopped (a panic?)".to_owned())?
    }
}

impl Drop for SteadyRunner {
    fn drop(&mut self) {
        // Closing the channel ends the thread's loop.
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The repetitions of one case so far: each [`CaseRuns::repeat`] runs it once more (and once in
/// the steady-state runtime, if there is one); [`CaseRuns::finish`] gives the median, fastest and
/// slowest CPU ns/op, and the median wall ns/op.
///
/// Each repetition runs on a thread of its own: Boa's collector is per thread, and its threshold
/// only grows, so a repetition on a used thread would inherit the heap sizing of whatever ran
/// before it. A fresh thread starts every repetition from the same state.
///
/// The caller goes round the cases, one repetition of each at a time (`bench::run`), so the cases
/// a target compares are measured side by side rather than minutes apart.
pub(super) struct CaseRuns<'a> {
    case: &'a Case,
    n: u64,
    rounds: u64,
    samples: Vec<Sample>,
    /// The first failure; the case is not repeated after it.
    error: Option<String>,
    /// `None` without a steady-state runtime for this case.
    steady_samples: Option<Result<Vec<f64>, String>>,
}

impl<'a> CaseRuns<'a> {
    pub(super) fn new(case: &'a Case, (n, rounds): (u64, u64), steady: bool) -> Self {
        Self {
            case,
            n,
            rounds,
            samples: Vec::new(),
            error: None,
            steady_samples: steady.then(|| Ok(Vec::new())),
        }
    }

    /// Run the case once more in a fresh runtime, then once in `steady` (the long-lived
    /// runtime, given when this case has a steady-state figure).
    pub(super) fn repeat(&mut self, steady: Option<&SteadyRunner>) {
        if self.error.is_some() {
            return;
        }
        let (function, traced, n, rounds) =
            (self.case.function, self.case.traced, self.n, self.rounds);
        let outcome = crate::engine::thread::run_on_engine_thread(move || {
            run_once(function, n, rounds, traced)
        })
        .unwrap_or_else(|e| Err(e.to_string()));
        match outcome {
            Ok(sample) => self.samples.push(sample),
            Err(error) => {
                self.error = Some(error);
                return;
            }
        }
        if let (Some(runner), Some(Ok(per_op))) = (steady, &mut self.steady_samples) {
            match runner.run(function, n, rounds) {
                Ok(sample) => per_op.push(nanos(sample.cpu) / sample.ops as f64),
                Err(e) => self.steady_samples = Some(Err(e)),
            }
        }
    }

    /// The case's result over its repetitions.
    pub(super) fn finish(self) -> CaseResult {
        let case = self.case;
        if let Some(error) = self.error {
            return CaseResult {
                steady: None,
                name: case.name.clone(),
                ops: self.n,
                ns_per_op: 0.0,
                min_ns_per_op: 0.0,
                max_ns_per_op: 0.0,
                wall_ns_per_op: 0.0,
                repetitions: self.samples.len(),
                error: Some(error),
            };
        }
        let samples = self.samples;
        let per_op = |time: fn(&Sample) -> Duration| {
            let mut v: Vec<f64> = samples
                .iter()
                .map(|s| nanos(time(s)) / s.ops as f64)
                .collect();
            v.sort_by(f64::total_cmp);
            v
        };
        let wall = per_op(|s| s.wall);
        let cpu = if case.wall_clock {
            wall.clone()
        } else {
            per_op(|s| s.cpu)
        };
        let median = |v: &[f64]| v.get(v.len() / 2).copied().unwrap_or(0.0);
        CaseResult {
            name: case.name.clone(),
            ops: samples.first().map_or(self.n, |s| s.ops),
            ns_per_op: median(&cpu),
            min_ns_per_op: cpu.first().copied().unwrap_or(0.0),
            max_ns_per_op: cpu.last().copied().unwrap_or(0.0),
            wall_ns_per_op: median(&wall),
            repetitions: samples.len(),
            error: None,
            steady: self.steady_samples.map(|outcome| {
                outcome.map(|mut v| {
                    v.sort_by(f64::total_cmp);
                    median(&v)
                })
            }),
        }
    }
}

/// This process's resident set size, in bytes.
#[must_use]
pub fn rss_bytes() -> Option<u64> {
    status_bytes("VmRSS:")
}

/// This process's peak resident set size so far, in bytes.
fn peak_rss_bytes() -> Option<u64> {
    status_bytes("VmHWM:")
}

/// A size line of /proc/self/status (Linux; given in kB whatever the page size), in bytes.
fn status_bytes(key: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The measurements `taskhost bench-child WHAT N` makes (internal), each in a process of its own:
/// - `rss`: post N tasks, leave them pending; the RSS growth per task in bytes.
/// - `rss-floor`: the engine's share of that: N pending promises, each with its resolving
///   functions held by the host (what a pending postTask cannot do without); bytes per promise.
/// - `peak-burst-all`: `postTask_burst_all(N)` (N tasks awaited with `Promise.all`); the peak RSS
///   of the process in bytes.
/// - `peak-reaction-all`: the same shape without the scheduler (`reaction_burst_all(N)`).
/// - `worker-rss`: N dedicated workers started at once, each answering one message, all still
///   running (idle); the RSS growth per worker in bytes (its thread, context, global and loop).
/// - `realm-bare-rss`, `realm-bare-ns`: N realms made by the engine alone
///   (`Context::create_realm`: ECMAScript's intrinsics and an empty global), kept; RSS growth and
///   CPU time per realm.
/// - `realm-web-rss`, `realm-web-ns`: the same, each realm then set up as an iframe's window is
///   (`web::register` with the page's options: the web APIs and an about:blank document).
/// - `realm-steps`: the same, step by step of `web::register` (a table, see [`realm_steps`]).
#[must_use]
pub fn bench_child(what: &str, n: u64) -> i32 {
    if what == "realm-steps" {
        return realm_steps(n);
    }
    let result = match what {
        "rss" => rss_child(n),
        "rss-floor" => rss_floor_child(n),
        "peak-burst-all" => peak_child("postTask_burst_all", n),
        "peak-reaction-all" => peak_child("reaction_burst_all", n),
        "worker-rss" => worker_rss_child(n),
        "realm-bare-rss" => realm_child(n, false).map(|(bytes, _)| bytes),
        "realm-web-rss" => realm_child(n, true).map(|(bytes, _)| bytes),
        "realm-bare-ns" => realm_child(n, false).map(|(_, ns)| ns),
        "realm-web-ns" => realm_child(n, true).map(|(_, ns)| ns),
        _ => Err(format!("unknown measurement {what}")),
    };
    match result {
        Ok(bytes) => {
            println!("{bytes}");
            0
        }
        Err(e) => {
            eprintln!("taskhost bench-child: {e}");
            1
        }
    }
}

fn rss_child(n: u64) -> Result<f64, String> {
    let mut runtime = runtime_with_cases(false)?;
    boa_gc::force_collect();
    let before = rss_bytes().ok_or("no /proc/self/status")?;
    runtime.run_scripts(&[(format!("postPending({n});"), "taskhost:bench".to_owned())]);
    boa_gc::force_collect();
    let after = rss_bytes().ok_or("no /proc/self/status")?;
    let pending = runtime.host().core().pending().scheduler_tasks as u64;
    if pending != n {
        return Err(format!("{pending} of {n} tasks pending"));
    }
    Ok(after.saturating_sub(before) as f64 / n as f64)
}

fn rss_floor_child(n: u64) -> Result<f64, String> {
    let mut runtime = runtime_with_cases(false)?;
    boa_gc::force_collect();
    let before = rss_bytes().ok_or("no /proc/self/status")?;
    let context = runtime.context();
    let kept: Vec<_> = (0..n)
        .map(|_| boa_engine::object::builtins::JsPromise::new_pending(context))
        .collect();
    boa_gc::force_collect();
    let after = rss_bytes().ok_or("no /proc/self/status")?;
    drop(kept);
    Ok(after.saturating_sub(before) as f64 / n as f64)
}

fn peak_child(function: &str, n: u64) -> Result<f64, String> {
    let mut runtime = runtime_with_cases(false)?;
    run_in(&mut runtime, function, n, 1)?;
    Ok(peak_rss_bytes().ok_or("no /proc/self/status")? as f64)
}

fn worker_rss_child(n: u64) -> Result<f64, String> {
    let mut runtime = runtime_with_cases(false)?;
    boa_gc::force_collect();
    let before = rss_bytes().ok_or("no /proc/self/status")?;
    runtime.run_scripts(&[(
        format!("startWorkers({n}).then((workers) => {{ globalThis.kept = workers; }});"),
        "taskhost:bench".to_owned(),
    )]);
    // The loop ends when every agent is idle: the workers have answered and wait for messages.
    runtime.run_event_loop();
    boa_gc::force_collect();
    let after = rss_bytes().ok_or("no /proc/self/status")?;
    let started = runtime
        .eval("globalThis.kept ? globalThis.kept.length : 0")
        .map_err(|e| e.to_string())?
        .as_number()
        .unwrap_or(0.0);
    runtime.finish_workers();
    if started != n as f64 {
        return Err(format!("{started} of {n} workers answered"));
    }
    Ok(after.saturating_sub(before) as f64 / n as f64)
}

/// N realms kept in one context, bare or with the web APIs: (RSS bytes, CPU ns) per realm.
fn realm_child(n: u64, web: bool) -> Result<(f64, f64), String> {
    let mut runtime = runtime_with_cases(false)?;
    let context = runtime.context();
    let options = crate::agent::realm::realm_data::<crate::web::WebOptions>(context)
        .map(|o| (*o).clone())
        .ok_or("the window has no options")?;
    boa_gc::force_collect();
    let before = rss_bytes().ok_or("no /proc/self/status")?;
    let started = thread_cpu_time();
    let mut kept = Vec::with_capacity(usize::try_from(n).unwrap_or(0));
    for i in 0..n {
        let realm = context.create_realm().map_err(|e| e.to_string())?;
        if web {
            crate::agent::realm::in_realm(context, &realm, |context| {
                crate::agent::realm::install_realm(context, &format!("bench {i}"));
                crate::web::register(context, &options)
            })
            .map_err(|e| e.to_string())?;
        }
        kept.push(realm);
    }
    let cpu = thread_cpu_time().saturating_sub(started);
    boa_gc::force_collect();
    let after = rss_bytes().ok_or("no /proc/self/status")?;
    drop(kept);
    Ok((
        after.saturating_sub(before) as f64 / n as f64,
        nanos(cpu) / n as f64,
    ))
}

/// `taskhost bench-child realm-steps N`: N realms set up as iframes' windows are, each step of
/// `web::register` measured apart; a line per step: its name, the RSS growth and CPU time per
/// realm (the engine's `create_realm` first). The RSS of a step is approximate: the allocator
/// takes memory from the system in blocks, and a collection in one step frees what others left.
#[must_use]
pub fn realm_steps(n: u64) -> i32 {
    match realm_steps_child(n) {
        Ok(lines) => {
            for (name, bytes, ns) in lines {
                println!(
                    "{name:<36} {:>8.1} KB {:>8.3} ms",
                    bytes / 1e3 / n as f64,
                    ns / 1e6 / n as f64
                );
            }
            0
        }
        Err(e) => {
            eprintln!("taskhost bench-child: {e}");
            1
        }
    }
}

fn realm_steps_child(n: u64) -> Result<Vec<(&'static str, f64, f64)>, String> {
    let mut runtime = runtime_with_cases(false)?;
    let context = runtime.context();
    let options = crate::agent::realm::realm_data::<crate::web::WebOptions>(context)
        .map(|o| (*o).clone())
        .ok_or("the window has no options")?;
    boa_gc::force_collect();
    let mut totals: Vec<(&'static str, f64, f64)> = Vec::new();
    let mut add = |name: &'static str, bytes: f64, ns: f64| match totals
        .iter_mut()
        .find(|(n, _, _)| *n == name)
    {
        Some(t) => {
            t.1 += bytes;
            t.2 += ns;
        }
        None => totals.push((name, bytes, ns)),
    };
    let mut kept = Vec::new();
    for i in 0..n {
        let mut last = (rss_bytes().unwrap_or(0), thread_cpu_time());
        let mut step = |name: &'static str, add: &mut dyn FnMut(&'static str, f64, f64)| {
            let now = (rss_bytes().unwrap_or(0), thread_cpu_time());
            add(
                name,
                now.0 as f64 - last.0 as f64,
                nanos(now.1.saturating_sub(last.1)),
            );
            last = (rss_bytes().unwrap_or(0), thread_cpu_time());
        };
        let realm = context.create_realm().map_err(|e| e.to_string())?;
        step("engine: create_realm", &mut add);
        crate::agent::realm::in_realm(context, &realm, |context| {
            crate::agent::realm::install_realm(context, &format!("bench {i}"));
            crate::web::register_steps(context, &options, &mut |name| step(name, &mut add))
        })
        .map_err(|e| e.to_string())?;
        kept.push(realm);
    }
    drop(kept);
    Ok(totals)
}

/// `taskhost bench-child WHAT N` in a child process: its one number.
pub(super) fn child_measurement(what: &str, n: u64) -> Result<f64, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out = std::process::Command::new(exe)
        .args(["bench-child", what, &n.to_string()])
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).trim().to_owned());
    }
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .map_err(|e| format!("unreadable measurement: {e}"))
}

/// Start-up of `taskhost run` on an empty script over `runs` runs: the median wall time in ms and
/// the median peak RSS in bytes (the child's `ru_maxrss`, what `/usr/bin/time -v` reports as
/// "Maximum resident set size").
pub(super) fn startup(runs: usize) -> Result<(f64, f64), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let script =
        std::env::temp_dir().join(format!("taskhost-bench-empty-{}.js", std::process::id()));
    std::fs::write(&script, "").map_err(|e| e.to_string())?;
    let mut times = Vec::with_capacity(runs);
    let mut peaks = Vec::with_capacity(runs);
    for _ in 0..runs {
        let started = Instant::now();
        let child = std::process::Command::new(&exe)
            .arg("run")
            .arg(&script)
            .spawn()
            .map_err(|e| e.to_string())?;
        let (status, peak) = wait_with_peak_rss(child)?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        peaks.push(peak);
        if status != 0 {
            let _ = std::fs::remove_file(&script);
            return Err(format!("taskhost run exited with status {status}"));
        }
    }
    let _ = std::fs::remove_file(&script);
    times.sort_by(f64::total_cmp);
    peaks.sort_by(f64::total_cmp);
    let median = |v: &[f64]| v.get(v.len() / 2).copied().unwrap_or(0.0);
    Ok((median(&times), median(&peaks)))
}

/// Wait for `child` with `wait4`: its exit status (or 128 + signal) and its peak RSS in bytes.
fn wait_with_peak_rss(child: std::process::Child) -> Result<(i32, f64), String> {
    let pid = libc::pid_t::try_from(child.id()).map_err(|e| e.to_string())?;
    let mut status: libc::c_int = 0;
    // SAFETY: an all-zero rusage is a valid value to be written over.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own child, not yet waited for (`child` is not used to wait); `status`
    // and `usage` are valid places to write to.
    let rc = unsafe { libc::wait4(pid, &raw mut status, 0, &raw mut usage) };
    if rc != pid {
        return Err(format!("wait4: {}", std::io::Error::last_os_error()));
    }
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        128 + libc::WTERMSIG(status)
    };
    // Linux gives ru_maxrss in KiB.
    Ok((code, usage.ru_maxrss as f64 * 1024.0))
}
