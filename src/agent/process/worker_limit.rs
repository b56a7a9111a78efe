//! The limit on running workers: at most N workers (dedicated and shared, of the whole page —
//! every taskhost global has one origin) run at once, as Firefox's `dom.workers.maxPerDomain`
//! (512) has it; a worker created beyond the limit waits, dormant, until a running one ends,
//! then starts (in creation order). HTML leaves this to the user agent ("user agents may impose
//! implementation-specific limits on otherwise unconstrained inputs", and a worker's creation
//! may be delayed: "run a worker" happens in parallel).
//!
//! Invariants:
//! - `running` counts the workers admitted and not yet finished; it never exceeds the limit
//!   (a limit lowered below it only stops admissions until enough have ended).
//! - A dormant worker is a registered agent without a thread: it takes no lockstep turns and
//!   does not keep the process from finishing (a page whose running workers wait forever for
//!   mail finishes with the dormant ones never started, and says so). Mail posted to it waits
//!   in its mailbox until it starts.

use std::collections::VecDeque;

use super::{AgentId, Process, State};

/// Firefox's `dom.workers.maxPerDomain`.
pub const DEFAULT_MAX_WORKERS: usize = 512;

/// What starts a worker's thread once it has a place.
pub type WorkerStarter = Box<dyn FnOnce() + Send>;

/// Whether a worker starts now.
pub enum Admission {
    /// It has a place: run the starter now.
    Now(WorkerStarter),
    /// It waits; `first` is true the first time the limit was reached in this process.
    Waiting { limit: usize, first: bool },
}

#[derive(Default)]
pub(super) struct Workers {
    /// `None`: [`DEFAULT_MAX_WORKERS`].
    limit: Option<usize>,
    running: usize,
    waiting: VecDeque<(AgentId, WorkerStarter)>,
    warned: bool,
    /// How many were waiting when the process finished (they never start; the running ones
    /// end then, and terminate their own waiting workers with them).
    never_started: Option<usize>,
}

impl Workers {
    fn limit(&self) -> usize {
        self.limit.unwrap_or(DEFAULT_MAX_WORKERS)
    }

    /// The process has finished.
    pub(super) fn note_end(&mut self) {
        self.never_started = Some(self.waiting.len());
    }
}

impl Process {
    /// Set the limit on running workers (`--max-workers`).
    pub fn set_worker_limit(&self, limit: usize) {
        self.lock().workers.limit = Some(limit.max(1));
    }

    /// The limit on running workers.
    #[must_use]
    pub fn worker_limit(&self) -> usize {
        self.lock().workers.limit()
    }

    /// A worker asks for a place: whether it has one (counted until
    /// [`Process::worker_finished`]). If not, [`Process::admit_worker`] makes it wait.
    #[must_use]
    pub fn try_admit_worker(&self) -> bool {
        let mut state = self.lock();
        if state.workers.running < state.workers.limit() {
            state.workers.running += 1;
            return true;
        }
        false
    }

    /// `worker` (a registered agent) asks for a place: it runs now (counted until
    /// [`Process::worker_finished`]), or waits dormant until one is free.
    pub fn admit_worker(&self, worker: AgentId, start: WorkerStarter) -> Admission {
        let mut state = self.lock();
        let limit = state.workers.limit();
        if state.workers.running < limit {
            state.workers.running += 1;
            return Admission::Now(start);
        }
        if let Some(entry) = state.agents.get_mut(&worker) {
            entry.dormant = true;
            entry.idle = true;
        }
        state.workers.waiting.push_back((worker, start));
        let first = !state.workers.warned;
        state.workers.warned = true;
        self.check_done(&mut state);
        Self::notify_all(&state);
        Admission::Waiting { limit, first }
    }

    /// A running worker has ended (or could not start): its place goes to the workers waiting
    /// first. Returns their starters, to run outside the lock.
    #[must_use]
    pub fn worker_finished(&self) -> Vec<WorkerStarter> {
        let mut state = self.lock();
        state.workers.running = state.workers.running.saturating_sub(1);
        let mut starters = Vec::new();
        // A finished (or stopping) process starts nothing more: its workers are ending because
        // it is over, and the ones still waiting never start.
        if state.done || self.stop.load(std::sync::atomic::Ordering::Acquire) {
            return starters;
        }
        while state.workers.running < state.workers.limit() {
            let Some((worker, start)) = state.workers.waiting.pop_front() else {
                break;
            };
            let Some(entry) = state.agents.get_mut(&worker) else {
                continue;
            };
            entry.dormant = false;
            entry.idle = false;
            state.workers.running += 1;
            state.quiet = 0;
            starters.push(start);
        }
        starters
    }

    /// How many workers are waiting for a place (once the process has finished: how many were
    /// waiting then, and never started).
    #[must_use]
    pub fn waiting_workers(&self) -> usize {
        let state = self.lock();
        state
            .workers
            .never_started
            .unwrap_or(state.workers.waiting.len())
    }

    /// Forget `agent` if it is a worker waiting for a place (it was terminated); whether it was.
    pub(super) fn forget_waiting_worker(state: &mut State, agent: AgentId) -> bool {
        let before = state.workers.waiting.len();
        state.workers.waiting.retain(|(id, _)| *id != agent);
        if state.workers.waiting.len() == before {
            return false;
        }
        state.agents.remove(&agent);
        true
    }
}
