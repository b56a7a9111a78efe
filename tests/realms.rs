//! Several window realms on one event loop, through the embedding API: a window and an iframe's
//! window each have a Scheduler, and the event loop selects across both — equal priorities in the
//! order the tasks were posted, whichever scheduler took them, and a higher priority first.
//! Removing the iframe stops its realm: its pending tasks never run.

use boa_engine::js_string;
use taskhost::runtime::{LoopEnd, Runtime, RuntimeOptions};

fn runtime() -> Runtime {
    Runtime::new(RuntimeOptions {
        virtual_time: true,
        documents: true,
        ..RuntimeOptions::default()
    })
    .expect("a runtime")
}

/// Run `script` as the first task, then the loop; return the global `result` as a string.
fn run(script: &str) -> String {
    let mut runtime = runtime();
    runtime.run_script(script, "realms.js");
    assert_eq!(runtime.run_event_loop(), LoopEnd::Finished);
    assert_eq!(runtime.exit_code(), 0, "no uncaught error");
    let context = runtime.context();
    let value = context
        .global_object()
        .get(js_string!("result"), context)
        .expect("result is readable");
    match value.as_string() {
        Some(s) => s.to_std_string_escaped(),
        None => panic!("result is not a string: {}", value.display()),
    }
}

#[test]
fn two_schedulers_share_the_enqueue_order_and_the_priorities() {
    let result = run(r"
        var result = '';
        const order = [];
        const frame = document.body.appendChild(document.createElement('iframe')).contentWindow;
        if (frame.scheduler === scheduler) throw new Error('one scheduler for two windows');
        scheduler.postTask(() => order.push('outer 1'));
        frame.scheduler.postTask(() => order.push('inner 1'));
        scheduler.postTask(() => order.push('outer 2'));
        frame.scheduler.postTask(() => order.push('inner background'), { priority: 'background' });
        scheduler.postTask(() => order.push('outer background'), { priority: 'background' });
        frame.scheduler.postTask(() => order.push('inner blocking'), { priority: 'user-blocking' });
        scheduler.postTask(() => { result = order.join(); }, { priority: 'background' });
    ");
    assert_eq!(
        result,
        "inner blocking,outer 1,inner 1,outer 2,inner background,outer background"
    );
}

#[test]
fn a_removed_frame_runs_none_of_its_tasks() {
    let result = run(r"
        var result = '';
        const ran = [];
        const iframe = document.body.appendChild(document.createElement('iframe'));
        const frame = iframe.contentWindow;
        frame.scheduler.postTask(() => ran.push('postTask'));
        frame.setTimeout(() => ran.push('setTimeout'), 0);
        frame.queueMicrotask(() => ran.push('microtask'));
        iframe.remove();
        setTimeout(() => { result = 'ran: [' + ran.join() + ']'; }, 10);
    ");
    assert_eq!(result, "ran: []");
}

#[test]
fn a_frame_that_stays_runs_its_tasks() {
    // The same program without the removal: the test above can fail.
    let result = run(r"
        var result = '';
        const ran = [];
        const frame = document.body.appendChild(document.createElement('iframe')).contentWindow;
        frame.scheduler.postTask(() => ran.push('postTask'));
        frame.setTimeout(() => ran.push('setTimeout'), 0);
        frame.queueMicrotask(() => ran.push('microtask'));
        setTimeout(() => { result = 'ran: [' + ran.join() + ']'; }, 10);
    ");
    assert_eq!(result, "ran: [microtask,postTask,setTimeout]");
}
