//! The naive model of the event-loop core for `model_tests`: written straight from the policy text.
//!
//! Invariant: no cleverness — plain `Vec`s, linear scans, `Vec::remove`; no heaps, indexes or
//! tombstones. Handles are indexes into the harness's handle lists. If this and the core disagree,
//! one of them misreads the policy (`policy.rs` module docs).

use super::{Band, HostSource, MAX_IDLE_PERIOD_NS, Priority};

pub(super) struct MHost {
    pub(super) runnable_at: u64,
    pub(super) order: u64,
    pub(super) source: HostSource,
    pub(super) task: u64,
}

pub(super) struct MTimer {
    pub(super) handle: usize,
    pub(super) due: u64,
    pub(super) order: u64,
    pub(super) payload: u64,
}

pub(super) struct MTask {
    pub(super) handle: usize,
    pub(super) order: u64,
    pub(super) runnable_at: u64,
    /// The order that breaks ties of `runnable_at` against host tasks.
    pub(super) since: u64,
    pub(super) task: u64,
}

pub(super) struct MQueue {
    pub(super) alive: bool,
    pub(super) priority: Priority,
    pub(super) continuation: bool,
    pub(super) tasks: Vec<MTask>,
}

impl MQueue {
    pub(super) fn effective(&self) -> u8 {
        2 * (self.priority as u8) + u8::from(self.continuation)
    }
}

#[derive(Debug, PartialEq, Eq)]
pub(super) enum MNext {
    Run {
        task: u64,
        band: Band,
        source: Option<HostSource>,
        queue: Option<usize>,
        emptied: bool,
        runnable_at: u64,
        order: u64,
    },
    Idle {
        task: u64,
        handle: usize,
        deadline: u64,
    },
    Wait(u64),
    Empty,
}

#[derive(Default)]
pub(super) struct Model {
    pub(super) now: u64,
    pub(super) next_order: u64,
    pub(super) host: Vec<MHost>,
    pub(super) timers: Vec<MTimer>,
    pub(super) queues: Vec<MQueue>,
    /// (handle, task, idle periods started when it was requested).
    pub(super) idle: Vec<(usize, u64, u64)>,
    pub(super) starvation: Option<u64>,
    /// A rendering task runnable this long goes first (after input).
    pub(super) rendering_after: Option<u64>,
    /// An input task ran since the last rendering task.
    pub(super) frame_after_input: bool,
    pub(super) frame_awaited: bool,
    /// Idle periods started so far; an idle entry remembers the number at its request and may
    /// run in a period that started after it.
    pub(super) idle_periods: u64,
    /// A rendering task ran since the current idle period started.
    pub(super) rendered_in_idle_period: bool,
}

/// A task the model could pick: where it is and its sort keys.
#[derive(Clone, Copy)]
pub(super) enum Where {
    Host(usize),
    Queue(usize, usize),
}

impl Model {
    pub(super) fn order(&mut self) -> u64 {
        self.next_order += 1;
        self.next_order
    }

    fn band_of(effective: u8) -> Band {
        match effective {
            3..=5 => Band::High,
            2 => Band::Normal,
            _ => Band::Low,
        }
    }

    /// What taking the task at `at` would select, without taking it.
    pub(super) fn preview(&self, at: Where) -> MNext {
        match at {
            Where::Host(i) => {
                let h = &self.host[i];
                MNext::Run {
                    task: h.task,
                    band: Band::of_source(h.source),
                    source: Some(h.source),
                    queue: None,
                    emptied: false,
                    runnable_at: h.runnable_at,
                    order: h.order,
                }
            }
            Where::Queue(q, i) => {
                let t = &self.queues[q].tasks[i];
                MNext::Run {
                    task: t.task,
                    band: Self::band_of(self.queues[q].effective()),
                    source: None,
                    queue: Some(q),
                    emptied: self.queues[q].tasks.len() == 1,
                    runnable_at: t.runnable_at,
                    order: t.order,
                }
            }
        }
    }

    /// What any policy may pick, from the specs alone: the scheduler's pick among all scheduler
    /// tasks (highest effective priority, then the oldest first task), and each host task
    /// source's first task (the oldest of that source), each with its kind's bit.
    pub(super) fn allowed(&self) -> Vec<(Where, u16)> {
        let mut all = Vec::new();
        if let Some(at) = self.pick_levels(&[0, 1, 2, 3, 4, 5]) {
            all.push((at, super::choices::Kind::SCHEDULER));
        }
        for source in HostSource::ALL {
            let first = self
                .host
                .iter()
                .enumerate()
                .filter(|(_, h)| h.source == source)
                .min_by_key(|(_, h)| (h.runnable_at, h.order));
            if let Some((i, _)) = first {
                all.push((Where::Host(i), super::choices::Kind::of_source(source)));
            }
        }
        all
    }

    pub(super) fn take(&mut self, at: Where) -> MNext {
        match at {
            Where::Host(i) => {
                let h = self.host.remove(i);
                MNext::Run {
                    task: h.task,
                    band: Band::of_source(h.source),
                    source: Some(h.source),
                    queue: None,
                    emptied: false,
                    runnable_at: h.runnable_at,
                    order: h.order,
                }
            }
            Where::Queue(q, i) => {
                let band = Self::band_of(self.queues[q].effective());
                let t = self.queues[q].tasks.remove(i);
                MNext::Run {
                    task: t.task,
                    band,
                    source: None,
                    queue: Some(q),
                    emptied: self.queues[q].tasks.is_empty(),
                    runnable_at: t.runnable_at,
                    order: t.order,
                }
            }
        }
    }

    /// The candidates of a band, each with its age: every host task (runnable_at, order), and for
    /// each given level the first task of the queue whose first task has the smallest enqueue
    /// order (runnable_at, since).
    fn candidates(&self, host: bool, levels: &[u8]) -> Vec<(Where, (u64, u64))> {
        let mut all = Vec::new();
        if host {
            for (i, h) in self.host.iter().enumerate() {
                all.push((Where::Host(i), (h.runnable_at, h.order)));
            }
        }
        for &level in levels {
            if let Some(Where::Queue(q, i)) = self.pick_levels(&[level]) {
                let t = &self.queues[q].tasks[i];
                all.push((Where::Queue(q, i), (t.runnable_at, t.since)));
            }
        }
        all
    }

    /// Strict band pick among scheduler tasks whose effective priority is in `levels`: highest
    /// effective priority, then the queue whose first task is oldest.
    fn pick_levels(&self, levels: &[u8]) -> Option<Where> {
        let mut best: Option<(u8, u64, usize)> = None;
        for (q, queue) in self.queues.iter().enumerate() {
            let e = queue.effective();
            if !levels.contains(&e) || queue.tasks.is_empty() {
                continue;
            }
            let head = queue.tasks[0].order;
            let better = match best {
                None => true,
                Some((be, bo, _)) => e > be || (e == be && head < bo),
            };
            if better {
                best = Some((e, head, q));
            }
        }
        best.map(|(_, _, q)| Where::Queue(q, 0))
    }

    /// The oldest task of one host task source.
    fn first_of(&self, source: HostSource) -> Option<(usize, u64)> {
        self.host
            .iter()
            .enumerate()
            .filter(|(_, h)| h.source == source)
            .min_by_key(|(_, h)| (h.runnable_at, h.order))
            .map(|(i, h)| (i, h.runnable_at))
    }

    pub(super) fn next(&mut self, now: u64) -> MNext {
        let next = self.next_inner(now);
        if let MNext::Run {
            source: Some(source),
            ..
        } = next
        {
            match source {
                HostSource::UserInteraction => self.frame_after_input = true,
                HostSource::Rendering => {
                    self.frame_after_input = false;
                    self.rendered_in_idle_period = true;
                }
                _ => {}
            }
        }
        next
    }

    /// Whether the first idle callback needs a new idle period that must wait for a frame:
    /// it was requested during the current period (or before any), a frame is awaited, no
    /// rendering task ran since the period started, and a timer (the vsync's) will bring it.
    pub(super) fn idle_waits_for_frame(&self) -> bool {
        self.idle.first().is_some_and(|e| e.2 == self.idle_periods)
            && self.frame_awaited
            && !self.rendered_in_idle_period
            && !self.timers.is_empty()
    }

    /// Take the first idle callback (handle, task), starting a new idle period if it was
    /// requested during the current one.
    pub(super) fn take_idle(&mut self) -> (usize, u64) {
        let (handle, task, requested_in) = self.idle.remove(0);
        if requested_in == self.idle_periods {
            self.idle_periods += 1;
            self.rendered_in_idle_period = false;
        }
        (handle, task)
    }

    fn next_inner(&mut self, now: u64) -> MNext {
        // Input first.
        if let Some((i, _)) = self.first_of(HostSource::UserInteraction) {
            return self.take(Where::Host(i));
        }
        // A rendering task that has waited long enough.
        if let Some((i, runnable_at)) = self.first_of(HostSource::Rendering)
            && (self.frame_after_input
                || self
                    .rendering_after
                    .is_some_and(|after| runnable_at.saturating_add(after) <= now))
        {
            return self.take(Where::Host(i));
        }
        // After input, while a frame is awaited: wait for the next timer (the frame's).
        if self.frame_after_input
            && self.frame_awaited
            && let Some(due) = self.timers.iter().map(|t| t.due).min()
        {
            return MNext::Wait(due);
        }
        // Starvation: the oldest candidate of Normal or Low that waited longer than the limit.
        if let Some(limit) = self.starvation {
            let oldest = self
                .candidates(true, &[2, 1, 0])
                .into_iter()
                .min_by_key(|(_, age)| *age);
            if let Some((at, (r, _))) = oldest
                && r.saturating_add(limit) < now
            {
                return self.take(at);
            }
        }
        if let Some(at) = self.pick_levels(&[3, 4, 5]) {
            return self.take(at);
        }
        let normal = self
            .candidates(true, &[2])
            .into_iter()
            .min_by_key(|(_, age)| *age);
        if let Some((at, _)) = normal {
            return self.take(at);
        }
        if let Some(at) = self.pick_levels(&[0, 1]) {
            return self.take(at);
        }
        let next_due = self.timers.iter().map(|t| t.due).min();
        if let Some(due) = next_due
            && due <= now
        {
            return MNext::Wait(due);
        }
        if !self.idle.is_empty() {
            if self.idle_waits_for_frame() {
                return next_due.map_or(MNext::Empty, MNext::Wait);
            }
            let (handle, task) = self.take_idle();
            let deadline = (now + MAX_IDLE_PERIOD_NS).min(next_due.unwrap_or(u64::MAX));
            return MNext::Idle {
                task,
                handle,
                deadline,
            };
        }
        next_due.map_or(MNext::Empty, MNext::Wait)
    }
}
