//! The `PerformanceMeasure` interface (User Timing §4.2): `detail` (not constructible; made
//! by `performance.measure()`).

use boa_engine::{Context, JsResult, NativeFunction};

use super::performance_entry::{EntryType, with_entry};
use crate::web::dom::interface::{InterfaceSpec, define_interface};

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "PerformanceMeasure",
            parent: Some("PerformanceEntry"),
            length: 0,
            constructor: None,
        },
        |m| {
            m.attribute(
                "detail",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_entry(this, &[EntryType::Measure], context, |d| d.detail.clone())
                }),
                None,
            );
        },
    )?;
    Ok(())
}
