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
