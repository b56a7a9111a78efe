//! Web APIs, one module per specification; one file per WebIDL interface.

pub mod console;
pub mod dom;
pub mod fetch;
pub mod hr_time;
pub mod html;
pub mod namespace;
pub mod scheduling;
pub mod util;

use boa_engine::{Context, JsResult};

use crate::runtime::RuntimeOptions;

/// Register every web API on the context's global object.
pub fn register(context: &mut Context, options: &RuntimeOptions) -> JsResult<()> {
    console::register(context, options.console_to_stderr)?;
    dom::register(context)?;
    html::register(context)?;
    hr_time::register(context)?;
    scheduling::register(context)?;
    fetch::register(context, options.fetch_root.clone())?;
    namespace::register(context, options)?;
    Ok(())
}
