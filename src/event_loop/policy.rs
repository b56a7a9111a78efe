//! The selection policy: `EventLoopCore::next`.
//!
//! Invariant: one pick looks at a constant number of heads — the host heap's top and the first key
//! of up to six per-level indexes — so it is O(log Q + log H), never a scan of queues or tasks.
//!
//! Policy (taskhost's, per the note in §4.1.3 of the draft), highest band first:
//! A candidate's *age* is `(runnable_at, order)` for a host task and `(runnable_at, since)` for a
//! scheduler task (see `scheduler_queues.rs`); within a level, the queue whose head has the
//! smallest enqueue order is the level's candidate (the draft's rule among scheduler queues).
//!
//! 0. Input: the oldest user interaction task (`Band::Input`), before every other band.
//!    Then a rendering task, if a user interaction task ran since the last rendering task (the
//!    frame that shows the response to input goes first), or if it has been runnable for `R` or
//!    longer (`R` = 100 ms by default, `rendering_priority_after`: after that long without a
//!    frame, rendering goes first).
//!    After a user interaction task, while the host awaits a frame (`frame_awaited`) and neither
//!    input nor a rendering task is queued: `Wait(next timer due)` — every other task waits for
//!    the frame, as Chromium defers them after a discrete input event until the next frame.
//!    Then the opt-in starvation limit `L` (off by default): among the candidates of band Normal (host top,
//!    level-2 candidate) and band Low (level-1 and level-0 candidates) take the oldest by age; if
//!    it has waited *longer* than `L` (`runnable_at + L < now`, strict), run it now.
//! 1. High: effective priority 5, then 4, then 3; within a level the queue whose head is oldest.
//! 2. Normal: the host heap's top and the level-2 candidate, the older by age first.
//! 3. Low: effective priority 1, then 0; within a level the oldest head.
//! 4. If a timer is due at or before `now` (not drained): `Wait(due)`, so it is drained and run
//!    before any idle callback.
//! 5. Idle: the first idle callback, deadline `min(now + 50 ms, next timer due)`. Idle
//!    callbacks requested before the current idle period started run in it, in order; the first
//!    one requested since then starts a new idle period, which, while the host awaits a frame
//!    (`frame_awaited`), waits for a rendering task to have run since the current period
//!    started (`Wait(next timer due)`, the vsync's, meanwhile). So with frames coming there is
//!    one idle period per frame, between its rendering and the next vsync, as in Chromium
//!    (short idle periods between frames) and Firefox; requestIdleCallback's "start an idle
//!    period" lets the user agent delay a period (step 1). Without a frame awaited, a new
//!    period starts as soon as the loop is idle again.
//! 6. `Wait(next timer due)`, else `Empty`.
//!
//! With the seeded random policy (`choices.rs`) the steps above are replaced by
//! `select_random`, which keeps the orders the specs fix and chooses where they leave a choice.

use super::host_tasks::HostTask;
use super::scheduler_queues::QueueHead;
use super::{Band, EventLoopCore, HostSource, LoopTime, MAX_IDLE_PERIOD_NS, Next, Selected};

/// Levels of band High and band Low, in the order they are tried.
const HIGH_LEVELS: [u8; 3] = [5, 4, 3];
const LOW_LEVELS: [u8; 2] = [1, 0];
const NORMAL_LEVEL: u8 = 2;

/// The head of one candidate source.
#[derive(Debug, Clone, Copy)]
pub(super) enum Candidate {
    /// The oldest host task: the top of its source's heap (`source`, by `HostSource::index`).
    Host {
        runnable_at: LoopTime,
        order: u64,
        source: usize,
    },
    /// The head of a scheduler queue.
    Queue(QueueHead),
}

impl Candidate {
    fn sort_key(self) -> (LoopTime, u64) {
        match self {
            Candidate::Host {
                runnable_at, order, ..
            } => (runnable_at, order),
            Candidate::Queue(h) => (h.runnable_at, h.since),
        }
    }
}

/// The older of two optional candidates by `(runnable_at, order)`.
fn older(a: Option<Candidate>, b: Option<Candidate>) -> Option<Candidate> {
    match (a, b) {
        (Some(x), Some(y)) => Some(if y.sort_key() < x.sort_key() { y } else { x }),
        (x, None) => x,
        (None, y) => y,
    }
}

impl EventLoopCore {
    fn host_candidate(&self) -> Option<Candidate> {
        let source = self.host.oldest_source()?;
        self.host.peek_source(source).map(|t| Candidate::Host {
            runnable_at: t.runnable_at,
            order: t.order,
            source,
        })
    }

    /// The head of one host task source.
    fn source_candidate(&self, source: HostSource) -> Option<Candidate> {
        let index = source.index();
        self.host.peek_source(index).map(|t| Candidate::Host {
            runnable_at: t.runnable_at,
            order: t.order,
            source: index,
        })
    }

    fn level_candidate(&self, level: u8) -> Option<Candidate> {
        self.queues.head_of_level(level).map(Candidate::Queue)
    }

    /// The oldest head of bands Normal and Low if it has waited longer than `limit`.
    fn starved(&self, now: LoopTime, limit: u64) -> Option<Candidate> {
        let normal = older(self.host_candidate(), self.level_candidate(NORMAL_LEVEL));
        let low = older(self.level_candidate(1), self.level_candidate(0));
        let oldest = older(normal, low)?;
        let (runnable_at, _) = oldest.sort_key();
        (runnable_at.saturating_add_ns(limit) < now).then_some(oldest)
    }

    /// Remove the candidate's task from its queue.
    pub(super) fn take(&mut self, candidate: Candidate) -> Option<Selected> {
        match candidate {
            Candidate::Host { source, .. } => self.host.pop_source(source).map(HostTask::selected),
            Candidate::Queue(head) => {
                let (t, emptied) = self.queues.pop_head(head.queue)?;
                Some(Selected {
                    task: t.task,
                    band: Band::of_effective_priority(head.level),
                    source: None,
                    queue: Some(head.queue),
                    queue_emptied: emptied,
                    runnable_at: t.runnable_at,
                    order: t.order,
                    effective_priority: Some(head.level),
                    passed_over: 0,
                })
            }
        }
    }

    /// See the module docs.
    pub(super) fn select(&mut self, now: LoopTime) -> Next {
        if self.random.is_some() {
            return self.select_random(now);
        }
        let candidate = match self.documented_candidate(now) {
            Ok(candidate) => candidate,
            Err(wait) => return wait,
        };
        if let Some(selected) = candidate.and_then(|c| self.take(c)) {
            return Next::Run(selected);
        }
        let next_due = self.timers.next_due();
        if let Some(due) = next_due
            && due <= now
        {
            return Next::Wait(due);
        }
        self.start_idle_period(now, MAX_IDLE_PERIOD_NS, next_due)
    }

    /// Steps 0–3 of the module docs without taking anything: the task the documented policy
    /// runs next (`None`: no task is runnable), or the wait of step 0c (`Err`).
    pub(super) fn documented_candidate(&self, now: LoopTime) -> Result<Option<Candidate>, Next> {
        // 0a. Input: the oldest user interaction task, before anything else.
        // 0b. A rendering task that has waited `rendering_priority_after` or longer.
        let input = self.source_candidate(HostSource::UserInteraction);
        let rendering = self.source_candidate(HostSource::Rendering).filter(|c| {
            self.frame_after_input
                || self
                    .rendering_priority_after
                    .is_some_and(|after| c.sort_key().0.saturating_add_ns(after) <= now)
        });
        // 0c. After input, while a frame is awaited, nothing else: the other tasks wait for the
        //     frame (Chromium defers them after a discrete input event until the next frame),
        //     and the loop waits for the timer that brings the rendering opportunity (under
        //     changed decisions, until its padding ends: waiting for its nominal due time, which
        //     has passed, would never let it ripen on a virtual clock).
        if self.frame_after_input
            && self.frame_awaited
            && input.is_none()
            && rendering.is_none()
            && let Some(due) = self.next_timer_due()
        {
            return Err(Next::Wait(due));
        }
        let starved = input.or(rendering).or_else(|| {
            self.starvation_limit
                .and_then(|limit| self.starved(now, limit))
        });
        Ok(starved
            .or_else(|| self.queues.first_head(&HIGH_LEVELS).map(Candidate::Queue))
            .or_else(|| older(self.host_candidate(), self.level_candidate(NORMAL_LEVEL)))
            .or_else(|| self.queues.first_head(&LOW_LEVELS).map(Candidate::Queue)))
    }

    /// An idle period of at most `length_ns` from `now`, ended by the next timer (`next_due`),
    /// for the first idle callback; without one, wait for that timer or nothing.
    pub(super) fn start_idle_period(
        &mut self,
        now: LoopTime,
        length_ns: u64,
        next_due: Option<LoopTime>,
    ) -> Next {
        let Some((key, _)) = self.idle.front() else {
            return next_due.map_or(Next::Empty, Next::Wait);
        };
        if key.0 >= self.idle_boundary {
            // The first callback requested since the current idle period started: it needs a
            // new one, which may have to wait for the awaited frame.
            if self.idle_waits_for_frame()
                && let Some(due) = next_due
            {
                return Next::Wait(due);
            }
            // requestIdleCallback "start an idle period", steps 2–5: the callbacks requested so
            // far become runnable.
            self.idle_boundary = self.idle.next_key();
            self.rendered_since_idle_period = false;
        }
        if let Some((key, task)) = self.idle.pop_front() {
            let end = now.saturating_add_ns(length_ns);
            let deadline = next_due.map_or(end, |due| due.min(end));
            return Next::Idle {
                task,
                key,
                deadline,
            };
        }
        next_due.map_or(Next::Empty, Next::Wait)
    }

    /// Whether the first idle callback needs a new idle period that waits for the awaited
    /// frame (step 5): it was requested since the current period started, a frame is awaited,
    /// no rendering task has run since the period started, and a timer (the vsync's) is set
    /// to bring the frame.
    pub(super) fn idle_waits_for_frame(&self) -> bool {
        self.frame_awaited
            && !self.rendered_since_idle_period
            && self.timers.len() > 0
            && self
                .idle
                .front()
                .is_some_and(|(key, _)| key.0 >= self.idle_boundary)
    }
}

impl HostTask {
    /// A host task taken to run: it runs in its source's band (`Band::of_source`).
    pub(super) fn selected(self) -> Selected {
        Selected {
            task: self.task,
            band: Band::of_source(self.source),
            source: Some(self.source),
            queue: None,
            queue_emptied: false,
            runnable_at: self.runnable_at,
            order: self.order,
            effective_priority: None,
            passed_over: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Clock, HostSource, Priority, RENDERING_PRIORITY_AFTER_NS, TaskId};
    use super::*;

    const MS: u64 = 1_000_000;

    fn core() -> EventLoopCore {
        EventLoopCore::new(Clock::virtual_clock())
    }

    fn advance(c: &mut EventLoopCore, ns: u64) {
        let t = c.now().saturating_add_ns(ns);
        c.clock_mut().wait_until(t);
    }

    fn run(c: &mut EventLoopCore) -> Selected {
        let now = c.now();
        match c.next(now) {
            Next::Run(s) => s,
            other => panic!("expected a task, got {other:?}"),
        }
    }

    /// Run everything runnable; the tasks' ids and bands.
    fn run_all(c: &mut EventLoopCore) -> Vec<(u64, Band)> {
        let mut out = Vec::new();
        while let Next::Run(s) = c.next(c.now()) {
            out.push((s.task.0, s.band));
        }
        out
    }

    #[test]
    fn bands_are_strict_highest_first() {
        let mut c = core();
        let bg = c.create_scheduler_queue(Priority::Background, false);
        let bgc = c.create_scheduler_queue(Priority::Background, true);
        let uv = c.create_scheduler_queue(Priority::UserVisible, false);
        let uvc = c.create_scheduler_queue(Priority::UserVisible, true);
        let ub = c.create_scheduler_queue(Priority::UserBlocking, false);
        let ubc = c.create_scheduler_queue(Priority::UserBlocking, true);
        c.scheduler_enqueue(bg, TaskId(0));
        c.queue_task(HostSource::Other, TaskId(10));
        for (i, q) in [bgc, uv, uvc, ub, ubc].into_iter().enumerate() {
            c.scheduler_enqueue(q, TaskId(i as u64 + 1));
        }
        use Band::*;
        assert_eq!(
            run_all(&mut c),
            vec![
                (5, High),
                (4, High),
                (3, High),
                (10, Normal),
                (2, Normal),
                (1, Low),
                (0, Low)
            ]
        );
    }

    #[test]
    fn within_a_level_the_oldest_head_wins() {
        let mut c = core();
        let a = c.create_scheduler_queue(Priority::UserBlocking, false);
        let b = c.create_scheduler_queue(Priority::UserBlocking, false);
        c.scheduler_enqueue(b, TaskId(1));
        c.scheduler_enqueue(a, TaskId(2));
        c.scheduler_enqueue(b, TaskId(3));
        let ids: Vec<_> = run_all(&mut c).into_iter().map(|x| x.0).collect();
        assert_eq!(ids, vec![1, 2, 3]);
    }

    #[test]
    fn normal_band_interleaves_timers_messages_and_user_visible_tasks_by_age() {
        let mut c = core();
        let uv = c.create_scheduler_queue(Priority::UserVisible, false);
        // setTimeout(f, 0) then postTask(g): f first.
        let key = c.set_timer(c.now(), TaskId(1));
        c.scheduler_enqueue(uv, TaskId(2));
        // A message posted later still comes after both.
        advance(&mut c, MS);
        c.queue_task(HostSource::PostedMessage, TaskId(3));
        let r = c.pop_ripe_timer(c.now()).unwrap();
        assert_eq!(r.key, key);
        c.queue_task_at(HostSource::Timer, r.payload, r.due, r.order);
        let s = run(&mut c);
        assert_eq!(
            (s.task, s.source, s.band),
            (TaskId(1), Some(HostSource::Timer), Band::Normal)
        );
        let s = run(&mut c);
        assert_eq!(
            (s.task, s.queue, s.queue_emptied),
            (TaskId(2), Some(uv), true)
        );
        assert_eq!(run(&mut c).task, TaskId(3));
        // The reverse: postTask(g) then setTimeout(f, 0): g first.
        c.scheduler_enqueue(uv, TaskId(4));
        c.set_timer(c.now(), TaskId(5));
        let r = c.pop_ripe_timer(c.now()).unwrap();
        c.queue_task_at(HostSource::Timer, r.payload, r.due, r.order);
        assert_eq!(run_all(&mut c), vec![(4, Band::Normal), (5, Band::Normal)]);
    }

    #[test]
    fn equal_runnable_at_is_broken_by_order() {
        let mut c = core();
        let uv = c.create_scheduler_queue(Priority::UserVisible, false);
        let o = c.take_enqueue_order();
        c.scheduler_enqueue(uv, TaskId(1)); // order o + 1, runnable_at 0
        c.queue_task_at(HostSource::Other, TaskId(0), LoopTime::ZERO, o);
        c.queue_task_at(HostSource::Other, TaskId(2), LoopTime::ZERO, o + 2);
        let ids: Vec<_> = run_all(&mut c).into_iter().map(|x| x.0).collect();
        assert_eq!(ids, vec![0, 1, 2]);
    }

    #[test]
    fn a_delayed_task_is_as_old_as_its_due_time_against_timers() {
        // postTask(P, {delay: 10}); setTimeout(T, 20); a long task until 50 ms. Both come due
        // during the long task: P (due 10) runs before T (due 20), although the loop enqueued P
        // at 50 ms; and P keeps its enqueue order among scheduler tasks.
        let mut c = core();
        let uv = c.create_scheduler_queue(Priority::UserVisible, false);
        let p_timer_order = c.take_enqueue_order();
        let t = c.set_timer(LoopTime(20 * MS), TaskId(2));
        advance(&mut c, 50 * MS);
        c.scheduler_enqueue(uv, TaskId(3)); // posted at 50 ms, before P's delay was noticed
        c.scheduler_enqueue_ripe(uv, TaskId(1), LoopTime(10 * MS), p_timer_order);
        let r = c.pop_ripe_timer(c.now()).unwrap();
        assert_eq!(r.key, t);
        c.queue_task_at(HostSource::Timer, r.payload, r.due, r.order);
        // The queue's head is task 3 (older enqueue order), as old as 50 ms: the timer (20 ms)
        // goes first; then 3, then P.
        let ids: Vec<_> = run_all(&mut c).into_iter().map(|x| x.0).collect();
        assert_eq!(ids, vec![2, 3, 1]);

        // Alone in its queue, P goes before the timer; at an equal due time the order its timer
        // was set decides.
        let mut c = core();
        let uv = c.create_scheduler_queue(Priority::UserVisible, false);
        let p_timer_order = c.take_enqueue_order();
        c.set_timer(LoopTime(10 * MS), TaskId(2));
        c.set_timer(LoopTime(20 * MS), TaskId(4));
        advance(&mut c, 50 * MS);
        c.scheduler_enqueue_ripe(uv, TaskId(1), LoopTime(10 * MS), p_timer_order);
        while let Some(r) = c.pop_ripe_timer(c.now()) {
            c.queue_task_at(HostSource::Timer, r.payload, r.due, r.order);
        }
        let s = run(&mut c);
        assert_eq!((s.task, s.runnable_at), (TaskId(1), LoopTime(10 * MS)));
        let ids: Vec<_> = run_all(&mut c).into_iter().map(|x| x.0).collect();
        assert_eq!(ids, vec![2, 4]);
    }

    #[test]
    fn priority_change_moves_a_queue_between_bands() {
        let mut c = core();
        let q = c.create_scheduler_queue(Priority::Background, false);
        c.queue_task(HostSource::Other, TaskId(1));
        c.scheduler_enqueue(q, TaskId(2));
        c.set_queue_priority(q, Priority::UserBlocking);
        assert_eq!(c.queue_priority(q), Priority::UserBlocking);
        assert_eq!(c.effective_priority(q), 4);
        let s = run(&mut c);
        assert_eq!((s.task, s.band), (TaskId(2), Band::High));
        assert_eq!(run(&mut c).task, TaskId(1));
    }

    #[test]
    fn removing_a_head_task_then_selecting() {
        let mut c = core();
        let a = c.create_scheduler_queue(Priority::UserBlocking, false);
        let b = c.create_scheduler_queue(Priority::UserBlocking, false);
        let k1 = c.scheduler_enqueue(a, TaskId(1));
        c.scheduler_enqueue(b, TaskId(2));
        c.scheduler_enqueue(a, TaskId(3));
        assert_eq!(c.scheduler_remove(k1), Some(false));
        let s = run(&mut c);
        assert_eq!(
            (s.task, s.queue, s.queue_emptied),
            (TaskId(2), Some(b), true)
        );
        c.remove_scheduler_queue(b);
        let s = run(&mut c);
        assert_eq!((s.task, s.queue_emptied), (TaskId(3), true));
        assert_eq!(c.next(c.now()), Next::Empty);
    }

    #[test]
    fn idle_runs_last_with_a_deadline_capped_by_50ms() {
        let mut c = core();
        let bg = c.create_scheduler_queue(Priority::Background, false);
        let key = c.queue_idle(TaskId(9));
        c.scheduler_enqueue(bg, TaskId(1));
        assert_eq!(run(&mut c).task, TaskId(1));
        let now = c.now();
        assert_eq!(
            c.next(now),
            Next::Idle {
                task: TaskId(9),
                key,
                deadline: now.saturating_add_ns(MAX_IDLE_PERIOD_NS)
            }
        );
        assert_eq!(c.next(now), Next::Empty);
    }

    #[test]
    fn idle_deadline_is_capped_by_the_next_timer() {
        let mut c = core();
        advance(&mut c, 7 * MS);
        c.set_timer(LoopTime(17 * MS), TaskId(1));
        c.queue_idle(TaskId(2));
        c.queue_idle(TaskId(3));
        let now = c.now();
        assert!(
            matches!(c.next(now), Next::Idle { task: TaskId(2), deadline: LoopTime(d), .. } if d == 17 * MS)
        );
        // A far timer does not shorten the 50 ms cap.
        let mut c = core();
        c.set_timer(LoopTime(80 * MS), TaskId(1));
        c.queue_idle(TaskId(2));
        assert!(
            matches!(c.next(LoopTime::ZERO), Next::Idle { deadline: LoopTime(d), .. } if d == 50 * MS)
        );
    }

    /// The deadline of the idle callback `c` selects now, failing on anything else.
    fn idle_deadline(c: &mut EventLoopCore, task: u64) -> LoopTime {
        match c.next(c.now()) {
            Next::Idle {
                task: t, deadline, ..
            } if t == TaskId(task) => deadline,
            other => panic!("expected idle callback {task}, got {other:?}"),
        }
    }

    #[test]
    fn idle_callbacks_requested_in_an_idle_period_wait_for_the_frame_when_one_is_awaited() {
        let mut c = core();
        c.set_frame_awaited(true);
        c.set_timer(LoopTime(16 * MS), TaskId(90));
        c.queue_idle(TaskId(1));
        c.queue_idle(TaskId(2));
        // No idle period has started and a frame is awaited: the first one waits for the frame.
        assert_eq!(c.next(c.now()), Next::Wait(LoopTime(16 * MS)));
        advance(&mut c, 16 * MS);
        assert_eq!(
            c.pop_ripe_timer(c.now()).map(|t| t.payload),
            Some(TaskId(90))
        );
        c.queue_task(HostSource::Rendering, TaskId(3));
        // The frame's rendering task asks for the next frame.
        c.set_timer(LoopTime(33 * MS), TaskId(91));
        assert_eq!(run(&mut c).task, TaskId(3));
        // The idle period after the frame: both callbacks requested before it, and its
        // deadline is the next vsync.
        assert_eq!(idle_deadline(&mut c, 1), LoopTime(33 * MS));
        // A callback requested during the period waits for the next frame.
        c.queue_idle(TaskId(4));
        assert_eq!(idle_deadline(&mut c, 2), LoopTime(33 * MS));
        assert_eq!(c.next(c.now()), Next::Wait(LoopTime(33 * MS)));
        advance(&mut c, 17 * MS);
        assert_eq!(
            c.pop_ripe_timer(c.now()).map(|t| t.payload),
            Some(TaskId(91))
        );
        c.queue_task(HostSource::Rendering, TaskId(5));
        c.set_timer(LoopTime(50 * MS), TaskId(92));
        assert_eq!(run(&mut c).task, TaskId(5));
        assert_eq!(idle_deadline(&mut c, 4), LoopTime(50 * MS));
    }

    #[test]
    fn without_an_awaited_frame_the_next_idle_period_starts_when_the_loop_is_idle_again() {
        let mut c = core();
        c.queue_idle(TaskId(1));
        assert_eq!(idle_deadline(&mut c, 1), LoopTime(50 * MS));
        c.queue_idle(TaskId(2));
        advance(&mut c, MS);
        assert_eq!(idle_deadline(&mut c, 2), LoopTime(51 * MS));
        // A callback requested during the period still goes after those requested before it.
        c.queue_idle(TaskId(3));
        c.queue_idle(TaskId(4));
        assert_eq!(idle_deadline(&mut c, 3), LoopTime(51 * MS));
        c.queue_idle(TaskId(5));
        assert_eq!(idle_deadline(&mut c, 4), LoopTime(51 * MS));
        assert_eq!(idle_deadline(&mut c, 5), LoopTime(51 * MS));
    }

    #[test]
    fn undrained_ripe_timer_preempts_idle() {
        let mut c = core();
        c.set_timer(LoopTime(5), TaskId(1));
        c.queue_idle(TaskId(2));
        assert_eq!(c.next(LoopTime(5)), Next::Wait(LoopTime(5)));
        assert_eq!(c.pending().idle, 1, "the idle callback stays queued");
    }

    #[test]
    fn wait_and_empty() {
        let mut c = core();
        assert_eq!(c.next(LoopTime::ZERO), Next::Empty);
        let k = c.set_timer(LoopTime(100), TaskId(1));
        c.set_timer(LoopTime(300), TaskId(2));
        assert_eq!(c.next(LoopTime::ZERO), Next::Wait(LoopTime(100)));
        assert!(c.cancel_timer(k));
        assert_eq!(c.next(LoopTime::ZERO), Next::Wait(LoopTime(300)));
    }

    #[test]
    fn starvation_limit_off_is_strict() {
        let mut c = core();
        let ub = c.create_scheduler_queue(Priority::UserBlocking, false);
        let bg = c.create_scheduler_queue(Priority::Background, false);
        c.scheduler_enqueue(bg, TaskId(1));
        advance(&mut c, 1_000 * MS);
        c.scheduler_enqueue(ub, TaskId(2));
        assert_eq!(run(&mut c).task, TaskId(2));
    }

    #[test]
    fn starvation_limit_promotes_the_oldest_starved_task() {
        let mut c = core();
        c.set_starvation_limit(Some(10 * MS));
        assert_eq!(c.starvation_limit(), Some(10 * MS));
        let ub = c.create_scheduler_queue(Priority::UserBlocking, false);
        let bg = c.create_scheduler_queue(Priority::Background, false);
        c.scheduler_enqueue(bg, TaskId(1)); // runnable at 0
        advance(&mut c, 5 * MS);
        c.queue_task(HostSource::Other, TaskId(2)); // runnable at 5 ms
        c.scheduler_enqueue(ub, TaskId(3));
        c.scheduler_enqueue(ub, TaskId(4));
        // Exactly at the limit: not starved (strict).
        assert_eq!(run(&mut c).task, TaskId(3));
        advance(&mut c, 5 * MS + 1);
        // 10 ms + 1 ns: the background task (oldest) is promoted, keeping its own band.
        let s = run(&mut c);
        assert_eq!((s.task, s.band), (TaskId(1), Band::Low));
        advance(&mut c, 5 * MS);
        // The host task has waited 15 ms + 1 ns.
        assert_eq!(run(&mut c).task, TaskId(2));
        assert_eq!(run(&mut c).task, TaskId(4));
        c.set_starvation_limit(None);
        assert_eq!(c.starvation_limit(), None);
    }

    #[test]
    fn input_goes_before_every_band() {
        let mut c = core();
        let ubc = c.create_scheduler_queue(Priority::UserBlocking, true);
        c.scheduler_enqueue(ubc, TaskId(1));
        c.queue_task(HostSource::Timer, TaskId(2));
        c.queue_task(HostSource::UserInteraction, TaskId(3));
        c.queue_task(HostSource::UserInteraction, TaskId(4));
        let s = run(&mut c);
        assert_eq!((s.task, s.band), (TaskId(3), Band::Input));
        assert_eq!(run(&mut c).task, TaskId(4));
        assert_eq!(run(&mut c).task, TaskId(1));
        assert_eq!(run(&mut c).task, TaskId(2));
    }

    #[test]
    fn rendering_is_ordered_by_age_until_it_has_waited_the_limit() {
        let mut c = core();
        let uvc = c.create_scheduler_queue(Priority::UserVisible, true);
        c.queue_task(HostSource::Rendering, TaskId(1)); // runnable at 0
        c.scheduler_enqueue(uvc, TaskId(2));
        c.scheduler_enqueue(uvc, TaskId(3));
        // A continuation (band 1) goes before rendering (band 2)...
        assert_eq!(run(&mut c).task, TaskId(2));
        // ...until the rendering task has waited 100 ms (not starved at 100 ms - 1 ns).
        advance(&mut c, RENDERING_PRIORITY_AFTER_NS - 1);
        c.scheduler_enqueue(uvc, TaskId(4));
        assert_eq!(run(&mut c).task, TaskId(3));
        advance(&mut c, 1);
        let s = run(&mut c);
        assert_eq!((s.task, s.band), (TaskId(1), Band::Normal));
        assert_eq!(run(&mut c).task, TaskId(4));
        // Without the rule, rendering waits for band 1 to empty.
        c.set_rendering_priority_after(None);
        c.queue_task(HostSource::Rendering, TaskId(5));
        advance(&mut c, 1_000 * MS);
        c.scheduler_enqueue(uvc, TaskId(6));
        assert_eq!(run(&mut c).task, TaskId(6));
        assert_eq!(run(&mut c).task, TaskId(5));
    }

    #[test]
    fn after_input_the_next_rendering_task_goes_first() {
        let mut c = core();
        let ub = c.create_scheduler_queue(Priority::UserBlocking, false);
        c.queue_task(HostSource::UserInteraction, TaskId(1));
        c.scheduler_enqueue(ub, TaskId(2));
        assert_eq!(run(&mut c).task, TaskId(1));
        advance(&mut c, MS);
        c.queue_task(HostSource::Rendering, TaskId(3));
        c.scheduler_enqueue(ub, TaskId(4));
        // The frame after the input goes before the user-blocking tasks...
        assert_eq!(run(&mut c).task, TaskId(3));
        // ...once: the next rendering task is ordered by age again.
        c.queue_task(HostSource::Rendering, TaskId(5));
        assert_eq!(run(&mut c).task, TaskId(2));
        assert_eq!(run(&mut c).task, TaskId(4));
        assert_eq!(run(&mut c).task, TaskId(5));
    }

    #[test]
    fn after_input_other_tasks_wait_for_an_awaited_frame() {
        let mut c = core();
        let ub = c.create_scheduler_queue(Priority::UserBlocking, false);
        c.set_frame_awaited(true);
        c.queue_task(HostSource::UserInteraction, TaskId(1));
        c.scheduler_enqueue(ub, TaskId(2));
        c.queue_task(HostSource::Timer, TaskId(3));
        // The frame's timer, due at 16 ms.
        c.set_timer(LoopTime(16 * MS), TaskId(9));
        assert_eq!(run(&mut c).task, TaskId(1));
        // Input ran and a frame is awaited: the loop waits for the frame's timer, though a
        // user-blocking task and a timer task are runnable.
        assert_eq!(c.next(c.now()), Next::Wait(LoopTime(16 * MS)));
        // More input still goes first.
        c.queue_task(HostSource::UserInteraction, TaskId(4));
        assert_eq!(run(&mut c).task, TaskId(4));
        // The rendering opportunity: its task runs, then the others.
        advance(&mut c, 16 * MS);
        c.queue_task(HostSource::Rendering, TaskId(5));
        c.set_frame_awaited(false);
        assert_eq!(run(&mut c).task, TaskId(5));
        assert_eq!(run(&mut c).task, TaskId(2));
        assert_eq!(run(&mut c).task, TaskId(3));
        // Without an awaited frame, input defers nothing.
        c.queue_task(HostSource::UserInteraction, TaskId(6));
        c.queue_task(HostSource::Timer, TaskId(7));
        assert_eq!(run(&mut c).task, TaskId(6));
        assert_eq!(run(&mut c).task, TaskId(7));
    }
}
