//! User Timing (§3, partial interface Performance): `performance.mark()`, `measure()`,
//! `clearMarks()`, `clearMeasures()`; and the Performance Timeline's `getEntries()`,
//! `getEntriesByType()`, `getEntriesByName()` (§4.1–§4.3 of the timeline).
//!
//! Each mark is also an instant event of `--trace` (category `user_timing`) at its start time,
//! and each measure an async slice from its start to its end.

use boa_engine::js_string;
use boa_engine::{Context, JsObject, JsResult, JsValue, NativeFunction};
use serde_json::json;

use super::performance_entry::{EntryData, EntryType, failed, new_entry, to_timestamp};
use super::performance_mark::{clone_detail, mark_entry};
use super::performance_observer_entry_list::{optional_string, required_string};
use super::timeline::{Timeline, entry_list, filter_buffer_map, queue_entry};
use crate::agent::host::Host;
use crate::event_loop::LoopTime;
use crate::web::dom::interface::{arg, arguments_required, dictionary, member};
use crate::web::hr_time::performance::this_performance;
use crate::web::util::define_operation;

const INTERFACE: &str = "Performance";

/// `mark(markName, markOptions)` (§3.1.1).
fn mark(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    this_performance(this, context)?;
    let err = |m: &str| failed(INTERFACE, "mark", m);
    let Some(name) = args.first() else {
        return Err(err(&arguments_required(1, 0)));
    };
    let name = name.to_string(context)?.to_std_string_escaped();
    let options = dictionary(args.get(1), err, "PerformanceMarkOptions")?;
    // 1. Run the PerformanceMark constructor and let entry be the newly created object.
    let data = mark_entry(&name, options.as_ref(), context, &err)?;
    let start = data.start_time;
    let entry = new_entry(data, context)?;
    // 2. Queue a PerformanceEntry entry.
    // 3. Add entry to the performance entry buffer. (Step 9 of "queue a PerformanceEntry".)
    queue_entry(&entry, context);
    let host = Host::from_context(context)?;
    host.trace_user_timing(
        "user_timing",
        &name,
        LoopTime::from_millis_f64(start),
        None,
        || json!({ "startTime": start }),
    );
    // 4. Return entry.
    Ok(entry.into())
}

/// A `(DOMString or DOMHighResTimeStamp)` value: a mark's name or a time.
enum MarkOrTime {
    Name(String),
    Time(f64),
}

fn mark_or_time(
    value: &JsValue,
    context: &mut Context,
    on_error: impl Fn(&str) -> boa_engine::JsError,
) -> JsResult<MarkOrTime> {
    // WebIDL union: a Number is the double; anything else converts to the string.
    if value.is_number() {
        return Ok(MarkOrTime::Time(to_timestamp(value, context, on_error)?));
    }
    Ok(MarkOrTime::Name(
        value.to_string(context)?.to_std_string_escaped(),
    ))
}

/// "Convert a mark to a timestamp" (§3.1.3.1).
fn convert_mark(
    mark: &MarkOrTime,
    timeline: &Timeline,
    context: &mut Context,
    err: &dyn Fn(&str) -> boa_engine::JsError,
) -> JsResult<f64> {
    match mark {
        // 1. If mark is a DOMString and it has the same name as a read only attribute in the
        //    PerformanceTiming interface, ... (Deviation: taskhost has no PerformanceTiming, so
        //    there is no navigation timing to read: such a name is looked up as a mark, which
        //    cannot exist, and is a SyntaxError as below.)
        // 2. Otherwise, if mark is a DOMString, let end time be the value of the startTime
        //    attribute from the most recent occurrence of a PerformanceMark object in the
        //    performance entry buffer whose name is mark. If no matching entry is found, throw
        //    a SyntaxError.
        MarkOrTime::Name(name) => {
            timeline
                .last_start_time(EntryType::Mark, name)
                .ok_or_else(|| {
                    crate::web::dom::dom_exception::dom_exception_error(
                        context,
                        &format!(
                            "Failed to execute 'measure' on 'Performance': The mark '{name}' does \
                         not exist."
                        ),
                        "SyntaxError",
                    )
                })
        }
        // 3. Otherwise, if mark is a DOMHighResTimeStamp: if mark is negative, throw a
        //    TypeError; otherwise, let end time be mark.
        MarkOrTime::Time(t) if *t < 0.0 => Err(err(&format!("'{t}' is a negative time."))),
        MarkOrTime::Time(t) => Ok(*t),
    }
}

/// The members of a `PerformanceMeasureOptions` (each when present).
struct MeasureOptions {
    detail: Option<JsValue>,
    duration: Option<MarkOrTime>,
    end: Option<MarkOrTime>,
    start: Option<MarkOrTime>,
}

/// `measure(measureName, startOrMeasureOptions, endMark)` (§3.1.3).
fn measure(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    this_performance(this, context)?;
    let err = |m: &str| failed(INTERFACE, "measure", m);
    let Some(name) = args.first() else {
        return Err(err(&arguments_required(1, 0)));
    };
    let name = name.to_string(context)?.to_std_string_escaped();
    // The union (DOMString or PerformanceMeasureOptions): undefined, null and objects are the
    // dictionary; anything else the string.
    let start_or_options = arg(args, 1);
    let (options, start_string) =
        if start_or_options.is_null_or_undefined() || start_or_options.is_object() {
            let dict = dictionary(Some(&start_or_options), err, "PerformanceMeasureOptions")?;
            let present = |v: JsValue| (!v.is_undefined()).then_some(v);
            let detail = present(member(dict.as_ref(), js_string!("detail"), context)?);
            let duration = present(member(dict.as_ref(), js_string!("duration"), context)?)
                .map(|v| to_timestamp(&v, context, err).map(MarkOrTime::Time))
                .transpose()?;
            let end = present(member(dict.as_ref(), js_string!("end"), context)?)
                .map(|v| mark_or_time(&v, context, err))
                .transpose()?;
            let start = present(member(dict.as_ref(), js_string!("start"), context)?)
                .map(|v| mark_or_time(&v, context, err))
                .transpose()?;
            (
                Some(MeasureOptions {
                    detail,
                    duration,
                    end,
                    start,
                }),
                None,
            )
        } else {
            (
                None,
                Some(start_or_options.to_string(context)?.to_std_string_escaped()),
            )
        };
    let end_mark = match args.get(2) {
        Some(v) if !v.is_undefined() => Some(MarkOrTime::Name(
            v.to_string(context)?.to_std_string_escaped(),
        )),
        _ => None,
    };
    let timeline = Timeline::current(context);
    let now = Host::from_context(context)?.now().as_millis_f64();
    // 1. If startOrMeasureOptions is a PerformanceMeasureOptions object and at least one of
    //    start, end, duration, and detail exist, run the following checks:
    if let Some(o) = &options
        && (o.start.is_some() || o.end.is_some() || o.duration.is_some() || o.detail.is_some())
    {
        // 1. If endMark is given, throw a TypeError.
        if end_mark.is_some() {
            return Err(err(
                "If a non-empty PerformanceMeasureOptions object was passed, |end_mark| must \
                 not be passed.",
            ));
        }
        // 2. If startOrMeasureOptions's start and end members are both omitted, throw a
        //    TypeError.
        if o.start.is_none() && o.end.is_none() {
            return Err(err(
                "If a non-empty PerformanceMeasureOptions object was passed, at least one of \
                 its 'start' or 'end' properties must be present.",
            ));
        }
        // 3. If startOrMeasureOptions's start, duration, and end members are all present,
        //    throw a TypeError.
        if o.start.is_some() && o.end.is_some() && o.duration.is_some() {
            return Err(err(
                "If a non-empty PerformanceMeasureOptions object was passed, it must not have \
                 all of its 'start', 'duration', and 'end' properties defined",
            ));
        }
    }
    // 2. Compute end time as follows:
    let end_time = match (&end_mark, &options) {
        // 1. If endMark is given, let end time be the value returned by running the convert a
        //    mark to a timestamp algorithm passing in endMark.
        (Some(end_mark), _) => convert_mark(end_mark, &timeline, context, &err)?,
        // 2. Otherwise, if its end member exists, end time is convert(end).
        (None, Some(MeasureOptions { end: Some(end), .. })) => {
            convert_mark(end, &timeline, context, &err)?
        }
        // 3. Otherwise, if its start and duration members both exist: end time is
        //    convert(start) plus convert(duration).
        (
            None,
            Some(MeasureOptions {
                start: Some(start),
                duration: Some(duration),
                ..
            }),
        ) => {
            convert_mark(start, &timeline, context, &err)?
                + convert_mark(duration, &timeline, context, &err)?
        }
        // 4. Otherwise, let end time be the value that would be returned by the Performance
        //    object's now() method.
        _ => now,
    };
    // 3. Compute start time as follows:
    let start_time = match (&options, &start_string) {
        // 1. If its start member exists, start time is convert(start).
        (
            Some(MeasureOptions {
                start: Some(start), ..
            }),
            _,
        ) => convert_mark(start, &timeline, context, &err)?,
        // 2. Otherwise, if its duration and end members both exist: start time is
        //    convert(end) minus convert(duration).
        (
            Some(MeasureOptions {
                duration: Some(duration),
                end: Some(end),
                ..
            }),
            _,
        ) => {
            convert_mark(end, &timeline, context, &err)?
                - convert_mark(duration, &timeline, context, &err)?
        }
        // 3. Otherwise, if startOrMeasureOptions is a DOMString, start time is convert(it).
        (_, Some(start)) => {
            convert_mark(&MarkOrTime::Name(start.clone()), &timeline, context, &err)?
        }
        // 4. Otherwise, let start time be 0.
        _ => 0.0,
    };
    // 4. Create a new PerformanceMeasure object (entry) with this's relevant realm.
    // 5-8. Its name is measureName, its entryType "measure", its startTime start time, and its
    //      duration the duration from start time to end time (which may be negative).
    let mut data = EntryData::new(&name, EntryType::Measure, start_time, end_time - start_time);
    // 9. Set entry's detail attribute: StructuredSerialize then StructuredDeserialize the
    //    options' detail member if it exists; otherwise null.
    if let Some(detail) = options.as_ref().and_then(|o| o.detail.as_ref()) {
        data.detail = clone_detail(detail, context)?;
    }
    let entry = new_entry(data, context)?;
    // 10. Queue a PerformanceEntry entry.
    // 11. Add entry to the performance entry buffer.
    queue_entry(&entry, context);
    let host = Host::from_context(context)?;
    host.trace_user_timing(
        "user_timing",
        &name,
        LoopTime::from_millis_f64(start_time.min(end_time)),
        Some(LoopTime::from_millis_f64(start_time.max(end_time))),
        || json!({ "startTime": start_time, "duration": end_time - start_time }),
    );
    // 12. Return entry.
    Ok(entry.into())
}

/// `clearMarks(markName)` / `clearMeasures(measureName)` (§3.1.2, §3.1.4): remove all entries
/// of the type from the performance entry buffer, or those named so when the name is given.
fn clear(
    entry_type: EntryType,
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    this_performance(this, context)?;
    let name = optional_string(&arg(args, 0), context)?;
    Timeline::current(context).clear(entry_type, name.as_deref());
    Ok(JsValue::undefined())
}

/// Add the User Timing and Performance Timeline operations to `Performance.prototype` (each
/// with `Performance`'s brand check).
pub fn define_members(prototype: &JsObject, context: &mut Context) -> JsResult<()> {
    let members: [(&str, usize, NativeFunction); 7] = [
        ("mark", 1, NativeFunction::from_fn_ptr(mark)),
        ("measure", 1, NativeFunction::from_fn_ptr(measure)),
        (
            "clearMarks",
            0,
            NativeFunction::from_fn_ptr(|this, args, context| {
                clear(EntryType::Mark, this, args, context)
            }),
        ),
        (
            "clearMeasures",
            0,
            NativeFunction::from_fn_ptr(|this, args, context| {
                clear(EntryType::Measure, this, args, context)
            }),
        ),
        // getEntries(): filter buffer map by name and type with null, null.
        (
            "getEntries",
            0,
            NativeFunction::from_fn_ptr(|this, _, context| {
                this_performance(this, context)?;
                let entries = filter_buffer_map(None, None, context);
                Ok(entry_list(entries, context))
            }),
        ),
        // getEntriesByType(type): with null, type.
        (
            "getEntriesByType",
            1,
            NativeFunction::from_fn_ptr(|this, args, context| {
                this_performance(this, context)?;
                let t = required_string(&arg(args, 0), context)?;
                let entries = filter_buffer_map(None, Some(&t), context);
                Ok(entry_list(entries, context))
            }),
        ),
        // getEntriesByName(name, type): with name, type (null when absent).
        (
            "getEntriesByName",
            1,
            NativeFunction::from_fn_ptr(|this, args, context| {
                this_performance(this, context)?;
                let name = required_string(&arg(args, 0), context)?;
                let t = optional_string(&arg(args, 1), context)?;
                let entries = filter_buffer_map(Some(&name), t.as_deref(), context);
                Ok(entry_list(entries, context))
            }),
        ),
    ];
    for (name, length, body) in members {
        define_operation(prototype, name, length, body, context)?;
    }
    Ok(())
}
