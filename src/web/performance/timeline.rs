//! The Performance Timeline's per-global state and algorithms (Performance Timeline §3–§4):
//! the performance entry buffer map, the registered performance observers, "queue a
//! PerformanceEntry", "queue the PerformanceObserver task", and `getEntries()`,
//! `getEntriesByType()`, `getEntriesByName()` (partial interface Performance).
//!
//! The state is realm data: one [`Timeline`] per global object (window, iframe, worker).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use boa_engine::object::builtins::JsArray;
use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject, JsValue};

use super::performance_entry::{EntryType, entry_of};
use crate::agent::host::Host;
use crate::agent::realm::{in_realm, insert_realm_data, realm_data, realm_data_of};
use crate::event_loop::HostSource;

/// A `PerformanceObserverInit` as recorded in an options list: `type` or `entryTypes`, and
/// the buffered flag.
#[derive(Clone, Debug, PartialEq)]
pub enum ObserveInit {
    /// `{ type, buffered, durationThreshold }`.
    Single {
        entry_type: EntryType,
        buffered: bool,
        /// `durationThreshold` (Event Timing), if given.
        duration_threshold: Option<f64>,
    },
    /// `{ entryTypes }` (the supported ones).
    Multiple(Vec<EntryType>),
}

impl ObserveInit {
    /// Whether this item asks for entries of `entry_type`.
    #[must_use]
    pub fn includes(&self, entry_type: EntryType) -> bool {
        match self {
            Self::Single { entry_type: t, .. } => *t == entry_type,
            Self::Multiple(types) => types.contains(&entry_type),
        }
    }

    /// Event Timing's "should add PerformanceEventTiming" with these options for an entry of
    /// `entry_type` and `duration`; true for every other entry type.
    #[must_use]
    pub fn should_add(&self, entry_type: EntryType, duration: f64) -> bool {
        let threshold = match self {
            Self::Single {
                duration_threshold, ..
            } => *duration_threshold,
            Self::Multiple(_) => None,
        };
        should_add_entry(entry_type, duration, threshold)
    }

    fn types(&self) -> Vec<EntryType> {
        match self {
            Self::Single { entry_type, .. } => vec![*entry_type],
            Self::Multiple(types) => types.clone(),
        }
    }
}

/// A registered performance observer: the observer and its options list.
pub struct Registered {
    pub observer: JsObject,
    pub options: Vec<ObserveInit>,
}

/// A performance entry tuple (§3.1.1): its buffer, the registry's maxBufferSize and
/// availableFromTimeline, and the dropped entries count.
#[derive(Default)]
pub struct EntryTuple {
    pub buffer: Vec<JsObject>,
    pub dropped: u64,
}

/// The Performance Timeline state of one global object.
#[derive(Default)]
pub struct Timeline {
    /// The performance entry buffer map, by entry type (marks, measures, long tasks).
    marks: RefCell<EntryTuple>,
    measures: RefCell<EntryTuple>,
    long_tasks: RefCell<EntryTuple>,
    events: RefCell<EntryTuple>,
    first_input: RefCell<EntryTuple>,
    long_animation_frames: RefCell<EntryTuple>,
    visibility_states: RefCell<EntryTuple>,
    /// A window's first `visibility-state` entry, not made yet: its document's visibility
    /// state when the document was made (`Some(hidden)`). The entry is made when the buffer is
    /// first read or appended to, so that a window whose script never looks costs no object.
    initial_visibility: Cell<Option<bool>>,
    /// The list of registered performance observer objects.
    pub observers: RefCell<Vec<Registered>>,
    /// The performance observer task queued flag.
    task_queued: Cell<bool>,
}

/// The registry's maxBufferSize of `longtask` (marks and measures: infinite).
pub const LONG_TASK_BUFFER_SIZE: usize = 200;

/// The maxBufferSize of `long-animation-frame`: 200, Chromium's (the registry copy in this
/// project's references predates the entry type). Chromium makes the entries available from the
/// timeline (`getEntries*`), as WPT's long-animation-frame/loaf-timeline.html expects, and
/// taskhost does too.
pub const LONG_ANIMATION_FRAME_BUFFER_SIZE: usize = 200;

/// The registry's maxBufferSize of `visibility-state`.
pub const VISIBILITY_STATE_BUFFER_SIZE: usize = 50;

/// The registry's maxBufferSize of `event`.
pub const EVENT_BUFFER_SIZE: usize = 150;

/// Event Timing's default `durationThreshold` (ms) and the least one an observer may ask for.
pub const DEFAULT_DURATION_THRESHOLD: f64 = 104.0;
pub const MIN_DURATION_THRESHOLD: f64 = 16.0;

/// "Should add PerformanceEventTiming" (Event Timing) for an entry of `entry_type` with
/// `duration`, given an observer's `durationThreshold` (`None`: absent, or the buffer's check);
/// true for every other entry type.
///
/// 1. If entry's entryType is "first-input", return true.
/// 2. Assert that entry's entryType is "event".
/// 3. Let minDuration be 104 if options is not present or its durationThreshold is not
///    present, otherwise max(16, durationThreshold).
/// 4. Return whether entry's duration is greater than or equal to minDuration.
#[must_use]
pub fn should_add_entry(entry_type: EntryType, duration: f64, threshold: Option<f64>) -> bool {
    match entry_type {
        EntryType::Event => {
            let min = threshold.map_or(DEFAULT_DURATION_THRESHOLD, |t| {
                t.max(MIN_DURATION_THRESHOLD)
            });
            duration >= min
        }
        _ => true,
    }
}

impl Timeline {
    /// The timeline of the current realm (made on first use).
    pub fn current(context: &Context) -> Rc<Timeline> {
        if let Some(timeline) = realm_data::<Timeline>(context) {
            return timeline;
        }
        let timeline = Rc::new(Timeline::default());
        insert_realm_data(context, timeline.clone());
        timeline
    }

    /// The relevant performance entry tuple of `entry_type`, if it has one.
    pub fn tuple(&self, entry_type: EntryType) -> Option<&RefCell<EntryTuple>> {
        match entry_type {
            EntryType::Mark => Some(&self.marks),
            EntryType::Measure => Some(&self.measures),
            EntryType::LongTask => Some(&self.long_tasks),
            EntryType::Event => Some(&self.events),
            EntryType::FirstInput => Some(&self.first_input),
            EntryType::LongAnimationFrame => Some(&self.long_animation_frames),
            EntryType::VisibilityState => Some(&self.visibility_states),
            EntryType::TaskAttribution | EntryType::Script => None,
        }
    }

    /// Record the visibility state a window's document had when it was made, for its first
    /// `visibility-state` entry (see [`Timeline::settle_initial_visibility`]).
    pub fn set_initial_visibility(&self, hidden: bool) {
        self.initial_visibility.set(Some(hidden));
    }

    /// Make the window's first `visibility-state` entry if it is still owed, and put it in the
    /// buffer. HTML, when a document is made: "queue a new VisibilityStateEntry whose visibility
    /// state is document's visibility state and whose timestamp is zero". No script can have
    /// registered an observer before a document exists, so it goes to the buffer only; made
    /// late (here, in this timeline's realm, the current one), before any later entry of its
    /// type is queued and before its buffer is read, it is the same entry.
    pub fn settle_initial_visibility(&self, context: &mut Context) {
        let Some(hidden) = self.initial_visibility.take() else {
            return;
        };
        let data = super::performance_entry::EntryData::new(
            if hidden { "hidden" } else { "visible" },
            EntryType::VisibilityState,
            0.0,
            0.0,
        );
        if let Ok(entry) = super::performance_entry::new_entry(data, context) {
            self.visibility_states.borrow_mut().buffer.push(entry);
        }
    }

    /// Remove the buffered entries of `entry_type` (all of them, or those named `name`).
    pub fn clear(&self, entry_type: EntryType, name: Option<&str>) {
        if let Some(tuple) = self.tuple(entry_type) {
            tuple.borrow_mut().buffer.retain(|entry| {
                name.is_some_and(|name| entry_of(entry).is_some_and(|d| d.name != name))
            });
        }
    }

    /// The most recent buffered entry of `entry_type` named `name`: its start time.
    #[must_use]
    pub fn last_start_time(&self, entry_type: EntryType, name: &str) -> Option<f64> {
        let tuple = self.tuple(entry_type)?.borrow();
        tuple.buffer.iter().rev().find_map(|entry| {
            let data = entry_of(entry)?;
            (data.name == name).then_some(data.start_time)
        })
    }
}

/// "Determine if a performance entry buffer is full" (§3.1.2), by the registry's maxBufferSize.
fn is_buffer_full(entry_type: EntryType, tuple: &EntryTuple) -> bool {
    match entry_type {
        EntryType::LongTask => tuple.buffer.len() >= LONG_TASK_BUFFER_SIZE,
        EntryType::LongAnimationFrame => tuple.buffer.len() >= LONG_ANIMATION_FRAME_BUFFER_SIZE,
        EntryType::VisibilityState => tuple.buffer.len() >= VISIBILITY_STATE_BUFFER_SIZE,
        EntryType::Event => tuple.buffer.len() >= EVENT_BUFFER_SIZE,
        EntryType::FirstInput => !tuple.buffer.is_empty(),
        _ => false,
    }
}

/// "Queue a PerformanceEntry" (§4.3) `new_entry`, whose relevant global is the current one.
/// (The registry's `should add entry` is true for mark, measure, longtask,
/// long-animation-frame and visibility-state.)
pub fn queue_entry(new_entry: &JsObject, context: &mut Context) {
    let Some((entry_type, duration)) = entry_of(new_entry).map(|d| (d.entry_type, d.duration))
    else {
        return;
    };
    // 3. Let relevantGlobal be newEntry's relevant global object.
    let timeline = Timeline::current(context);
    if entry_type == EntryType::VisibilityState {
        timeline.settle_initial_visibility(context);
    }
    // 1. Let interested observers be an initially empty set of PerformanceObserver objects.
    // 4. For each registered performance observer regObs in relevantGlobal's list of registered
    //    performance observer objects: if regObs's options list contains a
    //    PerformanceObserverInit options whose entryTypes member includes entryType or whose
    //    type member equals to entryType, and should add entry is true, append regObs's
    //    observer to interested observers.
    let interested: Vec<JsObject> = timeline
        .observers
        .borrow()
        .iter()
        .filter(|r| {
            r.options
                .iter()
                .any(|o| o.includes(entry_type) && o.should_add(entry_type, duration))
        })
        .map(|r| r.observer.clone())
        .collect();
    // 5. For each observer in interested observers: append newEntry to observer's observer
    //    buffer.
    for observer in &interested {
        super::performance_observer::append_to_buffer(observer, new_entry.clone());
    }
    // 6. Let tuple be the relevant performance entry tuple of entryType and relevantGlobal.
    if let Some(tuple) = timeline.tuple(entry_type) {
        let mut tuple = tuple.borrow_mut();
        // 7. Let isBufferFull be the return value of the determine if a performance entry
        //    buffer is full algorithm with tuple as input.
        // 8. Let shouldAdd be the result of should add entry with newEntry as input (true).
        // 9. If isBufferFull is false and shouldAdd is true, append newEntry to tuple's
        //    performance entry buffer.
        if !should_add_entry(entry_type, duration, None) {
            // Not added (an event entry under 104 ms).
        } else if is_buffer_full(entry_type, &tuple) {
            // (§3.1.2: a full buffer counts the entry as dropped.)
            tuple.dropped += 1;
        } else {
            tuple.buffer.push(new_entry.clone());
        }
    }
    // 10. Queue the PerformanceObserver task with relevantGlobal as input.
    //     (Deviation, unobservable: only when some observer got the entry. Without one the
    //     task would call no callback; not queueing it keeps a program without observers from
    //     gaining tasks, e.g. one more task pending at `--max-time` after a long task.)
    if !interested.is_empty() {
        queue_observer_task(&context.realm().clone(), context);
    }
}

/// "Queue the PerformanceObserver task" (§4.4) for the global of `realm`.
pub fn queue_observer_task(realm: &Realm, context: &mut Context) {
    let Some(timeline) = realm_data_of::<Timeline>(realm) else {
        return;
    };
    // 1. If relevantGlobal's performance observer task queued flag is set, terminate these steps.
    if timeline.task_queued.get() {
        return;
    }
    // 2. Set relevantGlobal's performance observer task queued flag.
    timeline.task_queued.set(true);
    let Ok(host) = Host::from_context(context) else {
        return;
    };
    // 3. Queue a task that consists of running the following substeps. The task source for the
    //    queued task is the performance timeline task source. (An HTML task source of the
    //    policy's band 2, like the other host task sources.)
    let posted = host.trace_post(context, "PerformanceObserver", None);
    let task_realm = realm.clone();
    host.queue_task_posted(
        HostSource::Other,
        realm.clone(),
        Box::new(move |context| {
            in_realm(context, &task_realm, |context| {
                notify_observers(&timeline, context);
            });
            Ok(())
        }),
        posted,
    );
}

/// The steps of the PerformanceObserver task (§4.4 step 3).
fn notify_observers(timeline: &Timeline, context: &mut Context) {
    // 1. Unset performance observer task queued flag of relevantGlobal.
    timeline.task_queued.set(false);
    // 2. Let notifyList be a copy of relevantGlobal's list of registered performance observer
    //    objects.
    let notify_list: Vec<(JsObject, Vec<ObserveInit>)> = timeline
        .observers
        .borrow()
        .iter()
        .map(|r| (r.observer.clone(), r.options.clone()))
        .collect();
    // 3. For each registered performance observer object registeredObserver in notifyList:
    for (observer, options) in notify_list {
        // 1-2. Let po be registeredObserver's observer; let entries be a copy of po's observer
        //      buffer.
        // 3. If entries is empty, return. (Continue with the next observer: every observer
        //    gets its entries, as in browsers.)
        // 4. Empty po's observer buffer.
        let entries = super::performance_observer::take_buffer(&observer);
        if entries.is_empty() {
            continue;
        }
        // 6. Let droppedEntriesCount be null.
        // 7. If po's requires dropped entries is set: set droppedEntriesCount to the sum of the
        //    dropped entries counts of the types of its options list, and unset the flag.
        let dropped = super::performance_observer::take_requires_dropped(&observer).then(|| {
            options
                .iter()
                .flat_map(ObserveInit::types)
                .filter_map(|t| timeline.tuple(t).map(|tuple| tuple.borrow().dropped))
                .sum::<u64>()
        });
        // 5, 8-9. Let observerEntryList be a new PerformanceObserverEntryList with entries;
        //    let callbackOptions have droppedEntriesCount if not null; call po's observer
        //    callback with « observerEntryList, po, callbackOptions » and "report".
        super::performance_observer::call_back(&observer, entries, dropped, context);
    }
}

/// "Filter buffer map by name and type" (§4.6) of the current global: the buffered entries
/// available from the timeline (marks, measures, first input, long animation frames and visibility states; long
/// tasks and events are not), of `entry_type` and named `name` when given, in chronological
/// order of their start times.
#[must_use]
pub fn filter_buffer_map(
    name: Option<&str>,
    entry_type: Option<&str>,
    context: &mut Context,
) -> Vec<JsObject> {
    let timeline = Timeline::current(context);
    timeline.settle_initial_visibility(context);
    // 1. Let result be an initially empty list.
    let mut result: Vec<(f64, JsObject)> = Vec::new();
    // 2. Let map be the performance entry buffer map associated with the relevant global object
    //    of this.
    // 3. Let tuple list be an empty list.
    // 4. If type is not null, append the result of getting the value of entry on map given type
    //    as key to tuple list. Otherwise, assign the result of get the values on map to tuple
    //    list.
    let types: Vec<EntryType> = match entry_type {
        Some(t) => EntryType::supported(t).into_iter().collect(),
        None => vec![
            EntryType::Mark,
            EntryType::Measure,
            EntryType::LongTask,
            EntryType::Event,
            EntryType::FirstInput,
            EntryType::LongAnimationFrame,
            EntryType::VisibilityState,
        ],
    };
    // 5. For each tuple in tuple list, run the following steps:
    for t in types {
        // 1. Let buffer be tuple's performance entry buffer.
        // 2. If tuple's availableFromTimeline is false, continue.
        if matches!(t, EntryType::LongTask | EntryType::Event) {
            continue;
        }
        let Some(tuple) = timeline.tuple(t) else {
            continue;
        };
        // 3. Let entries be the result of running filter buffer by name and type with buffer,
        //    name and type as inputs.
        // 4. For each entry in entries, append entry to result.
        for entry in &tuple.borrow().buffer {
            let Some(data) = entry_of(entry) else {
                continue;
            };
            if name.is_none_or(|n| n == data.name) {
                result.push((data.start_time, entry.clone()));
            }
        }
    }
    // 6. Sort results's entries in chronological order with respect to startTime. (Stable:
    //    entries with equal start times keep the order of the map's types and their buffers.)
    result.sort_by(|a, b| a.0.total_cmp(&b.0));
    // 7. Return result.
    result.into_iter().map(|(_, e)| e).collect()
}

/// Entries as a JS array (a `PerformanceEntryList`).
pub fn entry_list(entries: Vec<JsObject>, context: &mut Context) -> JsValue {
    JsArray::from_iter(entries.into_iter().map(JsValue::from), context).into()
}
