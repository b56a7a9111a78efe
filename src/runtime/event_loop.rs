//! The event loop of a runtime: HTML's "event loop processing model" (§8.1.7.3), one turn at a
//! time — mail from other agents, async jobs, ripe timers, then one task (or idle callback) and
//! its microtask checkpoint — and the waits between turns, through the process (`agent::process`):
//! on the loop's clock alone, or in lockstep with the other agents under virtual time.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::task::{Poll, Waker};
use std::time::{Duration, Instant};

use boa_engine::realm::Realm;
use boa_engine::{Context, JsResult, JsValue};

use super::{LoopEnd, Runtime};
use crate::agent::clock_control::{ClockControl, Decision, NextKind};
use crate::agent::host::Host;
use crate::agent::microtasks::perform_microtask_checkpoint_timed;
use crate::agent::process::Wake;
use crate::agent::realm::{can_run, in_realm};
use crate::agent::script as agent_script;
use crate::agent::trace::{TaskLabel, source_kind};
use crate::event_loop::{LoopTime, Next, Selected, TaskId};
use crate::web::html::report::report_exception;
use crate::web::performance::{long_animation_frames, long_tasks};

impl Runtime {
    /// Drive the event loop until nothing can run again (or `max_time`): with workers, until
    /// no agent of the process can run again (see `agent::process`).
    pub fn run_event_loop(&mut self) -> LoopEnd {
        let Self {
            context,
            host,
            options,
            started,
            limit_from,
            reducer,
            ..
        } = self;
        let host = host.clone();
        let Some(agent) = host.agent().cloned() else {
            return LoopEnd::Finished;
        };
        let process = agent.process.clone();
        let me = agent.id();
        let lockstep = process.shared_time().is_some();
        let max_time = options.max_time;
        let deadline = max_time
            .map(|d| limit_from.saturating_add_ns(u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)));
        let cell = RefCell::new(context);
        let mut async_jobs: Vec<Pin<Box<dyn Future<Output = JsResult<JsValue>> + '_>>> = Vec::new();
        let mut cleanup_jobs: Vec<Pin<Box<dyn Future<Output = JsResult<JsValue>> + '_>>> =
            Vec::new();
        let mut poll_cx = std::task::Context::from_waker(Waker::noop());

        // HTML "event loop processing model" (§8.1.7.3): "An event loop must continually run
        // through the following steps for as long as it exists". One iteration is one turn.
        loop {
            // With virtual time the process's agents take turns (`agent::process`).
            if lockstep {
                match process.begin_turn(me) {
                    Wake::Go => {}
                    Wake::Done | Wake::Stop => return LoopEnd::Finished,
                }
            }
            // The embedder has what it waited for (`Host::request_stop`), the worker closed
            // itself, or it was terminated: the loop ends after the task that asked.
            if host.stop_requested() || agent.handle.terminated.load(Ordering::Acquire) {
                if lockstep {
                    process.end_turn(me, true, None);
                }
                return LoopEnd::Finished;
            }
            let turn = 'turn: {
                // Mail from other agents (messages, worker errors): its steps queue tasks.
                let mut ran = false;
                for delivery in process.take_mail(&agent.handle) {
                    delivery(&mut cell.borrow_mut());
                    ran = true;
                }
                // --max-time: the loop's clock (virtual or real) or the wall clock, whichever
                // first. The limit only stops a loop that has more to do (below): a loop with
                // nothing left has finished however long it took, by the same test as without a
                // limit (`Next::Empty`), unless another agent is still busy. What was pending is
                // counted now, before timers due now are queued.
                let limit_reached = matches!((max_time, deadline), (Some(limit), Some(deadline))
                    if host.now() >= deadline || started.elapsed() >= limit);
                let pending_at_limit = limit_reached.then(|| {
                    let mut pending = host.core().pending();
                    // Imitating Firefox's timer executor, the page's timers are its timeouts.
                    let (timeouts, own) = crate::agent::timeout_executor::pending(&host);
                    pending.timers = pending.timers.saturating_sub(own) + timeouts;
                    pending
                });

                // Async jobs (module loading, dynamic import): started in order, polled without
                // blocking. A job that completes may have queued promise jobs: checkpoint.
                // (Not a step of HTML's model: this is the host's "in parallel" work, whose
                // results promise jobs carry back.)
                for job in host.take_async_jobs() {
                    async_jobs.push(Box::pin(job.call(&cell)));
                }
                for job in host.take_cleanup_jobs() {
                    cleanup_jobs.push(Box::pin(job.call(&cell)));
                }
                let mut progressed = false;
                for jobs in [&mut async_jobs, &mut cleanup_jobs] {
                    jobs.retain_mut(|job| match job.as_mut().poll(&mut poll_cx) {
                        Poll::Ready(result) => {
                            if let Err(error) = result {
                                report_exception(&host, &error, &mut cell.borrow_mut());
                            }
                            progressed = true;
                            false
                        }
                        Poll::Pending => true,
                    });
                }
                if progressed || host.has_microtasks() {
                    if let Some(pending) = pending_at_limit {
                        break 'turn Turn::End(LoopEnd::TimedOut(pending));
                    }
                    // The polls ran script (a module's evaluation, an import's continuation)
                    // with nothing on the stack: clean up after running script.
                    agent_script::clean_up_after_running_script(&mut cell.borrow_mut());
                    break 'turn Turn::Ran;
                }

                // Timers whose time has come: HTML's timer initialization steps wait "in
                // parallel" and then queue their task; here the wait ends when the loop sees the
                // clock pass the due time, and the task is queued runnable at that time.
                let now = host.now();
                host.drain_ripe_timers(now);
                // 1. Let oldestTask and taskStartTime be null.
                // 2. If the event loop has a task queue with at least one runnable task, then:
                //    1. Let taskQueue be one such task queue, chosen in an implementation-defined
                //       manner. (The core's selection policy: scheduler priorities, then the HTML
                //       task sources, then idle callbacks; see `event_loop::policy`.)
                let next = host.core().next(now);
                if let Some(pending) = pending_at_limit
                    && (!matches!(next, Next::Empty) || process.others_busy(me))
                {
                    break 'turn Turn::End(LoopEnd::TimedOut(pending));
                }
                // `taskhost.clock`: a paused clock, or a target the script awaits, decides
                // whether and how far the clock moves (`agent::clock_control`). Not a step of
                // HTML's model: the clock is the host's.
                let decision = host
                    .clock_control()
                    .borrow_mut()
                    .decide(now, NextKind::of(&next));
                match decision {
                    Decision::Proceed => {}
                    Decision::Resolve | Decision::RejectLimit(_) => {
                        let context = &mut *cell.borrow_mut();
                        ClockControl::settle(host.clock_control(), decision, now, context);
                        agent_script::clean_up_after_running_script(context);
                        break 'turn Turn::Ran;
                    }
                    // Async work in flight (a module being loaded) is polled again without
                    // moving the clock.
                    Decision::Advance(_) | Decision::Stop if !async_jobs.is_empty() => {
                        break 'turn Turn::Wait { until: now, ran };
                    }
                    Decision::Advance(until) => break 'turn Turn::Wait { until, ran },
                    Decision::Stop => break 'turn Turn::Empty { ran },
                }
                match next {
                    Next::Run(selected) => {
                        //    2. Set taskStartTime to the unsafe shared current time. (The
                        //       trace's slice starts in `run_task`.)
                        //    3. Set oldestTask to the first runnable task in taskQueue, and
                        //       remove it from taskQueue.
                        //    4. If oldestTask's document is not null, then record task start
                        //       time. (Not recorded.)
                        //    5-8. Run it, then perform a microtask checkpoint: `run_task`.
                        //    A task is runnable only while its document is fully active (HTML
                        //    "runnable"): a task of a removed iframe's realm never runs, and as
                        //    that document never becomes fully active again it is dropped here.
                        if let Some((_source, realm, steps)) = host.take_task(selected.task)
                            && can_run(&host, &realm)
                        {
                            run_task(
                                &host,
                                &mut cell.borrow_mut(),
                                RunAs::Task(selected.task, &selected, &realm),
                                |context| in_realm(context, &realm, steps),
                            );
                        }
                        Turn::Ran
                    }
                    // 5. If this is a window event loop that has no runnable task in this event
                    //    loop's task queues, then start an idle period (requestIdleCallback).
                    //    The policy folds this in: it selects an idle callback only when nothing
                    //    else is runnable, with the idle period's deadline, and the callback runs
                    //    as the "invoke idle callbacks" task the idle period would queue.
                    Next::Idle { task, deadline, .. } => {
                        if let Some((_source, realm, steps)) = host.take_task(task)
                            && can_run(&host, &realm)
                        {
                            let idle_host = host.clone();
                            run_task(
                                &host,
                                &mut cell.borrow_mut(),
                                RunAs::Idle(task, &realm),
                                |context| {
                                    idle_host.set_idle_deadline(Some(deadline));
                                    let result = in_realm(context, &realm, steps);
                                    idle_host.set_idle_deadline(None);
                                    result
                                },
                            );
                        }
                        Turn::Ran
                    }
                    // No runnable task: the next turn comes when the next timer is due (the
                    // loop sleeps on its clock instead of spinning), or when mail comes.
                    Next::Wait(due) => {
                        let until = match deadline {
                            Some(limit) => due.min(limit),
                            None => due,
                        };
                        if async_jobs.is_empty() {
                            Turn::Wait { until, ran }
                        } else {
                            // Async work in flight: wait a little, then poll it again.
                            let soon = host.now().saturating_add_ns(1_000_000).min(until);
                            Turn::Wait { until: soon, ran }
                        }
                    }
                    // Deviation: a browser's event loop runs for as long as its agent exists;
                    // this one ends when nothing can run again: nothing queued, no timer, no
                    // microtask, no async job that progressed this turn (there is no I/O reactor
                    // that could wake one later; cleanup jobs wait for the collector and keep
                    // nothing alive), and no other agent of the process that could still post
                    // to it.
                    Next::Empty => Turn::Empty { ran },
                }
            };
            // 3. Let taskEndTime be the unsafe shared current time.
            // 4. If oldestTask is not null, report task timing: Long Tasks' "report long
            //    tasks" with taskStartTime, taskEndTime and oldestTask. Both times are read and
            //    the report made at the end of `run_task` (`report_task_timing`), which every
            //    task goes through — also the script's, which runs before this loop.
            // 6. If this is a worker event loop, then ... (no animation frames in workers).
            // Updating the rendering: no documents are rendered (skipped).
            match turn {
                Turn::End(end) => {
                    if lockstep {
                        process.end_turn(me, true, None);
                    }
                    return end;
                }
                Turn::Ran => {
                    if lockstep {
                        process.end_turn(me, true, None);
                    }
                }
                Turn::Wait { until, ran } => {
                    if !lockstep && !host.core().clock().is_virtual() {
                        reducer.before_sleep(Duration::from_nanos(
                            until.saturating_ns_since(host.now()),
                        ));
                    }
                    if lockstep {
                        let due = host.core().clock().on_shared_line(until);
                        process.end_turn(me, ran, Some(due));
                    } else if process.agent_count() == 1 && !process.has_mail(&agent.handle) {
                        // (Alone, with no delayed mail to wake for: sleep on the loop's clock.)
                        host.core().clock_mut().wait_until(until);
                    } else {
                        let wait = Duration::from_nanos(until.saturating_ns_since(host.now()));
                        if process.wait(me, Some(Instant::now() + wait), false) == Wake::Stop {
                            return LoopEnd::Finished;
                        }
                    }
                }
                Turn::Empty { ran } => {
                    if lockstep {
                        // A time limit is a timer of this loop only while another agent is
                        // busy: when none is, the process is finished.
                        let due = deadline
                            .filter(|_| process.others_busy(me))
                            .map(|limit| host.core().clock().on_shared_line(limit));
                        process.end_turn(me, ran, due);
                        continue;
                    }
                    let until = deadline.map(|limit| {
                        Instant::now() + Duration::from_nanos(limit.saturating_ns_since(host.now()))
                    });
                    // Waiting for mail (a worker, or a window waiting on its workers); a loop
                    // alone in its process is finished, and exits without collecting.
                    if process.agent_count() > 1 {
                        reducer.before_sleep(until.map_or(Duration::MAX, |t| {
                            t.saturating_duration_since(Instant::now())
                        }));
                    }
                    match process.wait(me, until, true) {
                        Wake::Go => {}
                        Wake::Done | Wake::Stop => return LoopEnd::Finished,
                    }
                }
            }
        }
    }
}

/// How a turn of the loop ended.
enum Turn {
    /// The loop is over.
    End(LoopEnd),
    /// Something ran (a task, microtasks, an async job).
    Ran,
    /// Nothing is runnable before `until`; `ran`: mail was delivered.
    Wait { until: LoopTime, ran: bool },
    /// Nothing is queued and no timer is set; `ran`: mail was delivered.
    Empty { ran: bool },
}

/// What a task run by [`run_task`] is, for the trace.
#[derive(Clone, Copy)]
pub(super) enum RunAs<'a> {
    /// The script or module itself (run before the loop, as the task that runs it).
    Script,
    /// A task the core selected, and its realm.
    Task(TaskId, &'a Selected, &'a Realm),
    /// An idle callback, and its realm.
    Idle(TaskId, &'a Realm),
}

/// Run one task, HTML "event loop processing model" steps 2.5-2.8 (the caller selected and
/// removed it, steps 2.1-2.3), inside the trace's slice for it (from `--trace`'s taskStartTime
/// to the end of the checkpoint). Returns what its steps returned, unless they threw.
///
/// 5. Set the event loop's currently running task to oldestTask.
/// 6. Perform oldestTask's steps.
/// 7. Set the event loop's currently running task back to null.
/// 8. Perform a microtask checkpoint.
///
/// Deviations: no currently running task is recorded (only timers need to know theirs, and they
/// keep it themselves: `web::html::timers`). An exception that escapes the steps is reported
/// here ("report the exception", which the algorithms that queue tasks say around each callback
/// they invoke).
pub(super) fn run_task<T>(
    host: &Host,
    context: &mut Context,
    run_as: RunAs<'_>,
    steps: impl FnOnce(&mut Context) -> JsResult<T>,
) -> Option<T> {
    // 2.2. Set taskStartTime to the unsafe shared current time. (The trace's slice starts then.)
    let task_start_time = host.now();
    // 2.4. If oldestTask's document is not null, then record task start time given
    //      taskStartTime and oldestTask's document (Long Animation Frames; every task of a
    //      window event loop has one: its realm's window's).
    host.frame_timing().record_task_start(task_start_time);
    match run_as {
        RunAs::Script => host.trace_begin(task_start_time, None, None, false, None),
        RunAs::Task(task, selected, realm) => {
            host.trace_begin(
                task_start_time,
                Some(task),
                Some(selected),
                false,
                Some(realm),
            );
        }
        RunAs::Idle(task, realm) => {
            host.trace_begin(task_start_time, Some(task), None, true, Some(realm))
        }
    }
    // 6. Perform oldestTask's steps.
    let result = steps(context);
    let value = match result {
        Ok(value) => Some(value),
        Err(error) => {
            report_exception(host, &error, context);
            None
        }
    };
    // 8. Perform a microtask checkpoint.
    let checkpoint_end = perform_microtask_checkpoint_timed(host, context);
    // 3. Let taskEndTime be the unsafe shared current time. (The trace's slice ends then. When
    //    the checkpoint's last step read the clock, that reading is now: nothing ran since.)
    let task_end_time = checkpoint_end.unwrap_or_else(|| host.now());
    let label = host.trace_end(task_end_time);
    // 4. If oldestTask is not null, report task timing.
    report_task_timing(host, task_start_time, task_end_time, run_as, label, context);
    value
}

/// HTML's "report task timing" step of the processing model (step 4) for a task that ran from
/// `start` to `end` (its microtask checkpoint included): Long Animation Frames' "record task end
/// time", and Long Tasks' "report long tasks", given what the task was (`label`, from the trace
/// when it records tasks; otherwise its source alone).
fn report_task_timing(
    host: &Host,
    start: LoopTime,
    end: LoopTime,
    run_as: RunAs<'_>,
    label: Option<TaskLabel>,
    context: &mut Context,
) {
    // Record task end time given taskEndTime and oldestTask's document: a frame that ends with
    // this task (nothing to render) and took more than 50 ms is reported.
    if let Some(frame) = host.frame_timing().record_task_end(end) {
        long_animation_frames::report_frame_timing(frame, context);
    }

    // `--inp` keeps every task that took time (only while tasks are labelled: tracing on).
    if let Some(label) = &label
        && end > start
        && let Some(log) = context.get_data::<std::rc::Rc<crate::web::event_timing::inp::InpLog>>()
    {
        log.note_task(start, end, label);
    }
    // Below the threshold nothing is made (the common case: no label, no realm lookup).
    if end.as_millis_f64() - start.as_millis_f64() < long_tasks::LONG_TASK_MS {
        return;
    }
    let label = label.unwrap_or_else(|| TaskLabel {
        kind: match run_as {
            RunAs::Script => "script",
            RunAs::Idle(..) => "idle callback",
            RunAs::Task(_, selected, _) => match (selected.source, selected.effective_priority) {
                (Some(source), _) => source_kind(source),
                (None, Some(p)) if p % 2 == 1 => "yield continuation",
                (None, _) => "postTask",
            },
        },
        callback: None,
        site: None,
    });
    let realm = match run_as {
        RunAs::Script => context.realm().clone(),
        RunAs::Task(_, _, realm) | RunAs::Idle(_, realm) => realm.clone(),
    };
    long_tasks::report_long_tasks(start, end, &realm, &label, context);
}
