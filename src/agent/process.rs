//! The process's agents: the window's event loop and every worker's, each on its own thread.
//!
//! Everything that crosses threads goes through a [`Process`]:
//! - **Mail.** A [`Delivery`] is `Send` steps posted to an agent's mailbox; the agent runs them on
//!   its own thread at the start of its next turn. Deliveries only queue tasks (a message, an
//!   error event): no script runs in them, so an agent's task order is decided by its own loop.
//! - **Mail delays.** Under a policy seed ([`Process::delay_mail`]) every delivery gets a delay
//!   from a seeded generator (`event_loop::choices::MailDelays`) and is handed out only once it
//!   is due: at `max(now + delay, due time of the mailbox's last delivery)`, so a mailbox stays
//!   first in, first out. "Now" is the shared time line in lockstep, the wall clock since the
//!   process began otherwise. Without a seed every delivery is due at once.
//! - **Ports.** A message port that has left the agent it was created in is named by a
//!   [`PortId`]; the port directory knows which agent holds it now, or keeps what is posted to it
//!   while it travels inside a message ([`PortPlace::InTransit`]).
//! - **The end.** The process is finished when every agent is idle (nothing queued, no timer, its
//!   loop waiting for mail) and every mailbox is empty: nobody is left who could post anything.
//!   This is the rule for "a worker keeps the process alive only while someone can still post to
//!   it": an idle worker keeps nothing alive, a busy one does.
//! - **Seeing the end first.** An embedder that wants to act when everything is idle (the
//!   conformance runner ends a test file with its harness's `timeout()`, in whichever agent the
//!   harness runs) holds the end for its agent ([`Process::hold_end`]): when every agent is idle,
//!   that agent's wait returns [`Wake::Done`] as at the end, but the process is not finished and
//!   the other agents go on waiting for mail, so the embedder can post more work and run again.
//! - **Virtual time (lockstep).** With a shared virtual time line the agents take turns, one turn
//!   (one task and its microtask checkpoint) each, in the order they were created, so a program
//!   with workers runs the same way every time. When a whole round passes in which no agent had
//!   anything to run, the time line moves to the earliest timer of any agent; when no agent has a
//!   timer either, the process is finished.
//!
//! Invariants:
//! - One lock guards all of it; no JS runs and no delivery is executed while it is held.
//! - `done` is set only when every registered agent is idle and every mailbox is empty, and no
//!   agent holds the end; once set it stays set. An agent registered by its creator counts as
//!   busy until its own loop says it is idle, so a worker whose thread is still starting keeps
//!   the process alive.
//! - In lockstep, at most one agent holds the turn, and the turn only passes in creation order.
//! - A mailbox's due times never decrease, so its first delivery is the first due.
//! - Mail held for a port is the port's: when the port leaves its agent inside a message, the
//!   deliveries for it still held in that agent's mailbox go with it (into
//!   [`PortPlace::InTransit`], ahead of anything posted to it later), so a port's messages keep
//!   their order however long each took.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use boa_engine::Context;

use crate::event_loop::SharedTime;
use crate::event_loop::choices::MailDelays;

/// Steps run on the receiving agent's thread at the start of its next turn.
pub type Delivery = Box<dyn FnOnce(&mut Context) + Send>;

/// A delivery in a mailbox: due at `due` (ns on the mail clock, [`Process::mail_now`]; 0 when
/// mail is not delayed), addressed to `port` if it is a port's.
struct Mail {
    due: u64,
    port: Option<PortId>,
    delivery: Delivery,
}

/// An agent of the process (0 is the first one, the window's).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AgentId(pub u64);

/// A message port that may live in another agent than its partner.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PortId(pub u64);

/// Where a port is.
enum PortPlace {
    /// Held by this agent: deliveries for it go to the agent's mailbox.
    At(AgentId),
    /// Inside a message, not received yet: what is posted to it waits here.
    InTransit(Vec<Delivery>),
}

/// Why a wait for mail (or for a turn) ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Wake {
    /// Mail arrived, the time came, or (lockstep) it is this agent's turn.
    Go,
    /// Every agent is idle and no mail is left: the process is finished.
    Done,
    /// The process was asked to stop (`--max-time`), or this agent was terminated.
    Stop,
}

struct AgentEntry {
    mail: VecDeque<Mail>,
    /// `!mail.is_empty()`, readable without the lock (the loop asks every turn).
    has_mail: Arc<AtomicBool>,
    /// Waiting for mail with nothing queued and no timer.
    idle: bool,
    /// Lockstep: when its next timer is due, on the shared time line (ns).
    next_due: Option<u64>,
    wake: Arc<Condvar>,
    terminated: Arc<AtomicBool>,
    /// A worker waiting for a place under the worker limit (`worker_limit.rs`): it has no
    /// thread yet, takes no turns, and does not keep the process from finishing.
    dormant: bool,
}

#[derive(Default)]
struct State {
    agents: BTreeMap<AgentId, AgentEntry>,
    ports: HashMap<PortId, PortPlace>,
    /// Lockstep: the agent whose turn it is.
    turn: Option<AgentId>,
    /// Lockstep: turns in a row in which nothing ran.
    quiet: usize,
    done: bool,
    next_agent: u64,
    threads: Vec<JoinHandle<()>>,
    /// Shared workers by their key (script URL and name).
    shared_workers: HashMap<String, AgentId>,
    /// The agent whose embedder sees the end instead of it happening ([`Process::hold_end`]).
    holder: Option<AgentId>,
    /// Every agent was idle with no mail while the end was held: the holder's next wait (or
    /// turn) returns [`Wake::Done`], once. Cleared by new mail.
    paused: bool,
    /// Under a policy seed: the delays of deliveries.
    delays: Option<MailDelays>,
    /// Running workers, the limit and the workers waiting for a place (`worker_limit.rs`).
    workers: worker_limit::Workers,
}

/// What a [`Process::add_agent`] gives the new agent.
#[derive(Clone, Debug)]
pub struct AgentHandle {
    pub id: AgentId,
    /// Set when the agent is terminated (`Worker.terminate()`): its loop ends after its task.
    pub terminated: Arc<AtomicBool>,
    /// Set while mail waits for it (see [`Process::take_mail`]).
    has_mail: Arc<AtomicBool>,
}

/// See the module documentation.
pub struct Process {
    state: Mutex<State>,
    /// Lockstep when set: the shared virtual time line.
    time: Option<Arc<SharedTime>>,
    stop: AtomicBool,
    error: AtomicBool,
    next_port: AtomicU64,
    /// The start of the mail clock without a shared time line.
    epoch: Instant,
}

impl std::fmt::Debug for Process {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Process")
            .field("lockstep", &self.time.is_some())
            .finish_non_exhaustive()
    }
}

impl Process {
    /// A process without agents yet; `time` makes it run in lockstep on that virtual time line.
    #[must_use]
    pub fn new(time: Option<Arc<SharedTime>>) -> Arc<Self> {
        Arc::new(Self {
            state: Mutex::new(State::default()),
            time,
            stop: AtomicBool::new(false),
            error: AtomicBool::new(false),
            next_port: AtomicU64::new(1),
            epoch: Instant::now(),
        })
    }

    /// Under the random policy of main seed `seed`: delay every delivery by a seeded amount
    /// (see the module documentation).
    pub fn delay_mail(&self, seed: u64) {
        self.lock().delays = Some(MailDelays::new(seed));
    }

    /// The mail clock (ns): the shared time line in lockstep, else the wall clock since the
    /// process began.
    fn mail_now(&self) -> u64 {
        match &self.time {
            Some(time) => time.now_ns(),
            None => u64::try_from(self.epoch.elapsed().as_nanos()).unwrap_or(u64::MAX),
        }
    }

    /// The mail clock now if mail is delayed; else the far future, by which everything is due.
    fn mail_now_if_delayed(&self, state: &State) -> u64 {
        if state.delays.is_some() {
            self.mail_now()
        } else {
            u64::MAX
        }
    }

    /// The shared virtual time line, when the agents run in lockstep.
    #[must_use]
    pub fn shared_time(&self) -> Option<&Arc<SharedTime>> {
        self.time.as_ref()
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock is a bug already reported by the panicking thread;
        // the state itself is consistent between statements, so go on with it.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Hold the end of the process for `holder`'s embedder, for the rest of the process's life:
    /// whenever every agent is idle with no mail left, `holder`'s wait (or, in lockstep, its
    /// turn) returns [`Wake::Done`] once, as at the end, but the process is not finished: the
    /// other agents keep waiting for mail, and the embedder may post more work and run its loop
    /// again. (The conformance runner's child holds the end to call a harness's `timeout()` when
    /// nothing is left that could complete it, then ends the process itself.)
    pub fn hold_end(&self, holder: AgentId) {
        self.lock().holder = Some(holder);
    }

    /// Every agent is idle and no mail is left: the process is finished, or, while the end is
    /// held, its holder is told (and the process goes on). Returns whether it is finished.
    fn reached_end(state: &mut State) -> bool {
        match state.holder {
            Some(holder) if state.agents.contains_key(&holder) => {
                state.paused = true;
                if let Some(entry) = state.agents.get(&holder) {
                    entry.wake.notify_all();
                }
                false
            }
            _ => {
                state.done = true;
                state.workers.note_end();
                Self::notify_all(state);
                true
            }
        }
    }

    /// Whether `me` holds the end and every agent was idle: then its wait or turn returns
    /// [`Wake::Done`] (consumed: the next wait waits again), and it counts as busy until it
    /// waits again.
    fn take_pause(state: &mut State, me: AgentId) -> bool {
        if !(state.paused && state.holder == Some(me)) {
            return false;
        }
        state.paused = false;
        if let Some(entry) = state.agents.get_mut(&me) {
            entry.idle = false;
        }
        true
    }

    /// Register a new agent (busy until its loop says otherwise).
    pub fn add_agent(&self) -> AgentHandle {
        let mut state = self.lock();
        Self::add_agent_locked(&mut state)
    }

    /// The live shared worker registered under `key`, or a new agent registered for it (then
    /// `true`: the caller starts it). One check and insert under the lock, so two agents
    /// creating the same shared worker at once get one worker.
    pub fn shared_worker(&self, key: &str) -> (AgentId, Option<AgentHandle>) {
        let mut state = self.lock();
        if let Some(agent) = state.shared_workers.get(key).copied()
            && state.agents.contains_key(&agent)
        {
            return (agent, None);
        }
        let handle = Self::add_agent_locked(&mut state);
        state.shared_workers.insert(key.to_owned(), handle.id);
        (handle.id, Some(handle))
    }

    fn add_agent_locked(state: &mut State) -> AgentHandle {
        let id = AgentId(state.next_agent);
        state.next_agent += 1;
        let terminated = Arc::new(AtomicBool::new(false));
        let has_mail = Arc::new(AtomicBool::new(false));
        state.agents.insert(
            id,
            AgentEntry {
                mail: VecDeque::new(),
                has_mail: has_mail.clone(),
                idle: false,
                next_due: None,
                wake: Arc::new(Condvar::new()),
                terminated: terminated.clone(),
                dormant: false,
            },
        );
        state.quiet = 0;
        if state.turn.is_none() {
            state.turn = Some(id);
        }
        AgentHandle {
            id,
            terminated,
            has_mail,
        }
    }

    /// Whether an agent has ended with an uncaught error (for the process's exit status).
    #[must_use]
    pub fn had_error(&self) -> bool {
        self.error.load(Ordering::Acquire)
    }

    /// An agent reported an uncaught error nobody handled.
    pub fn note_error(&self) {
        self.error.store(true, Ordering::Release);
    }

    /// How many agents are registered.
    #[must_use]
    pub fn agent_count(&self) -> usize {
        self.lock().agents.len()
    }

    /// Whether `agent` is still registered.
    #[must_use]
    pub fn is_live(&self, agent: AgentId) -> bool {
        self.lock().agents.contains_key(&agent)
    }

    /// Keep a worker thread to join when the process is finished; threads that have ended
    /// since are joined now (an ended thread keeps its stack until joined).
    pub fn add_thread(&self, thread: JoinHandle<()>) {
        let ended = {
            let mut state = self.lock();
            let (ended, running): (Vec<_>, Vec<_>) = std::mem::take(&mut state.threads)
                .into_iter()
                .partition(JoinHandle::is_finished);
            state.threads = running;
            state.threads.push(thread);
            ended
        };
        for thread in ended {
            let _ = thread.join();
        }
    }

    /// Join the worker threads (after [`Wake::Done`]: they are all ending).
    pub fn join_threads(&self) {
        let threads = std::mem::take(&mut self.lock().threads);
        for thread in threads {
            let _ = thread.join();
        }
    }

    /// Post `delivery` to `to`'s mailbox; false (and dropped) if that agent is gone.
    pub fn post(&self, to: AgentId, delivery: Delivery) -> bool {
        let mut state = self.lock();
        self.post_locked(&mut state, to, None, delivery)
    }

    /// Post `delivery` (for `port`, if it is a port's) to `to`'s mailbox, due after its delay.
    fn post_locked(
        &self,
        state: &mut State,
        to: AgentId,
        port: Option<PortId>,
        delivery: Delivery,
    ) -> bool {
        if !state.agents.contains_key(&to) {
            return false;
        }
        let due = match state.delays.as_mut() {
            None => 0,
            Some(delays) => {
                let delay = delays.delay_ns();
                self.mail_now().saturating_add(delay)
            }
        };
        let Some(entry) = state.agents.get_mut(&to) else {
            return false;
        };
        // First in, first out: never due before the delivery ahead of it.
        let due = entry.mail.back().map_or(due, |last| last.due.max(due));
        entry.mail.push_back(Mail {
            due,
            port,
            delivery,
        });
        entry.has_mail.store(true, Ordering::Release);
        entry.idle = false;
        entry.wake.notify_all();
        // Someone has work again: the agents are no longer all idle.
        state.paused = false;
        true
    }

    /// Take `me`'s mail that is due (in the order it was posted). Without mail this is one
    /// atomic load: every turn of every loop asks.
    #[must_use]
    pub fn take_mail(&self, me: &AgentHandle) -> VecDeque<Delivery> {
        if !me.has_mail.load(Ordering::Acquire) {
            return VecDeque::new();
        }
        let mut state = self.lock();
        let now = self.mail_now_if_delayed(&state);
        let Some(entry) = state.agents.get_mut(&me.id) else {
            me.has_mail.store(false, Ordering::Release);
            return VecDeque::new();
        };
        let due = entry.mail.iter().take_while(|m| m.due <= now).count();
        let taken = entry.mail.drain(..due).map(|m| m.delivery).collect();
        me.has_mail.store(!entry.mail.is_empty(), Ordering::Release);
        taken
    }

    /// Whether mail waits for `me`, due or not (one atomic load).
    #[must_use]
    pub fn has_mail(&self, me: &AgentHandle) -> bool {
        me.has_mail.load(Ordering::Acquire)
    }

    /// Ask every agent to stop (`--max-time`).
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Release);
        let state = self.lock();
        for entry in state.agents.values() {
            entry.wake.notify_all();
        }
    }

    /// Whether the process is finished (every agent was idle with no mail left).
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.lock().done
    }

    /// Whether an agent other than `me` is busy or has mail (in lockstep: ran something or has
    /// a timer, as of its last turn).
    #[must_use]
    pub fn others_busy(&self, me: AgentId) -> bool {
        self.lock()
            .agents
            .iter()
            .any(|(id, e)| *id != me && !e.dormant && (!e.idle || !e.mail.is_empty()))
    }

    /// Whether the process was asked to stop.
    #[must_use]
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Acquire)
    }

    /// Terminate `agent`: its loop ends after the task it is running (if any), its mail is
    /// dropped and nothing more can be posted to it.
    pub fn terminate(&self, agent: AgentId) {
        let mut state = self.lock();
        if let Some(entry) = state.agents.get_mut(&agent) {
            entry.terminated.store(true, Ordering::Release);
            entry.mail.clear();
            entry.has_mail.store(false, Ordering::Release);
            entry.wake.notify_all();
        }
        // A worker still waiting for a place never starts: it is gone now.
        if Self::forget_waiting_worker(&mut state, agent) {
            self.check_done(&mut state);
            Self::notify_all(&state);
        }
    }

    /// `me` has ended: forget it and the ports it held; pass the turn on.
    pub fn remove_agent(&self, me: AgentId) {
        let mut state = self.lock();
        if state.agents.remove(&me).is_none() {
            return;
        }
        state
            .ports
            .retain(|_, place| !matches!(place, PortPlace::At(a) if *a == me));
        if state.turn == Some(me) {
            state.turn = Self::after(&state, me);
            state.quiet = 0;
        }
        self.check_done(&mut state);
        Self::notify_all(&state);
    }

    fn notify_all(state: &State) {
        for entry in state.agents.values() {
            entry.wake.notify_all();
        }
    }

    /// Real time: set `done` when every agent is idle and no mail is left.
    fn check_done(&self, state: &mut State) {
        if state.done || self.time.is_some() {
            return;
        }
        if state
            .agents
            .values()
            .all(|e| e.dormant || (e.idle && e.mail.is_empty()))
        {
            Self::reached_end(state);
        }
    }

    /// Whether `me`'s wait (or turn) is over for good: the process is finished (`Done`), or it
    /// was asked to stop, or `me` was terminated or removed (`Stop`).
    fn over(&self, state: &State, me: AgentId) -> Option<Wake> {
        if state.done {
            return Some(Wake::Done);
        }
        match state.agents.get(&me) {
            Some(entry)
                if !self.stop.load(Ordering::Acquire)
                    && !entry.terminated.load(Ordering::Acquire) =>
            {
                None
            }
            _ => Some(Wake::Stop),
        }
    }

    /// Real time: wait for mail, or until `until` (a timer is due then, or a time limit ends).
    /// An `idle` agent has nothing queued and no timer: when every agent is idle with no mail
    /// left, the process is finished. Returns at once if mail is waiting.
    #[must_use]
    pub fn wait(&self, me: AgentId, until: Option<Instant>, idle: bool) -> Wake {
        let mut state = self.lock();
        loop {
            if let Some(wake) = self.over(&state, me) {
                return wake;
            }
            let Some(entry) = state.agents.get_mut(&me) else {
                return Wake::Stop;
            };
            // Mail that is due ends the wait; mail that is not, when it is due.
            let mut until = until;
            if let Some(first) = entry.mail.front() {
                if first.due == 0 || first.due <= self.mail_now() {
                    entry.idle = false;
                    return Wake::Go;
                }
                let due = self.epoch + Duration::from_nanos(first.due);
                until = Some(until.map_or(due, |until| until.min(due)));
            }
            if Self::take_pause(&mut state, me) {
                return Wake::Done;
            }
            let Some(entry) = state.agents.get_mut(&me) else {
                return Wake::Stop;
            };
            entry.idle = idle;
            let wake = entry.wake.clone();
            if entry.idle {
                self.check_done(&mut state);
                if state.done {
                    return Wake::Done;
                }
                if Self::take_pause(&mut state, me) {
                    return Wake::Done;
                }
            }
            match until {
                Some(until) => {
                    let now = Instant::now();
                    if now >= until {
                        if let Some(entry) = state.agents.get_mut(&me) {
                            entry.idle = false;
                        }
                        return Wake::Go;
                    }
                    state = wake
                        .wait_timeout(state, until - now)
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .0;
                }
                None => {
                    state = wake
                        .wait(state)
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                }
            }
        }
    }
}

mod lockstep;
mod ports;
mod worker_limit;
pub use worker_limit::{Admission, DEFAULT_MAX_WORKERS, WorkerStarter};
#[cfg(test)]
mod tests;
