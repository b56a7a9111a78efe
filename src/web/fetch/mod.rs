//! Fetch: `fetch()` and `Response`, serving same-origin files from a root directory (what the
//! conformance runner needs; see `fetch.rs` for what it covers).

#[allow(clippy::module_inception)]
pub mod fetch;
pub mod response;

use boa_engine::{Context, JsResult};

pub use fetch::FetchRoot;

/// Register `Response`, and `fetch` when the runtime serves files from `root`.
pub fn register(context: &mut Context, root: Option<FetchRoot>) -> JsResult<()> {
    response::register(context)?;
    fetch::register(context, root)
}
