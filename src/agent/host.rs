//! The host state shared by the engine glue, the web layer and the loop driver.
//!
//! Invariants:
//! - Every `TaskId` handed to the event-loop core names exactly one live entry of `tasks` until the
//!   core hands it back (selected or cancelled), when the entry is taken out.
//! - The microtask queue is one FIFO: promise jobs (which carry their own continuation state in
//!   their JobCallbacks) and `queueMicrotask` callbacks (which capture the state when queued).
//! - `current_continuation_state` is `None` outside of a scheduler task, a continuation or a
//!   microtask that captured a state.
//!
//! Borrows of the `RefCell`s here are short and never held across a call into JS.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use boa_engine::job::{NativeAsyncJob, PromiseJob};
use boa_engine::realm::Realm;
use boa_engine::{Context, JsError, JsNativeError, JsObject, JsResult, JsValue};

use crate::agent::continuation::ContinuationState;
use crate::agent::rejections::RejectedPromises;

mod trace_hooks;
use crate::agent::trace::{Posted, Tracer, source_kind};
use crate::event_loop::slab::GenSlab;
use crate::event_loop::{EventLoopCore, HostSource, LoopTime, TaskId, TimerKey};

/// A task's steps: Rust code that may call into JS.
pub type TaskSteps = Box<dyn FnOnce(&mut Context) -> JsResult<()>>;

/// The steps of a timer action: they get the host, the timer's due time and its enqueue order.
pub type TimerActionSteps = dyn FnOnce(&Host, LoopTime, u64);

/// What a `TaskId` stands for.
enum TaskRecord {
    /// A task of an HTML task source, run by the loop when selected.
    Run {
        source: HostSource,
        realm: Realm,
        steps: TaskSteps,
    },
    /// A timer whose ripening queues `steps` as a task of `source` (runnable at its due time),
    /// under the same id.
    TimerTask {
        source: HostSource,
        realm: Realm,
        steps: TaskSteps,
    },
    /// A timer whose ripening runs Rust-side steps at once, without JS ("in parallel" steps, e.g.
    /// a delayed postTask enqueueing its task), given the timer's due time and enqueue order.
    TimerAction { action: Box<TimerActionSteps> },
}

/// A microtask.
pub enum Microtask {
    /// HostEnqueuePromiseJob: queued with ignoreContinuationState = true (§4.1.7).
    Promise(PromiseJob),
    /// `queueMicrotask` and host microtasks: run with the state captured when queued (§4.1.4).
    Callback {
        steps: TaskSteps,
        realm: Realm,
        state: Option<ContinuationState>,
    },
}

/// What the agent asks of the web layer above it, installed by it ([`Host::install_web_hooks`]):
/// the agent runs microtasks and notices rejected promises, but reporting an exception and firing
/// `unhandledrejection`/`rejectionhandled` are web APIs (an `ErrorEvent`, a
/// `PromiseRejectionEvent` at the global).
#[derive(Copy, Clone)]
pub struct WebHooks {
    /// HTML "report an exception" (§8.1.4.7) for the current global.
    pub report_exception: fn(&Host, &JsError, &mut Context),
    /// Fire the `PromiseRejectionEvent` named `kind` at the global for `promise` with `reason`,
    /// cancelable or not: whether it was not canceled.
    pub fire_promise_rejection_event: fn(
        kind: &str,
        promise: &JsObject,
        reason: &JsValue,
        cancelable: bool,
        &mut Context,
    ) -> JsResult<bool>,
    /// Report an unhandled rejection's reason to the console (and the exit status).
    pub report_unhandled_rejection: fn(&Host, &JsValue),
}

/// An agent's place in its process: the process, the agent's id and its termination flag.
#[derive(Clone, Debug)]
pub struct AgentLink {
    pub process: std::sync::Arc<crate::agent::process::Process>,
    pub handle: crate::agent::process::AgentHandle,
}

impl AgentLink {
    /// This agent's id.
    #[must_use]
    pub fn id(&self) -> crate::agent::process::AgentId {
        self.handle.id
    }
}

/// A handle to a host timer (to cancel it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HostTimer(TimerHandle);

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum TimerHandle {
    /// A timer of the event-loop core's heap.
    Core { key: TimerKey, task: TaskId },
    /// A timeout of the imitated Firefox executor (`timeout_executor.rs`).
    Executor(u64),
}

/// The host state of one event loop.
pub struct Host {
    core: RefCell<EventLoopCore>,
    tasks: RefCell<GenSlab<TaskRecord>>,
    microtasks: RefCell<VecDeque<Microtask>>,
    performing_microtask_checkpoint: Cell<bool>,
    /// Set while an exception is reported early (`Deviations::report_before_checkpoint`): the
    /// call that threw is not finished, so no call inside the report performs a checkpoint.
    checkpoints_deferred: Cell<bool>,
    async_jobs: RefCell<Vec<NativeAsyncJob>>,
    cleanup_jobs: RefCell<Vec<NativeAsyncJob>>,
    continuation: RefCell<Option<ContinuationState>>,
    /// HTML's rejected-promise lists (see `rejections.rs`).
    rejections: RejectedPromises,
    /// Set when an uncaught exception or unhandled rejection was reported: exit status 1.
    had_error: Cell<bool>,
    /// The deadline of the idle period while an idle callback runs.
    idle_deadline: Cell<Option<LoopTime>>,
    /// The file name used when reporting errors of code without a path (timer strings, eval).
    script_name: RefCell<String>,
    /// The embedder asked the event loop to stop after the running task (the conformance runner,
    /// once the harness has reported).
    stop_requested: Cell<bool>,
    /// Whether some realm of this agent stopped being fully active (`agent::realm::can_run`).
    detached_realms: Cell<bool>,
    /// The web layer's reporting (see [`WebHooks`]); without them, errors go to stderr.
    web_hooks: Cell<Option<WebHooks>>,
    /// `--trace` / `--log-tasks` (see `trace.rs`).
    tracer: RefCell<Option<Tracer>>,
    /// The process this agent belongs to, and its place in it (set once by the runtime).
    agent: std::cell::OnceCell<AgentLink>,
    /// `tracer.is_some()`, set once by `install_tracer`: what every trace hook tests first, a
    /// plain load where the `RefCell` would also check its borrow flag.
    tracing: Cell<bool>,
    /// The browser deviations from the specs this agent imitates (none unless asked).
    deviations: Cell<crate::agent::deviations::Deviations>,
    /// `taskhost.clock`: a paused clock, the target a script awaits (see `clock_control.rs`).
    clock_control: RefCell<crate::agent::clock_control::ClockControl>,
    /// Steps the web layer left for the next moment no JavaScript frame is on the stack
    /// ([`Host::when_stack_empty`]); each once, in the order first asked for.
    when_stack_empty: RefCell<Vec<fn(&mut Context)>>,
    /// Long Animation Frames' bookkeeping (see `frame_timing.rs`).
    frame_timing: crate::agent::frame_timing::FrameTiming,
    /// The page's timeouts when imitating Firefox's timer executor (`timeout_executor.rs`).
    timeout_executor: RefCell<crate::agent::timeout_executor::TimeoutExecutor>,
}

impl std::fmt::Debug for Host {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Host").finish_non_exhaustive()
    }
}

impl Host {
    #[must_use]
    pub fn new(core: EventLoopCore) -> Rc<Self> {
        Rc::new(Self {
            core: RefCell::new(core),
            tasks: RefCell::new(GenSlab::default()),
            microtasks: RefCell::new(VecDeque::new()),
            performing_microtask_checkpoint: Cell::new(false),
            checkpoints_deferred: Cell::new(false),
            async_jobs: RefCell::new(Vec::new()),
            cleanup_jobs: RefCell::new(Vec::new()),
            continuation: RefCell::new(None),
            rejections: RejectedPromises::default(),
            had_error: Cell::new(false),
            idle_deadline: Cell::new(None),
            script_name: RefCell::new(String::from("<eval>")),
            stop_requested: Cell::new(false),
            detached_realms: Cell::new(false),
            web_hooks: Cell::new(None),
            tracer: RefCell::new(None),
            agent: std::cell::OnceCell::new(),
            tracing: Cell::new(false),
            deviations: Cell::new(crate::agent::deviations::Deviations::NONE),
            clock_control: RefCell::default(),
            when_stack_empty: RefCell::new(Vec::new()),
            frame_timing: crate::agent::frame_timing::FrameTiming::default(),
            timeout_executor: RefCell::default(),
        })
    }

    /// Run `steps` the next time "clean up after running script" finds the JavaScript execution
    /// context stack empty (`agent::script`): for changes to an object's shape that must not
    /// happen while a property access of the engine is under way (`web::dom::interface`'s lazy
    /// interface objects). Asking again before that moment changes nothing.
    pub fn when_stack_empty(&self, steps: fn(&mut Context)) {
        let mut queued = self.when_stack_empty.borrow_mut();
        if !queued.iter().any(|s| std::ptr::fn_addr_eq(*s, steps)) {
            queued.push(steps);
        }
    }

    /// Run the steps left for an empty stack (the caller has checked that it is).
    pub fn run_when_stack_empty(&self, context: &mut Context) {
        loop {
            let steps = std::mem::take(&mut *self.when_stack_empty.borrow_mut());
            if steps.is_empty() {
                return;
            }
            for step in steps {
                step(context);
            }
        }
    }

    /// Long Animation Frames' bookkeeping (see `frame_timing.rs`).
    #[must_use]
    pub fn frame_timing(&self) -> &crate::agent::frame_timing::FrameTiming {
        &self.frame_timing
    }

    /// `taskhost.clock`'s state (see `clock_control.rs`).
    #[must_use]
    pub fn clock_control(&self) -> &RefCell<crate::agent::clock_control::ClockControl> {
        &self.clock_control
    }

    /// The browser deviations this agent imitates (`--imitate`).
    #[must_use]
    pub fn deviations(&self) -> crate::agent::deviations::Deviations {
        self.deviations.get()
    }

    /// Imitate `deviations` (set once by the runtime, before anything runs).
    pub fn set_deviations(&self, deviations: crate::agent::deviations::Deviations) {
        self.deviations.set(deviations);
    }

    /// Join this agent to its process (once, before anything runs).
    pub fn set_agent(&self, link: AgentLink) {
        let _ = self.agent.set(link);
    }

    /// This agent's process and its place in it.
    #[must_use]
    pub fn agent(&self) -> Option<&AgentLink> {
        self.agent.get()
    }

    /// The process and place of the agent running `context` (every taskhost runtime has one).
    pub fn agent_link(context: &Context) -> JsResult<AgentLink> {
        Self::from_context(context)?
            .agent()
            .cloned()
            .ok_or_else(|| js_error("this event loop belongs to no process"))
    }

    /// The host of the context (every taskhost context has one).
    pub fn from_context(context: &Context) -> JsResult<Rc<Self>> {
        context.get_data::<Rc<Self>>().cloned().ok_or_else(|| {
            JsNativeError::typ()
                .with_message("this context has no taskhost event loop")
                .into()
        })
    }

    /// How many tasks are queued (their steps held until they run or are removed); `None` while
    /// the table is borrowed.
    pub fn queued_task_count(&self) -> Option<usize> {
        self.tasks.try_borrow().ok().map(|tasks| tasks.len())
    }

    /// Borrow the event-loop core (never across a call into JS).
    pub fn core(&self) -> std::cell::RefMut<'_, EventLoopCore> {
        self.core.borrow_mut()
    }

    #[must_use]
    pub fn now(&self) -> LoopTime {
        self.core.borrow().now()
    }

    // ---- tasks ----

    /// Queue a global task on an HTML task source (band 2 of the policy) given the global of
    /// `realm`, runnable now: its steps run with `realm` current, and not at all once the realm's
    /// document is no longer fully active.
    pub fn queue_task(&self, source: HostSource, realm: Realm, steps: TaskSteps) {
        self.queue_task_posted(source, realm, steps, None);
    }

    /// [`Self::queue_task`], with what the trace says about it (see [`Self::trace_post`]).
    pub fn queue_task_posted(
        &self,
        source: HostSource,
        realm: Realm,
        steps: TaskSteps,
        posted: Option<Box<Posted>>,
    ) {
        let id = self.record_task(TaskRecord::Run {
            source,
            realm,
            steps,
        });
        self.trace_attach(TaskId(id), posted, source_kind(source));
        self.core.borrow_mut().queue_task(source, TaskId(id));
    }

    /// Queue a global task on `source` given the global of `realm` that became runnable at
    /// `runnable_at`, with enqueue order `order` (taken by the timer whose action queues it):
    /// a task the host queues from a timer action, as a ripe timer is queued.
    pub fn queue_task_at(
        &self,
        source: HostSource,
        realm: Realm,
        steps: TaskSteps,
        runnable_at: LoopTime,
        order: u64,
    ) {
        let id = self.record_task(TaskRecord::Run {
            source,
            realm,
            steps,
        });
        self.trace_attach(TaskId(id), None, source_kind(source));
        self.core
            .borrow_mut()
            .queue_task_at(source, TaskId(id), runnable_at, order);
    }

    /// Set a timer that, at `due`, queues `steps` as a global task of `source` given the global
    /// of `realm` (runnable at `due`).
    pub fn set_timer_task(
        &self,
        due: LoopTime,
        source: HostSource,
        realm: Realm,
        steps: TaskSteps,
    ) -> HostTimer {
        self.set_timer_task_posted(due, source, realm, steps, None)
    }

    /// [`Self::set_timer_task`], with what the trace says about it.
    pub fn set_timer_task_posted(
        &self,
        due: LoopTime,
        source: HostSource,
        realm: Realm,
        steps: TaskSteps,
        posted: Option<Box<Posted>>,
    ) -> HostTimer {
        let id = TaskId(self.record_task(TaskRecord::TimerTask {
            source,
            realm,
            steps,
        }));
        self.trace_attach(id, posted, source_kind(source));
        let key = self.core.borrow_mut().set_timer(due, id);
        HostTimer(TimerHandle::Core { key, task: id })
    }

    /// Set a timer of the page, due at `due`, whose task runs `steps` (an HTML timer,
    /// `AbortSignal.timeout`): [`Self::set_timer_task_posted`] on the timer task source, or, when
    /// imitating Firefox's timer executor, a timeout of that executor (`timeout_executor.rs`).
    pub fn set_page_timer(
        &self,
        due: LoopTime,
        realm: Realm,
        steps: TaskSteps,
        posted: Option<Box<Posted>>,
    ) -> HostTimer {
        if self.deviations().timer_executor {
            let action = crate::agent::timeout_executor::Action::Task(steps);
            let id = crate::agent::timeout_executor::set(self, due, realm, action);
            return HostTimer(TimerHandle::Executor(id));
        }
        self.set_timer_task_posted(due, HostSource::Timer, realm, steps, posted)
    }

    /// Set a timer of the page that, at `due`, runs Rust-side steps (a `postTask` delay):
    /// [`Self::set_timer_action`], or, when imitating Firefox's timer executor, a timeout of that
    /// executor, whose steps get the time it runs at and a fresh enqueue order.
    pub fn set_page_timer_action(
        &self,
        due: LoopTime,
        realm: Realm,
        action: Box<TimerActionSteps>,
    ) -> HostTimer {
        if self.deviations().timer_executor {
            let action = crate::agent::timeout_executor::Action::Steps(action);
            let id = crate::agent::timeout_executor::set(self, due, realm, action);
            return HostTimer(TimerHandle::Executor(id));
        }
        self.set_timer_action(due, action)
    }

    /// The imitated Firefox timer executor (`timeout_executor.rs`).
    pub(crate) fn timeout_executor(
        &self,
    ) -> &RefCell<crate::agent::timeout_executor::TimeoutExecutor> {
        &self.timeout_executor
    }

    /// Set a timer that, at `due`, runs Rust-side steps (no JS) and queues nothing by itself.
    pub fn set_timer_action(&self, due: LoopTime, action: Box<TimerActionSteps>) -> HostTimer {
        let id = TaskId(
            self.tasks
                .borrow_mut()
                .insert(TaskRecord::TimerAction { action }),
        );
        let key = self.core.borrow_mut().set_timer(due, id);
        HostTimer(TimerHandle::Core { key, task: id })
    }

    /// Cancel a timer that has not ripened. A ripened timer task is already queued: its own
    /// steps must check whether it still should run (HTML timers do).
    pub fn cancel_timer(&self, timer: HostTimer) {
        match timer.0 {
            TimerHandle::Core { key, task } => {
                if self.core.borrow_mut().cancel_timer(key) {
                    self.tasks.borrow_mut().remove(task.0);
                    self.trace_forget(task);
                }
            }
            TimerHandle::Executor(id) => crate::agent::timeout_executor::clear(self, id),
        }
    }

    /// Move every timer due at `now` to where it belongs: a task queued at its due time, or its
    /// Rust-side action run now.
    pub fn drain_ripe_timers(&self, now: LoopTime) {
        loop {
            let Some(ripe) = self.core.borrow_mut().pop_ripe_timer(now) else {
                break;
            };
            let slot = ripe.payload.0;
            let queue_on = match self.tasks.borrow().get(slot) {
                Some(TaskRecord::TimerTask { source, .. }) => Some(*source),
                _ => None,
            };
            if let Some(source) = queue_on {
                // The record stays under the timer's id, which now names the queued task
                // (`take_task` takes a timer task's steps; the trace finds it by the same id).
                self.core
                    .borrow_mut()
                    .queue_task_at(source, ripe.payload, ripe.due, ripe.order);
                continue;
            }
            let record = self.tasks.borrow_mut().remove(slot);
            match record {
                Some(TaskRecord::TimerAction { action }) => action(self, ripe.due, ripe.order),
                // A timer's payload is always a timer record (set by the two methods above).
                Some(TaskRecord::Run { .. } | TaskRecord::TimerTask { .. }) => {
                    debug_assert!(false, "a ripe timer named a task");
                }
                None => {}
            }
        }
    }

    /// Take the steps of a selected task, with its realm.
    pub fn take_task(&self, id: TaskId) -> Option<(HostSource, Realm, TaskSteps)> {
        match self.tasks.borrow_mut().remove(id.0)? {
            TaskRecord::Run {
                source,
                realm,
                steps,
            }
            | TaskRecord::TimerTask {
                source,
                realm,
                steps,
            } => Some((source, realm, steps)),
            TaskRecord::TimerAction { .. } => None,
        }
    }

    /// Register a task record for a task the web layer queues in a scheduler queue of the core
    /// (the core is told separately, with the returned id).
    pub fn insert_task(&self, realm: Realm, steps: TaskSteps) -> TaskId {
        TaskId(self.record_task(TaskRecord::Run {
            source: HostSource::Other,
            realm,
            steps,
        }))
    }

    /// Keep a queued task's record, after the collection pace's look at what was allocated since
    /// the last collection (`PacePoint::TaskQueued`). (What the caller holds is rooted, as at any
    /// allocation, where the engine may collect too.)
    fn record_task(&self, record: TaskRecord) -> u64 {
        crate::agent::collection_pace::pace(
            || self.queued_task_count(),
            crate::agent::collection_pace::PacePoint::TaskQueued,
        );
        self.tasks.borrow_mut().insert(record)
    }

    /// Forget a task record whose task was removed from the core (e.g. aborted).
    pub fn forget_task(&self, id: TaskId) {
        self.tasks.borrow_mut().remove(id.0);
        self.trace_forget(id);
    }

    /// A realm of this agent stopped being fully active.
    pub fn note_detached_realm(&self) {
        self.detached_realms.set(true);
    }

    #[must_use]
    pub fn has_detached_realms(&self) -> bool {
        self.detached_realms.get()
    }

    /// Ask the event loop to stop after the running task, as if nothing were left to run.
    pub fn request_stop(&self) {
        self.stop_requested.set(true);
    }

    #[must_use]
    pub fn stop_requested(&self) -> bool {
        self.stop_requested.get()
    }

    // ---- the web layer's reporting ----

    /// Install what the web layer does for the agent.
    pub fn install_web_hooks(&self, hooks: WebHooks) {
        self.web_hooks.set(Some(hooks));
    }

    /// HTML "report an exception": through the web layer's `ErrorEvent` when it is installed,
    /// else to stderr (and the exit status).
    pub fn report_exception(&self, error: &JsError, context: &mut Context) {
        match self.web_hooks.get() {
            Some(hooks) => (hooks.report_exception)(self, error, context),
            None => {
                eprintln!("Uncaught {error}");
                self.mark_error();
            }
        }
    }

    /// Fire `unhandledrejection` or `rejectionhandled` for `promise`: whether it was not canceled
    /// (true, and nothing fired, without the web layer).
    pub fn fire_promise_rejection_event(
        &self,
        kind: &str,
        promise: &JsObject,
        reason: &JsValue,
        cancelable: bool,
        context: &mut Context,
    ) -> JsResult<bool> {
        match self.web_hooks.get() {
            Some(hooks) => {
                (hooks.fire_promise_rejection_event)(kind, promise, reason, cancelable, context)
            }
            None => Ok(true),
        }
    }

    /// Report an unhandled rejection's reason to the console (and the exit status).
    pub fn report_unhandled_rejection(&self, reason: &JsValue) {
        match self.web_hooks.get() {
            Some(hooks) => (hooks.report_unhandled_rejection)(self, reason),
            None => {
                eprintln!("Uncaught (in promise) {}", reason.display());
                self.mark_error();
            }
        }
    }

    // ---- microtasks ----

    pub fn enqueue_promise_job(&self, job: PromiseJob) {
        self.microtasks
            .borrow_mut()
            .push_back(Microtask::Promise(job));
    }

    /// Queue a microtask (HTML "queue a microtask", §4.1.4 of the scheduling spec):
    /// 5.1. Let continuationState be null.
    /// 5.2. If ignoreContinuationState is false and eventLoop's current continuation state is not
    ///      null, then set continuationState to the result of cloning it.
    /// 5.3. The microtask's steps set the current continuation state to continuationState, run
    ///      steps, and set the current continuation state to null.
    pub fn queue_microtask(&self, realm: Realm, steps: TaskSteps) {
        let state = self.current_continuation_state();
        self.microtasks.borrow_mut().push_back(Microtask::Callback {
            steps,
            realm,
            state,
        });
    }

    pub fn pop_microtask(&self) -> Option<Microtask> {
        let mut microtasks = self.microtasks.borrow_mut();
        let microtask = microtasks.pop_front();
        // (A checkpoint after 10^5 rejections leaves no megabytes of empty queue behind.)
        crate::event_loop::drained::release_if_drained(&mut *microtasks);
        microtask
    }

    #[must_use]
    pub fn has_microtasks(&self) -> bool {
        !self.microtasks.borrow().is_empty()
    }

    /// Returns false if a checkpoint is already being performed (HTML step 1), else marks it.
    pub fn begin_microtask_checkpoint(&self) -> bool {
        !self.performing_microtask_checkpoint.replace(true)
    }

    pub fn end_microtask_checkpoint(&self) {
        self.performing_microtask_checkpoint.set(false);
    }

    /// Whether a microtask checkpoint is being performed: while it is, the event loop's
    /// currently running task is a microtask (checkpoint step 3.2), not the task around it.
    #[must_use]
    pub fn performing_microtask_checkpoint(&self) -> bool {
        self.performing_microtask_checkpoint.get()
    }

    /// Run `f` with "clean up after running script" performing no checkpoint (see
    /// `checkpoints_deferred`); nests.
    pub fn with_checkpoints_deferred<T>(&self, f: impl FnOnce() -> T) -> T {
        let was = self.checkpoints_deferred.replace(true);
        let result = f();
        self.checkpoints_deferred.set(was);
        result
    }

    /// Whether checkpoints are deferred (see [`Host::with_checkpoints_deferred`]).
    #[must_use]
    pub fn checkpoints_deferred(&self) -> bool {
        self.checkpoints_deferred.get()
    }

    // ---- async jobs (module loading, dynamic import, Atomics.waitAsync) ----

    pub fn enqueue_async_job(&self, job: NativeAsyncJob) {
        self.async_jobs.borrow_mut().push(job);
    }

    pub fn enqueue_cleanup_job(&self, job: NativeAsyncJob) {
        self.cleanup_jobs.borrow_mut().push(job);
    }

    pub fn take_async_jobs(&self) -> Vec<NativeAsyncJob> {
        std::mem::take(&mut *self.async_jobs.borrow_mut())
    }

    pub fn take_cleanup_jobs(&self) -> Vec<NativeAsyncJob> {
        std::mem::take(&mut *self.cleanup_jobs.borrow_mut())
    }

    // ---- continuation state (§4.1.2) ----

    #[must_use]
    pub fn current_continuation_state(&self) -> Option<ContinuationState> {
        self.continuation.borrow().clone()
    }

    pub fn set_current_continuation_state(&self, state: Option<ContinuationState>) {
        *self.continuation.borrow_mut() = state;
    }

    /// "Set continuation state value" for `key` (§4.1.2).
    pub fn set_continuation_state_value(&self, key: JsObject, value: boa_gc::GcErased) {
        let mut slot = self.continuation.borrow_mut();
        let next = ContinuationState::with_value(slot.as_ref(), key, value);
        *slot = Some(next);
    }

    /// "Get continuation state value" for `key` (§4.1.2):
    /// 1. Let continuationState be eventLoop's current continuation state.
    /// 2. If continuationState is not null and its state map[key] exists, return it; else null.
    #[must_use]
    pub fn continuation_state_value(&self, key: &JsObject) -> Option<boa_gc::GcErased> {
        self.continuation.borrow().as_ref().and_then(|s| s.get(key))
    }

    // ---- rejected promises and errors ----

    /// HTML's rejected-promise lists of this event loop's globals.
    #[must_use]
    pub fn rejections(&self) -> &RejectedPromises {
        &self.rejections
    }

    pub fn mark_error(&self) {
        self.had_error.set(true);
    }

    #[must_use]
    pub fn had_error(&self) -> bool {
        self.had_error.get()
    }

    pub fn set_idle_deadline(&self, deadline: Option<LoopTime>) {
        self.idle_deadline.set(deadline);
    }

    #[must_use]
    pub fn idle_deadline(&self) -> Option<LoopTime> {
        self.idle_deadline.get()
    }

    /// When the earliest timer of the event loop is due (none if no timer is set).
    #[must_use]
    pub fn next_timer_due(&self) -> Option<LoopTime> {
        self.core.borrow().next_timer_due()
    }

    pub fn set_script_name(&self, name: &str) {
        name.clone_into(&mut self.script_name.borrow_mut());
    }

    #[must_use]
    pub fn script_name(&self) -> String {
        self.script_name.borrow().clone()
    }

    /// Number of async jobs not yet started (the loop owns the started ones).
    #[must_use]
    pub fn queued_async_jobs(&self) -> usize {
        self.async_jobs.borrow().len()
    }
}

/// Convert a host error into a JS error (for native functions).
/// State of this agent that a layer above keeps, one value per type, made on first use (a
/// registry of ports or workers): context data, which lives as long as the agent.
pub fn agent_data<T: Default + 'static>(context: &mut Context) -> Rc<T> {
    if let Some(value) = context.get_data::<Rc<T>>() {
        return value.clone();
    }
    let value = Rc::new(T::default());
    context.insert_data(value.clone());
    value
}

pub fn js_error(message: impl Into<String>) -> JsError {
    JsNativeError::error().with_message(message.into()).into()
}
