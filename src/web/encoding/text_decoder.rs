//! The `TextDecoder` interface (Encoding §8.1) with `TextDecoderCommon`: decoding bytes in UTF-8,
//! UTF-16LE or UTF-16BE, in replacement or fatal error mode, with `ignoreBOM` and `stream`.
//!
//! Invariant: between calls the object keeps the decoder's state only while the previous
//! `decode` had `stream: true` ("do not flush"); any other call starts from a new decoder.

use boa_engine::js_string;
use std::cell::RefCell;

use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::engine::webidl::type_error;
use crate::web::dom::interface::{
    InterfaceSpec, bool_member, construct_error, define_interface, dictionary, illegal_invocation,
    prototype_from_new_target, this_object,
};
use crate::web::encoding::decoders::{Decoder, Encoding};
use crate::web::util::buffer_source_bytes;

/// A TextDecoder's state (`TextDecoderCommon`'s associated values).
struct State {
    decoder: Decoder,
    /// "Do not flush": the last `decode` was streaming.
    do_not_flush: bool,
    /// "BOM seen": the first scalar value of this decoding has been serialized.
    bom_seen: bool,
}

#[derive(boa_gc::Trace, boa_gc::Finalize, boa_engine::JsData)]
struct TextDecoderData {
    #[unsafe_ignore_trace]
    encoding: Encoding,
    /// The error mode is "fatal" (otherwise "replacement").
    fatal: bool,
    ignore_bom: bool,
    #[unsafe_ignore_trace]
    state: RefCell<State>,
}

/// `constructor(optional DOMString label = "utf-8", optional TextDecoderOptions options = {})`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let proto = prototype_from_new_target(new_target, "TextDecoder", context)?;
    let label = match args.first() {
        Some(v) if !v.is_undefined() => v.to_string(context)?.to_std_string_escaped(),
        _ => "utf-8".to_owned(),
    };
    let options = dictionary(
        args.get(1),
        |m| construct_error("TextDecoder", m),
        "TextDecoderOptions",
    )?;
    // Dictionary members are read in lexicographic order: fatal, ignoreBOM.
    let fatal = bool_member(options.as_ref(), js_string!("fatal"), false, context)?;
    let ignore_bom = bool_member(options.as_ref(), js_string!("ignoreBOM"), false, context)?;
    // 1. Let encoding be the result of getting an encoding from label.
    // 2. If encoding is failure or replacement, then throw a RangeError.
    let Some(encoding) = Encoding::for_label(&label) else {
        return Err(JsNativeError::range()
            .with_message(format!(
                "Failed to construct 'TextDecoder': The encoding label provided ('{label}') is \
                 invalid or not supported (taskhost decodes utf-8, utf-16le and utf-16be)."
            ))
            .into());
    };
    // 3. Set this's encoding to encoding. 4. If options["fatal"] is true, then set this's error
    // mode to "fatal". 5. Set this's ignore BOM to options["ignoreBOM"].
    let data = TextDecoderData {
        encoding,
        fatal,
        ignore_bom,
        state: RefCell::new(State {
            decoder: Decoder::new(encoding),
            do_not_flush: false,
            bom_seen: false,
        }),
    };
    Ok(JsObject::from_proto_and_data(proto, data).into())
}

fn decoder_object(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let object = this_object(this, context)?;
    if object.downcast_ref::<TextDecoderData>().is_none() {
        return Err(illegal_invocation());
    }
    Ok(object)
}

/// `USVString decode(optional AllowSharedBufferSource input, optional TextDecodeOptions options
/// = {})`.
fn decode(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = decoder_object(this, context)?;
    let fail = |message: &str| type_error("TextDecoder", "decode", message);
    let input = match args.first() {
        Some(v) if !v.is_undefined() => {
            Some(buffer_source_bytes(v, context)?.ok_or_else(|| {
                fail("The provided value is not of type '(ArrayBuffer or ArrayBufferView)'.")
            })?)
        }
        _ => None,
    };
    let options = dictionary(args.get(1), fail, "TextDecodeOptions")?;
    let stream = bool_member(options.as_ref(), js_string!("stream"), false, context)?;
    let Some(data) = object.downcast_ref::<TextDecoderData>() else {
        return Err(illegal_invocation());
    };
    let mut state = data.state.borrow_mut();
    // 1. If this's do not flush is false, then set this's decoder to a new instance of this's
    //    encoding's decoder, this's I/O queue to « end-of-queue », and this's BOM seen to false.
    if !state.do_not_flush {
        state.decoder = Decoder::new(data.encoding);
        state.bom_seen = false;
    }
    // 2. Set this's do not flush to options["stream"].
    state.do_not_flush = stream;
    // 3. If input is given, then push a copy of input to this's I/O queue.
    // 4–5. Process each item with this's decoder and error mode until the queue is empty (when
    //      streaming) or finished; an error in fatal mode throws a TypeError.
    let mut output = String::new();
    let result = state.decoder.decode(
        input.as_deref().unwrap_or_default(),
        stream,
        data.fatal,
        &mut output,
    );
    if result.is_err() {
        // The failed decoding leaves nothing to continue: the next call starts afresh.
        state.do_not_flush = false;
        return Err(fail("The encoded data was not valid."));
    }
    // Serialize I/O queue: unless ignore BOM or BOM seen, the first scalar value sets BOM seen,
    // and is dropped if it is U+FEFF.
    let mut text = output.as_str();
    if !data.ignore_bom && !state.bom_seen && !text.is_empty() {
        state.bom_seen = true;
        text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    }
    Ok(JsString::from(text).into())
}

fn getter(read: fn(&TextDecoderData) -> JsValue) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        let object = decoder_object(this, context)?;
        let data = object
            .downcast_ref::<TextDecoderData>()
            .ok_or_else(illegal_invocation)?;
        Ok(read(&data))
    })
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "TextDecoder",
            parent: None,
            length: 0,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            // TextDecoderCommon: `encoding` (the encoding's name, lowercased), `fatal` (error
            // mode is "fatal"), `ignoreBOM`.
            m.attribute(
                "encoding",
                getter(|d| JsString::from(d.encoding.name()).into()),
                None,
            )
            .attribute("fatal", getter(|d| d.fatal.into()), None)
            .attribute("ignoreBOM", getter(|d| d.ignore_bom.into()), None)
            .operation("decode", 0, NativeFunction::from_fn_ptr(decode));
        },
    )?;
    Ok(())
}
