//! The `Touch` interface (Touch Events Level 2 §4): one point of contact.
//!
//! ```webidl
//! enum TouchType { "direct", "stylus" };
//! dictionary TouchInit {
//!   required long identifier;
//!   required EventTarget target;
//!   double clientX = 0; double clientY = 0; double screenX = 0; double screenY = 0;
//!   double pageX = 0; double pageY = 0;
//!   float radiusX = 0; float radiusY = 0; float rotationAngle = 0; float force = 0;
//!   double altitudeAngle = 0; double azimuthAngle = 0;
//!   TouchType touchType = "direct";
//! };
//! [Exposed=Window]
//! interface Touch {
//!   constructor(TouchInit touchInitDict);
//!   readonly attribute long identifier;
//!   readonly attribute EventTarget target;
//!   readonly attribute double screenX; readonly attribute double screenY;
//!   readonly attribute double clientX; readonly attribute double clientY;
//!   readonly attribute double pageX; readonly attribute double pageY;
//!   readonly attribute float radiusX; readonly attribute float radiusY;
//!   readonly attribute float rotationAngle; readonly attribute float force;
//!   readonly attribute float altitudeAngle; readonly attribute float azimuthAngle;
//!   readonly attribute TouchType touchType;
//! };
//! ```
//!
//! The spec gives the constructor no steps beyond setting each attribute from its member; a
//! `float` attribute returns its member rounded to single precision.

use boa_engine::{
    Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string,
};
use boa_gc::{Finalize, Trace};

use crate::engine::webidl::to_long;
use crate::web::dom::interface::{
    InterfaceSpec, construct_error, define_interface, dictionary, illegal_invocation, member,
    prototype_from_new_target, prototype_of, this_object,
};
use crate::web::uievents::ui_event::double_member;

/// `TouchType`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TouchType {
    #[default]
    Direct,
    Stylus,
}

impl TouchType {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Direct => "direct",
            Self::Stylus => "stylus",
        }
    }
}

/// A touch point's fields (the `float` ones already rounded to single precision).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TouchFields {
    pub identifier: i32,
    pub client_x: f64,
    pub client_y: f64,
    pub screen_x: f64,
    pub screen_y: f64,
    pub page_x: f64,
    pub page_y: f64,
    pub radius_x: f64,
    pub radius_y: f64,
    pub rotation_angle: f64,
    pub force: f64,
    pub altitude_angle: f64,
    pub azimuth_angle: f64,
    pub touch_type: TouchType,
}

/// The native data of `Touch` objects.
#[derive(Trace, Finalize, JsData)]
pub struct TouchData {
    pub target: JsObject,
    #[unsafe_ignore_trace]
    pub fields: TouchFields,
}

/// A new Touch object in the current realm (the user agent's, for a touchscreen's contact).
pub fn new_touch(
    target: JsObject,
    fields: TouchFields,
    context: &mut Context,
) -> JsResult<JsObject> {
    let proto = prototype_of(context, "Touch")?;
    Ok(JsObject::from_proto_and_data(
        proto,
        TouchData { target, fields },
    ))
}

/// Whether `object` is a Touch.
#[must_use]
pub fn is_touch(object: &JsObject) -> bool {
    object.downcast_ref::<TouchData>().is_some()
}

/// WebIDL `float` (§3.2.6): a finite double rounded to single precision; a non-finite value, or
/// one whose rounding is infinite, is a TypeError.
fn float_member(dict: Option<&JsObject>, name: &str, context: &mut Context) -> JsResult<f64> {
    let x = double_member(dict, name, 0.0, "Touch", context)?;
    #[allow(clippy::cast_possible_truncation)]
    let rounded = x as f32;
    if rounded.is_finite() {
        Ok(f64::from(rounded))
    } else {
        Err(construct_error(
            "Touch",
            &format!("The provided float value of member '{name}' is outside the float range."),
        ))
    }
}

/// `new Touch(touchInitDict)`: TouchInit's members in lexicographic order.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let proto = prototype_from_new_target(new_target, "Touch", context)?;
    if args.is_empty() {
        return Err(construct_error(
            "Touch",
            &crate::web::dom::interface::arguments_required(1, 0),
        ));
    }
    let fail = |m: &str| construct_error("Touch", m);
    let dict = dictionary(args.first(), fail, "TouchInit")?;
    let dict = dict.as_ref();
    let altitude_angle = double_member(dict, "altitudeAngle", 0.0, "Touch", context)?;
    let azimuth_angle = double_member(dict, "azimuthAngle", 0.0, "Touch", context)?;
    let client_x = double_member(dict, "clientX", 0.0, "Touch", context)?;
    let client_y = double_member(dict, "clientY", 0.0, "Touch", context)?;
    let force = float_member(dict, "force", context)?;
    let identifier = member(dict, js_string!("identifier"), context)?;
    if identifier.is_undefined() {
        return Err(construct_error(
            "Touch",
            "Failed to read the 'identifier' property from 'TouchInit': Required member is \
             undefined.",
        ));
    }
    let identifier = to_long(&identifier, context)?;
    let page_x = double_member(dict, "pageX", 0.0, "Touch", context)?;
    let page_y = double_member(dict, "pageY", 0.0, "Touch", context)?;
    let radius_x = float_member(dict, "radiusX", context)?;
    let radius_y = float_member(dict, "radiusY", context)?;
    let rotation_angle = float_member(dict, "rotationAngle", context)?;
    let screen_x = double_member(dict, "screenX", 0.0, "Touch", context)?;
    let screen_y = double_member(dict, "screenY", 0.0, "Touch", context)?;
    let target = member(dict, js_string!("target"), context)?;
    if target.is_undefined() {
        return Err(construct_error(
            "Touch",
            "Failed to read the 'target' property from 'TouchInit': Required member is \
             undefined.",
        ));
    }
    let target = target
        .as_object()
        .filter(|_| crate::web::dom::event_target::is_event_target(&target, context))
        .ok_or_else(|| {
            construct_error(
                "Touch",
                "Failed to read the 'target' property from 'TouchInit': Failed to convert value \
                 to 'EventTarget'.",
            )
        })?;
    let touch_type = member(dict, js_string!("touchType"), context)?;
    let touch_type = if touch_type.is_undefined() {
        TouchType::Direct
    } else {
        match touch_type
            .to_string(context)?
            .to_std_string_escaped()
            .as_str()
        {
            "direct" => TouchType::Direct,
            "stylus" => TouchType::Stylus,
            other => {
                return Err(construct_error(
                    "Touch",
                    &format!(
                        "Failed to read the 'touchType' property from 'TouchInit': The provided \
                         value '{other}' is not a valid enum value of type TouchType."
                    ),
                ));
            }
        }
    };
    let fields = TouchFields {
        identifier,
        client_x,
        client_y,
        screen_x,
        screen_y,
        page_x,
        page_y,
        radius_x,
        radius_y,
        rotation_angle,
        force,
        altitude_angle,
        azimuth_angle,
        touch_type,
    };
    Ok(JsObject::from_proto_and_data(proto, TouchData { target, fields }).into())
}

/// A getter reading the data of `this`, which must be a Touch.
fn getter(read: fn(&TouchData) -> JsValue) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        let object = this_object(this, context)?;
        let data = object
            .downcast_ref::<TouchData>()
            .ok_or_else(illegal_invocation)?;
        Ok(read(&data))
    })
}

/// A `float` attribute's value: the member rounded to single precision.
fn float(x: f64) -> JsValue {
    #[allow(clippy::cast_possible_truncation)]
    JsValue::from(f64::from(x as f32))
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "Touch",
            parent: None,
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute("identifier", getter(|d| d.fields.identifier.into()), None)
                .attribute("target", getter(|d| d.target.clone().into()), None)
                .attribute("screenX", getter(|d| d.fields.screen_x.into()), None)
                .attribute("screenY", getter(|d| d.fields.screen_y.into()), None)
                .attribute("clientX", getter(|d| d.fields.client_x.into()), None)
                .attribute("clientY", getter(|d| d.fields.client_y.into()), None)
                .attribute("pageX", getter(|d| d.fields.page_x.into()), None)
                .attribute("pageY", getter(|d| d.fields.page_y.into()), None)
                .attribute("radiusX", getter(|d| float(d.fields.radius_x)), None)
                .attribute("radiusY", getter(|d| float(d.fields.radius_y)), None)
                .attribute(
                    "rotationAngle",
                    getter(|d| float(d.fields.rotation_angle)),
                    None,
                )
                .attribute("force", getter(|d| float(d.fields.force)), None)
                .attribute(
                    "altitudeAngle",
                    getter(|d| float(d.fields.altitude_angle)),
                    None,
                )
                .attribute(
                    "azimuthAngle",
                    getter(|d| float(d.fields.azimuth_angle)),
                    None,
                )
                .attribute(
                    "touchType",
                    getter(|d| JsString::from(d.fields.touch_type.as_str()).into()),
                    None,
                );
        },
    )?;
    Ok(())
}
