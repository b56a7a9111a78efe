//! The `Performance` interface (High Resolution Time §4.4): `now()`, `timeOrigin`, `toJSON()`.
//!
//! Both read the event loop's clock, so under `--virtual-time` they show virtual time.
//! Deviation: `Performance` does not inherit from `EventTarget` here (it fires no events in
//! taskhost), and times are not coarsened (there is no cross-origin data to protect).

use boa_engine::object::ObjectInitializer;
use boa_engine::object::builtins::JsFunction;
use boa_engine::property::Attribute;
use boa_engine::{Context, JsResult, JsValue, NativeFunction, js_string};

use crate::agent::host::Host;
use crate::web::html::global_scope::define_replaceable;

fn now(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    // The now() method steps: return the current high resolution time given this's relevant
    // global object (milliseconds since the time origin).
    Ok(Host::from_context(context)?.now().as_millis_f64().into())
}

fn time_origin(context: &mut Context) -> JsResult<f64> {
    let host = Host::from_context(context)?;
    let core = host.core();
    Ok(core.clock().time_origin_unix_ms())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    let origin = time_origin(context)?;
    let time_origin_getter = NativeFunction::from_copy_closure(move |_, _, _| Ok(origin.into()))
        .to_js_function(context.realm());
    let to_json = NativeFunction::from_fn_ptr(|this, _, context| {
        // The toJSON() method steps: the default toJSON steps (the attributes, as an object).
        let object = ObjectInitializer::new(context).build();
        let time_origin = this
            .as_object()
            .map(|o| o.get(js_string!("timeOrigin"), context))
            .transpose()?
            .unwrap_or_default();
        object.set(js_string!("timeOrigin"), time_origin, false, context)?;
        Ok(object.into())
    });
    let performance = ObjectInitializer::new(context)
        .function(NativeFunction::from_fn_ptr(now), js_string!("now"), 0)
        .function(to_json, js_string!("toJSON"), 0)
        .accessor(
            js_string!("timeOrigin"),
            Some(time_origin_getter),
            None::<JsFunction>,
            Attribute::ENUMERABLE | Attribute::CONFIGURABLE,
        )
        .build();
    define_replaceable(
        context,
        "performance",
        NativeFunction::from_copy_closure_with_captures(
            |_, _, performance, _| Ok(performance.clone().into()),
            performance,
        ),
    )
}
