//! The `TouchList` interface (Touch Events Level 2 §5): an immutable list of touches.
//!
//! ```webidl
//! [Exposed=Window]
//! interface TouchList {
//!   readonly attribute unsigned long length;
//!   getter Touch? item(unsigned long index);
//! };
//! ```
//!
//! The indexed getter makes TouchList a legacy platform object whose supported property indices
//! are 0 to length − 1 (WebIDL §3.9). A list never changes once made, so each index is an own
//! data property set when the list is made ({ writable: false, enumerable: true, configurable:
//! true }, the descriptor WebIDL's [[GetOwnProperty]] reports). Deviation, deliberate: a script
//! can then delete or redefine one (a legacy platform object's [[Delete]] and
//! [[DefineOwnProperty]] refuse); Boa has no exotic objects for a host to give. With an indexed
//! getter and an integer `length`, `@@iterator` is `Array.prototype.values` (WebIDL §3.7.9).

use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsData, JsObject, JsResult, JsSymbol, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::engine::webidl::to_long;
use crate::web::dom::interface::{
    InterfaceSpec, arg, define_interface_with, illegal_invocation, prototype_of, this_object,
};

/// The native data of `TouchList` objects.
#[derive(Trace, Finalize, JsData)]
pub struct TouchListData {
    pub touches: Vec<JsObject>,
}

/// A new TouchList of `touches` in the current realm.
pub fn new_touch_list(touches: Vec<JsObject>, context: &mut Context) -> JsResult<JsObject> {
    let proto = prototype_of(context, "TouchList")?;
    let list = JsObject::from_proto_and_data(
        proto,
        TouchListData {
            touches: touches.clone(),
        },
    );
    for (index, touch) in touches.into_iter().enumerate() {
        list.define_property_or_throw(
            index,
            PropertyDescriptor::builder()
                .value(touch)
                .writable(false)
                .enumerable(true)
                .configurable(true)
                .build(),
            context,
        )?;
    }
    Ok(list)
}

fn with_list<R>(
    this: &JsValue,
    context: &Context,
    f: impl FnOnce(&TouchListData) -> R,
) -> JsResult<R> {
    let object = this_object(this, context)?;
    let data = object
        .downcast_ref::<TouchListData>()
        .ok_or_else(illegal_invocation)?;
    Ok(f(&data))
}

/// `item(index)`: the touch at `index`, or null (an `unsigned long`: ToNumber, then modulo
/// 2^32).
fn item(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    with_list(this, context, |_| ())?;
    if args.is_empty() {
        return Err(crate::engine::webidl::type_error(
            "TouchList",
            "item",
            &crate::web::dom::interface::arguments_required(1, 0),
        ));
    }
    let index = to_long(&arg(args, 0), context)?.cast_unsigned() as usize;
    with_list(this, context, |d| {
        d.touches
            .get(index)
            .cloned()
            .map_or_else(JsValue::null, JsValue::from)
    })
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface_with(
        context,
        InterfaceSpec {
            name: "TouchList",
            parent: None,
            length: 0,
            constructor: None,
        },
        |m| {
            m.attribute(
                "length",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_list(this, context, |d| JsValue::from(d.touches.len()))
                }),
                None,
            )
            .operation("item", 1, NativeFunction::from_fn_ptr(item));
        },
        |interface, context| {
            let values = context.intrinsics().objects().array_prototype_values();
            interface.prototype.define_property_or_throw(
                JsSymbol::iterator(),
                PropertyDescriptor::builder()
                    .value(values)
                    .writable(true)
                    .enumerable(false)
                    .configurable(true)
                    .build(),
                context,
            )?;
            Ok(())
        },
    )?;
    Ok(())
}
