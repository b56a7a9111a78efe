//! The process's agents: the window's event loop and every worker's, each on its own thread.
//!
//! Everything that crosses threads goes through a [`Process`]:
//! - **Mail.** A [`Delivery`] is `Send` steps posted to an agent's mailbox; the agent runs them on
//!   its own thread at the start of its next turn. Deliveries only queue tasks (a message, an
//!   error event): no script runs in them, so an agent's task order is decided by its own loop.
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

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Instant;

use boa_engine::Context;

use crate::event_loop::SharedTime;

/// Steps run on the receiving agent's thread at the start of its next turn.
pub type Delivery = Box<dyn FnOnce(&mut Context) + Send>;

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
    mail: VecDeque<Delivery>,
    /// `!mail.is_empty()`, readable without the lock (the loop asks every turn).
    has_mail: Arc<AtomicBool>,
    /// Waiting for mail with nothing queued and no timer.
    idle: bool,
    /// Lockstep: when its next timer is due, on the shared time line (ns).
    next_due: Option<u64>,
    wake: Arc<Condvar>,
    terminated: Arc<AtomicBool>,
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
        })
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
        Self::post_locked(&mut state, to, delivery)
    }

    fn post_locked(state: &mut State, to: AgentId, delivery: Delivery) -> bool {
        let Some(entry) = state.agents.get_mut(&to) else {
            return false;
        };
        entry.mail.push_back(delivery);
        entry.has_mail.store(true, Ordering::Release);
        entry.idle = false;
        entry.wake.notify_all();
        // Someone has work again: the agents are no longer all idle.
        state.paused = false;
        true
    }

    /// Take `me`'s mail (in the order it was posted). Without mail this is one atomic load:
    /// every turn of every loop asks.
    #[must_use]
    pub fn take_mail(&self, me: &AgentHandle) -> VecDeque<Delivery> {
        if !me.has_mail.load(Ordering::Acquire) {
            return VecDeque::new();
        }
        let mut state = self.lock();
        me.has_mail.store(false, Ordering::Release);
        state
            .agents
            .get_mut(&me.id)
            .map(|e| std::mem::take(&mut e.mail))
            .unwrap_or_default()
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
            .any(|(id, e)| *id != me && (!e.idle || !e.mail.is_empty()))
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
        if state.agents.values().all(|e| e.idle && e.mail.is_empty()) {
            Self::reached_end(state);
        }
    }

    fn stopped(&self, entry: &AgentEntry) -> bool {
        self.stop.load(Ordering::Acquire) || entry.terminated.load(Ordering::Acquire)
    }

    /// Real time: wait for mail, or until `until` (a timer is due then, or a time limit ends).
    /// An `idle` agent has nothing queued and no timer: when every agent is idle with no mail
    /// left, the process is finished. Returns at once if mail is waiting.
    #[must_use]
    pub fn wait(&self, me: AgentId, until: Option<Instant>, idle: bool) -> Wake {
        let mut state = self.lock();
        loop {
            if state.done {
                return Wake::Done;
            }
            let Some(entry) = state.agents.get_mut(&me) else {
                return Wake::Stop;
            };
            if self.stopped(entry) {
                return Wake::Stop;
            }
            if !entry.mail.is_empty() {
                entry.idle = false;
                return Wake::Go;
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

    // ---- lockstep (virtual time) ----

    /// The agent after `me` in creation order (wrapping), if any agent is left.
    fn after(state: &State, me: AgentId) -> Option<AgentId> {
        state
            .agents
            .range(AgentId(me.0 + 1)..)
            .next()
            .or_else(|| state.agents.iter().next())
            .map(|(id, _)| *id)
    }

    /// Lockstep: wait for `me`'s turn.
    #[must_use]
    pub fn begin_turn(&self, me: AgentId) -> Wake {
        let mut state = self.lock();
        loop {
            if state.done {
                return Wake::Done;
            }
            let Some(entry) = state.agents.get(&me) else {
                return Wake::Stop;
            };
            if self.stopped(entry) {
                return Wake::Stop;
            }
            let wake = entry.wake.clone();
            if Self::take_pause(&mut state, me) {
                return Wake::Done;
            }
            if state.turn == Some(me) {
                return Wake::Go;
            }
            state = wake
                .wait(state)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
    }

    /// Lockstep: `me`'s turn is over; it `ran` something (a task, mail, a microtask) or not, and
    /// its next timer is due at `next_due` (ns on the shared time line). When a whole round ran
    /// nothing, the time line moves to the earliest timer; with no timer anywhere, the process
    /// is finished.
    pub fn end_turn(&self, me: AgentId, ran: bool, next_due: Option<u64>) {
        let mut state = self.lock();
        if let Some(entry) = state.agents.get_mut(&me) {
            entry.next_due = next_due;
            entry.idle = !ran && next_due.is_none();
        }
        if ran {
            state.quiet = 0;
        } else {
            state.quiet += 1;
        }
        if state.quiet >= state.agents.len() {
            state.quiet = 0;
            let has_mail = state.agents.values().any(|e| !e.mail.is_empty());
            let earliest = state.agents.values().filter_map(|e| e.next_due).min();
            match (has_mail, earliest, &self.time) {
                (true, _, _) => {}
                (false, Some(due), Some(time)) => time.advance_to(due),
                _ => {
                    if Self::reached_end(&mut state) {
                        return;
                    }
                    // The end is held: the holder's turn comes next, and tells it.
                    if let Some(holder) = state.holder {
                        state.turn = Some(holder);
                    }
                    return;
                }
            }
        }
        state.turn = Self::after(&state, me);
        if let Some(next) = state.turn
            && let Some(entry) = state.agents.get(&next)
        {
            entry.wake.notify_all();
        }
    }

    // ---- the port directory ----

    /// A new port id.
    #[must_use]
    pub fn new_port_id(&self) -> PortId {
        PortId(self.next_port.fetch_add(1, Ordering::Relaxed))
    }

    /// `port` is now held by `agent`; what was posted to it while it travelled, to run there.
    #[must_use]
    pub fn port_arrived(&self, port: PortId, agent: AgentId) -> Vec<Delivery> {
        let mut state = self.lock();
        match state.ports.insert(port, PortPlace::At(agent)) {
            Some(PortPlace::InTransit(waiting)) => waiting,
            _ => Vec::new(),
        }
    }

    /// `port` left its agent inside a message.
    pub fn port_departed(&self, port: PortId) {
        let mut state = self.lock();
        if !matches!(state.ports.get(&port), Some(PortPlace::InTransit(_))) {
            state.ports.insert(port, PortPlace::InTransit(Vec::new()));
        }
    }

    /// `port` was closed (or its agent is gone): deliveries to it are dropped from now on.
    pub fn port_closed(&self, port: PortId) {
        self.lock().ports.remove(&port);
    }

    /// The agent holding `port`, if it is held (not travelling, not closed).
    #[must_use]
    pub fn port_holder(&self, port: PortId) -> Option<AgentId> {
        match self.lock().ports.get(&port) {
            Some(PortPlace::At(agent)) => Some(*agent),
            _ => None,
        }
    }

    /// Post `delivery` for `port`, wherever it is; false (and dropped) if it is closed or gone.
    pub fn post_to_port(&self, port: PortId, delivery: Delivery) -> bool {
        let mut state = self.lock();
        match state.ports.get_mut(&port) {
            Some(PortPlace::InTransit(waiting)) => {
                waiting.push(delivery);
                true
            }
            Some(PortPlace::At(agent)) => {
                let agent = *agent;
                Self::post_locked(&mut state, agent, delivery)
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::time::Duration;

    fn noop() -> Delivery {
        Box::new(|_| {})
    }

    #[test]
    fn mail_arrives_in_order_and_not_for_gone_agents() {
        let p = Process::new(None);
        let a = p.add_agent();
        let b = p.add_agent();
        let counter = Arc::new(AtomicUsize::new(0));
        for _ in 0..3 {
            assert!(p.post(b.id, noop()));
        }
        assert_eq!(p.take_mail(&b).len(), 3);
        assert!(p.take_mail(&b).is_empty());
        p.remove_agent(b.id);
        let c = counter.clone();
        assert!(!p.post(
            b.id,
            Box::new(move |_| {
                c.fetch_add(1, Ordering::Relaxed);
            })
        ));
        assert!(p.is_live(a.id) && !p.is_live(b.id));
    }

    #[test]
    fn finished_only_when_every_agent_is_idle_and_no_mail_is_left() {
        let p = Process::new(None);
        let a = p.add_agent();
        let b = p.add_agent();
        // b is busy (registered, not yet idle): a's idle wait times out instead of finishing.

        let soon = Instant::now() + Duration::from_millis(5);
        assert_eq!(p.wait(a.id, Some(soon), true), Wake::Go);
        // b goes idle on another thread while a waits idle: both see Done.
        let p2 = p.clone();
        let b_id = b.id;
        let t = std::thread::spawn(move || p2.wait(b_id, None, true));
        assert_eq!(p.wait(a.id, None, true), Wake::Done);
        assert_eq!(t.join().ok(), Some(Wake::Done));
    }

    #[test]
    fn mail_wakes_an_idle_agent_and_keeps_the_process_alive() {
        let p = Process::new(None);
        let a = p.add_agent();
        let b = p.add_agent();
        let p2 = p.clone();
        let (a_id, b_id) = (a.id, b.id);
        let b2 = b.clone();
        // b: idle, then woken by mail from a, then idle again.
        let t = std::thread::spawn(move || {
            let first = p2.wait(b_id, None, true);
            let mail = p2.take_mail(&b2).len();
            let second = p2.wait(b_id, None, true);
            (first, mail, second)
        });
        std::thread::sleep(Duration::from_millis(10));
        assert!(p.post(b_id, noop()));
        assert_eq!(p.wait(a_id, None, true), Wake::Done);
        assert_eq!(t.join().ok(), Some((Wake::Go, 1, Wake::Done)));
    }

    #[test]
    fn terminate_and_stop_end_waits() {
        let p = Process::new(None);
        let a = p.add_agent();
        let b = p.add_agent();
        p.terminate(b.id);
        assert!(b.terminated.load(Ordering::Acquire));
        assert_eq!(p.wait(b.id, None, true), Wake::Stop);
        p.request_stop();
        assert_eq!(p.wait(a.id, None, true), Wake::Stop);
    }

    #[test]
    fn ports_keep_what_is_posted_while_they_travel() {
        let p = Process::new(None);
        let a = p.add_agent();
        let b = p.add_agent();
        let port = p.new_port_id();
        assert!(!p.post_to_port(port, noop()), "unknown port: dropped");
        p.port_departed(port);
        assert!(p.post_to_port(port, noop()));
        assert!(p.post_to_port(port, noop()));
        assert_eq!(p.port_arrived(port, b.id).len(), 2);
        assert_eq!(p.port_holder(port), Some(b.id));
        assert!(p.post_to_port(port, noop()));
        assert_eq!(p.take_mail(&b).len(), 1);
        p.remove_agent(b.id);
        assert_eq!(p.port_holder(port), None, "an ended agent's ports are gone");
        assert!(!p.post_to_port(port, noop()));
        let _ = a;
    }

    /// With the end held, the holder sees every "all idle" as `Done` while the process goes on:
    /// the other agents keep waiting, and mail from the holder wakes them again.
    #[test]
    fn a_held_end_tells_the_holder_and_keeps_the_others() {
        let p = Process::new(None);
        let a = p.add_agent();
        let b = p.add_agent();
        p.hold_end(a.id);
        let p2 = p.clone();
        let b_id = b.id;
        let b2 = b.clone();
        // b: idle until mail comes, then idle again until it is terminated.
        let t = std::thread::spawn(move || {
            let first = p2.wait(b_id, None, true);
            let mail = p2.take_mail(&b2).len();
            let second = p2.wait(b_id, None, true);
            (first, mail, second)
        });
        assert_eq!(p.wait(a.id, None, true), Wake::Done);
        assert!(!p.is_done(), "the end is held: not finished");
        assert!(p.post(b_id, noop()));
        assert_eq!(p.wait(a.id, None, true), Wake::Done, "all idle again");
        assert!(!p.is_done());
        p.terminate(b_id);
        assert_eq!(t.join().ok(), Some((Wake::Go, 1, Wake::Stop)));
        p.remove_agent(b_id);
        assert_eq!(p.wait(a.id, None, true), Wake::Done);
        assert!(!p.is_done());
    }

    /// Lockstep with the end held: a quiet round with no timer gives the holder the turn, which
    /// it sees as `Done` once; its next turn is an ordinary one.
    #[test]
    fn a_held_end_in_lockstep() {
        let p = Process::new(Some(SharedTime::new()));
        let a = p.add_agent();
        let b = p.add_agent();
        p.hold_end(a.id);
        assert_eq!(p.begin_turn(a.id), Wake::Go);
        p.end_turn(a.id, false, None);
        assert_eq!(p.begin_turn(b.id), Wake::Go);
        p.end_turn(b.id, false, None);
        assert_eq!(p.begin_turn(a.id), Wake::Done);
        assert!(!p.is_done());
        assert_eq!(p.begin_turn(a.id), Wake::Go);
        assert!(p.post(b.id, noop()));
        p.end_turn(a.id, true, None);
        assert_eq!(p.begin_turn(b.id), Wake::Go);
    }

    /// Lockstep: turns pass in creation order; a quiet round moves the time line to the earliest
    /// timer; a quiet round with no timer finishes the process.
    #[test]
    fn lockstep_turns_and_time() {
        let time = SharedTime::new();
        let p = Process::new(Some(time.clone()));
        let a = p.add_agent();
        let b = p.add_agent();
        assert_eq!(p.begin_turn(a.id), Wake::Go);
        p.end_turn(a.id, true, None);
        assert_eq!(p.begin_turn(b.id), Wake::Go);
        p.end_turn(b.id, false, Some(7_000));
        assert_eq!(p.begin_turn(a.id), Wake::Go);
        p.end_turn(a.id, false, Some(9_000));
        // A round of two quiet turns: the time line moved to b's timer.
        assert_eq!(time.now_ns(), 7_000);
        assert_eq!(p.begin_turn(b.id), Wake::Go);
        p.end_turn(b.id, true, None);
        assert_eq!(p.begin_turn(a.id), Wake::Go);
        p.end_turn(a.id, false, None);
        assert_eq!(p.begin_turn(b.id), Wake::Go);
        p.end_turn(b.id, false, None);
        assert_eq!(p.begin_turn(a.id), Wake::Done);
        assert_eq!(p.begin_turn(b.id), Wake::Done);
    }

    /// Lockstep with real threads: whatever the OS does, each agent's turns interleave in the
    /// same order.
    #[test]
    fn lockstep_is_deterministic_across_threads() {
        let run = || {
            let p = Process::new(Some(SharedTime::new()));
            let log = Arc::new(Mutex::new(Vec::new()));
            let agents: Vec<_> = (0..3).map(|_| p.add_agent()).collect();
            let threads: Vec<_> = agents
                .iter()
                .map(|h| {
                    let (p, log, id) = (p.clone(), log.clone(), h.id);
                    std::thread::spawn(move || {
                        for step in 0..(3 + id.0) {
                            if p.begin_turn(id) != Wake::Go {
                                return;
                            }
                            log.lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .push((id.0, step));
                            p.end_turn(id, true, None);
                        }
                        while p.begin_turn(id) == Wake::Go {
                            p.end_turn(id, false, None);
                        }
                    })
                })
                .collect();
            for t in threads {
                let _ = t.join();
            }
            log.lock().unwrap_or_else(|e| e.into_inner()).clone()
        };
        let first = run();
        assert_eq!(first.len(), 3 + 4 + 5);
        assert_eq!(&first[..3], &[(0, 0), (1, 0), (2, 0)]);
        for _ in 0..5 {
            assert_eq!(run(), first);
        }
    }
}
