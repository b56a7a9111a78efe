//! `requestIdleCallback` / `cancelIdleCallback` (Cooperative Scheduling of Background Tasks,
//! requestIdleCallback §4–5), on band 4 of the event loop's policy.
//!
//! Invariants:
//! - A handle is in the map exactly while its callback may still run: it leaves when its idle
//!   task runs, when its timeout task runs, or when it is cancelled — whichever comes first —
//!   and the other two are cancelled with it (the core's idle entry, the timeout timer), so a
//!   callback runs at most once and a cancelled one keeps nothing alive.
//! - Each idle task runs one callback, with the deadline of the idle period the core chose
//!   (`min(now + 50 ms, next timer due)`, `Host::idle_deadline`).

use boa_engine::js_string;
use rustc_hash::FxHashMap as HashMap;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsValue, NativeFunction};

use crate::agent::host::{Host, HostTimer};
use crate::agent::realm::{insert_realm_data, realm_data};
use crate::engine::callback::{ExceptionBehavior, invoke_callback_function};
use crate::engine::webidl::{to_long, type_error};
use crate::event_loop::{HostSource, IdleKey, LoopTime, TaskId};
use crate::web::dom::interface::{arguments_required, dictionary, member};
use crate::web::html::idle_deadline::new_idle_deadline;
use crate::web::util::define_operation;

struct Entry {
    callback: JsObject,
    idle: IdleKey,
    task: TaskId,
    timeout: Option<HostTimer>,
}

/// The window's idle callback identifier and its list of idle request callbacks.
#[derive(Default)]
struct IdleCallbacks {
    last_handle: Cell<u32>,
    map: RefCell<HashMap<u32, Entry>>,
}

impl IdleCallbacks {
    fn from_context(context: &Context) -> JsResult<Rc<Self>> {
        realm_data::<Self>(context).ok_or_else(|| {
            JsNativeError::typ()
                .with_message("idle callbacks are not available in this context")
                .into()
        })
    }

    /// Remove `handle` and cancel what else could still run it.
    fn take(&self, handle: u32, host: &Host) -> Option<JsObject> {
        let entry = self.map.borrow_mut().remove(&handle)?;
        if host.core().cancel_idle(entry.idle) {
            host.forget_task(entry.task);
        }
        if let Some(timer) = entry.timeout {
            host.cancel_timer(timer);
        }
        Some(entry.callback)
    }
}

/// Call an idle callback with a new IdleDeadline; an exception is reported.
fn invoke(
    callback: &JsObject,
    deadline: Option<LoopTime>,
    did_timeout: bool,
    context: &mut Context,
) -> JsResult<()> {
    let deadline_arg = new_idle_deadline(deadline, did_timeout, context)?;
    // (Invoking records timing info for user callback.)
    if let Ok(host) = Host::from_context(context) {
        crate::web::performance::long_animation_frames::user_callback(
            &host,
            "IdleRequestCallback",
            callback,
            context,
        );
    }
    // Invoke callback with « deadlineArg » and "report".
    let call = |context: &mut Context| {
        invoke_callback_function(
            callback,
            &JsValue::undefined(),
            &[deadline_arg.into()],
            ExceptionBehavior::Report,
            context,
        )
    };
    // Prioritized Task Scheduling §4.2 modifies the invoke idle callbacks algorithm (an idle
    // period), not the timeout one: only there does the callback run with a background state.
    if did_timeout {
        call(context)?;
    } else {
        crate::web::scheduling::scheduling_state::with_idle_scheduling_state(context, call)?;
    }
    Ok(())
}

/// "Invoke idle callbacks" for one callback: run in an idle period.
fn run_idle_task(handle: u32, context: &mut Context) -> JsResult<()> {
    let host = Host::from_context(context)?;
    let callbacks = IdleCallbacks::from_context(context)?;
    // 1. If the user-agent believes it should end the idle period early, then return.
    // 2. Let now be the current time. 3. If now is less than the result of calling
    //    getDeadline: pop the top callback from the list of runnable idle callbacks.
    let Some(callback) = callbacks.take(handle, &host) else {
        return Ok(());
    };
    // 3.2. Let deadlineArg be a new IdleDeadline whose deadline-getting algorithm is
    //      getDeadline. 3.3. Call callback with deadlineArg; if an exception is thrown, report
    //      the exception.
    invoke(&callback, host.idle_deadline(), false, context)
    // 3.4. (The next runnable callback is the core's next idle task.)
}

/// "Invoke idle callback timeout" (§5.5).
fn run_timeout_task(handle: u32, context: &mut Context) -> JsResult<()> {
    let host = Host::from_context(context)?;
    let callbacks = IdleCallbacks::from_context(context)?;
    // 1. Let callback be the entry associated with handle in either list.
    // 2. If callback is not undefined: 2.1. remove it from both lists.
    let Some(callback) = callbacks.take(handle, &host) else {
        return Ok(());
    };
    // 2.2–2.3. Let deadlineArg be a new IdleDeadline whose time is now (no time remains) and
    //      whose timeout is true. 2.4. Call callback with deadlineArg; report exceptions.
    invoke(&callback, None, true, context)
}

/// WebIDL's `this` of a `Window` operation: undefined or null is the global; anything else must
/// be a window (the global object of a window realm), or it is a TypeError ("create an
/// operation function", steps 2.1.1–2.1.2).
fn check_window_this(this: &JsValue, operation: &str, context: &Context) -> JsResult<()> {
    match this.as_object() {
        None if this.is_null_or_undefined() => Ok(()),
        Some(object) if crate::agent::realm::realm_of_global(context, &object).is_some() => Ok(()),
        _ => Err(type_error("Window", operation, "Illegal invocation")),
    }
}

/// `requestIdleCallback(callback, options)`.
fn request_idle_callback(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    check_window_this(this, "requestIdleCallback", context)?;
    let fail = |m: &str| type_error("Window", "requestIdleCallback", m);
    let Some(callback) = args.first() else {
        return Err(fail(&arguments_required(1, 0)));
    };
    let Some(callback) = callback.as_callable() else {
        return Err(fail("parameter 1 is not of type 'Function'."));
    };
    // IdleRequestOptions { unsigned long timeout; }
    let options = dictionary(args.get(1), fail, "IdleRequestOptions")?;
    let timeout = member(options.as_ref(), js_string!("timeout"), context)?;
    let timeout = if timeout.is_undefined() {
        0
    } else {
        to_long(&timeout, context)?.cast_unsigned()
    };
    let host = Host::from_context(context)?;
    let callbacks = IdleCallbacks::from_context(context)?;
    // 1–3. Increment the window's idle callback identifier; let handle be its value.
    let handle = callbacks.last_handle.get().wrapping_add(1).max(1);
    callbacks.last_handle.set(handle);
    // 4. Push callback to the end of window's list of idle request callbacks, associated with
    //    handle. (Band 4 of the loop: run in an idle period.)
    let task = host.insert_task(
        context.realm().clone(),
        Box::new(move |context| run_idle_task(handle, context)),
    );
    let posted = host.trace_post(context, "requestIdleCallback", Some(&callback));
    host.trace_attach(task, posted, "idle callback");
    let idle = host.core().queue_idle(task);
    // 5. Return handle and then continue running this algorithm asynchronously.
    // 6. If the timeout property is present in options and has a positive value: wait for
    //    timeout milliseconds (after earlier timeouts), then queue a task on the idle-task task
    //    source to invoke the idle callback timeout algorithm with handle.
    let timeout = (timeout > 0).then(|| {
        let due = host.now().saturating_add_millis(u64::from(timeout));
        host.set_timer_task(
            due,
            HostSource::IdleTimeout,
            context.realm().clone(),
            Box::new(move |context| run_timeout_task(handle, context)),
        )
    });
    callbacks.map.borrow_mut().insert(
        handle,
        Entry {
            callback,
            idle,
            task,
            timeout,
        },
    );
    Ok(handle.into())
}

/// `cancelIdleCallback(handle)`: find the entry associated with handle in either list and
/// remove it.
fn cancel_idle_callback(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    check_window_this(this, "cancelIdleCallback", context)?;
    let Some(handle) = args.first() else {
        return Err(type_error(
            "Window",
            "cancelIdleCallback",
            &arguments_required(1, 0),
        ));
    };
    let handle = to_long(handle, context)?.cast_unsigned();
    let host = Host::from_context(context)?;
    IdleCallbacks::from_context(context)?.take(handle, &host);
    Ok(JsValue::undefined())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    insert_realm_data(context, Rc::new(IdleCallbacks::default()));
    let global = context.global_object();
    define_operation(
        &global,
        "requestIdleCallback",
        1,
        NativeFunction::from_fn_ptr(request_idle_callback),
        context,
    )?;
    define_operation(
        &global,
        "cancelIdleCallback",
        1,
        NativeFunction::from_fn_ptr(cancel_idle_callback),
        context,
    )?;
    Ok(())
}
