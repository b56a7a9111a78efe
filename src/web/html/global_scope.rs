//! The global object's own attributes (HTML `Window`/`WindowOrWorkerGlobalScope`): `self`,
//! `reportError()`, and the
//! WebIDL `[Replaceable]` attribute shape that `performance`, `scheduler` and `navigator` share.

use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::web::dom::interface::{accessor_pair, illegal_invocation, this_object};
use crate::web::html::window::is_global;

/// The attribute getter/setter steps' first check (WebIDL §3.7.6): "Let jsValue be the this value,
/// if it is not null or undefined, or realm's global object otherwise. If jsValue is not a platform
/// object that implements the interface (`Window`: the global object), throw a TypeError."
pub fn this_is_global(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let object = this_object(this, context)?;
    if !is_global(&object, context) {
        return Err(illegal_invocation());
    }
    Ok(object)
}

/// Define a `[Replaceable] readonly attribute` on the global object (WebIDL §3.7.6 and
/// [Replaceable] §3.3.21): an enumerable, configurable accessor whose getter runs `getter` and
/// whose setter replaces the property by a data property holding the assigned value. Both check
/// their `this` first.
pub fn define_replaceable(
    context: &mut Context,
    name: &str,
    getter: NativeFunction,
) -> JsResult<()> {
    let global = context.global_object();
    define_replaceable_on(&global, context, name, getter)
}

/// [`define_replaceable`] with the accessor on `holder`: the global object for the members of a
/// `[Global]` interface (`Window`), the interface prototype object otherwise
/// (`WorkerGlobalScope.prototype`: HTML does not declare `WorkerGlobalScope` `[Global]`, only
/// its dedicated and shared subinterfaces). The getter and setter still require `this` to be
/// the global object, and the setter defines the data property on the global.
pub fn define_replaceable_on(
    holder: &JsObject,
    context: &mut Context,
    name: &str,
    getter: NativeFunction,
) -> JsResult<()> {
    let key = JsString::from(name);
    let checked_getter = NativeFunction::from_copy_closure_with_captures(
        |this, args, getter: &NativeFunction, context| {
            this_is_global(this, context)?;
            getter.call(this, args, context)
        },
        getter,
    );
    // The [Replaceable] setter: 1–4. the this check above, giving O … then perform
    // ? CreateDataPropertyOrThrow(O, id, V).
    let setter = NativeFunction::from_copy_closure_with_captures(
        |this, args, key: &JsString, context| {
            let target = this_is_global(this, context)?;
            let value = args.first().cloned().unwrap_or_default();
            target.create_data_property_or_throw(key.clone(), value, context)?;
            Ok(JsValue::undefined())
        },
        key.clone(),
    );
    let realm = context.realm().clone();
    let (get, set) = accessor_pair(&realm, name, checked_getter, Some(setter));
    holder.define_property_or_throw(
        key,
        PropertyDescriptor::builder()
            .get(get)
            .maybe_set(set)
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
    )?;
    // `undefined reportError(any e)`: the method steps are to report an exception e for this.
    crate::web::util::define_operation(
        &context.global_object(),
        "reportError",
        1,
        NativeFunction::from_fn_ptr(|this, args, context| {
            this_is_global(this, context)?;
            if args.is_empty() {
                return Err(boa_engine::JsNativeError::typ()
                    .with_message(
                        "Failed to execute 'reportError' on 'Window': 1 argument required, but only 0 present.",
                    )
                    .into());
            }
            let error = boa_engine::JsError::from_opaque(args[0].clone());
            crate::agent::host::Host::from_context(context)?.report_exception(&error, context);
            Ok(JsValue::undefined())
        }),
        context,
    )
}
