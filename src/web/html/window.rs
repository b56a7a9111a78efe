//! The `Window` interface, as much of it as taskhost's global object is: an EventTarget
//! (`globalThis.addEventListener('error', …)`) with the global event handlers `onload`, `onerror`,
//! `onunhandledrejection`, `onrejectionhandled`, `onmessage` and `onmessageerror`, and the
//! browsing-context members `document`, `parent`, `top`, `frames`, `length` and `frames[i]`.
//! (`postMessage()` is in `window_post_message.rs`; `open()`, `opener`, `close()` and `closed` in
//! `window_open.rs`.)
//!
//! Choice: the engine creates the global object with EventTarget native data (the runtime hands
//! `HostHooks::create_global_object` the web layer's factory,
//! [`crate::web::dom::event_target::create_global_object`]); here its prototype becomes
//! `Window.prototype`, whose prototype is `EventTarget.prototype`. Being `[Global]`, Window's own
//! attributes (the event handlers) are own accessors of the global object.

use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::agent::realm::{realm_data, realm_data_of, realm_of_global};
use crate::web::dom::document::window_document;
use crate::web::dom::interface::accessor_pair;
use crate::web::html::html_iframe_element::{ChildWindows, ParentWindow};

use crate::web::dom::interface::{InterfaceSpec, define_interface_now};
use crate::web::html::event_handler::define_own_event_handler;
use crate::web::html::event_handler_attributes::{
    MODELLED_GLOBAL_EVENT_HANDLERS, MODELLED_WINDOW_EVENT_HANDLERS,
};

/// The brand check of `Window`: only the global object implements it.
pub fn is_global(object: &JsObject, context: &Context) -> bool {
    JsObject::equals(object, &context.global_object())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    let window = define_interface_now(
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
    // The window getter steps are to return this's relevant realm's global object (the
    // WindowProxy). ([LegacyUnforgeable]: an own, non-configurable accessor.)
    let realm = context.realm().clone();
    let (get, _) = accessor_pair(
        &realm,
        "window",
        NativeFunction::from_fn_ptr(|_, _, context| Ok(context.global_object().into())),
        None,
    );
    global.define_property_or_throw(
        JsString::from("window"),
        PropertyDescriptor::builder()
            .get(get)
            .enumerable(true)
            .configurable(false),
        context,
    )?;
    // Window includes GlobalEventHandlers and WindowEventHandlers (the attributes of modelled
    // events).
    for name in MODELLED_GLOBAL_EVENT_HANDLERS
        .iter()
        .chain(MODELLED_WINDOW_EVENT_HANDLERS)
    {
        define_own_event_handler(&global, name, is_global, context)?;
    }
    Ok(())
}

/// Define `document`, `parent`, `top`, `frames` and `length` as own accessors of the global (the
/// members of a `[Global]` interface live on the global object itself).
pub fn define_window_members(global: &JsObject, context: &mut Context) -> JsResult<()> {
    type Getter = fn(&JsValue, &[JsValue], &mut Context) -> JsResult<JsValue>;
    let getters: [(&str, Getter); 5] = [
        // The document getter steps are to return this's associated Document.
        ("document", |_, _, context| {
            Ok(window_document(context)?.map_or_else(JsValue::null, |d| d.document.clone().into()))
        }),
        // The parent getter steps: this's navigable's parent's active WindowProxy, or this.
        ("parent", |_, _, context| {
            Ok(realm_data::<ParentWindow>(context)
                .map_or_else(|| context.global_object(), |p| p.0.clone())
                .into())
        }),
        // The top getter steps: the top-level traversable's active WindowProxy.
        ("top", |_, _, context| {
            let mut window = context.global_object();
            while let Some(realm) = realm_of_global(context, &window)
                && let Some(parent) = realm_data_of::<ParentWindow>(&realm)
            {
                window = parent.0.clone();
            }
            Ok(window.into())
        }),
        // The frames getter steps are to return this (the WindowProxy).
        ("frames", |_, _, context| Ok(context.global_object().into())),
        // The length getter steps: the number of document-tree child navigables.
        ("length", |_, _, context| {
            Ok(realm_data::<ChildWindows>(context)
                .map_or(0, |c| c.0.borrow().len())
                .into())
        }),
    ];
    for (name, get) in getters {
        crate::web::util::define_readonly_attribute(
            global,
            name,
            NativeFunction::from_fn_ptr(get),
            context,
        )?;
    }
    Ok(())
}

/// Keep `window[i]` (the WindowProxy's indexed access to child navigables) in step with the
/// window's child windows.
pub fn sync_frame_indices(
    window: &JsObject,
    children: &ChildWindows,
    context: &mut Context,
) -> JsResult<()> {
    let list: Vec<JsObject> = children.0.borrow().iter().map(|(_, w)| w.clone()).collect();
    for index in 0..=list.len() {
        window.delete_property_or_throw(index, context)?;
    }
    for (index, child) in list.into_iter().enumerate() {
        window.define_property_or_throw(
            index,
            PropertyDescriptor::builder()
                .value(child)
                .writable(false)
                .enumerable(true)
                .configurable(true),
            context,
        )?;
    }
    Ok(())
}
