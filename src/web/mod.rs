//! Web APIs, one module per specification; one file per WebIDL interface.

pub mod console;
pub mod dom;
pub mod hr_time;
pub mod html;
pub mod namespace;
pub mod scheduling;
pub mod util;

use boa_engine::{Context, JsResult};

use crate::runtime::RuntimeOptions;

/// Register every web API on the context's global object.
pub fn register(context: &mut Context, options: &RuntimeOptions) -> JsResult<()> {
    console::register(context)?;
    dom::register(context)?;
    html::register(context)?;
    hr_time::register(context)?;
    scheduling::register(context)?;
    namespace::register(context, options)?;
    Ok(())
}
