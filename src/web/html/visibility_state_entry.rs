//! The `VisibilityStateEntry` interface (HTML §6.2.2, "The VisibilityStateEntry interface"): a
//! performance entry of type "visibility-state" for each visibility state a window's document
//! has had, the first (timestamp zero) for the state the document was made with.
//!
//! ```webidl
//! [Exposed=(Window)]
//! interface VisibilityStateEntry : PerformanceEntry {
//!   readonly attribute DOMString name;                 // shadows inherited name
//!   readonly attribute DOMString entryType;            // shadows inherited entryType
//!   readonly attribute DOMHighResTimeStamp startTime;  // shadows inherited startTime
//!   readonly attribute unsigned long duration;         // shadows inherited duration
//! };
//! ```
//!
//! The entries are made by "update the visibility state" (`page_visibility.rs`) and, for the
//! first, by the window's timeline (`Timeline::settle_initial_visibility`).

use boa_engine::{Context, JsResult, JsString, JsValue, NativeFunction};

use crate::web::dom::interface::{InterfaceSpec, define_interface};
use crate::web::performance::performance_entry::{EntryData, EntryType, new_entry, with_entry};
use crate::web::performance::timeline::queue_entry;

/// "Queue a new VisibilityStateEntry whose visibility state is `hidden` and whose timestamp is
/// `timestamp`", in the current realm (the document's window's):
/// 1. Let entry be a new VisibilityStateEntry, in document's relevant realm, with its
///    visibility state set to visibilityState and timestamp set to timestamp.
/// 2. Queue entry.
pub fn queue_visibility_state_entry(hidden: bool, timestamp: f64, context: &mut Context) {
    let state = if hidden { "hidden" } else { "visible" };
    let data = EntryData::new(state, EntryType::VisibilityState, timestamp, 0.0);
    if let Ok(entry) = new_entry(data, context) {
        queue_entry(&entry, context);
    }
}

fn getter(read: fn(&EntryData) -> JsValue) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        with_entry(this, &[EntryType::VisibilityState], context, read)
    })
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "VisibilityStateEntry",
            parent: Some("PerformanceEntry"),
            length: 0,
            constructor: None,
        },
        |m| {
            // The name getter steps are to return this's visibility state.
            m.attribute(
                "name",
                getter(|d| JsString::from(d.name.as_str()).into()),
                None,
            )
            // The entryType getter steps are to return "visibility-state".
            .attribute(
                "entryType",
                getter(|_| JsString::from("visibility-state").into()),
                None,
            )
            // The startTime getter steps are to return this's timestamp.
            .attribute("startTime", getter(|d| d.start_time.into()), None)
            // The duration getter steps are to return zero.
            .attribute("duration", getter(|_| 0.into()), None);
        },
    )?;
    Ok(())
}
