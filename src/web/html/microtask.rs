//! `queueMicrotask(callback)` (HTML 8.7), taskhost's own: it captures the current continuation
//! state when queued and restores it while the callback runs (Prioritized Task Scheduling §4.1.4),
//! which boa_runtime's version cannot do.

use boa_engine::{Context, JsResult, JsValue, NativeFunction};

use crate::agent::host::Host;
use crate::engine::callback::{ExceptionBehavior, invoke_callback_function};
use crate::engine::webidl::type_error;
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
    host.queue_microtask(
        context.realm().clone(),
        Box::new(move |context| {
            invoke_callback_function(
                &callback,
                &JsValue::undefined(),
                &[],
                ExceptionBehavior::Report,
                context,
            )
            .map(drop)
        }),
    );
    Ok(JsValue::undefined())
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
