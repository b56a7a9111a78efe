//! The `DOMImplementation` interface (DOM §4.5.1): `document.implementation`, and the documents
//! it makes — `createDocument()` (an `XMLDocument`), `createHTMLDocument()` — and `hasFeature()`.
//! A document made here has no browsing context: its `defaultView` is null, its visibility state
//! "hidden" (Page Visibility) and its readiness "complete" (HTML: a document not made by a parser).
//!
//! Invariant: a document has one DOMImplementation (`[SameObject]`), made the first time
//! `implementation` is read; it holds the document ("associated document").
//!
//! Deviations, deliberate: taskhost has no namespaces (every element is an HTML element, as
//! `createElement()` makes them) and no `DocumentType` nodes, so `createDocument()` takes the
//! qualified name as the element's local name, a non-null `doctype` is a `TypeError` (no value
//! is a `DocumentType`), `createHTMLDocument()` appends no doctype, and `createDocumentType()` is
//! not defined. A document's origin and content type are not modelled.

use boa_engine::{Context, JsData, JsNativeError, JsObject, JsResult, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::web::dom::document::{create_element, create_text_node};
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

/// Whether `name` is a valid XML `QName`-like name for `createDocument()`: a name start
/// character, then name characters (DOM "validate and extract", without namespaces).
fn is_valid_name(name: &str) -> bool {
    let start = |c: char| c.is_ascii_alphabetic() || c == '_' || c == ':' || !c.is_ascii();
    let rest = |c: char| start(c) || c.is_ascii_digit() || c == '-' || c == '.';
    let mut chars = name.chars();
    chars.next().is_some_and(start) && chars.all(rest)
}

/// `createDocument(namespace, [LegacyNullToEmptyString] qualifiedName, optional doctype = null)`.
fn create_document(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    this_implementation(this, context)?;
    // (namespace: `DOMString?`, converted and not used: no namespaces here.)
    let namespace = arg(args, 0);
    if !namespace.is_null_or_undefined() {
        namespace.to_string(context)?;
    }
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
    //    empty dictionary. (Its "validate and extract" throws an "InvalidCharacterError".)
    let element = if qualified.is_empty() {
        None
    } else {
        if !is_valid_name(&qualified) {
            return Err(dom_exception_error(
                context,
                &format!(
                    "DOMImplementation.createDocument: '{qualified}' is not a valid qualified name"
                ),
                "InvalidCharacterError",
            ));
        }
        Some(create_element(&document, &qualified, context)?)
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
