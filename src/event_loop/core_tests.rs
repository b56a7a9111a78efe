//! Tests of `EventLoopCore`'s public API as the runtime uses it: handles, counts, the clock.
//!
//! Invariant checked: every stale or foreign handle is a graceful no-op, counts are of live entries
//! only, and a queue with live tasks is never forgotten.

use super::slab;
use super::*;

fn core() -> EventLoopCore {
    EventLoopCore::new(Clock::virtual_clock())
}

#[test]
fn stale_handles_are_graceful() {
    let mut c = core();
    let q = c.create_scheduler_queue(Priority::UserBlocking, true);
    let k = c.scheduler_enqueue(q, TaskId(1));
    assert_eq!(c.scheduler_remove(k), Some(true));
    c.remove_scheduler_queue(q);
    assert!(!c.is_queue_live(q));
    c.remove_scheduler_queue(q); // twice: no-op
    c.set_queue_priority(q, Priority::Background); // no-op
    assert_eq!(c.queue_priority(q), Priority::UserVisible);
    assert_eq!(c.effective_priority(q), 2);
    assert_eq!(c.scheduler_queue_len(q), 0);
    assert_eq!(c.scheduler_remove(k), None);
    assert_eq!(c.scheduler_remove(SchedulerTaskKey(slab::NO_KEY)), None);
    assert!(!c.cancel_timer(TimerKey(slab::NO_KEY)));
    assert!(!c.cancel_idle(IdleKey(77)));
    let fresh = c.create_scheduler_queue(Priority::Background, false);
    assert_ne!(fresh, q, "a reused slot gets a new handle");
    assert!(c.is_queue_live(fresh));
    assert_eq!(c.pending(), Pending::default());
    assert!(c.pending().is_empty());
}

#[test]
#[cfg_attr(debug_assertions, should_panic(expected = "removed queue"))]
fn enqueue_into_a_removed_queue_is_caught_in_debug() {
    let mut c = core();
    let q = c.create_scheduler_queue(Priority::UserVisible, false);
    c.remove_scheduler_queue(q);
    let k = c.scheduler_enqueue(q, TaskId(1));
    // Release: the key is dead and nothing is queued.
    assert_eq!(c.scheduler_remove(k), None);
    assert_eq!(c.pending().scheduler_tasks, 0);
}

#[test]
fn removing_a_non_empty_queue_keeps_its_tasks() {
    let mut c = core();
    let q = c.create_scheduler_queue(Priority::UserVisible, false);
    c.scheduler_enqueue(q, TaskId(1));
    c.remove_scheduler_queue(q);
    assert!(c.is_queue_live(q));
    assert_eq!(c.scheduler_queue_len(q), 1);
    let Next::Run(s) = c.next(c.now()) else {
        panic!()
    };
    assert_eq!(
        (s.task, s.queue, s.queue_emptied),
        (TaskId(1), Some(q), true)
    );
    c.remove_scheduler_queue(q);
    assert!(!c.is_queue_live(q));
}

#[test]
fn pending_counts_live_entries_only() {
    let mut c = core();
    let q = c.create_scheduler_queue(Priority::Background, false);
    let k1 = c.scheduler_enqueue(q, TaskId(1));
    c.scheduler_enqueue(q, TaskId(2));
    let t = c.set_timer(LoopTime(10), TaskId(3));
    c.set_timer(LoopTime(20), TaskId(4));
    let i = c.queue_idle(TaskId(5));
    c.queue_task(HostSource::PostedMessage, TaskId(6));
    let all = Pending {
        host_tasks: 1,
        scheduler_tasks: 2,
        timers: 2,
        idle: 1,
    };
    assert_eq!(c.pending(), all);
    c.scheduler_remove(k1);
    c.cancel_timer(t);
    c.cancel_idle(i);
    let left = Pending {
        host_tasks: 1,
        scheduler_tasks: 1,
        timers: 1,
        idle: 0,
    };
    assert_eq!(c.pending(), left);
    assert_eq!(c.scheduler_queue_len(q), 1);
    assert_eq!(c.next_timer_due(), Some(LoopTime(20)));
}

#[test]
fn clock_accessors() {
    let mut c = core();
    assert!(c.clock().is_virtual());
    c.clock_mut().wait_until(LoopTime(42));
    assert_eq!(c.now(), LoopTime(42));
    let real = EventLoopCore::new(Clock::real());
    assert!(!real.clock().is_virtual());
}

/// Two Schedulers of one event loop each keep their own queue maps, but their queues live in one
/// core: "select the next scheduler task queue from all schedulers" picks across both — highest
/// effective priority first, then the oldest first task, whichever Scheduler it belongs to.
#[test]
fn queues_of_two_schedulers_are_selected_together() {
    let mut c = core();
    // Scheduler A: a user-visible task queue and a background task queue.
    let a_visible = c.create_scheduler_queue(Priority::UserVisible, false);
    let a_background = c.create_scheduler_queue(Priority::Background, false);
    // Scheduler B: its own user-visible task queue and a user-visible continuation queue.
    let b_visible = c.create_scheduler_queue(Priority::UserVisible, false);
    let b_continuation = c.create_scheduler_queue(Priority::UserVisible, true);
    c.scheduler_enqueue(a_background, TaskId(1));
    c.scheduler_enqueue(b_visible, TaskId(2));
    c.scheduler_enqueue(a_visible, TaskId(3));
    c.scheduler_enqueue(b_visible, TaskId(4));
    c.scheduler_enqueue(b_continuation, TaskId(5));
    c.scheduler_enqueue(a_visible, TaskId(6));
    let now = c.now();
    let mut order = Vec::new();
    while let Next::Run(selected) = c.next(now) {
        order.push((selected.task.0, selected.queue));
    }
    let tasks: Vec<u64> = order.iter().map(|(t, _)| *t).collect();
    // The continuation (effective priority 3) first; then the user-visible tasks of both
    // schedulers by enqueue order (2 of B, 3 of A, 4 of B, 6 of A); the background task last.
    assert_eq!(tasks, vec![5, 2, 3, 4, 6, 1]);
    assert_eq!(order[1].1, Some(b_visible));
    assert_eq!(order[2].1, Some(a_visible));
    // A priority change of one scheduler's queue reorders across schedulers too.
    c.scheduler_enqueue(a_background, TaskId(7));
    c.scheduler_enqueue(b_visible, TaskId(8));
    c.set_queue_priority(a_background, Priority::UserBlocking);
    let now = c.now();
    let Next::Run(first) = c.next(now) else {
        panic!("expected a task");
    };
    assert_eq!(first.task, TaskId(7));
    assert_eq!(first.band, Band::High);
}
