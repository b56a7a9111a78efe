//! Seeing the event loop: `--trace FILE` (Chrome trace-event JSON, for Perfetto or
//! chrome://tracing) and `--log-tasks` (a line per task on stderr).
//!
//! What is recorded:
//! - a complete event ("X") per task, from its start to the end of the microtask checkpoint that
//!   follows it, named after its task source and callback, with the scheduler priority, effective
//!   priority, continuation flag, enqueue order, queueing delay, band and where it was posted;
//! - flow events ("s"/"f") from the task that posted a task, continuation or timer to the task
//!   that ran it;
//! - instant events ("i") for `setPriority` (every priority change), `abort`, timers set and
//!   cleared, and `yield()`;
//! - a counter ("C") of pending tasks per band after every task;
//! - process and thread names, so Perfetto shows "taskhost event loop", and one track per
//!   worker thread ("worker 1 (w.js)"), with flows for messages between threads.
//!
//! Timestamps are the first event loop's clock in µs (virtual under `--virtual-time`): a worker's
//! loop time is shifted by its time origin's offset from the first loop's, so all tracks share
//! one time line. Every agent's tracer writes to one [`Sink`] (behind a lock: workers are
//! threads). The trace is a
//! JSON array written as it goes, and flushed before each task starts: a process stopped while a
//! task runs (the `--max-time` watchdog exits without unwinding) leaves whole events up to that
//! task's start, and the format allows the closing `]` to be missing, so the trace still opens.
//!
//! Invariant: tracing only observes — it reads the clock and the core's counters and never
//! changes what runs or when. When it is off, every hook is one branch on a flag; a label is only
//! made when tracing is on (its closure is not called otherwise).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

use boa_engine::builtins::function::OrdinaryFunction;
use boa_engine::{Context, JsObject};
use serde_json::{Value, json};

use crate::event_loop::choices::Kind;
use crate::event_loop::{Band, HostSource, LoopTime, PendingByBand, Selected};

/// What the trace says about a task, made when it is posted.
#[derive(Debug, Clone)]
pub struct Posted {
    /// The task's kind: "postTask", "yield continuation", "setTimeout", "message", …
    pub kind: &'static str,
    /// The callback's function name, if it has one.
    pub callback: Option<String>,
    /// Where it was posted (`file:line:col` of the innermost script frame).
    pub site: Option<String>,
    /// The flow from the posting task, if a task was running.
    flow: Option<u64>,
    /// When it was posted.
    at: LoopTime,
}

/// Which outputs are on.
#[derive(Debug, Clone, Default)]
pub struct TraceOptions {
    /// Write Chrome trace-event JSON here.
    pub file: Option<PathBuf>,
    /// Print a line per task on stderr.
    pub log_tasks: bool,
    /// Record where each task comes from, for the `--long-tasks` summary (nothing is written).
    pub long_tasks: bool,
    /// Record where each task comes from, for the `--inp` summary (nothing is written).
    pub inp: bool,
}

impl TraceOptions {
    /// Whether anything is traced.
    #[must_use]
    pub fn enabled(&self) -> bool {
        self.file.is_some() || self.log_tasks || self.long_tasks || self.inp
    }
}

/// A task being run (between `begin` and `end`).
struct Running {
    start: LoopTime,
    name: String,
    args: Value,
    label: TaskLabel,
}

/// What a task was: its kind (source), its callback's name and where it was posted, when the
/// trace knows them (what long tasks are attributed to).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TaskLabel {
    /// "script", "postTask", "yield continuation", "setTimeout", "message", …
    pub kind: &'static str,
    /// The callback's function name (for the script: its file).
    pub callback: Option<String>,
    /// `file:line:col` of the call that posted it.
    pub site: Option<String>,
}

/// The trace file all agents write to.
pub struct Sink {
    out: Option<BufWriter<File>>,
    path: Option<PathBuf>,
    wrote_event: bool,
    next_flow: u64,
    error: Option<String>,
}

/// What a worker's tracer shares with its creator's: the sink, whether tasks are logged, and
/// its place (track, time offset).
#[derive(Clone)]
pub struct TraceShare {
    sink: Arc<Mutex<Sink>>,
    log_tasks: bool,
    /// The worker's track.
    pub tid: u64,
    /// Its loop's time origin, in ns after the first loop's.
    pub offset_ns: u64,
}

impl std::fmt::Debug for TraceShare {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TraceShare")
            .field("tid", &self.tid)
            .finish_non_exhaustive()
    }
}

/// The tracer of one event loop.
pub struct Tracer {
    sink: Arc<Mutex<Sink>>,
    /// The first loop's tracer closes the file.
    first: bool,
    log_tasks: bool,
    /// This loop's track, and how it is named in `--log-tasks` lines (workers only).
    tid: u64,
    label: Option<String>,
    offset_ns: u64,
    /// Tasks posted and not yet run, by task id.
    posted: HashMap<u64, Posted>,
    running: Option<Running>,
    last_counts: Option<PendingByBand>,
}

const PID: u32 = 1;

fn micros(t: LoopTime) -> f64 {
    t.as_nanos() as f64 / 1000.0
}

fn lock(sink: &Mutex<Sink>) -> MutexGuard<'_, Sink> {
    sink.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Sink {
    fn emit(&mut self, event: &Value) {
        let Some(out) = self.out.as_mut() else {
            return;
        };
        let prefix = if self.wrote_event { ",\n" } else { "[\n" };
        let result = out
            .write_all(prefix.as_bytes())
            .and_then(|()| serde_json::to_writer(&mut *out, event).map_err(std::io::Error::from));
        self.wrote_event = true;
        if let Err(e) = result {
            self.error.get_or_insert_with(|| e.to_string());
            self.out = None;
        }
    }
}

fn band_name(band: Band) -> &'static str {
    match band {
        Band::Input => "input",
        Band::High => "high",
        Band::Normal => "normal",
        Band::Low => "low",
        Band::Idle => "idle",
    }
}

fn priority_name(effective: u8) -> &'static str {
    match effective / 2 {
        0 => "background",
        1 => "user-visible",
        _ => "user-blocking",
    }
}

/// The kind of an unlabelled host task, by its source.
#[must_use]
pub fn source_kind(source: HostSource) -> &'static str {
    match source {
        HostSource::Timer => "timer",
        HostSource::PostedMessage => "message",
        HostSource::IdleTimeout => "idle callback (timeout)",
        HostSource::DomManipulation => "DOM manipulation",
        HostSource::FileReading => "file reading",
        HostSource::Other => "host task",
        HostSource::Rendering => "rendering",
        HostSource::UserInteraction => "input",
    }
}

impl Tracer {
    /// A tracer writing to `options.file` (created now) and/or logging tasks.
    pub fn new(options: &TraceOptions) -> anyhow::Result<Self> {
        let out = match &options.file {
            Some(path) => Some(BufWriter::new(File::create(path).map_err(|e| {
                anyhow::anyhow!("cannot write the trace {}: {e}", path.display())
            })?)),
            None => None,
        };
        let sink = Arc::new(Mutex::new(Sink {
            out,
            path: options.file.clone(),
            wrote_event: false,
            next_flow: 1,
            error: None,
        }));
        let tracer = Self {
            sink,
            first: true,
            log_tasks: options.log_tasks,
            tid: 1,
            label: None,
            offset_ns: 0,
            posted: HashMap::new(),
            running: None,
            last_counts: None,
        };
        tracer.emit(
            &json!({"name": "process_name", "ph": "M", "pid": PID, "tid": 1,
            "args": {"name": "taskhost"}}),
        );
        tracer.emit(
            &json!({"name": "thread_name", "ph": "M", "pid": PID, "tid": 1,
            "args": {"name": "taskhost event loop"}}),
        );
        Ok(tracer)
    }

    /// What a worker created now, `offset_ns` after this loop's origin, as agent `agent`, shares
    /// with this tracer.
    #[must_use]
    pub fn share(&self, agent: u64, offset_ns: u64) -> TraceShare {
        TraceShare {
            sink: self.sink.clone(),
            log_tasks: self.log_tasks,
            tid: agent + 1,
            offset_ns: self.offset_ns.saturating_add(offset_ns),
        }
    }

    /// The tracer of a worker's loop: its own track, named `name`, in the shared file.
    #[must_use]
    pub fn joined(share: TraceShare, name: &str) -> Self {
        let label = format!("worker {}", share.tid - 1);
        let tracer = Self {
            sink: share.sink,
            first: false,
            log_tasks: share.log_tasks,
            tid: share.tid,
            label: Some(label.clone()),
            offset_ns: share.offset_ns,
            posted: HashMap::new(),
            running: None,
            last_counts: None,
        };
        tracer.emit(
            &json!({"name": "thread_name", "ph": "M", "pid": PID, "tid": tracer.tid,
            "args": {"name": format!("{label} ({name})")}}),
        );
        tracer
    }

    /// A time of this loop on the trace's time line.
    fn ts(&self, t: LoopTime) -> f64 {
        micros(t.saturating_add_ns(self.offset_ns))
    }

    fn emit(&self, event: &Value) {
        lock(&self.sink).emit(event);
    }

    /// Write out what is buffered (a write error ends the file, as in `emit`).
    fn flush(&self) {
        let mut sink = lock(&self.sink);
        if let Some(out) = sink.out.as_mut()
            && let Err(e) = out.flush()
        {
            sink.error.get_or_insert_with(|| e.to_string());
            sink.out = None;
        }
    }

    /// A new flow id (unique in the file).
    fn new_flow(&self) -> u64 {
        let mut sink = lock(&self.sink);
        let id = sink.next_flow;
        sink.next_flow += 1;
        id
    }

    /// A message leaves this loop for another thread now: the flow's start, if a task is
    /// running (its id goes with the message, see [`Tracer::post_arrived`]).
    pub fn post_departing(&mut self, now: LoopTime) -> Option<u64> {
        self.running.as_ref()?;
        let id = self.new_flow();
        self.emit(&json!({"name": "posts", "cat": "flow", "ph": "s", "id": id,
            "ts": self.ts(now), "pid": PID, "tid": self.tid}));
        Some(id)
    }

    /// A task of `kind` for a message that came from another thread with flow `flow`.
    #[must_use]
    pub fn post_arrived(now: LoopTime, kind: &'static str, flow: Option<u64>) -> Posted {
        Posted {
            kind,
            callback: None,
            site: None,
            flow,
            at: now,
        }
    }

    /// A task is posted now: a flow starts if a task is running.
    pub fn post(
        &mut self,
        now: LoopTime,
        kind: &'static str,
        callback: Option<String>,
        site: Option<String>,
    ) -> Posted {
        let flow = self.running.as_ref().map(|_| self.new_flow());
        if let Some(id) = flow {
            self.emit(&json!({"name": "posts", "cat": "flow", "ph": "s", "id": id,
                "ts": self.ts(now), "pid": PID, "tid": self.tid}));
        }
        Posted {
            kind,
            callback,
            site,
            flow,
            at: now,
        }
    }

    /// `task` (a task id of the host) stands for what `posted` describes.
    pub fn attach(&mut self, task: u64, posted: Posted) {
        self.posted.insert(task, posted);
    }

    /// The task will not run (cancelled, aborted).
    pub fn forget(&mut self, task: u64) {
        self.posted.remove(&task);
    }

    /// A task starts: the selected one, an idle callback, or (`task` `None`) the script itself,
    /// named `script`.
    pub fn begin(
        &mut self,
        now: LoopTime,
        task: Option<u64>,
        selected: Option<&Selected>,
        idle: bool,
        script: &str,
        realm: Option<&str>,
    ) {
        let posted = task.and_then(|t| self.posted.remove(&t));
        let kind = posted.as_ref().map_or_else(
            || match (task, selected.and_then(|s| s.source), idle) {
                (None, ..) => "script",
                (_, _, true) => "idle callback",
                (_, Some(source), _) => source_kind(source),
                (_, None, _) => "scheduler task",
            },
            |p| p.kind,
        );
        let mut name = kind.to_owned();
        if let Some(callback) = posted.as_ref().and_then(|p| p.callback.as_deref()) {
            let _ = write!(name, " {callback}");
        }
        if task.is_none() {
            let _ = write!(name, " {script}");
        }
        // Tasks of a window other than the main one are named with their realm.
        let realm = realm.filter(|r| *r != "main");
        if let Some(realm) = realm {
            let _ = write!(name, " [{realm}]");
        }
        let band = if idle {
            Band::Idle
        } else {
            selected.map_or(Band::Normal, |s| s.band)
        };
        let runnable = selected.map_or(now, |s| s.runnable_at);
        let delay_us = micros(now) - micros(runnable).min(micros(now));
        let mut args = json!({
            "source": kind,
            "band": band_name(band),
            "queueing_delay_us": delay_us,
        });
        // The random policy's choice (`--policy-seed`): what else was runnable.
        let passed_over = selected.map_or(0, |s| s.passed_over);
        let picked_over = (passed_over != 0).then(|| Kind::names(passed_over).join(", "));
        if let Some(s) = selected {
            args["enqueue_order"] = json!(s.order);
            if let Some(e) = s.effective_priority {
                args["priority"] = json!(priority_name(e));
                args["effective_priority"] = json!(e);
                args["continuation"] = json!(e % 2 == 1);
            }
        }
        if let Some(site) = posted.as_ref().and_then(|p| p.site.as_deref()) {
            args["posted_at"] = json!(site);
        }
        if let Some(others) = &picked_over {
            args["picked_over"] = json!(others);
        }
        args["realm"] = json!(realm.unwrap_or("main"));
        if let Some(p) = &posted {
            args["posted_at_us"] = json!(self.ts(p.at));
        }
        if let Some(id) = posted.as_ref().and_then(|p| p.flow) {
            self.emit(
                &json!({"name": "posts", "cat": "flow", "ph": "f", "bp": "e", "id": id,
                "ts": self.ts(now), "pid": PID, "tid": self.tid}),
            );
        }
        if self.log_tasks {
            let mut log = String::new();
            let _ = write!(
                log,
                "{:>10.3} ms  {:<6}  {:<22}",
                self.ts(now) / 1000.0,
                band_name(band),
                kind
            );
            match selected.and_then(|s| s.effective_priority) {
                Some(e) => {
                    let _ = write!(log, "  {:<13}", priority_name(e));
                }
                None => {
                    let _ = write!(log, "  {:<13}", "-");
                }
            }
            let _ = write!(log, "  waited {:>8.3} ms", delay_us / 1000.0);
            if let Some(realm) = realm {
                let _ = write!(log, "  [{realm}]");
            }
            if let Some(label) = &self.label {
                let _ = write!(log, "  [{label}]");
            }
            if let Some(callback) = posted.as_ref().and_then(|p| p.callback.as_deref()) {
                let _ = write!(log, "  {callback}");
            }
            if let Some(site) = posted.as_ref().and_then(|p| p.site.as_deref()) {
                let _ = write!(log, " ({site})");
            }
            if let Some(others) = &picked_over {
                let _ = write!(log, "  picked over: {others}");
            }
            // Before the task runs, so that what it prints follows its line.
            let _ = std::io::stdout().flush();
            eprintln!("{log}");
        }
        // Before the task runs, which may never return.
        self.flush();
        let label = TaskLabel {
            kind,
            callback: if task.is_none() {
                Some(script.to_owned())
            } else {
                posted.as_ref().and_then(|p| p.callback.clone())
            },
            site: posted.and_then(|p| p.site),
        };
        self.running = Some(Running {
            start: now,
            name,
            args,
            label,
        });
    }

    /// The running task (and its microtask checkpoint) ended; `counts` are the pending tasks now.
    /// What the task was.
    pub fn end(&mut self, now: LoopTime, counts: PendingByBand) -> Option<TaskLabel> {
        let running = self.running.take()?;
        let dur = micros(now) - micros(running.start);
        self.emit(&json!({"name": running.name, "cat": "task", "ph": "X",
            "ts": self.ts(running.start), "dur": dur, "pid": PID, "tid": self.tid,
            "args": running.args}));
        if self.last_counts != Some(counts) {
            let name = match &self.label {
                Some(label) => format!("pending tasks ({label})"),
                None => "pending tasks".to_owned(),
            };
            self.emit(&json!({"name": name, "ph": "C", "ts": self.ts(now),
                "pid": PID, "tid": self.tid, "args": {"high": counts.high, "normal": counts.normal,
                "low": counts.low, "idle": counts.idle, "timers": counts.timers}}));
            self.last_counts = Some(counts);
        }
        Some(running.label)
    }

    /// A User Timing mark (`end` `None`: an instant event at `start`), or a measure or long task
    /// (an async slice from `start` to `end`, on its own track per category), of category `cat`.
    pub fn user_event(
        &mut self,
        cat: &str,
        name: &str,
        start: LoopTime,
        end: Option<LoopTime>,
        args: Value,
    ) {
        if !self.writes_file() {
            return;
        }
        match end {
            None => self.emit(&json!({"name": name, "cat": cat, "ph": "i", "s": "t",
                "ts": self.ts(start), "pid": PID, "tid": self.tid, "args": args})),
            Some(end) => {
                let id = self.new_flow();
                self.emit(&json!({"name": name, "cat": cat, "ph": "b", "id": id,
                    "ts": self.ts(start), "pid": PID, "tid": self.tid, "args": args}));
                self.emit(&json!({"name": name, "cat": cat, "ph": "e", "id": id,
                    "ts": self.ts(end), "pid": PID, "tid": self.tid}));
            }
        }
    }

    /// Whether a trace file is being written (instants only go there).
    #[must_use]
    pub fn writes_file(&self) -> bool {
        lock(&self.sink).out.is_some()
    }

    /// An instant event on the event loop's thread.
    pub fn instant(&mut self, now: LoopTime, name: &str, args: Value) {
        if !self.writes_file() {
            return;
        }
        self.emit(
            &json!({"name": name, "cat": "scheduling", "ph": "i", "s": "t",
            "ts": self.ts(now), "pid": PID, "tid": self.tid, "args": args}),
        );
    }

    /// Close the JSON array and flush (the first loop's tracer; a worker's only flushes); the
    /// first write error, if any.
    pub fn finish(&mut self) -> Result<(), String> {
        if !self.first {
            self.flush();
            return Ok(());
        }
        let mut sink = lock(&self.sink);
        let closing: &[u8] = if sink.wrote_event { b"\n]\n" } else { b"[]\n" };
        if let Some(out) = sink.out.as_mut()
            && let Err(e) = out.write_all(closing).and_then(|()| out.flush())
        {
            sink.error.get_or_insert_with(|| e.to_string());
        }
        sink.out = None;
        match (sink.error.take(), &sink.path) {
            (Some(e), Some(path)) => Err(format!("cannot write the trace {}: {e}", path.display())),
            (Some(e), None) => Err(e),
            (None, _) => Ok(()),
        }
    }
}

/// The innermost script frame's position, `file:line:col` (the call site of the API that posts
/// a task).
#[must_use]
pub fn call_site(context: &Context) -> Option<String> {
    let frame = context.stack_trace().next()?;
    let location = frame.position();
    let position = location.position?;
    Some(format!(
        "{}:{}:{}",
        location.path,
        position.line_number(),
        position.column_number()
    ))
}

/// A function's name without running script (no getter can observe it): the name of its code.
#[must_use]
pub fn function_name(callback: &JsObject) -> Option<String> {
    let function = callback.downcast_ref::<OrdinaryFunction>()?;
    let name = function.codeblock().name().to_std_string_escaped();
    Some(if name.is_empty() {
        "(anonymous)".to_owned()
    } else {
        name
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run stopped while a task runs (no `finish`, no drop) leaves a trace that parses once
    /// the missing `]` is added, with every task that ended before.
    #[test]
    fn trace_is_whole_up_to_the_running_task() -> Result<(), Box<dyn std::error::Error>> {
        let path =
            std::env::temp_dir().join(format!("taskhost-trace-flush-{}.json", std::process::id()));
        let options = TraceOptions {
            file: Some(path.clone()),
            log_tasks: false,
            long_tasks: false,
            inp: false,
        };
        let mut tracer = Tracer::new(&options)?;
        tracer.begin(LoopTime::ZERO, None, None, false, "first.js", None);
        let posted = tracer.post(LoopTime::ZERO, "setTimeout", Some("later".into()), None);
        tracer.attach(7, posted);
        tracer.end(LoopTime::ZERO, PendingByBand::default());
        // The timer's task starts and never ends.
        tracer.begin(LoopTime::ZERO, Some(7), None, false, "first.js", None);
        let text = std::fs::read_to_string(&path)?;
        // Like a process exit: the tracer's buffer is never written.
        std::mem::forget(tracer);
        let _ = std::fs::remove_file(&path);
        let events: Vec<Value> = serde_json::from_str(&format!("{text}\n]"))?;
        let tasks: Vec<&str> = events
            .iter()
            .filter(|e| e["ph"] == "X")
            .filter_map(|e| e["name"].as_str())
            .collect();
        assert_eq!(tasks, ["script first.js"]);
        let flow_ends = events.iter().filter(|e| e["ph"] == "f").count();
        assert_eq!(
            flow_ends, 1,
            "the running task's flow end is written: {text}"
        );
        Ok(())
    }
}
