//! The `Location` interface (HTML §7.2.4): a window's `location`, which reads its document's URL.
//! taskhost serves every file from one origin ([`crate::web::fetch::fetch::ORIGIN`]): the
//! top-level document's URL is that origin and the file's path; an iframe's is `about:blank` until
//! it loads a document, then `about:srcdoc` or the origin and the file's path.
//!
//! Invariant: one Location per window, made when the window is set up; its members are its own
//! properties, not configurable (`[LegacyUnforgeable]`), as is the window's `location`.
//!
//! Deviation, deliberate: taskhost does not navigate, so the members that would (`href` and the
//! other setters, `assign()`, `replace()`, `reload()`) throw a "NotSupportedError" DOMException
//! that says so, and a document's URL never changes after it loaded (no fragment navigation
//! either). `ancestorOrigins` is not defined.

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::agent::realm::{insert_realm_data, realm_data};
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::interface::{
    InterfaceSpec, accessor_pair, define_interface, illegal_invocation, prototype_of, this_object,
};
use crate::web::fetch::fetch::ORIGIN;
use crate::web::html::document_loader::DocumentBase;

#[derive(Trace, Finalize, JsData)]
struct LocationData;

/// The window's Location object (realm data).
struct WindowLocation(JsObject);

/// The URL of the current realm's window's document, once it is not the one its base gives
/// (realm data): `about:blank` for a new iframe, `about:srcdoc` for a srcdoc document.
struct DocumentUrl(RefCell<String>);

/// Set the URL of the current realm's window's document (an iframe's, as it is made or loads).
pub fn set_document_url(url: &str, context: &Context) {
    if let Some(existing) = realm_data::<DocumentUrl>(context) {
        url.clone_into(&mut existing.0.borrow_mut());
    } else {
        insert_realm_data(context, Rc::new(DocumentUrl(RefCell::new(url.to_owned()))));
    }
}

/// The URL of the current realm's window's document: the one set for it, else the origin and
/// the path of the file the run's document came from.
fn document_url(context: &Context) -> Option<::url::Url> {
    let text = realm_data::<DocumentUrl>(context).map_or_else(
        || {
            let path = realm_data::<DocumentBase>(context)
                .map_or_else(|| "/".to_owned(), |b| b.path.clone());
            format!("{ORIGIN}{path}")
        },
        |url| url.0.borrow().clone(),
    );
    ::url::Url::parse(&text).ok()
}

fn check(this: &JsValue, context: &Context) -> JsResult<()> {
    let object = this_object(this, context)?;
    if object.downcast_ref::<LocationData>().is_none() {
        return Err(illegal_invocation());
    }
    Ok(())
}

fn getter(read: Read) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        check(this, context)?;
        // (The URLs set here always parse; should one not, its parts are empty.)
        let value = document_url(context)
            .map(|url| read(&url))
            .unwrap_or_default();
        Ok(JsString::from(value.as_str()).into())
    })
}

/// What a member that would navigate does here.
fn no_navigation(member: &'static str) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        check(this, context)?;
        Err(dom_exception_error(
            context,
            &format!("Location {member}: taskhost does not navigate"),
            "NotSupportedError",
        ))
    })
}

/// How an attribute reads its part of the URL.
type Read = fn(&::url::Url) -> String;

/// The getters of Location's attributes.
const ATTRIBUTES: [(&str, Read); 9] = [
    ("href", |u| u.as_str().to_owned()),
    ("origin", ::url::quirks::origin),
    ("protocol", |u| ::url::quirks::protocol(u).to_owned()),
    ("host", |u| ::url::quirks::host(u).to_owned()),
    ("hostname", |u| ::url::quirks::hostname(u).to_owned()),
    ("port", |u| ::url::quirks::port(u).to_owned()),
    ("pathname", |u| ::url::quirks::pathname(u).to_owned()),
    ("search", |u| ::url::quirks::search(u).to_owned()),
    ("hash", |u| ::url::quirks::hash(u).to_owned()),
];

/// Define `location` on a window: a Location with its `[LegacyUnforgeable]` members.
pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "Location",
            parent: None,
            length: 0,
            constructor: None,
        },
        |_| {},
    )?;
    let proto = prototype_of(context, "Location")?;
    let location = JsObject::from_proto_and_data(proto, LocationData);
    let realm = context.realm().clone();
    for (name, read) in ATTRIBUTES {
        // `origin` is readonly; every other attribute's setter would navigate.
        let set = (name != "origin").then(|| no_navigation("setter"));
        define_unforgeable_attribute(&location, name, getter(read), set, context)?;
    }
    let operations: [(&str, usize, NativeFunction); 4] = [
        ("assign", 1, no_navigation("assign()")),
        ("replace", 1, no_navigation("replace()")),
        ("reload", 0, no_navigation("reload()")),
        // `stringifier`: the href.
        ("toString", 0, getter(|u| u.as_str().to_owned())),
    ];
    for (name, length, body) in operations {
        let function = boa_engine::object::FunctionObjectBuilder::new(&realm, body)
            .name(JsString::from(name))
            .length(length)
            .constructor(false)
            .build();
        location.define_property_or_throw(
            JsString::from(name),
            PropertyDescriptor::builder()
                .value(function)
                .writable(false)
                .enumerable(true)
                .configurable(false),
            context,
        )?;
    }
    insert_realm_data(context, Rc::new(WindowLocation(location)));
    // `[PutForwards=href, LegacyUnforgeable] readonly attribute Location location`: an own,
    // non-configurable accessor of the window; setting it sets `location.href` (which would
    // navigate).
    let get = NativeFunction::from_fn_ptr(|_, _, context| {
        Ok(realm_data::<WindowLocation>(context)
            .map_or_else(JsValue::undefined, |l| l.0.clone().into()))
    });
    let global = context.global_object();
    define_unforgeable_attribute(&global, "location", get, Some(no_navigation_put()), context)
}

/// Define a `[LegacyUnforgeable]` attribute on `target`: an own accessor property, enumerable
/// and not configurable.
fn define_unforgeable_attribute(
    target: &JsObject,
    name: &str,
    get: NativeFunction,
    set: Option<NativeFunction>,
    context: &mut Context,
) -> JsResult<()> {
    let realm = context.realm().clone();
    let (get, set) = accessor_pair(&realm, name, get, set);
    let mut descriptor = PropertyDescriptor::builder()
        .get(get)
        .enumerable(true)
        .configurable(false);
    if let Some(set) = set {
        descriptor = descriptor.set(set);
    }
    target.define_property_or_throw(JsString::from(name), descriptor, context)?;
    Ok(())
}

/// The window's `location` setter ([PutForwards=href]): `location.href = value`, which would
/// navigate.
fn no_navigation_put() -> NativeFunction {
    NativeFunction::from_fn_ptr(|_, _, context| {
        Err(dom_exception_error(
            context,
            "Location setter: taskhost does not navigate",
            "NotSupportedError",
        ))
    })
}
