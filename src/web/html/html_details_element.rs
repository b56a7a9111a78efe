//! The `details` element (HTML §4.11.1): `HTMLDetailsElement` with `open` and `name`, and the
//! attribute change steps that queue a `toggle` event when `open` is added or removed.
//!
//! Deviations: no rendering (there is no summary to click) and no exclusive accordions (a
//! `name` shared by several `<details>` does not close the others).

use std::cell::Cell;

use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::agent::host::{Host, agent_data};
use crate::event_loop::HostSource;
use crate::web::dom::dispatch::fire_event;
use crate::web::dom::element::change_attribute;
use crate::web::dom::interface::{
    InterfaceSpec, define_interface, illegal_invocation, this_object,
};
use crate::web::dom::node::{attribute, local_name, node_state};
use crate::web::html::toggle_event::create_toggle_event;

/// The agent's counter that tells queued toggle tasks apart.
#[derive(Default)]
struct ToggleTasks(Cell<u64>);

/// The `details` element's attribute change steps, given element, localName, oldValue and
/// value (namespace is always null here): 1. If namespace is not null, return. 2. (If
/// localName is name: exclusive accordions are not implemented.) 3. If localName is open: if
/// oldValue is null and value is not null, queue a details toggle event task given element,
/// "closed", and "open"; if oldValue is not null and value is null, queue one given element,
/// "open", and "closed".
pub fn attribute_change_steps(
    element: &JsObject,
    local: &str,
    old_value: Option<&str>,
    value: Option<&str>,
    context: &mut Context,
) -> JsResult<()> {
    if local != "open" || local_name(element).as_deref() != Some("details") {
        return Ok(());
    }
    match (old_value, value) {
        (None, Some(_)) => queue_details_toggle_event_task(element, "closed", "open", context),
        (Some(_), None) => queue_details_toggle_event_task(element, "open", "closed", context),
        _ => Ok(()),
    }
}

/// "Queue a details toggle event task" given element, oldState and newState.
fn queue_details_toggle_event_task(
    element: &JsObject,
    old_state: &str,
    new_state: &str,
    context: &mut Context,
) -> JsResult<()> {
    let Some(state) = node_state(element) else {
        return Ok(());
    };
    let mut old_state = old_state.to_owned();
    // 1. If element's details toggle task tracker is not null, then: 1. Set oldState to
    //    element's details toggle task tracker's old state. 2. Remove element's details toggle
    //    task tracker's task from its task queue. (Here: the task finds itself superseded and
    //    does nothing.) 3. Set element's details toggle task tracker to null.
    if let Some((_, tracked_old)) = state.details_toggle.borrow_mut().take() {
        old_state = tracked_old;
    }
    let counter = agent_data::<ToggleTasks>(context);
    let generation = counter.0.get() + 1;
    counter.0.set(generation);
    // 2. Queue an element task given the DOM manipulation task source and element to run the
    //    following steps:
    let host = Host::from_context(context)?;
    let target = element.clone();
    let (old, new) = (old_state.clone(), new_state.to_owned());
    host.queue_task(
        HostSource::DomManipulation,
        context.realm().clone(),
        Box::new(move |context| {
            let Some(state) = node_state(&target) else {
                return Ok(());
            };
            let current = state.details_toggle.borrow().as_ref().map(|(g, _)| *g);
            if current != Some(generation) {
                return Ok(());
            }
            // 1. Fire an event named toggle at element, using ToggleEvent, with the oldState
            //    attribute initialized to oldState and the newState attribute initialized to
            //    newState.
            // 2. Set element's details toggle task tracker to null.
            *state.details_toggle.borrow_mut() = None;
            let event = create_toggle_event("toggle", &old, &new, context)?;
            fire_event(&target, &event, context)?;
            Ok(())
        }),
    );
    // 3. Set element's details toggle task tracker to a struct with task set to the just-queued
    //    task and old state set to oldState.
    *state.details_toggle.borrow_mut() = Some((generation, old_state));
    Ok(())
}

fn this_details(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let element = this_object(this, context)?;
    if local_name(&element).as_deref() != Some("details") {
        return Err(illegal_invocation());
    }
    Ok(element)
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "HTMLDetailsElement",
            parent: Some("HTMLElement"),
            length: 0,
            constructor: None,
        },
        |m| {
            // The open IDL attribute reflects the open content attribute (a boolean attribute).
            m.attribute(
                "open",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let element = this_details(this, context)?;
                    Ok(attribute(&element, "open").is_some().into())
                }),
                Some(NativeFunction::from_fn_ptr(|this, args, context| {
                    let element = this_details(this, context)?;
                    let open = args.first().is_some_and(JsValue::to_boolean);
                    change_attribute(&element, "open", open.then_some(""), context)?;
                    Ok(JsValue::undefined())
                })),
            )
            // The name IDL attribute reflects the name content attribute.
            .attribute(
                "name",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let element = this_details(this, context)?;
                    let name = attribute(&element, "name").unwrap_or_default();
                    Ok(JsString::from(name.as_str()).into())
                }),
                Some(NativeFunction::from_fn_ptr(|this, args, context| {
                    let element = this_details(this, context)?;
                    let value = match args.first() {
                        Some(v) => v.to_string(context)?.to_std_string_escaped(),
                        None => "undefined".to_owned(),
                    };
                    change_attribute(&element, "name", Some(&value), context)?;
                    Ok(JsValue::undefined())
                })),
            );
        },
    )?;
    Ok(())
}
