//! The command line's arguments: the subcommands and their options (clap), and the parsers of
//! option values. What the commands do is `cli::execute`.
//!
//! Invariant: a value a parser accepts is one the command can use (finite, in range, not too
//! large for a `Duration`); anything else is a usage error naming the option's text.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

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
        /// and compare each with its fresh-process figure (all but the engine's burst floor,
        /// promise_burst, whose garbage would fall on the case after it).
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
        /// `taskhost wpt --timeout-multiplier`, which the harness's `setup()` is given.
        #[arg(long, default_value = "1", value_parser = parse_timeout_multiplier)]
        timeout_multiplier: f64,
        #[arg(long)]
        harness: Option<PathBuf>,
        #[arg(long)]
        policy_seed: Option<u64>,
    },
}

/// A `--policy-changes` list: (decision, other option) pairs, sorted by decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChangeList(pub Vec<(u32, u32)>);

/// Read a `--policy-changes` list.
fn parse_policy_changes(text: &str) -> Result<ChangeList, String> {
    crate::event_loop::choices::PolicyChanges::parse(text).map(ChangeList)
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

/// A `--frame-rate`: a refresh rate in Hz, or no display.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct FrameRate(pub Option<f64>);

/// `--frame-rate HZ|none`.
fn parse_frame_rate(text: &str) -> Result<FrameRate, String> {
    if text == "none" {
        return Ok(FrameRate(None));
    }
    let (low, high) = crate::web::html::rendering::FRAME_RATE_RANGE;
    let hz: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a refresh rate (a number of Hz, or `none`)"))?;
    if !hz.is_finite() {
        return Err(format!(
            "`{text}` is not a refresh rate (a number of Hz, or `none`)"
        ));
    }
    if hz == 0.0 {
        return Err("a refresh rate of 0 Hz would never render; use `none` for no display".into());
    }
    if !(low..=high).contains(&hz) {
        return Err(format!("`{text}` Hz is out of range ({low} to {high} Hz)"));
    }
    Ok(FrameRate(Some(hz)))
}

/// `--max-workers`: a whole number of workers from 1 to 100000.
fn parse_max_workers(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=100_000).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{text}` is not a number of workers: a whole number from 1 to 100000"
        )),
    }
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
    /// At most N workers (dedicated and shared) run at once; further ones wait until one ends
    /// (default 512, as Firefox's per-origin limit; see docs/WORKERS.md).
    #[arg(long, value_name = "N", value_parser = parse_max_workers)]
    pub max_workers: Option<usize>,
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
    /// The virtual display's refresh rate in Hz (1 to 1000; default 60), or `none` for no
    /// display (no rendering opportunities, so animation frame callbacks never run).
    #[arg(long, value_name = "HZ|none", value_parser = parse_frame_rate, allow_hyphen_values = true)]
    pub frame_rate: Option<FrameRate>,
    /// Start with the page hidden (document.visibilityState is "hidden"; no frames until
    /// taskhost.page.show() or a `show` input).
    #[arg(long)]
    pub hidden: bool,
    /// Replay the timed interactions of FILE (a JSON array of clicks, key presses, pointer
    /// moves, hide and show, at times on the loop's clock; see docs/RENDERING.md).
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// At the end, print the page's responsiveness to stderr: INP as web-vitals computes it,
    /// and each interaction's input delay, processing time and presentation delay, with the
    /// task that delayed it and where that task was posted.
    #[arg(long)]
    pub inp: bool,
    /// Imitate a browser's known deviations from the specs, and its choices of orders the specs
    /// leave to the user agent (listed in docs/EVENT_LOOP.md): all of Chromium's, Firefox's or
    /// WebKit's, or the ones named (comma-separated), to check whether a difference from that
    /// browser is one of them.
    /// Not for real programs.
    #[arg(long, value_name = "DEVIATIONS", value_delimiter = ',')]
    pub imitate: Vec<Imitate>,
    /// Make the event loop's choices the specs leave open (which task source runs next, timer
    /// padding, idle periods) with the seeded random policy, seed S; implies --virtual-time.
    /// Replays a seed that --explore reported.
    #[arg(long, value_name = "S", conflicts_with = "policy_changes")]
    pub policy_seed: Option<u64>,
    /// Make the event loop's choices as the documented policy would, but for the decisions
    /// listed: DECISION:OPTION pairs, comma-separated (or `none`); implies --virtual-time.
    /// Replays a run of --explore's search.
    #[arg(long, value_name = "LIST", value_parser = parse_policy_changes)]
    pub policy_changes: Option<ChangeList>,
    /// Run the program under the documented policy and then N more times on the virtual clock,
    /// alternating a systematic search (the documented policy's decisions, changed one more at
    /// a time after each run that gave a new outcome) and the random policy (seeds 1, 2, …),
    /// and print each distinct outcome (stdout, stderr, exit status) with the runs that gave
    /// it. Exit status: the runs' own when they all agree, 3 when they differ (see
    /// docs/EVENT_LOOP.md).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..),
          conflicts_with_all = ["policy_seed", "policy_changes", "trace", "log_tasks"])]
    pub explore: Option<u32>,
}

/// What `--imitate` reproduces.
#[derive(ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum Imitate {
    /// All of Chromium 156's deviations and choices below.
    Chromium,
    /// All of Firefox 153 ESR's.
    Firefox,
    /// All of WebKitGTK 2.50's (Safari's engine).
    Webkit,
    /// A timer set by a microtask of a timer callback inherits the timer's nesting level.
    TimerNestingThroughMicrotasks,
    /// A callback's exception is reported before its microtask checkpoint.
    ReportBeforeCheckpoint,
    /// A port's next message is queued only when its previous message has been delivered.
    OneMessagePerTask,
    /// Timers are clamped to 4 ms from nesting level 4 on (the 5th timer of a chain), not 6.
    EarlyTimerClamp,
    /// Every setTimeout/setInterval timer waits at least 1 ms.
    TimerMinimumOneMs,
    /// The page's timers run from one executor task, Firefox's way: every timer due when it
    /// runs, until a user-visible or user-blocking postTask task is queued.
    TimerExecutor,
}

impl Imitate {
    /// The deviations `list` asks for.
    pub(super) fn deviations(list: &[Self]) -> crate::agent::deviations::Deviations {
        let mut d = crate::agent::deviations::Deviations::NONE;
        for item in list {
            match item {
                Self::Chromium => d = crate::agent::deviations::Deviations::CHROMIUM,
                Self::Firefox => d = crate::agent::deviations::Deviations::FIREFOX,
                Self::Webkit => d = crate::agent::deviations::Deviations::WEBKIT,
                Self::TimerNestingThroughMicrotasks => d.timer_nesting_through_microtasks = true,
                Self::ReportBeforeCheckpoint => d.report_before_checkpoint = true,
                Self::OneMessagePerTask => d.one_message_per_task = true,
                Self::EarlyTimerClamp => {
                    d.timer_clamp_level = crate::agent::deviations::TIMER_CLAMP_LEVEL_FIREFOX;
                }
                Self::TimerMinimumOneMs => d.timer_minimum_one_ms = true,
                Self::TimerExecutor => d.timer_executor = true,
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
