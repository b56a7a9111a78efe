//! The `Scheduler` interface (§2.2) and the global `scheduler` attribute (§4.1.1).

use boa_engine::js_string;
use std::rc::Rc;

use boa_engine::object::builtins::JsPromise;
use boa_engine::{Context, JsError, JsObject, JsResult, JsValue, NativeFunction};
use boa_gc::{Gc, GcRefCell};

use crate::agent::host::Host;
use crate::agent::realm::{insert_realm_data, realm_data};
use crate::engine::errors::exception_to_value;
use crate::engine::webidl::{to_unsigned_long_long_enforce_range, type_error};
use crate::web::dom::abort_signal::abort_signal_member;
use crate::web::dom::interface::{
    InterfaceSpec, arguments_required, define_interface, dictionary, illegal_invocation, member,
    prototype_of, this_object,
};
use crate::web::html::global_scope::define_replaceable;
use crate::web::scheduling::processing::{
    PostTaskOptions, SchedulerData, SchedulerMaps, schedule_post_task, schedule_yield_continuation,
};
use crate::web::scheduling::task_priority::TaskPriority;

/// The realm's Scheduler object (the global's `scheduler`, whatever the global property now
/// holds), made when first needed. The `scheduler` getter holds the same cell, so that reading
/// the global (every `scheduler.postTask(…)`) looks nothing up once it is made.
struct RealmScheduler(Gc<GcRefCell<Option<JsObject>>>);

/// This realm's Scheduler (made now if it was not: the first read of `scheduler`, or the first
/// idle callback; nothing a script can see tells when).
pub fn realm_scheduler(context: &mut Context) -> JsResult<Option<JsObject>> {
    let Some(realm_scheduler) = realm_data::<RealmScheduler>(context) else {
        return Ok(None);
    };
    if let Some(scheduler) = realm_scheduler.0.borrow().clone() {
        return Ok(Some(scheduler));
    }
    // Each WindowOrWorkerGlobalScope has a scheduler, initialized to a new Scheduler.
    let proto = prototype_of(context, "Scheduler")?;
    let scheduler = JsObject::from_proto_and_data(
        proto,
        SchedulerData {
            maps: Gc::new(SchedulerMaps::new(context.realm().clone())),
        },
    );
    *realm_scheduler.0.borrow_mut() = Some(scheduler.clone());
    Ok(Some(scheduler))
}

fn this_scheduler(this: &JsValue, context: &Context) -> JsResult<(JsObject, Gc<SchedulerMaps>)> {
    let object = this_object(this, context)?;
    let maps = object
        .downcast_ref::<SchedulerData>()
        .map(|d| d.maps.clone())
        .ok_or_else(illegal_invocation)?;
    Ok((object, maps))
}

/// A promise-returning operation turns every exception (brand check, argument conversion) into a
/// rejected promise (WebIDL §3.7.6). (An engine error other than a stack limit stays an error:
/// [`exception_to_value`].)
fn promise_or_rejection(result: JsResult<JsPromise>, context: &mut Context) -> JsResult<JsValue> {
    match result {
        Ok(promise) => Ok(promise.into()),
        Err(error) => {
            let reason = exception_to_value(error, context)?;
            Ok(JsPromise::reject(JsError::from_opaque(reason), context)?.into())
        }
    }
}

fn post_task_error(message: &str) -> JsError {
    type_error("Scheduler", "postTask", message)
}

/// Convert `SchedulerPostTaskOptions`: members in lexicographic order (delay, priority, signal).
fn post_task_options(value: Option<&JsValue>, context: &mut Context) -> JsResult<PostTaskOptions> {
    let dict = dictionary(value, post_task_error, "SchedulerPostTaskOptions")?;
    let dict = dict.as_ref();
    // `[EnforceRange] unsigned long long delay = 0`.
    let delay = member(dict, js_string!("delay"), context)?;
    let delay = if delay.is_undefined() {
        0
    } else {
        to_unsigned_long_long_enforce_range(&delay, context)?.map_err(|m| {
            post_task_error(&format!(
                "Failed to read the 'delay' property from 'SchedulerPostTaskOptions': {m}"
            ))
        })?
    };
    // `TaskPriority priority`.
    let priority = member(dict, js_string!("priority"), context)?;
    let priority = if priority.is_undefined() {
        None
    } else {
        Some(TaskPriority::from_js(
            &priority,
            "Failed to execute 'postTask' on 'Scheduler': Failed to read the 'priority' property from 'SchedulerPostTaskOptions'",
            context,
        )?)
    };
    // `AbortSignal signal`.
    let signal = abort_signal_member(
        &member(dict, js_string!("signal"), context)?,
        "SchedulerPostTaskOptions",
        false,
        context,
        post_task_error,
    )?;
    Ok(PostTaskOptions {
        signal,
        priority,
        delay,
    })
}

/// A scheduler whose document is no longer fully active (its iframe was removed) schedules
/// nothing: the call rejects with a "NotSupportedError" DOMException of the scheduler's realm.
///
/// The spec is silent here (a task of such a document would simply never run, HTML "runnable");
/// this follows Chromium, whose behaviour the upstream `yield-then-detach.html` test checks
/// (discussed in WICG/scheduling-apis issue 57). The scheduler's realm is taken to be the
/// method's (they differ only for `postTask.call()` across frames).
///
/// Returns the host, which the scheduling steps go on with.
fn ensure_fully_active(operation: &str, context: &Context) -> JsResult<Rc<Host>> {
    let host = Host::from_context(context)?;
    if crate::agent::realm::can_run(&host, context.realm()) {
        return Ok(host);
    }
    Err(crate::web::dom::dom_exception::dom_exception_error(
        context,
        &format!(
            "Failed to execute '{operation}' on 'Scheduler': the document is not fully active."
        ),
        "NotSupportedError",
    ))
}

/// `postTask(callback, options)`: return the result of scheduling a postTask task for this
/// given callback and options.
fn post_task(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let result = (|| {
        let (scheduler, maps) = this_scheduler(this, context)?;
        // `SchedulerPostTaskCallback callback` (required, a callback function).
        let Some(callback) = args.first() else {
            return Err(post_task_error(&arguments_required(1, 0)));
        };
        let Some(callback) = callback.as_callable() else {
            return Err(post_task_error("parameter 1 is not of type 'Function'."));
        };
        let callback = callback.clone();
        let options = post_task_options(args.get(1), context)?;
        let host = ensure_fully_active("postTask", context)?;
        schedule_post_task(&host, &scheduler, maps, callback, options, context)
    })();
    promise_or_rejection(result, context)
}

/// `yield()`: return the result of scheduling a yield continuation for this.
fn yield_(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let result = (|| {
        let (scheduler, maps) = this_scheduler(this, context)?;
        let host = ensure_fully_active("yield", context)?;
        schedule_yield_continuation(&host, &scheduler, maps, context)
    })();
    promise_or_rejection(result, context)
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "Scheduler",
            parent: None,
            length: 0,
            constructor: None,
        },
        |m| {
            m.operation("postTask", 1, NativeFunction::from_fn_ptr(post_task))
                .operation("yield", 0, NativeFunction::from_fn_ptr(yield_));
        },
    )?;
    // (The scheduler itself is made when first needed: `realm_scheduler`.)
    let cell = Gc::new(GcRefCell::new(None));
    insert_realm_data(context, Rc::new(RealmScheduler(cell.clone())));
    // `[Replaceable] readonly attribute Scheduler scheduler`: the getter returns this's
    // scheduler.
    define_replaceable(
        context,
        "scheduler",
        NativeFunction::from_copy_closure_with_captures(
            |_, _, cell: &Gc<GcRefCell<Option<JsObject>>>, context| {
                if let Some(scheduler) = cell.borrow().clone() {
                    return Ok(scheduler.into());
                }
                Ok(realm_scheduler(context)?.map_or_else(JsValue::undefined, JsValue::from))
            },
            cell,
        ),
    )
}
