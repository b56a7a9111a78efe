//! The `HashChangeEvent` interface (HTML §7.2.5.2): the `hashchange` event a window gets, from a
//! task, after its document's URL changed fragment by a history step (a fragment navigation, a
//! traversal), with the old and the new URL.
//!
//! ```webidl
//! [Exposed=Window]
//! interface HashChangeEvent : Event {
//!   constructor(DOMString type, optional HashChangeEventInit eventInitDict = {});
//!   readonly attribute USVString oldURL;
//!   readonly attribute USVString newURL;
//! };
//! dictionary HashChangeEventInit : EventInit {
//!   USVString oldURL = "";
//!   USVString newURL = "";
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

/// The native data of `HashChangeEvent` objects.
#[derive(Trace, Finalize, JsData)]
pub struct HashChangeEventData {
    event: EventCell,
    old_url: JsString,
    new_url: JsString,
}

impl IsEvent for HashChangeEventData {
    fn event_cell(&self) -> EventCell {
        self.event.clone()
    }
}

/// A USVString dictionary member, `""` when it is missing.
fn usv_string_member(
    dict: Option<&JsObject>,
    name: &str,
    context: &mut Context,
) -> JsResult<JsString> {
    let value = member(dict, JsString::from(name), context)?;
    if value.is_undefined() {
        return Ok(JsString::default());
    }
    // USVString: lone surrogates become U+FFFD.
    let text = value.to_string(context)?.to_std_string_lossy();
    Ok(JsString::from(text.as_str()))
}

/// `new HashChangeEvent(type, eventInitDict)`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (proto, kind, dict) = constructor_prelude(
        new_target,
        args,
        ("HashChangeEvent", 1),
        "HashChangeEventInit",
        context,
    )?;
    // The inherited EventInit members first, then the dictionary's own in lexicographic order.
    let init = read_event_init(dict.as_ref(), context)?;
    let new_url = usv_string_member(dict.as_ref(), "newURL", context)?;
    let old_url = usv_string_member(dict.as_ref(), "oldURL", context)?;
    let event = new_event_cell(kind, init, context);
    let data = HashChangeEventData {
        event,
        old_url,
        new_url,
    };
    Ok(new_event_object(proto, data, context)?.into())
}

/// Fire an event named hashchange at `window`, using HashChangeEvent, with the oldURL attribute
/// initialized to `old_url` and the newURL attribute initialized to `new_url` (HTML "update
/// document for history step application", step 6.5.4's task).
pub fn fire_hash_change(
    window: &JsObject,
    old_url: &str,
    new_url: &str,
    context: &mut Context,
) -> JsResult<()> {
    let event = new_event_cell(JsString::from("hashchange"), EventInit::default(), context);
    let proto = prototype_of(context, "HashChangeEvent")?;
    let data = HashChangeEventData {
        event,
        old_url: JsString::from(old_url),
        new_url: JsString::from(new_url),
    };
    let event = new_event_object(proto, data, context)?;
    crate::web::dom::dispatch::fire_event(window, &event, context).map(drop)
}

/// Read `this`'s HashChangeEvent data with `read`.
fn read<T>(
    this: &JsValue,
    context: &Context,
    read: impl FnOnce(&HashChangeEventData) -> T,
) -> JsResult<T> {
    let object = this_object(this, context)?;
    let data = object
        .downcast_ref::<HashChangeEventData>()
        .ok_or_else(illegal_invocation)?;
    Ok(read(&data))
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_event_brand::<HashChangeEventData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "HashChangeEvent",
            parent: Some("Event"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute(
                "oldURL",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    read(this, context, |d| d.old_url.clone().into())
                }),
                None,
            )
            .attribute(
                "newURL",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    read(this, context, |d| d.new_url.clone().into())
                }),
                None,
            );
        },
    )?;
    Ok(())
}
