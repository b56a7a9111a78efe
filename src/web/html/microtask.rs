//! `queueMicrotask(callback)` (HTML 8.7), taskhost's own: it captures the current continuation
//! state when queued and restores it while the callback runs (Prioritized Task Scheduling §4.1.4),
//! which boa_runtime's version cannot do.

use boa_engine::{Context, JsResult, JsValue, NativeFunction};

use crate::engine::webidl::type_error;
use crate::runtime::host::Host;
use crate::runtime::microtasks::perform_microtask_checkpoint;
use crate::web::html::report::report_exception;
use crate::web::util::define_operation;

/// The `queueMicrotask(callback)` method steps: queue a microtask to invoke callback with « »
/// and "report".
fn queue_microtask(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    // WebIDL: `VoidFunction callback` — a required argument that must be callable.
    let Some(arg) = args.first() else {
        return Err(type_error(
            "Window",
            "queueMicrotask",
            "1 argument required, but only 0 present.",
        ));
    };
    let Some(callback) = arg.as_callable() else {
        return Err(type_error(
            "Window",
            "queueMicrotask",
            "parameter 1 is not of type 'Function'.",
        ));
    };
    let callback = callback.clone();
    let host = Host::from_context(context)?;
    host.queue_microtask(Box::new(move |context| {
        if let Err(error) = callback.call(&JsValue::undefined(), &[], context) {
            let host = Host::from_context(context)?;
            report_exception(&host, &error, context);
        }
        Ok(())
    }));
    Ok(JsValue::undefined())
}

/// HTML "clean up after running script" (§8.1.4.4) with an environment settings object.
///
/// WebIDL's "call a user object's operation" ends with these steps, so when the host itself fires
/// an event from a task (a message arriving, `AbortSignal.timeout()` aborting), each listener's
/// microtasks run before the next listener — while an event that script dispatches
/// (`dispatchEvent()`, `abort()`) runs its listeners with script on the stack, and no checkpoint
/// between them. Inside a checkpoint this does nothing (the checkpoint's own guard).
pub fn clean_up_after_running_script(context: &mut Context) {
    // 1. Assert: settings's realm execution context is the running JavaScript execution context.
    // 2. Remove settings's realm execution context from the JavaScript execution context stack.
    //    (Both are the engine's: Boa pops the contexts of a call when it returns, before the host
    //    gets control back here.)
    // 3. If the JavaScript execution context stack is now empty, perform a microtask checkpoint.
    //    (If this runs scripts, these algorithms will be invoked reentrantly.)
    if context.stack_trace().next().is_none()
        && let Ok(host) = Host::from_context(context)
    {
        perform_microtask_checkpoint(&host, context);
    }
}

pub fn register(context: &mut Context) -> JsResult<()> {
    let global = context.global_object();
    define_operation(
        &global,
        "queueMicrotask",
        1,
        NativeFunction::from_fn_ptr(queue_microtask),
        context,
    )
}
