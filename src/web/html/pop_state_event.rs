//! The `PopStateEvent` interface (HTML §7.2.5.1): the `popstate` event a window gets when its
//! document's session history entry changes to another of the same document (a fragment
//! navigation, a traversal between `pushState()` entries), with that entry's state.
//!
//! ```webidl
//! [Exposed=Window]
//! interface PopStateEvent : Event {
//!   constructor(DOMString type, optional PopStateEventInit eventInitDict = {});
//!   readonly attribute any state;
//!   readonly attribute boolean hasUAVisualTransition;
//! };
//! dictionary PopStateEventInit : EventInit {
//!   any state = null;
//!   boolean hasUAVisualTransition = false;
//! };
//! ```

use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::web::dom::event::{
    EventCell, EventInit, IsEvent, constructor_prelude, new_event_cell, new_event_object,
    read_event_init, register_event_brand,
};
use crate::web::dom::interface::{
    InterfaceSpec, define_interface, illegal_invocation, member, prototype_of, this_object,
};

/// The native data of `PopStateEvent` objects.
#[derive(Trace, Finalize, JsData)]
pub struct PopStateEventData {
    event: EventCell,
    state: JsValue,
    #[unsafe_ignore_trace]
    has_ua_visual_transition: bool,
}

impl IsEvent for PopStateEventData {
    fn event_cell(&self) -> EventCell {
        self.event.clone()
    }
}

/// `new PopStateEvent(type, eventInitDict)`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (proto, kind, dict) = constructor_prelude(
        new_target,
        args,
        ("PopStateEvent", 1),
        "PopStateEventInit",
        context,
    )?;
    // The inherited EventInit members first, then the dictionary's own in lexicographic order.
    let init = read_event_init(dict.as_ref(), context)?;
    let has_ua_visual_transition = member(
        dict.as_ref(),
        JsString::from("hasUAVisualTransition"),
        context,
    )?
    .to_boolean();
    let state = member(dict.as_ref(), JsString::from("state"), context)?;
    let state = if state.is_undefined() {
        JsValue::null()
    } else {
        state
    };
    let event = new_event_cell(kind, init, context);
    let data = PopStateEventData {
        event,
        state,
        has_ua_visual_transition,
    };
    Ok(new_event_object(proto, data, context)?.into())
}

/// Fire an event named popstate at `window`, using PopStateEvent, with the state attribute
/// initialized to `state` and hasUAVisualTransition to false (HTML "update document for history
/// step application", step 6.5.2).
pub fn fire_pop_state(window: &JsObject, state: JsValue, context: &mut Context) -> JsResult<()> {
    let event = new_event_cell(JsString::from("popstate"), EventInit::default(), context);
    let proto = prototype_of(context, "PopStateEvent")?;
    let data = PopStateEventData {
        event,
        state,
        has_ua_visual_transition: false,
    };
    let event = new_event_object(proto, data, context)?;
    crate::web::dom::dispatch::fire_event(window, &event, context).map(drop)
}

/// Read `this`'s PopStateEvent data with `read`.
fn read<T>(
    this: &JsValue,
    context: &Context,
    read: impl FnOnce(&PopStateEventData) -> T,
) -> JsResult<T> {
    let object = this_object(this, context)?;
    let data = object
        .downcast_ref::<PopStateEventData>()
        .ok_or_else(illegal_invocation)?;
    Ok(read(&data))
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_event_brand::<PopStateEventData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "PopStateEvent",
            parent: Some("Event"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute(
                "state",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    read(this, context, |d| d.state.clone())
                }),
                None,
            )
            .attribute(
                "hasUAVisualTransition",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    read(this, context, |d| d.has_ua_visual_transition.into())
                }),
                None,
            );
        },
    )?;
    Ok(())
}
