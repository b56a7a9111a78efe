//! `fetch(input, init)` (Fetch §5.6) for same-origin files under a root directory: what the
//! conformance runner needs so that tests can fetch `/common/blank.html` and get a promise that a
//! later task resolves, as a network response would be.
//!
//! The document's URL is `http://web-platform.test:8000` + the test's path under the root.
//! A request resolves against it; a same-origin `GET`/`HEAD` is answered from the file at that
//! path (200), or 404 when there is none; anything else is a network error (the promise rejects
//! with a TypeError, as browsers do). The response arrives in a task on the networking task
//! source (band 2 of the event-loop policy), never in the same task.
//!
//! Not implemented: request bodies, headers, redirects, CORS, streams, `Request` objects (an
//! object argument is read through its `url` property).

use boa_engine::js_string;
use std::cell::Cell;
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;

use boa_engine::object::builtins::{JsFunction, JsPromise};
use boa_engine::{Context, JsError, JsNativeError, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Gc, Trace};

use crate::agent::host::Host;
use crate::agent::realm::{insert_realm_data, realm_data};
use crate::engine::errors::exception_to_value;
use crate::event_loop::HostSource;
use crate::web::dom::abort_signal::{
    AbortAlgorithm, AbortSignalState, AbortSteps, AlgorithmId, abort_signal_member,
    add_abort_algorithm, remove_abort_algorithm,
};
use crate::web::dom::interface::{dictionary, member};

/// The origin every test document has.
pub const ORIGIN: &str = "http://web-platform.test:8000";

/// Where `fetch` serves files from (context data; `fetch` exists only when it is set).
#[derive(Debug, Clone)]
pub struct FetchRoot {
    /// The directory that `/` names.
    pub root: PathBuf,
    /// The path of the running document under the root, e.g. `/scheduler/x.any.html`.
    pub document_path: String,
}

/// A fetch in flight: its promise's resolving functions, its request's signal and the abort
/// algorithm added to that signal.
///
/// fetch()'s `locallyAborted` is not stored: it is true exactly when the signal is aborted, since
/// the signal was not aborted when the abort steps were added (step 4 returned otherwise) and
/// aborting it runs them at once.
#[derive(Trace, Finalize)]
struct PendingFetch {
    resolve: JsFunction,
    reject: JsFunction,
    signal: Option<Gc<AbortSignalState>>,
    #[unsafe_ignore_trace]
    algorithm: Cell<Option<AlgorithmId>>,
}

/// The abort steps fetch() adds to requestObject's signal (Fetch §5.6 step 11).
///
/// They run at most once (a signal aborts once), and never after the response task, which
/// removes them first; so p is still pending here.
impl AbortSteps for PendingFetch {
    fn abort(pending: &Gc<Self>, context: &mut Context) -> JsResult<()> {
        // 1. Set locallyAborted to true. (Implied by the signal being aborted; see PendingFetch.)
        // 2. Assert: controller is non-null.
        // 3. Abort controller with requestObject's signal's abort reason. (Deviation: there is no
        //    fetch controller; the response task checks locallyAborted instead.)
        let reason = pending
            .signal
            .as_ref()
            .map(|s| s.reason())
            .unwrap_or_default();
        // 4. Abort the fetch() call with p, request, responseObject, and requestObject's signal's
        //    abort reason:
        //    1. Reject promise with error.
        //    2. If request's body is non-null and is readable, cancel it. (No request bodies.)
        //    3. If responseObject is null, then return. (It is: the response task, which creates
        //       responseObject, removes these steps first.)
        pending
            .reject
            .call(&JsValue::undefined(), &[reason], context)
            .map(drop)
    }
}

fn type_error(message: &str) -> JsError {
    JsNativeError::typ()
        .with_message(format!("Failed to fetch: {message}"))
        .into()
}

/// Remove dot segments (RFC 3986 §5.2.4); `..` above the root stays at the root, as the URL
/// parser does.
fn normalize(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').skip(1).collect();
    let last = segments.len().saturating_sub(1);
    for (i, segment) in segments.iter().enumerate() {
        match *segment {
            "." => {
                if i == last {
                    out.push("");
                }
            }
            ".." => {
                out.pop();
                if i == last {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    format!("/{}", out.join("/"))
}

/// Percent-decode a URL path (invalid escapes stay as they are).
fn percent_decode(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(hex) = path.get(i + 1..i + 3)
            && let Ok(byte) = u8::from_str_radix(hex, 16)
        {
            out.push(byte);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The path of an absolute URL on [`ORIGIN`] (`None` for another scheme, host or port).
fn path_on_origin(url: &str) -> Option<String> {
    let rest = url.strip_prefix(ORIGIN)?;
    if rest.is_empty() {
        Some("/".to_owned())
    } else if rest.starts_with('/') {
        Some(rest.to_owned())
    } else {
        // E.g. `http://web-platform.test:8000evil/`: another port (or host).
        None
    }
}

/// Resolve `input` against the document URL: the same-origin path it names (without query or
/// fragment), or `None` for another origin or scheme.
#[must_use]
pub fn resolve_same_origin_path(input: &str, document_path: &str) -> Option<String> {
    let input = input.trim();
    let input = input.split('#').next().unwrap_or_default();
    let input = input.split('?').next().unwrap_or_default();
    let scheme_end = input.find(':').filter(|&i| {
        i > 0
            && input[..i]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
            && input.starts_with(|c: char| c.is_ascii_alphabetic())
    });
    let path = if scheme_end.is_some() {
        path_on_origin(input)?
    } else if input.starts_with("//") {
        // A scheme-relative URL takes the document's scheme: the same check as an absolute one.
        path_on_origin(&format!("http:{input}"))?
    } else if input.starts_with('/') {
        input.to_owned()
    } else {
        let dir = document_path
            .rfind('/')
            .map_or("/", |i| &document_path[..=i]);
        format!("{dir}{input}")
    };
    Some(normalize(&percent_decode(&path)))
}

/// The file a same-origin path names under `root`, if it is a readable file inside it.
pub fn file_for(root: &Path, path: &str) -> Option<PathBuf> {
    let relative = Path::new(path.trim_start_matches('/'));
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let file = root.join(relative);
    file.is_file().then_some(file)
}

/// `fetch(input, init)`.
fn fetch(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let host = Host::from_context(context)?;
    let fetch_root = realm_data::<FetchRoot>(context)
        .ok_or_else(|| type_error("no files are served in this runtime"))?;
    // 1. Let p be a new promise.
    let (promise, resolvers) = JsPromise::new_pending(context);
    let result = (|| -> JsResult<(String, bool, Option<Gc<AbortSignalState>>)> {
        // 2. Let requestObject be the result of invoking the initial value of Request as
        //    constructor with input and init as arguments. (Here: input's URL, and init's method
        //    and signal.)
        let input = args.first().cloned().unwrap_or_default();
        let url = match input.as_object() {
            Some(object) if !object.is_callable() => {
                let url = object.get(JsString::from("url"), context)?;
                if url.is_undefined() {
                    input.to_string(context)?
                } else {
                    url.to_string(context)?
                }
            }
            _ => input.to_string(context)?,
        };
        let init = dictionary(
            args.get(1),
            |m| {
                JsNativeError::typ()
                    .with_message(format!("Failed to execute 'fetch': {m}"))
                    .into()
            },
            "RequestInit",
        )?;
        let method = member(init.as_ref(), js_string!("method"), context)?;
        let method = if method.is_undefined() {
            "GET".to_owned()
        } else {
            method
                .to_string(context)?
                .to_std_string_escaped()
                .to_ascii_uppercase()
        };
        if method != "GET" && method != "HEAD" {
            return Err(type_error(&format!(
                "method {method} is not supported: taskhost's fetch serves files (GET, HEAD)"
            )));
        }
        // `AbortSignal? signal`.
        let signal = abort_signal_member(
            &member(init.as_ref(), js_string!("signal"), context)?,
            "RequestInit",
            true,
            context,
            |m| {
                JsNativeError::typ()
                    .with_message(format!("Failed to execute 'fetch': {m}"))
                    .into()
            },
        )?
        .map(|(_, state)| state);
        Ok((url.to_std_string_escaped(), method == "HEAD", signal))
    })();
    let (url, head, signal) = match result {
        Ok(parts) => parts,
        Err(error) => {
            let reason = exception_to_value(error, context)?;
            resolvers
                .reject
                .call(&JsValue::undefined(), &[reason], context)?;
            return Ok(promise.into());
        }
    };
    // 3. Let request be requestObject's request. (Here: url, head and signal.)
    // 4. If requestObject's signal is aborted, then:
    if let Some(signal) = &signal
        && signal.is_aborted()
    {
        // 1. Abort the fetch() call with p, request, null, and requestObject's signal's abort
        //    reason: 1. Reject promise with error. (2. No request body; 3. responseObject is
        //    null: return.)
        // 2. Return p.
        resolvers
            .reject
            .call(&JsValue::undefined(), &[signal.reason()], context)?;
        return Ok(promise.into());
    }
    let pending = Gc::new(PendingFetch {
        resolve: resolvers.resolve,
        reject: resolvers.reject,
        signal: signal.clone(),
        algorithm: Cell::new(None),
    });
    // 11. Add the following abort steps to requestObject's signal: abort the fetch() call with
    //     p and the signal's abort reason.
    if let Some(signal) = &signal {
        let id = add_abort_algorithm(signal, AbortAlgorithm::new(pending.clone()));
        pending.algorithm.set(id);
    }
    // 5–10. (globalObject, service workers, responseObject, relevantRealm, locallyAborted and
    //     controller: nothing to set up here; see PendingFetch for locallyAborted.)
    // 12. Set controller to the result of calling fetch given request and processResponse given
    //     response being the steps below. (Here: the file is read now, and fetch response
    //     handover's "queue a fetch task" to run processResponse is a task on the networking
    //     task source.)
    //     A `blob:` URL is resolved now, as the request's URL is parsed (File API §8.3.5), and
    //     answered by the "blob" scheme fetch (Fetch §4.3): a network error unless the method is
    //     `GET` and the URL names a Blob; otherwise a 200 response with the Blob's bytes.
    //     (Deviation: no `Content-Type`/`Content-Length` headers: taskhost's responses have no
    //     headers.)
    let response = match crate::web::file_api::blob_url_store::resolve_if_blob_url(&url) {
        Some(Some(entry)) if !head => Ok((
            url.trim().to_owned(),
            Some(entry.blob.bytes.as_slice().to_vec()),
        )),
        Some(Some(_)) => Err(format!("{url}: a blob: URL can only be fetched with GET")),
        Some(None) => Err(format!(
            "{url}: no Blob has this URL (it was revoked, or never created)"
        )),
        None => resolve_same_origin_path(&url, &fetch_root.document_path)
            .map(|path| {
                let body =
                    file_for(&fetch_root.root, &path).and_then(|file| std::fs::read(file).ok());
                (format!("{ORIGIN}{path}"), body)
            })
            .ok_or_else(|| format!("{url} is not on this origin ({ORIGIN})")),
    };
    let posted = host.trace_post(context, "fetch response", None);
    host.queue_task_posted(
        HostSource::Other,
        context.realm().clone(),
        Box::new(move |context| {
            // processResponse:
            // 1. If locallyAborted is true, then abort these steps.
            if let Some(signal) = &pending.signal {
                if signal.is_aborted() {
                    return Ok(());
                }
                // Deviation: the abort steps are removed now (the spec leaves them in place,
                // where they could only reject a settled promise), so a long-lived signal does
                // not keep finished fetches alive.
                if let Some(id) = pending.algorithm.take() {
                    remove_abort_algorithm(signal, id);
                }
            }
            // 2. If response's aborted flag is set, then … (Never set: there is no fetch
            //    controller to abort.)
            let outcome = match response {
                Ok((url, body)) => {
                    // 4. Set responseObject to the result of creating a Response object, given
                    //    response, "immutable", and relevantRealm.
                    let status = if body.is_some() { 200 } else { 404 };
                    let body = if head {
                        Vec::new()
                    } else {
                        body.unwrap_or_default()
                    };
                    let response = super::response::new_response(&url, status, body, context)?;
                    // 5. Resolve p with responseObject.
                    pending
                        .resolve
                        .call(&JsValue::undefined(), &[response.into()], context)
                }
                // 3. If response is a network error, then reject p with a TypeError and abort
                //    these steps.
                Err(message) => {
                    let error = type_error(&message).into_opaque(context)?;
                    pending
                        .reject
                        .call(&JsValue::undefined(), &[error], context)
                }
            };
            outcome.map(drop)
        }),
        posted,
    );
    // 13. Return p.
    Ok(promise.into())
}

/// Define `fetch` on the global when the runtime serves files.
pub fn register(context: &mut Context, root: Option<FetchRoot>) -> JsResult<()> {
    let Some(root) = root else {
        return Ok(());
    };
    insert_realm_data(context, Rc::new(root));
    crate::web::util::define_operation(
        &context.global_object(),
        "fetch",
        1,
        NativeFunction::from_fn_ptr(fetch),
        context,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_resolve_against_the_document() {
        let doc = "/scheduler/x.any.html";
        let r = |s| resolve_same_origin_path(s, doc);
        assert_eq!(
            r("/common/blank.html").as_deref(),
            Some("/common/blank.html")
        );
        assert_eq!(
            r("resources/a.js?x=1#f").as_deref(),
            Some("/scheduler/resources/a.js")
        );
        assert_eq!(r("../common/./b.html").as_deref(), Some("/common/b.html"));
        assert_eq!(r("../../../../etc/passwd").as_deref(), Some("/etc/passwd"));
        assert_eq!(
            r("http://web-platform.test:8000/a%20b.txt").as_deref(),
            Some("/a b.txt")
        );
        assert_eq!(r("//web-platform.test:8000/c").as_deref(), Some("/c"));
        assert_eq!(r("https://example.com/"), None);
        assert_eq!(r("data:text/plain,hi"), None);
        assert_eq!(r("//example.com/x"), None);
        assert_eq!(r("//web-platform.test:8000").as_deref(), Some("/"));
        assert_eq!(r("//web-platform.test:8000evil/x"), None);
        assert_eq!(r("//web-platform.test:80001/x"), None);
        assert_eq!(r("http://web-platform.test:8000evil/x"), None);
        assert_eq!(r("http://web-platform.test:8000?q").as_deref(), Some("/"));
    }

    #[test]
    fn files_stay_inside_the_root() {
        let root = std::env::temp_dir();
        assert_eq!(file_for(&root, "/../x"), None);
        assert_eq!(file_for(&root, "/"), None, "a directory is not a file");
    }
}
