//! HTML's "prepare to run script" and "clean up after running script" (§8.1.4.4): every call into
//! script made by the host runs inside [`run_script`], directly or through the WebIDL
//! algorithms of `engine::callback` (invoking callbacks, calling user objects' operations) and
//! `engine::script` (classic scripts and modules).
//!
//! The rule this module holds, in one place: **after a call into script returns, if the
//! JavaScript execution context stack is empty, perform a microtask checkpoint.** So when the
//! event loop calls a callback from a task, everything the callback queued runs before the host
//! goes on with the task's steps (e.g. a `postTask` promise is resolved only after the callback's
//! own microtasks ran); when script calls a host function that calls back into script (a
//! synchronous `dispatchEvent()`, `setPriority()` firing `prioritychange`, `abort()`), script is
//! still on the stack and no checkpoint runs. Besides this rule, only the event loop's own step
//! after each task ("perform a microtask checkpoint", event loop processing model step 2.8)
//! performs one.
//!
//! Invariant: [`clean_up_after_running_script`] performs a checkpoint exactly when the engine
//! has no JavaScript frame on its stack; inside a checkpoint it does nothing (the checkpoint's own
//! "performing a microtask checkpoint" guard), so nested calls cannot recurse.

use boa_engine::{Context, JsResult};

use crate::agent::host::Host;
use crate::agent::microtasks::perform_microtask_checkpoint;

/// Run `steps`, which call into script, between HTML's "prepare to run script" and "clean up
/// after running script".
///
/// Prepare to run script (HTML §8.1.4.4):
/// 1. Push settings's realm execution context onto the JavaScript execution context stack; it is
///    now the running JavaScript execution context. (Boa pushes the callee's frame, in the
///    callee's realm, when `steps` call it.)
/// 2. Add settings to the surrounding agent's event loop's currently running task's script
///    evaluation environment settings object set. (No settings-object sets are kept.)
///
/// Clean up after running script: see [`clean_up_after_running_script`].
pub fn run_script<T>(
    context: &mut Context,
    steps: impl FnOnce(&mut Context) -> JsResult<T>,
) -> JsResult<T> {
    let result = steps(context);
    clean_up_after_running_script(context);
    result
}

/// HTML "clean up after running script" (§8.1.4.4).
pub fn clean_up_after_running_script(context: &mut Context) {
    // 1. Assert: settings's realm execution context is the running JavaScript execution context.
    // 2. Remove settings's realm execution context from the JavaScript execution context stack.
    //    (Both are the engine's: Boa pops the frames of a call when it returns, before the host
    //    gets control back here.)
    // 3. If the JavaScript execution context stack is now empty, perform a microtask checkpoint.
    //    (If this runs scripts, these algorithms will be invoked reentrantly.)
    //    (Imitating Chromium's early report, a report made while the call that threw is
    //    still being finished counts as inside that call: `Host::with_checkpoints_deferred`.)
    if context.stack_trace().next().is_none()
        && let Ok(host) = Host::from_context(context)
    {
        if !host.checkpoints_deferred() {
            perform_microtask_checkpoint(&host, context);
        }
        // (Not a step of HTML: the host's own work that needs no property access of the engine
        // under way, `Host::when_stack_empty`.)
        host.run_when_stack_empty(context);
    }
}
