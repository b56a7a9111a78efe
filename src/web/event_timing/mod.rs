//! Event Timing (w3c/event-timing): how long trusted input events took, from when the input
//! happened (`startTime`, the event's `timeStamp`) through processing (`processingStart`,
//! `processingEnd`) to the end of the next rendering after it (`duration`, rounded to 8 ms);
//! interaction ids; `performance.eventCounts` and `performance.interactionCount`.
//!
//! The algorithms are the spec's "initialize event timing", "finalize event timing", "compute
//! interactionId", "increase interaction count" and "dispatch pending Event Timing entries",
//! run by the user agent's input (`web::input`) around each dispatch and by the rendering task
//! (`html::rendering`, after step 21 "mark paint timing").
//!
//! Invariants:
//! - An entry record waits in exactly one place: the window's pending entries (until the next
//!   rendering sets its duration and queues it), or its pending pointer downs (until the
//!   pointerup that completes its interaction, or a newer one replaces it).
//! - A key code is in the active key interactions from its keydown to its keyup.
//! - A record's duration is set once, at the first rendering after it was dispatched.
//!
//! Deviation, the browsers': entries that rendering queues together are queued in the order
//! their events were dispatched. The spec's "finalize event timing" appends a pointerdown's
//! (keydown's) entry to the pending entries only when its pointerup (keyup) comes, after the
//! entries of the events dispatched in between (a tap's `touchstart`, a click's `mousedown`, a
//! key's `keypress`); Chromium 156 and Firefox 153 both report the pointerdown first, and the
//! spec's rewrite under way (w3c/event-timing pull request 165) reports entries "in the exact
//! order they were dispatched".
//!
//! Deviation, the browsers': a key press gets its interaction id at its `keydown`, and the
//! keydown's entry is queued by the next rendering, like any other. The spec's "finalize event
//! timing" keeps a keydown in the window's pending key downs until its `keyup` (or a repeat of
//! it) gives it an id, so a key held down, or one whose keyup never comes (a shortcut that opens
//! a dialog), is never reported. Chromium 156 and Firefox 153 both report a keydown with a fresh
//! id at the first rendering after it (each repeat of a held key its own; the keyup gets the
//! latest keydown's id of its key; `keypress` the keydown's), as recorded here with their own
//! input over DevTools and WebDriver BiDi; WebKitGTK 2.50 has no Event Timing. The spec's
//! editors mean to do the same (w3c/event-timing issue 153, "change keyboard interactionId
//! assignment to be eager", and pull request 165's "active key interaction map"), and upstream
//! WPT's `orphan-keydown.html` and `keydown-without-paint.tentative.html` expect it.
//!
//! Deviations: the user interaction value starts at 100, not at a random integer between 100
//! and 10000 (runs are meant to be reproducible); it grows by 7 per interaction, as in
//! Chromium and Gecko. Composition and `input` events are not produced by taskhost's input.

pub mod event_counts;
pub mod inp;
pub mod performance_event_timing;
mod target_selector;

use target_selector::{describe, generate_css_selector};

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject, JsResult, JsString};
use indexmap::IndexMap;
use rustc_hash::FxHashMap as HashMap;

use crate::agent::host::Host;
use crate::agent::realm::{insert_realm_data, realm_data, realm_data_of};
use crate::event_loop::LoopTime;
use crate::web::dom::node::is_connected;
use crate::web::performance::performance_entry::{EntryData, EntryType, EventTimes, new_entry};
use crate::web::performance::timeline::queue_entry;

/// The event types considered for Event Timing (trusted events only).
pub const TIMED_EVENT_TYPES: [&str; 36] = [
    "auxclick",
    "beforeinput",
    "click",
    "compositionend",
    "compositionstart",
    "compositionupdate",
    "contextmenu",
    "dblclick",
    "dragend",
    "dragenter",
    "dragleave",
    "dragover",
    "dragstart",
    "drop",
    "gotpointercapture",
    "input",
    "keydown",
    "keypress",
    "keyup",
    "lostpointercapture",
    "mousedown",
    "mouseenter",
    "mouseleave",
    "mouseout",
    "mouseover",
    "mouseup",
    "pointercancel",
    "pointerdown",
    "pointerenter",
    "pointerleave",
    "pointerout",
    "pointerover",
    "pointerup",
    "touchcancel",
    "touchend",
    "touchstart",
];

/// The first user interaction value (see the module's deviations) and its increment.
const FIRST_INTERACTION_VALUE: u64 = 100;
const INTERACTION_INCREMENT: u64 = 7;

/// The least duration an entry must have to be queued at all (ms).
const MIN_QUEUED_DURATION: f64 = 16.0;

/// One timed event, before it becomes a `PerformanceEventTiming`.
#[derive(Clone, Debug)]
pub struct Record {
    pub name: String,
    pub start: f64,
    pub processing_start: f64,
    pub processing_end: f64,
    pub cancelable: bool,
    pub target: Option<JsObject>,
    /// `targetSelector`: the target as "generate a CSS selector" names it at dispatch.
    pub target_selector: String,
    pub interaction_id: u64,
    pub duration: Option<f64>,
    /// The rendering timestamp its duration was computed from.
    pub rendered_at: f64,
    /// The key code of a keydown (to find it again at its keyup), or the pointer id.
    pub key: i64,
    /// Its place in the order of dispatch (the order its window's entries are queued in).
    pub seq: u64,
}

/// An interaction's entries, as the end-of-run summary sees them (`--inp`).
#[derive(Clone, Debug)]
pub struct Timed {
    pub name: String,
    pub start: f64,
    pub processing_start: f64,
    pub processing_end: f64,
    pub duration: f64,
    pub interaction_id: u64,
    /// The target, described (`button#save`, `document`).
    pub target: String,
    /// When the rendering that set its duration ran (the unrounded end of `duration`).
    pub rendered_at: f64,
}

/// A window's Event Timing state.
pub struct EventTiming {
    /// Entries dispatched since the last rendering.
    pending: RefCell<Vec<Record>>,
    /// pointerId → pointerdown record, waiting for its pointerup.
    pending_pointer_downs: RefCell<HashMap<i64, Record>>,
    /// keyCode → the interaction id its latest keydown got, until its keyup (the "active key
    /// interaction map" of w3c/event-timing pull request 165; see the module's deviations).
    active_key_interactions: RefCell<HashMap<i64, u64>>,
    /// The interaction id the latest keydown got (0 before any), for the `keypress` and the
    /// keyboard's `click` of its key press.
    last_keydown_interaction: Cell<u64>,
    /// pointerId → the interaction id its pointerup got (for the click that follows).
    pointer_interaction_values: RefCell<HashMap<i64, u64>>,
    /// The user interaction value.
    interaction_value: Cell<u64>,
    /// "Is contextmenu triggered": a contextmenu took the pending pointerdown, so the
    /// pointerup that follows belongs to the same interaction.
    contextmenu_triggered: Cell<bool>,
    /// `performance.interactionCount`.
    interaction_count: Cell<u64>,
    /// Whether a first-input entry was queued.
    has_dispatched_input: Cell<bool>,
    /// The `seq` of the next record.
    next_seq: Cell<u64>,
    /// When a modal dialog was last shown (the end of the events being processed then).
    dialog_shown_at: Cell<Option<f64>>,
    /// `performance.eventCounts`: type → count, every timed type present from the start.
    pub counts: RefCell<IndexMap<&'static str, u64>>,
    /// Every entry whose duration was set, for the end-of-run summary (only when asked).
    pub log: RefCell<Option<Vec<Timed>>>,
}

impl Default for EventTiming {
    fn default() -> Self {
        Self {
            pending: RefCell::default(),
            pending_pointer_downs: RefCell::default(),
            active_key_interactions: RefCell::default(),
            last_keydown_interaction: Cell::new(0),
            pointer_interaction_values: RefCell::default(),
            interaction_value: Cell::new(FIRST_INTERACTION_VALUE),
            contextmenu_triggered: Cell::new(false),
            interaction_count: Cell::new(0),
            has_dispatched_input: Cell::new(false),
            next_seq: Cell::new(0),
            dialog_shown_at: Cell::new(None),
            counts: RefCell::new(TIMED_EVENT_TYPES.iter().map(|t| (*t, 0)).collect()),
            log: RefCell::new(None),
        }
    }
}

impl EventTiming {
    /// The current realm's window's state (made on first use).
    pub fn current(context: &Context) -> Rc<EventTiming> {
        if let Some(state) = realm_data::<EventTiming>(context) {
            return state;
        }
        let state = Rc::new(EventTiming::default());
        insert_realm_data(context, state.clone());
        state
    }

    /// `performance.interactionCount`.
    #[must_use]
    pub fn interaction_count(&self) -> u64 {
        self.interaction_count.get()
    }

    /// How many records wait for a rendering to set their duration.
    #[must_use]
    pub fn waiting(&self) -> usize {
        self.pending.borrow().len()
            + self
                .pending_pointer_downs
                .borrow()
                .values()
                .filter(|r| r.duration.is_none())
                .count()
    }

    /// "Increase interaction count": increase the user interaction value by a small number
    /// chosen by the user agent (7), and interactionCount by 1. Returns the new value.
    fn increase_interaction_count(&self) -> u64 {
        let value = self.interaction_value.get() + INTERACTION_INCREMENT;
        self.interaction_value.set(value);
        self.interaction_count.set(self.interaction_count.get() + 1);
        value
    }
}

/// The records waiting for a rendering in the document of `realm`'s window.
#[must_use]
pub fn waiting_in(realm: &Realm) -> usize {
    realm_data_of::<EventTiming>(realm).map_or(0, |s| s.waiting())
}

/// Whether events of type `name` are timed.
#[must_use]
pub fn is_timed(name: &str) -> bool {
    TIMED_EVENT_TYPES.binary_search(&name).is_ok()
}

/// "Initialize event timing": the processing start of a trusted event about to be dispatched
/// (its `processingStart`), or `None` when the event's type is not timed.
#[must_use]
pub fn initialize(name: &str, context: &Context) -> Option<f64> {
    if !is_timed(name) {
        return None;
    }
    Host::from_context(context)
        .ok()
        .map(|h| h.now().as_millis_f64())
}

/// What "finalize event timing" needs to know of a dispatched event.
pub struct Dispatched<'a> {
    pub name: &'a str,
    pub time_stamp: f64,
    pub processing_start: f64,
    pub cancelable: bool,
    pub target: JsObject,
    /// A pointer event's pointerId (a click's too), or a keyboard event's keyCode.
    pub key: i64,
    pub is_composing: bool,
}

/// "Finalize event timing" for an event just dispatched in the current realm's window.
pub fn finalize(event: &Dispatched<'_>, context: &mut Context) {
    let state = EventTiming::current(context);
    // 1-4. Let timingEntry be a new PerformanceEventTiming: name, entryType "event", startTime
    //      the event's timeStamp, processingStart, processingEnd the current time, cancelable,
    //      target.
    let processing_end =
        Host::from_context(context).map_or(event.processing_start, |h| h.now().as_millis_f64());
    let mut record = Record {
        name: event.name.to_owned(),
        start: event.time_stamp,
        processing_start: event.processing_start,
        processing_end,
        cancelable: event.cancelable,
        target: Some(event.target.clone()),
        target_selector: generate_css_selector(&event.target),
        interaction_id: 0,
        duration: None,
        rendered_at: 0.0,
        key: event.key,
        seq: state.next_seq.get(),
    };
    state.next_seq.set(state.next_seq.get() + 1);
    // A modal dialog shown while it was processed ended it (see `modal_dialog_shown`).
    if let Some(shown) = state.dialog_shown_at.get()
        && shown >= event.processing_start
    {
        end_at(&state, &mut record, shown);
    }
    let mut pending = state.pending.borrow_mut();
    match event.name {
        // A pointerdown waits for the pointerup (or cancel) that decides its interaction; an
        // earlier one of the same pointer still waiting is queued without one.
        "pointerdown" => {
            if let Some(previous) = state
                .pending_pointer_downs
                .borrow_mut()
                .insert(event.key, record)
            {
                pending.push(previous);
            }
            state.contextmenu_triggered.set(false);
        }
        // A keydown starts a key press interaction at once (see the module's deviations): a
        // new id, which its keypress, the keyboard's click and its keyup share, and its entry
        // is queued by the next rendering. While composing it gets none.
        "keydown" => {
            if !event.is_composing {
                let id = state.increase_interaction_count();
                state
                    .active_key_interactions
                    .borrow_mut()
                    .insert(event.key, id);
                state.last_keydown_interaction.set(id);
                record.interaction_id = id;
            }
            pending.push(record);
        }
        _ => {
            record.interaction_id = compute_interaction_id(&state, event, &mut pending);
            pending.push(record);
        }
    }
    drop(pending);
    crate::web::html::rendering::Rendering::of(context).waiting_changed(1, 0);
    crate::web::html::rendering::request_frame(context);
}

/// The interaction of the key press `key` belongs to: the id of its key's keydown if that key
/// is still down, else the latest keydown's; `None` before any keydown.
fn key_press_interaction(state: &EventTiming, key: i64) -> Option<u64> {
    if let Some(id) = state.active_key_interactions.borrow().get(&key) {
        return Some(*id);
    }
    Some(state.last_keydown_interaction.get()).filter(|id| *id != 0)
}

/// "Compute interactionId" for an event that is not a pointerdown or keydown; records the
/// pointerdown or keydown it completes into `pending`.
fn compute_interaction_id(
    state: &EventTiming,
    event: &Dispatched<'_>,
    pending: &mut Vec<Record>,
) -> u64 {
    match event.name {
        // keyup: the id of the latest keydown of the same key, if it is still down.
        "keyup" => {
            if event.is_composing {
                return 0;
            }
            state
                .active_key_interactions
                .borrow_mut()
                .remove(&event.key)
                .unwrap_or(0)
        }
        // keypress: the interaction of the key press it belongs to, as a keyboard click's
        // below. (Deviation, the browsers': the spec's "compute interactionId" gives a keypress
        // 0; Chromium 156 and Firefox 153 both give it its keydown's id, and upstream WPT's
        // `interactionid-keypress.html` expects that.)
        "keypress" => key_press_interaction(state, event.key).unwrap_or(0),
        // A click the keyboard gave (pointerId -1): the interaction of the key press that gave
        // it. (Deviation, Chromium's: "compute interactionId" looks the click's pointerId up in
        // the pointer interaction value map, where -1 never is, and gives 0.) Enter clicks
        // during its keydown or keypress, Space after its keyup: either way the latest
        // keydown's id.
        "click" if event.key == -1 => {
            key_press_interaction(state, event.key).unwrap_or_else(|| state.interaction_value.get())
        }
        // click: the id its pointerup got.
        "click" => state
            .pointer_interaction_values
            .borrow_mut()
            .remove(&event.key)
            .unwrap_or(0),
        "pointerup" | "pointercancel" | "contextmenu" => {
            let Some(mut down) = state.pending_pointer_downs.borrow_mut().remove(&event.key) else {
                // No pointerdown waits: a contextmenu gets the current value; so does the
                // pointerup after a contextmenu that took its pointerdown (the secondary
                // button's press and release are one interaction).
                if event.name == "contextmenu" {
                    return state.interaction_value.get();
                }
                if event.name == "pointerup" && state.contextmenu_triggered.replace(false) {
                    return state.interaction_value.get();
                }
                return 0;
            };
            if event.name == "pointercancel" {
                pending.push(down);
                return 0;
            }
            let id = state.increase_interaction_count();
            state
                .pointer_interaction_values
                .borrow_mut()
                .insert(event.key, id);
            down.interaction_id = id;
            pending.push(down);
            if event.name == "contextmenu" {
                state.contextmenu_triggered.set(true);
            }
            id
        }
        _ => 0,
    }
}

/// The duration from `start` to `rendering`, rounded to the nearest 8 ms ("with granularity of
/// 8ms or less"; Chromium rounds to the nearest multiple of 8).
#[must_use]
pub fn rounded_duration(start: f64, rendering: f64) -> f64 {
    ((rendering - start).max(0.0) / 8.0).round() * 8.0
}

/// "Dispatch pending Event Timing entries" for the current realm's window's document, at the
/// rendering step (after "mark paint timing"), with the current time as the rendering
/// timestamp.
pub fn dispatch_pending_entries(context: &mut Context) {
    let Some(state) = realm_data::<EventTiming>(context) else {
        return;
    };
    let Ok(host) = Host::from_context(context) else {
        return;
    };
    // 1. Let renderingTimestamp be the current high resolution time.
    let rendering = host.now().as_millis_f64();
    // 2-3. For each pending pointerdown without a duration, set it (they stay pending). (No
    //      keydown is pending: see the module's deviations.)
    for record in state.pending_pointer_downs.borrow_mut().values_mut() {
        end_at(&state, record, rendering);
    }
    // 4. For each timingEntry in the pending entries: set its duration if it has none, then
    //    queue it (if its duration is at least 16 ms), and the first input. (In the order the
    //    events were dispatched: see the module's deviations.)
    let mut entries: Vec<Record> = std::mem::take(&mut *state.pending.borrow_mut());
    entries.sort_by_key(|r| r.seq);
    for mut record in entries {
        end_at(&state, &mut record, rendering);
        let _ = queue(&state, &record, context);
    }
}

/// A modal dialog was shown (`alert()`, `confirm()`, `prompt()`) in the current realm's
/// window: an end point for the events being processed, as a rendering is. The entries waiting
/// for a rendering get their duration now (they are still queued by the next rendering), and
/// so do the events whose processing has begun and not ended (at their finalize).
///
/// Deviation, Chromium's: the spec's duration always runs to the next rendering; Chromium 156
/// ends it at the dialog (w3c/event-timing issue 129, "alternative end points"; upstream WPT's
/// `modal-dialog-interrupt-paint.html` expects it).
pub fn modal_dialog_shown(context: &mut Context) {
    let Some(state) = realm_data::<EventTiming>(context) else {
        return;
    };
    let Ok(host) = Host::from_context(context) else {
        return;
    };
    let now = host.now().as_millis_f64();
    state.dialog_shown_at.set(Some(now));
    for record in state
        .pending
        .borrow_mut()
        .iter_mut()
        .chain(state.pending_pointer_downs.borrow_mut().values_mut())
    {
        end_at(&state, record, now);
    }
}

/// Set `record`'s duration, if it has none, to end at `end` (a rendering's or a dialog's time),
/// and count its event.
fn end_at(state: &EventTiming, record: &mut Record, end: f64) {
    if record.duration.is_none() {
        record.duration = Some(rounded_duration(record.start, end));
        record.rendered_at = end;
        count(state, &record.name);
    }
}

/// Count one more event of `name` (`performance.eventCounts`).
fn count(state: &EventTiming, name: &str) {
    if let Some(n) = state.counts.borrow_mut().get_mut(name) {
        *n += 1;
    }
}

/// Queue `record` as a `PerformanceEventTiming` (and as the first input).
fn queue(state: &EventTiming, record: &Record, context: &mut Context) -> JsResult<()> {
    let duration = record.duration.unwrap_or(0.0);
    // `--trace`: each event of an interaction as a slice from the input to the next paint.
    if record.interaction_id != 0
        && let Ok(host) = Host::from_context(context)
    {
        let start = LoopTime::from_millis_f64(record.start.max(0.0));
        let end = LoopTime::from_millis_f64(record.rendered_at.max(record.start).max(0.0));
        let (name, id) = (record.name.clone(), record.interaction_id);
        let times = (record.processing_start, record.processing_end);
        host.trace_user_timing(
            "event timing",
            &format!("{name} (interaction {id}) {duration} ms"),
            start,
            Some(end),
            || {
                serde_json::json!({
                    "processingStart": times.0,
                    "processingEnd": times.1,
                    "duration": duration,
                    "interactionId": id,
                })
            },
        );
    }
    if let Some(log) = state.log.borrow_mut().as_mut() {
        log.push(Timed {
            name: record.name.clone(),
            start: record.start,
            processing_start: record.processing_start,
            processing_end: record.processing_end,
            duration,
            interaction_id: record.interaction_id,
            target: record.target.as_ref().map_or_else(String::new, describe),
            rendered_at: record.rendered_at,
        });
    }
    let entry = |entry_type: EntryType| -> EntryData {
        let mut data = EntryData::new(&record.name, entry_type, record.start, duration);
        data.event_timing = Some(EventTimes {
            processing_start: record.processing_start,
            processing_end: record.processing_end,
            cancelable: record.cancelable,
            interaction_id: record.interaction_id,
        });
        // The target is exposed while it is connected (a removed node is not kept alive by
        // the timeline: "null if the target is not exposed").
        data.target = record.target.clone().filter(is_connected);
        data.target_selector = Some(record.target_selector.clone());
        data
    };
    // Entries shorter than 16 ms are not queued ("queue" only entries whose duration is at
    // least 16).
    if duration >= MIN_QUEUED_DURATION {
        let object = new_entry(entry(EntryType::Event), context)?;
        queue_entry(&object, context);
    }
    // If has dispatched input is false and timingEntry's interactionId is not 0: queue a copy
    // whose entryType is "first-input", and set has dispatched input.
    if !state.has_dispatched_input.get() && record.interaction_id != 0 {
        state.has_dispatched_input.set(true);
        let object = new_entry(entry(EntryType::FirstInput), context)?;
        queue_entry(&object, context);
    }
    Ok(())
}

/// Start keeping every timed entry of the current window for the end-of-run summary.
pub fn keep_log(context: &Context) {
    let state = EventTiming::current(context);
    state.log.borrow_mut().get_or_insert_with(Vec::new);
}

/// The name of an event type as a JS string (for `eventCounts` keys).
#[must_use]
pub fn type_string(name: &str) -> JsString {
    JsString::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timed_types_are_sorted_for_the_binary_search() {
        assert!(TIMED_EVENT_TYPES.windows(2).all(|w| w[0] < w[1]));
        assert!(is_timed("click") && is_timed("keyup") && !is_timed("pointermove"));
    }

    #[test]
    fn durations_round_to_the_nearest_eight_milliseconds() {
        assert_eq!(rounded_duration(100.0, 100.0), 0.0);
        assert_eq!(rounded_duration(100.0, 103.9), 0.0);
        assert_eq!(rounded_duration(100.0, 104.0), 8.0);
        assert_eq!(rounded_duration(100.0, 216.666_667), 120.0);
        assert_eq!(rounded_duration(10.0, 5.0), 0.0);
    }
}
