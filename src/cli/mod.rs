//! The `taskhost` command line: `run`, `eval`, `repl` (also `taskhost` alone), `wpt`, `bench`.
//!
//! Exit status: 0 success; 1 an uncaught exception or unhandled rejection was reported; 2 usage
//! errors, files that cannot be read (missing, unreadable, not UTF-8) and output files (a trace,
//! a wptreport) that cannot be written, which takes precedence; 124 `--max-time` reached.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::engine::terminal;
use crate::engine::thread::run_on_engine_thread;
use crate::runtime::resolution::ImportMap;
use crate::runtime::{LoopEnd, Runtime, RuntimeOptions};

mod explore;
pub mod repl;

/// Exit status when `--max-time` stops the loop (as `timeout(1)`).
pub use crate::runtime::EXIT_TIMED_OUT;
/// Exit status for usage errors and unreadable input.
pub use crate::runtime::EXIT_USAGE;

#[derive(Parser, Debug)]
#[command(
    name = "taskhost",
    version,
    about = "Run JavaScript with the Prioritized Task Scheduling API (scheduler.postTask, \
             scheduler.yield, TaskController) on an HTML-style event loop",
    propagate_version = true
)]
pub struct Cli {
    /// What to do; without a command, start the REPL.
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run a script file (a classic script; `.mjs` or --module: an ES module).
    Run {
        /// The script to run.
        file: PathBuf,
        /// Run the file as an ES module (implied by the `.mjs` extension).
        #[arg(long)]
        module: bool,
        /// Resolve module specifiers through this import map (a JSON file with "imports" and
        /// "scopes", as HTML's `<script type="importmap">`; its addresses are relative to it).
        #[arg(long, value_name = "FILE")]
        import_map: Option<PathBuf>,
        #[command(flatten)]
        loop_options: LoopOptions,
        /// Arguments for the script, after `--` (available as `taskhost.args`).
        #[arg(last = true)]
        args: Vec<String>,
    },
    /// Evaluate a classic script given on the command line.
    Eval {
        /// The code to evaluate.
        code: String,
        #[command(flatten)]
        loop_options: LoopOptions,
    },
    /// Start an interactive prompt (the default without a command): each input runs as a task
    /// of an event loop that keeps running between inputs; top-level `await` works. `.help`
    /// lists the commands.
    Repl,
    /// Run Web Platform Tests (testharness.js tests: *.any.js, *.window.js), one fresh runtime
    /// per file, and report their results.
    Wpt {
        /// Test files or directories (default: the whole --wpt-root).
        #[arg(value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The WPT root: `/`-rooted META scripts and fetches resolve against it, and its
        /// `resources/testharness.js`, if any, replaces the built-in harness. Default: the
        /// nearest directory above PATH with `resources/testharness.js` or a `.wptroot` file.
        #[arg(long, value_name = "DIR")]
        wpt_root: Option<PathBuf>,
        /// Write the results in the wptreport JSON format of `wpt run --log-wptreport`.
        #[arg(long, value_name = "FILE")]
        log_wptreport: Option<PathBuf>,
        /// Known failures, with reasons (see docs/WPT.md); results that match them are
        /// expected.
        #[arg(long, value_name = "FILE", conflicts_with = "metadata")]
        expectations: Option<PathBuf>,
        /// Expectations in a wptrunner metadata directory (DIR/a/b.any.js.ini for the test
        /// file a/b.any.js).
        #[arg(long, value_name = "DIR")]
        metadata: Option<PathBuf>,
        /// Run only these tests: a test URL (/scheduler/x.any.html), a URL directory prefix
        /// (/scheduler/) or a path (repeatable).
        #[arg(long, value_name = "PATH_OR_URL")]
        include: Vec<String>,
        /// Leave out these tests (as --include; the deeper rule wins).
        #[arg(long, value_name = "PATH_OR_URL")]
        exclude: Vec<String>,
        /// Include the tests listed in FILE, one path or URL a line (# comments).
        #[arg(long, value_name = "FILE")]
        include_file: Vec<PathBuf>,
        /// Exclude the tests listed in FILE, one path or URL a line (# comments).
        #[arg(long, value_name = "FILE")]
        exclude_file: Vec<PathBuf>,
        /// Run chunk N of --total-chunks (1-based).
        #[arg(long, value_name = "N", default_value = "1")]
        this_chunk: u32,
        /// Split the tests into M chunks, as wptrunner does.
        #[arg(long, value_name = "M", default_value = "1")]
        total_chunks: u32,
        /// How to split: dir_hash (by directory, the default), hash (by test file), id_hash
        /// (by test URL), none.
        #[arg(long, value_name = "TYPE", value_parser = parse_chunk_type)]
        chunk_type: Option<crate::wpt::select::ChunkType>,
        /// Run the whole selection N times (flaky results are reported).
        #[arg(long, value_name = "N", default_value = "1", value_parser = clap::value_parser!(u16).range(1..))]
        repeat: u16,
        /// Run each test N times in a row (flaky results are reported).
        #[arg(long, value_name = "N", default_value = "1", value_parser = clap::value_parser!(u16).range(1..))]
        rerun: u16,
        /// Number of test files run at once (default: one per core).
        #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
        jobs: Option<u16>,
        /// Multiply every file's time limit (10 s, or 60 s for `timeout=long`) by X (at most 1000).
        #[arg(long, value_name = "X", default_value = "1", value_parser = parse_timeout_multiplier)]
        timeout_multiplier: f64,
        /// Run every test under the seeded random policy with seed S (see `run --explore`).
        #[arg(long, value_name = "S")]
        policy_seed: Option<u64>,
    },
    /// Run the benchmark suite: ns per operation of scheduling cases, memory per pending task,
    /// start-up time, and the performance targets as ratios measured in this run.
    Bench {
        /// Print the results as JSON.
        #[arg(long)]
        json: bool,
        /// Only the cases whose name contains NAME.
        #[arg(long, value_name = "NAME")]
        filter: Option<String>,
        /// Multiply every operation count by X (e.g. 0.01 for a quick run; at most 10).
        #[arg(long, value_name = "X", default_value = "1", value_parser = parse_scale)]
        scale: f64,
        /// Repetitions of each case (the median is reported).
        #[arg(long, value_name = "N", default_value = "5", value_parser = clap::value_parser!(u16).range(1..))]
        repetitions: u16,
        /// Also run the cases one after another in one runtime, as a long-running program would,
        /// and compare each with its fresh-process figure.
        #[arg(long)]
        steady_state: bool,
        /// Print the selected cases as JSON lines (name, function, n, rounds) and run nothing.
        #[arg(long)]
        list: bool,
    },
    /// A measurement for `taskhost bench` in its own process (internal).
    #[command(hide = true)]
    BenchChild { what: String, n: u64 },
    /// Run one test file for `taskhost wpt` (internal).
    #[command(hide = true)]
    WptChild {
        /// The test file.
        file: PathBuf,
        #[arg(long)]
        root: PathBuf,
        #[arg(long)]
        name: String,
        /// The global the test runs in (window, dedicatedworker, sharedworker).
        #[arg(long, value_parser = parse_global, default_value = "window")]
        global: crate::wpt::manifest::Global,
        #[arg(long, value_parser = parse_seconds)]
        timeout: Duration,
        #[arg(long)]
        harness: Option<PathBuf>,
        #[arg(long)]
        policy_seed: Option<u64>,
    },
}

/// A `--global` of `wpt-child`.
fn parse_global(text: &str) -> Result<crate::wpt::manifest::Global, String> {
    crate::wpt::manifest::Global::parse(text).ok_or_else(|| {
        format!("`{text}` is not a global taskhost runs (window, dedicatedworker, sharedworker)")
    })
}

/// A `--chunk-type`.
fn parse_chunk_type(text: &str) -> Result<crate::wpt::select::ChunkType, String> {
    crate::wpt::select::ChunkType::parse(text)
        .ok_or_else(|| format!("`{text}` is not a chunk type (dir_hash, hash, id_hash, none)"))
}

/// A positive factor no larger than `max`.
fn parse_factor(text: &str, max: f64) -> Result<f64, String> {
    let x: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if !x.is_finite() || x <= 0.0 {
        return Err(format!("`{text}` must be a positive number"));
    }
    if x > max {
        return Err(format!("`{text}` is too large (at most {max})"));
    }
    Ok(x)
}

/// `--timeout-multiplier`: up to 1000 (a `timeout=long` file may then run for 16 hours).
fn parse_timeout_multiplier(text: &str) -> Result<f64, String> {
    parse_factor(text, 1000.0)
}

/// `--scale`: up to 10 (the memory case then holds 10⁷ pending tasks, about 10 GB).
fn parse_scale(text: &str) -> Result<f64, String> {
    parse_factor(text, 10.0)
}

#[derive(Args, Debug, Clone, Default)]
pub struct LoopOptions {
    /// Use a virtual clock: when nothing is runnable, jump to the next due timer (deterministic,
    /// no waiting).
    #[arg(long)]
    pub virtual_time: bool,
    /// Stop the event loop after this many seconds (of the loop's clock or of the wall clock,
    /// whichever comes first), report what was pending and exit with status 124.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_hyphen_values = true)]
    pub max_time: Option<Duration>,
    /// Opt-in anti-starvation limit: a task of the normal or low band that has waited longer
    /// than MS milliseconds runs before higher bands (off by default: strict priorities).
    #[arg(long, value_name = "MS", value_parser = parse_millis, allow_hyphen_values = true)]
    pub starvation_limit: Option<Duration>,
    /// Write a trace of the event loop to FILE: Chrome trace-event JSON, for Perfetto
    /// (ui.perfetto.dev) or chrome://tracing (see docs/TRACING.md).
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Print a line per task to stderr: time, band, source, priority, queueing delay, callback.
    #[arg(long)]
    pub log_tasks: bool,
    /// At the end, print a summary of the long tasks (50 ms or more) to stderr: how many, the
    /// longest, and where they came from (see docs/PERFORMANCE-TIMELINE.md).
    #[arg(long)]
    pub long_tasks: bool,
    /// Imitate a browser's known deviations from the specs, and its choices of orders the specs
    /// leave to the user agent (listed in docs/EVENT_LOOP.md): all of Chromium's, or the ones
    /// named (comma-separated), to check whether a difference from that browser is one of them.
    /// Not for real programs.
    #[arg(long, value_name = "DEVIATIONS", value_delimiter = ',')]
    pub imitate: Vec<Imitate>,
    /// Make the event loop's choices the specs leave open (which task source runs next, timer
    /// padding, idle periods) with the seeded random policy, seed S; implies --virtual-time.
    /// Replays a seed that --explore reported.
    #[arg(long, value_name = "S")]
    pub policy_seed: Option<u64>,
    /// Run the program under the documented policy and then under the random policy with seeds
    /// 1 to N, on the virtual clock, and print each distinct outcome (stdout, stderr, exit
    /// status) with its seeds. Exit status: the runs' own when they all agree, 3 when they
    /// differ (see docs/EVENT_LOOP.md).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..),
          conflicts_with_all = ["policy_seed", "trace", "log_tasks"])]
    pub explore: Option<u32>,
}

/// What `--imitate` reproduces.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum Imitate {
    /// All of Chromium 156's deviations and choices below.
    Chromium,
    /// A timer set by a microtask of a timer callback inherits the timer's nesting level.
    TimerNestingThroughMicrotasks,
    /// A callback's exception is reported before its microtask checkpoint.
    ReportBeforeCheckpoint,
    /// A port's next message is queued only when its previous message has been delivered.
    OneMessagePerTask,
}

impl Imitate {
    /// The deviations `list` asks for.
    fn deviations(list: &[Self]) -> crate::agent::deviations::Deviations {
        let mut d = crate::agent::deviations::Deviations::NONE;
        for item in list {
            match item {
                Self::Chromium => d = crate::agent::deviations::Deviations::CHROMIUM,
                Self::TimerNestingThroughMicrotasks => d.timer_nesting_through_microtasks = true,
                Self::ReportBeforeCheckpoint => d.report_before_checkpoint = true,
                Self::OneMessagePerTask => d.one_message_per_task = true,
            }
        }
        d
    }
}

fn parse_millis(text: &str) -> Result<Duration, String> {
    let ms: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of milliseconds"))?;
    if !ms.is_finite() || ms < 0.0 {
        return Err(format!(
            "`{text}` must be a non-negative number of milliseconds"
        ));
    }
    Duration::try_from_secs_f64(ms / 1000.0).map_err(|_| format!("`{text}` is too large"))
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !seconds.is_finite() || seconds <= 0.0 {
        return Err(format!("`{text}` must be a positive number of seconds"));
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("`{text}` is too large"))
}

/// Run a parsed command line and return the process exit status.
#[must_use]
pub fn execute(cli: Cli) -> i32 {
    let Some(command) = cli.command else {
        return repl::run();
    };
    let (loop_options, job) = match command {
        Command::Repl => return repl::run(),
        Command::Run {
            file,
            module,
            import_map,
            loop_options,
            args,
        } => {
            let source = match read_source(&file) {
                Ok(source) => source,
                Err(message) => {
                    eprintln!("taskhost: {message}");
                    return EXIT_USAGE;
                }
            };
            let import_map = match import_map.as_deref().map(ImportMap::from_file) {
                None => None,
                Some(Ok((map, warnings))) => {
                    for warning in warnings {
                        eprintln!("taskhost: warning: {warning}");
                    }
                    Some(map)
                }
                Some(Err(message)) => {
                    eprintln!("taskhost: {message}");
                    return EXIT_USAGE;
                }
            };
            let as_module = module || file.extension().is_some_and(|e| e == "mjs");
            let path = std::fs::canonicalize(&file).unwrap_or(file);
            (
                loop_options,
                Job::File {
                    path,
                    source,
                    as_module,
                    args,
                    import_map,
                },
            )
        }
        Command::Eval { code, loop_options } => (loop_options, Job::Eval { code }),
        Command::Wpt {
            paths,
            wpt_root,
            log_wptreport,
            expectations,
            metadata,
            include,
            exclude,
            include_file,
            exclude_file,
            this_chunk,
            total_chunks,
            chunk_type,
            repeat,
            rerun,
            jobs,
            timeout_multiplier,
            policy_seed,
        } => {
            return crate::wpt::run_wpt(&crate::wpt::WptOptions {
                paths,
                wpt_root,
                log_wptreport,
                expectations,
                metadata,
                include,
                exclude,
                include_file,
                exclude_file,
                chunking: crate::wpt::select::Chunking {
                    this: this_chunk,
                    total: total_chunks,
                    kind: chunk_type,
                },
                repeat: usize::from(repeat),
                rerun: usize::from(rerun),
                jobs: jobs.map(usize::from),
                timeout_multiplier,
                policy_seed,
            });
        }
        Command::Bench {
            json,
            filter,
            scale,
            repetitions,
            steady_state,
            list,
        } => {
            let options = crate::bench::BenchOptions {
                json,
                filter,
                scale,
                repetitions: usize::from(repetitions),
                steady_state,
                list,
            };
            return on_engine_thread(move || crate::bench::run_bench(&options));
        }
        Command::BenchChild { what, n } => {
            return on_engine_thread(move || crate::bench::bench_child(&what, n));
        }
        Command::WptChild {
            file,
            root,
            name,
            global,
            timeout,
            harness,
            policy_seed,
        } => {
            start_watchdog(timeout + crate::wpt::child::COMPLETION_GRACE);
            let job = crate::wpt::child::ChildJob {
                root,
                file,
                name,
                global,
                harness,
                timeout,
                policy_seed,
            };
            return on_engine_thread(move || crate::wpt::child::run_child(&job));
        }
    };
    // A trace file that cannot be written is a usage error, found before anything runs.
    if let Some(path) = &loop_options.trace
        && let Err(e) = std::fs::File::create(path)
    {
        eprintln!("taskhost: cannot write the trace {}: {e}", path.display());
        return EXIT_USAGE;
    }
    if let Some(limit) = loop_options.max_time {
        start_watchdog(limit.saturating_mul(loop_options.explore.map_or(1, |n| n + 1)));
    }
    let options = RuntimeOptions {
        // A seed's choices replay only on the virtual clock.
        virtual_time: loop_options.virtual_time
            || loop_options.policy_seed.is_some()
            || loop_options.explore.is_some(),
        policy_seed: loop_options.policy_seed,
        max_time: loop_options.max_time,
        starvation_limit: loop_options.starvation_limit,
        deviations: Imitate::deviations(&loop_options.imitate),
        args: match &job {
            Job::File { args, .. } => args.clone(),
            Job::Eval { .. } => Vec::new(),
        },
        import_map: match &job {
            Job::File { import_map, .. } => import_map.clone(),
            Job::Eval { .. } => None,
        },
        trace: crate::agent::trace::TraceOptions {
            file: loop_options.trace.clone(),
            log_tasks: loop_options.log_tasks,
            long_tasks: loop_options.long_tasks,
        },
        // The window has a document; its iframes and scripts load files from the directory
        // of the file run (or the working directory for `eval`).
        documents: true,
        document_base: document_base(&job),
        ..RuntimeOptions::default()
    };
    if let Some(runs) = loop_options.explore {
        return on_engine_thread(move || explore::explore(&options, &job, runs));
    }
    on_engine_thread(move || run_job(options, job))
}

/// Run `f` on the engine thread; its exit status, or 1 (said in one line) if the thread failed.
fn on_engine_thread(f: impl FnOnce() -> i32 + Send + 'static) -> i32 {
    match run_on_engine_thread(f) {
        Ok(status) => status,
        Err(error) => {
            eprintln!("taskhost: {error}");
            1
        }
    }
}

#[derive(Clone)]
enum Job {
    File {
        path: PathBuf,
        source: String,
        as_module: bool,
        args: Vec<String>,
        import_map: Option<ImportMap>,
    },
    Eval {
        code: String,
    },
}

/// The document root of a run: the directory of the file (the document is the file in it), or
/// the working directory for `eval`.
fn document_base(job: &Job) -> Option<crate::web::html::document_loader::DocumentBase> {
    let (dir, name) = match job {
        Job::File { path, .. } => {
            let dir = path.parent().filter(|p| !p.as_os_str().is_empty());
            (
                dir.map_or_else(|| PathBuf::from("."), Path::to_path_buf),
                path.file_name()?.to_string_lossy().into_owned(),
            )
        }
        Job::Eval { .. } => (PathBuf::from("."), String::new()),
    };
    Some(crate::web::html::document_loader::DocumentBase {
        root: dir.canonicalize().unwrap_or(dir),
        path: format!("/{name}"),
        overrides: Vec::new(),
    })
}

fn run_job(options: RuntimeOptions, job: Job) -> i32 {
    let max_time = options.max_time;
    let mut runtime = match Runtime::new(options) {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("taskhost: {error}");
            return 1;
        }
    };
    let module_promise = match &job {
        Job::File {
            path,
            source,
            as_module: true,
            ..
        } => runtime.start_module(path, source),
        Job::File { path, source, .. }
            if path.extension().is_some_and(|e| {
                e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm")
            }) =>
        {
            runtime.run_html_document(source, &path.display().to_string());
            None
        }
        Job::File { path, source, .. } => {
            runtime.run_script(source, &path.display().to_string());
            None
        }
        Job::Eval { code } => {
            runtime.run_script(code, "<eval>");
            None
        }
    };
    let end = runtime.run_event_loop();
    let live_workers = runtime.live_workers();
    runtime.finish_workers();
    // A trace that could not be written in full is an error of the run: status 2, whatever
    // the program did (its own output and errors are still printed).
    let trace_failed = match runtime.finish_trace() {
        Ok(()) => false,
        Err(message) => {
            eprintln!("taskhost: {message}");
            true
        }
    };
    if let Some(summary) = runtime.long_task_summary() {
        flush_stdout();
        let _ = terminal::write_stderr(summary.trim_end_matches('\n'));
    }
    let status = match end {
        LoopEnd::Finished => {
            if let Some(promise) = &module_promise {
                runtime.check_module_settled(promise);
            }
            flush_stdout();
            // A paused clock with timers left: the run ended because nothing moved the clock.
            let host = runtime.host();
            let timers = host.core().pending().timers;
            if host.clock_control().borrow().paused() && timers > 0 {
                let _ = terminal::write_stderr(&format!(
                    "taskhost: the run ended with taskhost.clock paused and {timers} timer(s) pending (nothing moved the clock to them)"
                ));
            }
            runtime.exit_code()
        }
        LoopEnd::TimedOut(pending) => {
            flush_stdout();
            let seconds = max_time.map_or(0.0, |d| d.as_secs_f64());
            let workers = match live_workers {
                0 => String::new(),
                1 => ", and 1 worker still running".to_owned(),
                n => format!(", and {n} workers still running"),
            };
            let _ = terminal::write_stderr(&format!(
                "taskhost: stopped by --max-time {seconds}s with {} task(s), {} timer(s) and {} idle callback(s) pending{workers}",
                pending.host_tasks + pending.scheduler_tasks,
                pending.timers,
                pending.idle
            ));
            EXIT_TIMED_OUT
        }
    };
    if trace_failed { EXIT_USAGE } else { status }
}

/// Read a script file as UTF-8, with a one-line message on failure.
fn read_source(path: &Path) -> Result<String, String> {
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => format!("cannot read {shown}: no such file"),
        std::io::ErrorKind::PermissionDenied => format!("cannot read {shown}: permission denied"),
        _ if path.is_dir() => format!("cannot read {shown}: it is a directory"),
        _ => format!("cannot read {shown}: {e}"),
    })?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "cannot read {shown}: not UTF-8 (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

fn flush_stdout() {
    let _ = std::io::stdout().flush();
}

/// A task that never returns cannot be stopped between tasks: after the limit and a grace
/// period, stop the process from outside the engine thread.
fn start_watchdog(limit: Duration) {
    let grace = Duration::from_millis(500);
    let _ = std::thread::Builder::new()
        .name("taskhost-watchdog".into())
        .spawn(move || {
            std::thread::sleep(limit.saturating_add(grace));
            flush_stdout();
            eprintln!(
                "taskhost: stopped by --max-time {}s while a task was still running (a script that never yields)",
                limit.as_secs_f64()
            );
            std::process::exit(EXIT_TIMED_OUT);
        });
}
