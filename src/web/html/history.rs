//! The `History` interface (HTML §7.2.5): a window's `history`, the session history of its
//! document's navigable as scripts see it (`navigation.rs` keeps the history itself).
//!
//! ```webidl
//! enum ScrollRestoration { "auto", "manual" };
//! [Exposed=Window]
//! interface History {
//!   readonly attribute unsigned long length;
//!   attribute ScrollRestoration scrollRestoration;
//!   readonly attribute any state;
//!   undefined go(optional long delta = 0);
//!   undefined back();
//!   undefined forward();
//!   undefined pushState(any data, DOMString unused, optional USVString? url = null);
//!   undefined replaceState(any data, DOMString unused, optional USVString? url = null);
//! };
//! ```
//!
//! Invariant: one History object per window (per document: a navigation makes a new window),
//! made when `history` is first read.
//!
//! Deviations, deliberate: `length` is read from the session history when asked (HTML keeps a
//! copy in the document, updated when a history step is applied; the two differ only while a
//! traversal is under way), and `scrollRestoration` is kept per document, not per entry (there
//! is no scrolling to restore).

use std::cell::Cell;
use std::rc::Rc;

use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::agent::realm::{insert_realm_data, realm_data, realm_record};
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::interface::{
    InterfaceSpec, arg, arguments_required, define_interface, illegal_invocation, prototype_of,
    this_object,
};
use crate::web::html::{history_steps, navigation};

#[derive(Trace, Finalize, JsData)]
struct HistoryData {
    /// The scroll restoration mode: "manual" when true.
    #[unsafe_ignore_trace]
    manual: Cell<bool>,
}

/// The window's History object (realm data, once made).
struct WindowHistory(JsObject);

/// The History object `this`, in the current realm (its window's: members run in their own
/// realm), whose document must be fully active (else a "SecurityError" DOMException).
fn this_history(this: &JsValue, member: &str, context: &Context) -> JsResult<JsObject> {
    let object = this_object(this, context)?;
    if object.downcast_ref::<HistoryData>().is_none() {
        return Err(illegal_invocation());
    }
    if realm_record(context.realm()).is_some_and(|r| !r.is_fully_active()) {
        return Err(dom_exception_error(
            context,
            &format!(
                "Failed to {member} on 'History': may not use a History object associated \
                 with a Document that is not fully active"
            ),
            "SecurityError",
        ));
    }
    Ok(object)
}

/// `go(delta)`, `back()` (-1) and `forward()` (+1).
fn go_by(this: &JsValue, delta: i64, member: &str, context: &mut Context) -> JsResult<JsValue> {
    // 1. Let document be this's associated Document. 2. If document is not fully active, then
    //    throw a "SecurityError" DOMException.
    this_history(this, member, context)?;
    // 3. If delta is 0, then reload document's node navigable, and return.
    if delta == 0 {
        navigation::reload(context)?;
        return Ok(JsValue::undefined());
    }
    // 4. Traverse the history by a delta given document's node navigable's traversable
    //    navigable, delta, and with sourceDocument set to document.
    history_steps::traverse_by_delta(delta, context)?;
    Ok(JsValue::undefined())
}

/// The shared history push/replace state steps.
fn push_or_replace_state(
    this: &JsValue,
    args: &[JsValue],
    push: bool,
    context: &mut Context,
) -> JsResult<JsValue> {
    let member = if push {
        "execute 'pushState'"
    } else {
        "execute 'replaceState'"
    };
    if args.len() < 2 {
        return Err(crate::engine::webidl::type_error(
            "History",
            if push { "pushState" } else { "replaceState" },
            &arguments_required(2, args.len()),
        ));
    }
    // (WebIDL: `DOMString unused` is converted, then the `USVString? url`.)
    args[1].to_string(context)?;
    let url = match args.get(2) {
        Some(value) if !value.is_null_or_undefined() => {
            Some(value.to_string(context)?.to_std_string_lossy())
        }
        _ => None,
    };
    // 1. Let document be history's associated Document. 2. If document is not fully active,
    //    then throw a "SecurityError" DOMException.
    this_history(this, member, context)?;
    // 4. Let serializedData be StructuredSerializeForStorage(data). Rethrow any exceptions.
    let serialized =
        crate::web::html::structured_clone::serialize_with_transfer(&arg(args, 0), &[], context)?;
    // 5. Let newURL be document's URL.
    let Some(document_url) = crate::web::html::location::current_document_url(context) else {
        return Ok(JsValue::undefined());
    };
    let mut new_url = document_url.clone();
    // 6. If url is not null or the empty string, then:
    if let Some(url) = url.filter(|u| !u.is_empty()) {
        // 6.1. Set newURL to the result of encoding-parsing a URL given url, relative to the
        //      relevant settings object of history. 6.2. If newURL is failure, then throw a
        //      "SecurityError" DOMException.
        let base =
            crate::web::html::location::document_base_url(context).unwrap_or(document_url.clone());
        let Ok(parsed) = base.join(&url) else {
            return Err(dom_exception_error(
                context,
                &format!("Failed to {member} on 'History': '{url}' is not a valid URL"),
                "SecurityError",
            ));
        };
        // 6.3. If document cannot have its URL rewritten to newURL, then throw a
        //      "SecurityError" DOMException.
        if !can_have_url_rewritten(&document_url, &parsed) {
            return Err(dom_exception_error(
                context,
                &format!(
                    "Failed to {member} on 'History': a history state object with URL \
                     '{parsed}' cannot be created in a document with URL '{document_url}'"
                ),
                "SecurityError",
            ));
        }
        new_url = parsed;
    }
    // 7–9. (No navigation API: no navigate event to cancel this.)
    // 10. Run the URL and history update steps given document and newURL, with serializedData
    //     and historyHandling.
    history_steps::url_and_history_update(serialized, new_url, push, context)?;
    Ok(JsValue::undefined())
}

/// HTML "can have its URL rewritten": only the path, query and fragment may change (for an
/// http(s) URL), only the query and fragment for another scheme (the fragment for about:).
fn can_have_url_rewritten(document: &::url::Url, target: &::url::Url) -> bool {
    // 1. Let documentURL be document's URL. 2. If targetURL and documentURL differ in their
    //    scheme, username, password, host, or port components, then return false.
    if document.scheme() != target.scheme()
        || document.username() != target.username()
        || document.password() != target.password()
        || document.host_str() != target.host_str()
        || document.port() != target.port()
    {
        return false;
    }
    // 3. If targetURL's scheme is an HTTP(S) scheme, then return true.
    if matches!(target.scheme(), "http" | "https") {
        return true;
    }
    // 4. If targetURL's scheme is "file": return whether the paths are equal.
    if target.scheme() == "file" {
        return document.path() == target.path();
    }
    // 5. If targetURL and documentURL differ in their path component or query components,
    //    then return false. 6. Return true.
    document.path() == target.path() && document.query() == target.query()
}

/// The window's `history` getter: its History object (made on first use).
fn history(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    if let Some(history) = realm_data::<WindowHistory>(context) {
        return Ok(history.0.clone().into());
    }
    let proto = prototype_of(context, "History")?;
    let object = JsObject::from_proto_and_data(
        proto,
        HistoryData {
            manual: Cell::new(false),
        },
    );
    insert_realm_data(context, Rc::new(WindowHistory(object.clone())));
    Ok(object.into())
}

/// Define `History` and the window's `history`.
pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "History",
            parent: None,
            length: 0,
            constructor: None,
        },
        |m| {
            m.attribute(
                "length",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    // 1. If this's relevant global object's associated Document is not fully
                    //    active, then throw a "SecurityError" DOMException. 2. Return this's
                    //    length.
                    this_history(this, "read 'length'", context)?;
                    Ok(navigation::history_length(context).into())
                }),
                None,
            )
            .attribute(
                "scrollRestoration",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let history = this_history(this, "read 'scrollRestoration'", context)?;
                    let manual = history
                        .downcast_ref::<HistoryData>()
                        .is_some_and(|d| d.manual.get());
                    Ok(JsString::from(if manual { "manual" } else { "auto" }).into())
                }),
                Some(NativeFunction::from_fn_ptr(|this, args, context| {
                    // (WebIDL: an enumeration attribute ignores a value not in the enumeration.)
                    let value = arg(args, 0).to_string(context)?.to_std_string_lossy();
                    let history = this_history(this, "set 'scrollRestoration'", context)?;
                    if let Some(data) = history.downcast_ref::<HistoryData>() {
                        match value.as_str() {
                            "auto" => data.manual.set(false),
                            "manual" => data.manual.set(true),
                            _ => {}
                        }
                    }
                    Ok(JsValue::undefined())
                })),
            )
            .attribute(
                "state",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    this_history(this, "read 'state'", context)?;
                    Ok(history_steps::history_state(context))
                }),
                None,
            )
            .operation(
                "go",
                0,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let delta = match args.first() {
                        Some(value) if !value.is_undefined() => value.to_i32(context)?,
                        _ => 0,
                    };
                    go_by(this, i64::from(delta), "execute 'go'", context)
                }),
            )
            .operation(
                "back",
                0,
                NativeFunction::from_fn_ptr(|this, _, context| {
                    go_by(this, -1, "execute 'back'", context)
                }),
            )
            .operation(
                "forward",
                0,
                NativeFunction::from_fn_ptr(|this, _, context| {
                    go_by(this, 1, "execute 'forward'", context)
                }),
            )
            .operation(
                "pushState",
                2,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    push_or_replace_state(this, args, true, context)
                }),
            )
            .operation(
                "replaceState",
                2,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    push_or_replace_state(this, args, false, context)
                }),
            );
        },
    )?;
    crate::web::util::define_readonly_attribute(
        &context.global_object(),
        "history",
        NativeFunction::from_fn_ptr(history),
        context,
    )
}

#[cfg(test)]
mod tests {
    use super::can_have_url_rewritten;

    fn url(text: &str) -> ::url::Url {
        ::url::Url::parse(text).expect("a test URL")
    }

    /// An http(s) document may change its path, query and fragment, never its origin or
    /// credentials; about:blank and about:srcdoc only their fragment (and query).
    #[test]
    fn url_rewriting_follows_html() {
        let page = url("http://example.test:8000/a/b.html?x#y");
        assert!(can_have_url_rewritten(
            &page,
            &url("http://example.test:8000/c?z")
        ));
        assert!(can_have_url_rewritten(
            &page,
            &url("http://example.test:8000/a/b.html#q")
        ));
        assert!(!can_have_url_rewritten(
            &page,
            &url("http://example.test:8001/a/b.html")
        ));
        assert!(!can_have_url_rewritten(
            &page,
            &url("https://example.test:8000/a/b.html")
        ));
        assert!(!can_have_url_rewritten(
            &page,
            &url("http://u@example.test:8000/a/b.html")
        ));
        let blank = url("about:blank");
        assert!(can_have_url_rewritten(&blank, &url("about:blank#top")));
        assert!(!can_have_url_rewritten(&blank, &url("about:srcdoc")));
    }
}
