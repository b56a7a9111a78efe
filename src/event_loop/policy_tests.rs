//! Tests of the selection policy (`policy.rs`): each band and promotion of its module docs,
//! idle periods and their deadlines, waits and an empty loop, on a virtual clock.
//!
//! Invariant checked: `next` returns what the numbered steps of `policy.rs` say, in that order.

use super::{
    Band, Clock, EventLoopCore, HostSource, LoopTime, MAX_IDLE_PERIOD_NS, Next, Priority,
    RENDERING_PRIORITY_AFTER_NS, Selected, TaskId,
};

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
fn after_input_later_input_still_goes_before_the_frame() {
    let mut c = core();
    c.queue_task(HostSource::UserInteraction, TaskId(1));
    assert_eq!(run(&mut c).task, TaskId(1));
    // The frame's vsync came while the input ran; more input came after it, and still goes
    // first (Chromium: tests/differential/cases/input-key-then-frame-then-key.js).
    c.queue_task(HostSource::Rendering, TaskId(2));
    advance(&mut c, MS);
    c.queue_task(HostSource::UserInteraction, TaskId(3));
    assert_eq!(run(&mut c).task, TaskId(3));
    assert_eq!(run(&mut c).task, TaskId(2));
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
