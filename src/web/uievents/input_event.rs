//! The `InputEvent` interface (UI Events §3.5, Input Events Level 2): the `beforeinput` and
//! `input` events of editing (`web::input::editing`).
//!
//! ```webidl
//! [Exposed=Window]
//! interface InputEvent : UIEvent {
//!   constructor(DOMString type, optional InputEventInit eventInitDict = {});
//!   readonly attribute DOMString? data;
//!   readonly attribute boolean isComposing;
//!   readonly attribute DOMString inputType;
//!   readonly attribute DataTransfer? dataTransfer;
//!   sequence<StaticRange> getTargetRanges();
//! };
//! dictionary InputEventInit : UIEventInit {
//!   DOMString? data = null;
//!   boolean isComposing = false;
//!   DOMString inputType = "";
//!   DataTransfer? dataTransfer = null;
//!   sequence<StaticRange> targetRanges = [];
//! };
//! ```
//!
//! Deviation, deliberate: no `DataTransfer` and no `StaticRange` (no editing host with ranges):
//! `dataTransfer` is null and `getTargetRanges()` an empty array; the init dictionary's
//! `dataTransfer` and `targetRanges` are not read.

use boa_engine::{Context, JsResult, JsString, JsValue, NativeFunction, js_string};

use crate::web::dom::event::{constructor_prelude, new_event_cell, read_event_init};
use crate::web::dom::interface::{InterfaceSpec, bool_member, define_interface, member};
use crate::web::uievents::ui_event::{
    UiEventData, UiKind, getter, new_ui_event, read_ui_event_init, string_member, with_ui,
};

/// `new InputEvent(type, eventInitDict)`: InputEventInit's members in lexicographic order
/// (data, isComposing, inputType).
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (proto, kind, dict) = constructor_prelude(
        new_target,
        args,
        ("InputEvent", 1),
        "InputEventInit",
        context,
    )?;
    let dict = dict.as_ref();
    let init = read_event_init(dict, context)?;
    let mut data = UiEventData::new(new_event_cell(kind, init, context), UiKind::Input);
    read_ui_event_init(&mut data, dict, "InputEvent", context)?;
    let value = member(dict, js_string!("data"), context)?;
    data.input.data = if value.is_null_or_undefined() {
        None
    } else {
        Some(value.to_string(context)?.to_std_string_escaped())
    };
    data.input.is_composing = bool_member(dict, js_string!("isComposing"), false, context)?;
    data.input.input_type = string_member(dict, "inputType", "", context)?;
    Ok(new_ui_event(proto, data, context)?.into())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "InputEvent",
            parent: Some("UIEvent"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute(
                "data",
                getter(UiKind::Input, |d| {
                    d.input
                        .data
                        .as_deref()
                        .map_or_else(JsValue::null, |s| JsString::from(s).into())
                }),
                None,
            )
            .attribute(
                "isComposing",
                getter(UiKind::Input, |d| d.input.is_composing.into()),
                None,
            )
            .attribute(
                "inputType",
                getter(UiKind::Input, |d| {
                    JsString::from(d.input.input_type.as_str()).into()
                }),
                None,
            )
            .attribute(
                "dataTransfer",
                getter(UiKind::Input, |_| JsValue::null()),
                None,
            )
            .operation(
                "getTargetRanges",
                0,
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_ui(this, UiKind::Input, context, |_| ())?;
                    Ok(boa_engine::object::builtins::JsArray::new(context)?.into())
                }),
            );
        },
    )?;
    Ok(())
}
