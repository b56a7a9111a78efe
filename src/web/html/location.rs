//! The `Location` interface (HTML §7.2.4): a window's `location`, which reads its document's URL.
//! taskhost serves every file from one origin ([`crate::web::fetch::fetch::ORIGIN`]): the
//! top-level document's URL is that origin and the file's path; an iframe's is `about:blank` until
//! it loads a document, then `about:srcdoc` or the origin and the file's path.
//!
//! Invariant: one Location per window, made when the window is set up; its members are its own
//! properties, not configurable (`[LegacyUnforgeable]`), as is the window's `location`.
//!
//! The setters, `assign()`, `replace()` and `reload()` navigate the window's navigable
//! (`navigation.rs`): a fragment of the same document at once, another document from a task.
//!
//! Deviations, deliberate: the run's own window is not navigated to another document (see
//! `navigation.rs`); every document has one origin here, so the same origin-domain checks
//! always pass; `ancestorOrigins` is not defined.

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::agent::realm::{insert_realm_data, realm_data, realm_record};
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::interface::{
    InterfaceSpec, accessor_pair, arg, define_interface, illegal_invocation, prototype_of,
    this_object,
};
use crate::web::fetch::fetch::ORIGIN;
use crate::web::html::document_loader::DocumentBase;
use crate::web::html::navigation::{self, HistoryHandling};

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
pub fn current_document_url(context: &Context) -> Option<::url::Url> {
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

/// HTML "document base URL" of the current realm's window's document (no `<base>` elements):
/// its URL, except that an about:blank or about:srcdoc document takes the base URL of the
/// document that made it — its parent's (a frame), else the run's document's (the "fallback base
/// URL": a window `open()` made starts with the opener's, which shares the run's root).
pub fn document_base_url(context: &mut Context) -> Option<::url::Url> {
    let url = current_document_url(context)?;
    if url.scheme() != "about" {
        return Some(url);
    }
    let parent = realm_data::<crate::web::html::html_iframe_element::ParentWindow>(context)
        .and_then(|p| crate::agent::realm::realm_of_global(context, &p.0));
    if let Some(parent) = parent {
        return crate::agent::realm::in_realm(context, &parent, document_base_url);
    }
    let path =
        realm_data::<DocumentBase>(context).map_or_else(|| "/".to_owned(), |b| b.path.clone());
    ::url::Url::parse(&format!("{ORIGIN}{path}")).ok()
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
        let value = current_document_url(context)
            .map(|url| read(&url))
            .unwrap_or_default();
        Ok(JsString::from(value.as_str()).into())
    })
}

/// HTML "Location-object navigate" the current realm's window's navigable to `url`.
fn location_object_navigate(
    url: ::url::Url,
    handling: HistoryHandling,
    what: &str,
    context: &mut Context,
) -> JsResult<()> {
    // 1. Let navigable be location's relevant global object's navigable.
    let realm = context.realm().clone();
    let Some((navigable, traversable)) = navigation::navigable_of(&realm, context) else {
        return Ok(());
    };
    // 2. Let sourceDocument be the incumbent global object's associated Document.
    // 3. If location's relevant Document is not yet completely loaded, and the incumbent global
    //    object does not have transient activation, then set historyHandling to "replace".
    //    (Transient activation is not modelled: a document still loading always replaces.)
    let handling = if handling == HistoryHandling::Auto
        && !crate::web::dom::document::is_completely_loaded(&realm)
    {
        HistoryHandling::Replace
    } else {
        handling
    };
    // 4. Navigate navigable to url using sourceDocument, with exceptionsEnabled set to true and
    //    historyHandling set to historyHandling.
    navigation::navigate(&navigable, traversable, url, handling, what, context)
}

/// Whether the Location's relevant Document is null (its window shows no document any more).
fn document_is_gone(context: &Context) -> bool {
    realm_record(context.realm()).is_some_and(|r| !r.is_fully_active())
}

/// Encoding-parse `value` relative to the entry settings object (the incumbent realm's
/// document, as taskhost approximates the entry one): a "SyntaxError" DOMException if it fails.
fn parse_relative_to_entry(
    value: &str,
    member: &str,
    context: &mut Context,
) -> JsResult<::url::Url> {
    let entry = crate::agent::realm::incumbent_realm(context);
    let base = crate::agent::realm::in_realm(context, &entry, document_base_url);
    let parsed = match &base {
        Some(base) => base.join(value),
        None => ::url::Url::parse(value),
    };
    parsed.map_err(|_| {
        dom_exception_error(
            context,
            &format!("Failed to {member} on 'Location': '{value}' is not a valid URL."),
            "SyntaxError",
        )
    })
}

/// The `href` setter (and the window's `location` setter, `[PutForwards=href]`).
fn set_href(context: &mut Context, value: &JsValue) -> JsResult<JsValue> {
    let value = value.to_string(context)?.to_std_string_lossy();
    // 1. If this's relevant Document is null, then return.
    if document_is_gone(context) {
        return Ok(JsValue::undefined());
    }
    // 2. Let url be the result of encoding-parsing a URL given the given value, relative to the
    //    entry settings object. 3. If url is failure, then throw a "SyntaxError" DOMException.
    let url = parse_relative_to_entry(&value, "set the 'href' property", context)?;
    // 4. Location-object navigate this to url.
    location_object_navigate(url, HistoryHandling::Auto, "location.href", context)?;
    Ok(JsValue::undefined())
}

/// How a setter other than `href` changes a copy of the URL: `Ok(false)` when it must not
/// navigate, `Err` when the value does not parse.
type Write = fn(&mut ::url::Url, &str) -> Result<bool, ()>;

/// The setters of the attributes other than `href` (and `origin`, which has none).
const WRITERS: [(&str, Write); 7] = [
    // protocol: basic URL parse the value + ":" with scheme start state override; failure
    // throws; if copyURL's scheme is not an HTTP(S) scheme, then terminate these steps.
    ("protocol", |u, v| {
        // (Failure is a scheme that does not parse: not starting with an ASCII letter, or with
        // another code point than alphanumerics, "+", "-", "." before the ":". A valid scheme
        // the URL cannot take — special for non-special, or the reverse — changes nothing.)
        let scheme = v.split(':').next().unwrap_or_default();
        if !scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            || !scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        {
            return Err(());
        }
        let _ = ::url::quirks::set_protocol(u, v);
        Ok(matches!(u.scheme(), "http" | "https"))
    }),
    // host: if copyURL has an opaque path, then return; basic URL parse with host state.
    ("host", |u, v| {
        if u.cannot_be_a_base() {
            return Ok(false);
        }
        let _ = ::url::quirks::set_host(u, v);
        Ok(true)
    }),
    // hostname: likewise with hostname state.
    ("hostname", |u, v| {
        if u.cannot_be_a_base() {
            return Ok(false);
        }
        let _ = ::url::quirks::set_hostname(u, v);
        Ok(true)
    }),
    // port: if copyURL cannot have a username/password/port, then return; "" sets it to null,
    // else basic URL parse with port state.
    ("port", |u, v| {
        if u.cannot_be_a_base() || u.host().is_none() || u.scheme() == "file" {
            return Ok(false);
        }
        let _ = ::url::quirks::set_port(u, v);
        Ok(true)
    }),
    // pathname: if copyURL has an opaque path, then return; set its path to the empty list and
    // basic URL parse with path start state.
    ("pathname", |u, v| {
        if u.cannot_be_a_base() {
            return Ok(false);
        }
        ::url::quirks::set_pathname(u, v);
        Ok(true)
    }),
    // search: "" sets copyURL's query to null; else the value without a leading "?" parsed
    // with query state.
    ("search", |u, v| {
        ::url::quirks::set_search(u, v);
        Ok(true)
    }),
    // hash: the value without a leading "#"; copyURL's fragment set to "" and the input parsed
    // with fragment state; if copyURL's fragment is this's URL's fragment, then return.
    ("hash", |u, v| {
        let before = u.fragment().unwrap_or_default().to_owned();
        let input = v.strip_prefix('#').unwrap_or(v);
        if input.is_empty() {
            u.set_fragment(Some(""));
        } else {
            ::url::quirks::set_hash(u, input);
        }
        Ok(u.fragment().unwrap_or_default() != before)
    }),
];

/// A setter other than `href`: change a copy of the URL, then Location-object navigate to it.
fn setter(name: &'static str, write: Write) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, args, context| {
        check(this, context)?;
        let value = arg(args, 0).to_string(context)?.to_std_string_lossy();
        // 1. If this's relevant Document is null, then return. (2. The same origin-domain
        //    check always passes: one origin.)
        if document_is_gone(context) {
            return Ok(JsValue::undefined());
        }
        // 3. Let copyURL be a copy of this's url.
        let Some(mut copy) = current_document_url(context) else {
            return Ok(JsValue::undefined());
        };
        match write(&mut copy, &value) {
            Err(()) => Err(dom_exception_error(
                context,
                &format!(
                    "Failed to set the '{name}' property on 'Location': '{value}' is an invalid {name}."
                ),
                "SyntaxError",
            )),
            Ok(false) => Ok(JsValue::undefined()),
            Ok(true) => {
                location_object_navigate(
                    copy,
                    HistoryHandling::Auto,
                    &format!("location.{name}"),
                    context,
                )?;
                Ok(JsValue::undefined())
            }
        }
    })
}

/// `assign(url)` and `replace(url)`.
fn assign_or_replace(handling: HistoryHandling) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, args, context| {
        check(this, context)?;
        let member = if handling == HistoryHandling::Replace {
            "replace"
        } else {
            "assign"
        };
        if args.is_empty() {
            return Err(crate::engine::webidl::type_error(
                "Location",
                member,
                &crate::web::dom::interface::arguments_required(1, 0),
            ));
        }
        let value = args[0].to_string(context)?.to_std_string_lossy();
        // 1. If this's relevant Document is null, then return.
        if document_is_gone(context) {
            return Ok(JsValue::undefined());
        }
        // 2. (assign: the same origin-domain check.) Parse url relative to the entry settings
        //    object; if that fails, throw a "SyntaxError" DOMException.
        let url = parse_relative_to_entry(&value, &format!("execute '{member}'"), context)?;
        // Location-object navigate this to urlRecord (with "replace" for replace()).
        location_object_navigate(url, handling, &format!("location.{member}()"), context)?;
        Ok(JsValue::undefined())
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
        // `origin` is readonly; every other attribute's setter navigates.
        let set = match name {
            "origin" => None,
            "href" => Some(NativeFunction::from_fn_ptr(|this, args, context| {
                check(this, context)?;
                set_href(context, &arg(args, 0))
            })),
            _ => WRITERS
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(n, write)| setter(n, *write)),
        };
        define_unforgeable_attribute(&location, name, getter(read), set, context)?;
    }
    let operations: [(&str, usize, NativeFunction); 4] = [
        ("assign", 1, assign_or_replace(HistoryHandling::Auto)),
        ("replace", 1, assign_or_replace(HistoryHandling::Replace)),
        (
            "reload",
            0,
            NativeFunction::from_fn_ptr(|this, _, context| {
                check(this, context)?;
                // 1–2. If this's relevant Document is null, then return. (3. Same
                //    origin-domain.) 4. Reload this's relevant Document's node navigable.
                if !document_is_gone(context) {
                    navigation::reload(context)?;
                }
                Ok(JsValue::undefined())
            }),
        ),
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
    // non-configurable accessor of the window; setting it sets `location.href`.
    let get = NativeFunction::from_fn_ptr(|_, _, context| {
        Ok(realm_data::<WindowLocation>(context)
            .map_or_else(JsValue::undefined, |l| l.0.clone().into()))
    });
    let global = context.global_object();
    let put = NativeFunction::from_fn_ptr(|_, args, context| set_href(context, &arg(args, 0)));
    define_unforgeable_attribute(&global, "location", get, Some(put), context)
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
