//! The host's side of tracing (`--trace`, `--log-tasks`; the tracer itself is `agent::trace`):
//! what the event loop and the web layer call when tasks are posted, attached, begun and ended.
//! Each hook is one branch on `Host::tracing` when tracing is off; the work is out of line.

use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject};

use super::Host;
use crate::agent::trace::{Posted, TaskLabel, Tracer, call_site, function_name};
use crate::event_loop::{LoopTime, Selected, TaskId};

impl Host {
    /// Trace this event loop.
    pub fn install_tracer(&self, tracer: Tracer) {
        *self.tracer.borrow_mut() = Some(tracer);
        self.tracing.set(true);
    }

    /// A task of `kind` with `callback` is being posted now, by the script at the top of the
    /// stack: what the trace will say about it (and a flow from the running task). `None`, at
    /// the cost of one branch, when tracing is off.
    #[inline]
    pub fn trace_post(
        &self,
        context: &Context,
        kind: &'static str,
        callback: Option<&JsObject>,
    ) -> Option<Box<Posted>> {
        if !self.tracing.get() {
            return None;
        }
        self.trace_post_on(context, kind, callback)
    }

    #[cold]
    #[inline(never)]
    fn trace_post_on(
        &self,
        context: &Context,
        kind: &'static str,
        callback: Option<&JsObject>,
    ) -> Option<Box<Posted>> {
        let callback = callback.and_then(function_name);
        let site = call_site(context);
        let now = self.now();
        let mut tracer = self.tracer.borrow_mut();
        Some(Box::new(tracer.as_mut()?.post(now, kind, callback, site)))
    }

    /// What a worker's tracer created now as agent `agent` shares with this loop's tracer.
    #[must_use]
    pub fn trace_share(&self, agent: u64) -> Option<crate::agent::trace::TraceShare> {
        if !self.tracing.get() {
            return None;
        }
        let now = self.now().as_nanos();
        Some(self.tracer.borrow().as_ref()?.share(agent, now))
    }

    /// A message leaves for another thread now: the id of the flow that starts here.
    #[must_use]
    pub fn trace_departing(&self) -> Option<u64> {
        if !self.tracing.get() {
            return None;
        }
        let now = self.now();
        self.tracer.borrow_mut().as_mut()?.post_departing(now)
    }

    /// A task of `kind` for a message that arrived from another thread with `flow`.
    #[must_use]
    pub fn trace_arrived(&self, kind: &'static str, flow: Option<u64>) -> Option<Box<Posted>> {
        if !self.tracing.get() {
            return None;
        }
        Some(Box::new(Tracer::post_arrived(self.now(), kind, flow)))
    }

    /// `task` is what `posted` describes (or, without it, a task of `kind`).
    #[inline]
    pub fn trace_attach(&self, task: TaskId, posted: Option<Box<Posted>>, kind: &'static str) {
        if self.tracing.get() {
            self.trace_attach_on(task, posted, kind);
        }
    }

    #[cold]
    #[inline(never)]
    fn trace_attach_on(&self, task: TaskId, posted: Option<Box<Posted>>, kind: &'static str) {
        let now = self.now();
        if let Some(tracer) = self.tracer.borrow_mut().as_mut() {
            let posted = posted.map_or_else(|| tracer.post(now, kind, None, None), |p| *p);
            tracer.attach(task.0, posted);
        }
    }

    #[inline]
    pub(super) fn trace_forget(&self, task: TaskId) {
        if self.tracing.get()
            && let Some(tracer) = self.tracer.borrow_mut().as_mut()
        {
            tracer.forget(task.0);
        }
    }

    /// An instant event (`args` is only made when a trace file is written: `--log-tasks` does
    /// not show instants).
    #[inline]
    pub fn trace_instant(&self, name: &str, args: impl FnOnce() -> serde_json::Value) {
        if !self.tracing.get() {
            return;
        }
        let now = self.now();
        if let Some(tracer) = self.tracer.borrow_mut().as_mut()
            && tracer.writes_file()
        {
            tracer.instant(now, name, args());
        }
    }

    /// A task starts now, at `now` (`None`: the script itself).
    #[inline]
    pub fn trace_begin(
        &self,
        now: LoopTime,
        task: Option<TaskId>,
        selected: Option<&Selected>,
        idle: bool,
        realm: Option<&Realm>,
    ) {
        if self.tracing.get() {
            self.trace_begin_on(now, task, selected, idle, realm);
        }
    }

    #[cold]
    #[inline(never)]
    fn trace_begin_on(
        &self,
        now: LoopTime,
        task: Option<TaskId>,
        selected: Option<&Selected>,
        idle: bool,
        realm: Option<&Realm>,
    ) {
        let realm = realm
            .and_then(crate::agent::realm::realm_record)
            .map(|r| r.name.clone());
        if let Some(tracer) = self.tracer.borrow_mut().as_mut() {
            let script = self.script_name.borrow();
            tracer.begin(
                now,
                task.map(|t| t.0),
                selected,
                idle,
                &script,
                realm.as_deref(),
            );
        }
    }

    /// The running task and its microtask checkpoint ended at `now`: what the trace knows of
    /// it (`None` when tracing is off).
    #[inline]
    pub fn trace_end(&self, now: LoopTime) -> Option<TaskLabel> {
        if self.tracing.get() {
            return self.trace_end_on(now);
        }
        None
    }

    #[cold]
    #[inline(never)]
    fn trace_end_on(&self, now: LoopTime) -> Option<TaskLabel> {
        let counts = self.core.borrow().pending_by_band();
        self.tracer.borrow_mut().as_mut()?.end(now, counts)
    }

    /// A User Timing mark or measure, or a long task, of category `cat` (see
    /// [`Tracer::user_event`]); `args` is only made when a trace file is written.
    pub fn trace_user_timing(
        &self,
        cat: &str,
        name: &str,
        start: LoopTime,
        end: Option<LoopTime>,
        args: impl FnOnce() -> serde_json::Value,
    ) {
        if !self.tracing.get() {
            return;
        }
        if let Some(tracer) = self.tracer.borrow_mut().as_mut()
            && tracer.writes_file()
        {
            tracer.user_event(cat, name, start, end, args());
        }
    }

    /// Close the trace file.
    pub fn finish_trace(&self) -> Result<(), String> {
        match self.tracer.borrow_mut().as_mut() {
            Some(tracer) => tracer.finish(),
            None => Ok(()),
        }
    }
}
