//! HTML: the global object (`Window`), timers, microtask queuing, event handlers, error reporting
//! and its events, `structuredClone`.

pub mod error_event;
pub mod event_handler;
pub mod global_scope;
pub mod microtask;
pub mod promise_rejection_event;
pub mod report;
pub mod timers;
pub mod window;

use boa_engine::{Context, JsResult};
use boa_runtime::extensions::{RuntimeExtension, StructuredCloneExtension};

/// Register the HTML APIs (after the DOM's, which they build on).
pub fn register(context: &mut Context) -> JsResult<()> {
    report::register(context);
    window::register(context)?;
    global_scope::register(context)?;
    timers::register(context)?;
    microtask::register(context)?;
    error_event::register(context)?;
    promise_rejection_event::register(context)?;
    StructuredCloneExtension.register(None, context)?;
    Ok(())
}
