//! Memory behaviour of signals: dependent signals (DOM §3.2 garbage collection), with the
//! collector forced between steps, and the EventTarget state a signal makes only when needed.

use boa_engine::JsValue;

use super::abort_signal_state;
use crate::runtime::{Runtime, RuntimeOptions};

fn runtime() -> Runtime {
    match Runtime::new(RuntimeOptions::default()) {
        Ok(runtime) => runtime,
        Err(error) => panic!("runtime: {error}"),
    }
}

fn eval(runtime: &mut Runtime, source: &str) -> JsValue {
    match runtime.eval(source) {
        Ok(value) => value,
        Err(error) => panic!("{source}: {error}"),
    }
}

/// Creating many `AbortSignal.any([source])` that nobody keeps leaves the source's list of
/// dependents bounded: dead entries are pruned as new ones are appended.
#[test]
fn unreferenced_dependents_are_collected_and_pruned() {
    let mut rt = runtime();
    let source = eval(&mut rt, "globalThis.c = new AbortController(); c.signal");
    let Some(state) = source
        .as_object()
        .and_then(|o| abort_signal_state(&o, rt.context()))
    else {
        panic!("not a signal");
    };
    for _ in 0..20 {
        eval(
            &mut rt,
            "for (let i = 0; i < 1000; i++) AbortSignal.any([c.signal]);",
        );
        boa_gc::force_collect();
    }
    assert_eq!(state.dependent_count(), 0);
    let used = state.dependents_capacity_used();
    assert!(
        used < 3000,
        "dependents list holds {used} entries for 20000 dead signals"
    );
}

/// A dependent with an `abort` listener stays alive while its source does, even when script
/// keeps no reference to it; removing the listener lets it go.
#[test]
fn dependents_with_listeners_stay_alive() {
    let mut rt = runtime();
    let source = eval(
        &mut rt,
        "globalThis.c = new AbortController(); globalThis.fired = 0;
         AbortSignal.any([c.signal]).addEventListener('abort', () => { fired++; });
         AbortSignal.any([c.signal]).onabort = () => { fired++; };
         globalThis.removeMe = () => { fired += 100; };
         globalThis.held = AbortSignal.any([c.signal]);
         held.addEventListener('abort', removeMe);
         held.removeEventListener('abort', removeMe);
         held = null;
         for (let i = 0; i < 100; i++) AbortSignal.any([c.signal]);
         c.signal",
    );
    let Some(state) = source
        .as_object()
        .and_then(|o| abort_signal_state(&o, rt.context()))
    else {
        panic!("not a signal");
    };
    boa_gc::force_collect();
    assert_eq!(state.dependent_count(), 2);
    let fired = eval(&mut rt, "c.abort(); fired");
    assert_eq!(fired.as_number(), Some(2.0));
}

/// Aborting a dependent's sources releases it.
#[test]
fn aborted_dependents_are_released() {
    let mut rt = runtime();
    let source = eval(
        &mut rt,
        "globalThis.a = new AbortController(); globalThis.b = new AbortController();
         AbortSignal.any([a.signal, b.signal]).onabort = () => {};
         b.signal",
    );
    let Some(state) = source
        .as_object()
        .and_then(|o| abort_signal_state(&o, rt.context()))
    else {
        panic!("not a signal");
    };
    boa_gc::force_collect();
    assert_eq!(state.dependent_count(), 1);
    eval(&mut rt, "a.abort()");
    boa_gc::force_collect();
    assert_eq!(state.dependent_count(), 0);
}

/// A signal makes its EventTarget state only when something needs it: creating a signal,
/// firing its abort event with nobody listening and asking whether it has listeners make none;
/// a listener (or an `on…` handler) makes one, and then the question is answered from it.
#[test]
fn event_target_state_is_made_when_first_needed() {
    let mut rt = runtime();
    let signal_of = |rt: &mut Runtime, source: &str| {
        let value = eval(rt, source);
        match value
            .as_object()
            .and_then(|o| abort_signal_state(&o, rt.context()))
        {
            Some(state) => state,
            None => panic!("{source}: not a signal"),
        }
    };
    let plain = signal_of(
        &mut rt,
        "globalThis.a = new AbortController(); a.abort(); a.signal",
    );
    assert!(!plain.has_event_target_state());
    assert!(!plain.has_listener_for("abort"));
    assert!(!plain.has_event_target_state());

    let listened = signal_of(
        &mut rt,
        "globalThis.b = new TaskController(); globalThis.events = [];
         b.signal.addEventListener('prioritychange', (e) => events.push(e.previousPriority));
         b.signal",
    );
    assert!(listened.has_event_target_state());
    assert!(listened.has_listener_for("prioritychange"));
    assert!(!listened.has_listener_for("abort"));
    let events = eval(
        &mut rt,
        "b.setPriority('background'); b.signal.onabort = () => events.push('abort');
         b.abort(); events.join()",
    );
    assert_eq!(
        events.as_string().map(|s| s.to_std_string_escaped()),
        Some("user-visible,abort".to_owned())
    );
}
