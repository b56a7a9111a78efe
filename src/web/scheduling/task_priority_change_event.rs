//! The `TaskPriorityChangeEvent` interface (§3.1).

use boa_engine::js_string;
use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::web::dom::event::{
    EventCell, EventInit, IsEvent, constructor_prelude, new_event_cell, new_event_object,
    read_event_init, register_event_brand,
};
use crate::web::dom::interface::{
    InterfaceSpec, construct_error, define_interface, illegal_invocation, member, prototype_of,
    this_object,
};
use crate::web::scheduling::task_priority::TaskPriority;

/// The native data of `TaskPriorityChangeEvent` objects.
#[derive(Trace, Finalize, JsData)]
pub struct TaskPriorityChangeEventData {
    event: EventCell,
    #[unsafe_ignore_trace]
    previous_priority: TaskPriority,
}

impl IsEvent for TaskPriorityChangeEventData {
    fn event_cell(&self) -> EventCell {
        self.event.clone()
    }
}

/// A `prioritychange` event for "signal priority change" step 7 (fired, hence trusted, by the
/// caller).
pub fn create_priority_change_event(
    previous_priority: TaskPriority,
    context: &mut Context,
) -> JsResult<JsObject> {
    let event = new_event_cell(
        JsString::from("prioritychange"),
        EventInit::default(),
        context,
    );
    let proto = prototype_of(context, "TaskPriorityChangeEvent")?;
    new_event_object(
        proto,
        TaskPriorityChangeEventData {
            event,
            previous_priority,
        },
        context,
    )
}

/// `new TaskPriorityChangeEvent(type, priorityChangeEventInitDict)`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let interface = "TaskPriorityChangeEvent";
    // The dictionary has a required member, so it is a required argument: two in all.
    let (proto, kind, dict) = constructor_prelude(
        new_target,
        args,
        (interface, 2),
        "TaskPriorityChangeEventInit",
        context,
    )?;
    // Members of EventInit first, then TaskPriorityChangeEventInit's.
    let init = read_event_init(dict.as_ref(), context)?;
    // `required TaskPriority previousPriority`.
    let previous = member(dict.as_ref(), js_string!("previousPriority"), context)?;
    if previous.is_undefined() {
        return Err(construct_error(
            interface,
            "Failed to read the 'previousPriority' property from 'TaskPriorityChangeEventInit': Required member is undefined.",
        ));
    }
    let previous_priority = TaskPriority::from_js(
        &previous,
        "Failed to construct 'TaskPriorityChangeEvent': Failed to read the 'previousPriority' property from 'TaskPriorityChangeEventInit'",
        context,
    )?;
    let event = new_event_cell(kind, init, context);
    Ok(new_event_object(
        proto,
        TaskPriorityChangeEventData {
            event,
            previous_priority,
        },
        context,
    )?
    .into())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_event_brand::<TaskPriorityChangeEventData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "TaskPriorityChangeEvent",
            parent: Some("Event"),
            length: 2,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            // The previousPriority getter steps are to return the value it was initialized to.
            m.attribute(
                "previousPriority",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    this_object(this, context)?
                        .downcast_ref::<TaskPriorityChangeEventData>()
                        .map(|d| d.previous_priority.to_js_string().into())
                        .ok_or_else(illegal_invocation)
                }),
                None,
            );
        },
    )?;
    Ok(())
}
