//! The `DOMImplementation` interface (DOM §4.5.1): `document.implementation`, and the documents
//! it makes — `createDocument()` (an `XMLDocument`), `createHTMLDocument()` — and `hasFeature()`.
//! A document made here has no browsing context: its `defaultView` is null, its visibility state
//! "hidden" (Page Visibility) and its readiness "complete" (HTML: a document not made by a parser).
//!
//! Invariant: a document has one DOMImplementation (`[SameObject]`), made the first time
//! `implementation` is read; it holds the document ("associated document").
//!
//! Deviations, deliberate: taskhost has no namespaces (every element is an HTML element, as
//! `createElement()` makes them) and no `DocumentType` nodes, so `createDocument()` makes its
//! element with the qualified name's local name (a prefix is checked, then dropped), a non-null `doctype` is a `TypeError` (no value
//! is a `DocumentType`), `createHTMLDocument()` appends no doctype, and `createDocumentType()` is
//! not defined. A document's origin and content type are not modelled.

use boa_engine::{Context, JsData, JsNativeError, JsObject, JsResult, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::web::dom::document::{create_element, create_text_node, is_valid_element_local_name};
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::interface::{
    InterfaceSpec, arg, define_interface, extend_interface, illegal_invocation, prototype_of,
    this_object,
};
use crate::web::dom::node::{NodeKind, insert, new_node, node_state};

/// The native data of a DOMImplementation: its associated document.
#[derive(Trace, Finalize, JsData)]
struct ImplementationData {
    document: JsObject,
}

fn this_implementation(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let object = this_object(this, context)?;
    let document = object
        .downcast_ref::<ImplementationData>()
        .map(|d| d.document.clone())
        .ok_or_else(illegal_invocation)?;
    Ok(document)
}

/// `document.implementation`: the document's DOMImplementation, made now if it was not.
fn implementation(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let document = this_object(this, context)?;
    let state = node_state(&document)
        .filter(|s| s.kind == NodeKind::Document)
        .ok_or_else(illegal_invocation)?;
    if let Some(made) = state.implementation.borrow().clone() {
        return Ok(made.into());
    }
    let proto = prototype_of(context, "DOMImplementation")?;
    let made = JsObject::from_proto_and_data(proto, ImplementationData { document });
    *state.implementation.borrow_mut() = Some(made.clone());
    Ok(made.into())
}

/// A new document without a browsing context, of interface `interface`.
fn new_document(interface: &str, context: &mut Context) -> JsResult<JsObject> {
    let proto = prototype_of(context, interface)?;
    Ok(new_node(proto, NodeKind::Document, None))
}

/// DOM "validate and extract" of `qualified_name` with `namespace` (null: `None`), without the
/// namespaces taskhost lacks: the local name, or the DOMException it throws.
fn validate_and_extract(
    namespace: Option<&str>,
    qualified_name: &str,
    context: &Context,
) -> JsResult<String> {
    let error = |what: &str, name: &str| {
        dom_exception_error(
            context,
            &format!("DOMImplementation.createDocument: '{qualified_name}' {what}"),
            name,
        )
    };
    // 1. If namespace is the empty string, then set it to null.
    let namespace = namespace.filter(|n| !n.is_empty());
    // 2–4. Let prefix be null and localName be qualifiedName; if qualifiedName contains a
    //      U+003A (:), split it on the first one into prefix and localName, and if prefix is
    //      not a valid namespace prefix, throw an "InvalidCharacterError" DOMException.
    let (prefix, local_name) = match qualified_name.split_once(':') {
        Some((prefix, local_name)) => {
            if prefix.is_empty()
                || prefix
                    .chars()
                    .any(|c| c.is_ascii_whitespace() || matches!(c, '\0' | '/' | '>'))
            {
                return Err(error("has an invalid prefix", "InvalidCharacterError"));
            }
            (Some(prefix), local_name)
        }
        None => (None, qualified_name),
    };
    // 5. If localName is not a valid element local name, then throw an "InvalidCharacterError"
    //    DOMException.
    if !is_valid_element_local_name(local_name) {
        return Err(error(
            "is not a valid qualified name",
            "InvalidCharacterError",
        ));
    }
    // 6. If prefix is non-null and namespace is null, then throw a "NamespaceError"
    //    DOMException.
    if prefix.is_some() && namespace.is_none() {
        return Err(error("has a prefix but no namespace", "NamespaceError"));
    }
    // 7–9. (The checks of the xml and xmlns prefixes and namespaces: no namespaces here.)
    // 10. Return namespace, prefix, and localName.
    Ok(local_name.to_owned())
}

/// `createDocument(namespace, [LegacyNullToEmptyString] qualifiedName, optional doctype = null)`.
fn create_document(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    this_implementation(this, context)?;
    // (namespace: `DOMString?`; only its presence matters here, as there are no namespaces.)
    let namespace = arg(args, 0);
    let namespace = if namespace.is_null_or_undefined() {
        None
    } else {
        Some(namespace.to_string(context)?.to_std_string_escaped())
    };
    let qualified = arg(args, 1);
    let qualified = if qualified.is_null() {
        String::new()
    } else {
        qualified.to_string(context)?.to_std_string_escaped()
    };
    let doctype = arg(args, 2);
    if !doctype.is_null_or_undefined() {
        return Err(JsNativeError::typ()
            .with_message(
                "DOMImplementation.createDocument: doctype is not of type 'DocumentType' \
                 (taskhost has no doctype nodes; pass null)",
            )
            .into());
    }
    // 1. Let document be a new XMLDocument.
    let document = new_document("XMLDocument", context)?;
    // 2. Let element be null.
    // 3. If qualifiedName is not the empty string, then set element to the result of running
    //    the internal createElementNS steps, given document, namespace, qualifiedName, and an
    //    empty dictionary (its first step: validate and extract).
    let element = if qualified.is_empty() {
        None
    } else {
        let local_name = validate_and_extract(namespace.as_deref(), &qualified, context)?;
        Some(create_element(&document, &local_name, context)?)
    };
    // 4. If doctype is non-null, append doctype to document. (Always null: see above.)
    // 5. If element is non-null, append element to document.
    if let Some(element) = element {
        insert(&element, &document, None, context)?;
    }
    // 6. document's origin is this's associated document's origin. 7. document's content type
    //    is determined by namespace. (Neither is modelled.)
    // 8. Return document.
    Ok(document.into())
}

/// `createHTMLDocument(optional DOMString title)`.
fn create_html_document(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    this_implementation(this, context)?;
    let title = match args.first() {
        Some(v) if !v.is_undefined() => Some(v.to_string(context)?.to_std_string_escaped()),
        _ => None,
    };
    // 1. Let doc be a new document that is an HTML document. 2. Set doc's content type to
    //    "text/html". 3. Append a new doctype, with "html" as its name and with its node document
    //    set to doc, to doc. (No doctype nodes here.)
    let doc = new_document("Document", context)?;
    // 4. Append the result of creating an element given doc, "html", and the HTML namespace, to
    //    doc.
    let html = create_element(&doc, "html", context)?;
    insert(&html, &doc, None, context)?;
    // 5. Append the result of creating an element given doc, "head", and the HTML namespace, to
    //    the html element created earlier.
    let head = create_element(&doc, "head", context)?;
    insert(&head, &html, None, context)?;
    // 6. If title is given: 1. Append the result of creating an element given doc, "title", and
    //    the HTML namespace, to the head element created earlier. 2. Append a new Text node,
    //    with its data set to title (which could be the empty string) and its node document set
    //    to doc, to the title element created earlier.
    if let Some(title) = title {
        let element = create_element(&doc, "title", context)?;
        insert(&element, &head, None, context)?;
        let text = create_text_node(&title, Some(doc.clone()), context)?;
        insert(&text, &element, None, context)?;
    }
    // 7. Append the result of creating an element given doc, "body", and the HTML namespace, to
    //    the html element created earlier.
    let body = create_element(&doc, "body", context)?;
    insert(&body, &html, None, context)?;
    // 8. doc's origin is this's associated document's origin. (Not modelled.)
    // 9. Return doc.
    Ok(doc.into())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "DOMImplementation",
            parent: None,
            length: 0,
            constructor: None,
        },
        |m| {
            m.operation(
                "createDocument",
                2,
                NativeFunction::from_fn_ptr(create_document),
            )
            .operation(
                "createHTMLDocument",
                0,
                NativeFunction::from_fn_ptr(create_html_document),
            )
            // hasFeature(): "return true" (useless; always returns true).
            .operation(
                "hasFeature",
                0,
                NativeFunction::from_fn_ptr(|_, _, _| Ok(true.into())),
            );
        },
    )?;
    // `interface XMLDocument : Document {}`.
    define_interface(
        context,
        InterfaceSpec {
            name: "XMLDocument",
            parent: Some("Document"),
            length: 0,
            constructor: None,
        },
        |_| {},
    )?;
    // `[SameObject] readonly attribute DOMImplementation implementation` of Document.
    extend_interface(context, "Document", |interface, context| {
        crate::web::util::define_readonly_attribute(
            &interface.prototype,
            "implementation",
            NativeFunction::from_fn_ptr(implementation),
            context,
        )
    })
}
