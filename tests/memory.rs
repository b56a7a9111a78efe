//! Dependent signals do not leak: `TaskSignal.any()` and `AbortSignal.any()` on a long-lived
//! source, many times over, leave the source's list of dependents short (the draft's §3.3.1 and
//! DOM's GC rule: a source holds its dependents weakly and prunes the dead ones). A leak would
//! keep one entry per call.

use boa_engine::{JsValue, js_string};
use taskhost::runtime::{LoopEnd, Runtime, RuntimeOptions};
use taskhost::web::dom::abort_signal::abort_signal_state;
use taskhost::web::scheduling::task_signal::task_signal_state;

const CALLS: usize = 40_000;

#[test]
fn dependents_of_a_long_lived_source_stay_few() {
    let mut runtime = Runtime::new(RuntimeOptions::default()).expect("runtime");
    runtime.run_script(
        &format!(
            r#"
            const controller = new TaskController({{ priority: 'background' }});
            globalThis.source = controller.signal;
            let last;
            for (let i = 0; i < {CALLS}; i++) last = TaskSignal.any([], {{ priority: source }});
            for (let i = 0; i < {CALLS}; i++) last = AbortSignal.any([source]);
            // One dependent that must stay: a listener keeps it alive (and it must still work).
            globalThis.heard = [];
            TaskSignal.any([], {{ priority: source }}).onprioritychange = (e) => heard.push(e.previousPriority);
            "#
        ),
        "memory-test.js",
    );
    assert_eq!(runtime.exit_code(), 0, "the script reported an error");
    boa_gc::force_collect();
    // After a collection, one more dependent of each kind prunes the dead entries.
    runtime.run_script(
        "TaskSignal.any([], { priority: source }); AbortSignal.any([source]); \
         controller.setPriority('user-blocking');",
        "memory-test-2.js",
    );
    assert_eq!(runtime.run_event_loop(), LoopEnd::Finished);
    let context = runtime.context();
    let source = context
        .global_object()
        .get(js_string!("source"), context)
        .expect("source");
    let object = source.as_object().expect("an object");
    let task_state = task_signal_state(&object).expect("a TaskSignal");
    let abort_state = abort_signal_state(&object, context).expect("an AbortSignal");
    let task_entries = task_state.dependents_len();
    let abort_entries = abort_state.dependents_capacity_used();
    assert!(
        task_entries < CALLS / 4,
        "{task_entries} TaskSignal dependents recorded after {CALLS} calls"
    );
    assert!(
        abort_entries < CALLS / 4,
        "{abort_entries} AbortSignal dependents recorded after {CALLS} calls"
    );
    // The dependent with a listener is alive and heard the change.
    let heard = runtime.eval("JSON.stringify(heard)").expect("heard");
    assert_eq!(heard, JsValue::from(js_string!(r#"["background"]"#)));
}
