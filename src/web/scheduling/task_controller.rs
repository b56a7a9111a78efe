//! The `TaskController` interface (§3.2): an AbortController whose signal is a TaskSignal.

use boa_engine::js_string;
use boa_engine::{Context, JsResult, JsValue, NativeFunction};

use crate::engine::webidl::type_error;
use crate::web::dom::abort_controller::{controller_signal, new_abort_controller};
use crate::web::dom::interface::{
    InterfaceSpec, arguments_required, construct_error, define_interface, dictionary,
    illegal_invocation, member, prototype_from_new_target, this_object,
};
use crate::web::scheduling::task_priority::TaskPriority;
use crate::web::scheduling::task_signal::{
    TaskSignalState, create_task_signal, signal_priority_change, task_signal_state,
};
use boa_gc::Gc;

/// `new TaskController(init)`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let proto = prototype_from_new_target(new_target, "TaskController", context)?;
    // `optional TaskControllerInit init = {}` with `TaskPriority priority = "user-visible"`.
    let init = dictionary(
        args.first(),
        |m| construct_error("TaskController", m),
        "TaskControllerInit",
    )?;
    let priority = member(init.as_ref(), js_string!("priority"), context)?;
    let priority = if priority.is_undefined() {
        TaskPriority::UserVisible
    } else {
        TaskPriority::from_js(
            &priority,
            "Failed to construct 'TaskController': Failed to read the 'priority' property from 'TaskControllerInit'",
            context,
        )?
    };
    // 1. Let signal be a new TaskSignal object.
    // 2. Set signal's priority to init["priority"].
    let (signal, _) = create_task_signal(priority, context)?;
    // 3. Set this's signal to signal.
    Ok(new_abort_controller(proto, signal, context).into())
}

/// The TaskSignal of a TaskController `this` (a TaskController is the AbortController whose
/// signal is a TaskSignal: only this interface's constructor makes one).
fn this_task_controller(this: &JsValue, context: &Context) -> JsResult<Gc<TaskSignalState>> {
    controller_signal(&this_object(this, context)?)
        .as_ref()
        .and_then(task_signal_state)
        .ok_or_else(illegal_invocation)
}

/// `setPriority(priority)`: signal priority change on this's signal given priority.
fn set_priority(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let signal = this_task_controller(this, context)?;
    let Some(priority) = args.first() else {
        return Err(type_error(
            "TaskController",
            "setPriority",
            &arguments_required(1, 0),
        ));
    };
    let priority = TaskPriority::from_js(
        priority,
        "Failed to execute 'setPriority' on 'TaskController'",
        context,
    )?;
    let previous = signal.priority();
    signal_priority_change(&signal, priority, context)?;
    // The trace records a call that changed the priority (not one that threw, nor a call with
    // the signal's own priority); each signal whose priority changed has its own
    // "prioritychange" instant.
    if previous != priority
        && let Ok(host) = crate::agent::host::Host::from_context(context)
    {
        host.trace_instant("setPriority", || {
            serde_json::json!({"signal": signal.id(), "from": previous.as_str(),
                "to": priority.as_str()})
        });
    }
    Ok(JsValue::undefined())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "TaskController",
            parent: Some("AbortController"),
            length: 0,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.operation("setPriority", 1, NativeFunction::from_fn_ptr(set_priority));
        },
    )?;
    Ok(())
}
