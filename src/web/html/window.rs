//! The `Window` interface, as much of it as taskhost's global object is: an EventTarget
//! (`globalThis.addEventListener('error', …)`) with the global event handlers `onerror`,
//! `onunhandledrejection`, `onrejectionhandled`, `onmessage` and `onmessageerror`.
//!
//! Choice: the engine creates the global object with EventTarget native data (the runtime hands
//! `HostHooks::create_global_object` the web layer's factory,
//! [`crate::web::dom::event_target::create_global_object`]); here its prototype becomes
//! `Window.prototype`, whose prototype is `EventTarget.prototype`. Being `[Global]`, Window's own
//! attributes (the event handlers) are own accessors of the global object.

use boa_engine::{Context, JsObject, JsResult};

use crate::web::dom::interface::{InterfaceSpec, define_interface};
use crate::web::html::event_handler::define_own_event_handler;

/// The brand check of `Window`: only the global object implements it.
pub fn is_global(object: &JsObject, context: &Context) -> bool {
    JsObject::equals(object, &context.global_object())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    let window = define_interface(
        context,
        InterfaceSpec {
            name: "Window",
            parent: Some("EventTarget"),
            length: 0,
            constructor: None,
        },
        |_| {},
    )?;
    let global = context.global_object();
    global.set_prototype(Some(window.prototype));
    for name in [
        "onerror",
        "onmessage",
        "onmessageerror",
        "onrejectionhandled",
        "onunhandledrejection",
    ] {
        define_own_event_handler(&global, name, is_global, context)?;
    }
    Ok(())
}
