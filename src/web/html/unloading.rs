//! Unloading documents (HTML §7.4.6.3): "unload a document and its descendants" — `pagehide`,
//! `visibilitychange` to hidden and `unload` at each document, the nested ones first — and the
//! destruction that follows, for a window a script closes (`window_open.rs`) and for a navigable
//! navigated or traversed to another document (`navigation.rs`).
//!
//! Invariant: the event loop's termination nesting level is above zero exactly while a
//! document's unload steps run (so `window.open()` returns null from a `pagehide` or `unload`
//! listener).
//!
//! Deviations, deliberate: no `beforeunload` (nothing asks the user), no back/forward cache (a
//! document is never salvageable: `persisted` is false and `unload` always fires), and a
//! document's page showing flag is taken to be true (its `pageshow` fired when it loaded, and an
//! initial about:blank document counts as shown).

use std::cell::Cell;

use boa_engine::realm::Realm;
use boa_engine::{Context, JsResult};

use crate::agent::host::{Host, agent_data};
use crate::agent::realm::{in_realm, realm_data_of, realm_of_global, realm_record};
use crate::web::dom::document::window_document;
use crate::web::html::html_iframe_element::ChildWindows;

/// HTML "termination nesting level" of the event loop (agent data).
#[derive(Default)]
struct TerminationNesting(Cell<u32>);

/// The event loop's termination nesting level (above zero while a document unloads).
pub fn termination_nesting_level(context: &mut Context) -> u32 {
    agent_data::<TerminationNesting>(context).0.get()
}

/// HTML "unload a document and its descendants": the documents nested in `realm`'s window's
/// document first (each after its own nested ones), then its own.
pub fn unload_document_and_descendants(realm: &Realm, context: &mut Context) {
    for child in child_window_realms(realm, context) {
        unload_document_and_descendants(&child, context);
    }
    in_realm(context, realm, unload_document);
}

/// HTML "unload a document" (the current realm's window's document), as far as it is observable
/// here.
fn unload_document(context: &mut Context) {
    let Ok(host) = Host::from_context(context) else {
        return;
    };
    let nesting = agent_data::<TerminationNesting>(context);
    // 7. Increase eventLoop's termination nesting level by 1.
    nesting.0.set(nesting.0.get() + 1);
    let window = context.global_object();
    let document = window_document(context)
        .ok()
        .flatten()
        .map(|d| d.document.clone());
    if let Some(document) = document {
        // 10. If oldDocument's page showing is true: 10.1. Set it to false. 10.2. Fire a page
        //     transition event named pagehide at oldDocument's relevant global object with
        //     oldDocument's salvageable state (false: nothing is kept for going back).
        //     10.3. Update the visibility state of oldDocument to "hidden".
        let steps = |context: &mut Context| -> JsResult<()> {
            crate::web::html::page_transition_event::fire_page_transition_event(
                &window, &document, "pagehide", false, context,
            )?;
            crate::web::html::page_visibility::update_the_visibility_state(true, context)?;
            // 12. If oldDocument's salvageable state is false, then fire an event named unload
            //     at oldDocument's relevant global object, with legacy target override flag set.
            let event = crate::web::dom::event::create_event(
                "unload",
                crate::web::dom::event::EventInit::default(),
                context,
            )?;
            crate::web::dom::dispatch::fire_event_with_legacy_target_override(
                &event, &window, &document, context,
            )?;
            Ok(())
        };
        if let Err(error) = steps(context) {
            host.report_exception(&error, context);
        }
    }
    // 14. Decrease eventLoop's termination nesting level by 1.
    nesting.0.set(nesting.0.get().saturating_sub(1));
}

/// The realms of the windows of `realm`'s window's iframes (its child navigables), in order.
fn child_window_realms(realm: &Realm, context: &Context) -> Vec<Realm> {
    realm_data_of::<ChildWindows>(realm).map_or_else(Vec::new, |children| {
        children
            .0
            .borrow()
            .iter()
            .filter_map(|(_, window)| realm_of_global(context, window))
            .collect()
    })
}

/// HTML "destroy a document and its descendants", as far as it is observable here: every
/// document of `realm`'s window and of the windows nested in it stops being fully active (their
/// tasks and promise jobs never run again).
pub fn destroy_document_and_descendants(realm: &Realm, context: &mut Context) {
    for child in child_window_realms(realm, context) {
        destroy_document_and_descendants(&child, context);
    }
    if let Some(record) = realm_record(realm)
        && let Ok(host) = Host::from_context(context)
    {
        record.deactivate(&host);
    }
}
