//! HTML: timers, microtask queuing, the global scope's own attributes, `structuredClone`.

pub mod global_scope;
pub mod microtask;
pub mod timers;

use boa_engine::{Context, JsResult};
use boa_runtime::extensions::{RuntimeExtension, StructuredCloneExtension};

pub fn register(context: &mut Context) -> JsResult<()> {
    global_scope::register(context)?;
    timers::register(context)?;
    microtask::register(context)?;
    StructuredCloneExtension.register(None, context)?;
    Ok(())
}
