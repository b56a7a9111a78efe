//! The `Blob` interface (File API §3): immutable raw data — a constructor from parts (strings,
//! buffer sources, Blobs), `size`, `type`, `slice()`, and the read methods `text()`,
//! `arrayBuffer()` and `bytes()`; its serialization steps for structured clone.
//!
//! Invariants:
//! - A Blob's bytes never change. They are held as [`BlobBytes`]: a range of an `Arc<[u8]>`, so
//!   `slice()`, structured clone and `postMessage` (to another thread too) share the bytes
//!   instead of copying them.
//! - A `File` is a Blob whose [`BlobData::file`] is set (`file.rs`); every Blob operation works
//!   on it, and its serialization keeps its name and last modification date.
//!
//! Deviations: `stream()` is not defined — taskhost has no `ReadableStream`. The read methods
//! are specified through a stream ("get stream", then "read all bytes"), whose chunks are
//! enqueued by tasks on the file reading task source; without a stream, taskhost reads the
//! bytes in one such task and settles the promise in it, so the promise settles in a later task
//! than the call, as in browsers, never synchronously.

use boa_engine::js_string;
use std::sync::Arc;

use boa_engine::object::builtins::{JsArrayBuffer, JsPromise, JsSharedArrayBuffer, JsUint8Array};
use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::agent::host::Host;
use crate::event_loop::HostSource;
use crate::web::dom::interface::{
    InterfaceSpec, construct_error, define_interface, dictionary, illegal_invocation, member,
    prototype_from_new_target, prototype_of, sequence_with, this_object,
};
use crate::web::util::{buffer_source_bytes, to_usv_string};

/// A Blob's byte sequence: `bytes[start..end]`, shared between Blobs (slices, clones).
#[derive(Clone, Debug)]
pub struct BlobBytes {
    bytes: Arc<[u8]>,
    start: usize,
    end: usize,
}

impl BlobBytes {
    /// A byte sequence that owns `bytes`.
    #[must_use]
    pub fn new(bytes: Vec<u8>) -> Self {
        let end = bytes.len();
        Self {
            bytes: bytes.into(),
            start: 0,
            end,
        }
    }

    #[must_use]
    pub fn as_slice(&self) -> &[u8] {
        &self.bytes[self.start..self.end]
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes from `start` to `end` of this sequence (clamped to it), sharing the storage.
    #[must_use]
    pub fn range(&self, start: usize, end: usize) -> Self {
        let end = end.min(self.len());
        let start = start.min(end);
        Self {
            bytes: self.bytes.clone(),
            start: self.start + start,
            end: self.start + end,
        }
    }

    /// Whether both sequences are views of the same storage (for tests).
    #[must_use]
    pub fn shares_storage_with(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.bytes, &other.bytes)
    }
}

/// What a `File` adds to a Blob (File API §4).
#[derive(Clone, Debug)]
pub struct FileInfo {
    pub name: String,
    /// Milliseconds since the Unix epoch.
    pub last_modified: i64,
}

/// The native data of `Blob` (and `File`) objects.
#[derive(Trace, Finalize, JsData)]
pub struct BlobData {
    #[unsafe_ignore_trace]
    pub bytes: BlobBytes,
    /// The type: an empty string or a lowercase string of U+0020–U+007E.
    #[unsafe_ignore_trace]
    pub type_: String,
    /// Set for a `File`.
    #[unsafe_ignore_trace]
    pub file: Option<FileInfo>,
}

/// A Blob (or File) of `bytes`, with the prototype of `interface` in this realm.
pub fn new_blob(
    context: &mut Context,
    bytes: BlobBytes,
    type_: String,
    file: Option<FileInfo>,
) -> JsResult<JsObject> {
    let interface = if file.is_some() { "File" } else { "Blob" };
    let proto = prototype_of(context, interface)?;
    Ok(JsObject::from_proto_and_data(
        proto,
        BlobData { bytes, type_, file },
    ))
}

/// A Blob's record for structured clone: plain Rust data, `Send`.
#[derive(Clone, Debug)]
pub struct SerializedBlob {
    pub bytes: BlobBytes,
    pub type_: String,
    pub file: Option<FileInfo>,
}

/// The serialization steps of Blob (File API §3.1) and File (§4.1), given value: set
/// serialized.[[SnapshotState]] to value's snapshot state and serialized.[[ByteSequence]] to its
/// underlying byte sequence (with the type; and a File's name and lastModified). `None`: value
/// is not a Blob.
#[must_use]
pub fn serialize(object: &JsObject) -> Option<SerializedBlob> {
    let data = object.downcast_ref::<BlobData>()?;
    Some(SerializedBlob {
        bytes: data.bytes.clone(),
        type_: data.type_.clone(),
        file: data.file.clone(),
    })
}

/// The deserialization steps: a new Blob (or File) in the current realm with the record's
/// state. Its prototype is the realm's interface prototype, whatever the global's `Blob` is now.
pub fn deserialize(record: &SerializedBlob, context: &mut Context) -> JsResult<JsObject> {
    new_blob(
        context,
        record.bytes.clone(),
        record.type_.clone(),
        record.file.clone(),
    )
}

/// The `BlobData` of `this`, or an "Illegal invocation" TypeError.
fn this_blob<R>(this: &JsValue, context: &Context, f: impl FnOnce(&BlobData) -> R) -> JsResult<R> {
    let object = this_object(this, context)?;
    let data = object
        .downcast_ref::<BlobData>()
        .ok_or_else(illegal_invocation)?;
    Ok(f(&data))
}

/// One `BlobPart`: `(BufferSource or Blob or USVString)`, converted as WebIDL converts a union
/// (a Blob, then a buffer source, then a string).
enum BlobPart {
    Bytes(Vec<u8>),
    Blob(BlobBytes),
    Text(String),
}

fn blob_part(value: &JsValue, context: &mut Context) -> JsResult<BlobPart> {
    if let Some(object) = value.as_object() {
        if let Some(data) = object.downcast_ref::<BlobData>() {
            return Ok(BlobPart::Blob(data.bytes.clone()));
        }
        // A SharedArrayBuffer is not a BufferSource (no [AllowShared]): it is converted to a
        // string, as the union's last member.
        if JsSharedArrayBuffer::from_object(object.clone()).is_err()
            && let Some(bytes) = buffer_source_bytes(value, context)?
        {
            return Ok(BlobPart::Bytes(bytes));
        }
    }
    Ok(BlobPart::Text(to_usv_string(value, context)?))
}

/// `EndingType`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Endings {
    Transparent,
    Native,
}

/// The members of a `BlobPropertyBag` (in WebIDL's order: `endings`, then `type`).
pub struct BlobPropertyBag {
    pub endings: Endings,
    pub type_: String,
}

/// Convert a `BlobPropertyBag` (or the Blob members of a `FilePropertyBag`).
pub fn blob_property_bag(
    options: Option<&JsObject>,
    interface: &str,
    context: &mut Context,
) -> JsResult<BlobPropertyBag> {
    let endings = member(options, js_string!("endings"), context)?;
    let endings = if endings.is_undefined() {
        Endings::Transparent
    } else {
        match endings.to_string(context)?.to_std_string_escaped().as_str() {
            "transparent" => Endings::Transparent,
            "native" => Endings::Native,
            other => {
                return Err(construct_error(
                    interface,
                    &format!(
                        "Failed to read the 'endings' property from 'BlobPropertyBag': The \
                         provided value '{other}' is not a valid enum value of type EndingType."
                    ),
                ));
            }
        }
    };
    let type_ = member(options, js_string!("type"), context)?;
    let type_ = if type_.is_undefined() {
        String::new()
    } else {
        type_.to_string(context)?.to_std_string_lossy()
    };
    Ok(BlobPropertyBag { endings, type_ })
}

/// The constructor's and `slice()`'s type rule: a type with a code point outside U+0020–U+007E
/// becomes the empty string; otherwise it is converted to ASCII lowercase.
#[must_use]
pub fn normalize_type(t: &str) -> String {
    if t.chars().any(|c| !('\u{20}'..='\u{7e}').contains(&c)) {
        String::new()
    } else {
        t.to_ascii_lowercase()
    }
}

/// "Convert line endings to native" (File API §3.1.1): CR LF and lone CR become the native line
/// ending (LF, or CR LF on Windows); LF stays what it is.
#[must_use]
pub fn convert_line_endings_to_native(s: &str) -> String {
    // 1. Let native line ending be the code point U+000A LF.
    // 2. If the underlying platform's conventions are to represent newlines as a carriage return
    //    and line feed sequence, set native line ending to U+000D CR followed by U+000A LF.
    let native = if cfg!(windows) { "\r\n" } else { "\n" };
    // 3–8. Collect the code points that are not CR or LF; for each CR (followed by LF or not)
    //      or LF, append native line ending.
    let mut result = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                result.push_str(native);
            }
            '\n' => result.push_str(native),
            c => result.push(c),
        }
    }
    result
}

/// The blob parts of a constructor call: `sequence<BlobPart>`, converted.
pub fn blob_parts(
    value: &JsValue,
    interface: &str,
    context: &mut Context,
) -> JsResult<Vec<BlobPartValue>> {
    sequence_with(
        value,
        context,
        |m| construct_error(interface, m),
        |v, context| blob_part(&v, context).map(BlobPartValue),
    )
}

/// A converted `BlobPart` (opaque outside this file).
pub struct BlobPartValue(BlobPart);

/// "Process blob parts" (File API §3.1.1) given parts and the options' endings.
#[must_use]
pub fn process_blob_parts(parts: Vec<BlobPartValue>, endings: Endings) -> BlobBytes {
    // A single Blob part: its bytes as they are, shared.
    if let [BlobPartValue(BlobPart::Blob(bytes))] = parts.as_slice() {
        return bytes.clone();
    }
    // 1. Let bytes be an empty sequence of bytes.
    let mut bytes = Vec::new();
    // 2. For each element in parts:
    for BlobPartValue(part) in parts {
        match part {
            // 1. If element is a USVString: let s be element; if endings is "native", set s
            //    to the result of converting line endings to native of element; append the
            //    result of UTF-8 encoding s to bytes.
            BlobPart::Text(s) => {
                if endings == Endings::Native {
                    bytes.extend_from_slice(convert_line_endings_to_native(&s).as_bytes());
                } else {
                    bytes.extend_from_slice(s.as_bytes());
                }
            }
            // 2. If element is a BufferSource, get a copy of the bytes held by the buffer
            //    source, and append those bytes to bytes.
            BlobPart::Bytes(b) => bytes.extend_from_slice(&b),
            // 3. If element is a Blob, append the bytes it represents to bytes.
            BlobPart::Blob(b) => bytes.extend_from_slice(b.as_slice()),
        }
    }
    // 3. Return bytes.
    BlobBytes::new(bytes)
}

/// `new Blob(optional sequence<BlobPart> blobParts, optional BlobPropertyBag options = {})`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let proto = prototype_from_new_target(new_target, "Blob", context)?;
    let parts = match args.first() {
        Some(v) if !v.is_undefined() => blob_parts(v, "Blob", context)?,
        _ => Vec::new(),
    };
    let fail = |m: &str| construct_error("Blob", m);
    let options = dictionary(args.get(1), fail, "BlobPropertyBag")?;
    let options = blob_property_bag(options.as_ref(), "Blob", context)?;
    // 1. If invoked with zero parameters, return a new Blob object consisting of 0 bytes, with
    //    size set to 0, and with type set to the empty string. (The steps below give that.)
    // 2. Let bytes be the result of processing blob parts given blobParts and options.
    let bytes = process_blob_parts(parts, options.endings);
    // 3. If the type member of the options argument is not the empty string, run the following
    //    sub-steps: 1. Let t be the type dictionary member. If t contains any characters
    //    outside the range U+0020 to U+007E, then set t to the empty string and return from
    //    these substeps. 2. Convert every character in t to ASCII lowercase.
    let type_ = normalize_type(&options.type_);
    // 4. Return a Blob object referring to bytes as its associated byte sequence, with its size
    //    set to the length of bytes, and its type set to the value of t from the substeps above.
    Ok(JsObject::from_proto_and_data(
        proto,
        BlobData {
            bytes,
            type_,
            file: None,
        },
    )
    .into())
}

/// WebIDL `[Clamp] long long`: NaN is 0; otherwise clamped to the range and rounded to the
/// nearest integer, ties to even.
fn clamp_long_long(value: &JsValue, context: &mut Context) -> JsResult<i64> {
    let x = value.to_number(context)?;
    if x.is_nan() {
        return Ok(0);
    }
    // 2^63 is not representable as i64; the clamp keeps the values exactly representable.
    const MAX: f64 = 9_223_372_036_854_775_807.0;
    let x = x.clamp(-MAX, MAX).round_ties_even();
    #[allow(clippy::cast_possible_truncation)]
    Ok(x as i64)
}

/// `Blob slice(optional [Clamp] long long start, optional [Clamp] long long end, optional
/// DOMString contentType)`.
fn slice(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (bytes, _) = this_blob(this, context, |d| (d.bytes.clone(), ()))?;
    let start = match args.first() {
        Some(v) if !v.is_undefined() => Some(clamp_long_long(v, context)?),
        _ => None,
    };
    let end = match args.get(1) {
        Some(v) if !v.is_undefined() => Some(clamp_long_long(v, context)?),
        _ => None,
    };
    let content_type = match args.get(2) {
        Some(v) if !v.is_undefined() => Some(v.to_string(context)?.to_std_string_lossy()),
        _ => None,
    };
    // 1. Let sliceStart, sliceEnd, and sliceContentType be null. 2–4. (The arguments.)
    // 5. Return the result of slice blob given this, sliceStart, sliceEnd, and
    //    sliceContentType.
    let (bytes, type_) = slice_blob(&bytes, start, end, content_type.as_deref());
    Ok(new_blob(context, bytes, type_, None)?.into())
}

/// "Slice blob" (File API §3.3.1) on a byte sequence: the new bytes and type.
#[must_use]
pub fn slice_blob(
    bytes: &BlobBytes,
    start: Option<i64>,
    end: Option<i64>,
    content_type: Option<&str>,
) -> (BlobBytes, String) {
    // 1. Let originalSize be blob's size.
    let original_size = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
    // 2. The start parameter, if non-null, is a value for the start point of a slice blob call,
    //    and must be treated as a byte-order position, with the zeroth position representing
    //    the first byte. Let relativeStart be: 0 if start is null; max(originalSize + start, 0)
    //    if start is negative; min(start, originalSize) otherwise.
    let relative = |position: i64| {
        if position < 0 {
            original_size.saturating_add(position).max(0)
        } else {
            position.min(original_size)
        }
    };
    let relative_start = start.map_or(0, relative);
    // 3. Likewise relativeEnd: originalSize if end is null; max(originalSize + end, 0) if end is
    //    negative; min(end, originalSize) otherwise.
    let relative_end = end.map_or(original_size, relative);
    // 4. The contentType parameter, if non-null, sets the type of the new Blob: let
    //    relativeContentType be the empty string if contentType is null; otherwise the empty
    //    string if it has a character outside U+0020–U+007E, else contentType in ASCII
    //    lowercase.
    let type_ = content_type.map(normalize_type).unwrap_or_default();
    // 5. Let span be max((relativeEnd - relativeStart), 0).
    let span = (relative_end - relative_start).max(0);
    // 6. Return a new Blob object S with the following characteristics: S refers to span
    //    consecutive bytes from blob's associated byte sequence, beginning with the byte at
    //    byte-order position relativeStart; S.size = span; S.type = relativeContentType.
    let start = usize::try_from(relative_start).unwrap_or(0);
    let span = usize::try_from(span).unwrap_or(0);
    (bytes.range(start, start + span), type_)
}

/// How a read method turns the bytes into its result.
#[derive(Clone, Copy)]
enum ReadAs {
    Text,
    ArrayBuffer,
    Bytes,
}

/// `text()`, `arrayBuffer()`, `bytes()`: 1. Let stream be the result of calling get stream on
/// this. 2. Let reader be the result of getting a reader from stream. 3. Let promise be the
/// result of reading all bytes from stream with reader. 4. Return the result of transforming
/// promise by a fulfillment handler that returns its first argument UTF-8 decoded / as a new
/// ArrayBuffer / as a new Uint8Array.
///
/// Without a stream (see the module's deviations): one task on the file reading task source
/// settles the promise with the whole byte sequence, transformed.
fn read(this: &JsValue, how: ReadAs, context: &mut Context) -> JsResult<JsValue> {
    // A promise-returning operation reports its exceptions (here: the brand check) as a
    // rejected promise (WebIDL §3.7.5 "create an operation function", step 4).
    let bytes = match this_blob(this, context, |d| d.bytes.clone()) {
        Ok(bytes) => bytes,
        Err(error) => {
            let reason = crate::engine::errors::exception_to_value(error, context)?;
            return Ok(
                JsPromise::reject(boa_engine::JsError::from_opaque(reason), context)?.into(),
            );
        }
    };
    let (promise, resolvers) = JsPromise::new_pending(context);
    let host = Host::from_context(context)?;
    let kind = match how {
        ReadAs::Text => "Blob.text",
        ReadAs::ArrayBuffer => "Blob.arrayBuffer",
        ReadAs::Bytes => "Blob.bytes",
    };
    let posted = host.trace_post(context, kind, None);
    host.queue_task_posted(
        HostSource::FileReading,
        context.realm().clone(),
        Box::new(move |context| {
            let value: JsResult<JsValue> = match how {
                // UTF-8 decode: a leading BOM is removed, errors become U+FFFD.
                ReadAs::Text => {
                    let slice = bytes.as_slice();
                    let slice = slice.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(slice);
                    Ok(JsString::from(String::from_utf8_lossy(slice).as_ref()).into())
                }
                ReadAs::ArrayBuffer => array_buffer_of(bytes.as_slice(), context).map(Into::into),
                ReadAs::Bytes => array_buffer_of(bytes.as_slice(), context)
                    .and_then(|buffer| JsUint8Array::from_array_buffer(buffer, context))
                    .map(Into::into),
            };
            // (Settling the promise records timing info for promise resolver; Chromium gives a
            // Blob's promise no invoker name: "Promise.resolve".)
            if let Ok(host) = Host::from_context(context) {
                crate::web::performance::long_animation_frames::promise_resolver(
                    &host,
                    "",
                    value.is_ok(),
                    context,
                );
            }
            match value {
                Ok(value) => resolvers
                    .resolve
                    .call(&JsValue::undefined(), &[value], context)?,
                Err(error) => {
                    let reason = crate::engine::errors::exception_to_value(error, context)?;
                    resolvers
                        .reject
                        .call(&JsValue::undefined(), &[reason], context)?
                }
            };
            Ok(())
        }),
        posted,
    );
    Ok(promise.into())
}

/// A new ArrayBuffer holding a copy of `bytes`.
pub fn array_buffer_of(bytes: &[u8], context: &mut Context) -> JsResult<JsArrayBuffer> {
    let buffer = JsArrayBuffer::new(bytes.len(), context)?;
    if let Some(mut data) = buffer.data_mut() {
        data.copy_from_slice(bytes);
    }
    Ok(buffer)
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "Blob",
            parent: None,
            length: 0,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            // The size getter steps are to return this's size (its byte sequence's length).
            m.attribute(
                "size",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    #[allow(clippy::cast_precision_loss)]
                    this_blob(this, context, |d| JsValue::from(d.bytes.len() as f64))
                }),
                None,
            )
            // The type getter steps are to return this's type.
            .attribute(
                "type",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    this_blob(this, context, |d| JsString::from(d.type_.as_str()).into())
                }),
                None,
            )
            .operation("slice", 0, NativeFunction::from_fn_ptr(slice))
            .operation(
                "text",
                0,
                NativeFunction::from_fn_ptr(|this, _, context| read(this, ReadAs::Text, context)),
            )
            .operation(
                "arrayBuffer",
                0,
                NativeFunction::from_fn_ptr(|this, _, context| {
                    read(this, ReadAs::ArrayBuffer, context)
                }),
            )
            .operation(
                "bytes",
                0,
                NativeFunction::from_fn_ptr(|this, _, context| read(this, ReadAs::Bytes, context)),
            );
        },
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slicing_shares_the_bytes_and_clamps() {
        let bytes = BlobBytes::new(b"hello world".to_vec());
        let (s, t) = slice_blob(&bytes, Some(-5), None, Some("Text/Plain"));
        assert_eq!(s.as_slice(), b"world");
        assert_eq!(t, "text/plain");
        assert!(s.shares_storage_with(&bytes));
        let (s2, _) = slice_blob(&s, Some(1), Some(-1), None);
        assert_eq!(s2.as_slice(), b"orl");
        let (empty, _) = slice_blob(&bytes, Some(8), Some(2), None);
        assert!(empty.is_empty());
        let (all, _) = slice_blob(&bytes, Some(-100), Some(100), Some("é"));
        assert_eq!(all.as_slice(), b"hello world");
        let (none, t) = slice_blob(&bytes, Some(i64::MIN), Some(i64::MIN), Some("a\u{7f}"));
        assert!(none.is_empty());
        assert_eq!(t, "");
    }

    #[test]
    fn line_endings_become_native() {
        let native = if cfg!(windows) { "\r\n" } else { "\n" };
        assert_eq!(
            convert_line_endings_to_native("a\r\nb\rc\nd\n\r"),
            format!("a{native}b{native}c{native}d{native}{native}")
        );
    }

    #[test]
    fn types_are_ascii_printable_and_lowercased() {
        assert_eq!(
            normalize_type("TEXT/Plain;Charset=UTF-8"),
            "text/plain;charset=utf-8"
        );
        assert_eq!(normalize_type("a\u{0}b"), "");
        assert_eq!(normalize_type("ü"), "");
    }

    #[test]
    fn records_are_send() {
        fn assert_send<T: Send>() {}
        assert_send::<SerializedBlob>();
    }
}
