//! The `TaskAttributionTiming` interface (Long Tasks §3.2): `containerType`, `containerSrc`,
//! `containerId`, `containerName`, `toJSON()`; and taskhost's extension attributes, which say
//! which task was long:
//!
//! - `taskhostSource`: the task's source — `script`, `postTask`, `yield continuation`,
//!   `setTimeout`, `setInterval`, `message`, `requestIdleCallback`, `PerformanceObserver`, …
//! - `taskhostCallback`: the callback's function name (`(anonymous)` for an anonymous
//!   function; the script's file for `script`);
//! - `taskhostPostedAt`: `file:line:col` of the call that posted the task.
//!
//! The last two are known when the run records where tasks come from (`--trace`,
//! `--log-tasks`, `--long-tasks`) and are `""` otherwise (recording a call site at every post
//! costs a stack walk).

use boa_engine::{Context, JsResult, JsString, JsValue, NativeFunction};

use super::performance_entry::{Attribution, EntryType, to_json, with_entry};
use crate::web::dom::interface::{InterfaceSpec, define_interface};

fn getter(read: fn(&Attribution) -> String) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        with_entry(this, &[EntryType::TaskAttribution], context, |d| {
            let value = d.container.as_ref().map(read).unwrap_or_default();
            JsValue::from(JsString::from(value.as_str()))
        })
    })
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "TaskAttributionTiming",
            parent: Some("PerformanceEntry"),
            length: 0,
            constructor: None,
        },
        |m| {
            m.attribute(
                "containerType",
                getter(|a| a.container_type.to_owned()),
                None,
            )
            // taskhost has no iframe containers it attributes to: the container's src, id and
            // name are "" (the spec's values for a "window" container).
            .attribute("containerSrc", getter(|_| String::new()), None)
            .attribute("containerId", getter(|_| String::new()), None)
            .attribute("containerName", getter(|_| String::new()), None)
            .attribute("taskhostSource", getter(|a| a.source.clone()), None)
            .attribute("taskhostCallback", getter(|a| a.callback.clone()), None)
            .attribute("taskhostPostedAt", getter(|a| a.posted_at.clone()), None)
            .operation("toJSON", 0, NativeFunction::from_fn_ptr(to_json));
        },
    )?;
    Ok(())
}
