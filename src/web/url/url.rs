//! The `URL` interface (URL Standard §6.1): a parsed URL whose components read and write through
//! the `url` crate's implementation of the standard's getters and setters (`url::quirks`), and
//! its `searchParams`, a URLSearchParams kept in step with the URL's query.
//!
//! Invariant: a URL object's query object lists exactly the pairs of its URL's query (parsed as
//! application/x-www-form-urlencoded); every change to the query from either side updates the
//! other (the href and search setters here; the update steps in `url_search_params.rs`).
//!
//! `createObjectURL`/`revokeObjectURL` (File API §8.3.5) add to and remove from the blob URL
//! store (`web/file_api/blob_url_store.rs`) for Blobs and Files (there is no `MediaSource`).

use std::cell::RefCell;

use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, GcRefCell, Trace};

use crate::agent::host::Host;
use crate::engine::webidl::type_error;
use crate::web::dom::interface::{
    InterfaceSpec, arguments_required, construct_error, define_interface, illegal_invocation,
    prototype_from_new_target, prototype_of, this_object,
};
use crate::web::file_api::blob_url_store;
use crate::web::url::url_search_params;
use crate::web::util::to_usv_string;

/// A URL object's native data: its URL and its query object.
#[derive(Trace, Finalize, boa_engine::JsData)]
pub struct UrlData {
    #[unsafe_ignore_trace]
    url: RefCell<::url::Url>,
    query_object: GcRefCell<Option<JsObject>>,
}

/// The API URL parser (§6.1): 1. If base is non-null: let parsedBase be the result of running
/// the basic URL parser on base; if parsedBase is failure, then return failure. 2. Return the
/// result of running the basic URL parser on url with parsedBase.
pub fn api_url_parser(url: &str, base: Option<&str>) -> Result<::url::Url, ::url::ParseError> {
    let base = base.map(::url::Url::parse).transpose()?;
    ::url::Url::options().base_url(base.as_ref()).parse(url)
}

/// The USVString arguments `url` and optional `base` (absent or undefined: no base).
fn url_and_base(
    args: &[JsValue],
    context: &mut Context,
    on_missing: impl FnOnce(&str) -> boa_engine::JsError,
) -> JsResult<(String, Option<String>)> {
    let Some(url) = args.first() else {
        return Err(on_missing(&arguments_required(1, 0)));
    };
    let url = to_usv_string(url, context)?;
    let base = match args.get(1) {
        Some(b) if !b.is_undefined() => Some(to_usv_string(b, context)?),
        _ => None,
    };
    Ok((url, base))
}

fn invalid(input: &str, base: Option<&str>, error: ::url::ParseError) -> String {
    match base {
        Some(base) if ::url::Url::parse(base).is_err() => {
            format!("Invalid base URL '{base}' ({error}).")
        }
        Some(base) => format!("Invalid URL '{input}' against base '{base}' ({error})."),
        None => format!("Invalid URL '{input}' ({error})."),
    }
}

/// Initialize a URL object `proto`-made with `parsed` (§6.1 "initialize"): 1. Let query be
/// parsedURL's query, if non-null, and the empty string otherwise. 2. Set url's URL to
/// parsedURL. 3. Set url's query object to a new URLSearchParams object. 4. Initialize url's
/// query object with query. 5. Set url's query object's URL object to url.
fn create(proto: JsObject, parsed: ::url::Url, context: &mut Context) -> JsResult<JsObject> {
    let query = parsed.query().unwrap_or_default().to_owned();
    let object = JsObject::from_proto_and_data(
        proto,
        UrlData {
            url: RefCell::new(parsed),
            query_object: GcRefCell::new(None),
        },
    );
    let params = url_search_params::new_for_url(&object, &query, context)?;
    if let Some(data) = object.downcast_ref::<UrlData>() {
        *data.query_object.borrow_mut() = Some(params);
    }
    Ok(object)
}

/// `constructor(USVString url, optional USVString base)`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let proto = prototype_from_new_target(new_target, "URL", context)?;
    let (url, base) = url_and_base(args, context, |m| construct_error("URL", m))?;
    // 1. Let parsedURL be the result of running the API URL parser on url with base, if given.
    // 2. If parsedURL is failure, then throw a TypeError.
    let parsed = api_url_parser(&url, base.as_deref())
        .map_err(|e| construct_error("URL", &invalid(&url, base.as_deref(), e)))?;
    // 3. Initialize this with parsedURL.
    Ok(create(proto, parsed, context)?.into())
}

/// `static URL? parse(USVString url, optional USVString base)`: 1–2. the API URL parser; null
/// on failure. 3. Let url be a new URL object. 4. Initialize url with parsedURL. 5. Return url.
fn parse(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (url, base) = url_and_base(args, context, |m| type_error("URL", "parse", m))?;
    let Ok(parsed) = api_url_parser(&url, base.as_deref()) else {
        return Ok(JsValue::null());
    };
    let proto = prototype_of(context, "URL")?;
    Ok(create(proto, parsed, context)?.into())
}

/// `static boolean canParse(USVString url, optional USVString base)`: whether the API URL
/// parser succeeds.
fn can_parse(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (url, base) = url_and_base(args, context, |m| type_error("URL", "canParse", m))?;
    Ok(api_url_parser(&url, base.as_deref()).is_ok().into())
}

/// `static DOMString createObjectURL((Blob or MediaSource) obj)` (File API §8.3.5): return the
/// result of adding an entry to the blob URL store for obj.
fn create_object_url(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let err = |m: &str| type_error("URL", "createObjectURL", m);
    let Some(value) = args.first() else {
        return Err(err(&arguments_required(1, 0)));
    };
    // The union's conversion: a Blob (or a File, which is one); taskhost has no MediaSource.
    let Some(blob) = value
        .as_object()
        .and_then(|object| crate::web::file_api::blob::serialize(&object))
    else {
        return Err(err("parameter 1 is not of type 'Blob'."));
    };
    // Adding an entry: 2. Let url string be the result of generating a new blob URL (a UUID
    // from the system's random source, as `crypto.randomUUID()` makes them).
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| err(&format!("the system's random number generator failed: {e}")))?;
    let uuid = crate::web::crypto::crypto::uuid_v4_string(bytes);
    let url = blob_url_store::generate_blob_url(&uuid);
    // 3. Let entry be a new blob URL entry consisting of object and the current settings object.
    //    4. Set store[url string] to entry. 5. Return url string.
    let agent = Host::agent_link(context).ok().map(|link| link.id().0);
    let url = blob_url_store::add_entry(url, blob, agent);
    Ok(JsString::from(url.as_str()).into())
}

/// `static undefined revokeObjectURL(DOMString url)` (File API §8.3.5).
fn revoke_object_url(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let Some(value) = args.first() else {
        return Err(type_error(
            "URL",
            "revokeObjectURL",
            &arguments_required(1, 0),
        ));
    };
    let url = value.to_string(context)?.to_std_string_escaped();
    // 1. Let urlRecord be the result of parsing url.
    // 2. If urlRecord's scheme is not "blob", return. (A string that does not parse: too.)
    let Ok(url_record) = ::url::Url::parse(&url) else {
        return Ok(JsValue::undefined());
    };
    if url_record.scheme() != "blob" {
        return Ok(JsValue::undefined());
    }
    // 3. Let entry be urlRecord's blob URL entry. 4. If entry is null, then return.
    // 5. Let isAuthorized be the result of checking for same-partition blob URL usage with entry
    //    and the current settings object. 6. If isAuthorized is false, then return.
    //    (Resolving checks both: an entry of another origin is none.)
    if blob_url_store::resolve_blob_url(&url_record, crate::web::fetch::fetch::ORIGIN).is_none() {
        return Ok(JsValue::undefined());
    }
    // 7. Remove an entry from the Blob URL Store for url. (The entry's key: urlRecord without
    //    its fragment, as resolving looked it up.)
    let mut key = url_record;
    key.set_fragment(None);
    blob_url_store::remove_entry(key.as_str());
    Ok(JsValue::undefined())
}

fn this_url(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let object = this_object(this, context)?;
    if object.downcast_ref::<UrlData>().is_none() {
        return Err(illegal_invocation());
    }
    Ok(object)
}

/// Read this's URL.
fn with_url<R>(this: &JsValue, context: &Context, f: impl FnOnce(&::url::Url) -> R) -> JsResult<R> {
    let object = this_url(this, context)?;
    let data = object
        .downcast_ref::<UrlData>()
        .ok_or_else(illegal_invocation)?;
    let url = data.url.borrow();
    Ok(f(&url))
}

/// Change this's URL (the borrow ends before any call into script).
fn with_url_mut<R>(object: &JsObject, f: impl FnOnce(&mut ::url::Url) -> R) -> JsResult<R> {
    let data = object
        .downcast_ref::<UrlData>()
        .ok_or_else(illegal_invocation)?;
    let mut url = data.url.borrow_mut();
    Ok(f(&mut url))
}

/// The query object of a URL object.
fn query_object(object: &JsObject) -> Option<JsObject> {
    object
        .downcast_ref::<UrlData>()
        .and_then(|d| d.query_object.borrow().clone())
}

/// Set the query of the URL object `object`'s URL (the URLSearchParams update steps, step 4):
/// `None` is null.
pub fn set_query(object: &JsObject, query: Option<&str>) {
    if let Some(data) = object.downcast_ref::<UrlData>() {
        data.url.borrow_mut().set_query(query);
    }
}

/// A getter returning one component as the `url::quirks` getter gives it.
fn getter(read: fn(&::url::Url) -> String) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        let value = with_url(this, context, read)?;
        Ok(JsString::from(value.as_str()).into())
    })
}

/// A setter running one `url::quirks` setter on the USVString value; the standard's setters
/// return silently when the basic URL parser fails with the state override.
fn setter(write: fn(&mut ::url::Url, &str)) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, args, context| {
        let object = this_url(this, context)?;
        let value = to_usv_string(&args.first().cloned().unwrap_or_default(), context)?;
        with_url_mut(&object, |url| write(url, &value))?;
        Ok(JsValue::undefined())
    })
}

/// The href setter: 1. Let parsedURL be the result of running the basic URL parser on the given
/// value. 2. If parsedURL is failure, then throw a TypeError. 3. Set this's URL to parsedURL.
/// 4. Empty this's query object's list. 5–6. If this's URL's query is non-null, set this's
/// query object's list to the result of parsing it.
fn set_href(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_url(this, context)?;
    let value = to_usv_string(&args.first().cloned().unwrap_or_default(), context)?;
    let parsed = ::url::Url::parse(&value).map_err(|e| {
        boa_engine::JsNativeError::typ().with_message(format!(
            "Failed to set the 'href' property on 'URL': {}",
            invalid(&value, None, e)
        ))
    })?;
    let query = parsed.query().map(str::to_owned);
    with_url_mut(&object, |url| *url = parsed)?;
    if let Some(params) = query_object(&object) {
        url_search_params::set_list(&params, query.as_deref().unwrap_or_default());
    }
    Ok(JsValue::undefined())
}

/// The search setter: 1. Let url be this's URL. 2. If the given value is the empty string, then
/// set url's query to null, empty this's query object's list, and return. 3. Let input be the
/// given value with a single leading U+003F (?) removed, if any. 4–5. Set url's query to the
/// empty string and basic URL parse input with url as url and query state as state override.
/// 6. Set this's query object's list to the result of parsing input.
fn set_search(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_url(this, context)?;
    let value = to_usv_string(&args.first().cloned().unwrap_or_default(), context)?;
    with_url_mut(&object, |url| ::url::quirks::set_search(url, &value))?;
    let input = value.strip_prefix('?').unwrap_or(&value);
    if let Some(params) = query_object(&object) {
        url_search_params::set_list(&params, input);
    }
    Ok(JsValue::undefined())
}

fn href(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let href = with_url(this, context, |url| url.as_str().to_owned())?;
    Ok(JsString::from(href.as_str()).into())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "URL",
            parent: None,
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.static_operation("parse", 1, NativeFunction::from_fn_ptr(parse))
                .static_operation("canParse", 1, NativeFunction::from_fn_ptr(can_parse))
                .static_operation(
                    "createObjectURL",
                    1,
                    NativeFunction::from_fn_ptr(create_object_url),
                )
                .static_operation(
                    "revokeObjectURL",
                    1,
                    NativeFunction::from_fn_ptr(revoke_object_url),
                )
                // `stringifier attribute USVString href`: the URL serialized.
                .attribute(
                    "href",
                    NativeFunction::from_fn_ptr(href),
                    Some(NativeFunction::from_fn_ptr(set_href)),
                )
                // `readonly attribute USVString origin`: the serialization of this's URL's
                // origin ("null" for an opaque origin).
                .attribute("origin", getter(::url::quirks::origin), None)
                .attribute(
                    "protocol",
                    getter(|u| ::url::quirks::protocol(u).to_owned()),
                    Some(setter(|u, v| {
                        let _ = ::url::quirks::set_protocol(u, v);
                    })),
                )
                .attribute(
                    "username",
                    getter(|u| ::url::quirks::username(u).to_owned()),
                    Some(setter(|u, v| {
                        let _ = ::url::quirks::set_username(u, v);
                    })),
                )
                .attribute(
                    "password",
                    getter(|u| ::url::quirks::password(u).to_owned()),
                    Some(setter(|u, v| {
                        let _ = ::url::quirks::set_password(u, v);
                    })),
                )
                .attribute(
                    "host",
                    getter(|u| ::url::quirks::host(u).to_owned()),
                    Some(setter(|u, v| {
                        let _ = ::url::quirks::set_host(u, v);
                    })),
                )
                .attribute(
                    "hostname",
                    getter(|u| ::url::quirks::hostname(u).to_owned()),
                    Some(setter(|u, v| {
                        let _ = ::url::quirks::set_hostname(u, v);
                    })),
                )
                .attribute(
                    "port",
                    getter(|u| ::url::quirks::port(u).to_owned()),
                    Some(setter(|u, v| {
                        let _ = ::url::quirks::set_port(u, v);
                    })),
                )
                .attribute(
                    "pathname",
                    getter(|u| ::url::quirks::pathname(u).to_owned()),
                    Some(setter(::url::quirks::set_pathname)),
                )
                .attribute(
                    "search",
                    getter(|u| ::url::quirks::search(u).to_owned()),
                    Some(NativeFunction::from_fn_ptr(set_search)),
                )
                // `[SameObject] readonly attribute URLSearchParams searchParams`.
                .attribute(
                    "searchParams",
                    NativeFunction::from_fn_ptr(|this, _, context| {
                        let object = this_url(this, context)?;
                        Ok(query_object(&object).map_or_else(JsValue::undefined, Into::into))
                    }),
                    None,
                )
                .attribute(
                    "hash",
                    getter(|u| ::url::quirks::hash(u).to_owned()),
                    Some(setter(::url::quirks::set_hash)),
                )
                // `USVString toJSON()`: this's URL, serialized.
                .operation("toJSON", 0, NativeFunction::from_fn_ptr(href))
                // The stringifier: the same as href.
                .operation("toString", 0, NativeFunction::from_fn_ptr(href));
        },
    )?;
    Ok(())
}
