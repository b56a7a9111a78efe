//! The `TouchEvent` interface (Touch Events Level 2 §6): `touchstart`, `touchend` (and, from
//! script, any other type).
//!
//! ```webidl
//! dictionary TouchEventInit : EventModifierInit {
//!   sequence<Touch> touches = [];
//!   sequence<Touch> targetTouches = [];
//!   sequence<Touch> changedTouches = [];
//! };
//! [Exposed=Window]
//! interface TouchEvent : UIEvent {
//!   constructor(DOMString type, optional TouchEventInit eventInitDict = {});
//!   readonly attribute TouchList touches;
//!   readonly attribute TouchList targetTouches;
//!   readonly attribute TouchList changedTouches;
//!   readonly attribute boolean altKey;
//!   readonly attribute boolean metaKey;
//!   readonly attribute boolean ctrlKey;
//!   readonly attribute boolean shiftKey;
//!   getter boolean getModifierState(DOMString keyArg);
//! };
//! ```
//!
//! Each event's lists are made with it and are the same objects every time they are read.

use boa_engine::{Context, JsObject, JsResult, JsValue, NativeFunction};

use super::touch::is_touch;
use super::touch_list::new_touch_list;
use crate::web::dom::event::{constructor_prelude, new_event_cell, read_event_init};
use crate::web::dom::interface::{
    InterfaceSpec, arg, construct_error, define_interface, interface_sequence_member,
};
use crate::web::uievents::ui_event::{
    TouchLists, UiEventData, UiKind, getter, modifier_state, new_ui_event, read_modifiers,
    read_ui_event_init, with_ui,
};

/// A `sequence<Touch>` member (empty when absent): each element must be a Touch.
fn touches_member(
    dict: Option<&JsObject>,
    name: &str,
    context: &mut Context,
) -> JsResult<Vec<JsObject>> {
    interface_sequence_member(
        dict,
        name,
        context,
        |m| {
            construct_error(
                "TouchEvent",
                &format!("Failed to read the '{name}' property from 'TouchEventInit': {m}"),
            )
        },
        is_touch,
        "Failed to convert value to 'Touch'.",
    )
}

/// Make the three lists of a touch event.
pub fn touch_lists(
    touches: Vec<JsObject>,
    target_touches: Vec<JsObject>,
    changed_touches: Vec<JsObject>,
    context: &mut Context,
) -> JsResult<TouchLists> {
    Ok(TouchLists {
        touches: new_touch_list(touches, context)?,
        target_touches: new_touch_list(target_touches, context)?,
        changed_touches: new_touch_list(changed_touches, context)?,
    })
}

/// `new TouchEvent(type, eventInitDict)`: members in lexicographic order per dictionary
/// (EventInit, UIEventInit, EventModifierInit, then TouchEventInit's changedTouches,
/// targetTouches, touches).
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (proto, kind, dict) = constructor_prelude(
        new_target,
        args,
        ("TouchEvent", 1),
        "TouchEventInit",
        context,
    )?;
    let dict = dict.as_ref();
    let init = read_event_init(dict, context)?;
    let mut data = UiEventData::new(new_event_cell(kind, init, context), UiKind::Touch);
    read_ui_event_init(&mut data, dict, "TouchEvent", context)?;
    data.modifiers = read_modifiers(dict, context)?;
    let changed = touches_member(dict, "changedTouches", context)?;
    let targets = touches_member(dict, "targetTouches", context)?;
    let touches = touches_member(dict, "touches", context)?;
    data.touch_lists = Some(touch_lists(touches, targets, changed, context)?);
    Ok(new_ui_event(proto, data, context)?.into())
}

/// A list of the event (every TouchEvent has its lists; none is `null`).
fn list(d: &UiEventData, pick: fn(&TouchLists) -> &JsObject) -> JsValue {
    d.touch_lists
        .as_ref()
        .map_or_else(JsValue::null, |l| pick(l).clone().into())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "TouchEvent",
            parent: Some("UIEvent"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute(
                "touches",
                getter(UiKind::Touch, |d| list(d, |l| &l.touches)),
                None,
            )
            .attribute(
                "targetTouches",
                getter(UiKind::Touch, |d| list(d, |l| &l.target_touches)),
                None,
            )
            .attribute(
                "changedTouches",
                getter(UiKind::Touch, |d| list(d, |l| &l.changed_touches)),
                None,
            )
            .attribute(
                "altKey",
                getter(UiKind::Touch, |d| d.modifiers.alt.into()),
                None,
            )
            .attribute(
                "metaKey",
                getter(UiKind::Touch, |d| d.modifiers.meta.into()),
                None,
            )
            .attribute(
                "ctrlKey",
                getter(UiKind::Touch, |d| d.modifiers.ctrl.into()),
                None,
            )
            .attribute(
                "shiftKey",
                getter(UiKind::Touch, |d| d.modifiers.shift.into()),
                None,
            )
            .operation(
                "getModifierState",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    with_ui(this, UiKind::Touch, context, |_| ())?;
                    if args.is_empty() {
                        return Err(crate::engine::webidl::type_error(
                            "TouchEvent",
                            "getModifierState",
                            &crate::web::dom::interface::arguments_required(1, 0),
                        ));
                    }
                    let key = arg(args, 0).to_string(context)?.to_std_string_escaped();
                    with_ui(this, UiKind::Touch, context, |d| {
                        modifier_state(d.modifiers, &key).into()
                    })
                }),
            );
        },
    )?;
    Ok(())
}
