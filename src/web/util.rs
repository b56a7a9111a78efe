//! Small helpers for defining WebIDL members on objects.

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::{Attribute, PropertyDescriptor};
use boa_engine::{Context, JsObject, JsResult, JsString, NativeFunction};

/// Define a regular operation (WebIDL §3.7.6): a non-constructor function with `name` and
/// `length`, on a writable, enumerable, configurable data property.
pub fn define_operation(
    target: &JsObject,
    name: &str,
    length: usize,
    body: NativeFunction,
    context: &mut Context,
) -> JsResult<()> {
    let name = JsString::from(name);
    let function = FunctionObjectBuilder::new(context.realm(), body)
        .name(name.clone())
        .length(length)
        .constructor(false)
        .build();
    target.define_property_or_throw(
        name,
        PropertyDescriptor::builder()
            .value(function)
            .writable(true)
            .enumerable(true)
            .configurable(true),
        context,
    )?;
    Ok(())
}

/// Attribute for data properties that WebIDL defines as writable, enumerable and configurable.
pub const WEBIDL_DATA: Attribute = Attribute::all();
