//! The Performance Timeline (`PerformanceEntry`, `PerformanceObserver`,
//! `PerformanceObserverEntryList`, `performance.getEntries*`), User Timing (`PerformanceMark`,
//! `PerformanceMeasure`, `performance.mark/measure/clearMarks/clearMeasures`), Long Tasks
//! (`PerformanceLongTaskTiming`, `TaskAttributionTiming`, "report long tasks") and Long
//! Animation Frames (`PerformanceLongAnimationFrameTiming`, `PerformanceScriptTiming`, "report
//! frame timing"), one file per interface. `Performance` itself (`now()`, `timeOrigin`,
//! `toJSON()`) is `web::hr_time::performance`; `docs/PERFORMANCE-TIMELINE.md` describes the behaviour.

pub mod long_animation_frames;
pub mod long_tasks;
pub mod performance_entry;
pub mod performance_long_animation_frame_timing;
pub mod performance_long_task_timing;
pub mod performance_mark;
pub mod performance_measure;
pub mod performance_observer;
pub mod performance_observer_entry_list;
pub mod performance_script_timing;
pub mod task_attribution_timing;
pub mod timeline;
pub mod user_timing;

use boa_engine::{Context, JsResult};

use crate::web::dom::interface::extend_interface;

/// Define the interfaces, and the User Timing and timeline operations of `Performance.prototype`
/// (`web::hr_time` defined `Performance` before).
pub fn register(context: &mut Context, window: bool) -> JsResult<()> {
    performance_entry::register(context)?;
    performance_mark::register(context)?;
    performance_measure::register(context)?;
    performance_observer::register(context, window)?;
    performance_observer_entry_list::register(context)?;
    // [Exposed=Window]
    if window {
        performance_long_task_timing::register(context)?;
        task_attribution_timing::register(context)?;
        performance_long_animation_frame_timing::register(context)?;
        performance_script_timing::register(context)?;
    }
    // (When `Performance` is made: the global's Performance object is made at the first read
    // of `performance`.)
    extend_interface(context, "Performance", |interface, context| {
        user_timing::define_members(&interface.prototype, context)
    })
}
