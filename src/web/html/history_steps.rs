//! Applying history steps that keep a document or change it by traversal (HTML §7.4.2.3.3,
//! §7.4.4, §7.4.6): navigating to a fragment, the URL and history update steps of
//! `pushState()`/`replaceState()`, traversing the session history by a delta, and "update
//! document for history step application" (`popstate`, `hashchange`). `navigation.rs` has the
//! navigables, the session histories and cross-document navigation.
//!
//! Invariant: a document's history object state (`history.state`) is the deserialized classic
//! history API state of its current entry, restored each time the entry changes.
//!
//! Deviation, deliberate: `hashchange` fires only when the old and new URLs differ in nothing
//! but their fragments (see `update_document_for_history_step`).

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::{Context, JsResult, JsValue};

use crate::agent::host::Host;
use crate::agent::realm::{in_realm, insert_realm_data, realm_data, realm_record};
use crate::event_loop::HostSource;
use crate::web::dom::node::ContentWindow;
use crate::web::html::navigation::{
    DocumentResource, DocumentSource, DocumentState, Entry, HistoryHandling, Navigable,
    active_window, ensure_entry, is_initial_about_blank, navigable_of, read_resource,
    replace_document, set_ongoing_navigation, top_realm, with_history,
};
use crate::web::html::session_history;
use crate::web::html::structured_clone::Serialized;

/// The classic history API state of the current realm's window's document (`history.state`;
/// realm data, absent: null).
pub struct HistoryObjectState(pub RefCell<JsValue>);

/// HTML "navigate to a fragment": the same document, a new entry (or the current one
/// replaced), `popstate` now and `hashchange` from a task.
pub(super) fn navigate_to_fragment(
    navigable: &Navigable,
    traversable: u32,
    window: &ContentWindow,
    url: ::url::Url,
    handling: HistoryHandling,
    context: &mut Context,
) -> JsResult<()> {
    let Some(active) = ensure_entry(navigable, traversable, context) else {
        return Ok(());
    };
    // 4. Let historyEntry be a new session history entry, with URL url, document state
    //    navigable's active session history entry's document state (its classic history API
    //    state: null).
    // 5. Let entryToReplace be navigable's active session history entry if historyHandling is
    //    "replace", otherwise null.
    // 9. If historyHandling is "push", set history's state to null. (The new entry's state is
    //    null either way; step 12 restores it.)
    // 10. Set navigable's active document's URL to url.
    // 11. Set navigable's active session history entry to historyEntry. 16.1. Finalize a
    //     same-document navigation given traversable, navigable, historyEntry, entryToReplace.
    let old_url = with_history(traversable, context, |h| {
        let document = h.entry(active).document.clone();
        let old_url = h.entry(active).url.clone();
        let entry = Entry {
            step: 0,
            navigable: navigable.clone(),
            url: url.to_string(),
            document,
            state: None,
        };
        h.commit(entry, handling == HistoryHandling::Push);
        old_url
    });
    // 12. Update document for history step application (the document is not new: its entry
    //     changed).
    in_realm(context, &window.realm, |context| {
        crate::web::html::location::set_document_url(url.as_str(), context);
        update_document_for_history_step(&old_url, url.as_str(), None, context)
    })
    // 14. Scroll to the fragment given navigable's active document. (No layout: nothing.)
}

/// HTML "update document for history step application", for a document that is not new and
/// whose entry changed (the current realm's window's): restore the history object state, fire
/// `popstate` at the window, and if the fragment changed queue a task to fire `hashchange`.
fn update_document_for_history_step(
    old_url: &str,
    new_url: &str,
    state: Option<&Rc<RefCell<Serialized>>>,
    context: &mut Context,
) -> JsResult<()> {
    // 6.3. Restore the history object state given document and entry.
    restore_history_state(state, context);
    // 6.5.2. Fire an event named popstate at document's relevant global object, using
    //        PopStateEvent, with the state attribute initialized to document's history object's
    //        state and hasUAVisualTransition initialized to false.
    let window = context.global_object();
    let state_value = history_state(context);
    crate::web::html::pop_state_event::fire_pop_state(&window, state_value, context)?;
    // 6.5.4. If oldURL's fragment is not equal to entry's URL's fragment, then queue a global
    //        task on the DOM manipulation task source given document's relevant global object to
    //        fire an event named hashchange at document's relevant global object, using
    //        HashChangeEvent, with the oldURL attribute initialized to the serialization of
    //        oldURL and the newURL attribute initialized to the serialization of entry's URL.
    //        Deviation, deliberate: only when the URLs are equal but for their fragments.
    //        Chromium and Firefox (recorded: wpt-subset/html/browsers/history/
    //        same-document-history.html) fire no hashchange for a traversal between
    //        pushState() entries whose paths or queries differ, even when the fragments do.
    if only_fragments_differ(old_url, new_url) {
        let host = Host::from_context(context)?;
        let (old_url, new_url) = (old_url.to_owned(), new_url.to_owned());
        host.queue_task(
            HostSource::DomManipulation,
            context.realm().clone(),
            Box::new(move |context| {
                let window = context.global_object();
                crate::web::html::hash_change_event::fire_hash_change(
                    &window, &old_url, &new_url, context,
                )
            }),
        );
    }
    Ok(())
}

/// Whether the two URLs are equal but for their fragments, which differ.
fn only_fragments_differ(a: &str, b: &str) -> bool {
    let (Ok(mut a), Ok(mut b)) = (::url::Url::parse(a), ::url::Url::parse(b)) else {
        return false;
    };
    if a.fragment() == b.fragment() {
        return false;
    }
    a.set_fragment(None);
    b.set_fragment(None);
    a == b
}

/// HTML "restore the history object state": the history object's state becomes the entry's
/// classic history API state, deserialized in the current realm (null if it cannot be).
pub(super) fn restore_history_state(
    state: Option<&Rc<RefCell<Serialized>>>,
    context: &mut Context,
) {
    let value = state.map_or_else(JsValue::null, |state| {
        let mut serialized = state.borrow_mut();
        crate::web::html::structured_clone::deserialize_with_transfer(&mut serialized, context)
            .map_or_else(|_| JsValue::null(), |d| d.value)
    });
    set_history_state(value, context);
}

fn set_history_state(value: JsValue, context: &Context) {
    if let Some(existing) = realm_data::<HistoryObjectState>(context) {
        *existing.0.borrow_mut() = value;
    } else {
        insert_realm_data(context, Rc::new(HistoryObjectState(RefCell::new(value))));
    }
}

/// The current realm's window's history object's state.
pub fn history_state(context: &Context) -> JsValue {
    realm_data::<HistoryObjectState>(context).map_or_else(JsValue::null, |s| s.0.borrow().clone())
}

/// HTML "URL and history update steps" for `pushState()`/`replaceState()` of the current realm's
/// window's document, with the serialized data and the new URL (checked already).
pub fn url_and_history_update(
    serialized: Serialized,
    new_url: ::url::Url,
    push: bool,
    context: &mut Context,
) -> JsResult<()> {
    let realm = context.realm().clone();
    // 1. Let navigable be document's node navigable.
    let Some((navigable, traversable)) = navigable_of(&realm, context) else {
        return Ok(());
    };
    // 2. Let activeEntry be navigable's active session history entry.
    let Some(active) = ensure_entry(&navigable, traversable, context) else {
        return Ok(());
    };
    // 4. If document is initial about:blank, then set historyHandling to "replace".
    let push = push && !is_initial_about_blank(&realm);
    // 3. Let historyEntry be a new session history entry, with URL newURL, serialized state
    //    serializedData, document state activeEntry's document state.
    let state = Rc::new(RefCell::new(serialized));
    with_history(traversable, context, |h| {
        let entry = Entry {
            step: 0,
            navigable: navigable.clone(),
            url: new_url.to_string(),
            document: h.entry(active).document.clone(),
            state: Some(state.clone()),
        };
        // 5–6, 10, 13. Replace activeEntry, or push after the current step (history's index
        //    and length follow from the session history).
        h.commit(entry, push);
    });
    // 7. Restore the history object state given document and historyEntry.
    restore_history_state(Some(&state), context);
    // 8. Set document's URL to newURL.
    crate::web::html::location::set_document_url(new_url.as_str(), context);
    Ok(())
}

/// HTML "traverse the history by a delta" of the current realm's window's traversable: from a
/// task (the traversable's session history traversal queue), the step `delta` steps from the
/// current one in the steps in use, if there is one, is applied.
pub fn traverse_by_delta(delta: i64, context: &mut Context) -> JsResult<()> {
    let realm = context.realm().clone();
    let Some((navigable, traversable)) = navigable_of(&realm, context) else {
        return Ok(());
    };
    // The session history starts with the current entries of this navigable and those above it.
    ensure_entry(&navigable, traversable, context);
    let host = Host::from_context(context)?;
    let top = top_realm(&realm, context);
    host.queue_task(
        HostSource::Other,
        top,
        Box::new(move |context| {
            // 2.1. Let allSteps be the result of getting all used history steps.
            // 2.2. Let currentStepIndex be the index of the current step within allSteps.
            // 2.3. Let targetStepIndex be currentStepIndex plus delta.
            // 2.4. If allSteps[targetStepIndex] does not exist, then abort these steps.
            let target = with_history(traversable, context, |h| h.step_by_delta(delta));
            match target {
                // 2.5. Apply the traverse history step allSteps[targetStepIndex].
                Some(step) => apply_traverse_step(traversable, step, context),
                None => Ok(()),
            }
        }),
    );
    Ok(())
}

/// HTML "apply the history step" for a traversal to `step`: every navigable whose current entry
/// changes (in the order their entries were made: parents first) shows its target entry — the
/// same document with another URL and state (`popstate`, maybe `hashchange`, from a task), or
/// its document loaded again.
fn apply_traverse_step(traversable: u32, step: u64, context: &mut Context) -> JsResult<()> {
    // The navigables whose current entry changes, with their old and new entries' data.
    struct Change {
        navigable: Navigable,
        old_url: String,
        url: String,
        same_document: bool,
        source: DocumentSource,
        state: Option<Rc<RefCell<Serialized>>>,
        document: Rc<DocumentState>,
    }
    let changes = with_history(traversable, context, |h| {
        h.traverse_to(step)
            .into_iter()
            .map(|session_history::Change { from, to }| {
                let (from, to) = (h.entry(from), h.entry(to));
                Change {
                    navigable: to.navigable.clone(),
                    old_url: from.url.clone(),
                    url: to.url.clone(),
                    same_document: Rc::ptr_eq(&from.document, &to.document),
                    source: to.document.source.clone(),
                    state: to.state.clone(),
                    document: to.document.clone(),
                }
            })
            .collect::<Vec<_>>()
    });
    let host = Host::from_context(context)?;
    for change in changes {
        // A frame whose parent's document changed is gone (or a new one): nothing to do.
        let Some(window) = active_window(&change.navigable, context) else {
            continue;
        };
        if realm_record(&window.realm).is_some_and(|r| !r.is_fully_active()) {
            continue;
        }
        let shown = change.document.realm.borrow().clone();
        if change.same_document && shown.as_ref() == Some(&window.realm) {
            // The same document: from a task on the navigation and traversal task source, its
            // URL becomes the entry's and "update document for history step application" runs.
            host.queue_task(
                HostSource::Other,
                window.realm.clone(),
                Box::new(move |context| {
                    crate::web::html::location::set_document_url(&change.url, context);
                    update_document_for_history_step(
                        &change.old_url,
                        &change.url,
                        change.state.as_ref(),
                        context,
                    )
                }),
            );
            continue;
        }
        // Another document: load it again (no back/forward cache).
        let Ok(url) = ::url::Url::parse(&change.url) else {
            continue;
        };
        let resource = match &change.source {
            DocumentSource::Blank => Ok(DocumentResource {
                source: DocumentSource::Blank,
                text: None,
            }),
            DocumentSource::Srcdoc(text) => Ok(DocumentResource {
                source: change.source.clone(),
                text: Some((text.clone(), "about:srcdoc".to_owned())),
            }),
            DocumentSource::File(_) => in_realm(context, &window.realm, |context| {
                read_resource(&url, context)
            }),
        };
        let resource = match resource {
            Ok(resource) => resource,
            Err(message) => {
                crate::engine::errors::report_host_error(
                    &host,
                    &format!("history traversal: {message}"),
                );
                continue;
            }
        };
        set_ongoing_navigation(&change.navigable, context);
        // Every entry of that document shows it in the new window (before its scripts run).
        let document = change.document.clone();
        replace_document(
            &change.navigable,
            &window,
            &resource,
            &url,
            change.state,
            Box::new(move |realm, _| *document.realm.borrow_mut() = Some(realm.clone())),
            context,
        )?;
    }
    Ok(())
}
