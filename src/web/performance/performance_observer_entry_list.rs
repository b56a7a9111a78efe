//! The `PerformanceObserverEntryList` interface (Performance Timeline §7): the entries a
//! `PerformanceObserver` callback gets.

use boa_engine::{Context, JsData, JsObject, JsResult, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use super::performance_entry::entry_of;
use super::timeline::entry_list;
use crate::web::dom::interface::{
    InterfaceSpec, arg, define_interface, illegal_invocation, prototype_of, this_object,
};

/// The native data: the entry list.
#[derive(Trace, Finalize, JsData)]
struct EntryListData {
    entries: Vec<JsObject>,
}

/// A new PerformanceObserverEntryList of the current realm with `entries`.
pub fn new_entry_list(entries: Vec<JsObject>, context: &mut Context) -> JsResult<JsObject> {
    let proto = prototype_of(context, "PerformanceObserverEntryList")?;
    Ok(JsObject::from_proto_and_data(
        proto,
        EntryListData { entries },
    ))
}

/// "Filter buffer by name and type" (§4.7) over this's entry list: the entries of `entry_type`
/// and named `name` (each when not null), in the list's order, which is chronological.
fn filtered(
    this: &JsValue,
    name: Option<String>,
    entry_type: Option<String>,
    context: &mut Context,
) -> JsResult<JsValue> {
    let object = this_object(this, context)?;
    let entries: Vec<JsObject> = {
        let data = object
            .downcast_ref::<EntryListData>()
            .ok_or_else(illegal_invocation)?;
        data.entries
            .iter()
            .filter(|entry| {
                entry_of(entry).is_some_and(|d| {
                    name.as_deref().is_none_or(|n| n == d.name)
                        && entry_type
                            .as_deref()
                            .is_none_or(|t| t == d.entry_type.as_str())
                })
            })
            .cloned()
            .collect()
    };
    Ok(entry_list(entries, context))
}

/// A `DOMString` argument, or `None` when absent (`undefined` for an optional one).
pub fn optional_string(value: &JsValue, context: &mut Context) -> JsResult<Option<String>> {
    if value.is_undefined() {
        return Ok(None);
    }
    Ok(Some(value.to_string(context)?.to_std_string_escaped()))
}

/// A required `DOMString` argument (an absent one converts `undefined`: "undefined").
pub fn required_string(value: &JsValue, context: &mut Context) -> JsResult<String> {
    Ok(value.to_string(context)?.to_std_string_escaped())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "PerformanceObserverEntryList",
            parent: None,
            length: 0,
            constructor: None,
        },
        |m| {
            // getEntries(): filter by name and type with null, null.
            m.operation(
                "getEntries",
                0,
                NativeFunction::from_fn_ptr(|this, _, context| filtered(this, None, None, context)),
            )
            // getEntriesByType(type): filter by name and type with null, type.
            .operation(
                "getEntriesByType",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let t = required_string(&arg(args, 0), context)?;
                    filtered(this, None, Some(t), context)
                }),
            )
            // getEntriesByName(name, type): filter by name and type with name, type (or null).
            .operation(
                "getEntriesByName",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let name = required_string(&arg(args, 0), context)?;
                    let t = optional_string(&arg(args, 1), context)?;
                    filtered(this, Some(name), t, context)
                }),
            );
        },
    )?;
    Ok(())
}
