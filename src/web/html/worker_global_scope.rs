//! The `WorkerGlobalScope` interface (HTML §10.2.1.1): what every worker global has — `self`,
//! `location`, `navigator`, `importScripts()`, the error and rejection event handlers — and the
//! set-up of a worker's global when its agent starts ([`set_up_worker_global`]).
//!
//! The members of a worker global's interfaces are own properties of the global object (as
//! `Window`'s are), except `performance` (`web::hr_time::performance`), which is on
//! `WorkerGlobalScope.prototype` as WebIDL places a member of an interface that is not
//! `[Global]` (HTML declares only the dedicated and shared global scopes so). Its prototype
//! chain is `DedicatedWorkerGlobalScope.prototype` (or `SharedWorkerGlobalScope.prototype`) →
//! `WorkerGlobalScope.prototype` → `EventTarget.prototype`.
//!
//! What a worker global does not have: `requestIdleCallback` (HTML exposes it on `Window` only:
//! idle periods belong to window event loops, §8.1.7.3 step 5), documents and elements.

use std::rc::Rc;

use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::agent::realm::{insert_realm_data, realm_data};
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::interface::{InterfaceSpec, define_interface, define_interface_now};
use crate::web::html::document_loader::{DocumentBase, read_document_file};
use crate::web::html::event_handler::define_own_event_handler;
use crate::web::html::window::is_global;
use crate::web::html::worker_agents::WorkerKind;

/// What kind of global a worker's realm has, and its `name` (realm data of worker globals).
pub struct WorkerGlobal {
    pub kind: WorkerKind,
    pub name: String,
    /// `type: "module"`: `importScripts()` throws.
    pub module: bool,
}

/// Whether the current realm's global is a worker's.
#[must_use]
pub fn is_worker_global(context: &Context) -> bool {
    realm_data::<WorkerGlobal>(context).is_some()
}

/// Define `WorkerGlobalScope` and the members every worker global has: called by
/// `web::html::register` for a worker's realm instead of `Window`'s set-up, before the
/// interface of its kind (`DedicatedWorkerGlobalScope` or `SharedWorkerGlobalScope`).
pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "WorkerGlobalScope",
            parent: Some("EventTarget"),
            length: 0,
            constructor: None,
        },
        |_| {},
    )?;
    let global = context.global_object();
    for name in [
        "onerror",
        "onlanguagechange",
        "onoffline",
        "ononline",
        "onrejectionhandled",
        "onunhandledrejection",
    ] {
        define_own_event_handler(&global, name, is_global, context)?;
    }
    // `undefined importScripts((TrustedScriptURL or USVString)... urls)`.
    crate::web::util::define_operation(
        &global,
        "importScripts",
        0,
        NativeFunction::from_fn_ptr(import_scripts),
        context,
    )?;
    crate::web::html::worker_location::register(context)
}

/// Record what kind of worker global this realm's is (before any script runs).
pub fn set_up_worker_global(context: &Context, kind: WorkerKind, name: String, module: bool) {
    insert_realm_data(context, Rc::new(WorkerGlobal { kind, name, module }));
}

/// "Import scripts into worker global scope" (HTML §10.3.4.1), for classic workers:
/// 1. If worker global scope's type is "module", throw a TypeError exception.
/// 2. (Steps 2–5) Parse each URL relative to settings object; if any fails, throw a
///    "SyntaxError" DOMException.
/// 6. For each urlRecord of urlRecords: fetch a classic worker-imported script (a missing file
///    is a "NetworkError" DOMException), then run the classic script with rethrow errors set
///    to true: an exception or a parse error propagates to the caller of `importScripts`.
fn import_scripts(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    if let Some(object) = this.as_object()
        && !is_global(&object, context)
    {
        return Err(crate::web::dom::interface::illegal_invocation());
    }
    let global = realm_data::<WorkerGlobal>(context);
    if global.as_ref().is_some_and(|g| g.module) {
        return Err(boa_engine::JsNativeError::typ()
            .with_message(
                "Failed to execute 'importScripts' on 'WorkerGlobalScope': Module scripts don't support importScripts().",
            )
            .into());
    }
    let mut urls = Vec::with_capacity(args.len());
    for arg in args {
        urls.push(arg.to_string(context)?.to_std_string_escaped());
    }
    let base = realm_data::<DocumentBase>(context);
    for url in &urls {
        let parses = base.as_ref().is_some_and(|b| {
            crate::web::fetch::fetch::resolve_same_origin_path(url, &b.path).is_some()
        });
        if !parses {
            return Err(dom_exception_error(
                context,
                &format!(
                    "Failed to execute 'importScripts' on 'WorkerGlobalScope': The URL '{url}' is invalid."
                ),
                "SyntaxError",
            ));
        }
    }
    for url in &urls {
        let file = read_document_file(url, context).map_err(|reason| {
            dom_exception_error(
                context,
                &format!(
                    "Failed to execute 'importScripts' on 'WorkerGlobalScope': The script at '{url}' failed to load ({reason})."
                ),
                "NetworkError",
            )
        })?;
        crate::engine::script::run_classic_script(&file.text, &file.name, context)?;
    }
    Ok(JsValue::undefined())
}

/// The worker's `name` (its `options.name`).
fn name(context: &Context) -> JsString {
    realm_data::<WorkerGlobal>(context)
        .map_or_else(|| JsString::from(""), |g| JsString::from(g.name.as_str()))
}

/// Define `interface` (`DedicatedWorkerGlobalScope` or `SharedWorkerGlobalScope`, inheriting
/// `WorkerGlobalScope`) and make it the global object's, with the members both kinds have:
/// `readonly attribute DOMString name` and `undefined close()`. Returns the global object.
pub fn define_kind_interface(context: &mut Context, interface: &'static str) -> JsResult<JsObject> {
    let defined = define_interface_now(
        context,
        InterfaceSpec {
            name: interface,
            parent: Some("WorkerGlobalScope"),
            length: 0,
            constructor: None,
        },
        |_| {},
    )?;
    let global = context.global_object();
    global.set_prototype(Some(defined.prototype));
    let realm = context.realm().clone();
    let (get, _) = crate::web::dom::interface::accessor_pair(
        &realm,
        "name",
        NativeFunction::from_fn_ptr(|_, _, context| Ok(name(context).into())),
        None,
    );
    global.define_property_or_throw(
        JsString::from("name"),
        boa_engine::property::PropertyDescriptor::builder()
            .get(get)
            .enumerable(true)
            .configurable(true),
        context,
    )?;
    // `close()` (HTML §10.2.1.2/§10.2.1.3): the method steps are to close a worker given this:
    // set its closing flag to true — its event loop discards the tasks still queued and ends
    // after the running task.
    crate::web::util::define_operation(
        &global,
        "close",
        0,
        NativeFunction::from_fn_ptr(|_, _, context| {
            crate::agent::host::Host::from_context(context)?.request_stop();
            Ok(JsValue::undefined())
        }),
        context,
    )?;
    Ok(global)
}
