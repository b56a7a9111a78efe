//! WebIDL's calls into script (§3.12): "invoke a callback function" and "call a user object's
//! operation", each between HTML's "prepare to run script" and "clean up after running script"
//! (`agent::script::run_script`, which performs a microtask checkpoint when no script is left on
//! the stack). Every callback the host invokes goes through here: scheduler tasks, timer
//! handlers, idle callbacks, event listeners and event handlers, `queueMicrotask` callbacks, and
//! the conformance harness's callbacks.

use boa_engine::builtins::function::{BoundFunction, OrdinaryFunction};
use boa_engine::realm::Realm;
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue};

use crate::agent::host::Host;
use crate::agent::realm::in_realm;
use crate::agent::script::run_script;

/// WebIDL's exception behavior of "invoke a callback function".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ExceptionBehavior {
    /// Report an exception for the callback's realm's global object and return undefined.
    Report,
    /// Return the exception to the caller.
    Rethrow,
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
    // 5. Let realm be F's associated realm.
    let realm = associated_realm(callable, context);
    let completion = run_script(context, |context| {
        let completion = callable.call(this, args, context);
        report_early(completion, behavior, &realm, context)
    });
    finish(completion, behavior, &realm, context)
}

/// With `--imitate chromium` only (`Deviations::report_before_checkpoint`): report an exception
/// of a "report" call before "clean up after running script" runs the microtask checkpoint, as
/// Chromium does; the spec reports after it (step 14.6). Otherwise `completion` unchanged.
fn report_early(
    completion: JsResult<JsValue>,
    behavior: ExceptionBehavior,
    realm: &Realm,
    context: &mut Context,
) -> JsResult<JsValue> {
    if completion.is_ok() || behavior != ExceptionBehavior::Report {
        return completion;
    }
    let host = Host::from_context(context)
        .ok()
        .filter(|host| host.deviations().report_before_checkpoint);
    match (completion, host) {
        // Chromium reports from inside the call (its microtask scope still open): calls the
        // report makes, such as the `error` event's listeners, perform no checkpoint of their
        // own; the one after this call does.
        (Err(error), Some(host)) => {
            host.with_checkpoints_deferred(|| report_for_realm(&error, realm, context));
            Ok(JsValue::undefined())
        }
        (completion, _) => completion,
    }
}

/// The associated realm of a callback's JavaScript object (WebIDL): for a function, its
/// [[Realm]] (ECMA-262 GetFunctionRealm: a bound function's is its target's); otherwise, and
/// for native functions, the current realm.
#[must_use]
pub fn associated_realm(object: &JsObject, context: &Context) -> Realm {
    if let Some(function) = object.downcast_ref::<OrdinaryFunction>() {
        return function.realm().clone();
    }
    let target = object
        .downcast_ref::<BoundFunction>()
        .map(|bound| bound.target_function().clone());
    match target {
        Some(target) => associated_realm(&target, context),
        None => context.realm().clone(),
    }
}

/// "Report an exception" `error` for the global object of `realm` (the callback's associated
/// realm, as WebIDL's "report" behavior and DOM's "inner invoke" ask), whichever realm is
/// current.
pub fn report_for_realm(error: &boa_engine::JsError, realm: &Realm, context: &mut Context) {
    if let Ok(host) = Host::from_context(context) {
        in_realm(context, realm, |context| {
            host.report_exception(error, context)
        });
    }
}

/// WebIDL "call a user object's operation" (§3.12.2) `op_name` of `object` (a callback interface
/// value such as an `EventListener`, which error messages call `what`) with `args`, and `this` as
/// the callback this value. An exception is rethrown after step 15, or, with
/// `ExceptionBehavior::Report`, reported for the global object of `object`'s associated realm
/// (what DOM's "inner invoke" step 2.11 does with it).
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
    behavior: ExceptionBehavior,
    context: &mut Context,
) -> JsResult<JsValue> {
    let realm = associated_realm(object, context);
    let completion = run_script(context, |context| {
        let completion = (|| {
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
        })();
        report_early(completion, behavior, &realm, context)
    });
    finish(completion, behavior, &realm, context)
}

/// Step 14.3–14.6 of "invoke a callback function": return the value, rethrow, or report.
fn finish(
    completion: JsResult<JsValue>,
    behavior: ExceptionBehavior,
    realm: &Realm,
    context: &mut Context,
) -> JsResult<JsValue> {
    match (completion, behavior) {
        (Ok(value), _) => Ok(value),
        (Err(error), ExceptionBehavior::Rethrow) => Err(error),
        (Err(error), ExceptionBehavior::Report) => {
            // 14.6. Report an exception completion.[[Value]] for realm's global object.
            report_for_realm(&error, realm, context);
            Ok(JsValue::undefined())
        }
    }
}
