//! Unit tests of `frame_timing.rs`: the frame timing bookkeeping without a web layer.

use super::*;

fn ms(ms: u64) -> LoopTime {
    LoopTime::from_millis(ms)
}

/// A `DescribeScript` that keeps the times and nothing else.
fn describe(pending: &PendingScript, end: LoopTime, _: &mut Context) -> ScriptTiming {
    ScriptTiming {
        invoker_type: pending.invoker_type,
        invoker: String::new(),
        start: pending.start,
        end,
        execution_start: pending.start,
        pause_duration: 0.0,
        source_url: String::new(),
        source_function_name: String::new(),
        source_char_position: -1,
        realm: pending.realm.clone(),
    }
}

fn monitoring() -> FrameTiming {
    let timing = FrameTiming::default();
    timing.enable(describe);
    timing
}

fn callback() -> Invoker {
    Invoker::Promise { name: "" }
}

#[test]
fn a_loop_that_does_not_monitor_keeps_nothing() {
    let timing = FrameTiming::default();
    timing.record_task_start(ms(0));
    assert!(timing.record_task_end(ms(100)).is_none());
    assert!(!timing.wants_script());
}

#[test]
fn a_frame_of_one_short_task_is_not_reported_and_keeps_nothing() {
    let timing = monitoring();
    timing.record_task_start(ms(0));
    assert!(
        timing.record_task_end(ms(50)).is_none(),
        "50 ms is not long"
    );
    assert!(timing.frame_start.get().is_none());
    assert!(!timing.rest_used.get());
    assert!(timing.rest.borrow().task_durations.is_empty());
}

#[test]
fn a_long_task_alone_is_a_long_frame() {
    let timing = monitoring();
    timing.record_task_start(ms(10));
    let frame = timing.record_task_end(ms(70)).expect("a long frame");
    assert_eq!(
        (frame.start, frame.current_task_start, frame.end),
        (ms(10), ms(10), ms(70))
    );
    assert_eq!(frame.task_durations, [60.0]);
    assert_eq!(frame.blocking_duration(), 10.0);
    assert!(timing.frame_start.get().is_none(), "the info is null again");
}

#[test]
fn while_rendering_is_wanted_the_frame_goes_on_to_the_rendering() {
    let timing = monitoring();
    timing.set_rendering_wanted(true);
    timing.record_task_start(ms(0));
    assert!(timing.record_task_end(ms(30)).is_none());
    timing.record_task_start(ms(40));
    assert!(timing.record_task_end(ms(45)).is_none());
    // The rendering task: "record rendering time" ends the frame inside it.
    timing.record_task_start(ms(50));
    let frame = timing
        .record_rendering_time(ms(55), ms(60))
        .expect("a 60 ms frame");
    assert_eq!(frame.start, ms(0));
    assert_eq!(frame.render_start, Some(ms(50)));
    assert_eq!(frame.style_and_layout_start, Some(ms(55)));
    assert_eq!(frame.task_durations, [30.0, 5.0]);
    assert!(timing.record_task_end(ms(60)).is_none(), "no frame left");
}

#[test]
fn a_frame_that_is_not_long_leaves_its_lists_empty_for_the_next() {
    let timing = monitoring();
    timing.set_rendering_wanted(true);
    timing.record_task_start(ms(0));
    timing.note_ui_event(1.5);
    assert!(timing.record_task_end(ms(10)).is_none());
    timing.record_task_start(ms(16));
    assert!(timing.record_rendering_time(ms(16), ms(17)).is_none());
    assert!(!timing.rest_used.get());
    let rest = timing.rest.borrow();
    assert!(rest.task_durations.is_empty() && rest.scripts.is_empty());
    assert_eq!(
        (rest.render_start, rest.first_ui_event_timestamp),
        (None, 0.0)
    );
}

#[test]
fn a_tasks_first_script_starts_with_it_and_a_later_one_reads_the_clock() {
    let mut context = Context::default();
    let realm = context.realm().clone();
    let timing = monitoring();
    timing.record_task_start(ms(3));
    let mut read = false;
    timing.create_script_entry_point(
        InvokerType::UserCallback,
        callback(),
        || {
            read = true;
            ms(4)
        },
        &realm,
    );
    assert!(!read, "no script ran since the task started");
    assert_eq!(
        timing.pending.borrow().as_ref().map(|p| p.start),
        Some(ms(3))
    );
    // Its checkpoint ends it 10 ms later: a script long enough to be attributed.
    let end = timing.record_microtask_checkpoint(|| ms(13), &mut context);
    assert_eq!(end, Some(ms(13)));
    // A second callback in the same task starts when it starts.
    timing.create_script_entry_point(InvokerType::UserCallback, callback(), || ms(20), &realm);
    assert_eq!(
        timing.pending.borrow().as_ref().map(|p| p.start),
        Some(ms(20))
    );
    assert_eq!(
        timing.record_microtask_checkpoint(|| ms(22), &mut context),
        Some(ms(22))
    );
    assert_eq!(
        timing.record_microtask_checkpoint(|| ms(99), &mut context),
        None,
        "no script pending: the clock is not read"
    );
    let frame = timing.record_task_end(ms(80)).expect("a long frame");
    let scripts: Vec<_> = frame.scripts.iter().map(|s| (s.start, s.end)).collect();
    assert_eq!(
        scripts,
        [(ms(3), ms(13))],
        "the 2 ms script is not attributed"
    );
}

#[test]
fn a_checkpoint_before_the_first_entry_point_means_script_ran() {
    let mut context = Context::default();
    let realm = context.realm().clone();
    let timing = monitoring();
    timing.record_task_start(ms(3));
    assert_eq!(
        timing.record_microtask_checkpoint(|| ms(5), &mut context),
        None
    );
    timing.create_script_entry_point(InvokerType::ResolvePromise, callback(), || ms(6), &realm);
    assert_eq!(
        timing.pending.borrow().as_ref().map(|p| p.start),
        Some(ms(6))
    );
}

#[test]
fn a_hidden_page_attributes_no_script() {
    let context = Context::default();
    let timing = monitoring();
    timing.set_hidden(true);
    timing.record_task_start(ms(0));
    assert!(!timing.wants_script());
    timing.create_script_entry_point(
        InvokerType::UserCallback,
        callback(),
        || ms(1),
        context.realm(),
    );
    assert!(timing.pending.borrow().is_none());
}
