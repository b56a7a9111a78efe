//! `taskhost bench`: the embedded benchmark suite.
//!
//! Every case (`cases.js`) runs in a fresh runtime of this process, several times; the runner
//! times the part the case brackets with `__bench.start()`/`__bench.stop(ops)` and reports ns per
//! operation (median of the repetitions, with the fastest and slowest). Memory (RSS per pending
//! task) and start-up (wall time of `taskhost run` on an empty script) are measured in child
//! processes, so that nothing else this process did counts. The targets are ratios of results of
//! one run (`targets.rs`).
//!
//! Invariant: a case that fails its own check or throws is reported as failed, never timed.

mod measure;
pub mod targets;

use std::time::Duration;

use serde::Serialize;

pub use measure::{bench_child, realm_steps, rss_bytes};

/// How the suite is run.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// Print JSON instead of tables.
    pub json: bool,
    /// Only the cases whose name contains this.
    pub filter: Option<String>,
    /// Multiply every operation count (0.01 for a quick smoke run).
    pub scale: f64,
    /// Repetitions of each case.
    pub repetitions: usize,
    /// Also run the cases one after another in one long-lived runtime (`SteadyRunner`).
    pub steady_state: bool,
    /// Print the selected cases (name, function, operations, rounds after scaling) as JSON lines
    /// and run nothing: what a runner in another host (a browser) needs to run the same program.
    pub list: bool,
}

/// One case of the suite: a name, the JS case it runs and its operation count.
#[derive(Clone, Debug)]
pub struct Case {
    /// The name in reports (`postTask_burst/100k`).
    pub name: String,
    /// The function in `cases.js`.
    pub function: &'static str,
    /// Its argument before scaling (a count of operations or of pending tasks).
    pub n: u64,
    /// Repeat the case until this many operations are done (before scaling): sizes compared by
    /// a target then do the same total work. `None`: once.
    pub total: Option<u64>,
    /// Run with `--trace` on (written to /dev/null): what tracing costs when it is on.
    pub traced: bool,
    /// Report wall time as the case's ns/op (its work runs on a worker's thread, which the
    /// window thread's CPU clock does not see).
    pub wall_clock: bool,
    /// Left out of the steady-state run: a floor whose purpose is a fresh runtime's figure and
    /// whose garbage, in a shared runtime, falls on the case after it (`promise_burst`: 10^6
    /// promises made and settled in one loop become garbage with nothing a host can see, no task
    /// and no job, so the sweep of what it made goes to whatever runs next, as the engine's
    /// threshold has it; docs/PERFORMANCE.md, "Steady state").
    pub fresh_only: bool,
}

fn case(name: &str, function: &'static str, n: u64) -> Case {
    Case {
        name: name.to_owned(),
        function,
        n,
        total: None,
        traced: false,
        wall_clock: false,
        fresh_only: false,
    }
}

/// A case whose work runs in a worker: timed on the wall clock.
fn worker_case(name: &str, function: &'static str, n: u64) -> Case {
    Case {
        wall_clock: true,
        ..case(name, function, n)
    }
}

/// A case that repeats `n` operations until `total` are done.
fn rounds(name: &str, function: &'static str, n: u64, total: u64) -> Case {
    Case {
        total: Some(total),
        ..case(name, function, n)
    }
}

/// The suite, in report order.
#[must_use]
pub fn cases() -> Vec<Case> {
    vec![
        case("microtask_chain", "microtask_chain", 200_000),
        case("message_chain", "message_chain", 100_000),
        rounds("postTask_burst/1k", "postTask_burst", 1_000, 1_000_000),
        rounds("postTask_burst/10k", "postTask_burst", 10_000, 1_000_000),
        rounds("postTask_burst/100k", "postTask_burst", 100_000, 1_000_000),
        rounds("postTask_burst/1M", "postTask_burst", 1_000_000, 1_000_000),
        Case {
            fresh_only: true,
            ..rounds("promise_burst/1k", "promise_burst", 1_000, 1_000_000)
        },
        Case {
            fresh_only: true,
            ..rounds("promise_burst/1M", "promise_burst", 1_000_000, 1_000_000)
        },
        case("postTask_chain", "postTask_chain", 200_000),
        Case {
            traced: true,
            ..case("postTask_chain (traced)", "postTask_chain", 20_000)
        },
        case("yield_loop", "yield_loop", 200_000),
        case("mixed_priorities", "mixed_priorities", 100_000),
        case("distinct_signals", "distinct_signals", 100_000),
        case(
            "setPriority_with_pending/1k",
            "setPriority_with_pending",
            1_000,
        ),
        case(
            "setPriority_with_pending/10k",
            "setPriority_with_pending",
            10_000,
        ),
        case(
            "setPriority_with_pending/100k",
            "setPriority_with_pending",
            100_000,
        ),
        case("abort_pending/100k", "abort_pending", 100_000),
        case("TaskSignal_any_create", "TaskSignal_any_create", 200_000),
        case(
            "setPriority_100_controllers/10k",
            "setPriority_100_controllers",
            10_000,
        ),
        case(
            "setPriority_100_controllers_unobserved/10k",
            "setPriority_100_controllers_unobserved",
            10_000,
        ),
        case(
            "TaskSignal_any_priority_create",
            "TaskSignal_any_priority_create",
            200_000,
        ),
        case("abort_pending_awaited/50k", "abort_pending_awaited", 50_000),
        case(
            "reject_pending_awaited/50k",
            "reject_pending_awaited",
            50_000,
        ),
        case("postTask_burst_all/100k", "postTask_burst_all", 100_000),
        case("reaction_burst_all/100k", "reaction_burst_all", 100_000),
        case("userland_burst", "userland_burst", 100_000),
        case("userland_chain", "userland_chain", 100_000),
        // Frames and input: fresh runtimes only (the frame loop makes the clock virtual).
        Case {
            fresh_only: true,
            ..case("frame_loop", "frame_loop", 100_000)
        },
        Case {
            fresh_only: true,
            ..case("input_burst/10k", "input_burst", 10_000)
        },
        // Realms: fresh runtimes only (the removed iframes' realms and the workers' threads
        // would stay in a long-lived one).
        Case {
            fresh_only: true,
            ..case("iframe_create", "iframe_create", 50)
        },
        Case {
            fresh_only: true,
            ..worker_case("worker_create", "worker_create", 50)
        },
        worker_case("worker_round_trip", "worker_round_trip", 20_000),
        Case {
            total: Some(1_000_000),
            ..worker_case("worker_postTask_burst/10k", "worker_postTask_burst", 10_000)
        },
    ]
}

/// The result of one case.
#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    pub name: String,
    /// Operations per repetition.
    pub ops: u64,
    /// Median ns per operation, of the engine thread's CPU time.
    pub ns_per_op: f64,
    pub min_ns_per_op: f64,
    pub max_ns_per_op: f64,
    /// Median ns per operation of wall time.
    pub wall_ns_per_op: f64,
    pub repetitions: usize,
    /// Set when the case failed (then the times are 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// With `--steady-state`: the median CPU ns/op of the same repetitions in the long-lived
    /// runtime, or why that failed.
    #[serde(skip)]
    pub steady: Option<Result<f64, String>>,
}

/// One case of the steady-state run.
#[derive(Clone, Debug, Serialize)]
pub struct SteadyResult {
    pub name: String,
    /// Median CPU ns/op in the shared runtime (0 when it failed).
    pub ns_per_op: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The cost of one realm (`bench-child realm-*`): the engine's part (`Context::create_realm`:
/// the intrinsics and an empty global) and the whole of a window's realm as an iframe makes it
/// (with `web::register`).
#[derive(Clone, Debug, Serialize)]
pub struct RealmCost {
    pub bare_rss: f64,
    pub bare_ns: f64,
    pub web_rss: f64,
    pub web_ns: f64,
    /// How many realms each figure was measured over.
    pub realms: u64,
}

/// Everything one run measured.
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    pub version: &'static str,
    pub scale: f64,
    pub cases: Vec<CaseResult>,
    /// RSS per pending task, in bytes, and the number of pending tasks it was measured at.
    pub rss_per_pending_task: Option<(f64, u64)>,
    /// The engine's share of `rss_per_pending_task`: bytes per pending promise with its
    /// resolving functions held by the host.
    pub rss_floor_per_pending: Option<f64>,
    /// Peak RSS, in bytes, of a process that awaited N tasks with `Promise.all`, and N.
    pub peak_rss_burst_all: Option<(f64, u64)>,
    /// The same for N promise reactions without the scheduler (the engine's floor).
    pub peak_rss_reaction_all: Option<(f64, u64)>,
    /// Median wall time of `taskhost run` on an empty script, in ms.
    pub startup_ms: Option<f64>,
    /// Median peak RSS of that run, in bytes.
    pub startup_peak_rss: Option<f64>,
    /// RSS growth per running (idle) worker, in bytes, and the number of workers.
    pub rss_per_worker: Option<(f64, u64)>,
    /// What a realm costs, per realm: made by the engine alone, and set up as a window.
    pub realm_cost: Option<RealmCost>,
    /// The cases run one after another in one runtime (`--steady-state`): name and ns/op.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub steady: Vec<SteadyResult>,
    pub targets: Vec<targets::TargetResult>,
}

impl BenchReport {
    /// A report of a run at `scale` that has measured nothing yet.
    #[must_use]
    pub fn empty(scale: f64) -> Self {
        BenchReport {
            version: env!("CARGO_PKG_VERSION"),
            scale,
            cases: Vec::new(),
            rss_per_pending_task: None,
            rss_floor_per_pending: None,
            peak_rss_burst_all: None,
            peak_rss_reaction_all: None,
            startup_ms: None,
            startup_peak_rss: None,
            rss_per_worker: None,
            realm_cost: None,
            steady: Vec::new(),
            targets: Vec::new(),
        }
    }

    /// The median ns/op of a case, if it ran and succeeded.
    #[must_use]
    pub fn ns_per_op(&self, name: &str) -> Option<f64> {
        self.cases
            .iter()
            .find(|c| c.name == name && c.error.is_none())
            .map(|c| c.ns_per_op)
    }
}

/// Run the suite; the process exit status (1 if a case failed).
#[must_use]
pub fn run_bench(options: &BenchOptions) -> i32 {
    let wants = |name: &str| {
        options
            .filter
            .as_ref()
            .is_none_or(|f| name.contains(f.as_str()))
    };
    let selected: Vec<Case> = cases().into_iter().filter(|c| wants(&c.name)).collect();
    let scaled = |x: u64| ((x as f64 * options.scale).round() as u64).max(1);
    let sizes = |case: &Case| {
        let n = scaled(case.n);
        (n, case.total.map_or(1, |total| (scaled(total) / n).max(1)))
    };
    if options.list {
        for case in &selected {
            let (n, rounds) = sizes(case);
            let line = serde_json::json!({
                "name": case.name, "function": case.function, "n": n, "rounds": rounds,
                "worker": case.wall_clock, "traced": case.traced,
            });
            println!("{line}");
        }
        return 0;
    }
    let mut report = BenchReport::empty(options.scale);
    // The long-lived runtime of the steady state (`--steady-state`).
    let steady_runner = if options.steady_state {
        match measure::SteadyRunner::start() {
            Ok(runner) => Some(runner),
            Err(e) => {
                eprintln!("steady state: {e}");
                None
            }
        }
    } else {
        None
    };
    // The repetitions go round the cases (the first of every case, then the second, …), so the
    // two cases of a target are measured side by side: a change in the machine's load over the
    // run moves both, not their ratio.
    let mut runs: Vec<measure::CaseRuns> = selected
        .iter()
        .map(|case| {
            // A long-running program runs the cases on its own thread's loop, not traced.
            let steady =
                steady_runner.is_some() && !case.traced && !case.wall_clock && !case.fresh_only;
            measure::CaseRuns::new(case, sizes(case), steady)
        })
        .collect();
    let repetitions = options.repetitions.max(1);
    for repetition in 1..=repetitions {
        if !options.json {
            eprint!("repetition {repetition} of {repetitions}:");
        }
        for run in &mut runs {
            run.repeat(steady_runner.as_ref());
            if !options.json {
                eprint!(".");
            }
        }
        if !options.json {
            eprintln!();
        }
    }
    for run in runs {
        let result = run.finish();
        if let Some(outcome) = &result.steady {
            let (ns_per_op, error) = match outcome {
                Ok(ns) => (*ns, None),
                Err(e) => (0.0, Some(e.clone())),
            };
            report.steady.push(SteadyResult {
                name: result.name.clone(),
                ns_per_op,
                error,
            });
        }
        if !options.json {
            match &result.error {
                None => eprintln!(
                    "{:<32}{:>10.0} ns/op  ({:.0}–{:.0}; wall {:.0}; {} × {} ops)",
                    result.name,
                    result.ns_per_op,
                    result.min_ns_per_op,
                    result.max_ns_per_op,
                    result.wall_ns_per_op,
                    result.repetitions,
                    result.ops
                ),
                Some(e) => eprintln!("{:<32}FAILED: {e}", result.name),
            }
        }
        report.cases.push(result);
    }
    drop(steady_runner);
    let million = scaled(1_000_000);
    if wants("rss_per_pending_task") {
        match measure::child_measurement("rss", million) {
            Ok(bytes) => report.rss_per_pending_task = Some((bytes, million)),
            Err(e) => eprintln!("rss_per_pending_task: {e}"),
        }
        match measure::child_measurement("rss-floor", million) {
            Ok(bytes) => report.rss_floor_per_pending = Some(bytes),
            Err(e) => eprintln!("rss_floor_per_pending: {e}"),
        }
    }
    if wants("peak_rss") {
        match measure::child_measurement("peak-burst-all", million) {
            Ok(bytes) => report.peak_rss_burst_all = Some((bytes, million)),
            Err(e) => eprintln!("peak_rss_burst_all: {e}"),
        }
        match measure::child_measurement("peak-reaction-all", million) {
            Ok(bytes) => report.peak_rss_reaction_all = Some((bytes, million)),
            Err(e) => eprintln!("peak_rss_reaction_all: {e}"),
        }
    }
    if wants("worker_rss") {
        let workers = scaled(100);
        match measure::child_measurement("worker-rss", workers) {
            Ok(bytes) => report.rss_per_worker = Some((bytes, workers)),
            Err(e) => eprintln!("worker_rss: {e}"),
        }
    }
    if wants("realm_cost") {
        let realms = scaled(100);
        let measured: Result<Vec<f64>, String> = [
            "realm-bare-rss",
            "realm-bare-ns",
            "realm-web-rss",
            "realm-web-ns",
        ]
        .iter()
        .map(|what| measure::child_measurement(what, realms))
        .collect();
        match measured.as_deref() {
            Ok(&[bare_rss, bare_ns, web_rss, web_ns]) => {
                report.realm_cost = Some(RealmCost {
                    bare_rss,
                    bare_ns,
                    web_rss,
                    web_ns,
                    realms,
                });
            }
            Ok(_) => {}
            Err(e) => eprintln!("realm_cost: {e}"),
        }
    }
    if wants("startup") {
        match measure::startup(11) {
            Ok((ms, peak)) => {
                report.startup_ms = Some(ms);
                report.startup_peak_rss = Some(peak);
            }
            Err(e) => eprintln!("startup: {e}"),
        }
    }
    report.targets = targets::evaluate(&report);
    if options.json {
        match serde_json::to_string_pretty(&report) {
            Ok(json) => println!("{json}"),
            Err(e) => eprintln!("taskhost bench: {e}"),
        }
    } else {
        print!("{}", targets::render(&report));
    }
    i32::from(report.cases.iter().any(|c| c.error.is_some()))
}

/// A duration in ns as f64.
fn nanos(d: Duration) -> f64 {
    d.as_secs_f64() * 1e9
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_engine_burst_floor_and_the_frame_cases_stay_out_of_the_steady_state() {
        let fresh_only: Vec<String> = cases()
            .into_iter()
            .filter(|c| c.fresh_only)
            .map(|c| c.name)
            .collect();
        assert_eq!(
            fresh_only,
            [
                "promise_burst/1k",
                "promise_burst/1M",
                "frame_loop",
                "input_burst/10k",
                "iframe_create",
                "worker_create"
            ]
        );
    }
}
