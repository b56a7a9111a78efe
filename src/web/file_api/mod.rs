//! File API (w3c.github.io/FileAPI): `Blob` and `File`, on windows and workers.
//!
//! The blob URL store (§8.3) is in `blob_url_store.rs`; its `URL` methods in `web/url/url.rs`.
//!
//! Not here: `FileReader`, `FileReaderSync`, `FileList` and `Blob.stream()` (taskhost has no
//! `ReadableStream`); see `blob.rs` for how the read methods settle without a stream.

pub mod blob;
pub mod blob_url_store;
pub mod file;

use boa_engine::{Context, JsResult};

/// Register `Blob` and `File`.
pub fn register(context: &mut Context) -> JsResult<()> {
    blob::register(context)?;
    file::register(context)
}
