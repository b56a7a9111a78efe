//! The global object's own attributes (HTML `Window`/`WindowOrWorkerGlobalScope`): `self`, and the
//! WebIDL `[Replaceable]` attribute shape that `performance` and `scheduler` share.

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

/// Define a `[Replaceable] readonly attribute` on the global object (WebIDL §3.7.6 and
/// [Replaceable] §3.3.21): an enumerable, configurable accessor whose getter runs `getter` and
/// whose setter replaces the property by a data property holding the assigned value.
pub fn define_replaceable(
    context: &mut Context,
    name: &str,
    getter: NativeFunction,
) -> JsResult<()> {
    let global = context.global_object();
    let key = JsString::from(name);
    let get = FunctionObjectBuilder::new(context.realm(), getter)
        .name(JsString::from(format!("get {name}").as_str()))
        .length(0)
        .constructor(false)
        .build();
    // The [Replaceable] setter: 1. Let O be the this value … 3. Perform
    // ? CreateDataPropertyOrThrow(O, id, V).
    let setter = NativeFunction::from_copy_closure_with_captures(
        |this, args, key: &JsString, context| {
            let target = match this.as_object() {
                Some(object) => object.clone(),
                None => context.global_object(),
            };
            let value = args.first().cloned().unwrap_or_default();
            target.create_data_property_or_throw(key.clone(), value, context)?;
            Ok(JsValue::undefined())
        },
        key.clone(),
    );
    let set = FunctionObjectBuilder::new(context.realm(), setter)
        .name(JsString::from(format!("set {name}").as_str()))
        .length(1)
        .constructor(false)
        .build();
    global.define_property_or_throw(
        key,
        PropertyDescriptor::builder()
            .get(get)
            .set(set)
            .enumerable(true)
            .configurable(true),
        context,
    )?;
    Ok(())
}

/// The global object (the `this` of timer callbacks and the value of `self`).
#[must_use]
pub fn global(context: &Context) -> JsObject {
    context.global_object()
}

pub fn register(context: &mut Context) -> JsResult<()> {
    // `[Replaceable] readonly attribute WindowProxy self`: returns the global (there is no
    // separate WindowProxy in taskhost).
    define_replaceable(
        context,
        "self",
        NativeFunction::from_fn_ptr(|_, _, context| Ok(context.global_object().into())),
    )
}
