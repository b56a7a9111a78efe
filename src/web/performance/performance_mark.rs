//! The `PerformanceMark` interface (User Timing §4.1): `new PerformanceMark(name, {startTime,
//! detail})`, `detail`.

use boa_engine::js_string;
use boa_engine::{Context, JsObject, JsResult, JsValue, NativeFunction};

use super::performance_entry::{EntryData, EntryType, to_timestamp, with_entry};
use crate::agent::host::Host;
use crate::web::dom::interface::{
    InterfaceSpec, arguments_required, construct_error, define_interface, dictionary, member,
    prototype_from_new_target,
};
use crate::web::html::structured_clone::{deserialize_with_transfer, serialize_with_transfer};

/// The read-only attributes of the `PerformanceTiming` interface: names a mark may not take.
const PERFORMANCE_TIMING: [&str; 21] = [
    "navigationStart",
    "unloadEventStart",
    "unloadEventEnd",
    "redirectStart",
    "redirectEnd",
    "fetchStart",
    "domainLookupStart",
    "domainLookupEnd",
    "connectStart",
    "connectEnd",
    "secureConnectionStart",
    "requestStart",
    "responseStart",
    "responseEnd",
    "domLoading",
    "domInteractive",
    "domContentLoadedEventStart",
    "domContentLoadedEventEnd",
    "domComplete",
    "loadEventStart",
    "loadEventEnd",
];

/// Whether `name` is a read-only attribute of `PerformanceTiming`.
#[must_use]
pub fn is_performance_timing_name(name: &str) -> bool {
    PERFORMANCE_TIMING.contains(&name)
}

/// StructuredSerialize then StructuredDeserialize `detail` in the current realm (null stays
/// null; undefined is the absent member, also null).
pub fn clone_detail(detail: &JsValue, context: &mut Context) -> JsResult<JsValue> {
    if detail.is_null_or_undefined() {
        return Ok(JsValue::null());
    }
    let mut record = serialize_with_transfer(detail, &[], context)?;
    Ok(deserialize_with_transfer(&mut record, context)?.value)
}

/// The PerformanceMark constructor steps (§4.1.1) with `mark_name` and `mark_options`;
/// `on_error` makes the TypeErrors in the wording of the calling operation.
pub fn mark_entry(
    mark_name: &str,
    mark_options: Option<&JsObject>,
    context: &mut Context,
    on_error: &dyn Fn(&str) -> boa_engine::JsError,
) -> JsResult<EntryData> {
    // 1. If the current global object is a Window object and markName uses the same name as a
    //    read only attribute in the PerformanceTiming interface, throw a SyntaxError.
    let is_window = crate::agent::realm::realm_data::<crate::web::WebOptions>(context)
        .is_none_or(|o| o.worker.is_none());
    if is_window && is_performance_timing_name(mark_name) {
        return Err(crate::web::dom::dom_exception::dom_exception_error(
            context,
            &format!(
                "'{mark_name}' is part of the PerformanceTiming interface, and cannot be used as a mark name."
            ),
            "SyntaxError",
        ));
    }
    // (Dictionary members in lexicographical order: detail, startTime.)
    let detail = member(mark_options, js_string!("detail"), context)?;
    let start_time = member(mark_options, js_string!("startTime"), context)?;
    // 4. Set entry's startTime attribute as follows:
    let start_time = if start_time.is_undefined() {
        //  2. Otherwise, set it to the value that would be returned by the Performance object's
        //     now() method.
        Host::from_context(context)?.now().as_millis_f64()
    } else {
        //  1. If markOptions's startTime member is present, then: if it is negative, throw a
        //     TypeError; otherwise set entry's startTime to it.
        let t = to_timestamp(&start_time, context, on_error)?;
        if t < 0.0 {
            return Err(on_error(&format!(
                "'{mark_name}' cannot have a negative start time."
            )));
        }
        t
    };
    // 2. Set entry's name attribute to markName.
    // 3. Set entry's entryType attribute to DOMString "mark".
    // 5. Set entry's duration attribute to 0.
    let mut entry = EntryData::new(mark_name, EntryType::Mark, start_time, 0.0);
    // 6. If markOptions's detail is null, set entry's detail to null.
    // 7. Otherwise: let record be StructuredSerialize(detail); set entry's detail to
    //    StructuredDeserialize(record, the current realm).
    entry.detail = clone_detail(&detail, context)?;
    Ok(entry)
}

/// `new PerformanceMark(markName, markOptions)`.
fn construct(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let proto = prototype_from_new_target(new_target, "PerformanceMark", context)?;
    let Some(name) = args.first() else {
        return Err(construct_error(
            "PerformanceMark",
            &arguments_required(1, 0),
        ));
    };
    let name = name.to_string(context)?.to_std_string_escaped();
    let err = |m: &str| construct_error("PerformanceMark", m);
    let options = dictionary(args.get(1), err, "PerformanceMarkOptions")?;
    let entry = mark_entry(&name, options.as_ref(), context, &err)?;
    Ok(JsObject::from_proto_and_data(proto, entry).into())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "PerformanceMark",
            parent: Some("PerformanceEntry"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(construct)),
        },
        |m| {
            m.attribute(
                "detail",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_entry(this, &[EntryType::Mark], context, |d| d.detail.clone())
                }),
                None,
            );
        },
    )?;
    Ok(())
}
