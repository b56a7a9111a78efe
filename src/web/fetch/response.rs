//! The `Response` interface (Fetch §5.5), as far as a file served by taskhost's `fetch` needs it:
//! `type`, `url`, `redirected`, `status`, `ok`, `statusText`, `bodyUsed`, and the body mixin's
//! `text()`, `json()` and `arrayBuffer()`.
//!
//! `new Response(body, init)` takes a body of `null`, a `Blob`, a buffer source or a string (any
//! other value is converted to a string) and `init.status`; there are no headers and no
//! streams: taskhost's `fetch` serves local files for the conformance runner and is not a
//! general Fetch implementation; see `docs/WPT.md`.

use boa_engine::js_string;
use std::cell::RefCell;

use boa_engine::object::builtins::{JsArrayBuffer, JsPromise};
use boa_engine::{Context, JsData, JsError, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::engine::errors::exception_to_value;
use crate::web::dom::interface::{
    InterfaceSpec, construct_error, define_interface, dictionary, illegal_invocation, member,
    prototype_from_new_target, prototype_of, this_object,
};

/// The native data of `Response` objects.
#[derive(Trace, Finalize, JsData)]
pub struct ResponseData {
    #[unsafe_ignore_trace]
    url: String,
    #[unsafe_ignore_trace]
    status: u16,
    /// Made by the constructor (type "default") rather than by `fetch` (type "basic").
    #[unsafe_ignore_trace]
    constructed: bool,
    /// The body's bytes; `None` once read ("disturbed": the body is never null here, so
    /// `bodyUsed` is whether it has been taken).
    #[unsafe_ignore_trace]
    body: RefCell<Option<Vec<u8>>>,
}

/// Create a Response for `url` with `status` and `body`.
pub fn new_response(
    url: &str,
    status: u16,
    body: Vec<u8>,
    context: &mut Context,
) -> JsResult<JsObject> {
    let proto = prototype_of(context, "Response")?;
    Ok(JsObject::from_proto_and_data(
        proto,
        ResponseData {
            url: url.to_owned(),
            status,
            constructed: false,
            body: RefCell::new(Some(body)),
        },
    ))
}

/// `new Response(optional BodyInit? body = null, optional ResponseInit init = {})`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let proto = prototype_from_new_target(new_target, "Response", context)?;
    // BodyInit: a Blob's bytes, a copy of a buffer source's bytes, or a string's UTF-8 bytes
    // ("extract a body"); null is no body (read as empty here).
    let body = match args.first() {
        None => Vec::new(),
        Some(v) if v.is_null_or_undefined() => Vec::new(),
        Some(v) => {
            if let Some(bytes) = v
                .as_object()
                .and_then(|o| crate::web::file_api::blob::serialize(&o))
            {
                bytes.bytes.as_slice().to_vec()
            } else if let Some(bytes) = crate::web::util::buffer_source_bytes(v, context)? {
                bytes
            } else {
                crate::web::util::to_usv_string(v, context)?.into_bytes()
            }
        }
    };
    let fail = |m: &str| construct_error("Response", m);
    let init = dictionary(args.get(1), fail, "ResponseInit")?;
    let status = member(init.as_ref(), js_string!("status"), context)?;
    // 1. If init["status"] is not in the range 200 to 599, inclusive, then throw a RangeError.
    let status = if status.is_undefined() {
        200
    } else {
        let n = crate::engine::webidl::to_unsigned_short(&status, context)?;
        if !(200..=599).contains(&n) {
            return Err(boa_engine::JsNativeError::range()
                .with_message(format!(
                    "Failed to construct 'Response': The status provided ({n}) is outside the \
                     range [200, 599]."
                ))
                .into());
        }
        n
    };
    Ok(JsObject::from_proto_and_data(
        proto,
        ResponseData {
            url: String::new(),
            status,
            constructed: true,
            body: RefCell::new(Some(body)),
        },
    )
    .into())
}

fn with_response<R>(
    this: &JsValue,
    context: &Context,
    f: impl FnOnce(&ResponseData) -> R,
) -> JsResult<R> {
    let object = this_object(this, context)?;
    let data = object
        .downcast_ref::<ResponseData>()
        .ok_or_else(illegal_invocation)?;
    Ok(f(&data))
}

/// The reason phrase of the statuses taskhost's `fetch` produces.
fn status_text(status: u16) -> &'static str {
    match status {
        200 => "OK",
        404 => "Not Found",
        _ => "",
    }
}

/// "Consume body" (Fetch §5.3): the body's bytes, once. A second read is a TypeError (the
/// returned promise rejects with it).
fn consume_body(this: &JsValue, method: &str, context: &mut Context) -> JsResult<Vec<u8>> {
    // 1. If object is unusable (its body is disturbed or locked), then return a promise
    //    rejected with a TypeError. (Disturbed: taken by an earlier read.)
    let taken = with_response(this, context, |data| data.body.borrow_mut().take())?;
    taken.ok_or_else(|| {
        boa_engine::JsNativeError::typ()
            .with_message(format!(
                "Failed to execute '{method}' on 'Response': body stream already read"
            ))
            .into()
    })
}

/// A promise-returning operation reports its exceptions as a rejected promise.
fn settle(result: JsResult<JsValue>, context: &mut Context) -> JsResult<JsValue> {
    match result {
        Ok(value) => Ok(JsPromise::resolve(value, context)?.into()),
        Err(error) => {
            let reason = exception_to_value(error, context)?;
            Ok(JsPromise::reject(JsError::from_opaque(reason), context)?.into())
        }
    }
}

/// `text()`: the body decoded as UTF-8 (with replacement characters).
fn text(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let result = consume_body(this, "text", context)
        .map(|bytes| JsString::from(String::from_utf8_lossy(&bytes).as_ref()).into());
    settle(result, context)
}

/// `json()`: the body parsed as JSON ("parse JSON from bytes": %JSON.parse% on the UTF-8 text).
fn json(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let result = consume_body(this, "json", context).and_then(|bytes| {
        let text = JsString::from(String::from_utf8_lossy(&bytes).as_ref());
        let json = context.intrinsics().objects().json();
        let parse = json.get(JsString::from("parse"), context)?;
        let parse = parse.as_callable().ok_or_else(illegal_invocation)?;
        parse.call(&json.clone().into(), &[text.into()], context)
    });
    settle(result, context)
}

/// `arrayBuffer()`: the body's bytes.
fn array_buffer(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let result = consume_body(this, "arrayBuffer", context).and_then(|bytes| {
        let buffer = JsArrayBuffer::new(bytes.len(), context)?;
        if let Some(mut data) = buffer.data_mut() {
            data.copy_from_slice(&bytes);
        }
        Ok(buffer.into())
    });
    settle(result, context)
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "Response",
            parent: None,
            length: 0,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute(
                "type",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_response(this, context, |d| {
                        JsString::from(if d.constructed { "default" } else { "basic" }).into()
                    })
                }),
                None,
            )
            .attribute(
                "url",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_response(this, context, |d| JsString::from(d.url.as_str()).into())
                }),
                None,
            )
            .attribute(
                "redirected",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_response(this, context, |_| false.into())
                }),
                None,
            )
            .attribute(
                "status",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_response(this, context, |d| d.status.into())
                }),
                None,
            )
            // The ok getter returns true if this's response's status is an ok status (200–299).
            .attribute(
                "ok",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_response(this, context, |d| (200..=299).contains(&d.status).into())
                }),
                None,
            )
            .attribute(
                "statusText",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_response(this, context, |d| {
                        JsString::from(status_text(d.status)).into()
                    })
                }),
                None,
            )
            .attribute(
                "bodyUsed",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_response(this, context, |d| d.body.borrow().is_none().into())
                }),
                None,
            )
            .operation("text", 0, NativeFunction::from_fn_ptr(text))
            .operation("json", 0, NativeFunction::from_fn_ptr(json))
            .operation("arrayBuffer", 0, NativeFunction::from_fn_ptr(array_buffer));
        },
    )?;
    Ok(())
}
