//! The `WorkerLocation` interface (HTML §10.3.3): the worker global's `location`, the parsed
//! URL of its script. taskhost serves every file from one origin
//! ([`crate::web::fetch::fetch::ORIGIN`]), so a worker's URL is that origin and its script's path.
//!
//! Invariant: one WorkerLocation per worker global (`[SameObject]`).

use std::rc::Rc;

use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::agent::realm::{insert_realm_data, realm_data};
use crate::web::dom::interface::{
    InterfaceSpec, define_interface, illegal_invocation, prototype_of, this_object,
};
use crate::web::fetch::fetch::ORIGIN;
use crate::web::html::document_loader::DocumentBase;
use crate::web::html::global_scope::define_replaceable;

#[derive(Trace, Finalize, JsData)]
struct WorkerLocationData;

struct Location(JsObject);

/// The worker's URL, in parts: (scheme, host, hostname, port, path).
fn parts(context: &Context) -> (String, String, String, String, String) {
    let path =
        realm_data::<DocumentBase>(context).map_or_else(|| "/".to_owned(), |b| b.path.clone());
    // A worker started from a `blob:` URL: that URL (no host or port; its path is the rest,
    // "origin/uuid"), whose origin is still taskhost's.
    if let Some(blob_path) = path.strip_prefix("blob:") {
        return (
            "blob:".to_owned(),
            String::new(),
            String::new(),
            String::new(),
            blob_path.to_owned(),
        );
    }
    let (scheme, rest) = ORIGIN.split_once("://").unwrap_or(("http", ORIGIN));
    let (hostname, port) = rest.split_once(':').unwrap_or((rest, ""));
    (
        format!("{scheme}:"),
        rest.to_owned(),
        hostname.to_owned(),
        port.to_owned(),
        path,
    )
}

fn getter(part: fn(&Context) -> String) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        let object = this_object(this, context)?;
        if object.downcast_ref::<WorkerLocationData>().is_none() {
            return Err(illegal_invocation());
        }
        Ok(JsString::from(part(context).as_str()).into())
    })
}

fn href(context: &Context) -> String {
    let (scheme, _, _, _, path) = parts(context);
    if scheme == "blob:" {
        return format!("blob:{path}");
    }
    format!("{ORIGIN}{path}")
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "WorkerLocation",
            parent: None,
            length: 0,
            constructor: None,
        },
        |m| {
            m.attribute("href", getter(href), None)
                .attribute("origin", getter(|_| ORIGIN.to_owned()), None)
                .attribute("protocol", getter(|c| parts(c).0), None)
                .attribute("host", getter(|c| parts(c).1), None)
                .attribute("hostname", getter(|c| parts(c).2), None)
                .attribute("port", getter(|c| parts(c).3), None)
                .attribute("pathname", getter(|c| parts(c).4), None)
                .attribute("search", getter(|_| String::new()), None)
                .attribute("hash", getter(|_| String::new()), None)
                // `stringifier`: the href.
                .operation("toString", 0, getter(href));
        },
    )?;
    let proto = prototype_of(context, "WorkerLocation")?;
    let location = JsObject::from_proto_and_data(proto, WorkerLocationData);
    insert_realm_data(context, Rc::new(Location(location)));
    // `[SameObject] readonly attribute WorkerLocation location`.
    define_replaceable(
        context,
        "location",
        NativeFunction::from_fn_ptr(|_, _, context| {
            Ok(realm_data::<Location>(context)
                .map_or_else(JsValue::undefined, |l| l.0.clone().into()))
        }),
    )
}
