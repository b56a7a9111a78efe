//! Page visibility (HTML §6.2): `document.visibilityState`, `document.hidden`,
//! `document.onvisibilitychange`, `visibility-state` performance entries, and "update the
//! visibility state", which the user agent runs
//! in a task on the user interaction task source for every document of the page when the page
//! is hidden or shown (`taskhost.page.hide()`/`show()`, an input file's `hide`/`show`, or
//! `--hidden` at the start).
//!
//! Invariant: a document's visibility state changes only through [`update_the_visibility_state`],
//! which fires `visibilitychange` only on a change.

use std::cell::Cell;
use std::rc::Rc;

use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::agent::host::Host;
use crate::agent::realm::{insert_realm_data, realm_data, realm_data_of};
use crate::event_loop::HostSource;
use crate::web::dom::dispatch::fire_simple_event;
use crate::web::dom::document::window_document;
use crate::web::dom::event::EventInit;
use crate::web::dom::interface::{extend_interface, illegal_invocation, this_object};
use crate::web::dom::node::node_state;
use crate::web::html::rendering::{Rendering, documents_of_the_loop, set_hidden, top_realm};

/// A window's document's visibility state: hidden or not.
struct DocumentVisibility(Cell<bool>);

fn visibility_of(document: &JsObject, context: &Context) -> Option<Rc<DocumentVisibility>> {
    // The document's window's realm holds it.
    let window = node_state(document)?.window.borrow().clone()?;
    let realm = crate::agent::realm::realm_of_global(context, &window)?;
    realm_data_of::<DocumentVisibility>(&realm)
}

fn this_document_hidden(this: &JsValue, context: &Context) -> JsResult<bool> {
    let document = this_object(this, context)?;
    let is_document = node_state(&document)
        .is_some_and(|s| matches!(s.kind, crate::web::dom::node::NodeKind::Document));
    if !is_document {
        return Err(illegal_invocation());
    }
    // A document without a window (none in taskhost) is "hidden", the initial state.
    Ok(visibility_of(&document, context).is_none_or(|v| v.0.get()))
}

/// "Update the visibility state" of the current realm's window's document to hidden or visible.
pub fn update_the_visibility_state(hidden: bool, context: &mut Context) -> JsResult<()> {
    let Some(state) = realm_data::<DocumentVisibility>(context) else {
        return Ok(());
    };
    // 1. If document's visibility state equals visibilityState, then return.
    if state.0.get() == hidden {
        return Ok(());
    }
    // 2. Set document's visibility state to visibilityState.
    state.0.set(hidden);
    // 3. Queue a new VisibilityStateEntry whose visibility state is visibilityState and whose
    //    timestamp is the current high resolution time given document's relevant global object.
    let now = Host::from_context(context).map_or(0.0, |h| h.now().as_millis_f64());
    crate::web::html::visibility_state_entry::queue_visibility_state_entry(hidden, now, context);
    // 4-6. The screen orientation, view transition and other specifications' page visibility
    //    change steps. (None.)
    // 7. Fire an event named visibilitychange at document, with its bubbles attribute
    //    initialized to true.
    let Some(document) = window_document(context)?.map(|d| d.document.clone()) else {
        return Ok(());
    };
    fire_simple_event(
        &document,
        "visibilitychange",
        EventInit {
            bubbles: true,
            ..EventInit::default()
        },
        context,
    )?;
    Ok(())
}

/// The page is hidden or shown now: no rendering opportunities while it is hidden, and for
/// each document of the page, a task on the user interaction task source that updates its
/// visibility state. `then` runs once every document's was updated (in the last of those
/// tasks; at once when the page has no document).
pub fn set_page_visibility(
    hidden: bool,
    then: Box<dyn FnOnce(&mut Context)>,
    context: &mut Context,
) {
    set_hidden(context, hidden);
    let realms = top_realm(context)
        .map(|top| documents_of_the_loop(&top, context))
        .unwrap_or_default();
    let Ok(host) = Host::from_context(context) else {
        then(context);
        return;
    };
    let Some(last) = realms.len().checked_sub(1) else {
        then(context);
        return;
    };
    let mut then = Some(then);
    for (i, realm) in realms.into_iter().enumerate() {
        let then = if i == last { then.take() } else { None };
        host.queue_task(
            HostSource::UserInteraction,
            realm,
            Box::new(move |context| {
                let updated = update_the_visibility_state(hidden, context);
                if let Some(then) = then {
                    then(context);
                }
                updated
            }),
        );
    }
}

/// Give the current realm's window's document its visibility state (the page's) and define
/// `visibilityState`, `hidden` and `onvisibilitychange` on `Document.prototype`.
pub fn register(context: &mut Context) -> JsResult<()> {
    let hidden = Rendering::of(context).hidden();
    insert_realm_data(context, Rc::new(DocumentVisibility(Cell::new(hidden))));
    // When the document is made: "queue a new VisibilityStateEntry whose visibility state is
    // document's visibility state and whose timestamp is zero" (the entry itself is made when
    // first needed: `Timeline::settle_initial_visibility`).
    crate::web::html::visibility_state_entry::register(context)?;
    crate::web::performance::timeline::Timeline::current(context).set_initial_visibility(hidden);
    // (Added to `Document.prototype` when `Document` is made.)
    extend_interface(context, "Document", |interface, context| {
        let prototype = &interface.prototype;
        let getters: [(&str, NativeFunction); 2] = [
            (
                "visibilityState",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let hidden = this_document_hidden(this, context)?;
                    Ok(JsString::from(if hidden { "hidden" } else { "visible" }).into())
                }),
            ),
            (
                "hidden",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    Ok(this_document_hidden(this, context)?.into())
                }),
            ),
        ];
        for (name, get) in getters {
            crate::web::util::define_readonly_attribute(prototype, name, get, context)?;
        }
        // Document includes GlobalEventHandlers (the attributes of modelled events).
        for name in crate::web::html::event_handler_attributes::MODELLED_GLOBAL_EVENT_HANDLERS {
            crate::web::html::event_handler::define_own_event_handler(
                prototype,
                name,
                |object, _| {
                    node_state(object).is_some_and(|s| {
                        matches!(s.kind, crate::web::dom::node::NodeKind::Document)
                    })
                },
                context,
            )?;
        }
        crate::web::html::event_handler::define_own_event_handler(
            prototype,
            "onvisibilitychange",
            |object, _| {
                node_state(object)
                    .is_some_and(|s| matches!(s.kind, crate::web::dom::node::NodeKind::Document))
            },
            context,
        )?;
        Ok(())
    })
}
