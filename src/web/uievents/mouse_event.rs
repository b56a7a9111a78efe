//! The `MouseEvent` interface (UI Events §3.4, with CSSOM View's `double` coordinates and
//! `x`/`y`/`pageX`/`pageY`/`offsetX`/`offsetY`). No layout and no scrolling: page and offset
//! coordinates are the client coordinates.

use boa_engine::{Context, JsObject, JsResult, JsValue, NativeFunction};

use crate::web::dom::event::{constructor_prelude, new_event_cell, read_event_init};
use crate::web::dom::event_target::is_event_target;
use crate::web::dom::interface::{InterfaceSpec, arg, define_interface};
use crate::web::uievents::ui_event::{
    UiEventData, UiKind, double_member, getter, long_member, modifier_state, new_ui_event,
    object_member, read_modifiers, read_ui_event_init, unsigned_short_member, with_ui,
};

/// `MouseEventInit`'s own members, in lexicographic order: button, buttons, clientX, clientY,
/// movementX, movementY, relatedTarget, screenX, screenY.
pub fn read_mouse_event_init(
    data: &mut UiEventData,
    dict: Option<&JsObject>,
    interface: &str,
    context: &mut Context,
) -> JsResult<()> {
    data.modifiers = read_modifiers(dict, context)?;
    #[allow(clippy::cast_possible_truncation)]
    {
        data.mouse.button = long_member(dict, "button", 0, context)? as i16;
    }
    data.mouse.buttons = unsigned_short_member(dict, "buttons", context)?;
    data.mouse.client_x = double_member(dict, "clientX", 0.0, interface, context)?;
    data.mouse.client_y = double_member(dict, "clientY", 0.0, interface, context)?;
    data.mouse.movement_x = double_member(dict, "movementX", 0.0, interface, context)?;
    data.mouse.movement_y = double_member(dict, "movementY", 0.0, interface, context)?;
    data.related_target = object_member(
        dict,
        "relatedTarget",
        interface,
        "EventTarget",
        |o, c| is_event_target(&o.clone().into(), c),
        context,
    )?;
    data.mouse.screen_x = double_member(dict, "screenX", 0.0, interface, context)?;
    data.mouse.screen_y = double_member(dict, "screenY", 0.0, interface, context)?;
    Ok(())
}

/// `new MouseEvent(type, eventInitDict)`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (proto, kind, dict) = constructor_prelude(
        new_target,
        args,
        ("MouseEvent", 1),
        "MouseEventInit",
        context,
    )?;
    let init = read_event_init(dict.as_ref(), context)?;
    let mut data = UiEventData::new(new_event_cell(kind, init, context), UiKind::Mouse);
    read_ui_event_init(&mut data, dict.as_ref(), "MouseEvent", context)?;
    read_mouse_event_init(&mut data, dict.as_ref(), "MouseEvent", context)?;
    Ok(new_ui_event(proto, data, context)?.into())
}

/// The members every `MouseEvent` (and `PointerEvent`) has.
fn coordinate(read: fn(&UiEventData) -> f64) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        with_ui(this, UiKind::Mouse, context, |d| read(d).into())
    })
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "MouseEvent",
            parent: Some("UIEvent"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute("screenX", coordinate(|d| d.mouse.screen_x), None)
                .attribute("screenY", coordinate(|d| d.mouse.screen_y), None)
                .attribute("clientX", coordinate(|d| d.mouse.client_x), None)
                .attribute("clientY", coordinate(|d| d.mouse.client_y), None)
                .attribute("x", coordinate(|d| d.mouse.client_x), None)
                .attribute("y", coordinate(|d| d.mouse.client_y), None)
                .attribute("pageX", coordinate(|d| d.mouse.client_x), None)
                .attribute("pageY", coordinate(|d| d.mouse.client_y), None)
                .attribute("offsetX", coordinate(|d| d.mouse.client_x), None)
                .attribute("offsetY", coordinate(|d| d.mouse.client_y), None)
                .attribute("movementX", coordinate(|d| d.mouse.movement_x), None)
                .attribute("movementY", coordinate(|d| d.mouse.movement_y), None)
                .attribute(
                    "ctrlKey",
                    getter(UiKind::Mouse, |d| d.modifiers.ctrl.into()),
                    None,
                )
                .attribute(
                    "shiftKey",
                    getter(UiKind::Mouse, |d| d.modifiers.shift.into()),
                    None,
                )
                .attribute(
                    "altKey",
                    getter(UiKind::Mouse, |d| d.modifiers.alt.into()),
                    None,
                )
                .attribute(
                    "metaKey",
                    getter(UiKind::Mouse, |d| d.modifiers.meta.into()),
                    None,
                )
                .attribute(
                    "button",
                    getter(UiKind::Mouse, |d| d.mouse.button.into()),
                    None,
                )
                .attribute(
                    "buttons",
                    getter(UiKind::Mouse, |d| d.mouse.buttons.into()),
                    None,
                )
                .attribute(
                    "relatedTarget",
                    getter(UiKind::Mouse, |d| {
                        d.related_target
                            .clone()
                            .map_or_else(JsValue::null, Into::into)
                    }),
                    None,
                )
                .operation(
                    "getModifierState",
                    1,
                    NativeFunction::from_fn_ptr(|this, args, context| {
                        let key = arg(args, 0).to_string(context)?.to_std_string_escaped();
                        with_ui(this, UiKind::Mouse, context, |d| {
                            modifier_state(d.modifiers, &key).into()
                        })
                    }),
                );
        },
    )?;
    Ok(())
}
