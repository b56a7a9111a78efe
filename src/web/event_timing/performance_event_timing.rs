//! The `PerformanceEventTiming` interface (Event Timing §2.2): entries of type `event` and
//! `first-input`, with `processingStart`, `processingEnd`, `cancelable`, `target`,
//! `targetSelector` and `interactionId` beside `PerformanceEntry`'s attributes.

use boa_engine::{Context, JsResult, JsString, JsValue, NativeFunction};

use crate::web::dom::node::is_connected;

use crate::web::dom::interface::{InterfaceSpec, define_interface};
use crate::web::performance::performance_entry::{EntryData, EntryType, to_json, with_entry};

const TYPES: [EntryType; 2] = [EntryType::Event, EntryType::FirstInput];

fn getter(read: fn(&EntryData) -> JsValue) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        with_entry(this, &TYPES, context, read)
    })
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "PerformanceEventTiming",
            parent: Some("PerformanceEntry"),
            length: 0,
            constructor: None,
        },
        |m| {
            m.attribute(
                "processingStart",
                getter(|d| d.event_timing.unwrap_or_default().processing_start.into()),
                None,
            )
            .attribute(
                "processingEnd",
                getter(|d| d.event_timing.unwrap_or_default().processing_end.into()),
                None,
            )
            .attribute(
                "cancelable",
                getter(|d| d.event_timing.unwrap_or_default().cancelable.into()),
                None,
            )
            // The target getter: null unless the target is "exposed for paint timing"
            // (connected; taskhost has no shadow trees).
            .attribute(
                "target",
                getter(|d| {
                    d.target
                        .clone()
                        .filter(is_connected)
                        .map_or_else(JsValue::null, Into::into)
                }),
                None,
            )
            .attribute(
                "targetSelector",
                getter(|d| {
                    JsValue::from(JsString::from(
                        d.target_selector.clone().unwrap_or_default(),
                    ))
                }),
                None,
            )
            .attribute(
                "interactionId",
                getter(|d| d.event_timing.unwrap_or_default().interaction_id.into()),
                None,
            )
            .operation("toJSON", 0, NativeFunction::from_fn_ptr(to_json));
        },
    )?;
    Ok(())
}
