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

/// What the web APIs are told by the runtime that registers them.
#[derive(Clone, Debug, Default)]
pub struct WebOptions {
    /// The loop runs on a virtual clock (`taskhost.virtualTime`).
    pub virtual_time: bool,
    /// The script's arguments (`taskhost.args`).
    pub args: Vec<String>,
    /// Serve same-origin files from this root through `fetch()`.
    pub fetch_root: Option<fetch::FetchRoot>,
    /// Write all console output to stderr.
    pub console_to_stderr: bool,
}

/// Register every web API on the context's global object.
pub fn register(context: &mut Context, options: &WebOptions) -> JsResult<()> {
    console::register(context, options.console_to_stderr)?;
    dom::register(context)?;
    html::register(context)?;
    hr_time::register(context)?;
    scheduling::register(context)?;
    fetch::register(context, options.fetch_root.clone())?;
    namespace::register(context, options)?;
    Ok(())
}
