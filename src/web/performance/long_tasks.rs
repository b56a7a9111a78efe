//! Long Tasks §4 "report long tasks": a task (with its microtask checkpoint) that took 50 ms or
//! more of the loop's clock becomes a `PerformanceLongTaskTiming` entry of its window, delivered
//! to `PerformanceObserver`s of `longtask`; an async slice in `--trace`; and a line of the
//! `--long-tasks` summary.
//!
//! Under `--virtual-time` the clock stands still while a task runs, so every task takes 0 ms and
//! no long task is ever reported.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::rc::Rc;

use boa_engine::object::IntegrityLevel;
use boa_engine::object::builtins::JsArray;
use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject, JsResult, JsValue};
use serde_json::json;

use super::performance_entry::{Attribution, EntryData, EntryType, new_entry};
use super::timeline::queue_entry;
use crate::agent::host::Host;
use crate::agent::realm::{in_realm, realm_data_of};
use crate::agent::trace::TaskLabel;
use crate::event_loop::LoopTime;

/// The long task threshold: 50 ms.
pub const LONG_TASK_MS: f64 = 50.0;

/// One long task, for the `--long-tasks` summary.
#[derive(Clone, Debug)]
pub struct LongTaskRecord {
    pub start_ms: f64,
    pub duration_ms: f64,
    pub label: TaskLabel,
}

/// The long tasks of a run, kept when `--long-tasks` asks for a summary (context data).
#[derive(Default, Debug)]
pub struct LongTaskLog(pub RefCell<Vec<LongTaskRecord>>);

/// "Report long tasks" (§4.1) for a task of `realm` that started at `start` and ended (with
/// its microtask checkpoint) at `end`; `label` says what the task was.
pub fn report_long_tasks(
    start: LoopTime,
    end: LoopTime,
    realm: &Realm,
    label: &TaskLabel,
    context: &mut Context,
) {
    // 1. If end time minus start time is less than 50 milliseconds, then return.
    let duration = end.as_millis_f64() - start.as_millis_f64();
    if duration < LONG_TASK_MS {
        return;
    }
    // Long Tasks are exposed to windows only (a worker's loop reports none).
    let is_window =
        realm_data_of::<crate::web::WebOptions>(realm).is_none_or(|o| o.worker.is_none());
    if !is_window {
        return;
    }
    if let Some(log) = context.get_data::<Rc<LongTaskLog>>() {
        log.0.borrow_mut().push(LongTaskRecord {
            start_ms: start.as_millis_f64(),
            duration_ms: duration,
            label: label.clone(),
        });
    }
    if let Ok(host) = Host::from_context(context) {
        host.trace_user_timing("longtask", "long task", start, Some(end), || {
            json!({
                "duration_ms": duration,
                "source": label.kind,
                "callback": label.callback,
                "posted_at": label.site,
            })
        });
    }
    // 2-3. Let destinationRealms be the realms of the top-level browsing context's documents.
    //    (Deviation: taskhost delivers to the task's own realm only — the window or iframe whose
    //    task it was —, so the culprit is always that realm: name "self". Iframes' observers do
    //    not see their parent's long tasks.)
    let result = in_realm(context, realm, |context| {
        report_to_realm(start, end, label, context)
    });
    if let Err(error) = result
        && let Ok(host) = Host::from_context(context)
    {
        host.report_exception(&error, context);
    }
}

/// Step 4 of "report long tasks" for the current realm.
fn report_to_realm(
    start: LoopTime,
    end: LoopTime,
    label: &TaskLabel,
    context: &mut Context,
) -> JsResult<()> {
    // 1-3. Let name be the empty string and culpritSettings null; the task's script evaluation
    //      environment settings object set is this realm's alone: name is "self".
    let name = "self";
    // 4. Let attribution be a new TaskAttributionTiming object with destinationRealm: name
    //    "unknown", entryType "taskattribution", startTime and duration 0, containerType
    //    "window", containerName and containerSrc the empty string. (6. culpritSettings is this
    //    realm, not an iframe's: nothing more.) Plus taskhost's extension fields.
    let mut attribution = EntryData::new("unknown", EntryType::TaskAttribution, 0.0, 0.0);
    attribution.container = Some(Attribution {
        container_type: "window",
        source: label.kind.to_owned(),
        callback: label.callback.clone().unwrap_or_default(),
        posted_at: label.site.clone().unwrap_or_default(),
    });
    let attribution = new_entry(attribution, context)?;
    // 5. Create a new PerformanceLongTaskTiming object newEntry with destinationRealm:
    //    1. name is name; 2. entryType is "longtask";
    //    3. startTime is start time, coarsened (taskhost does not coarsen times);
    //    4. Let dur be end time minus newEntry's startTime.
    //    5. Set newEntry's duration attribute to the integer part of dur.
    //    6. If attribution is not null, set newEntry's attribution attribute to a new frozen
    //       array containing the single value attribution.
    let start_time = start.as_millis_f64();
    let dur = end.as_millis_f64() - start_time;
    let mut entry = EntryData::new(name, EntryType::LongTask, start_time, dur.trunc());
    entry.attribution = Some(frozen_array(attribution, context)?);
    let entry = new_entry(entry, context)?;
    // 6. Queue the PerformanceEntry newEntry.
    queue_entry(&entry, context);
    Ok(())
}

fn frozen_array(item: JsObject, context: &mut Context) -> JsResult<JsObject> {
    let array: JsObject = JsArray::from_iter([JsValue::from(item)], context).into();
    array.set_integrity_level(IntegrityLevel::Frozen, context)?;
    Ok(array)
}

/// The `--long-tasks` summary of `records`: the count, the longest, and the tasks grouped by
/// source and callback (with where they were posted), the group with the most time first.
#[must_use]
pub fn summary(records: &[LongTaskRecord]) -> String {
    let mut out = String::new();
    if records.is_empty() {
        let _ = writeln!(
            out,
            "long tasks: none (no task took {LONG_TASK_MS} ms or more)"
        );
        return out;
    }
    let longest = records
        .iter()
        .map(|r| r.duration_ms)
        .fold(0.0_f64, f64::max);
    let plural = if records.len() == 1 { "" } else { "s" };
    let _ = writeln!(
        out,
        "long tasks: {} long task{plural} (50 ms or more), longest {longest:.1} ms",
        records.len()
    );
    // Grouped by (source, callback, posted at).
    let mut groups: BTreeMap<(String, String, String), (usize, f64, f64)> = BTreeMap::new();
    for r in records {
        let key = (
            r.label.kind.to_owned(),
            r.label.callback.clone().unwrap_or_default(),
            r.label.site.clone().unwrap_or_default(),
        );
        let group = groups.entry(key).or_insert((0, 0.0, 0.0));
        group.0 += 1;
        group.1 += r.duration_ms;
        group.2 = group.2.max(r.duration_ms);
    }
    let mut groups: Vec<_> = groups.into_iter().collect();
    groups.sort_by(|a, b| b.1.1.total_cmp(&a.1.1));
    for ((source, callback, site), (count, total, max)) in groups {
        let mut what = source;
        if !callback.is_empty() {
            let _ = write!(what, " {callback}");
        }
        if !site.is_empty() {
            let _ = write!(what, " ({site})");
        }
        let _ = writeln!(
            out,
            "  {count:>4} × {what}  total {total:.1} ms, longest {max:.1} ms"
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(kind: &'static str, callback: &str, duration_ms: f64) -> LongTaskRecord {
        LongTaskRecord {
            start_ms: 0.0,
            duration_ms,
            label: TaskLabel {
                kind,
                callback: Some(callback.to_owned()),
                site: Some("a.js:1:1".to_owned()),
            },
        }
    }

    #[test]
    fn summary_groups_by_source_and_callback() {
        let text = summary(&[
            record("postTask", "work", 60.0),
            record("setTimeout", "tick", 200.0),
            record("postTask", "work", 70.0),
        ]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "long tasks: 3 long tasks (50 ms or more), longest 200.0 ms"
        );
        assert_eq!(
            lines[1],
            "     1 × setTimeout tick (a.js:1:1)  total 200.0 ms, longest 200.0 ms"
        );
        assert_eq!(
            lines[2],
            "     2 × postTask work (a.js:1:1)  total 130.0 ms, longest 70.0 ms"
        );
        assert_eq!(lines.len(), 3);
    }

    #[test]
    fn summary_of_none() {
        assert_eq!(
            summary(&[]),
            "long tasks: none (no task took 50 ms or more)\n"
        );
    }
}
