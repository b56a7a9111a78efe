//! Navigation and session history (HTML §7.4): navigating a navigable to a URL (`location`, an
//! iframe's `src`/`srcdoc`, `window.open()`), navigating to a fragment, the URL and history
//! update steps of `history.pushState()`/`replaceState()`, and traversing the session history by
//! a delta (`history.back()`, `forward()`, `go()`).
//!
//! Model:
//! - A navigable is an iframe's content navigable (keyed by the iframe element) or a top-level
//!   traversable: the run's own window (0) or a window a script opened (its window number).
//! - Each top-level traversable has one session history, HTML's: the entries of all its
//!   navigables, each with a step, and the current step. A navigable's current entry is its
//!   entry with the greatest step not above the current step; `history.length` is the number of
//!   steps in use. Entries are made when first needed: a navigable that never navigated has its
//!   initial entry made, for the document it shows, when it first navigates.
//! - Every document a navigation or a traversal shows is a new window (a new realm), except that
//!   the first document after an initial about:blank one takes over its window, as HTML reuses
//!   the Window of a same-origin initial about:blank document.
//!
//! Invariants:
//! - A navigable has at most one ongoing navigation: a navigation that has not made its document
//!   yet is dropped when a later one of the same navigable starts.
//! - The current step is a step in use whenever the session history has entries.
//! - A frame's entries go when the frame is destroyed (its iframe removed, or its parent's
//!   document unloaded), and with them the steps only they used.
//!
//! Deviations, deliberate:
//! - No back/forward cache: a document never stays salvageable, so going back to a document
//!   that was navigated away from loads it again from its file (its scripts run again, `load`
//!   fires), as browsers do for a page the cache refused.
//! - The run's own window is not navigated to another document (a "NotSupportedError"
//!   DOMException says so): its document is the program. Fragments and `pushState()` work.
//! - HTML keeps a frame's entries in its parent document's state, for going back to them after
//!   the parent navigated away and back; taskhost drops them with the frame.
//! - No WindowProxy apart from the window: a navigated window's old object stays closed, the
//!   navigable's new window is reached again through `contentWindow` (or `open()` by name).
//! - No `javascript:` URLs (the console says they are not followed), no `beforeunload`, no
//!   navigation API (`navigation`), no scrolling to fragments (no layout).
//! - The navigation and traversal task source is taskhost's "other" host task source.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject, JsResult};

use crate::agent::host::{Host, agent_data};
use crate::agent::realm::{
    in_realm, insert_realm_data, realm_data, realm_data_of, realm_of_global, realm_record,
};
use crate::event_loop::HostSource;
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::node::{ContentWindow, node_state};
use crate::web::html::history_steps;
use crate::web::html::html_iframe_element::{ChildWindows, ParentWindow, create_window};
use crate::web::html::session_history::{self, NavigableKey, SessionHistory};
use crate::web::html::structured_clone::Serialized;

/// A navigable: an iframe's content navigable, or a top-level traversable.
#[derive(Clone)]
pub enum Navigable {
    /// The run's own window (0) or a window a script opened (its window number).
    Top(u32),
    /// The content navigable of this iframe element.
    Frame(JsObject),
}

impl NavigableKey for Navigable {
    fn same(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Top(a), Self::Top(b)) => a == b,
            (Self::Frame(a), Self::Frame(b)) => JsObject::equals(a, b),
            _ => false,
        }
    }
}

/// HTML's NavigationHistoryBehavior, with "reload" (a reload replaces the document of its entry).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HistoryHandling {
    Auto,
    Push,
    Replace,
    Reload,
}

/// How a document can be loaded again (for going back to it).
#[derive(Clone)]
pub enum DocumentSource {
    /// A new about:blank document.
    Blank,
    /// An iframe's srcdoc document, from this source text.
    Srcdoc(String),
    /// The file at this URL path under the document root.
    File(String),
}

/// The window's document is its initial about:blank one (realm data; set when the window is
/// made, cleared when another document loads into it).
pub struct InitialAboutBlank(pub Cell<bool>);

/// Where the current realm's window's document came from (realm data).
struct LoadedFrom(DocumentSource);

/// HTML "document state", as far as taskhost keeps it: shared by the entries of one document.
pub(super) struct DocumentState {
    pub(super) source: DocumentSource,
    /// The window showing the document while it is shown (none after it unloaded).
    pub(super) realm: RefCell<Option<Realm>>,
}

/// A session history entry of this agent: its document's state, its state serialized.
pub(super) type Entry = session_history::Entry<Navigable, DocumentState, Rc<RefCell<Serialized>>>;

/// A top-level traversable's session history.
type History = SessionHistory<Navigable, DocumentState, Rc<RefCell<Serialized>>>;

/// The agent's session histories, one per top-level traversable that needed one, by its number
/// (agent data).
#[derive(Default)]
struct SessionHistories(RefCell<Vec<(u32, History)>>);

/// The navigables' ongoing navigations (agent data).
#[derive(Default)]
struct OngoingNavigations {
    next: Cell<u64>,
    list: RefCell<Vec<(Navigable, u64)>>,
}

/// The top-level window above `realm`'s window (itself if it is one).
pub(super) fn top_realm(realm: &Realm, context: &Context) -> Realm {
    let mut realm = realm.clone();
    while let Some(parent) = realm_data_of::<ParentWindow>(&realm)
        && let Some(up) = realm_of_global(context, &parent.0)
    {
        realm = up;
    }
    realm
}

/// The number of the top-level traversable whose window is `realm`'s: 0 for the run's own.
fn traversable_number(realm: &Realm) -> u32 {
    crate::web::html::window_open::window_number(realm).unwrap_or(0)
}

/// The window of `realm` (its global object).
fn global_of(realm: &Realm, context: &mut Context) -> JsObject {
    in_realm(context, realm, |context| context.global_object())
}

/// The navigable whose active window is `realm`'s, and its top-level traversable's number (none
/// if the window is not shown: a removed frame's, a closed one's, one navigated away from).
pub fn navigable_of(realm: &Realm, context: &mut Context) -> Option<(Navigable, u32)> {
    if realm_record(realm).is_some_and(|r| !r.is_fully_active()) {
        return None;
    }
    let traversable = traversable_number(&top_realm(realm, context));
    let Some(parent) = realm_data_of::<ParentWindow>(realm) else {
        if traversable == 0 {
            // The run's own window: recorded the first time it is asked about.
            let main = agent_data::<MainWindow>(context);
            if main.0.borrow().is_none() {
                let global = global_of(realm, context);
                *main.0.borrow_mut() = Some(ContentWindow {
                    global,
                    realm: realm.clone(),
                });
            }
        }
        return Some((Navigable::Top(traversable), traversable));
    };
    let parent_realm = realm_of_global(context, &parent.0)?;
    let children = realm_data_of::<ChildWindows>(&parent_realm)?;
    let global = global_of(realm, context);
    let element = children
        .0
        .borrow()
        .iter()
        .find(|(_, w)| JsObject::equals(w, &global))
        .map(|(e, _)| e.clone())?;
    Some((Navigable::Frame(element), traversable))
}

/// The navigable's active window.
pub(super) fn active_window(navigable: &Navigable, context: &mut Context) -> Option<ContentWindow> {
    match navigable {
        Navigable::Frame(element) => node_state(element).and_then(|s| s.content.borrow().clone()),
        Navigable::Top(0) => main_window(context),
        Navigable::Top(number) => crate::web::html::window_open::opened_window(*number, context),
    }
}

/// The run's own window (agent data, recorded as its session history is made).
#[derive(Default)]
struct MainWindow(RefCell<Option<ContentWindow>>);

fn main_window(context: &mut Context) -> Option<ContentWindow> {
    agent_data::<MainWindow>(context).0.borrow().clone()
}

/// The URL of `realm`'s window's document.
pub(super) fn document_url(realm: &Realm, context: &mut Context) -> Option<::url::Url> {
    in_realm(context, realm, |context| {
        crate::web::html::location::current_document_url(context)
    })
}

/// Run `steps` with the session history of traversable `number` (made, with no entries, if it
/// had none).
pub(super) fn with_history<T>(
    number: u32,
    context: &mut Context,
    steps: impl FnOnce(&mut History) -> T,
) -> T {
    let histories = agent_data::<SessionHistories>(context);
    let mut list = histories.0.borrow_mut();
    let index = if let Some(i) = list.iter().position(|(n, _)| *n == number) {
        i
    } else {
        list.push((number, History::default()));
        list.len() - 1
    };
    steps(&mut list[index].1)
}

/// The navigable's current entry, made first if it has none: the entry of the document it shows,
/// with the step of its parent's entry for the parent's document (HTML "create a new child
/// navigable"), 0 for a top-level traversable.
pub(super) fn ensure_entry(
    navigable: &Navigable,
    traversable: u32,
    context: &mut Context,
) -> Option<usize> {
    if let Some(index) = with_history(traversable, context, |h| h.current_entry(navigable)) {
        return Some(index);
    }
    let window = active_window(navigable, context)?;
    let step = match navigable {
        Navigable::Top(_) => 0,
        Navigable::Frame(element) => {
            let parent_window = node_state(element)?.document.borrow().clone();
            let parent_window = parent_window.and_then(|d| node_state(&d)?.window.borrow().clone());
            let parent_realm = realm_of_global(context, &parent_window?)?;
            let (parent, _) = navigable_of(&parent_realm, context)?;
            let parent_index = ensure_entry(&parent, traversable, context)?;
            with_history(traversable, context, |h| {
                let document = h.entry(parent_index).document.clone();
                h.first_step_of_document(&parent, &document)
            })?
        }
    };
    let url = document_url(&window.realm, context).map_or_else(String::new, String::from);
    let source = realm_data_of::<LoadedFrom>(&window.realm).map_or_else(
        || match navigable {
            Navigable::Top(0) => DocumentSource::File(String::new()),
            _ => DocumentSource::Blank,
        },
        |l| l.0.clone(),
    );
    let document = Rc::new(DocumentState {
        source,
        realm: RefCell::new(Some(window.realm.clone())),
    });
    Some(with_history(traversable, context, |h| {
        h.add_initial(Entry {
            step,
            navigable: navigable.clone(),
            url,
            document,
            state: None,
        })
    }))
}

/// `history.length` of the current realm's window: the number of steps its traversable's
/// session history uses (1 before it has any).
pub fn history_length(context: &mut Context) -> u32 {
    let realm = context.realm().clone();
    let Some((_, traversable)) = navigable_of(&realm, context) else {
        return 1;
    };
    with_history(traversable, context, |h| h.length())
        .try_into()
        .unwrap_or(u32::MAX)
}

/// Start the navigable's ongoing navigation: its id.
pub(super) fn set_ongoing_navigation(navigable: &Navigable, context: &mut Context) -> u64 {
    let ongoing = agent_data::<OngoingNavigations>(context);
    let id = ongoing.next.get() + 1;
    ongoing.next.set(id);
    let mut list = ongoing.list.borrow_mut();
    list.retain(|(n, _)| !n.same(navigable));
    list.push((navigable.clone(), id));
    id
}

fn is_ongoing_navigation(navigable: &Navigable, id: u64, context: &mut Context) -> bool {
    agent_data::<OngoingNavigations>(context)
        .list
        .borrow()
        .iter()
        .any(|(n, i)| n.same(navigable) && *i == id)
}

pub(super) fn is_initial_about_blank(realm: &Realm) -> bool {
    realm_data_of::<InitialAboutBlank>(realm).is_some_and(|i| i.0.get())
}

/// A document navigated to, read when the navigation starts (so a file that is missing is
/// reported at once, and the navigable keeps its document).
pub struct DocumentResource {
    pub source: DocumentSource,
    /// Its text and its name in reports (none for about:blank).
    pub text: Option<(String, String)>,
}

/// Read the document `url` names: about:blank, or a file of this origin under the document root.
pub(super) fn read_resource(
    url: &::url::Url,
    context: &Context,
) -> Result<DocumentResource, String> {
    if url.scheme() == "about" && url.path() == "blank" {
        return Ok(DocumentResource {
            source: DocumentSource::Blank,
            text: None,
        });
    }
    let file = crate::web::html::document_loader::read_document_file(url.as_str(), context)?;
    Ok(DocumentResource {
        source: DocumentSource::File(file.path),
        text: Some((file.text, file.name)),
    })
}

/// HTML "navigate" `navigable` to `url` (parsed already) with `handling`. Errors are thrown
/// only for what taskhost refuses (the run's own window to another document); a document that
/// cannot be read is reported on the console, after `what` started the navigation, and the
/// navigable keeps its document, as a failed fetch leaves it.
pub fn navigate(
    navigable: &Navigable,
    traversable: u32,
    url: ::url::Url,
    handling: HistoryHandling,
    what: &str,
    context: &mut Context,
) -> JsResult<()> {
    let Some(window) = active_window(navigable, context) else {
        return Ok(());
    };
    let host = Host::from_context(context)?;
    // (Step 6. If the URL's scheme is "javascript", queue a task to evaluate it: not followed.)
    if url.scheme() == "javascript" {
        crate::engine::errors::report_host_warning(
            "navigation to a javascript: URL is not followed (taskhost runs no javascript: URLs)",
        );
        return Ok(());
    }
    // 10. If navigable's active document's unload counter is greater than 0, then return.
    if crate::web::html::unloading::termination_nesting_level(context) > 0 {
        return Ok(());
    }
    let current = document_url(&window.realm, context);
    // 12. If historyHandling is "auto": "replace" if url equals navigable's active document's
    //     URL (and the initiator is same origin: always), else "push".
    let mut handling = match handling {
        HistoryHandling::Auto if current.as_ref() == Some(&url) => HistoryHandling::Replace,
        HistoryHandling::Auto => HistoryHandling::Push,
        other => other,
    };
    // 13. If the navigation must be a replace (navigable's active document is its initial
    //     about:blank document), then set historyHandling to "replace".
    if is_initial_about_blank(&window.realm) && handling == HistoryHandling::Push {
        handling = HistoryHandling::Replace;
    }
    // 15. If url equals navigable's active session history entry's URL with exclude fragments
    //     set to true, and url's fragment is non-null: navigate to a fragment, and return.
    if handling != HistoryHandling::Reload
        && url.fragment().is_some()
        && current.as_ref().is_some_and(|c| {
            let (mut a, mut b) = (c.clone(), url.clone());
            a.set_fragment(None);
            b.set_fragment(None);
            a == b
        })
    {
        return history_steps::navigate_to_fragment(
            navigable,
            traversable,
            &window,
            url,
            handling,
            context,
        );
    }
    if matches!(navigable, Navigable::Top(0)) {
        return Err(dom_exception_error(
            context,
            &format!(
                "{} '{url}': taskhost does not navigate the run's own window to another \
                 document (its document is the program); navigate a frame or a window that \
                 open() made",
                if handling == HistoryHandling::Reload {
                    "Reloading"
                } else {
                    "Navigating to"
                }
            ),
            "NotSupportedError",
        ));
    }
    let resource = match in_realm(context, &window.realm, |context| {
        read_resource(&url, context)
    }) {
        Ok(resource) => resource,
        Err(message) => {
            crate::engine::errors::report_host_error(&host, &format!("{what}: {message}"));
            return Ok(());
        }
    };
    navigate_to_resource(navigable, traversable, url, resource, handling, context)
}

/// The rest of "navigate" once the document is known: set the ongoing navigation, then, from a
/// task, make the document (unloading the old one), update the session history and load it.
pub fn navigate_to_resource(
    navigable: &Navigable,
    traversable: u32,
    url: ::url::Url,
    resource: DocumentResource,
    handling: HistoryHandling,
    context: &mut Context,
) -> JsResult<()> {
    let Some(window) = active_window(navigable, context) else {
        return Ok(());
    };
    // 17. Set the ongoing navigation for navigable to navigationId.
    let id = set_ongoing_navigation(navigable, context);
    let host = Host::from_context(context)?;
    // A frame's navigation task is its parent document's (the container's) task; a top-level
    // one's is its own window's.
    let task_realm = match navigable {
        Navigable::Frame(element) => container_realm(element, context),
        Navigable::Top(_) => Some(window.realm.clone()),
    }
    .unwrap_or_else(|| context.realm().clone());
    let navigable = navigable.clone();
    host.queue_task(
        HostSource::Other,
        task_realm,
        Box::new(move |context| {
            // A later navigation of the navigable (or its destruction) wins: this one is dropped.
            if !is_ongoing_navigation(&navigable, id, context) {
                return Ok(());
            }
            let Some(window) = active_window(&navigable, context) else {
                return Ok(());
            };
            // The entry the new one follows or replaces (made now if the navigable had none).
            ensure_entry(&navigable, traversable, context);
            let state = if handling == HistoryHandling::Reload {
                with_history(traversable, context, |h| {
                    h.current_entry(&navigable)
                        .and_then(|i| h.entry(i).state.clone())
                })
            } else {
                None
            };
            // Finalize a cross-document navigation (once the window is chosen, before the
            // document loads): "push" appends an entry after the current step (clearing the
            // forward history); "replace" and "reload" replace the navigable's current entry.
            let document = Rc::new(DocumentState {
                source: resource.source.clone(),
                realm: RefCell::new(None),
            });
            let entry = Entry {
                step: 0,
                navigable: navigable.clone(),
                url: url.to_string(),
                document: document.clone(),
                state: state.clone(),
            };
            let commit: BeforeLoad = Box::new(move |realm, context| {
                *document.realm.borrow_mut() = Some(realm.clone());
                with_history(traversable, context, |h| {
                    h.commit(entry, handling == HistoryHandling::Push);
                });
            });
            replace_document(&navigable, &window, &resource, &url, state, commit, context)?;
            Ok(())
        }),
    );
    Ok(())
}

/// What runs once a navigation's window is chosen, before its document loads: the session
/// history update, given the window's realm.
pub(super) type BeforeLoad = Box<dyn FnOnce(&Realm, &mut Context)>;

/// The realm of the window whose document holds the iframe `element`.
fn container_realm(element: &JsObject, context: &Context) -> Option<Realm> {
    let document = node_state(element)?.document.borrow().clone()?;
    let window = node_state(&document)?.window.borrow().clone()?;
    realm_of_global(context, &window)
}

/// Make the navigable show a new document loaded from `resource`, in the navigation's task: its
/// initial about:blank window takes it, or the old document (and those nested in it) unloads and
/// is destroyed and a new window takes its place; the document loads (its scripts run, its
/// window's `load` fires), then the iframe load event steps run for a frame. Nothing happens
/// after the unload if the navigable cannot show another document (no new window for it).
pub(super) fn replace_document(
    navigable: &Navigable,
    window: &ContentWindow,
    resource: &DocumentResource,
    url: &::url::Url,
    state: Option<Rc<RefCell<Serialized>>>,
    before_load: BeforeLoad,
    context: &mut Context,
) -> JsResult<()> {
    let new = if is_initial_about_blank(&window.realm) {
        window.clone()
    } else {
        // Unload the old document and its descendants, then destroy it; its entries keep
        // their URLs, not their windows.
        crate::web::html::unloading::unload_document_and_descendants(&window.realm, context);
        crate::web::html::unloading::destroy_document_and_descendants(&window.realm, context);
        let new = new_window_for(navigable, window, context)?;
        forget_frames(context);
        let Some(new) = new else {
            return Ok(());
        };
        new
    };
    in_realm(context, &new.realm, |context| -> JsResult<()> {
        if let Some(initial) = realm_data::<InitialAboutBlank>(context) {
            initial.0.set(false);
        }
        insert_realm_data(context, Rc::new(LoadedFrom(resource.source.clone())));
        // Restore the history object state (a reload or a traversal to an entry with state).
        if let Some(state) = &state {
            history_steps::restore_history_state(Some(state), context);
        }
        Ok(())
    })?;
    // The session history learns of the new document before its scripts run (they may read
    // `history.length`, or push entries of their own).
    before_load(&new.realm, context);
    let then: crate::web::html::html_iframe_element::AfterLoad = match navigable {
        Navigable::Frame(element) => {
            let element = element.clone();
            Box::new(move |context| {
                let realm =
                    container_realm(&element, context).unwrap_or_else(|| context.realm().clone());
                in_realm(context, &realm, |context| {
                    crate::web::html::html_iframe_element::iframe_load_event_steps(
                        &element, context,
                    )
                })
            })
        }
        Navigable::Top(_) => Box::new(|_| Ok(())),
    };
    match &resource.text {
        None => {
            // A new about:blank document: complete at once, then the iframe load event steps.
            in_realm(context, &new.realm, |context| -> JsResult<()> {
                crate::web::html::location::set_document_url("about:blank", context);
                crate::web::html::document_loader::fire_window_load(context)
            })?;
            then(context)?;
        }
        Some((text, name)) => {
            let path = match &resource.source {
                DocumentSource::File(path) => Some(path.as_str()),
                _ => None,
            };
            crate::web::html::html_iframe_element::load_document(
                &new,
                text,
                name,
                path,
                url.as_str(),
                then,
                context,
            )?;
        }
    }
    Ok(())
}

/// A new window for the navigable, in the old one's place (as its container's content and
/// among its parent's frames, or as the opened window of its number).
fn new_window_for(
    navigable: &Navigable,
    old: &ContentWindow,
    context: &mut Context,
) -> JsResult<Option<ContentWindow>> {
    use crate::web::html::html_iframe_element::next_window_number;
    match navigable {
        Navigable::Frame(element) => {
            let Some(parent_realm) = container_realm(element, context) else {
                return Ok(None);
            };
            let parent = global_of(&parent_realm, context);
            let number = next_window_number(context);
            let content = create_window(&format!("iframe {number}"), Some(&parent), context)?;
            if let Some(state) = node_state(element) {
                *state.content.borrow_mut() = Some(content.clone());
            }
            if let Some(children) = realm_data_of::<ChildWindows>(&parent_realm) {
                for entry in children.0.borrow_mut().iter_mut() {
                    if JsObject::equals(&entry.0, element) {
                        entry.1 = content.global.clone();
                    }
                }
                crate::web::html::window::sync_frame_indices(&parent, &children, context)?;
            }
            Ok(Some(content))
        }
        Navigable::Top(0) => Ok(None),
        Navigable::Top(number) => {
            let content = create_window(&format!("popup {number}"), None, context)?;
            crate::web::html::window_open::replace_opened_window(
                *number, &old.realm, &content, context,
            );
            Ok(Some(content))
        }
    }
}

/// Drop the entries of frames that are gone (HTML "destroy a child navigable", and the child
/// navigables of a document that unloaded), and the steps only they used. The current step
/// moves to the greatest step in use not above it.
pub fn forget_frames(context: &mut Context) {
    let histories = agent_data::<SessionHistories>(context);
    for (_, h) in histories.0.borrow_mut().iter_mut() {
        h.retain_navigables(|navigable| match navigable {
            Navigable::Top(_) => true,
            Navigable::Frame(element) => node_state(element).is_some_and(|s| {
                s.content
                    .borrow()
                    .as_ref()
                    .is_some_and(|c| realm_record(&c.realm).is_none_or(|r| r.is_fully_active()))
            }),
        });
    }
}

/// HTML "reload" of the current realm's window's navigable: navigate to its document's URL with
/// "reload" (a new document in place of the entry's).
pub fn reload(context: &mut Context) -> JsResult<()> {
    let realm = context.realm().clone();
    let Some((navigable, traversable)) = navigable_of(&realm, context) else {
        return Ok(());
    };
    let Some(url) = document_url(&realm, context) else {
        return Ok(());
    };
    if url.as_str() == "about:srcdoc"
        && let Navigable::Frame(element) = &navigable
    {
        // A srcdoc document reloads from its iframe's srcdoc attribute.
        let text = crate::web::dom::node::attribute(element, "srcdoc").unwrap_or_default();
        let resource = DocumentResource {
            source: DocumentSource::Srcdoc(text.clone()),
            text: Some((text, "about:srcdoc".to_owned())),
        };
        return navigate_to_resource(
            &navigable,
            traversable,
            url,
            resource,
            HistoryHandling::Reload,
            context,
        );
    }
    navigate(
        &navigable,
        traversable,
        url,
        HistoryHandling::Reload,
        "location.reload()",
        context,
    )
}

/// The number of the top-level traversable above the iframe `element`'s content navigable
/// (none if the iframe is not in a shown document).
pub fn frame_traversable(element: &JsObject, context: &Context) -> Option<u32> {
    let realm = container_realm(element, context)?;
    Some(traversable_number(&top_realm(&realm, context)))
}
