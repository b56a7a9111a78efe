//! The `Performance` interface (High Resolution Time §4.4: `now()`, `timeOrigin`, `toJSON()`)
//! and the global's `performance` attribute (`WindowOrWorkerGlobalScope`, §4.3).
//!
//! `interface Performance : EventTarget` is not constructible; each global object (window,
//! iframe, worker) has one Performance object, made here, whose native data carries its
//! EventTarget state and the global's time origin. User Timing and the Performance Timeline add
//! their operations to `Performance.prototype` (`web::performance::user_timing`), with the brand
//! check of [`this_performance`].
//!
//! `performance` is a `[Replaceable] readonly attribute`: an own accessor of the global object on
//! a window (`Window` is `[Global]`) and an accessor of `WorkerGlobalScope.prototype` in a worker
//! (HTML declares only `DedicatedWorkerGlobalScope` and `SharedWorkerGlobalScope` `[Global]`).
//!
//! Both `now()` and `timeOrigin` read the event loop's clock, so under `--virtual-time` they show
//! virtual time. Deviation: times are not coarsened (there is no cross-origin data to protect).

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::object::ObjectInitializer;
use boa_engine::{Context, JsData, JsObject, JsResult, JsValue, NativeFunction, js_string};
use boa_gc::{Finalize, Gc, Trace};

use crate::agent::host::Host;
use crate::agent::realm::{insert_realm_data, realm_data};
use crate::web::dom::event_target::{EventTargetState, IsEventTarget, register_event_target_brand};
use crate::web::dom::interface::{
    InterfaceSpec, define_interface, illegal_invocation, prototype_of, this_object,
};
use crate::web::html::global_scope::{define_replaceable, define_replaceable_on};

/// The native data of a Performance object.
#[derive(Trace, Finalize, JsData)]
pub struct PerformanceData {
    target: Gc<EventTargetState>,
    /// The time origin of the global's environment settings object, in ms since the Unix
    /// epoch.
    #[unsafe_ignore_trace]
    time_origin: f64,
}

impl IsEventTarget for PerformanceData {
    fn event_target_state(&self) -> Gc<EventTargetState> {
        self.target.clone()
    }
}

/// The brand check of `Performance`'s operations and attributes: `this` (the global object when
/// undefined or null) must be a Performance object; otherwise a TypeError.
pub fn this_performance(this: &JsValue, context: &Context) -> JsResult<f64> {
    // The common case first: a Performance object (no clone of the global object).
    if let Some(object) = this.as_object() {
        return object
            .downcast_ref::<PerformanceData>()
            .map(|data| data.time_origin)
            .ok_or_else(illegal_invocation);
    }
    let object = this_object(this, context)?;
    object
        .downcast_ref::<PerformanceData>()
        .map(|data| data.time_origin)
        .ok_or_else(illegal_invocation)
}

/// `DOMHighResTimeStamp now()`.
fn now(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    this_performance(this, context)?;
    // The now() method steps: return the current high resolution time given this's relevant
    // global object (milliseconds since the time origin).
    Ok(Host::from_context(context)?.now().as_millis_f64().into())
}

/// `readonly attribute DOMHighResTimeStamp timeOrigin`: the getter steps return this's relevant
/// settings object's time origin (ms since the Unix epoch).
fn time_origin(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    Ok(this_performance(this, context)?.into())
}

/// `[Default] object toJSON()`: WebIDL's default toJSON steps (§3.7.7.1).
fn to_json(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let time_origin = this_performance(this, context)?;
    // 1. Let map be a new ordered map.
    // 2–3. Collect the attribute values of this's inheritance stack (EventTarget has no default
    //      toJSON; Performance's regular attributes, the partial interfaces' included, are
    //      `timeOrigin` alone in taskhost), each by its getter steps.
    // 4. Let result be OrdinaryObjectCreate(%Object.prototype%).
    // 5. For each key → value of map: CreateDataPropertyOrThrow(result, key, value).
    let result = ObjectInitializer::new(context).build();
    result.create_data_property_or_throw(js_string!("timeOrigin"), time_origin, context)?;
    // 6. Return result.
    Ok(result.into())
}

/// The global's Performance object, made at the first read of `performance` (realm data).
struct RealmPerformance {
    /// The global's time origin, read when the global was set up.
    time_origin: f64,
    made: RefCell<Option<JsObject>>,
}

/// The current realm's Performance object (made now if it was not: nothing a script can see
/// tells when).
fn realm_performance(context: &mut Context) -> JsResult<JsValue> {
    let Some(realm_performance) = realm_data::<RealmPerformance>(context) else {
        return Ok(JsValue::undefined());
    };
    if let Some(performance) = realm_performance.made.borrow().clone() {
        return Ok(performance.into());
    }
    let performance = JsObject::from_proto_and_data(
        prototype_of(context, "Performance")?,
        PerformanceData {
            target: EventTargetState::new(),
            time_origin: realm_performance.time_origin,
        },
    );
    *realm_performance.made.borrow_mut() = Some(performance.clone());
    Ok(performance.into())
}

/// Define `Performance` and the global's `performance` attribute (`worker`: on
/// `WorkerGlobalScope.prototype`, which the HTML layer defined before); the Performance object
/// itself is made when first read.
pub fn register(context: &mut Context, worker: bool) -> JsResult<()> {
    register_event_target_brand::<PerformanceData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "Performance",
            parent: Some("EventTarget"),
            length: 0,
            constructor: None,
        },
        |m| {
            m.operation("now", 0, NativeFunction::from_fn_ptr(now))
                .attribute("timeOrigin", NativeFunction::from_fn_ptr(time_origin), None)
                .operation("toJSON", 0, NativeFunction::from_fn_ptr(to_json));
        },
    )?;
    let origin = Host::from_context(context)?
        .core()
        .clock()
        .time_origin_unix_ms();
    insert_realm_data(
        context,
        Rc::new(RealmPerformance {
            time_origin: origin,
            made: RefCell::new(None),
        }),
    );
    // `[Replaceable] readonly attribute Performance performance`: the getter returns this's
    // Performance object.
    let getter = NativeFunction::from_fn_ptr(|_, _, context| realm_performance(context));
    if worker {
        let holder = prototype_of(context, "WorkerGlobalScope")?;
        define_replaceable_on(&holder, context, "performance", getter)
    } else {
        define_replaceable(context, "performance", getter)
    }
}
