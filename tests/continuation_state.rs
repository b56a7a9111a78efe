//! The continuation-state slot of the event loop, exercised through the real host hooks before
//! any Scheduler exists: a value set while a task runs is seen by the `.then`/`await`/thenable/
//! `queueMicrotask` continuations registered during that task, and by no others.
//!
//! Two test-only globals stand in for what `scheduler.postTask` does around its callback:
//! `__runAsTask(value, fn)` sets the state (keyed by a private object), calls `fn`, and clears the
//! state; `__state()` reads the value, or null.

use boa_engine::object::ObjectInitializer;
use boa_engine::{JsObject, JsResult, JsValue, NativeFunction, js_string};
use boa_gc::{Gc, GcErased};
use taskhost::agent::host::Host;
use taskhost::runtime::{LoopEnd, Runtime, RuntimeOptions};

/// A native function that reads the value stored under `key` in the current continuation state
/// (null when there is none).
fn state_reader(key: JsObject) -> NativeFunction {
    NativeFunction::from_copy_closure_with_captures(
        |_, _, key: &JsObject, context| {
            let host = Host::from_context(context)?;
            Ok(host
                .continuation_state_value(key)
                .and_then(|v| v.downcast::<JsValue>())
                .map_or(JsValue::null(), |v| (*v).clone()))
        },
        key,
    )
}

/// Store `value` under `key` in the current continuation state.
fn set_value(context: &mut boa_engine::Context, key: &JsObject, value: JsValue) -> JsResult<()> {
    let host = Host::from_context(context)?;
    host.set_continuation_state_value(key.clone(), GcErased::new(Gc::new(value)));
    Ok(())
}

fn runtime_with_state_globals() -> Runtime {
    let mut runtime = Runtime::new(RuntimeOptions {
        virtual_time: true,
        ..RuntimeOptions::default()
    })
    .expect("runtime");
    let context = runtime.context();
    let key: JsObject = ObjectInitializer::new(context).build();
    let run_as_task = NativeFunction::from_copy_closure_with_captures(
        |_, args, key: &JsObject, context| {
            let value = args.first().cloned().unwrap_or_default();
            let callback = args
                .get(1)
                .and_then(JsValue::as_callable)
                .ok_or_else(|| js_error("fn expected"))?;
            set_value(context, key, value)?;
            let result = callback.call(&JsValue::undefined(), &[], context);
            Host::from_context(context)?.set_current_continuation_state(None);
            result
        },
        key.clone(),
    );
    // A second key, as a second Scheduler of the event loop would use: `__setSecond(v)` adds an
    // entry for it to the current state; `__state2()` reads it.
    let second: JsObject = ObjectInitializer::new(context).build();
    let set_second = NativeFunction::from_copy_closure_with_captures(
        |_, args, key: &JsObject, context| {
            set_value(context, key, args.first().cloned().unwrap_or_default())?;
            Ok(JsValue::undefined())
        },
        second.clone(),
    );
    for (name, length, function) in [
        (js_string!("__runAsTask"), 2, run_as_task),
        (js_string!("__state"), 0, state_reader(key)),
        (js_string!("__setSecond"), 1, set_second),
        (js_string!("__state2"), 0, state_reader(second)),
    ] {
        context
            .register_global_builtin_callable(name, length, function)
            .expect("register");
    }
    runtime
}

fn js_error(message: &str) -> boa_engine::JsError {
    boa_engine::JsNativeError::typ()
        .with_message(message.to_owned())
        .into()
}

/// Run `script`, drive the loop to the end, and return `JSON.stringify(log)`.
fn run_and_read_log(script: &str) -> String {
    let mut runtime = runtime_with_state_globals();
    runtime.run_script(script, "continuation-test.js");
    assert_eq!(runtime.run_event_loop(), LoopEnd::Finished);
    assert_eq!(runtime.exit_code(), 0, "the script reported an error");
    let log = runtime.eval("JSON.stringify(log)").expect("log");
    log.as_string().expect("a string").to_std_string_escaped()
}

#[test]
fn state_follows_reactions_registered_during_the_task() {
    let log = run_and_read_log(
        r#"
        const log = [];
        const note = (what) => log.push(what + '=' + __state());
        let resolveLater;
        const pending = new Promise((r) => { resolveLater = r; });
        const settled = Promise.resolve('done');
        __runAsTask('A', () => {
          note('sync');
          Promise.resolve().then(() => note('then'));
          settled.then(() => note('then on settled'));
          pending.then(() => note('then on pending'));
          queueMicrotask(() => {
            note('queueMicrotask');
            Promise.resolve().then(() => note('then inside queueMicrotask'));
          });
          (async () => {
            await null;
            note('await null');
            await settled;
            note('await settled');
            await { then(resolve) { note('thenable then'); resolve(); } };
            note('await thenable');
            await pending;
            note('await pending (resolved by a later timer)');
          })();
        });
        note('after the task');
        setTimeout(() => {
          note('timer task');
          resolveLater();
        }, 10);
        "#,
    );
    assert_eq!(
        log,
        r#"["sync=A","after the task=null","then=A","then on settled=A","queueMicrotask=A","await null=A","then inside queueMicrotask=A","await settled=A","thenable then=A","await thenable=A","timer task=null","then on pending=A","await pending (resolved by a later timer)=A"]"#
    );
}

#[test]
fn reactions_registered_outside_the_task_do_not_inherit() {
    let log = run_and_read_log(
        r#"
        const log = [];
        const note = (what) => log.push(what + '=' + __state());
        let resolveInside;
        const resolvedInside = new Promise((r) => { resolveInside = r; });
        // Registered before the task, on a promise the task resolves: no state.
        resolvedInside.then(() => note('then registered outside'));
        __runAsTask('B', () => {
          resolveInside();
          // A promise job is not a capture point (the reaction above keeps its own state).
        });
        // Two tasks: each continuation sees its own task's value.
        __runAsTask('C', () => { Promise.resolve().then(() => note('then in C')); });
        __runAsTask('D', () => { Promise.resolve().then(() => note('then in D')); });
        setTimeout(() => {
          note('later timer');
          Promise.resolve().then(() => note('then in the timer'));
        }, 0);
        "#,
    );
    assert_eq!(
        log,
        r#"["then registered outside=null","then in C=C","then in D=D","later timer=null","then in the timer=null"]"#
    );
}

#[test]
fn state_is_cleared_after_each_callback() {
    // The state installed for a reaction is gone once it returns, even when the next microtask
    // has no state of its own.
    let log = run_and_read_log(
        r#"
        const log = [];
        const note = (what) => log.push(what + '=' + __state());
        __runAsTask('E', () => { Promise.resolve().then(() => note('reaction of E')); });
        Promise.resolve().then(() => note('plain reaction after it'));
        queueMicrotask(() => note('plain queueMicrotask'));
        "#,
    );
    assert_eq!(
        log,
        r#"["reaction of E=E","plain reaction after it=null","plain queueMicrotask=null"]"#
    );
}

#[test]
fn each_key_has_its_own_entry() {
    // Two Schedulers of one event loop each keep their value in the same continuation state,
    // under their own key: a value set for one is not seen by the other, and a capture carries
    // both.
    let log = run_and_read_log(
        r#"
        const log = [];
        const note = (what) => log.push(what + '=' + __state() + '/' + __state2());
        __runAsTask('A', () => {
          note('first key only');
          Promise.resolve().then(() => note('reaction before the second key'));
          __setSecond('Z');
          note('both keys');
          Promise.resolve().then(() => note('reaction after the second key'));
        });
        Promise.resolve().then(() => note('outside'));
        "#,
    );
    assert_eq!(
        log,
        r#"["first key only=A/null","both keys=A/Z","reaction before the second key=A/null","reaction after the second key=A/Z","outside=null/null"]"#
    );
}
