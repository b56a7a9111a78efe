//! `taskhost wpt`: runs testharness.js tests the way wptrunner does, one fresh runtime (a child
//! process) per test file, files in parallel, and reports what WPT reports.
//!
//! - `manifest` finds the tests under the paths and reads their `// META:` comments;
//! - `child` runs one file in this process (the hidden `wpt-child` subcommand);
//! - `harness/` holds taskhost's own testharness.js and the report script;
//! - `results`, `expectations`, `report` turn what the children say into the summary table, the
//!   list of unexpected results and the wptreport JSON.
//!
//! Invariant: every discovered test variant gets exactly one result, in discovery order —
//! skipped, run, timed out or crashed — whatever happens to its child process.

pub mod child;
pub mod condition;
pub mod expectations;
pub mod ini;
pub mod manifest;
pub mod md5;
pub mod report;
pub mod results;
pub mod select;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use indicatif::{ProgressBar, ProgressStyle};

use expectations::Expectations;
use manifest::{Global, Plan, TestVariant};
use report::Outcome;
use results::{FileResult, FileStatus};

/// Extra time a child gets beyond its file's limit before it is killed (its own watchdog ends a
/// stuck task half a second after the limit; this covers start-up and the completion grace).
const KILL_SLACK: Duration = Duration::from_secs(5);

/// What `taskhost wpt` was asked to do.
#[derive(Debug, Clone)]
pub struct WptOptions {
    pub paths: Vec<PathBuf>,
    pub wpt_root: Option<PathBuf>,
    pub log_wptreport: Option<PathBuf>,
    pub expectations: Option<PathBuf>,
    pub jobs: Option<usize>,
    pub timeout_multiplier: f64,
}

/// Report a usage error (one line on stderr); returns the exit status for it.
fn usage_error(message: &str) -> i32 {
    eprintln!("taskhost wpt: {message}");
    crate::runtime::EXIT_USAGE
}

/// Run the suite; the process exit status (0: all as expected, 1: unexpected results, 2: usage).
#[must_use]
pub fn run_wpt(options: &WptOptions) -> i32 {
    let started = Instant::now();
    let time_start = unix_ms();
    let paths: Vec<PathBuf> = match options
        .paths
        .iter()
        .map(|p| std::fs::canonicalize(p).map_err(|e| format!("cannot read {}: {e}", p.display())))
        .collect()
    {
        Ok(paths) => paths,
        Err(message) => return usage_error(&message),
    };
    let root = match &options.wpt_root {
        Some(root) => match std::fs::canonicalize(root) {
            Ok(root) if root.is_dir() => root,
            Ok(root) => {
                return usage_error(&format!("--wpt-root {} is not a directory", root.display()));
            }
            Err(e) => return usage_error(&format!("--wpt-root {}: {e}", root.display())),
        },
        None => manifest::find_root(&paths[0]),
    };
    let mut variants = Vec::new();
    for path in &paths {
        if !path.starts_with(&root) {
            return usage_error(&format!(
                "{} is outside the WPT root {} (set --wpt-root)",
                path.display(),
                root.display()
            ));
        }
        if let Err(e) = manifest::discover(&root, path, &mut variants) {
            return usage_error(&e.to_string());
        }
    }
    variants.sort_by(|a, b| a.name.cmp(&b.name));
    variants.dedup_by(|a, b| a.name == b.name);
    if variants.is_empty() {
        return usage_error("no tests found (*.any.js, *.window.js, *.worker.js, *.html)");
    }
    let expectations = match &options.expectations {
        None => Expectations::default(),
        Some(path) => match std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))
            .and_then(|text| expectations::parse(&text, &path.display().to_string()))
        {
            Ok(e) => e,
            Err(message) => return usage_error(&message),
        },
    };
    // Open the report before the run: an unwritable path is a usage error, found at once.
    let mut report_file = match &options.log_wptreport {
        None => None,
        Some(path) => match std::fs::File::create(path) {
            Ok(file) => Some((path, file)),
            Err(e) => return usage_error(&format!("cannot write {}: {e}", path.display())),
        },
    };
    let upstream = root.join("resources/testharness.js");
    let harness = upstream.is_file().then_some(upstream);
    let harness_label = harness
        .as_ref()
        .map_or_else(|| "built-in".to_owned(), |p| p.display().to_string());

    let jobs = options
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    let outcomes = run_all(
        &variants,
        &root,
        harness.as_deref(),
        options.timeout_multiplier,
        jobs,
    );

    let unexpected = report::unexpected(&outcomes, &expectations);
    let seconds = started.elapsed().as_secs_f64();
    println!("Harness: {harness_label}");
    print!("{}", report::summary(&outcomes, &unexpected, seconds));
    for stale in report::unmatched_expectations(&outcomes, &expectations) {
        println!("note: the expectations name {stale}, which this run did not produce");
    }
    if let Some((path, file)) = &mut report_file {
        let json = report::wptreport(
            &outcomes,
            &expectations,
            time_start,
            unix_ms(),
            &harness_label,
        );
        if let Err(e) = file.write_all((json + "\n").as_bytes()) {
            eprintln!("taskhost wpt: cannot write {}: {e}", path.display());
            return 1;
        }
    }
    i32::from(!unexpected.is_empty())
}

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// Run every variant on `jobs` worker threads, each driving one child process at a time.
fn run_all(
    variants: &[TestVariant],
    root: &Path,
    harness: Option<&Path>,
    multiplier: f64,
    jobs: usize,
) -> Vec<Outcome> {
    let runnable = variants.iter().filter(|v| v.plan.runs()).count();
    let bar = ProgressBar::new(runnable as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} {wide_msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Outcome>>> = variants.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(variants.len()) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(variant) = variants.get(index) else {
                        break;
                    };
                    let outcome = match &variant.plan {
                        Plan::Skip(reason) => Outcome {
                            test: variant.name.clone(),
                            result: FileResult::bare(FileStatus::Skip, reason.clone()),
                            duration_ms: 0,
                        },
                        Plan::Run(global) => {
                            bar.set_message(variant.name.clone());
                            let outcome = run_one(variant, *global, root, harness, multiplier);
                            bar.inc(1);
                            outcome
                        }
                    };
                    if let Ok(mut slot) = slots[index].lock() {
                        *slot = Some(outcome);
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    slots
        .into_iter()
        .zip(variants)
        .map(|(slot, variant)| {
            slot.into_inner().ok().flatten().unwrap_or_else(|| Outcome {
                test: variant.name.clone(),
                result: FileResult::bare(FileStatus::Crash, "the runner lost this test's result"),
                duration_ms: 0,
            })
        })
        .collect()
}

/// Read a child's pipe to the end on its own thread (so a full pipe never blocks the child).
fn read_all(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_string(&mut text);
        }
        text
    })
}

/// Run one file in a child process and read its result.
fn run_one(
    variant: &TestVariant,
    global: Global,
    root: &Path,
    harness: Option<&Path>,
    multiplier: f64,
) -> Outcome {
    let started = Instant::now();
    let limit = Duration::from_secs_f64((variant.timeout().seconds() * multiplier).max(0.001));
    let result = spawn_child(variant, global, root, harness, limit)
        .unwrap_or_else(|message| FileResult::bare(FileStatus::Crash, message));
    Outcome {
        test: variant.name.clone(),
        result,
        duration_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
    }
}

fn spawn_child(
    variant: &TestVariant,
    global: Global,
    root: &Path,
    harness: Option<&Path>,
    limit: Duration,
) -> Result<FileResult, String> {
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot find the taskhost binary: {e}"))?;
    let mut command = Command::new(exe);
    command
        .arg("wpt-child")
        .arg("--root")
        .arg(root)
        .arg("--name")
        .arg(&variant.name)
        .arg("--global")
        .arg(global.as_str())
        .arg("--timeout")
        .arg(limit.as_secs_f64().to_string())
        .arg(&variant.path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(harness) = harness {
        command.arg("--harness").arg(harness);
    }
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot start a runtime: {e}"))?;
    let out_reader = read_all(child.stdout.take());
    let err_reader = read_all(child.stderr.take());
    // `None`: too far in the future to represent, so never.
    let kill_at = Instant::now().checked_add(limit.saturating_add(KILL_SLACK));
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if kill_at.is_some_and(|at| Instant::now() >= at) => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(format!("lost the test's runtime: {e}")),
        }
    };
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    let tail = || {
        let lines: Vec<&str> = stderr.lines().collect();
        lines[lines.len().saturating_sub(5)..].join("\n")
    };
    if let Some(line) = stdout.lines().rev().find(|l| l.starts_with('{'))
        && let Ok(result) = serde_json::from_str::<FileResult>(line)
    {
        return Ok(result);
    }
    let seconds = limit.as_secs_f64();
    Ok(match status.and_then(|s| s.code()) {
        None if status.is_none() => FileResult::bare(
            FileStatus::Timeout,
            format!("killed after {seconds} s + {} s", KILL_SLACK.as_secs()),
        ),
        Some(crate::runtime::EXIT_TIMED_OUT) => FileResult::bare(
            FileStatus::Timeout,
            format!("a task was still running after {seconds} s (a script that never yields)"),
        ),
        code => FileResult::bare(
            FileStatus::Crash,
            format!(
                "the runtime ended without a result ({}){}",
                code.map_or_else(
                    || "killed by a signal".to_owned(),
                    |c| format!("exit status {c}")
                ),
                if stderr.is_empty() {
                    String::new()
                } else {
                    format!(":\n{}", tail())
                }
            ),
        ),
    })
}
