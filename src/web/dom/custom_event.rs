//! The `CustomEvent` interface (DOM §2.4).

use boa_engine::js_string;
use boa_engine::{Context, JsData, JsResult, JsValue, NativeFunction};
use boa_gc::{Finalize, GcRefCell, Trace};

use crate::engine::webidl::type_error;
use crate::web::dom::event::{
    EventCell, IsEvent, constructor_prelude, new_event_cell, new_event_object, read_event_init,
    register_event_brand,
};
use crate::web::dom::interface::{
    InterfaceSpec, arg, arguments_required, define_interface, illegal_invocation, member,
    this_object,
};

/// The native data of `CustomEvent` objects.
#[derive(Trace, Finalize, JsData)]
pub struct CustomEventData {
    pub event: EventCell,
    pub detail: GcRefCell<JsValue>,
}

impl IsEvent for CustomEventData {
    fn event_cell(&self) -> EventCell {
        self.event.clone()
    }
}

/// `new CustomEvent(type, eventInitDict)`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (proto, kind, dict) = constructor_prelude(
        new_target,
        args,
        ("CustomEvent", 1),
        "CustomEventInit",
        context,
    )?;
    // CustomEventInit : EventInit { any detail = null; }: inherited members first.
    let init = read_event_init(dict.as_ref(), context)?;
    let detail = member(dict.as_ref(), js_string!("detail"), context)?;
    let detail = if detail.is_undefined() {
        JsValue::null()
    } else {
        detail
    };
    let event = new_event_cell(kind, init, context);
    let data = CustomEventData {
        event,
        detail: GcRefCell::new(detail),
    };
    Ok(new_event_object(proto, data, context)?.into())
}

/// `initCustomEvent(type, bubbles, cancelable, detail)`.
fn init_custom_event(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_object(this, context)?;
    if object.downcast_ref::<CustomEventData>().is_none() {
        return Err(illegal_invocation());
    }
    if args.is_empty() {
        return Err(type_error(
            "CustomEvent",
            "initCustomEvent",
            &arguments_required(1, 0),
        ));
    }
    let kind = args[0].to_string(context)?;
    let (bubbles, cancelable) = (arg(args, 1).to_boolean(), arg(args, 2).to_boolean());
    let detail = match args.get(3) {
        Some(v) if !v.is_undefined() => v.clone(),
        _ => JsValue::null(),
    };
    let Some(data) = object.downcast_ref::<CustomEventData>() else {
        return Err(illegal_invocation());
    };
    let mut event = data.event.borrow_mut();
    // 1. If this's dispatch flag is set, then return.
    if event.dispatch {
        return Ok(JsValue::undefined());
    }
    // 2. Initialize this with type, bubbles, and cancelable.
    event.initialized = true;
    event.stop_propagation = false;
    event.stop_immediate_propagation = false;
    event.canceled = false;
    event.is_trusted = false;
    event.target = None;
    event.kind = kind;
    event.bubbles = bubbles;
    event.cancelable = cancelable;
    // 3. Set this's detail attribute to detail.
    *data.detail.borrow_mut() = detail;
    Ok(JsValue::undefined())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_event_brand::<CustomEventData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "CustomEvent",
            parent: Some("Event"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute(
                "detail",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let object = this_object(this, context)?;
                    let data = object
                        .downcast_ref::<CustomEventData>()
                        .ok_or_else(illegal_invocation)?;
                    let detail = data.detail.borrow().clone();
                    Ok(detail)
                }),
                None,
            )
            .operation(
                "initCustomEvent",
                1,
                NativeFunction::from_fn_ptr(init_custom_event),
            );
        },
    )?;
    Ok(())
}
