//! The `PerformanceLongTaskTiming` interface (Long Tasks §3.1): `attribution`, `toJSON()`.
//! Entries are made by "report long tasks" (`long_tasks.rs`).

use boa_engine::{Context, JsResult, JsValue, NativeFunction};

use super::performance_entry::{EntryType, to_json, with_entry};
use crate::web::dom::interface::{InterfaceSpec, define_interface};

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "PerformanceLongTaskTiming",
            parent: Some("PerformanceEntry"),
            length: 0,
            constructor: None,
        },
        |m| {
            // The attribution getter returns this's attribution (a frozen array of
            // TaskAttributionTiming, the same object each time).
            m.attribute(
                "attribution",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_entry(this, &[EntryType::LongTask], context, |d| {
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
