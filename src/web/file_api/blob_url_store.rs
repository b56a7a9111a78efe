//! The blob URL store (File API §8.3): `blob:` URLs for Blobs and Files, as
//! `URL.createObjectURL` makes them and `URL.revokeObjectURL` removes them, resolved by `new
//! Worker(…)`, `new SharedWorker(…)`, module imports and `fetch`.
//!
//! Invariants:
//! - The store is the user agent's: one per process, shared by the window and every worker (a
//!   worker can start a worker from a URL its creator made). An entry holds the Blob's snapshot
//!   (its shared bytes, type and File data: plain `Send` data, as structured clone has it), the
//!   origin of the global that made it and the agent it belongs to.
//! - A URL is resolved once, when it is parsed for a request (the File API's URL parser step):
//!   a worker, import or fetch that resolved it before `revokeObjectURL` keeps its Blob; one
//!   that resolves it after fails as a network error does.
//! - A worker's entries are removed when the worker ends (§8.3.4: the entries of an environment
//!   that is destroyed). Deviation: taskhost's documents are never unloaded, so an iframe's
//!   entries are removed only when revoked, or with the process.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, OnceLock};

use crate::web::file_api::blob::SerializedBlob;

/// The origin of every taskhost global (`fetch`'s documents' origin).
const ORIGIN: &str = crate::web::fetch::fetch::ORIGIN;

/// A blob URL entry: the object and (what taskhost needs of) its environment.
#[derive(Clone, Debug)]
pub struct BlobUrlEntry {
    pub blob: SerializedBlob,
    /// The origin of the environment that made it.
    pub origin: String,
    /// The agent whose global made it (`None`: a runtime that belongs to no process).
    pub agent: Option<u64>,
}

fn store() -> MutexGuard<'static, HashMap<String, BlobUrlEntry>> {
    static STORE: OnceLock<Mutex<HashMap<String, BlobUrlEntry>>> = OnceLock::new();
    // A panic while the lock was held left the map itself intact (every update is one insert
    // or remove): go on with it.
    STORE
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Generate a new blob URL (§8.3.2), given a UUID string:
///
/// 1. Let result be the empty string.
/// 2. Append the string "blob:" to result.
/// 3. Let settings be the current settings object.
/// 4. Let origin be settings's origin.
/// 5. Let serialized be the ASCII serialization of origin.
/// 6. If serialized is "null", set it to an implementation-defined value. (Never: every taskhost
///    global has the same tuple origin.)
/// 7. Append serialized to result.
/// 8. Append U+002F SOLIDUS (/) to result.
/// 9. Let uuid be the generated UUID.
/// 10. Append uuid to result.
/// 11. Return result.
#[must_use]
pub fn generate_blob_url(uuid: &str) -> String {
    format!("blob:{ORIGIN}/{uuid}")
}

/// Add an entry to the blob URL store (§8.3.2) for `blob`, under `url` (a new blob URL):
///
/// 1. Let store be the user agent's blob URL store.
/// 2. Let url string be the result of generating a new blob URL. (The caller's.)
/// 3. Let entry be a new blob URL entry consisting of object and the current settings object.
/// 4. Set store[url string] to entry.
/// 5. Return url string.
pub fn add_entry(url: String, blob: SerializedBlob, agent: Option<u64>) -> String {
    let entry = BlobUrlEntry {
        blob,
        origin: ORIGIN.to_owned(),
        agent,
    };
    store().insert(url.clone(), entry);
    url
}

/// Remove an entry from the blob URL store (§8.3.2) for `url`, a blob URL serialized:
///
/// 1. Let store be the user agent's blob URL store.
/// 2. Let url string be the result of serializing url.
/// 3. Remove store[url string].
pub fn remove_entry(url: &str) {
    store().remove(url);
}

/// Resolve a blob URL (§8.3.3): the entry `url` (a parsed `blob:` URL) names, if it exists and
/// the current environment (of `origin`) may use it:
///
/// 1. Assert: url's scheme is "blob".
/// 2. Let store be the user agent's blob URL store.
/// 3. Let url string be the result of serializing url with exclude fragment set to true.
/// 4. If store[url string] exists, then:
///    1. Let entry be store[url string].
///    2. If environment is given and entry is not same-partition with it (here: of another
///       origin), return failure.
///    3. Return entry.
/// 5. Return failure.
#[must_use]
pub fn resolve_blob_url(url: &::url::Url, origin: &str) -> Option<BlobUrlEntry> {
    // 1. (Callers check the scheme; anything else resolves to nothing.)
    if url.scheme() != "blob" {
        return None;
    }
    // 3. Serialize without the fragment.
    let mut without_fragment = url.clone();
    without_fragment.set_fragment(None);
    // 4–5.
    let entry = store().get(without_fragment.as_str()).cloned()?;
    (entry.origin == origin).then_some(entry)
}

/// Resolve `input`, a URL string, if it is a `blob:` URL: `None` when it is not one,
/// `Some(None)` when it names no entry (revoked, never made, another origin's).
#[must_use]
pub fn resolve_if_blob_url(input: &str) -> Option<Option<BlobUrlEntry>> {
    let url = ::url::Url::parse(input.trim()).ok()?;
    (url.scheme() == "blob").then(|| resolve_blob_url(&url, ORIGIN))
}

/// The lifetime of blob URLs (§8.3.4): when an environment is destroyed, the entries it made
/// are removed. (For a worker's agent, when it ends.)
pub fn remove_entries_of_agent(agent: u64) {
    store().retain(|_, entry| entry.agent != Some(agent));
}

/// How many entries the store holds (for tests).
#[must_use]
pub fn len() -> usize {
    store().len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::file_api::blob::BlobBytes;

    fn blob(text: &str) -> SerializedBlob {
        SerializedBlob {
            bytes: BlobBytes::new(text.as_bytes().to_vec()),
            type_: "text/plain".to_owned(),
            file: None,
        }
    }

    #[test]
    fn entries_resolve_until_revoked_and_with_their_agent() {
        let url = add_entry(generate_blob_url("test-a"), blob("a"), Some(7_000_001));
        assert_eq!(url, format!("blob:{ORIGIN}/test-a"));
        let with_fragment = format!("{url}#part");
        let resolved = resolve_if_blob_url(&with_fragment).flatten();
        assert_eq!(
            resolved.map(|e| e.blob.bytes.as_slice().to_vec()),
            Some(b"a".to_vec())
        );
        let parsed = ::url::Url::parse(&url).ok();
        assert!(parsed.is_some_and(|u| resolve_blob_url(&u, "http://elsewhere.test").is_none()));
        remove_entry(&url);
        assert!(matches!(resolve_if_blob_url(&url), Some(None)));
        assert!(resolve_if_blob_url("http://web-platform.test:8000/x").is_none());

        let kept = add_entry(generate_blob_url("test-b"), blob("b"), Some(7_000_002));
        let gone = add_entry(generate_blob_url("test-c"), blob("c"), Some(7_000_003));
        remove_entries_of_agent(7_000_003);
        assert!(resolve_if_blob_url(&kept).flatten().is_some());
        assert!(resolve_if_blob_url(&gone).flatten().is_none());
        remove_entry(&kept);
    }
}
