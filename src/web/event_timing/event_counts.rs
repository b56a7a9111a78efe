//! The `EventCounts` interface (Event Timing §2.4): a read-only maplike of event type → how many
//! events of that type were dispatched (counted when their duration is set), with every timed
//! type present from the start; and `performance.eventCounts` (`[SameObject]`) and
//! `performance.interactionCount`.
//!
//! Deviation: `keys()`, `values()`, `entries()` and `@@iterator` iterate a snapshot (an array's
//! iterator) instead of a live map iterator.

use std::rc::Rc;

use boa_engine::object::builtins::JsArray;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{
    Context, JsData, JsObject, JsResult, JsSymbol, JsValue, NativeFunction, js_string,
};
use boa_gc::{Finalize, Trace};

use super::{EventTiming, type_string};
use crate::agent::realm::{insert_realm_data, realm_data};
use crate::engine::callback::{ExceptionBehavior, invoke_callback_function};
use crate::web::dom::interface::{
    InterfaceSpec, arg, define_interface_with, extend_interface, illegal_invocation, prototype_of,
    this_object,
};
use crate::web::hr_time::performance::this_performance;

/// The native data of an `EventCounts` object: its window's Event Timing state.
#[derive(Trace, Finalize, JsData)]
struct EventCountsData {
    #[unsafe_ignore_trace]
    state: Rc<EventTiming>,
}

/// The realm's `EventCounts` object (`[SameObject]`).
struct SameEventCounts(JsObject);

fn counts_of(this: &JsValue, context: &Context) -> JsResult<Vec<(&'static str, u64)>> {
    let object = this_object(this, context)?;
    let data = object
        .downcast_ref::<EventCountsData>()
        .ok_or_else(illegal_invocation)?;
    let counts = data.state.counts.borrow();
    Ok(counts.iter().map(|(k, v)| (*k, *v)).collect())
}

fn pairs(this: &JsValue, context: &mut Context) -> JsResult<Vec<(JsValue, JsValue)>> {
    Ok(counts_of(this, context)?
        .into_iter()
        .map(|(k, v)| (JsValue::from(type_string(k)), JsValue::from(v)))
        .collect())
}

fn array_iterator(values: Vec<JsValue>, context: &mut Context) -> JsResult<JsValue> {
    let array = JsArray::from_iter(values, context);
    let values_fn = array.get(js_string!("values"), context)?;
    let Some(values_fn) = values_fn.as_callable() else {
        return Err(illegal_invocation());
    };
    values_fn.call(&array.into(), &[], context)
}

fn entries(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let items: Vec<JsValue> = pairs(this, context)?
        .into_iter()
        .map(|(k, v)| JsArray::from_iter([k, v], context).into())
        .collect();
    array_iterator(items, context)
}

/// `performance.eventCounts`.
fn event_counts(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    this_performance(this, context)?;
    if let Some(same) = realm_data::<SameEventCounts>(context) {
        return Ok(same.0.clone().into());
    }
    let proto = prototype_of(context, "EventCounts")?;
    let object = JsObject::from_proto_and_data(
        proto,
        EventCountsData {
            state: EventTiming::current(context),
        },
    );
    insert_realm_data(context, Rc::new(SameEventCounts(object.clone())));
    Ok(object.into())
}

/// `performance.interactionCount`.
fn interaction_count(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    this_performance(this, context)?;
    Ok(EventTiming::current(context).interaction_count().into())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface_with(
        context,
        InterfaceSpec {
            name: "EventCounts",
            parent: None,
            length: 0,
            constructor: None,
        },
        |m| {
            m.attribute(
                "size",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    Ok(counts_of(this, context)?.len().into())
                }),
                None,
            )
            .operation("entries", 0, NativeFunction::from_fn_ptr(entries))
            .operation(
                "keys",
                0,
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let keys = pairs(this, context)?.into_iter().map(|(k, _)| k).collect();
                    array_iterator(keys, context)
                }),
            )
            .operation(
                "values",
                0,
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let values = pairs(this, context)?.into_iter().map(|(_, v)| v).collect();
                    array_iterator(values, context)
                }),
            )
            .operation(
                "get",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let key = arg(args, 0).to_string(context)?.to_std_string_escaped();
                    Ok(counts_of(this, context)?
                        .into_iter()
                        .find(|(k, _)| *k == key)
                        .map_or(JsValue::undefined(), |(_, v)| v.into()))
                }),
            )
            .operation(
                "has",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let key = arg(args, 0).to_string(context)?.to_std_string_escaped();
                    Ok(counts_of(this, context)?
                        .into_iter()
                        .any(|(k, _)| k == key)
                        .into())
                }),
            )
            .operation(
                "forEach",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let Some(callback) = arg(args, 0).as_callable() else {
                        return Err(crate::engine::webidl::type_error(
                            "EventCounts",
                            "forEach",
                            "The callback provided as parameter 1 is not a function.",
                        ));
                    };
                    let this_arg = arg(args, 1);
                    for (k, v) in pairs(this, context)? {
                        invoke_callback_function(
                            &callback,
                            &this_arg,
                            &[v, k, this.clone()],
                            ExceptionBehavior::Rethrow,
                            context,
                        )?;
                    }
                    Ok(JsValue::undefined())
                }),
            );
        },
        // @@iterator is entries.
        |interface, context| {
            let entries_fn = interface.prototype.get(js_string!("entries"), context)?;
            interface.prototype.define_property_or_throw(
                JsSymbol::iterator(),
                PropertyDescriptor::builder()
                    .value(entries_fn)
                    .writable(true)
                    .enumerable(false)
                    .configurable(true),
                context,
            )?;
            Ok(())
        },
    )?;
    // partial interface Performance { [SameObject] readonly attribute EventCounts eventCounts;
    // readonly attribute unsigned long long interactionCount; }
    // (Added when `Performance` is made.)
    extend_interface(context, "Performance", |interface, context| {
        for (name, get) in [
            ("eventCounts", NativeFunction::from_fn_ptr(event_counts)),
            (
                "interactionCount",
                NativeFunction::from_fn_ptr(interaction_count),
            ),
        ] {
            crate::web::util::define_readonly_attribute(&interface.prototype, name, get, context)?;
        }
        Ok(())
    })
}
