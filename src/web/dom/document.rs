//! The `Document` interface (DOM §4.5, HTML §3.1), as a container of browsing contexts and
//! scripts: `documentElement`, `head`, `body`, `title`, `createElement()`, `createTextNode()`,
//! `getElementById()`; and each window's document (its `document` attribute).
//!
//! Deviation, deliberate: no layout, CSS, forms, `NodeList`s or the rest of the DOM; every element
//! is an HTML element (`createElement()` lowercases its name). `readyState` is the document's
//! current document readiness: "loading", "interactive" once its parser has stopped, "complete"
//! when the window's `load` event is fired; each change fires `readystatechange` at the document.

use std::cell::Cell;
use std::rc::Rc;

use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction};

use boa_engine::realm::Realm;

use crate::agent::realm::{in_realm, insert_realm_data, realm_data, realm_data_of};
use crate::web::dom::interface::{
    InterfaceSpec, arg, define_interface, illegal_invocation, prototype_of, this_object,
};
use crate::web::dom::node::{
    NodeKind, attribute, inclusive_descendants, insert, local_name, new_node, node_state,
    text_content,
};

/// The current realm's window's document (realm data).
pub struct WindowDocument {
    pub document: JsObject,
    /// HTML's current document readiness (`readyState`).
    pub readiness: Cell<Readiness>,
}

/// HTML's document readiness values (`DocumentReadyState`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Readiness {
    Loading,
    Interactive,
    Complete,
}

impl Readiness {
    fn as_str(self) -> &'static str {
        match self {
            Self::Loading => "loading",
            Self::Interactive => "interactive",
            Self::Complete => "complete",
        }
    }
}

/// A window whose document is the initial about:blank one, not made yet (realm data): it is
/// made, with its `html`, `head` and `body`, when something first needs it (`document`,
/// `contentDocument`, an event fired at it). Until then nothing can reach it, so nothing can
/// tell when it was made.
#[derive(Default)]
struct InitialDocument {
    /// The window's load event was fired before the document was made.
    loaded: Cell<bool>,
}

/// The current realm's window gets the initial about:blank document, made when first needed.
pub fn defer_initial_document(context: &Context) {
    insert_realm_data(context, Rc::new(InitialDocument::default()));
}

/// The document of the current realm's window (the initial about:blank one is made now if it was
/// not).
pub fn window_document(context: &mut Context) -> JsResult<Option<Rc<WindowDocument>>> {
    if let Some(made) = made_window_document(context) {
        return Ok(Some(made));
    }
    let Some(initial) = realm_data::<InitialDocument>(context) else {
        return Ok(None);
    };
    let document = create_window_document(context)?;
    populate_blank(&document, context)?;
    let made = made_window_document(context);
    if let Some(made) = &made
        && initial.loaded.get()
    {
        made.readiness.set(Readiness::Complete);
    }
    Ok(made)
}

/// The document of `realm`'s window (made now if it was the initial one, not made yet).
pub fn window_document_of(
    realm: &Realm,
    context: &mut Context,
) -> JsResult<Option<Rc<WindowDocument>>> {
    in_realm(context, realm, window_document)
}

/// The document of the current realm's window if it was made.
#[must_use]
pub fn made_window_document(context: &Context) -> Option<Rc<WindowDocument>> {
    realm_data::<WindowDocument>(context)
}

/// The document of `realm`'s window if it was made.
#[must_use]
pub fn made_window_document_of(realm: &Realm) -> Option<Rc<WindowDocument>> {
    realm_data_of::<WindowDocument>(realm)
}

/// Whether `realm`'s window has a document (made or not).
#[must_use]
pub fn has_window_document(realm: &Realm) -> bool {
    made_window_document_of(realm).is_some() || realm_data_of::<InitialDocument>(realm).is_some()
}

/// The current realm's window's document is completely loaded (realm data): its completely
/// loaded time is set, after its `load` and `pageshow` events.
struct CompletelyLoaded;

/// HTML "completely finish loading" the current realm's window's document, as far as it is
/// observable here: from now on it is completely loaded.
pub fn completely_finish_loading(context: &Context) {
    insert_realm_data(context, Rc::new(CompletelyLoaded));
}

/// Whether `realm`'s window's document is completely loaded (HTML: its completely loaded time
/// is non-null). An initial about:blank document is (HTML completely finishes loading it as it
/// is made).
#[must_use]
pub fn is_completely_loaded(realm: &Realm) -> bool {
    realm_data_of::<CompletelyLoaded>(realm).is_some()
        || realm_data_of::<crate::web::html::navigation::InitialAboutBlank>(realm)
            .is_some_and(|i| i.0.get())
}

/// HTML "update the current document readiness" of the current realm's window's document to
/// `readiness`. (A window whose initial about:blank document was never made only remembers that
/// it is complete: nothing could listen to it.)
pub fn update_readiness(readiness: Readiness, context: &mut Context) -> JsResult<()> {
    let Some(made) = made_window_document(context) else {
        if readiness == Readiness::Complete
            && let Some(initial) = realm_data::<InitialDocument>(context)
        {
            initial.loaded.set(true);
        }
        return Ok(());
    };
    // 1. If document's current document readiness equals readinessValue, then return.
    if made.readiness.get() == readiness {
        return Ok(());
    }
    // 2. Set document's current document readiness to readinessValue.
    made.readiness.set(readiness);
    // 3–4. (The navigation timing entries of "interactive" and "complete": not modelled.)
    // 5. Fire an event named readystatechange at document.
    crate::web::dom::dispatch::fire_simple_event(
        &made.document,
        "readystatechange",
        crate::web::dom::event::EventInit::default(),
        context,
    )
    .map(drop)
}

/// A new, empty document whose window is the current realm's global, made that window's document.
pub fn create_window_document(context: &mut Context) -> JsResult<JsObject> {
    let proto = prototype_of(context, "Document")?;
    let document = new_node(proto, NodeKind::Document, None);
    if let Some(state) = node_state(&document) {
        *state.window.borrow_mut() = Some(context.global_object());
    }
    insert_realm_data(
        context,
        Rc::new(WindowDocument {
            document: document.clone(),
            readiness: Cell::new(Readiness::Loading),
        }),
    );
    Ok(document)
}

/// Give `document` the initial about:blank content: `<html><head></head><body></body></html>`.
pub fn populate_blank(document: &JsObject, context: &mut Context) -> JsResult<()> {
    let html = create_element(document, "html", context)?;
    let head = create_element(document, "head", context)?;
    let body = create_element(document, "body", context)?;
    insert(&html, document, None, context)?;
    insert(&head, &html, None, context)?;
    insert(&body, &html, None, context)?;
    Ok(())
}

/// DOM "create an element" for an HTML element named `local_name` (its interface by name).
pub fn create_element(
    document: &JsObject,
    local_name: &str,
    context: &mut Context,
) -> JsResult<JsObject> {
    let interface = crate::web::html::html_element::element_interface(local_name);
    let proto = prototype_of(context, interface)?;
    Ok(new_node(
        proto,
        NodeKind::Element(local_name.to_owned()),
        Some(document.clone()),
    ))
}

/// DOM "valid element local name", as taskhost checks it: an ASCII letter first, then no
/// whitespace and none of `<>/="'` (stricter than DOM, which also allows a name that starts
/// with `:`, `_` or a non-ASCII character).
#[must_use]
pub fn is_valid_element_local_name(name: &str) -> bool {
    name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && !name
            .chars()
            .any(|c| c.is_whitespace() || "<>/=\"'".contains(c))
}

/// A new text node with `data`, owned by `document`.
pub fn create_text_node(
    data: &str,
    document: Option<JsObject>,
    context: &mut Context,
) -> JsResult<JsObject> {
    let proto = prototype_of(context, "Text")?;
    let node = new_node(proto, NodeKind::Text, document);
    if let Some(state) = node_state(&node) {
        data.clone_into(&mut state.data.borrow_mut());
    }
    Ok(node)
}

/// The document element's first child element named `name` (`head`/`body`).
/// The document element of `document`: its element child, if any.
#[must_use]
pub fn document_element(document: &JsObject) -> Option<JsObject> {
    let state = node_state(document)?;
    let children = state.children.borrow();
    children.iter().find(|c| local_name(c).is_some()).cloned()
}

/// The body element of `document` (HTML §3.1.3): the document element's first `<body>` child.
/// (No `<frameset>` element exists here.)
#[must_use]
pub fn body_element(document: &JsObject) -> Option<JsObject> {
    child_of_root(document, "body")
}

fn child_of_root(document: &JsObject, name: &str) -> Option<JsObject> {
    let state = node_state(document)?;
    let root = state
        .children
        .borrow()
        .iter()
        .find(|c| local_name(c).is_some())
        .cloned()?;
    let root_state = node_state(&root)?;
    let children = root_state.children.borrow();
    children
        .iter()
        .find(|c| local_name(c).as_deref() == Some(name))
        .cloned()
}

fn this_document(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let object = this_object(this, context)?;
    match node_state(&object) {
        Some(state) if state.kind == NodeKind::Document => Ok(object),
        _ => Err(illegal_invocation()),
    }
}

fn or_null(node: Option<JsObject>) -> JsValue {
    node.map_or_else(JsValue::null, JsValue::from)
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "CharacterData",
            parent: Some("Node"),
            length: 0,
            constructor: None,
        },
        |m| {
            m.attribute(
                "data",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let node = this_object(this, context)?;
                    let state = node_state(&node)
                        .filter(|s| matches!(s.kind, NodeKind::Text | NodeKind::Comment))
                        .ok_or_else(illegal_invocation)?;
                    Ok(JsString::from(state.data.borrow().as_str()).into())
                }),
                Some(NativeFunction::from_fn_ptr(|this, args, context| {
                    let node = this_object(this, context)?;
                    let state = node_state(&node)
                        .filter(|s| matches!(s.kind, NodeKind::Text | NodeKind::Comment))
                        .ok_or_else(illegal_invocation)?;
                    drop(state);
                    // [LegacyNullToEmptyString]: null is the empty string.
                    let value = arg(args, 0);
                    let value = if value.is_null() {
                        String::new()
                    } else {
                        value.to_string(context)?.to_std_string_escaped()
                    };
                    crate::web::dom::node::replace_data(&node, &value, context)?;
                    Ok(JsValue::undefined())
                })),
            );
        },
    )?;
    // Text: `constructor(optional DOMString data = "")`: set this's data to data and this's
    // node document to the current global object's associated Document.
    define_interface(
        context,
        InterfaceSpec {
            name: "Text",
            parent: Some("CharacterData"),
            length: 0,
            constructor: Some(NativeFunction::from_fn_ptr(|new_target, args, context| {
                let proto = crate::web::dom::interface::prototype_from_new_target(
                    new_target, "Text", context,
                )?;
                let data = match args.first() {
                    Some(v) if !v.is_undefined() => v.to_string(context)?.to_std_string_escaped(),
                    _ => String::new(),
                };
                let document = window_document(context)?.map(|w| w.document.clone());
                let node = new_node(proto, NodeKind::Text, document);
                if let Some(state) = node_state(&node) {
                    *state.data.borrow_mut() = data;
                }
                Ok(node.into())
            })),
        },
        |_| {},
    )?;
    define_interface(
        context,
        InterfaceSpec {
            name: "Document",
            parent: Some("Node"),
            length: 0,
            constructor: None,
        },
        |m| {
            m.attribute(
                "documentElement",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let document = this_document(this, context)?;
                    Ok(or_null(node_state(&document).and_then(|s| {
                        s.children
                            .borrow()
                            .iter()
                            .find(|c| local_name(c).is_some())
                            .cloned()
                    })))
                }),
                None,
            )
            .attribute(
                "head",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    Ok(or_null(child_of_root(
                        &this_document(this, context)?,
                        "head",
                    )))
                }),
                None,
            )
            .attribute(
                "body",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    Ok(or_null(child_of_root(
                        &this_document(this, context)?,
                        "body",
                    )))
                }),
                None,
            )
            // The title: the first <title> element's text, whitespace stripped and collapsed.
            .attribute(
                "title",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let document = this_document(this, context)?;
                    let title = inclusive_descendants(&document)
                        .into_iter()
                        .find(|n| local_name(n).as_deref() == Some("title"))
                        .map(|t| {
                            text_content(&t)
                                .split_ascii_whitespace()
                                .collect::<Vec<_>>()
                                .join(" ")
                        })
                        .unwrap_or_default();
                    Ok(JsString::from(title.as_str()).into())
                }),
                None,
            )
            .attribute(
                // HTML: "The defaultView getter steps are: 1. If this's browsing context is
                // null, then return null. 2. Return this's browsing context's WindowProxy
                // object." (Its window, for a window's document; null for the documents
                // DOMImplementation makes.)
                "defaultView",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let document = this_document(this, context)?;
                    Ok(or_null(
                        node_state(&document).and_then(|s| s.window.borrow().clone()),
                    ))
                }),
                None,
            )
            .attribute(
                "readyState",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let document = this_document(this, context)?;
                    // A document without a window (made by DOMImplementation) was not made by
                    // a parser: "complete" (HTML, "current document readiness").
                    let windowless =
                        node_state(&document).is_some_and(|s| s.window.borrow().is_none());
                    let readiness = if windowless {
                        Readiness::Complete
                    } else {
                        made_window_document(context)
                            .filter(|w| JsObject::equals(&w.document, &document))
                            .map_or(Readiness::Loading, |w| w.readiness.get())
                    };
                    Ok(JsString::from(readiness.as_str()).into())
                }),
                None,
            )
            .operation(
                "createElement",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let document = this_document(this, context)?;
                    let name = arg(args, 0).to_string(context)?.to_std_string_escaped();
                    // 1. If localName is not a valid element local name, throw an
                    //    "InvalidCharacterError" DOMException.
                    if !is_valid_element_local_name(&name) {
                        return Err(crate::web::dom::dom_exception::dom_exception_error(
                            context,
                            &format!("The tag name provided ('{name}') is not a valid name."),
                            "InvalidCharacterError",
                        ));
                    }
                    // 2. If this is an HTML document, set localName to localName in ASCII
                    //    lowercase.
                    Ok(create_element(&document, &name.to_ascii_lowercase(), context)?.into())
                }),
            )
            .operation(
                "createTextNode",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let document = this_document(this, context)?;
                    let data = arg(args, 0).to_string(context)?.to_std_string_escaped();
                    Ok(create_text_node(&data, Some(document), context)?.into())
                }),
            )
            // Deviation: a plain array of the elements in tree order, not a live
            // HTMLCollection.
            .operation(
                "getElementsByTagName",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let document = this_document(this, context)?;
                    let name = arg(args, 0).to_string(context)?.to_std_string_escaped();
                    let name = name.to_ascii_lowercase();
                    let found: Vec<JsValue> = inclusive_descendants(&document)
                        .into_iter()
                        .filter(|n| local_name(n).is_some_and(|l| name == "*" || l == name))
                        .map(JsValue::from)
                        .collect();
                    Ok(boa_engine::object::builtins::JsArray::from_iter(found, context).into())
                }),
            )
            .operation("createEvent", 1, NativeFunction::from_fn_ptr(create_event))
            // ParentNode's querySelector(selectors): the first result of running scope-match a
            // selectors string selectors against this, if the result is not an empty list;
            // otherwise null.
            .operation(
                "querySelector",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let document = this_document(this, context)?;
                    let selectors = arg(args, 0).to_string(context)?.to_std_string_escaped();
                    let found = crate::web::dom::selectors::scope_match(
                        &selectors, &document, true, context,
                    )?;
                    Ok(or_null(found.into_iter().next()))
                }),
            )
            // querySelectorAll(selectors): the static result of running scope-match a
            // selectors string selectors against this. (Deviation: a plain array, as
            // getElementsByTagName's.)
            .operation(
                "querySelectorAll",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let document = this_document(this, context)?;
                    let selectors = arg(args, 0).to_string(context)?.to_std_string_escaped();
                    let found = crate::web::dom::selectors::scope_match(
                        &selectors, &document, false, context,
                    )?;
                    let values: Vec<JsValue> = found.into_iter().map(JsValue::from).collect();
                    Ok(boa_engine::object::builtins::JsArray::from_iter(values, context).into())
                }),
            )
            .operation(
                "getElementById",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let document = this_document(this, context)?;
                    let id = arg(args, 0).to_string(context)?.to_std_string_escaped();
                    Ok(or_null(inclusive_descendants(&document).into_iter().find(
                        |n| attribute(n, "id").as_deref() == Some(id.as_str()),
                    )))
                }),
            );
        },
    )?;
    Ok(())
}

/// The interfaces `createEvent()` knows (DOM §4.5, step 2's table, lower-cased), for the ones
/// taskhost has; the others (`BeforeUnloadEvent`, `CompositionEvent`, `DragEvent`,
/// `StorageEvent`, `TextEvent`, the device events) are not
/// exposed here, so step 4 throws for them.
const CREATE_EVENT_INTERFACES: &[(&str, &str)] = &[
    ("customevent", "CustomEvent"),
    ("event", "Event"),
    ("events", "Event"),
    ("focusevent", "FocusEvent"),
    ("hashchangeevent", "HashChangeEvent"),
    ("htmlevents", "Event"),
    ("keyboardevent", "KeyboardEvent"),
    ("messageevent", "MessageEvent"),
    ("mouseevent", "MouseEvent"),
    ("mouseevents", "MouseEvent"),
    ("svgevents", "Event"),
    ("touchevent", "TouchEvent"),
    ("uievent", "UIEvent"),
    ("uievents", "UIEvent"),
];

/// The names of step 2's table whose interfaces taskhost does not expose.
const CREATE_EVENT_UNEXPOSED: &[&str] = &[
    "beforeunloadevent",
    "compositionevent",
    "devicemotionevent",
    "deviceorientationevent",
    "dragevent",
    "storageevent",
    "textevent",
];

/// `createEvent(interface)` (DOM §4.5).
fn create_event(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    this_document(this, context)?;
    if args.is_empty() {
        return Err(crate::engine::webidl::type_error(
            "Document",
            "createEvent",
            &crate::web::dom::interface::arguments_required(1, 0),
        ));
    }
    let name = args[0].to_string(context)?.to_std_string_escaped();
    let lower = name.to_ascii_lowercase();
    // 1. Let constructor be null. 2. If interface is an ASCII case-insensitive match for any of
    //    the strings in the first column of the table, then set constructor to the interface in
    //    the second column on the same row as the matching string.
    let constructor = CREATE_EVENT_INTERFACES
        .iter()
        .find(|(key, _)| *key == lower)
        .map(|(_, interface)| *interface);
    // 3. If constructor is null, then throw a "NotSupportedError" DOMException. 4. If the
    //    interface indicated by constructor is not exposed on the relevant global object of
    //    this, then throw a "NotSupportedError" DOMException.
    let Some(constructor) = constructor else {
        let why = if CREATE_EVENT_UNEXPOSED.contains(&lower.as_str()) {
            "its interface is not exposed here"
        } else {
            "it is not an event interface createEvent() knows"
        };
        return Err(crate::web::dom::dom_exception::dom_exception_error(
            context,
            &format!("createEvent('{name}'): {why}"),
            "NotSupportedError",
        ));
    };
    // 5. Let event be the result of creating an event given constructor. 6. Initialize event's
    //    type attribute to the empty string. 7. Initialize event's timeStamp attribute to the
    //    relative high resolution coarse time given this's relevant global object. 8. Initialize
    //    event's isTrusted attribute to false. (The constructor, given "", does 5–8.)
    let interface = crate::web::dom::interface::interface(context, constructor)?;
    let event = interface
        .constructor
        .construct(&[JsString::from("").into()], None, context)?;
    // 9. Unset event's initialized flag.
    if let Some(state) = crate::web::dom::event::event_state(&event, context) {
        state.borrow_mut().initialized = false;
    }
    // 10. Return event.
    Ok(event.into())
}

/// A TypeError for a window without a document (never for windows the runtime made).
#[must_use]
pub fn no_document() -> boa_engine::JsError {
    JsNativeError::typ()
        .with_message("this window has no document")
        .into()
}
