//! The `taskhost` namespace object: what a script needs to know about its host.
//!
//! `taskhost.args` (the arguments after `--`, a frozen array of strings), `taskhost.version`,
//! `taskhost.virtualTime` (whether `--virtual-time` is on), `taskhost.clock` (`taskhost_clock.rs`).

use boa_engine::object::ObjectInitializer;
use boa_engine::object::builtins::JsArray;
use boa_engine::property::Attribute;
use boa_engine::{Context, JsResult, JsString, JsValue, js_string};

use crate::web::WebOptions;

pub fn register(context: &mut Context, options: &WebOptions) -> JsResult<()> {
    let args = JsArray::from_iter(
        options
            .args
            .iter()
            .map(|a| JsValue::from(JsString::from(a.as_str()))),
        context,
    );
    let args_object: boa_engine::JsObject = args.into();
    args_object.set_integrity_level(boa_engine::object::IntegrityLevel::Frozen, context)?;
    let namespace = ObjectInitializer::new(context)
        .property(js_string!("args"), args_object, Attribute::ENUMERABLE)
        .property(
            js_string!("version"),
            js_string!(env!("CARGO_PKG_VERSION")),
            Attribute::ENUMERABLE,
        )
        .property(
            js_string!("virtualTime"),
            options.virtual_time,
            Attribute::ENUMERABLE,
        )
        .build();
    let clock = crate::web::taskhost_clock::create(context);
    namespace.set(js_string!("clock"), clock, false, context)?;
    // Input and page visibility: a window's only.
    if options.worker.is_none() {
        let input = crate::web::taskhost_input::create_input(context);
        namespace.set(js_string!("input"), input, false, context)?;
        let page = crate::web::taskhost_input::create_page(context);
        namespace.set(js_string!("page"), page, false, context)?;
    }
    namespace.set_integrity_level(boa_engine::object::IntegrityLevel::Frozen, context)?;
    context.register_global_property(
        js_string!("taskhost"),
        namespace,
        Attribute::WRITABLE | Attribute::CONFIGURABLE,
    )?;
    Ok(())
}
