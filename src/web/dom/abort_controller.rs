//! The `AbortController` interface (DOM §3.1).
//!
//! Invariant: a controller's signal is fixed at construction. A subclass (`TaskController`)
//! reuses [`AbortControllerData`] with its own prototype and a signal of its own interface
//! (`TaskSignal`): `abort()` works on any AbortSignal state through the signal brand.

use boa_engine::{Context, JsData, JsObject, JsResult, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::web::dom::abort_signal::{abort_signal_state, create_abort_signal, signal_abort};
use crate::web::dom::interface::{
    InterfaceSpec, arg, define_interface, illegal_invocation, prototype_from_new_target,
    this_object,
};

/// The native data of `AbortController` objects (and of subclasses' instances).
#[derive(Trace, Finalize, JsData)]
pub struct AbortControllerData {
    /// The controller's signal (an AbortSignal, or a subclass's instance).
    pub signal: JsObject,
}

/// Create a controller object with the given prototype and signal object.
#[must_use]
pub fn new_abort_controller(
    prototype: JsObject,
    signal: JsObject,
    context: &mut Context,
) -> JsObject {
    crate::engine::builtins::platform_object(prototype, AbortControllerData { signal }, context)
}

/// The signal of `object`, if it is an AbortController (or a subclass's instance).
#[must_use]
pub fn controller_signal(object: &JsObject) -> Option<JsObject> {
    object
        .downcast_ref::<AbortControllerData>()
        .map(|d| d.signal.clone())
}

fn this_controller(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    controller_signal(&this_object(this, context)?).ok_or_else(illegal_invocation)
}

/// `new AbortController()`.
fn constructor(new_target: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let proto = prototype_from_new_target(new_target, "AbortController", context)?;
    // 1. Let signal be a new AbortSignal object.
    let (signal, _) = create_abort_signal(context)?;
    // 2. Set this's signal to signal.
    Ok(new_abort_controller(proto, signal, context).into())
}

/// `abort(reason)`: signal abort on this's signal with reason if it is given.
fn abort(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let signal = this_controller(this, context)?;
    if let Some(state) = abort_signal_state(&signal, context) {
        let reason = arg(args, 0);
        signal_abort(&state, (!reason.is_undefined()).then_some(reason), context)?;
    }
    Ok(JsValue::undefined())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "AbortController",
            parent: None,
            length: 0,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            // The signal getter steps are to return this's signal.
            m.attribute(
                "signal",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    Ok(this_controller(this, context)?.into())
                }),
                None,
            )
            .operation("abort", 0, NativeFunction::from_fn_ptr(abort));
        },
    )?;
    Ok(())
}
