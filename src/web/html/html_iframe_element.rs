//! The `HTMLIFrameElement` interface (HTML §4.8.5) and the child navigables it creates: each
//! connected `<iframe>` gets a window of its own — a new realm on the *same* event loop, with its
//! own `scheduler`, `DOMException`, `TaskController`, timers and document — whose `parent` is the
//! window of the iframe's document.
//!
//! - Inserting an iframe into a document creates its child navigable (an initial about:blank
//!   document) and processes its attributes: without `src`/`srcdoc` (or with `about:blank`) its
//!   `load` event fires at once, inside the insertion; `srcdoc` and a same-root `src` load the
//!   document from a task, run its scripts, fire `load` at its window, then at the iframe.
//! - Removing it destroys the child navigable: its document, and every document nested in it,
//!   is no longer fully active, so their tasks and promise jobs never run again, and
//!   `contentWindow` is null. The window object itself lives on (script can still hold it).
//! - Setting `src` or `srcdoc` of a connected iframe navigates it ("navigate an iframe or
//!   frame", `navigation.rs`): from a task, its document (and those nested in it) is unloaded
//!   (`pagehide`, `visibilitychange`, `unload`) and stops being fully active, and a new window
//!   gets the new document, which loads as the first did.
//!
//! Deviations, deliberate: no `name`/`sandbox`/`allow`/`loading` attributes; a navigated frame's
//! `contentWindow` is a new object (HTML keeps one WindowProxy per navigable; taskhost has none
//! apart from the window); no cross-origin documents (a `src` outside the root is refused with an
//! error on the console, and the frame keeps its document). Navigation itself: `navigation.rs`.

use std::cell::Cell;
use std::rc::Rc;

use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::agent::host::Host;
use crate::agent::realm::{in_realm, install_realm, realm_data, realm_record};
use crate::web::dom::interface::{
    InterfaceSpec, arg, define_interface, illegal_invocation, this_object,
};
use crate::web::dom::node::{ContentWindow, attribute, local_name, node_state};

/// How many child windows this agent has made (their names: `iframe 1`, `iframe 2`, …).
#[derive(Default)]
struct FrameCounter(Cell<u32>);

/// The current realm's window's parent window (absent for a top-level window).
pub struct ParentWindow(pub JsObject);

/// The child windows of the current realm's window, in the order their iframes were inserted
/// (`frames[i]`, `length`).
#[derive(Default)]
pub struct ChildWindows(pub std::cell::RefCell<Vec<(JsObject, JsObject)>>);

fn is_iframe(object: &JsObject) -> bool {
    local_name(object).as_deref() == Some("iframe")
}

/// The window of the realm the iframe's document belongs to.
fn document_window(element: &JsObject) -> Option<JsObject> {
    let document = node_state(element)?.document.borrow().clone()?;
    node_state(&document)?.window.borrow().clone()
}

/// HTML: "When an iframe element insertedNode is inserted into a document whose browsing context
/// is non-null".
pub fn insertion_steps(node: &JsObject, context: &mut Context) -> JsResult<()> {
    if !is_iframe(node) || document_window(node).is_none() {
        return Ok(());
    }
    let Some(state) = node_state(node) else {
        return Ok(());
    };
    if state.content.borrow().is_some() {
        return Ok(());
    }
    // 1. Create a new child navigable for insertedNode.
    let content = create_child_window(node, context)?;
    *state.content.borrow_mut() = Some(content);
    // 2. (sandboxing flags: none.)
    // 3. Process the iframe attributes for insertedNode, with initialInsertion set to true.
    process_iframe_attributes(node, true, context)
}

/// "Create a new child navigable": a new realm on this event loop with its own window and an
/// initial about:blank document.
fn create_child_window(element: &JsObject, context: &mut Context) -> JsResult<ContentWindow> {
    let parent = document_window(element).unwrap_or_else(|| context.global_object());
    let number = next_window_number(context);
    let content = create_window(&format!("iframe {number}"), Some(&parent), context)?;
    // The parent window's document-tree child navigables (frames[i]).
    let parent_realm = parent_realm(&parent, context);
    if let Some(children) = crate::agent::realm::realm_data_of::<ChildWindows>(&parent_realm) {
        children
            .0
            .borrow_mut()
            .push((element.clone(), content.global.clone()));
        crate::web::html::window::sync_frame_indices(&parent, &children, context)?;
    }
    Ok(content)
}

/// The number of the next window this agent makes (windows are named `iframe 1`, `popup 2`, …).
pub fn next_window_number(context: &mut Context) -> u32 {
    if !context.has_data::<Rc<FrameCounter>>() {
        context.insert_data(Rc::new(FrameCounter::default()));
    }
    context.get_data::<Rc<FrameCounter>>().map_or(1, |c| {
        c.0.set(c.0.get() + 1);
        c.0.get()
    })
}

/// A new window on this event loop — a new realm with the web APIs of the current one and an
/// initial about:blank document — named `label`, whose parent is `parent` (none: a top-level
/// window).
pub fn create_window(
    label: &str,
    parent: Option<&JsObject>,
    context: &mut Context,
) -> JsResult<ContentWindow> {
    let options = realm_data::<crate::web::WebOptions>(context)
        .map(|o| (*o).clone())
        .unwrap_or_default();
    let realm = context.create_realm()?;
    let global = in_realm(context, &realm, |context| -> JsResult<JsObject> {
        install_realm(context, label);
        crate::web::register(context, &options)?;
        if let Some(parent) = parent {
            crate::agent::realm::insert_realm_data(context, Rc::new(ParentWindow(parent.clone())));
        }
        // Its initial document's URL.
        crate::web::html::location::set_document_url("about:blank", context);
        crate::agent::realm::insert_realm_data(
            context,
            Rc::new(crate::web::html::navigation::InitialAboutBlank(Cell::new(
                true,
            ))),
        );
        Ok(context.global_object())
    })?;
    Ok(ContentWindow { global, realm })
}

/// The realm whose global is `window` (the current one if it is not found).
fn parent_realm(window: &JsObject, context: &Context) -> boa_engine::realm::Realm {
    crate::agent::realm::realm_of_global(context, window).unwrap_or_else(|| context.realm().clone())
}

/// HTML "process the iframe attributes" for `element`.
fn process_iframe_attributes(
    element: &JsObject,
    initial_insertion: bool,
    context: &mut Context,
) -> JsResult<()> {
    use crate::web::html::navigation::{
        DocumentResource, DocumentSource, HistoryHandling, Navigable, navigate,
        navigate_to_resource,
    };
    let Some(content) = node_state(element).and_then(|s| s.content.borrow().clone()) else {
        return Ok(());
    };
    let Some(traversable) = crate::web::html::navigation::frame_traversable(element, context)
    else {
        return Ok(());
    };
    let navigable = Navigable::Frame(element.clone());
    // "Navigate an iframe or frame": 1. Let historyHandling be "auto". 2. If element's content
    // navigable's active document is not completely loaded, then set historyHandling to
    // "replace".
    let handling = if crate::web::dom::document::is_completely_loaded(&content.realm) {
        HistoryHandling::Auto
    } else {
        HistoryHandling::Replace
    };
    // 1. If element's srcdoc attribute is specified: navigate to about:srcdoc with the value as
    //    the document's source (a navigation: its document loads from a task).
    if let Some(srcdoc) = attribute(element, "srcdoc") {
        let Ok(url) = ::url::Url::parse("about:srcdoc") else {
            return Ok(());
        };
        let resource = DocumentResource {
            source: DocumentSource::Srcdoc(srcdoc.clone()),
            text: Some((srcdoc, "about:srcdoc".to_owned())),
        };
        return navigate_to_resource(&navigable, traversable, url, resource, handling, context);
    }
    // 2. Otherwise: let url be the result of running the shared attribute processing steps
    //    (about:blank when there is no src, or an empty one; else src parsed relative to the
    //    element's node document).
    let src = attribute(element, "src").unwrap_or_default();
    let url = if src.trim().is_empty() {
        ::url::Url::parse("about:blank").ok()
    } else {
        let base = parent_realm(
            &document_window(element).unwrap_or_else(|| context.global_object()),
            context,
        );
        in_realm(context, &base, |context| {
            crate::web::html::location::document_base_url(context)
                .and_then(|base| base.join(src.trim()).ok())
        })
    };
    let Some(url) = url else {
        let host = Host::from_context(context)?;
        crate::engine::errors::report_host_error(&host, &format!("<iframe src>: {src}: not a URL"));
        return Ok(());
    };
    // 3. If url matches about:blank and initialInsertion is true, then run the iframe load
    //    event steps given element, and return (the initial about:blank document stays).
    if initial_insertion && url.scheme() == "about" && url.path() == "blank" {
        return iframe_load_event_steps(element, context);
    }
    // (Shared attribute processing steps, 3: if there exists an ancestor navigable of element's
    // node navigable whose active document's URL equals url with exclude fragments set to
    // true, then return — a frame does not load a document it is nested in.)
    if is_ancestor_url(element, &url, context) {
        return Ok(());
    }
    // 4–5. Navigate an iframe or frame given element, url: a document read from the root,
    //    loaded from a task.
    navigate(
        &navigable,
        traversable,
        url,
        handling,
        "<iframe src>",
        context,
    )
}

/// Whether the document holding `element`, or one it is nested in, has `url` (fragments aside).
fn is_ancestor_url(element: &JsObject, url: &::url::Url, context: &mut Context) -> bool {
    let strip = |u: &::url::Url| {
        let mut u = u.clone();
        u.set_fragment(None);
        u
    };
    let target = strip(url);
    let mut window = document_window(element);
    while let Some(current) = window {
        let Some(realm) = crate::agent::realm::realm_of_global(context, &current) else {
            return false;
        };
        let document_url = in_realm(context, &realm, |context| {
            crate::web::html::location::current_document_url(context)
        });
        if document_url.as_ref().map(strip).as_ref() == Some(&target) {
            return true;
        }
        window = crate::agent::realm::realm_data_of::<ParentWindow>(&realm).map(|p| p.0.clone());
    }
    false
}

/// HTML: "Whenever an iframe element with a non-null content navigable has its srcdoc attribute
/// set, changed, or removed, the user agent must process the iframe attributes", and likewise its
/// src attribute while it has no srcdoc attribute.
pub fn attribute_change_steps(
    element: &JsObject,
    name: &str,
    context: &mut Context,
) -> JsResult<()> {
    if !is_iframe(element) || node_state(element).is_none_or(|s| s.content.borrow().is_none()) {
        return Ok(());
    }
    if name == "srcdoc" || (name == "src" && attribute(element, "srcdoc").is_none()) {
        process_iframe_attributes(element, false, context)?;
    }
    Ok(())
}

/// What runs once a navigation's document has loaded (its window's `load` was fired).
pub type AfterLoad = Box<dyn FnOnce(&mut Context) -> JsResult<()>>;

/// Load a document into `content` (a navigable's new window, or its initial about:blank one) now,
/// inside the navigation's task: its document is made from `source` (read from `url_path`
/// under the root, or a srcdoc) with the URL `url`, its scripts run, `load` fires at its window,
/// then `then` runs (unless a script of the document destroyed its navigable meanwhile).
pub fn load_document(
    content: &ContentWindow,
    source: &str,
    name: &str,
    url_path: Option<&str>,
    url: &str,
    then: AfterLoad,
    context: &mut Context,
) -> JsResult<()> {
    in_realm(context, &content.realm, |context| {
        // A document from a file resolves its own URLs against that file's URL; a srcdoc one
        // against its parent's.
        if let Some(path) = url_path
            && let Some(base) = crate::web::html::document_loader::base_for_path(context, path)
        {
            crate::web::html::document_loader::set_document_base(context, base);
        }
        crate::web::html::location::set_document_url(url, context);
        let document = crate::web::dom::document::create_window_document(context)?;
        crate::web::html::document_loader::load_html(&document, source, name, context)?;
        // A script of the document may have removed the iframe (or closed the window): then
        // nothing loads.
        if !crate::agent::realm::can_run(&*Host::from_context(context)?, context.realm()) {
            return Ok(());
        }
        // "The end", step 2: update the current document readiness to "interactive".
        crate::web::dom::document::update_readiness(
            crate::web::dom::document::Readiness::Interactive,
            context,
        )?;
        crate::web::html::document_loader::fire_window_load(context)?;
        then(context)
    })
}

/// HTML "iframe load event steps": fire an event named load at element.
pub fn iframe_load_event_steps(element: &JsObject, context: &mut Context) -> JsResult<()> {
    crate::web::dom::dispatch::fire_simple_event(
        element,
        "load",
        crate::web::dom::event::EventInit::default(),
        context,
    )
    .map(drop)
}

/// HTML: "When an iframe element is removed from a document, the user agent must destroy a child
/// navigable given the element." Every document in it stops being fully active.
pub fn removing_steps(node: &JsObject, context: &mut Context) -> JsResult<()> {
    if !is_iframe(node) {
        return Ok(());
    }
    let Some(content) = node_state(node).and_then(|s| s.content.borrow_mut().take()) else {
        return Ok(());
    };
    destroy(&content, context);
    // Its session history entries go with it.
    crate::web::html::navigation::forget_frames(context);
    Ok(())
}

/// Destroy a child navigable and, first, the ones nested in it.
fn destroy(content: &ContentWindow, context: &mut Context) {
    // Unloading its document (HTML "unload", step "if oldDocument's page showing is true"):
    // update the visibility state of the document to "hidden" — a `visibilitychange` at it now,
    // as browsers fire it while the frame is removed. (Deviation: no `pagehide` or `unload`
    // events; the document's page showing flag is not modelled.)
    crate::agent::realm::in_realm(context, &content.realm, |context| {
        if let Err(error) =
            crate::web::html::page_visibility::update_the_visibility_state(true, context)
            && let Ok(host) = Host::from_context(context)
        {
            host.report_exception(&error, context);
        }
    });
    if let Some(children) = crate::agent::realm::realm_data_of::<ChildWindows>(&content.realm) {
        let nested: Vec<JsObject> = children.0.borrow().iter().map(|(e, _)| e.clone()).collect();
        for element in nested {
            if let Some(inner) = node_state(&element).and_then(|s| s.content.borrow_mut().take()) {
                destroy(&inner, context);
            }
        }
    }
    if let Some(record) = realm_record(&content.realm)
        && let Ok(host) = Host::from_context(context)
    {
        record.deactivate(&host);
    }
    // The parent's frames[] no longer lists it.
    if let Some(parent) = crate::agent::realm::realm_data_of::<ParentWindow>(&content.realm)
        && let Some(realm) = crate::agent::realm::realm_of_global(context, &parent.0)
        && let Some(children) = crate::agent::realm::realm_data_of::<ChildWindows>(&realm)
    {
        children
            .0
            .borrow_mut()
            .retain(|(_, w)| !JsObject::equals(w, &content.global));
        let _ = crate::web::html::window::sync_frame_indices(&parent.0, &children, context);
    }
}

fn this_iframe(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let object = this_object(this, context)?;
    if !is_iframe(&object) {
        return Err(illegal_invocation());
    }
    Ok(object)
}

fn string_attribute(m: &mut crate::web::dom::interface::Members<'_, '_>, name: &'static str) {
    m.attribute(
        name,
        NativeFunction::from_copy_closure(move |this, _, context| {
            let iframe = this_iframe(this, context)?;
            Ok(JsString::from(attribute(&iframe, name).unwrap_or_default().as_str()).into())
        }),
        Some(NativeFunction::from_copy_closure(
            move |this, args, context| {
                let iframe = this_iframe(this, context)?;
                let value = arg(args, 0).to_string(context)?.to_std_string_escaped();
                // Reflecting: set the content attribute (its mutation record and its attribute
                // change steps, which navigate).
                crate::web::dom::element::change_attribute(&iframe, name, Some(&value), context)?;
                Ok(JsValue::undefined())
            },
        )),
    );
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "HTMLIFrameElement",
            parent: Some("HTMLElement"),
            length: 0,
            constructor: None,
        },
        |m| {
            string_attribute(m, "src");
            string_attribute(m, "srcdoc");
            // The contentWindow getter steps are to return this's content navigable's active
            // WindowProxy, or null.
            m.attribute(
                "contentWindow",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let iframe = this_iframe(this, context)?;
                    Ok(node_state(&iframe)
                        .and_then(|s| s.content.borrow().clone())
                        .map_or_else(JsValue::null, |c| c.global.clone().into()))
                }),
                None,
            )
            .attribute(
                "contentDocument",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let iframe = this_iframe(this, context)?;
                    let Some(content) =
                        node_state(&iframe).and_then(|s| s.content.borrow().clone())
                    else {
                        return Ok(JsValue::null());
                    };
                    Ok(
                        crate::web::dom::document::window_document_of(&content.realm, context)?
                            .map_or_else(JsValue::null, |d| d.document.clone().into()),
                    )
                }),
                None,
            );
        },
    )?;
    Ok(())
}
