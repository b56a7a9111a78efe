//! The `ErrorEvent` interface (HTML §8.1.4.7, "Runtime script errors").

use boa_engine::js_string;
use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::engine::webidl::to_long;
use crate::web::dom::event::{
    EventCell, EventInit, IsEvent, constructor_prelude, new_event_cell, new_event_object,
    read_event_init, register_event_brand,
};
use crate::web::dom::interface::{
    InterfaceSpec, define_interface, illegal_invocation, member, prototype_of, this_object,
};

/// The attributes an ErrorEvent adds to Event.
#[derive(Trace, Finalize, Clone, Debug)]
pub struct ErrorFields {
    pub message: JsString,
    pub filename: JsString,
    pub lineno: u32,
    pub colno: u32,
    pub error: JsValue,
}

/// The native data of `ErrorEvent` objects.
#[derive(Trace, Finalize, JsData)]
pub struct ErrorEventData {
    pub event: EventCell,
    pub fields: ErrorFields,
}

impl IsEvent for ErrorEventData {
    fn event_cell(&self) -> EventCell {
        self.event.clone()
    }
}

/// The ErrorEvent attributes of `object`, if it is an ErrorEvent.
#[must_use]
pub fn fields(object: &JsObject) -> Option<ErrorFields> {
    object
        .downcast_ref::<ErrorEventData>()
        .map(|d| d.fields.clone())
}

/// Create a trusted ErrorEvent (for "report an exception").
pub fn create_error_event(
    kind: &str,
    init: EventInit,
    fields: ErrorFields,
    context: &mut Context,
) -> JsResult<JsObject> {
    let event = new_event_cell(JsString::from(kind), init, context);
    event.borrow_mut().is_trusted = true;
    let proto = prototype_of(context, "ErrorEvent")?;
    new_event_object(proto, ErrorEventData { event, fields }, context)
}

/// WebIDL `unsigned long` (ConvertToInt, modulo 2^32).
fn to_unsigned_long(value: &JsValue, context: &mut Context) -> JsResult<u32> {
    Ok(to_long(value, context)?.cast_unsigned())
}

/// `new ErrorEvent(type, eventInitDict)`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (proto, kind, dict) = constructor_prelude(
        new_target,
        args,
        ("ErrorEvent", 1),
        "ErrorEventInit",
        context,
    )?;
    let dict = dict.as_ref();
    let init = read_event_init(dict, context)?;
    // ErrorEventInit members, in lexicographic order: colno, error, filename, lineno, message.
    let colno = to_unsigned_long(&member(dict, js_string!("colno"), context)?, context)?;
    let error = member(dict, js_string!("error"), context)?;
    let error = if error.is_undefined() {
        JsValue::null()
    } else {
        error
    };
    let filename = match member(dict, js_string!("filename"), context)? {
        v if v.is_undefined() => JsString::from(""),
        v => v.to_string(context)?,
    };
    let lineno = to_unsigned_long(&member(dict, js_string!("lineno"), context)?, context)?;
    let message = match member(dict, js_string!("message"), context)? {
        v if v.is_undefined() => JsString::from(""),
        v => v.to_string(context)?,
    };
    let event = new_event_cell(kind, init, context);
    let data = ErrorEventData {
        event,
        fields: ErrorFields {
            message,
            filename,
            lineno,
            colno,
            error,
        },
    };
    Ok(new_event_object(proto, data, context)?.into())
}

fn getter(f: fn(&ErrorFields) -> JsValue) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        fields(&this_object(this, context)?)
            .map(|fields| f(&fields))
            .ok_or_else(illegal_invocation)
    })
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_event_brand::<ErrorEventData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "ErrorEvent",
            parent: Some("Event"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute("message", getter(|f| f.message.clone().into()), None)
                .attribute("filename", getter(|f| f.filename.clone().into()), None)
                .attribute("lineno", getter(|f| f.lineno.into()), None)
                .attribute("colno", getter(|f| f.colno.into()), None)
                .attribute("error", getter(|f| f.error.clone()), None);
        },
    )?;
    Ok(())
}
