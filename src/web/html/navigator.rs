//! The `Navigator` interface (HTML §8.10.1): the window's `navigator`, with NavigatorID,
//! NavigatorLanguage, NavigatorOnLine and NavigatorConcurrentHardware.
//!
//! Invariant: one Navigator per window (`[SameObject]`), and `languages` returns the same frozen
//! array on every read until the languages change (they never do here).
//!
//! Values chosen here: `userAgent` is `Mozilla/5.0 (taskhost/VERSION; Boa)` — the legacy
//! `Mozilla/5.0` prefix every browser sends, then what this user agent is; `language` is `en-US`;
//! `onLine` is true (scripts see no network here); `hardwareConcurrency` is the machine's number of
//! logical processors.

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::object::builtins::JsArray;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};

use crate::agent::realm::{insert_realm_data, realm_data};
use crate::web::dom::interface::{
    InterfaceSpec, define_interface, illegal_invocation, prototype_of, this_object,
};
use crate::web::html::global_scope::define_replaceable;

/// The native data of the Navigator object (it has no state of its own).
#[derive(boa_gc::Trace, boa_gc::Finalize, boa_engine::JsData)]
struct NavigatorData;

/// The window's Navigator and its `languages` array (realm data), made when first needed.
struct WindowNavigator {
    /// `Navigator` or `WorkerNavigator`.
    interface_name: &'static str,
    made: RefCell<Option<MadeNavigator>>,
}

#[derive(Clone)]
struct MadeNavigator {
    navigator: JsObject,
    languages: JsObject,
}

/// The current realm's Navigator and `languages` array, made now if they were not (the first
/// read of `navigator`: nothing a script can see tells when they were made).
fn window_navigator(context: &mut Context) -> JsResult<Option<MadeNavigator>> {
    let Some(window) = realm_data::<WindowNavigator>(context) else {
        return Ok(None);
    };
    if let Some(made) = window.made.borrow().clone() {
        return Ok(Some(made));
    }
    let proto = prototype_of(context, window.interface_name)?;
    let navigator = JsObject::from_proto_and_data(proto, NavigatorData);
    let languages = JsArray::from_iter([JsValue::from(js_string!("en-US"))], context);
    languages.set_integrity_level(boa_engine::object::IntegrityLevel::Frozen, context)?;
    let made = MadeNavigator {
        navigator,
        languages: languages.into(),
    };
    *window.made.borrow_mut() = Some(made.clone());
    Ok(Some(made))
}

fn user_agent() -> String {
    format!("Mozilla/5.0 (taskhost/{}; Boa)", env!("CARGO_PKG_VERSION"))
}

fn check(this: &JsValue, context: &Context) -> JsResult<()> {
    let object = this_object(this, context)?;
    if object.downcast_ref::<NavigatorData>().is_none() {
        return Err(illegal_invocation());
    }
    Ok(())
}

fn string_getter(value: fn() -> String) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        check(this, context)?;
        Ok(JsString::from(value().as_str()).into())
    })
}

/// Define `Navigator` (a window's) or `WorkerNavigator` (a worker's, HTML §10.3.2: the same
/// NavigatorID, NavigatorLanguage, NavigatorOnLine and NavigatorConcurrentHardware members,
/// without NavigatorID's window-only `productSub`, `vendor` and `vendorSub`) and the global's
/// `navigator`.
/// `navigator.maxTouchPoints`: the fingers of `taskhost.input.touchStart` (0 to 9).
pub const MAX_TOUCH_POINTS: i32 = 10;

pub fn register(context: &mut Context, worker: bool) -> JsResult<()> {
    let interface_name = if worker {
        "WorkerNavigator"
    } else {
        "Navigator"
    };
    define_interface(
        context,
        InterfaceSpec {
            name: interface_name,
            parent: None,
            length: 0,
            constructor: None,
        },
        move |m| {
            // NavigatorID: the legacy constants every browser returns, and the user agent.
            m.attribute("appCodeName", string_getter(|| "Mozilla".into()), None)
                .attribute("appName", string_getter(|| "Netscape".into()), None)
                .attribute(
                    "appVersion",
                    string_getter(|| user_agent().trim_start_matches("Mozilla/").to_owned()),
                    None,
                )
                .attribute("platform", string_getter(String::new), None)
                .attribute("product", string_getter(|| "Gecko".into()), None)
                .attribute("userAgent", string_getter(user_agent), None);
            if !worker {
                m.attribute("productSub", string_getter(|| "20030107".into()), None)
                    .attribute("vendor", string_getter(String::new), None)
                    .attribute("vendorSub", string_getter(String::new), None);
            }
            // NavigatorLanguage.
            m.attribute("language", string_getter(|| "en-US".into()), None)
                .attribute(
                    "languages",
                    NativeFunction::from_fn_ptr(|this, _, context| {
                        check(this, context)?;
                        Ok(window_navigator(context)?
                            .map_or_else(JsValue::undefined, |n| n.languages.into()))
                    }),
                    None,
                )
                // NavigatorOnLine.
                .attribute(
                    "onLine",
                    NativeFunction::from_fn_ptr(|this, _, context| {
                        check(this, context)?;
                        Ok(true.into())
                    }),
                    None,
                )
                // NavigatorConcurrentHardware.
                .attribute(
                    "hardwareConcurrency",
                    NativeFunction::from_fn_ptr(|this, _, context| {
                        check(this, context)?;
                        let n = std::thread::available_parallelism().map_or(1, usize::from);
                        Ok(JsValue::from(u32::try_from(n).unwrap_or(u32::MAX)))
                    }),
                    None,
                );
            if !worker {
                // Pointer Events §13.2 (partial interface Navigator): the most touch points the
                // device supports at once (taskhost's touchscreen takes fingers 0 to 9).
                m.attribute(
                    "maxTouchPoints",
                    NativeFunction::from_fn_ptr(|this, _, context| {
                        check(this, context)?;
                        Ok(JsValue::from(MAX_TOUCH_POINTS))
                    }),
                    None,
                );
            }
        },
    )?;
    insert_realm_data(
        context,
        Rc::new(WindowNavigator {
            interface_name,
            made: RefCell::new(None),
        }),
    );
    // `[SameObject, Replaceable] readonly attribute Navigator navigator`.
    define_replaceable(
        context,
        "navigator",
        NativeFunction::from_fn_ptr(|_, _, context| {
            Ok(window_navigator(context)?.map_or_else(JsValue::undefined, |n| n.navigator.into()))
        }),
    )
}
