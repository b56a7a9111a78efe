//! `taskhost wpt`: runs testharness.js tests the way wptrunner does, one fresh runtime (a child
//! process) per test file, files in parallel, and reports what WPT reports.
//!
//! - `manifest` finds the tests under the paths and reads their `// META:` comments;
//! - `select` keeps the tests of `--include`/`--exclude` and of `--this-chunk` (`md5` for its
//!   hash);
//! - `runner` runs them, each in a child process (`child`, the hidden `wpt-child` subcommand);
//! - `harness/` holds taskhost's own testharness.js and the report script;
//! - `expectations` (the `--expectations` file) and `metadata` (a wptrunner metadata directory)
//!   say which results are expected, both in wptmanifest's format (`ini`, with `condition`s on
//!   the `run_info`);
//! - `results`, `report` and `wptreport` turn what the children say into the summary table, the
//!   flaky and unexpected results, and the wptreport JSON.
//!
//! Invariant: every selected test variant gets exactly one result per run, in discovery order —
//! skipped, run, timed out or crashed — whatever happens to its child process.

pub mod child;
pub mod condition;
pub mod expectations;
pub mod ini;
pub mod manifest;
pub mod md5;
pub mod metadata;
pub mod missing_apis;
pub mod report;
pub mod results;
pub mod run_info;
pub mod runner;
pub mod select;
pub mod wptreport;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use indicatif::{ProgressBar, ProgressStyle};

use expectations::Expectations;
use manifest::{Plan, TestVariant};
use report::{Iteration, Outcome};
use select::{Chunking, Direction, Rule};

/// What `taskhost wpt` was asked to do.
#[derive(Debug, Clone)]
pub struct WptOptions {
    /// Where to look for tests (default: the WPT root).
    pub paths: Vec<PathBuf>,
    pub wpt_root: Option<PathBuf>,
    pub log_wptreport: Option<PathBuf>,
    pub expectations: Option<PathBuf>,
    /// A wptrunner metadata directory.
    pub metadata: Option<PathBuf>,
    pub include: Vec<String>,
    pub exclude: Vec<String>,
    pub include_file: Vec<PathBuf>,
    pub exclude_file: Vec<PathBuf>,
    pub chunking: Chunking,
    /// Passes over the whole selection.
    pub repeat: usize,
    /// Runs of each test in a row.
    pub rerun: usize,
    pub jobs: Option<usize>,
    pub timeout_multiplier: f64,
    /// Run every file under the seeded random policy (`--policy-seed`).
    pub policy_seed: Option<u64>,
}

impl Default for WptOptions {
    fn default() -> Self {
        Self {
            paths: Vec::new(),
            wpt_root: None,
            log_wptreport: None,
            expectations: None,
            metadata: None,
            include: Vec::new(),
            exclude: Vec::new(),
            include_file: Vec::new(),
            exclude_file: Vec::new(),
            chunking: Chunking::default(),
            repeat: 1,
            rerun: 1,
            jobs: None,
            timeout_multiplier: 1.0,
            policy_seed: None,
        }
    }
}

/// Report a usage error (one line on stderr); returns the exit status for it.
fn usage_error(message: &str) -> i32 {
    eprintln!("taskhost wpt: {message}");
    crate::runtime::EXIT_USAGE
}

/// The WPT root and the (canonical) paths to look for tests in.
fn roots(options: &WptOptions) -> Result<(PathBuf, Vec<PathBuf>), String> {
    let paths: Vec<PathBuf> = options
        .paths
        .iter()
        .map(|p| std::fs::canonicalize(p).map_err(|e| format!("cannot read {}: {e}", p.display())))
        .collect::<Result<_, _>>()?;
    let root = match (&options.wpt_root, paths.first()) {
        (Some(root), _) => match std::fs::canonicalize(root) {
            Ok(root) if root.is_dir() => root,
            Ok(root) => return Err(format!("--wpt-root {} is not a directory", root.display())),
            Err(e) => return Err(format!("--wpt-root {}: {e}", root.display())),
        },
        (None, Some(first)) => manifest::find_root(first),
        (None, None) => {
            return Err("give the tests' PATH, or --wpt-root to run from the root".into());
        }
    };
    if let Some(outside) = paths.iter().find(|p| !p.starts_with(&root)) {
        return Err(format!(
            "{} is outside the WPT root {} (set --wpt-root)",
            outside.display(),
            root.display()
        ));
    }
    let paths = if paths.is_empty() {
        vec![root.clone()]
    } else {
        paths
    };
    Ok((root, paths))
}

/// The `--include`/`--exclude` rules, from the options and the list files.
fn rules(options: &WptOptions, root: &Path) -> Result<Vec<Rule>, String> {
    let cwd = std::env::current_dir().unwrap_or_else(|_| root.to_owned());
    let mut entries: Vec<(Direction, String, String)> = Vec::new();
    for (direction, flag, list) in [
        (Direction::Include, "--include", &options.include),
        (Direction::Exclude, "--exclude", &options.exclude),
    ] {
        for entry in list {
            entries.push((direction, entry.clone(), format!("{flag} {entry}")));
        }
    }
    for (direction, files) in [
        (Direction::Include, &options.include_file),
        (Direction::Exclude, &options.exclude_file),
    ] {
        for file in files {
            for (entry, at) in select::read_list(file)? {
                let origin = format!("{at}: {entry}");
                entries.push((direction, entry, origin));
            }
        }
    }
    entries
        .into_iter()
        .map(|(direction, entry, origin)| {
            let target =
                select::resolve(&entry, root, &cwd).map_err(|e| format!("{origin}: {e}"))?;
            Ok(Rule {
                direction,
                target,
                origin,
            })
        })
        .collect()
}

/// The tests of a run.
struct Selection {
    /// Discovered under the paths, selected by the rules, then this chunk's.
    run: Vec<TestVariant>,
    /// Every test discovered (for the metadata's stale sections).
    discovered: Vec<TestVariant>,
    /// What the chunk holds, when the run is chunked.
    chunk_line: Option<String>,
}

/// The tests to run.
fn select_tests(options: &WptOptions, root: &Path, paths: &[PathBuf]) -> Result<Selection, String> {
    let rules = rules(options, root)?;
    let mut discovered = Vec::new();
    for path in select::discovery_paths(paths, &rules, root) {
        manifest::discover(root, &path, &mut discovered).map_err(|e| e.to_string())?;
    }
    discovered.sort_by(|a, b| a.name.cmp(&b.name));
    discovered.dedup_by(|a, b| a.name == b.name);
    if discovered.is_empty() {
        return Err("no tests found (*.any.js, *.window.js, *.worker.js, *.html)".into());
    }
    let selected = select::apply_rules(discovered.clone(), &rules, root)?;
    if selected.is_empty() {
        return Err("--exclude leaves no test to run".into());
    }
    let count = selected.len();
    let chunk = options.chunking.select(selected, root);
    let line = (options.chunking.total > 1).then(|| {
        format!(
            "Chunk {} of {} ({}): {} of {count} test(s).",
            options.chunking.this,
            options.chunking.total,
            options.chunking.kind_name(),
            chunk.len()
        )
    });
    Ok(Selection {
        run: chunk,
        discovered,
        chunk_line: line,
    })
}

/// The expectations of the run: the `--expectations` file, or the metadata directory's files
/// for the tests of the run.
fn load_expectations(
    options: &WptOptions,
    root: &Path,
    run: &[TestVariant],
    discovered: &[TestVariant],
    conditions: &condition::RunInfo,
) -> Result<Expectations, String> {
    match (&options.expectations, &options.metadata) {
        (Some(path), _) => std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))
            .and_then(|text| expectations::parse(&text, &path.display().to_string(), conditions)),
        (None, Some(dir)) if !dir.is_dir() => {
            Err(format!("--metadata {} is not a directory", dir.display()))
        }
        (None, Some(dir)) => metadata::load(dir, root, run, discovered, conditions),
        (None, None) => Ok(Expectations::default()),
    }
}

/// Run the suite; the process exit status (0: all as expected, 1: unexpected results, 2: usage
/// errors and files that cannot be read or written).
#[must_use]
pub fn run_wpt(options: &WptOptions) -> i32 {
    match run_checked(options) {
        Ok(status) => status,
        Err(message) => usage_error(&message),
    }
}

fn run_checked(options: &WptOptions) -> Result<i32, String> {
    let started = Instant::now();
    options.chunking.validate()?;
    let (root, paths) = roots(options)?;
    let Selection {
        run: mut variants,
        discovered,
        chunk_line,
    } = select_tests(options, &root, &paths)?;
    let upstream = root.join("resources/testharness.js");
    let harness = upstream.is_file().then_some(upstream);
    let harness_label = harness
        .as_ref()
        .map_or_else(|| "built-in".to_owned(), |p| p.display().to_string());
    let run_info = run_info::RunInfo::detect(&root, &harness_label);
    let expectations = load_expectations(
        options,
        &root,
        &variants,
        &discovered,
        &run_info.conditions(),
    )?;
    for v in &mut variants {
        if let Some(reason) = expectations.disabled(&v.name) {
            v.plan = Plan::Skip(format!("disabled by the metadata: {reason}"));
        }
    }
    // Open the report before the run: an unwritable path is a usage error, found at once.
    let mut report_file = match &options.log_wptreport {
        None => None,
        Some(path) => Some((
            path,
            std::fs::File::create(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        )),
    };

    let jobs = options
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    let (repeat, rerun) = (options.repeat.max(1), options.rerun.max(1));
    let runnable = variants.iter().filter(|v| v.plan.runs()).count();
    let bar = ProgressBar::new((runnable * rerun * repeat) as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} {wide_msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let settings = runner::RunSettings {
        root: &root,
        harness: harness.as_deref(),
        multiplier: options.timeout_multiplier,
        jobs,
        rerun,
        policy_seed: options.policy_seed,
    };
    let iterations: Vec<Iteration> = (0..repeat)
        .map(|_| {
            let time_start = unix_ms();
            let outcomes = runner::run_all(&variants, settings, &bar);
            Iteration {
                time_start,
                time_end: unix_ms(),
                outcomes,
            }
        })
        .collect();
    bar.finish_and_clear();

    let all: Vec<&Outcome> = iterations.iter().flat_map(|i| &i.outcomes).collect();
    let unexpected = report::unexpected(all.iter().copied(), &expectations);
    let flaky = report::flaky(all.iter().copied(), &expectations);
    let seconds = started.elapsed().as_secs_f64();
    let mut text = format!("Harness: {harness_label}\n");
    if let Some(line) = chunk_line {
        text.push_str(&line);
        text.push('\n');
    }
    text.push_str(&report::summary(
        &all,
        &unexpected,
        &flaky,
        seconds,
        repeat * rerun,
    ));
    if !unexpected.is_empty() {
        text.push('\n');
        text.push_str(&missing_apis::section(&all));
    }
    for note in &expectations.notes {
        text.push_str(&format!("note: {note}\n"));
    }
    if options.expectations.is_some()
        && let Some(first) = iterations.first()
    {
        for stale in report::unmatched_expectations(&first.outcomes, &expectations) {
            text.push_str(&format!(
                "note: the expectations name {stale}, which this run did not produce\n"
            ));
        }
    }
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("cannot write the summary to stdout: {e}"))?;
    if let Some((path, file)) = &mut report_file {
        // One document per iteration, one a line, as wptrunner writes one per suite.
        for iteration in &iterations {
            let json = wptreport::wptreport(iteration, &expectations, &run_info);
            file.write_all((json + "\n").as_bytes())
                .and_then(|()| file.flush())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    Ok(i32::from(!unexpected.is_empty()))
}

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}
