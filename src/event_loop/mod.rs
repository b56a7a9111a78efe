//! The event-loop core: plain Rust, no JS values.
//!
//! Tasks are opaque [`TaskId`]s; the web layer owns the JS values a task id stands for. The core owns
//! *when* each task runs: the task queues, the banded selection policy (see `docs/EVENT_LOOP.md` and
//! `policy.rs`), the delayed-task (timer) heap and the clock.
//!
//! Invariants of [`EventLoopCore`]:
//! - One enqueue-order counter, starting at 1 and strictly increasing, numbers every host task,
//!   scheduler task and timer of the loop (`queue_task_at` reuses the order its timer took).
//! - Every handle the core hands out ([`QueueId`], [`SchedulerTaskKey`], [`TimerKey`], [`IdleKey`])
//!   is generation- or sequence-checked: a stale handle is detected and the call is a graceful
//!   no-op (`false`/`None`/0), never a panic in release builds. The one exception is enqueueing into
//!   a removed queue, which would lose the task: it `debug_assert`s (see
//!   [`EventLoopCore::scheduler_enqueue`]).
//! - A scheduler task's `runnable_at` is when it became runnable: the clock's reading when it was
//!   enqueued, or, for a task whose delay ended while a task ran, the delay's due time
//!   ([`EventLoopCore::scheduler_enqueue_ripe`]). It only orders scheduler tasks against host
//!   tasks (band 2); among scheduler tasks, enqueue order alone decides.
//!
//! Module map (each file states its own invariant): `sources` (task sources, bands, priorities),
//! `time` (clock), `slab` (generational arena), `timer_heap`, `host_tasks`, `scheduler_queues`,
//! `idle`, `policy` (the `next` selection), `choices` (the seeded random policy: the choices the
//! specs leave to the user agent); tests:
//! `core_tests` (public API), `policy_tests` (the selection policy), `model_tests` + `naive_model` (property test against a naive model).

pub mod choices;
#[cfg(test)]
mod core_tests;
pub mod drained;
mod host_tasks;
mod idle;
#[cfg(test)]
mod model_tests;
#[cfg(test)]
mod naive_model;
mod policy;
#[cfg(test)]
mod policy_tests;
#[cfg(test)]
mod random_model_tests;
mod scheduler_queues;
pub(crate) mod slab;
mod sources;
pub mod time;
mod timer_heap;

pub use sources::{Band, HostSource, Priority};
pub use time::{Clock, LoopTime, SharedTime};

use host_tasks::{HostTask, HostTasks};
use idle::IdleList;
use scheduler_queues::SchedulerQueues;
use timer_heap::TimerHeap;

/// An opaque task payload. The core never looks inside; the runtime maps it to JS values.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TaskId(pub u64);

/// Handle of a scheduler task queue inside the core (generation-checked: stale handles are
/// detected).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct QueueId(
    /* implementation-defined: (generation << 32) | slot */ u64,
);

/// Handle of a task inside a scheduler task queue (for removal on abort).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SchedulerTaskKey(
    /* implementation-defined: (generation << 32) | slot */ u64,
);

/// Handle of a timer in the delayed-task heap.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimerKey(
    /* implementation-defined: (generation << 32) | slot */ u64,
);

/// Handle of a queued idle callback.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct IdleKey(
    /* implementation-defined: a sequence number, never reused */ u64,
);

/// A timer whose due time has come.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RipeTimer {
    /// The key `set_timer` returned (dead from now on).
    pub key: TimerKey,
    /// When it was due.
    pub due: LoopTime,
    /// The enqueue order taken when the timer was set: equal deadlines keep the order they were set.
    pub order: u64,
    /// The payload given to `set_timer`.
    pub payload: TaskId,
}

/// What the policy picked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Selected {
    /// The task to run.
    pub task: TaskId,
    /// The band it was selected from (its own band, also when promoted by the starvation limit).
    pub band: Band,
    /// `None` for scheduler tasks.
    pub source: Option<HostSource>,
    /// The scheduler queue the task came from, if any.
    pub queue: Option<QueueId>,
    /// True when taking this task left its scheduler queue empty (the runtime runs the queue's
    /// removal steps and then calls `remove_scheduler_queue`).
    pub queue_emptied: bool,
    /// The moment the task became runnable and its enqueue order.
    pub runnable_at: LoopTime,
    /// The task's enqueue order.
    pub order: u64,
    /// The effective priority of its scheduler queue (0…5), for scheduler tasks.
    pub effective_priority: Option<u8>,
    /// Under the random policy, the kinds of task that were runnable too and not picked
    /// ([`choices::Kind`] bits); 0 under the documented policy.
    pub passed_over: u16,
}

/// The result of asking the core what to do next.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// Run this task, then a microtask checkpoint.
    Run(Selected),
    /// Nothing in bands 1–3 is runnable: run this idle callback with this deadline.
    Idle {
        /// The idle callback's payload.
        task: TaskId,
        /// Its key (dead from now on).
        key: IdleKey,
        /// `min(now + 50 ms, next timer due)`.
        deadline: LoopTime,
    },
    /// Nothing runnable now; the next timer is due at this time.
    Wait(LoopTime),
    /// Nothing queued, no timer, no idle callback.
    Empty,
}

/// Counts of what is still pending (for `--max-time` reports and exit decisions).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pending {
    /// Queued host tasks (band 2).
    pub host_tasks: usize,
    /// Queued (not removed) scheduler tasks in all queues.
    pub scheduler_tasks: usize,
    /// Timers set and neither cancelled nor ripe.
    pub timers: usize,
    /// Queued (not cancelled) idle callbacks.
    pub idle: usize,
}

/// Pending tasks by band, for the trace's counters.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PendingByBand {
    /// Scheduler tasks of effective priority 3–5.
    pub high: usize,
    /// Host tasks and scheduler tasks of effective priority 2.
    pub normal: usize,
    /// Scheduler tasks of effective priority 0–1.
    pub low: usize,
    /// Idle callbacks.
    pub idle: usize,
    /// Timers not yet due (they join band 2 when they are).
    pub timers: usize,
}

impl Pending {
    /// Nothing pending at all.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.host_tasks == 0 && self.scheduler_tasks == 0 && self.timers == 0 && self.idle == 0
    }
}

/// How long a runnable rendering task waits before it goes ahead of every band but input, by
/// default: 100 ms (`docs/EVENT_LOOP.md`, "Rendering").
pub const RENDERING_PRIORITY_AFTER_NS: u64 = 100_000_000;

/// The idle period length cap (HTML: 50 ms).
pub const MAX_IDLE_PERIOD_NS: u64 = 50_000_000;

/// The event loop's queues, timers, clock and selection policy. See the module docs.
#[derive(Debug)]
pub struct EventLoopCore {
    clock: Clock,
    next_order: u64,
    host: HostTasks,
    timers: TimerHeap,
    queues: SchedulerQueues,
    idle: IdleList,
    starvation_limit: Option<u64>,
    /// A rendering task runnable for this long goes before every band but input (`None`:
    /// rendering stays in band 2, by age). See `policy.rs`, step 0.
    rendering_priority_after: Option<u64>,
    /// A user interaction task ran since the last rendering task: the next rendering task goes
    /// first (after input) as soon as it is runnable. See `policy.rs`, step 0.
    frame_after_input: bool,
    /// The host awaits a rendering opportunity (a frame was requested and will come): after
    /// input, nothing but input and rendering runs until it has. See `policy.rs`, step 0c.
    frame_awaited: bool,
    /// Idle callbacks with a key below this were requested before the current idle period
    /// started: they may run in it; the others wait for the next one (requestIdleCallback
    /// "start an idle period" moves only the callbacks requested so far to the runnable list).
    idle_boundary: u64,
    /// A rendering task ran since the current idle period started. While a frame is awaited the
    /// next idle period waits for one (see `policy.rs`, step 5).
    rendered_since_idle_period: bool,
    /// The seeded random policy, if chosen (`None`: the documented policy).
    random: Option<choices::RandomChoices>,
    /// Under the random policy: the ripe timer at the heap's head (by its enqueue order) waits
    /// until this time (its padding).
    timer_hold: Option<(u64, LoopTime)>,
    /// Whether the random policy may pad ripe timers (not while a script drives the clock).
    pad_timers: bool,
}

impl EventLoopCore {
    /// An empty loop on `clock`.
    #[must_use]
    pub fn new(clock: Clock) -> Self {
        Self {
            clock,
            next_order: 1,
            host: HostTasks::default(),
            timers: TimerHeap::default(),
            queues: SchedulerQueues::default(),
            idle: IdleList::default(),
            starvation_limit: None,
            rendering_priority_after: Some(RENDERING_PRIORITY_AFTER_NS),
            frame_after_input: false,
            frame_awaited: false,
            idle_boundary: 1,
            rendered_since_idle_period: false,
            random: None,
            timer_hold: None,
            pad_timers: true,
        }
    }

    /// The loop's clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The loop's clock, mutably (to wait / advance virtual time).
    pub fn clock_mut(&mut self) -> &mut Clock {
        &mut self.clock
    }

    /// The clock's current reading.
    pub fn now(&self) -> LoopTime {
        self.clock.now()
    }

    /// The event loop's *next enqueue order*: starts at 1, strictly increasing, shared by every
    /// task and timer of this loop.
    pub fn take_enqueue_order(&mut self) -> u64 {
        let order = self.next_order;
        self.next_order += 1;
        order
    }

    // ---- band 2: host task sources ----
    /// Queue a task that is runnable now (runnable_at = now, order = a fresh enqueue order).
    pub fn queue_task(&mut self, source: HostSource, task: TaskId) {
        let order = self.take_enqueue_order();
        let runnable_at = self.now();
        self.queue_task_at(source, task, runnable_at, order);
    }

    /// Queue a task that became runnable at `runnable_at` with a given order (a ripe timer).
    pub fn queue_task_at(
        &mut self,
        source: HostSource,
        task: TaskId,
        runnable_at: LoopTime,
        order: u64,
    ) {
        self.host.push(HostTask {
            runnable_at,
            order,
            source,
            task,
        });
    }

    // ---- delayed-task heap ----
    /// Set a timer due at `due`; takes a fresh enqueue order.
    pub fn set_timer(&mut self, due: LoopTime, payload: TaskId) -> TimerKey {
        let order = self.take_enqueue_order();
        self.timers.insert(due, order, payload)
    }

    /// Cancel a timer that has not ripened yet; false if unknown/already ripe.
    pub fn cancel_timer(&mut self, key: TimerKey) -> bool {
        self.timers.cancel(key)
    }

    /// Remove and return the next timer with `due <= now`, earliest (due, order) first. Under the
    /// random policy a ripe timer may first wait a padding (`choices`); the timers behind it wait
    /// with it, so they still ripen in (due, order) order.
    pub fn pop_ripe_timer(&mut self, now: LoopTime) -> Option<RipeTimer> {
        if self.random.is_some() && !self.padding_over(now) {
            return None;
        }
        self.timers.pop_ripe(now)
    }

    /// When the earliest live timer is due (under the random policy, when its padding ends), if
    /// any.
    pub fn next_timer_due(&self) -> Option<LoopTime> {
        let due = self.timers.next_due()?;
        match (self.timer_hold, self.timers.head()) {
            (Some((held, until)), Some((_, order))) if held == order => Some(due.max(until)),
            _ => Some(due),
        }
    }

    // ---- scheduler task queues (across all schedulers of the loop) ----
    /// Create an empty scheduler task queue.
    pub fn create_scheduler_queue(&mut self, priority: Priority, is_continuation: bool) -> QueueId {
        self.queues.create(priority, is_continuation)
    }

    /// Change a queue's priority: moves the queue, not its tasks (O(log Q)). No-op for a stale
    /// handle.
    pub fn set_queue_priority(&mut self, queue: QueueId, priority: Priority) {
        self.queues.set_priority(queue, priority);
    }

    /// The queue's priority; `Priority::UserVisible` for a stale handle.
    pub fn queue_priority(&self, queue: QueueId) -> Priority {
        self.queues.priority(queue).unwrap_or(Priority::UserVisible)
    }

    /// Effective priority: 2·rank + (is continuation ? 1 : 0), 0…5. (2, user-visible, for a stale
    /// handle.)
    pub fn effective_priority(&self, queue: QueueId) -> u8 {
        self.queues
            .effective(queue)
            .unwrap_or(Priority::UserVisible.effective(false))
    }

    /// Whether `queue` is a live handle (created and not removed).
    pub fn is_queue_live(&self, queue: QueueId) -> bool {
        self.queues.is_live(queue)
    }

    /// Enqueue a task (runnable now, fresh enqueue order).
    ///
    /// `queue` must be live. A stale handle is a runtime bug that would lose the task: it fails a
    /// `debug_assert`; in release the task is dropped and the returned key is dead
    /// (`scheduler_remove` gives `None`).
    pub fn scheduler_enqueue(&mut self, queue: QueueId, task: TaskId) -> SchedulerTaskKey {
        let now = self.now();
        self.enqueue_with_age(queue, task, |order| (now, order))
    }

    /// Enqueue a task whose delay ended at `due` (its timer took enqueue order `timer_order`):
    /// like [`Self::scheduler_enqueue`] — a fresh enqueue order, the draft's place among scheduler
    /// tasks — but against timers and messages it is as old as its due time, as a timer due then
    /// would be (ties broken by `timer_order`). Same contract as `scheduler_enqueue`.
    pub fn scheduler_enqueue_ripe(
        &mut self,
        queue: QueueId,
        task: TaskId,
        due: LoopTime,
        timer_order: u64,
    ) -> SchedulerTaskKey {
        let runnable_at = due.min(self.now());
        self.enqueue_with_age(queue, task, |_| (runnable_at, timer_order))
    }

    fn enqueue_with_age(
        &mut self,
        queue: QueueId,
        task: TaskId,
        age: impl FnOnce(u64) -> (LoopTime, u64),
    ) -> SchedulerTaskKey {
        let order = self.take_enqueue_order();
        match self.queues.enqueue(queue, order, age(order), task) {
            Some(key) => key,
            None => {
                debug_assert!(false, "scheduler_enqueue into a removed queue {queue:?}");
                SchedulerTaskKey(slab::NO_KEY)
            }
        }
    }

    /// Remove a queued task (abort). Returns `None` if it is not queued any more (already run,
    /// removed, or a stale key), else `Some(queue_emptied)`: whether its queue has no live task
    /// left (then the runtime runs the removal steps and calls `remove_scheduler_queue`).
    pub fn scheduler_remove(&mut self, key: SchedulerTaskKey) -> Option<bool> {
        self.queues.remove(key)
    }

    /// Number of live tasks in the queue (0 for a stale handle).
    pub fn scheduler_queue_len(&self, queue: QueueId) -> usize {
        self.queues.len(queue)
    }

    /// Forget an empty queue (its handle becomes invalid). No-op for a stale handle. A queue that
    /// still has live tasks is *not* forgotten: its tasks stay queued and selectable, and the
    /// `queue_emptied` flag of the selection that empties it invites this call again.
    pub fn remove_scheduler_queue(&mut self, queue: QueueId) {
        self.queues.remove_queue(queue);
    }

    // ---- idle callbacks ----
    /// Queue an idle callback (band 4, FIFO).
    pub fn queue_idle(&mut self, task: TaskId) -> IdleKey {
        self.idle.push(task)
    }

    /// Cancel a queued idle callback; false if unknown, cancelled or already selected.
    pub fn cancel_idle(&mut self, key: IdleKey) -> bool {
        self.idle.cancel(key)
    }

    // ---- selection ----
    /// Pick and remove the next task per the banded policy at time `now`. Does not touch timers:
    /// the runtime first drains `pop_ripe_timer(now)` and queues what ripened. (Should a timer due
    /// at or before `now` still be in the heap when bands 1–3 are empty, the answer is
    /// `Wait(due)` rather than an idle callback, so the runtime drains it first.) Every queued task
    /// counts as runnable; `runnable_at` only orders them. See `policy.rs`.
    pub fn next(&mut self, now: LoopTime) -> Next {
        let next = self.select(now);
        if let Next::Run(Selected {
            source: Some(source),
            ..
        }) = next
        {
            match source {
                HostSource::UserInteraction => self.frame_after_input = true,
                HostSource::Rendering => {
                    self.frame_after_input = false;
                    self.rendered_since_idle_period = true;
                }
                _ => {}
            }
        }
        next
    }

    /// Pending tasks by band (O(1)).
    pub fn pending_by_band(&self) -> PendingByBand {
        let levels = self.queues.live_by_level();
        PendingByBand {
            high: levels[3] + levels[4] + levels[5],
            normal: self.host.len() + levels[2],
            low: levels[0] + levels[1],
            idle: self.idle.len(),
            timers: self.timers.len(),
        }
    }

    /// Whether a scheduler task of effective priority `level` or above is queued (runnable).
    pub fn has_scheduler_tasks_from_level(&self, level: u8) -> bool {
        self.queues.live_by_level()[usize::from(level)..]
            .iter()
            .any(|&n| n > 0)
    }

    /// Live counts of everything still queued.
    pub fn pending(&self) -> Pending {
        Pending {
            host_tasks: self.host.len(),
            scheduler_tasks: self.queues.total_live(),
            timers: self.timers.len(),
            idle: self.idle.len(),
        }
    }

    /// Opt-in anti-starvation limit (off = None): when set, a runnable task in a lower band (Normal or
    /// Low; never Idle) whose `runnable_at` is older than `now - limit` is taken before higher bands
    /// (the oldest such task first). Off by default: strict bands.
    ///
    /// "Older than" is strict: a task is starved iff `runnable_at + limit < now` (it has waited
    /// *longer* than `limit`).
    pub fn set_starvation_limit(&mut self, limit_ns: Option<u64>) {
        self.starvation_limit = limit_ns;
    }

    /// How long a runnable rendering task waits before it goes ahead of every band but input
    /// (`None`: never; it stays in band 2, ordered by when it became runnable).
    pub fn set_rendering_priority_after(&mut self, after_ns: Option<u64>) {
        self.rendering_priority_after = after_ns;
    }

    /// Whether the host awaits a rendering opportunity: a frame was requested and its timer or
    /// rendering task is pending (the host clears it when nothing is awaited any more).
    pub fn set_frame_awaited(&mut self, awaited: bool) {
        self.frame_awaited = awaited;
    }

    /// The current starvation limit (`None` = strict bands).
    pub fn starvation_limit(&self) -> Option<u64> {
        self.starvation_limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn core() -> EventLoopCore {
        EventLoopCore::new(Clock::virtual_clock())
    }

    #[test]
    fn enqueue_order_starts_at_1_and_is_shared() {
        let mut c = core();
        assert_eq!(c.take_enqueue_order(), 1);
        let k = c.set_timer(LoopTime(1), TaskId(0)); // order 2
        c.queue_task(HostSource::Other, TaskId(1)); // order 3
        let q = c.create_scheduler_queue(Priority::UserVisible, false);
        c.scheduler_enqueue(q, TaskId(2)); // order 4
        assert_eq!(c.take_enqueue_order(), 5);
        assert!(c.cancel_timer(k));
        let Next::Run(s) = c.next(c.now()) else {
            panic!()
        };
        assert_eq!((s.task, s.order), (TaskId(1), 3));
        let Next::Run(s) = c.next(c.now()) else {
            panic!()
        };
        assert_eq!((s.task, s.order), (TaskId(2), 4));
    }

    #[test]
    fn pending_by_band_follows_tasks_and_priority_changes() {
        let mut c = core();
        let bg = c.create_scheduler_queue(Priority::Background, false);
        let ub = c.create_scheduler_queue(Priority::UserBlocking, true);
        c.scheduler_enqueue(bg, TaskId(1));
        let k = c.scheduler_enqueue(bg, TaskId(2));
        c.scheduler_enqueue(ub, TaskId(3));
        c.queue_task(HostSource::PostedMessage, TaskId(4));
        c.set_timer(LoopTime(10), TaskId(5));
        c.queue_idle(TaskId(6));
        let p = c.pending_by_band();
        assert_eq!((p.high, p.normal, p.low, p.idle, p.timers), (1, 1, 2, 1, 1));
        c.set_queue_priority(bg, Priority::UserVisible);
        assert_eq!(c.pending_by_band().normal, 3);
        assert_eq!(c.pending_by_band().low, 0);
        c.scheduler_remove(k);
        assert_eq!(c.pending_by_band().normal, 2);
        let Next::Run(s) = c.next(c.now()) else {
            panic!()
        };
        assert_eq!((s.task, s.effective_priority), (TaskId(3), Some(5)));
        assert_eq!(c.pending_by_band().high, 0);
    }

    #[test]
    fn effective_priority_table_and_bands() {
        use Priority::*;
        let table = [
            (Background, false, 0, Band::Low),
            (Background, true, 1, Band::Low),
            (UserVisible, false, 2, Band::Normal),
            (UserVisible, true, 3, Band::High),
            (UserBlocking, false, 4, Band::High),
            (UserBlocking, true, 5, Band::High),
        ];
        let mut c = core();
        for (p, cont, e, band) in table {
            assert_eq!(p.effective(cont), e);
            assert_eq!(Band::of_effective_priority(e), band);
            let q = c.create_scheduler_queue(p, cont);
            assert_eq!(c.effective_priority(q), e);
            assert_eq!(c.queue_priority(q), p);
        }
        assert_eq!(Background.rank(), 0);
        assert_eq!(UserBlocking.rank(), 2);
    }
}
