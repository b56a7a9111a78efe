//! The `FocusEvent` interface (UI Events §3.3): a UI event with a `relatedTarget`, the events of
//! focus changes (`focus`, `blur`, `focusin`, `focusout`; `web::html::focus`).
//!
//! ```webidl
//! [Exposed=Window]
//! interface FocusEvent : UIEvent {
//!   constructor(DOMString type, optional FocusEventInit eventInitDict = {});
//!   readonly attribute EventTarget? relatedTarget;
//! };
//! dictionary FocusEventInit : UIEventInit { EventTarget? relatedTarget = null; };
//! ```

use boa_engine::{Context, JsResult, JsValue, NativeFunction};

use crate::web::dom::event::{constructor_prelude, new_event_cell, read_event_init};
use crate::web::dom::event_target::is_event_target;
use crate::web::dom::interface::{InterfaceSpec, define_interface};
use crate::web::uievents::ui_event::{
    UiEventData, UiKind, getter, new_ui_event, object_member, read_ui_event_init,
};

/// `new FocusEvent(type, eventInitDict)`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (proto, kind, dict) = constructor_prelude(
        new_target,
        args,
        ("FocusEvent", 1),
        "FocusEventInit",
        context,
    )?;
    let init = read_event_init(dict.as_ref(), context)?;
    let mut data = UiEventData::new(new_event_cell(kind, init, context), UiKind::Focus);
    read_ui_event_init(&mut data, dict.as_ref(), "FocusEvent", context)?;
    // FocusEventInit's own member: relatedTarget.
    data.related_target = object_member(
        dict.as_ref(),
        "relatedTarget",
        "FocusEvent",
        "EventTarget",
        |o, c| is_event_target(&o.clone().into(), c),
        context,
    )?;
    Ok(new_ui_event(proto, data, context)?.into())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "FocusEvent",
            parent: Some("UIEvent"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            // The relatedTarget getter: the secondary target (the element losing or gaining
            // focus), or null.
            m.attribute(
                "relatedTarget",
                getter(UiKind::Focus, |d| {
                    d.related_target
                        .clone()
                        .map_or_else(JsValue::null, Into::into)
                }),
                None,
            );
        },
    )?;
    Ok(())
}
