//! The `taskhost` command line: `run`, `eval`, `repl` (also `taskhost` alone), `wpt`, `bench`.
//!
//! Exit status: 0 success; 1 an uncaught exception or unhandled rejection was reported; 2 usage
//! errors, files that cannot be read (missing, unreadable, not UTF-8) and output files (a trace,
//! a wptreport) that cannot be written, which takes precedence; 124 `--max-time` reached.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::engine::terminal;
use crate::engine::thread::run_on_engine_thread;
use crate::runtime::resolution::ImportMap;
use crate::runtime::{LoopEnd, Runtime, RuntimeOptions};

mod args;
mod explore;
pub mod repl;

pub use args::{Cli, Command, Imitate, LoopOptions};

/// Exit status when `--max-time` stops the loop (as `timeout(1)`).
pub use crate::runtime::EXIT_TIMED_OUT;
/// Exit status for usage errors and unreadable input.
pub use crate::runtime::EXIT_USAGE;

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
            timeout_multiplier,
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
                timeout_multiplier,
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
    // The input file is read and checked before anything runs: its errors are usage errors
    // that name the file, the entry and the member.
    let input_file = match &loop_options.input {
        None => None,
        Some(path) => {
            let shown = path.display().to_string();
            let text = match read_source(path) {
                Ok(text) => text,
                Err(message) => {
                    eprintln!("taskhost: {message}");
                    return EXIT_USAGE;
                }
            };
            if let Err(message) = crate::web::input::file::parse(&text, &shown) {
                eprintln!("taskhost: {message}");
                return EXIT_USAGE;
            }
            Some((text, shown))
        }
    };
    if let Some(limit) = loop_options.max_time {
        start_watchdog(
            limit.saturating_mul(loop_options.explore.map_or(1, |n| n.saturating_add(1))),
        );
    }
    let options = RuntimeOptions {
        // A seed's choices replay only on the virtual clock.
        virtual_time: loop_options.virtual_time
            || loop_options.policy_seed.is_some()
            || loop_options.policy_changes.is_some()
            || loop_options.explore.is_some(),
        policy_seed: loop_options.policy_seed,
        policy_changes: loop_options.policy_changes.clone().map(|list| {
            crate::event_loop::choices::PolicyChanges {
                changes: list.0,
                arities: None,
            }
        }),
        max_time: loop_options.max_time,
        max_workers: loop_options.max_workers,
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
            inp: loop_options.inp,
        },
        display: crate::web::html::rendering::DisplayOptions {
            frame_rate: loop_options
                .frame_rate
                .map_or(Some(crate::web::html::rendering::DEFAULT_FRAME_RATE), |r| {
                    r.0
                }),
            hidden: loop_options.hidden,
        },
        input_file,
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
    if let Some(summary) = runtime.responsiveness_summary() {
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
            // Animation frame callbacks wait for a frame (a timer at the next vsync, counted
            // with the timers): named when there are any.
            let frames = match runtime.pending_animation_frame_callbacks() {
                0 => String::new(),
                n => format!(" ({n} animation frame callback(s) waiting for a frame)"),
            };
            let _ = terminal::write_stderr(&format!(
                "taskhost: stopped by --max-time {seconds}s with {} task(s), {} timer(s) and {} idle callback(s) pending{frames}{workers}",
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
