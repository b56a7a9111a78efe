//! The `ToggleEvent` interface (HTML §8.1.8.x, `toggle` and `beforetoggle` events): an event
//! with the `oldState` and `newState` of a `<details>` element (or a popover).

use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::web::dom::event::{
    EventCell, EventInit, IsEvent, constructor_prelude, new_event_cell, new_event_object,
    read_event_init, register_event_brand,
};
use crate::web::dom::interface::{
    InterfaceSpec, define_interface, illegal_invocation, member, prototype_of, this_object,
};

/// The native data of `ToggleEvent` objects.
#[derive(Trace, Finalize, JsData)]
pub struct ToggleEventData {
    event: EventCell,
    old_state: JsString,
    new_state: JsString,
}

impl IsEvent for ToggleEventData {
    fn event_cell(&self) -> EventCell {
        self.event.clone()
    }
}

/// `new ToggleEvent(type, eventInitDict)`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (proto, kind, dict) = constructor_prelude(
        new_target,
        args,
        ("ToggleEvent", 1),
        "ToggleEventInit",
        context,
    )?;
    // ToggleEventInit : EventInit { DOMString oldState = ""; DOMString newState = ""; }:
    // inherited members first, then newState, oldState (lexicographic order).
    let init = read_event_init(dict.as_ref(), context)?;
    let state = |name: &str, context: &mut Context| -> JsResult<JsString> {
        let v = member(dict.as_ref(), JsString::from(name), context)?;
        if v.is_undefined() {
            Ok(JsString::from(""))
        } else {
            v.to_string(context)
        }
    };
    let new_state = state("newState", context)?;
    let old_state = state("oldState", context)?;
    let event = new_event_cell(kind, init, context);
    let data = ToggleEventData {
        event,
        old_state,
        new_state,
    };
    Ok(new_event_object(proto, data, context)?.into())
}

/// A trusted ToggleEvent named `kind`, for firing from Rust.
pub fn create_toggle_event(
    kind: &str,
    old_state: &str,
    new_state: &str,
    context: &mut Context,
) -> JsResult<JsObject> {
    let event = new_event_cell(JsString::from(kind), EventInit::default(), context);
    event.borrow_mut().is_trusted = true;
    let proto = prototype_of(context, "ToggleEvent")?;
    new_event_object(
        proto,
        ToggleEventData {
            event,
            old_state: JsString::from(old_state),
            new_state: JsString::from(new_state),
        },
        context,
    )
}

fn getter(read: fn(&ToggleEventData) -> JsValue) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        let object = this_object(this, context)?;
        let data = object
            .downcast_ref::<ToggleEventData>()
            .ok_or_else(illegal_invocation)?;
        Ok(read(&data))
    })
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_event_brand::<ToggleEventData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "ToggleEvent",
            parent: Some("Event"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute("oldState", getter(|d| d.old_state.clone().into()), None)
                .attribute("newState", getter(|d| d.new_state.clone().into()), None);
        },
    )?;
    Ok(())
}
