//! Built-in function objects made by the host (ECMA-262 §10.3.4 CreateBuiltinFunction) and the
//! properties that hold them (ECMA-262 §18: "Every other data property described in clauses 19
//! through 28 and in Annex B.2 has the attributes { [[Writable]]: true, [[Enumerable]]: false,
//! [[Configurable]]: true } unless otherwise specified").

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::object::builtins::JsFunction;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsObject, JsResult, JsString, NativeFunction};

/// CreateBuiltinFunction(behaviour, length, name, « ») in the current realm: a function that is
/// not a constructor, with its "length" and "name" properties set (§10.3.4 steps 11-12, through
/// SetFunctionLength and SetFunctionName).
pub fn builtin_function(
    name: &str,
    length: usize,
    behaviour: NativeFunction,
    context: &mut Context,
) -> JsFunction {
    FunctionObjectBuilder::new(context.realm(), behaviour)
        .name(JsString::from(name))
        .length(length)
        .constructor(false)
        .build()
}

/// Define `target[name]` as a built-in method: the function of [`builtin_function`] on a
/// writable, non-enumerable, configurable data property (§18).
pub fn define_builtin_method(
    target: &JsObject,
    name: &str,
    length: usize,
    behaviour: NativeFunction,
    context: &mut Context,
) -> JsResult<()> {
    let function = builtin_function(name, length, behaviour, context);
    target.define_property_or_throw(
        JsString::from(name),
        PropertyDescriptor::builder()
            .value(function)
            .writable(true)
            .enumerable(false)
            .configurable(true),
        context,
    )?;
    Ok(())
}

/// A new object with `prototype` and native `data`, on the realm's shared shapes.
///
/// `JsObject::from_proto_and_data` gives every object a unique shape of its own (a property
/// table allocated per object, and a slower first property lookup); objects made here share
/// the shape tree the engine uses for its own objects, so creating one is an allocation of the
/// object alone. For objects a program makes often: signals, events, exceptions.
pub fn platform_object<T: boa_engine::object::NativeObject>(
    prototype: JsObject,
    data: T,
    context: &mut Context,
) -> JsObject {
    boa_engine::object::ObjectInitializer::with_native_data_and_proto(data, prototype, context)
        .build()
}
