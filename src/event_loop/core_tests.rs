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
