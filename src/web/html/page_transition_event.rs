//! The `PageTransitionEvent` interface (HTML §7.4.6.3): the `pageshow` and `pagehide` events a
//! window gets when its document is shown and unloaded, with `persisted` (always false in
//! taskhost: there is no back/forward cache).
//!
//! ```webidl
//! [Exposed=Window]
//! interface PageTransitionEvent : Event {
//!   constructor(DOMString type, optional PageTransitionEventInit eventInitDict = {});
//!   readonly attribute boolean persisted;
//! };
//! dictionary PageTransitionEventInit : EventInit { boolean persisted = false; };
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

/// The native data of `PageTransitionEvent` objects.
#[derive(Trace, Finalize, JsData)]
pub struct PageTransitionEventData {
    event: EventCell,
    persisted: bool,
}

impl IsEvent for PageTransitionEventData {
    fn event_cell(&self) -> EventCell {
        self.event.clone()
    }
}

/// `new PageTransitionEvent(type, eventInitDict)`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (proto, kind, dict) = constructor_prelude(
        new_target,
        args,
        ("PageTransitionEvent", 1),
        "PageTransitionEventInit",
        context,
    )?;
    // The inherited EventInit members first, then persisted.
    let init = read_event_init(dict.as_ref(), context)?;
    let persisted = member(dict.as_ref(), JsString::from("persisted"), context)?.to_boolean();
    let event = new_event_cell(kind, init, context);
    Ok(new_event_object(proto, PageTransitionEventData { event, persisted }, context)?.into())
}

/// HTML "fire a page transition event named `kind` at a Window window with a boolean
/// persisted": fire an event named `kind` at window, using PageTransitionEvent, with the
/// persisted attribute initialized to persisted, the cancelable attribute initialized to true,
/// the bubbles attribute initialized to true, and legacy target override flag set.
pub fn fire_page_transition_event(
    window: &JsObject,
    document: &JsObject,
    kind: &str,
    persisted: bool,
    context: &mut Context,
) -> JsResult<()> {
    let init = EventInit {
        bubbles: true,
        cancelable: true,
        ..EventInit::default()
    };
    let event = new_event_cell(JsString::from(kind), init, context);
    let proto = prototype_of(context, "PageTransitionEvent")?;
    let event = new_event_object(proto, PageTransitionEventData { event, persisted }, context)?;
    crate::web::dom::dispatch::fire_event_with_legacy_target_override(
        &event, window, document, context,
    )
    .map(drop)
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_event_brand::<PageTransitionEventData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "PageTransitionEvent",
            parent: Some("Event"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute(
                "persisted",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let object = this_object(this, context)?;
                    let data = object
                        .downcast_ref::<PageTransitionEventData>()
                        .ok_or_else(illegal_invocation)?;
                    Ok(data.persisted.into())
                }),
                None,
            );
        },
    )?;
    Ok(())
}
