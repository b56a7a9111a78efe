//! The `PerformanceLongAnimationFrameTiming` interface (Long Animation Frames §3.1):
//! `renderStart`, `styleAndLayoutStart`, `firstUIEventTimestamp`, `blockingDuration`,
//! `scripts`, `toJSON()`; `name` and `entryType` ("long-animation-frame"), `startTime` and
//! `duration` are `PerformanceEntry`'s. Entries are made by "report frame timing"
//! (`long_animation_frames.rs`).

use boa_engine::{Context, JsResult, JsValue, NativeFunction};

use super::performance_entry::{EntryType, FrameTimes, to_json, with_entry};
use crate::web::dom::interface::{InterfaceSpec, define_interface};

fn getter(read: fn(&FrameTimes) -> f64) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        with_entry(this, &[EntryType::LongAnimationFrame], context, |d| {
            JsValue::from(d.frame.as_ref().map_or(0.0, read))
        })
    })
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "PerformanceLongAnimationFrameTiming",
            parent: Some("PerformanceEntry"),
            length: 0,
            constructor: None,
        },
        |m| {
            // The renderStart, styleAndLayoutStart and firstUIEventTimestamp getters return the
            // relative high resolution times of the timing info's update the rendering start
            // time, style and layout start time and first ui event timestamp (0 when not set).
            m.attribute("renderStart", getter(|f| f.render_start), None)
                .attribute(
                    "styleAndLayoutStart",
                    getter(|f| f.style_and_layout_start),
                    None,
                )
                .attribute(
                    "firstUIEventTimestamp",
                    getter(|f| f.first_ui_event_timestamp),
                    None,
                )
                // blockingDuration: computed when the entry was made
                // (`FrameTimingInfo::blocking_duration` has the getter's steps).
                .attribute("blockingDuration", getter(|f| f.blocking_duration), None)
                // [SameObject] scripts: a frozen array of PerformanceScriptTiming, made once.
                .attribute(
                    "scripts",
                    NativeFunction::from_fn_ptr(|this, _, context| {
                        with_entry(this, &[EntryType::LongAnimationFrame], context, |d| {
                            d.attribution.clone().map_or(JsValue::null(), Into::into)
                        })
                    }),
                    None,
                )
                .operation("toJSON", 0, NativeFunction::from_fn_ptr(to_json));
        },
    )?;
    Ok(())
}
