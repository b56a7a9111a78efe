//! `setTimeout`, `setInterval`, `clearTimeout`, `clearInterval` (HTML 8.6 "Timers").
//!
//! Invariants:
//! - An id is in the map of active timers exactly while its timer may still run; the map holds
//!   the timer's *unique handle*, and a queued timer task runs only if the map still holds its
//!   handle (so clearing, even after the task was queued, stops it).
//! - Equal deadlines run in the order the timers were set (the core's delayed-task heap orders by
//!   (due time, enqueue order)).

use rustc_hash::FxHashMap as HashMap;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::agent::host::{Host, HostTimer};
use crate::agent::realm::{insert_realm_data, realm_data};
use crate::engine::callback::{ExceptionBehavior, invoke_callback_function};
use crate::engine::webidl::{to_long, type_error};
use crate::web::html::report::report_exception;
use crate::web::util::define_operation;

/// A `TimerHandler`: `(TrustedScript or DOMString or Function)`.
#[derive(Clone)]
enum Handler {
    Function(JsObject),
    Source(JsString),
}

struct ActiveTimer {
    /// The unique handle of the timer's current "run steps after a timeout".
    unique: u64,
    timer: HostTimer,
}

/// The global's "map of setTimeout and setInterval IDs", and the nesting level of the running
/// timer task.
#[derive(Default)]
pub struct Timers {
    map: RefCell<HashMap<i32, ActiveTimer>>,
    last_id: Cell<i32>,
    last_unique: Cell<u64>,
    /// The timer nesting level of the currently running task, if it is a timer task.
    running_nesting: Cell<Option<u32>>,
}

impl Timers {
    fn from_context(context: &Context) -> JsResult<Rc<Self>> {
        realm_data::<Self>(context).ok_or_else(|| {
            JsNativeError::typ()
                .with_message("timers are not available in this context")
                .into()
        })
    }

    /// A user-agent-defined integer > 0 that does not already exist in the map.
    fn new_id(&self) -> i32 {
        let map = self.map.borrow();
        let mut id = self.last_id.get();
        loop {
            id = if id == i32::MAX { 1 } else { id + 1 };
            if !map.contains_key(&id) {
                self.last_id.set(id);
                return id;
            }
        }
    }

    fn holds(&self, id: i32, unique: u64) -> bool {
        self.map
            .borrow()
            .get(&id)
            .is_some_and(|t| t.unique == unique)
    }
}

/// The timer initialization steps, given global, handler, timeout, arguments, repeat, and
/// optionally previousId.
fn timer_initialization_steps(
    context: &mut Context,
    handler: Handler,
    mut timeout: i32,
    arguments: Vec<JsValue>,
    repeat: bool,
    previous_id: Option<i32>,
) -> JsResult<i32> {
    let host = Host::from_context(context)?;
    let timers = Timers::from_context(context)?;
    // 1. Let thisArg be global if that is a WorkerGlobalScope object; otherwise let thisArg be
    //    the WindowProxy that corresponds to global. (taskhost: the global object.)
    // 2. If previousId was given, let id be previousId; otherwise, let id be a user-agent-defined
    //    integer that is greater than zero and does not already exist in global's map of
    //    setTimeout and setInterval IDs.
    let id = previous_id.unwrap_or_else(|| timers.new_id());
    // 3. If the surrounding agent's event loop's currently running task is a task that was
    //    created by this algorithm, then let nesting level be the task's timer nesting level.
    //    Otherwise, let nesting level be 0.
    //    (During a microtask checkpoint the currently running task is the microtask — "perform a
    //    microtask checkpoint" step 3.2 — even when the checkpoint runs inside a timer task's
    //    callback invocation, "clean up after running script": a timer set by a promise reaction
    //    has nesting level 0. Chromium 156 carries the timer's level into those reactions and
    //    clamps them; the spec's steps are followed here unless `--imitate chromium` asks for
    //    Chromium's deviation, see agent::deviations.)
    let mut nesting_level = if host.performing_microtask_checkpoint()
        && !host.deviations().timer_nesting_through_microtasks
    {
        0
    } else {
        timers.running_nesting.get().unwrap_or(0)
    };
    // 4. If timeout is less than 0, then set timeout to 0.
    timeout = timeout.max(0);
    // 5. If nesting level is greater than 5, and timeout is less than 4, then set timeout to 4.
    //    (Imitating Firefox, `--imitate early-timer-clamp`: greater than 3; see
    //    agent::deviations. The level is 5 otherwise.)
    if nesting_level > host.deviations().timer_clamp_level && timeout < 4 {
        timeout = 4;
    }
    // 6–7. Let realm be global's relevant realm; let initiating script be the active script.
    // 8. Let uniqueHandle be null.
    let unique = timers.last_unique.get() + 1;
    timers.last_unique.set(unique);
    // 10. Increment nesting level by one.
    // 11. Set task's timer nesting level to nesting level.
    nesting_level += 1;
    // (The trace: what this timer is, and where it was set.)
    let kind = if repeat { "setInterval" } else { "setTimeout" };
    let callback = match &handler {
        Handler::Function(f) => Some(f),
        Handler::Source(_) => None,
    };
    let posted = host.trace_post(context, kind, callback);
    host.trace_instant(kind, || {
        serde_json::json!({"id": id, "timeout_ms": timeout, "nesting_level": nesting_level,
            "again": previous_id.is_some()})
    });
    // 9. Let task be a task that runs the following substeps: (see `run_timer_task`).
    let task = Box::new(move |context: &mut Context| {
        run_timer_task(
            context,
            id,
            unique,
            nesting_level,
            handler,
            timeout,
            arguments,
            repeat,
        )
    });
    // 12. Let completionStep be an algorithm step which queues a global task on the timer task
    //     source given global to run task.
    // 13. Set uniqueHandle to the result of running steps after a timeout given global,
    //     "setTimeout/setInterval", timeout, and completionStep.
    //     (Run steps after a timeout, step 4.3, "Optionally, wait a further
    //     implementation-defined length of time": taskhost waits none, unless imitating WebKit's
    //     1 ms minimum, `--imitate timer-minimum-one-ms`.)
    let wait = if host.deviations().timer_minimum_one_ms {
        timeout.max(1)
    } else {
        timeout
    };
    let due = host
        .now()
        .saturating_add_millis(u64::from(wait.unsigned_abs()));
    //     (Imitating Firefox, `--imitate timer-executor`: a timeout of its timer executor,
    //     which queues one task for every timer due, see agent::timeout_executor.)
    let timer = host.set_page_timer(due, context.realm().clone(), task, posted);
    // 14. Set global's map of setTimeout and setInterval IDs[id] to uniqueHandle.
    if let Some(old) = timers
        .map
        .borrow_mut()
        .insert(id, ActiveTimer { unique, timer })
    {
        // Re-initialising an interval: its previous timer has already fired.
        host.cancel_timer(old.timer);
    }
    // 15. Return id.
    Ok(id)
}

/// The substeps of the task made by the timer initialization steps (step 9).
#[allow(clippy::too_many_arguments)]
fn run_timer_task(
    context: &mut Context,
    id: i32,
    unique: u64,
    nesting_level: u32,
    handler: Handler,
    timeout: i32,
    arguments: Vec<JsValue>,
    repeat: bool,
) -> JsResult<()> {
    let host = Host::from_context(context)?;
    let timers = Timers::from_context(context)?;
    // 1. Assert: uniqueHandle is a unique internal value, not null.
    // 2. If id does not exist in global's map of setTimeout and setInterval IDs, then abort.
    // 3. If global's map of setTimeout and setInterval IDs[id] does not equal uniqueHandle, then
    //    abort these steps.
    if !timers.holds(id, unique) {
        return Ok(());
    }
    let previous_nesting = timers.running_nesting.replace(Some(nesting_level));
    // 4. Record timing info for timer handler given handler, global's relevant settings object,
    //    and repeat.
    let function = match &handler {
        Handler::Function(function) => Some(function),
        Handler::Source(_) => None,
    };
    crate::web::performance::long_animation_frames::timer_handler(&host, function, repeat, context);
    match &handler {
        // 5. If handler is a Function, then invoke handler given arguments and "report", and with
        //    callback this value set to thisArg.
        //    (Inside the invocation, "clean up after running script" performs the microtask
        //    checkpoint while this is still the running timer task: a timer set by one of
        //    its microtasks gets this nesting level.)
        Handler::Function(function) => {
            let this = JsValue::from(context.global_object());
            invoke_callback_function(
                function,
                &this,
                &arguments,
                ExceptionBehavior::Report,
                context,
            )?;
        }
        // 6. Otherwise: create a classic script from handler with the settings object's API base
        //    URL, and run it (exceptions are reported).
        Handler::Source(source) => {
            let name = host.script_name();
            let text = source.to_std_string_escaped();
            if let Err(error) = crate::engine::script::run_classic_script(&text, &name, context) {
                report_exception(&host, &error, context);
            }
        }
    }
    // 7. If id does not exist in global's map of setTimeout and setInterval IDs, then abort.
    // 8. If global's map of setTimeout and setInterval IDs[id] does not equal uniqueHandle, then
    //    abort these steps.
    if timers.holds(id, unique) {
        if repeat {
            // 9. If repeat is true, then perform the timer initialization steps again, given
            //    global, handler, timeout, arguments, true, and id.
            timer_initialization_steps(context, handler, timeout, arguments, true, Some(id))?;
        } else {
            // 10. Otherwise, remove global's map of setTimeout and setInterval IDs[id].
            timers.map.borrow_mut().remove(&id);
        }
    }
    timers.running_nesting.set(previous_nesting);
    Ok(())
}

/// Convert `(handler, timeout, ...arguments)` and run the timer initialization steps.
fn set_timer(
    interface_operation: &str,
    args: &[JsValue],
    repeat: bool,
    context: &mut Context,
) -> JsResult<JsValue> {
    // WebIDL: `TimerHandler handler` is required.
    let Some(handler) = args.first() else {
        return Err(type_error(
            "Window",
            interface_operation,
            "1 argument required, but only 0 present.",
        ));
    };
    // A union of (TrustedScript or DOMString or Function): a callable is the Function; anything
    // else is converted to a DOMString (ToString, which throws for a Symbol).
    let handler = match handler.as_callable() {
        Some(function) => Handler::Function(function.clone()),
        None => Handler::Source(handler.to_string(context)?),
    };
    // `optional long timeout = 0`.
    let timeout = match args.get(1) {
        None => 0,
        Some(value) if value.is_undefined() => 0,
        Some(value) => to_long(value, context)?,
    };
    let arguments = args.get(2..).map(<[JsValue]>::to_vec).unwrap_or_default();
    let id = timer_initialization_steps(context, handler, timeout, arguments, repeat, None)?;
    Ok(id.into())
}

/// `clearTimeout(id)` / `clearInterval(id)`: remove this's map of setTimeout and setInterval
/// IDs[id].
fn clear_timer(args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let id = match args.first() {
        None => 0,
        Some(value) => to_long(value, context)?,
    };
    let timers = Timers::from_context(context)?;
    let removed = timers.map.borrow_mut().remove(&id);
    let host = Host::from_context(context)?;
    host.trace_instant(
        "clearTimeout",
        || serde_json::json!({"id": id, "cleared": removed.is_some()}),
    );
    if let Some(removed) = removed {
        // Not required by HTML (the queued task would find its id gone), but it lets the loop
        // end as soon as no timer is left.
        host.cancel_timer(removed.timer);
    }
    Ok(JsValue::undefined())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    insert_realm_data(context, Rc::new(Timers::default()));
    let global = context.global_object();
    define_operation(
        &global,
        "setTimeout",
        1,
        NativeFunction::from_fn_ptr(|_, args, context| {
            set_timer("setTimeout", args, false, context)
        }),
        context,
    )?;
    define_operation(
        &global,
        "setInterval",
        1,
        NativeFunction::from_fn_ptr(|_, args, context| {
            set_timer("setInterval", args, true, context)
        }),
        context,
    )?;
    define_operation(
        &global,
        "clearTimeout",
        0,
        NativeFunction::from_fn_ptr(|_, args, context| clear_timer(args, context)),
        context,
    )?;
    define_operation(
        &global,
        "clearInterval",
        0,
        NativeFunction::from_fn_ptr(|_, args, context| clear_timer(args, context)),
        context,
    )
}
