//! The `PointerEvent` interface (Pointer Events §4.1). A trusted `pointermove` that the user
//! agent coalesced (`web::input`) lists what it stands for in `getCoalescedEvents()`.

use boa_engine::object::builtins::JsArray;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};

use crate::web::dom::event::{constructor_prelude, new_event_cell, read_event_init};
use crate::web::dom::interface::{
    InterfaceSpec, bool_member, define_interface, interface_sequence_member, member,
};
use crate::web::uievents::mouse_event::read_mouse_event_init;
use crate::web::uievents::ui_event::{
    UiEventData, UiKind, double_member, getter, long_member, new_ui_event, read_ui_event_init,
    string_member, with_ui,
};

/// A `float` member: a double rounded to single precision.
fn float_member(
    dict: Option<&JsObject>,
    name: &str,
    default: f64,
    context: &mut Context,
) -> JsResult<f64> {
    #[allow(clippy::cast_possible_truncation)]
    let value = double_member(dict, name, default, "PointerEvent", context)? as f32;
    Ok(f64::from(value))
}

/// A `sequence<PointerEvent>` member: each element must be a PointerEvent.
fn pointer_events_member(
    dict: Option<&JsObject>,
    name: &str,
    context: &mut Context,
) -> JsResult<Vec<JsObject>> {
    interface_sequence_member(
        dict,
        name,
        context,
        |m| crate::web::dom::interface::construct_error("PointerEvent", m),
        |o| {
            o.downcast_ref::<UiEventData>()
                .is_some_and(|d| d.kind == UiKind::Pointer)
        },
        &format!("member {name} is not of type 'PointerEvent'."),
    )
}

/// `new PointerEvent(type, eventInitDict)`: PointerEventInit's own members in lexicographic
/// order after MouseEventInit's.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (proto, kind, dict) = constructor_prelude(
        new_target,
        args,
        ("PointerEvent", 1),
        "PointerEventInit",
        context,
    )?;
    let dict = dict.as_ref();
    let init = read_event_init(dict, context)?;
    let mut data = UiEventData::new(new_event_cell(kind, init, context), UiKind::Pointer);
    read_ui_event_init(&mut data, dict, "PointerEvent", context)?;
    read_mouse_event_init(&mut data, dict, "PointerEvent", context)?;
    let p = &mut data.pointer;
    let altitude = member(dict, js_string!("altitudeAngle"), context)?;
    if !altitude.is_undefined() {
        p.altitude_angle = double_member(dict, "altitudeAngle", 0.0, "PointerEvent", context)?;
    }
    p.azimuth_angle = double_member(dict, "azimuthAngle", 0.0, "PointerEvent", context)?;
    let coalesced = pointer_events_member(dict, "coalescedEvents", context)?;
    let p = &mut data.pointer;
    p.height = double_member(dict, "height", 1.0, "PointerEvent", context)?;
    p.is_primary = bool_member(dict, js_string!("isPrimary"), false, context)?;
    p.persistent_device_id = long_member(dict, "persistentDeviceId", 0, context)?;
    p.pointer_id = long_member(dict, "pointerId", 0, context)?;
    p.pointer_type = string_member(dict, "pointerType", "", context)?;
    // predictedEvents: read and checked; taskhost predicts nothing.
    pointer_events_member(dict, "predictedEvents", context)?;
    let p = &mut data.pointer;
    p.pressure = float_member(dict, "pressure", 0.0, context)?;
    p.tangential_pressure = float_member(dict, "tangentialPressure", 0.0, context)?;
    p.tilt_x = long_member(dict, "tiltX", 0, context)?;
    p.tilt_y = long_member(dict, "tiltY", 0, context)?;
    p.twist = long_member(dict, "twist", 0, context)?;
    p.width = double_member(dict, "width", 1.0, "PointerEvent", context)?;
    data.coalesced = coalesced;
    Ok(new_ui_event(proto, data, context)?.into())
}

fn number(read: fn(&UiEventData) -> f64) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        with_ui(this, UiKind::Pointer, context, |d| read(d).into())
    })
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "PointerEvent",
            parent: Some("MouseEvent"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute(
                "pointerId",
                getter(UiKind::Pointer, |d| d.pointer.pointer_id.into()),
                None,
            )
            .attribute("width", number(|d| d.pointer.width), None)
            .attribute("height", number(|d| d.pointer.height), None)
            .attribute("pressure", number(|d| d.pointer.pressure), None)
            .attribute(
                "tangentialPressure",
                number(|d| d.pointer.tangential_pressure),
                None,
            )
            .attribute(
                "tiltX",
                getter(UiKind::Pointer, |d| d.pointer.tilt_x.into()),
                None,
            )
            .attribute(
                "tiltY",
                getter(UiKind::Pointer, |d| d.pointer.tilt_y.into()),
                None,
            )
            .attribute(
                "twist",
                getter(UiKind::Pointer, |d| d.pointer.twist.into()),
                None,
            )
            .attribute("altitudeAngle", number(|d| d.pointer.altitude_angle), None)
            .attribute("azimuthAngle", number(|d| d.pointer.azimuth_angle), None)
            .attribute(
                "pointerType",
                getter(UiKind::Pointer, |d| {
                    JsString::from(d.pointer.pointer_type.as_str()).into()
                }),
                None,
            )
            .attribute(
                "isPrimary",
                getter(UiKind::Pointer, |d| d.pointer.is_primary.into()),
                None,
            )
            .attribute(
                "persistentDeviceId",
                getter(UiKind::Pointer, |d| d.pointer.persistent_device_id.into()),
                None,
            )
            .operation(
                "getCoalescedEvents",
                0,
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let events = with_ui(this, UiKind::Pointer, context, |d| d.coalesced.clone())?;
                    Ok(JsArray::from_iter(events.into_iter().map(JsValue::from), context).into())
                }),
            )
            .operation(
                "getPredictedEvents",
                0,
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_ui(this, UiKind::Pointer, context, |_| ())?;
                    Ok(JsArray::new(context)?.into())
                }),
            );
        },
    )?;
    Ok(())
}
