//! One test file in a fresh runtime: the process `taskhost wpt` starts for each file.
//!
//! In the window global, the scripts run back to back in one task, as WPT's wrapper page lists
//! them: the preamble (`GLOBAL`), the harness (taskhost's own, or `resources/testharness.js` of
//! the WPT root), the report script, the `// META: script=` files, the test. In a worker
//! variant, the window runs the runner's page (`harness/worker-runner.js`), which starts the
//! worker: a dedicated or shared worker of the script wptserve would serve ([`worker_wrapper`]
//! for `x.any.js`, the file itself for `x.worker.js`), whose `importScripts` of
//! `/resources/testharness.js` gets the harness followed by the report script.
//!
//! Then the event loops run until the harness completes or nothing is left; if it has not
//! completed by then (time limit reached, or no work left that could complete it, in any agent:
//! the window holds the process's end for that), the harness's `timeout()` ends it as a
//! browser's would at its timeout. The result goes to stdout as one JSON object; console output
//! goes to stderr.
//!
//! Invariant: this process prints exactly one [`FileResult`] on stdout, whatever the test does,
//! unless it is killed (a task that never returns is stopped by the watchdog, status 124).

use std::cell::RefCell;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Duration;

use boa_engine::object::ObjectInitializer;
use boa_engine::property::Attribute;
use boa_engine::{Context, JsResult, JsString, JsValue, NativeFunction, js_string};

use super::manifest::{Global, Meta, meta_entries, parse_meta, url_path};
use super::results::{FileResult, FileStatus, HarnessReport};
use crate::runtime::{LoopEnd, Runtime, RuntimeOptions};
use crate::web::fetch::FetchRoot;

const PREAMBLE: &str = include_str!("harness/preamble.js");
const BUILTIN_HARNESS: &str = include_str!("harness/testharness.js");
const REPORT: &str = include_str!("harness/report.js");
const WORKER_PREAMBLE: &str = include_str!("harness/worker-preamble.js");
const WORKER_RUNNER: &str = include_str!("harness/worker-runner.js");
const TESTDRIVER: &str = include_str!("harness/testdriver.js");

/// After `timeout()`, how long the harness gets to run its completion (cleanups of promise
/// tests may still await).
pub const COMPLETION_GRACE: Duration = Duration::from_secs(2);

/// What the child is asked to run.
#[derive(Debug, Clone)]
pub struct ChildJob {
    /// The WPT root.
    pub root: PathBuf,
    /// The test file.
    pub file: PathBuf,
    /// The test's URL path (`/scheduler/x.any.html`).
    pub name: String,
    /// The global it runs in.
    pub global: Global,
    /// The harness to load: `None` for the built-in one, else a `testharness.js` file.
    pub harness: Option<PathBuf>,
    /// The random policy's seed (`taskhost wpt --policy-seed`).
    pub policy_seed: Option<u64>,
    /// The file's time limit.
    pub timeout: Duration,
    /// `taskhost wpt --timeout-multiplier`: the report script gives it to the harness's
    /// `setup()`, as wptrunner's `testharnessreport.js` does, so that the harness's own timer
    /// (upstream's: 10 s, or 60 s for `timeout=long`) and `step_timeout` scale with the limit.
    pub timeout_multiplier: f64,
}

/// The report slot the report script fills (context data).
#[derive(Default)]
struct ReportSlot(RefCell<Option<String>>);

/// Run the job and print its result; the process exit status.
#[must_use]
pub fn run_child(job: &ChildJob) -> i32 {
    let result = run(job).unwrap_or_else(|message| FileResult::bare(FileStatus::Error, message));
    let json = serde_json::to_string(&result).unwrap_or_else(|e| {
        format!(
            r#"{{"status":"CRASH","message":"could not encode the result: {e}","subtests":[]}}"#
        )
    });
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{json}").and_then(|()| out.flush()).is_err() {
        return 1;
    }
    0
}

fn read_text(path: &Path, what: &str) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => format!("{what}: no such file {}", path.display()),
        _ => format!("{what}: cannot read {}: {e}", path.display()),
    })?;
    String::from_utf8(bytes).map_err(|_| format!("{what}: {} is not UTF-8", path.display()))
}

/// A `script=` path: `/`-rooted paths are under the WPT root (after wptserve's rewrites),
/// others beside the test.
fn resolve_script(root: &Path, file: &Path, script: &str) -> PathBuf {
    let script = script.split(['?', '#']).next().unwrap_or_default();
    let script = rewritten(script);
    match script.strip_prefix('/') {
        Some(rooted) => root.join(rooted),
        None => file.parent().unwrap_or(root).join(script),
    }
}

/// The `<meta name="timeout" content="long">` of a wrapper page, added to the window's document.
const LONG_TIMEOUT_META: &str = "(() => { const meta = document.createElement('meta'); \
    meta.name = 'timeout'; meta.content = 'long'; document.head.appendChild(meta); })();";

/// The URL paths wptserve serves from another file of the checkout (its `rewrites` in
/// `tools/serve/serve.py`): `(path asked for, path served)`.
const REWRITES: &[(&str, &str)] = &[(
    "/resources/WebIDLParser.js",
    "/resources/webidl2/lib/webidl2.js",
)];

/// `path` as wptserve serves it: rewritten, or as it is.
fn rewritten(path: &str) -> &str {
    REWRITES
        .iter()
        .find(|(from, _)| *from == path)
        .map_or(path, |(_, to)| to)
}

/// The rewritten paths whose target the checkout has, as files served in their place.
fn rewritten_files(root: &Path) -> Vec<Served> {
    REWRITES
        .iter()
        .filter_map(|(from, to)| {
            let file = root.join(to.trim_start_matches('/'));
            let text = String::from_utf8(std::fs::read(&file).ok()?).ok()?;
            Some(((*from).to_owned(), text, file.display().to_string()))
        })
        .collect()
}

/// The title a window would show: `title=`, else the file name up to its first dot.
fn title(meta: &Meta, file: &Path) -> String {
    meta.title.clone().unwrap_or_else(|| {
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        name.split('.').next().unwrap_or_default().to_owned()
    })
}

/// The worker a worker variant's page starts.
struct WorkerSpec {
    /// `"dedicated"` or `"shared"` (what `worker-runner.js` reads).
    kind: &'static str,
    /// The worker script's URL path.
    url: String,
}

fn run(job: &ChildJob) -> Result<FileResult, String> {
    let source = read_text(&job.file, "the test")?;
    let meta = parse_meta(&source);
    let harness = match &job.harness {
        None => (
            BUILTIN_HARNESS.to_owned(),
            "/resources/testharness.js".to_owned(),
        ),
        Some(path) => (read_text(path, "the harness")?, path.display().to_string()),
    };
    let file_name = job
        .file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let is_html = job
        .file
        .extension()
        .is_some_and(|e| e == "html" || e == "htm");
    // An `x.worker.js` is the worker's whole script; other script tests load their META scripts
    // (read now: one that cannot be read makes the file an ERROR, whatever the global).
    let meta_scripts = if is_html || file_name.ends_with(".worker.js") {
        Vec::new()
    } else {
        read_meta_scripts(job, &meta)?
    };
    let (overrides, worker) = served_files(job, &source, &harness)?;
    let base = crate::web::html::document_loader::DocumentBase {
        root: job.root.clone(),
        path: job.name.clone(),
        overrides,
    };

    let mut runtime = Runtime::new(RuntimeOptions {
        max_time: Some(job.timeout),
        fetch_root: Some(FetchRoot {
            root: job.root.clone(),
            document_path: job.name.clone(),
        }),
        console_to_stderr: true,
        // The window has a document, with iframes, like the page a WPT server serves.
        documents: true,
        document_base: Some(base),
        policy_seed: job.policy_seed,
        ..RuntimeOptions::default()
    })
    .map_err(|e| e.to_string())?;
    install_runner_globals(
        runtime.context(),
        &title(&meta, &job.file),
        job.timeout_multiplier,
        worker.as_ref(),
    )
    .map_err(|e| format!("could not set up the test global: {e}"))?;
    // When every agent (the window, the worker) is idle, the loop below returns without ending
    // the process: the harness, wherever it runs, can still be ended with its timeout().
    if let Some(agent) = runtime.host().agent() {
        agent.process.hold_end(agent.id());
    }

    if worker.is_some() {
        runtime.run_scripts(&[(
            WORKER_RUNNER.to_owned(),
            "taskhost:wpt/worker-runner.js".to_owned(),
        )]);
    } else if is_html {
        // An `.html` test is the page itself: parsed, its scripts run in document order (the
        // harness and the report script from the overrides above), then "the end".
        runtime.run_html_document(&source, &job.file.display().to_string());
    } else {
        let mut scripts = vec![(PREAMBLE.to_owned(), "taskhost:wpt/preamble.js".to_owned())];
        if meta.long_timeout {
            // wptserve's wrapper page of a `timeout=long` file has `<meta name="timeout"
            // content="long">`, from which the harness takes its long timeout.
            scripts.push((
                LONG_TIMEOUT_META.to_owned(),
                "taskhost:wpt/long-timeout.js".to_owned(),
            ));
        }
        scripts.push(harness);
        scripts.push((REPORT.to_owned(), "taskhost:wpt/report.js".to_owned()));
        scripts.extend(meta_scripts);
        scripts.push((source.clone(), job.file.display().to_string()));
        runtime.run_scripts(&scripts);
        runtime.queue_load_event();
    }
    let end = runtime.run_event_loop();
    // Whether the harness completed by itself, before the runner ended it.
    let self_completed = report(&runtime).is_some();
    if !self_completed {
        // The time is up, or nothing is left that could complete the harness: end it as a
        // browser would at its timeout.
        runtime.restart_time_limit(Some(COMPLETION_GRACE));
        let timed_out = call_timeout(runtime.context());
        if let Err(message) = timed_out {
            return Ok(FileResult::bare(FileStatus::Error, message));
        }
        runtime.run_event_loop();
    }
    let Some(text) = report(&runtime) else {
        return Ok(FileResult::bare(
            FileStatus::Timeout,
            "the harness did not complete, even after timeout()",
        ));
    };
    let report: HarnessReport =
        serde_json::from_str(&text).map_err(|e| format!("unreadable harness report: {e}"))?;
    let mut result = report.into_result()?;
    if result.status == FileStatus::Timeout && result.message.is_none() {
        result.message = Some(match end {
            // Not the runner's timeout(): the harness timed out by itself, by its own timer
            // (the harness status has no message then) or a test's call to timeout().
            _ if self_completed => {
                "the harness timed out by itself (its own timer, or a call to timeout()) before every test had finished"
                    .to_owned()
            }
            LoopEnd::TimedOut(_) => format!(
                "the file did not complete within its time limit of {} s",
                job.timeout.as_secs_f64()
            ),
            LoopEnd::Finished if worker.is_some() => {
                "the event loops (the page's and the worker's) ran out of work before every test had finished"
                    .to_owned()
            }
            LoopEnd::Finished => {
                "the event loop ran out of work before every test had finished".to_owned()
            }
        });
    }
    Ok(result)
}

/// The `// META: script=` files of a test, as (text, name).
fn read_meta_scripts(job: &ChildJob, meta: &Meta) -> Result<Vec<(String, String)>, String> {
    let mut scripts = Vec::new();
    for script in &meta.scripts {
        let path = resolve_script(&job.root, &job.file, script);
        let shown = url_path(&job.root, &path).unwrap_or_else(|| path.display().to_string());
        let text = std::fs::read(&path)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .ok_or_else(|| {
                format!(
                    "META script={script}: {shown} is not a readable UTF-8 file under the WPT root"
                )
            })?;
        scripts.push((text, path.display().to_string()));
    }
    Ok(scripts)
}

/// A file served in place of what the WPT root holds: (URL path, text, name).
type Served = (String, String, String);

/// What the page (and its worker, which inherits them) gets in place of the WPT root's files,
/// and, for a worker variant, the worker the page starts. `harness` is (text, name).
fn served_files(
    job: &ChildJob,
    source: &str,
    harness: &(String, String),
) -> Result<(Vec<Served>, Option<WorkerSpec>), String> {
    let served = |url: &str, text: String, name: String| (url.to_owned(), text, name);
    let kind = match job.global {
        Global::Window => {
            // What the page's `<script src>` of the harness and its report load.
            let mut files = vec![
                served(
                    "/resources/testharness.js",
                    harness.0.clone(),
                    harness.1.clone(),
                ),
                served(
                    "/resources/testharnessreport.js",
                    REPORT.to_owned(),
                    "taskhost:wpt/report.js".to_owned(),
                ),
                // test_driver's input on taskhost.input, as wptrunner's is on WebDriver; the
                // vendor file, where wptrunner puts a browser's own, has nothing to add.
                served(
                    "/resources/testdriver.js",
                    TESTDRIVER.to_owned(),
                    "taskhost:wpt/testdriver.js".to_owned(),
                ),
                served(
                    "/resources/testdriver-vendor.js",
                    "// taskhost: test_driver is all in /resources/testdriver.js.\n".to_owned(),
                    "taskhost:wpt/testdriver-vendor.js".to_owned(),
                ),
            ];
            files.extend(rewritten_files(&job.root));
            return Ok((files, None));
        }
        Global::DedicatedWorker => "dedicated",
        Global::SharedWorker => "shared",
    };
    let test_url = url_path(&job.root, &job.file).ok_or_else(|| {
        format!(
            "{} is outside the WPT root {}",
            job.file.display(),
            job.root.display()
        )
    })?;
    // In the worker, /resources/testharness.js is the harness followed by the report script:
    // an `x.worker.js` imports the harness itself and nothing after it, so the report's hook
    // has to come with it (`x.any.worker.js` imports it the same way).
    let mut files = vec![
        served(
            "/resources/testharness.js",
            format!("{}\n;\n{REPORT}", harness.0),
            format!("{} (then taskhost:wpt/report.js)", harness.1),
        ),
        served(
            "/resources/testharnessreport.js",
            "// taskhost: in a worker, the report script comes with /resources/testharness.js.\n"
                .to_owned(),
            "taskhost:wpt/testharnessreport.js".to_owned(),
        ),
    ];
    files.extend(rewritten_files(&job.root));
    // `x.any.js` runs in the wrapper `x.any.worker.js` (both worker variants); `x.worker.js`
    // is the worker's script itself.
    let url = match test_url.strip_suffix(".any.js") {
        Some(stem) => {
            let url = format!("{stem}.any.worker.js");
            files.push(served(&url, worker_wrapper(source, &test_url), url.clone()));
            url
        }
        None => test_url,
    };
    Ok((files, Some(WorkerSpec { kind, url })))
}

/// The script of a worker variant of the `.any.js` test at `test_url` (`/scheduler/x.any.js`),
/// served at `x.any.worker.js`: what wptserve's ClassicWorkerHandler (tools/serve/serve.py)
/// serves there, with taskhost's worker preamble for its `GLOBAL`:
/// 1. `GLOBAL` (`isWorker()` true), before anything else;
/// 2. `importScripts("/resources/testharness.js")` (here: the harness, then the report script);
/// 3. for each META comment in order, `script=` → `importScripts(value)` (resolved against this
///    script's URL, so relative ones are beside the test) and `title=` → `self.META_TITLE`;
/// 4. `importScripts(test_url)`, the test itself;
/// 5. `done()`: a worker has no load event, so the harness waits for this call.
///
/// An exception in one step (a META script that throws, a syntax error in the test) stops the
/// rest; the harness has seen it as an uncaught error and completed.
#[must_use]
pub fn worker_wrapper(source: &str, test_url: &str) -> String {
    let quoted = |text: &str| serde_json::Value::from(text).to_string();
    let mut out = String::new();
    out.push_str(WORKER_PREAMBLE);
    out.push_str("importScripts(\"/resources/testharness.js\");\n");
    for (key, value) in meta_entries(source) {
        match key {
            "script" => out.push_str(&format!("importScripts({});\n", quoted(value))),
            "title" => out.push_str(&format!("self.META_TITLE = {};\n", quoted(value))),
            _ => {}
        }
    }
    out.push_str(&format!("importScripts({});\n", quoted(test_url)));
    out.push_str("done();\n");
    out
}

fn report(runtime: &Runtime) -> Option<String> {
    runtime
        .context_ref()
        .get_data::<Rc<ReportSlot>>()
        .and_then(|slot| slot.0.borrow().clone())
}

/// `META_TITLE` and the hidden `__taskhost_wpt` object the report script (or, for a worker
/// variant, the page's runner script, which finds the worker to start in its `worker`) uses.
fn install_runner_globals(
    context: &mut Context,
    title: &str,
    timeout_multiplier: f64,
    worker: Option<&WorkerSpec>,
) -> JsResult<()> {
    let slot = Rc::new(ReportSlot::default());
    context.insert_data(slot);
    let report = NativeFunction::from_fn_ptr(|_, args, context| {
        let text = args
            .first()
            .cloned()
            .unwrap_or_default()
            .to_string(context)?
            .to_std_string_escaped();
        if let Some(slot) = context.get_data::<Rc<ReportSlot>>() {
            // The first report counts: a harness completes once.
            let mut slot = slot.0.borrow_mut();
            if slot.is_none() {
                *slot = Some(text);
            }
        }
        // The results are final: what is left to run (a harness's own file timeout, which a
        // browser leaves pending on a finished page) does not hold the runner.
        if let Ok(host) = crate::agent::host::Host::from_context(context) {
            host.request_stop();
        }
        Ok(JsValue::undefined())
    });
    let runner = ObjectInitializer::new(context)
        .function(report, js_string!("report"), 1)
        .property(
            js_string!("timeout_multiplier"),
            timeout_multiplier,
            Attribute::all(),
        )
        .build();
    if let Some(worker) = worker {
        let spec = ObjectInitializer::new(context)
            .property(
                js_string!("type"),
                JsString::from(worker.kind),
                Attribute::all(),
            )
            .property(
                js_string!("url"),
                JsString::from(worker.url.as_str()),
                Attribute::all(),
            )
            .build();
        runner.set(js_string!("worker"), spec, false, context)?;
    }
    context.register_global_property(js_string!("__taskhost_wpt"), runner, Attribute::empty())?;
    context.register_global_property(
        js_string!("META_TITLE"),
        JsString::from(title),
        Attribute::WRITABLE | Attribute::CONFIGURABLE,
    )?;
    Ok(())
}

/// Call the harness's `timeout()` (captured by the report script when it loaded).
fn call_timeout(context: &mut Context) -> Result<(), String> {
    let runner = context
        .global_object()
        .get(js_string!("__taskhost_wpt"), context)
        .map_err(|e| e.to_string())?;
    let timeout = runner
        .as_object()
        .map(|o| o.get(js_string!("timeout"), context))
        .transpose()
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    match timeout.as_callable() {
        Some(f) => crate::engine::callback::invoke_callback_function(
            &f,
            &JsValue::undefined(),
            &[],
            crate::engine::callback::ExceptionBehavior::Rethrow,
            context,
        )
        .map(drop)
        .map_err(|e| format!("the harness's timeout() threw: {e}")),
        None => Err("the harness has no timeout() function".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_resolve_against_the_root_or_the_test() {
        let root = Path::new("/wpt");
        let file = Path::new("/wpt/scheduler/x.any.js");
        assert_eq!(
            resolve_script(root, file, "/common/utils.js"),
            Path::new("/wpt/common/utils.js")
        );
        assert_eq!(
            resolve_script(root, file, "resources/h.js?v=1"),
            Path::new("/wpt/scheduler/resources/h.js")
        );
        // wptserve's rewrite: the IDL parser is served from the webidl2 package's file.
        assert_eq!(
            resolve_script(root, file, "/resources/WebIDLParser.js"),
            Path::new("/wpt/resources/webidl2/lib/webidl2.js")
        );
    }

    /// The wrapper follows wptserve's `.any.worker.js`: GLOBAL, the harness, the META scripts
    /// and titles in their order (as JS strings), the test, done().
    #[test]
    fn the_worker_wrapper_imports_in_order() {
        let source = "// META: script=/common/a.js\n// META: title=Say \"hi\"\n\
                      // META: timeout=long\n// META: script=b.js\ntest(() => {});\n";
        let wrapper = worker_wrapper(source, "/dir/x.any.js");
        let body = wrapper
            .strip_prefix(WORKER_PREAMBLE)
            .expect("the preamble comes first");
        assert_eq!(
            body,
            "importScripts(\"/resources/testharness.js\");\n\
             importScripts(\"/common/a.js\");\n\
             self.META_TITLE = \"Say \\\"hi\\\"\";\n\
             importScripts(\"b.js\");\n\
             importScripts(\"/dir/x.any.js\");\n\
             done();\n"
        );
        assert!(WORKER_PREAMBLE.contains("isWorker() { return true; }"));
    }

    #[test]
    fn titles_default_to_the_file_stem() {
        let meta = Meta::default();
        assert_eq!(title(&meta, Path::new("/a/post-task.any.js")), "post-task");
        let meta = Meta {
            title: Some("T".into()),
            ..Meta::default()
        };
        assert_eq!(title(&meta, Path::new("/a/b.any.js")), "T");
    }
}
