//! Firefox's timer executor, imitated (`Deviations::timer_executor`, `--imitate timer-executor`).
//!
//! HTML's timer initialization steps (steps 12–13) queue each timer's own task on the timer task
//! source when "run steps after a timeout" has waited; taskhost queues it runnable at its due time.
//! Firefox 153 keeps each window's timeouts (`setTimeout`, `setInterval`, `AbortSignal.timeout`,
//! the delays of `scheduler.postTask`) in one list sorted by due time, served by one *executor*
//! (`dom/base/TimeoutManager.cpp`, `TimeoutExecutor.cpp`), whose runnables go through one timer
//! queue per page (`BrowsingContextGroup::GetTimerEventQueue`):
//!
//! - The executor is idle, or *immediate* (its runnable dispatched to the timer queue), or
//!   *delayed* (a timer-thread timer that posts an event to the timer queue at a deadline).
//!   Setting a timeout asks it to run by the timeout's due time (`MaybeSchedule`): an idle
//!   executor whose deadline has come dispatches its runnable now, a delayed one with a later
//!   deadline is cancelled and scheduled again, an immediate one stays as it is — so a 0 ms timer
//!   set while a runnable is already queued rides on it.
//! - The timer queue (a `ThrottledEventQueue` over the main thread) is a FIFO of its own with one
//!   runnable at a time in the main thread's normal queue: that runnable takes the queue's first
//!   event, queues itself again behind what the main thread has queued meanwhile if more events
//!   are left (before running the event), and runs it. So the executor's runs take turns with
//!   the page's other tasks.
//! - An executor's runnable runs only if the executor is still in the mode that dispatched it (a
//!   cancelled and rescheduled executor leaves a stale runnable behind, and whichever of them
//!   runs first while the mode is immediate does the work; a timer event only if its timer was
//!   not cancelled or set again). It then runs, in one task, every timeout due at that moment
//!   (`RunTimeout`: they are marked first; timeouts set meanwhile go after them and wait for a
//!   later run), each followed by a microtask checkpoint (`nsAutoMicroTask` in
//!   `RunTimeoutHandler`), and after each one stops if a `user-blocking` or `user-visible`
//!   scheduler task (or continuation) is queued, scheduling the executor again for the next
//!   timeout (so its runnable goes behind those tasks').
//! - Clearing the first timeout of the list cancels the executor and schedules it for the new
//!   first one.
//!
//! So a 0 ms timer runs in an executor's runnable, which may have been queued before or after
//! the tasks queued after the timer was set, and several due timers run back to back, without
//! the tasks queued between their due times. Not modelled: the time budget of a run
//! (`dom.timeout.max_consecutive_callbacks_ms`, 4 ms: the programs' callbacks take far less),
//! deferral during load, and throttling.

use std::cell::RefCell;
use std::collections::VecDeque;

use boa_engine::Context;
use boa_engine::realm::Realm;

use crate::agent::host::{Host, HostTimer, TaskSteps, TimerActionSteps};
use crate::agent::microtasks::perform_microtask_checkpoint;
use crate::agent::realm::{can_run, in_realm, realm_record};
use crate::event_loop::{HostSource, LoopTime};

/// What a timeout does when the executor runs it.
pub enum Action {
    /// A timer's task steps (an HTML timer, `AbortSignal.timeout`), run in its realm.
    Task(TaskSteps),
    /// Rust-side steps (a `postTask` delay that ended queues its task), given the time and a
    /// fresh enqueue order.
    Steps(Box<TimerActionSteps>),
}

struct Timeout {
    id: u64,
    when: LoopTime,
    /// Marked to run by the executor run under way (Firefox's valid firing id).
    firing: bool,
    /// Its callback is running (it stays first in the list until it has).
    running: bool,
    action: Option<Action>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Mode {
    Idle,
    Immediate,
    Delayed,
}

/// One window's timeouts and executor (Firefox's `TimeoutManager` and `TimeoutExecutor`).
struct Window {
    realm: Realm,
    /// Sorted by due time; a timeout inserted goes after those due no later than it, and after
    /// every timeout marked to run (`Timeouts::Insert`).
    timeouts: Vec<Timeout>,
    mode: Mode,
    deadline: Option<LoopTime>,
    /// The host timer of the delayed mode, and a generation that tells its stale events apart.
    delayed: Option<HostTimer>,
    generation: u64,
}

/// An event of the timer queue, for window `usize`.
#[derive(Copy, Clone, Debug)]
enum Event {
    /// The executor's runnable (`TimeoutExecutor::Run`): runs if the executor is immediate.
    Run(usize),
    /// The delayed executor's timer fired (`TimeoutExecutor::Notify`), for this generation of it.
    Notify(usize, u64),
}

/// The agent's windows' timeouts and their timer queue (see the module docs).
#[derive(Default)]
pub struct TimeoutExecutor {
    windows: Vec<Window>,
    next_id: u64,
    /// The timer queue's events, and the realm its runnable is queued in, if it is queued.
    queue: VecDeque<Event>,
    queued_in: Option<Realm>,
}

type Cell = RefCell<TimeoutExecutor>;

/// Add a timeout due at `when` for the window of `realm` (`TimeoutManager::SetTimeout`); returns
/// its id.
pub fn set(host: &Host, when: LoopTime, realm: Realm, action: Action) -> u64 {
    let cell = host.timeout_executor();
    let (id, w) = {
        let mut ex = cell.borrow_mut();
        ex.next_id += 1;
        let id = ex.next_id;
        let w = match ex.windows.iter().position(|w| w.realm == realm) {
            Some(w) => w,
            None => {
                ex.windows.push(Window {
                    realm,
                    timeouts: Vec::new(),
                    mode: Mode::Idle,
                    deadline: None,
                    delayed: None,
                    generation: 0,
                });
                ex.windows.len() - 1
            }
        };
        let timeouts = &mut ex.windows[w].timeouts;
        // Insert: from the end backwards, past the timeouts due later that are not marked.
        let mut at = timeouts.len();
        while at > 0 {
            let previous = &timeouts[at - 1];
            if previous.when > when && !previous.firing && !previous.running {
                at -= 1;
            } else {
                break;
            }
        }
        timeouts.insert(
            at,
            Timeout {
                id,
                when,
                firing: false,
                running: false,
                action: Some(action),
            },
        );
        (id, w)
    };
    maybe_schedule(host, cell, w, when);
    id
}

/// For the report of what was pending: how many timeouts the executor holds that have not run
/// (they are not the loop's timers), and how many of the loop's timers are its own (a delayed
/// executor's wake-up, one per window at most).
pub fn pending(host: &Host) -> (usize, usize) {
    let ex = host.timeout_executor().borrow();
    ex.windows.iter().fold((0, 0), |(timeouts, own), w| {
        (
            timeouts + w.timeouts.iter().filter(|t| !t.running).count(),
            own + usize::from(w.delayed.is_some()),
        )
    })
}

/// Clear a timeout (`TimeoutManager::ClearTimeoutInternal`). Clearing the running one changes
/// nothing here (its own steps see that it was cleared).
pub fn clear(host: &Host, id: u64) {
    let cell = host.timeout_executor();
    let (w, next) = {
        let mut ex = cell.borrow_mut();
        let found = ex.windows.iter().enumerate().find_map(|(w, window)| {
            window
                .timeouts
                .iter()
                .position(|t| t.id == id)
                .map(|at| (w, at))
        });
        let Some((w, at)) = found else {
            return;
        };
        let timeouts = &mut ex.windows[w].timeouts;
        if timeouts[at].running {
            return;
        }
        timeouts.remove(at);
        if at != 0 {
            return;
        }
        (w, timeouts.first().map(|t| t.when))
    };
    // The first timeout went: stop the executor and restart it at the next soonest deadline.
    cancel(host, cell, w);
    if let Some(when) = next {
        maybe_schedule(host, cell, w, when);
    }
}

/// `TimeoutExecutor::MaybeSchedule`.
fn maybe_schedule(host: &Host, cell: &Cell, w: usize, when: LoopTime) {
    let (mode, deadline) = {
        let ex = cell.borrow();
        (ex.windows[w].mode, ex.windows[w].deadline)
    };
    if mode == Mode::Idle {
        schedule(host, cell, w, when);
        return;
    }
    // MaybeReschedule: an earlier deadline than the one scheduled. An immediate runnable is
    // queued already and serves it too.
    if deadline.is_some_and(|d| when >= d) || mode == Mode::Immediate {
        return;
    }
    cancel(host, cell, w);
    schedule(host, cell, w, when);
}

/// `TimeoutExecutor::Schedule`: at once if the deadline has come, else at the deadline.
fn schedule(host: &Host, cell: &Cell, w: usize, when: LoopTime) {
    if when <= host.now() {
        {
            let mut ex = cell.borrow_mut();
            ex.windows[w].mode = Mode::Immediate;
            ex.windows[w].deadline = Some(when);
        }
        dispatch(host, cell, Event::Run(w), None);
    } else {
        schedule_delayed(host, cell, w, when);
    }
}

/// `TimeoutExecutor::ScheduleDelayed`: a timer whose firing posts `Notify` to the timer queue
/// at `when` (the timer thread posts it then, whatever the main thread is doing).
fn schedule_delayed(host: &Host, cell: &Cell, w: usize, when: LoopTime) {
    let (old, generation) = {
        let mut ex = cell.borrow_mut();
        let window = &mut ex.windows[w];
        window.generation += 1;
        window.mode = Mode::Delayed;
        window.deadline = Some(when);
        (window.delayed.take(), window.generation)
    };
    if let Some(old) = old {
        host.cancel_timer(old);
    }
    let timer = host.set_timer_action(
        when,
        Box::new(move |host, due, order| {
            let cell = host.timeout_executor();
            cell.borrow_mut().windows[w].delayed = None;
            dispatch(host, cell, Event::Notify(w, generation), Some((due, order)));
        }),
    );
    cell.borrow_mut().windows[w].delayed = Some(timer);
}

/// `TimeoutExecutor::Cancel`.
fn cancel(host: &Host, cell: &Cell, w: usize) {
    let old = {
        let mut ex = cell.borrow_mut();
        let window = &mut ex.windows[w];
        window.generation += 1;
        window.mode = Mode::Idle;
        window.deadline = None;
        window.delayed.take()
    };
    if let Some(old) = old {
        host.cancel_timer(old);
    }
}

/// Dispatch `event` to the timer queue (`ThrottledEventQueue::Dispatch`): the queue's runnable
/// is queued on the event loop unless it is already (runnable at `at`, the time and enqueue
/// order of the timer that posts it, or now).
fn dispatch(host: &Host, cell: &Cell, event: Event, at: Option<(LoopTime, u64)>) {
    let queued = {
        let mut ex = cell.borrow_mut();
        ex.queue.push_back(event);
        ex.queued_in.clone()
    };
    // (A runnable queued in a realm that has since stopped being fully active will not run.)
    if queued.is_none_or(|realm| !can_run(host, &realm)) {
        queue_runnable(host, cell, at);
    }
}

/// Queue the timer queue's runnable on the event loop, in the realm of the page (the first
/// window that can run whose realm is not a frame's, else the first that can run).
fn queue_runnable(host: &Host, cell: &Cell, at: Option<(LoopTime, u64)>) {
    let realm = {
        let ex = cell.borrow();
        let runnable = || ex.windows.iter().filter(|w| can_run(host, &w.realm));
        runnable()
            .find(|w| realm_record(&w.realm).is_none_or(|r| !r.name.starts_with("iframe")))
            .or_else(|| runnable().next())
            .map(|w| w.realm.clone())
    };
    let Some(realm) = realm else {
        cell.borrow_mut().queued_in = None;
        return;
    };
    cell.borrow_mut().queued_in = Some(realm.clone());
    let steps: TaskSteps = Box::new(|context| {
        let host = Host::from_context(context)?;
        run_queue_event(&host, host.timeout_executor(), context);
        Ok(())
    });
    match at {
        Some((due, order)) => host.queue_task_at(HostSource::Timer, realm, steps, due, order),
        None => host.queue_task(HostSource::Timer, realm, steps),
    }
}

/// The timer queue's runnable (`ThrottledEventQueue::Inner::ExecuteRunnable`): take the first
/// event, queue the runnable again if more are left, then run the event.
fn run_queue_event(host: &Host, cell: &Cell, context: &mut Context) {
    let (event, more) = {
        let mut ex = cell.borrow_mut();
        ex.queued_in = None;
        let event = ex.queue.pop_front();
        (event, !ex.queue.is_empty())
    };
    if more {
        queue_runnable(host, cell, None);
    }
    let Some(event) = event else {
        return;
    };
    let w = match event {
        Event::Run(w) | Event::Notify(w, _) => w,
    };
    let (mode, generation, realm) = {
        let ex = cell.borrow();
        let window = &ex.windows[w];
        (window.mode, window.generation, window.realm.clone())
    };
    if !can_run(host, &realm) {
        return;
    }
    // A runnable left by an executor that was cancelled and scheduled again runs only if it is
    // immediate now; a timer event only if the timer was not cancelled or set again.
    let current = match event {
        Event::Run(_) => mode == Mode::Immediate,
        Event::Notify(_, g) => mode == Mode::Delayed && g == generation,
    };
    if current {
        // `TimeoutExecutor::MaybeExecute`: run the timeouts due by now (a deadline still ahead
        // counts as now, as Firefox lets a timer fire that early).
        cancel(host, cell, w);
        run_timeouts(host, cell, w, host.now(), context);
    }
}

/// `TimeoutManager::RunTimeout`.
fn run_timeouts(host: &Host, cell: &Cell, w: usize, deadline: LoopTime, context: &mut Context) {
    // Mark every timeout due by the deadline; schedule the executor for the first one after.
    let (marked, next_deadline, realm) = {
        let mut ex = cell.borrow_mut();
        let window = &mut ex.windows[w];
        let mut marked = 0;
        let mut next = None;
        for t in &mut window.timeouts {
            if t.when > deadline {
                next = Some(t.when);
                break;
            }
            if !t.firing {
                t.firing = true;
                marked += 1;
            }
        }
        (marked, next, window.realm.clone())
    };
    if let Some(when) = next_deadline {
        maybe_schedule(host, cell, w, when);
    }
    if marked == 0 {
        return;
    }
    loop {
        let taken = {
            let mut ex = cell.borrow_mut();
            match ex.windows[w].timeouts.first_mut() {
                Some(t) if t.firing => {
                    t.running = true;
                    t.action.take().map(|a| (t.id, a))
                }
                _ => None,
            }
        };
        let Some((id, action)) = taken else {
            break;
        };
        match action {
            Action::Task(steps) => {
                if can_run(host, &realm)
                    && let Err(error) = in_realm(context, &realm, steps)
                {
                    host.report_exception(&error, context);
                }
            }
            Action::Steps(steps) => {
                let order = host.core().take_enqueue_order();
                steps(host, host.now(), order);
            }
        }
        perform_microtask_checkpoint(host, context);
        let next = {
            let mut ex = cell.borrow_mut();
            let timeouts = &mut ex.windows[w].timeouts;
            timeouts.retain(|t| t.id != id);
            timeouts.first().map(|t| t.when)
        };
        // Tasks of the scheduler at user-visible priority or above go first: stop, and let the
        // executor's next runnable queue behind theirs.
        if host.core().has_scheduler_tasks_from_level(2) {
            if let Some(when) = next {
                maybe_schedule(host, cell, w, when);
            }
            break;
        }
    }
    for t in &mut cell.borrow_mut().windows[w].timeouts {
        t.firing = false;
    }
}
