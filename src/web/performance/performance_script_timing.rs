//! The `PerformanceScriptTiming` interface (Long Animation Frames §3.2): `invokerType`,
//! `invoker`, `executionStart`, `sourceURL`, `sourceFunctionName`, `sourceCharPosition`,
//! `pauseDuration`, `forcedStyleAndLayoutDuration`, `window`, `windowAttribution`, `toJSON()`;
//! `name` and `entryType` ("script"), `startTime` and `duration` are `PerformanceEntry`'s.
//! The objects are a long animation frame's `scripts` (`long_animation_frames.rs` made their
//! names when each script ended).

use boa_engine::{Context, JsResult, JsString, JsValue, NativeFunction};

use super::performance_entry::{EntryType, ScriptTimes, to_json, with_entry};
use crate::web::dom::interface::{InterfaceSpec, define_interface};

fn getter(read: fn(&ScriptTimes) -> JsValue) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        with_entry(this, &[EntryType::Script], context, |d| {
            d.script.as_deref().map_or(JsValue::undefined(), read)
        })
    })
}

fn text(s: &str) -> JsValue {
    JsString::from(s).into()
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "PerformanceScriptTiming",
            parent: Some("PerformanceEntry"),
            length: 0,
            constructor: None,
        },
        |m| {
            // invokerType: the timing info's invoker type.
            m.attribute("invokerType", getter(|s| text(s.invoker_type)), None)
                // invoker: the getter's steps ran when the script ended (`describe`).
                .attribute("invoker", getter(|s| text(&s.invoker)), None)
                // executionStart: 0 if the execution start time is 0, otherwise its relative
                // high resolution time.
                .attribute("executionStart", getter(|s| s.execution_start.into()), None)
                // sourceURL, sourceFunctionName, sourceCharPosition: the timing info's.
                .attribute("sourceURL", getter(|s| text(&s.source_url)), None)
                .attribute(
                    "sourceFunctionName",
                    getter(|s| text(&s.source_function_name)),
                    None,
                )
                .attribute(
                    "sourceCharPosition",
                    #[allow(clippy::cast_precision_loss)]
                    getter(|s| JsValue::from(s.source_char_position as f64)),
                    None,
                )
                // pauseDuration: the timing info's pause duration (taskhost has no synchronous
                // pauses — no alert(), no synchronous XHR —: 0).
                .attribute("pauseDuration", getter(|s| s.pause_duration.into()), None)
                // forcedStyleAndLayoutDuration: implementation-defined time spent in forced
                // style and layout (there is no layout: 0).
                .attribute(
                    "forcedStyleAndLayoutDuration",
                    getter(|s| s.forced_style_and_layout_duration.into()),
                    None,
                )
                // window: 1. Let window be the result of deref on the timing info's window.
                //         2. If window is undefined, return null; otherwise return window.
                .attribute(
                    "window",
                    NativeFunction::from_fn_ptr(|this, _, context| {
                        with_entry(this, &[EntryType::Script], context, |d| {
                            d.target.clone().map_or(JsValue::null(), Into::into)
                        })
                    }),
                    None,
                )
                // windowAttribution: this's window attribution.
                .attribute(
                    "windowAttribution",
                    getter(|s| text(s.window_attribution)),
                    None,
                )
                .operation("toJSON", 0, NativeFunction::from_fn_ptr(to_json));
        },
    )?;
    Ok(())
}
