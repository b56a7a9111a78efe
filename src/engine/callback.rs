//! Calling into JavaScript from the host: WebIDL "invoke a callback function" (§3.12.1) and "call
//! a user object's operation" (§3.12.2), each between HTML's "prepare to run script" and "clean up
//! after running script" (§8.1.4.4). Every place where the host runs script goes through
//! [`run_script`]: scheduler tasks, timer handlers, idle callbacks, event listeners and event
//! handlers, `queueMicrotask` callbacks, promise jobs, classic scripts, modules, and the
//! conformance harness's callbacks.
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

use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue};

use crate::runtime::host::Host;
use crate::runtime::microtasks::perform_microtask_checkpoint;

/// WebIDL's exception behavior of "invoke a callback function".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ExceptionBehavior {
    /// Report an exception for the callback's realm's global object and return undefined.
    Report,
    /// Return the exception to the caller.
    Rethrow,
}

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
    if context.stack_trace().next().is_none()
        && let Ok(host) = Host::from_context(context)
    {
        perform_microtask_checkpoint(&host, context);
    }
}

/// WebIDL "invoke a callback function" (§3.12.1) `callable` with `args`, `behavior`, and `this`
/// as the callback this value.
///
/// 1. Let completion be an uninitialized variable.
/// 2. If thisArg was not given, let thisArg be undefined.
/// 3. Let F be the JavaScript object corresponding to callable.
/// 4. If IsCallable(F) is false: (only [LegacyTreatNonObjectAsNull] callbacks get here, and
///    their callers check) return undefined.
/// 5. Let realm be F's associated realm. (6–7: relevant settings is its settings object, stored
///    settings callable's callback context.)
/// 8. Prepare to run script with relevant settings.
/// 9. Prepare to run a callback with stored settings. (No incumbent settings are tracked.)
/// 10. Let jsArgs be the result of converting args to a JavaScript arguments list. (They are
///     JavaScript values already.)
/// 11. Let callResult be Call(F, thisArg, jsArgs).
/// 12. If callResult is an abrupt completion, set completion to callResult and jump to return.
/// 13. Set completion to callResult.[[Value]] converted to the return type (`any` or `undefined`
///     for every callback type the host invokes: no conversion).
/// 14. Return:
///     1. Clean up after running a callback with stored settings.
///     2. Clean up after running script with relevant settings.
///     3. If completion is an IDL value, return completion.
///     4. Assert: completion is an abrupt completion.
///     5. If exceptionBehavior is "rethrow", throw completion.[[Value]].
///     6. Otherwise, if exceptionBehavior is "report": report an exception completion.[[Value]]
///        for realm's global object, and return the unique undefined IDL value.
pub fn invoke_callback_function(
    callable: &JsObject,
    this: &JsValue,
    args: &[JsValue],
    behavior: ExceptionBehavior,
    context: &mut Context,
) -> JsResult<JsValue> {
    if !callable.is_callable() {
        return Ok(JsValue::undefined());
    }
    let completion = run_script(context, |context| callable.call(this, args, context));
    finish(completion, behavior, context)
}

/// WebIDL "call a user object's operation" (§3.12.2) `op_name` of `object` (a callback interface
/// value such as an `EventListener`, which error messages call `what`) with `args`, and `this` as the callback this value, with
/// "rethrow" (the caller reports, as DOM's "inner invoke" does).
///
/// 1–7. (completion, thisArg, O, realm, relevant and stored settings.)
/// 8–9. Prepare to run script with relevant settings; prepare to run a callback with stored
///      settings.
/// 10. Let X be O.
/// 11. If IsCallable(O) is false, then:
///     1. Let getResult be Completion(Get(O, opName)).
///     2. If getResult is an abrupt completion, set completion to getResult and jump to return.
///     3. Set X to getResult.[[Value]].
///     4. If IsCallable(X) is false, then set completion to a new TypeError and jump to return.
///     5. Set thisArg to O (overriding the provided value).
/// 12–14. Let callResult be Call(X, thisArg, jsArgs); completion is it (converted).
/// 15. Return: clean up after running a callback and after running script, then return or throw
///     completion.
pub fn call_user_object_operation(
    object: &JsObject,
    what: &str,
    op_name: &str,
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    run_script(context, |context| {
        if object.is_callable() {
            return object.call(this, args, context);
        }
        let x = object.get(JsString::from(op_name), context)?;
        let Some(x) = x.as_callable() else {
            return Err(JsNativeError::typ()
                .with_message(format!(
                    "'{op_name}' property of the {what} is not callable"
                ))
                .into());
        };
        x.call(&object.clone().into(), args, context)
    })
}

/// Step 14.3–14.6 of "invoke a callback function": return the value, rethrow, or report.
fn finish(
    completion: JsResult<JsValue>,
    behavior: ExceptionBehavior,
    context: &mut Context,
) -> JsResult<JsValue> {
    match (completion, behavior) {
        (Ok(value), _) => Ok(value),
        (Err(error), ExceptionBehavior::Rethrow) => Err(error),
        (Err(error), ExceptionBehavior::Report) => {
            let host = Host::from_context(context)?;
            crate::web::html::report::report_exception(&host, &error, context);
            Ok(JsValue::undefined())
        }
    }
}
