//! The `KeyboardEvent` interface (UI Events §3.6), with the legacy `charCode` and `keyCode`.

use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};

use crate::engine::webidl::to_long;
use crate::web::dom::event::{constructor_prelude, new_event_cell, read_event_init};
use crate::web::dom::interface::{InterfaceSpec, arg, bool_member, define_interface, member};
use crate::web::uievents::ui_event::{
    UiEventData, UiKind, getter, modifier_state, new_ui_event, read_modifiers, read_ui_event_init,
    string_member, with_ui,
};

pub const DOM_KEY_LOCATION_STANDARD: u16 = 0x00;
pub const DOM_KEY_LOCATION_LEFT: u16 = 0x01;
pub const DOM_KEY_LOCATION_RIGHT: u16 = 0x02;
pub const DOM_KEY_LOCATION_NUMPAD: u16 = 0x03;

fn unsigned_long_member(
    dict: Option<&JsObject>,
    name: &str,
    context: &mut Context,
) -> JsResult<u32> {
    let value = member(dict, JsString::from(name), context)?;
    if value.is_undefined() {
        Ok(0)
    } else {
        Ok(to_long(&value, context)?.cast_unsigned())
    }
}

/// `new KeyboardEvent(type, eventInitDict)`: members in lexicographic order per dictionary
/// (EventInit, UIEventInit, EventModifierInit, then KeyboardEventInit's charCode, code,
/// isComposing, key, keyCode, location, repeat).
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (proto, kind, dict) = constructor_prelude(
        new_target,
        args,
        ("KeyboardEvent", 1),
        "KeyboardEventInit",
        context,
    )?;
    let dict = dict.as_ref();
    let init = read_event_init(dict, context)?;
    let mut data = UiEventData::new(new_event_cell(kind, init, context), UiKind::Keyboard);
    read_ui_event_init(&mut data, dict, "KeyboardEvent", context)?;
    data.modifiers = read_modifiers(dict, context)?;
    data.key.char_code = unsigned_long_member(dict, "charCode", context)?;
    data.key.code = string_member(dict, "code", "", context)?;
    data.key.is_composing = bool_member(dict, js_string!("isComposing"), false, context)?;
    data.key.key = string_member(dict, "key", "", context)?;
    data.key.key_code = unsigned_long_member(dict, "keyCode", context)?;
    data.key.location = unsigned_long_member(dict, "location", context)?;
    data.key.repeat = bool_member(dict, js_string!("repeat"), false, context)?;
    Ok(new_ui_event(proto, data, context)?.into())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "KeyboardEvent",
            parent: Some("UIEvent"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.constant("DOM_KEY_LOCATION_STANDARD", DOM_KEY_LOCATION_STANDARD)
                .constant("DOM_KEY_LOCATION_LEFT", DOM_KEY_LOCATION_LEFT)
                .constant("DOM_KEY_LOCATION_RIGHT", DOM_KEY_LOCATION_RIGHT)
                .constant("DOM_KEY_LOCATION_NUMPAD", DOM_KEY_LOCATION_NUMPAD)
                .attribute(
                    "key",
                    getter(UiKind::Keyboard, |d| {
                        JsString::from(d.key.key.as_str()).into()
                    }),
                    None,
                )
                .attribute(
                    "code",
                    getter(UiKind::Keyboard, |d| {
                        JsString::from(d.key.code.as_str()).into()
                    }),
                    None,
                )
                .attribute(
                    "location",
                    getter(UiKind::Keyboard, |d| d.key.location.into()),
                    None,
                )
                .attribute(
                    "ctrlKey",
                    getter(UiKind::Keyboard, |d| d.modifiers.ctrl.into()),
                    None,
                )
                .attribute(
                    "shiftKey",
                    getter(UiKind::Keyboard, |d| d.modifiers.shift.into()),
                    None,
                )
                .attribute(
                    "altKey",
                    getter(UiKind::Keyboard, |d| d.modifiers.alt.into()),
                    None,
                )
                .attribute(
                    "metaKey",
                    getter(UiKind::Keyboard, |d| d.modifiers.meta.into()),
                    None,
                )
                .attribute(
                    "repeat",
                    getter(UiKind::Keyboard, |d| d.key.repeat.into()),
                    None,
                )
                .attribute(
                    "isComposing",
                    getter(UiKind::Keyboard, |d| d.key.is_composing.into()),
                    None,
                )
                .attribute(
                    "charCode",
                    getter(UiKind::Keyboard, |d| d.key.char_code.into()),
                    None,
                )
                .attribute(
                    "keyCode",
                    getter(UiKind::Keyboard, |d| d.key.key_code.into()),
                    None,
                )
                .operation(
                    "getModifierState",
                    1,
                    NativeFunction::from_fn_ptr(|this, args, context| {
                        let key = arg(args, 0).to_string(context)?.to_std_string_escaped();
                        with_ui(this, UiKind::Keyboard, context, |d| {
                            modifier_state(d.modifiers, &key).into()
                        })
                    }),
                );
        },
    )?;
    Ok(())
}
