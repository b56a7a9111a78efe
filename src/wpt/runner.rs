//! Running the tests: one child process (`taskhost wpt-child`) per run of a test file, on
//! `jobs` worker threads.
//!
//! Invariant: every variant gets exactly one outcome per run (`rerun` for a variant that runs,
//! one for a skipped one), in order — skipped, run, timed out or crashed — whatever happens to
//! its child processes.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use indicatif::ProgressBar;

use super::manifest::{Global, Plan, TestVariant};
use super::report::Outcome;
use super::results::{FileResult, FileStatus};

/// Extra time a child gets beyond its file's limit before it is killed (its own watchdog ends a
/// stuck task half a second after the limit; this covers start-up and the completion grace).
const KILL_SLACK: Duration = Duration::from_secs(5);

/// How the children run.
#[derive(Clone, Copy, Debug)]
pub struct RunSettings<'a> {
    pub root: &'a Path,
    /// `None` for the built-in harness.
    pub harness: Option<&'a Path>,
    pub multiplier: f64,
    pub jobs: usize,
    /// Runs of each test in a row (`--rerun`).
    pub rerun: usize,
    /// The random policy's seed (`--policy-seed`), for every child.
    pub policy_seed: Option<u64>,
}

/// Run every variant on `settings.jobs` worker threads, each driving one child process at a
/// time; a variant's `rerun` runs are one after another on one thread. The outcomes in variant
/// order, a variant's runs together; `bar` counts runs.
pub fn run_all(
    variants: &[TestVariant],
    settings: RunSettings<'_>,
    bar: &ProgressBar,
) -> Vec<Outcome> {
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Vec<Outcome>>> = variants.iter().map(|_| Mutex::new(Vec::new())).collect();
    std::thread::scope(|scope| {
        for _ in 0..settings.jobs.min(variants.len()) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(variant) = variants.get(index) else {
                        break;
                    };
                    let outcomes = match &variant.plan {
                        Plan::Skip(reason) => vec![Outcome {
                            test: variant.name.clone(),
                            result: FileResult::bare(FileStatus::Skip, reason.clone()),
                            duration_ms: 0,
                        }],
                        Plan::Run(global) => (0..settings.rerun.max(1))
                            .map(|_| {
                                bar.set_message(variant.name.clone());
                                let outcome = run_one(variant, *global, settings);
                                bar.inc(1);
                                outcome
                            })
                            .collect(),
                    };
                    if let Ok(mut slot) = slots[index].lock() {
                        *slot = outcomes;
                    }
                }
            });
        }
    });
    slots
        .into_iter()
        .zip(variants)
        .flat_map(|(slot, variant)| {
            let outcomes = slot.into_inner().unwrap_or_default();
            if outcomes.is_empty() {
                vec![Outcome {
                    test: variant.name.clone(),
                    result: FileResult::bare(
                        FileStatus::Crash,
                        "the runner lost this test's result",
                    ),
                    duration_ms: 0,
                }]
            } else {
                outcomes
            }
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
fn run_one(variant: &TestVariant, global: Global, settings: RunSettings<'_>) -> Outcome {
    let started = Instant::now();
    let limit =
        Duration::from_secs_f64((variant.timeout().seconds() * settings.multiplier).max(0.001));
    let result = spawn_child(variant, global, settings, limit)
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
    settings: RunSettings<'_>,
    limit: Duration,
) -> Result<FileResult, String> {
    let (root, harness) = (settings.root, settings.harness);
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
        .arg("--timeout-multiplier")
        .arg(settings.multiplier.to_string())
        .arg(&variant.path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(harness) = harness {
        command.arg("--harness").arg(harness);
    }
    if let Some(seed) = settings.policy_seed {
        command.arg("--policy-seed").arg(seed.to_string());
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
