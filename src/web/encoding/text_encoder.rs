//! The `TextEncoder` interface (Encoding §8.2): UTF-8 encoding of USVStrings, into a new
//! `Uint8Array` (`encode`) or into an existing one (`encodeInto`).
//!
//! Invariant: input strings are converted to USVStrings first (each lone surrogate becomes
//! U+FFFD), so the output is always well-formed UTF-8.

use boa_engine::object::ObjectInitializer;
use boa_engine::object::builtins::{JsArrayBuffer, JsTypedArray, JsUint8Array};
use boa_engine::property::Attribute;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};

use crate::engine::webidl::type_error;
use crate::web::dom::interface::{
    InterfaceSpec, arguments_required, define_interface, illegal_invocation,
    prototype_from_new_target, this_object,
};
use crate::web::util::to_usv_string;

/// The native data of a TextEncoder (it has no state: its encoding is always UTF-8).
#[derive(boa_gc::Trace, boa_gc::Finalize, boa_engine::JsData)]
struct TextEncoderData;

fn check(this: &JsValue, context: &Context) -> JsResult<()> {
    if this_object(this, context)?
        .downcast_ref::<TextEncoderData>()
        .is_none()
    {
        return Err(illegal_invocation());
    }
    Ok(())
}

/// `constructor()`: a TextEncoder has nothing to set up.
fn constructor(new_target: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let proto = prototype_from_new_target(new_target, "TextEncoder", context)?;
    Ok(JsObject::from_proto_and_data(proto, TextEncoderData).into())
}

/// `[NewObject] Uint8Array encode(optional USVString input = "")`.
fn encode(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    check(this, context)?;
    let input = match args.first() {
        Some(v) if !v.is_undefined() => to_usv_string(v, context)?,
        _ => String::new(),
    };
    // 1. Convert input to an I/O queue of scalar values. 2. Let output be the I/O queue of
    // bytes « end-of-queue ». 3. Process each item with a UTF-8 encoder (a scalar value's UTF-8
    // bytes; it never errors). 4. Return the result of creating a Uint8Array object in this's
    // relevant realm given output.
    let array = JsUint8Array::from_iter(input.into_bytes(), context)?;
    Ok(array.into())
}

/// `TextEncoderEncodeIntoResult encodeInto(USVString source, [AllowShared] Uint8Array
/// destination)`.
fn encode_into(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    check(this, context)?;
    let fail = |message: &str| type_error("TextEncoder", "encodeInto", message);
    if args.len() < 2 {
        return Err(fail(&arguments_required(2, args.len())));
    }
    let source = to_usv_string(&args[0], context)?;
    let destination = args[1]
        .as_object()
        .and_then(|o| JsTypedArray::from_object(o).ok());
    let destination = match destination {
        Some(d)
            if d.to_string_tag(context)?
                .to_string(context)?
                .to_std_string_escaped()
                == "Uint8Array" =>
        {
            d
        }
        _ => return Err(fail("parameter 2 is not of type 'Uint8Array'.")),
    };
    let capacity = destination.byte_length(context)?;
    // 1. Let read be 0. 2. Let written be 0.
    let (mut read, mut written) = (0usize, 0usize);
    // 3–5. For each scalar value of source: its UTF-8 bytes fit in what is left of destination
    //      → read += 2 if it is above U+FFFF, else 1; write them at written; written += their
    //      number. Otherwise stop.
    let mut buf = [0u8; 4];
    for c in source.chars() {
        let bytes = c.encode_utf8(&mut buf).len();
        if capacity - written < bytes {
            break;
        }
        read += c.len_utf16();
        written += bytes;
    }
    let bytes = &source.as_bytes()[..written];
    write_into(&destination, bytes, context)?;
    // 6. Return «[ "read" → read, "written" → written ]».
    let result = ObjectInitializer::new(context)
        .property(js_string!("read"), read, Attribute::all())
        .property(js_string!("written"), written, Attribute::all())
        .build();
    Ok(result.into())
}

/// Write `bytes` at the start of the Uint8Array `destination` (which has room for them).
fn write_into(destination: &JsTypedArray, bytes: &[u8], context: &mut Context) -> JsResult<()> {
    if bytes.is_empty() {
        return Ok(());
    }
    let offset = destination.byte_offset(context)?;
    let buffer = destination
        .buffer(context)?
        .as_object()
        .and_then(|b| JsArrayBuffer::from_object(b).ok());
    if let Some(mut data) = buffer.as_ref().and_then(JsArrayBuffer::data_mut)
        && let Some(target) = data.get_mut(offset..offset + bytes.len())
    {
        target.copy_from_slice(bytes);
        return Ok(());
    }
    // A SharedArrayBuffer's bytes: element by element through the view.
    for (i, byte) in bytes.iter().enumerate() {
        destination.set(i, JsValue::from(*byte), true, context)?;
    }
    Ok(())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "TextEncoder",
            parent: None,
            length: 0,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            // `readonly attribute DOMString encoding`: "utf-8".
            m.attribute(
                "encoding",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    check(this, context)?;
                    Ok(JsString::from("utf-8").into())
                }),
                None,
            )
            .operation("encode", 0, NativeFunction::from_fn_ptr(encode))
            .operation("encodeInto", 2, NativeFunction::from_fn_ptr(encode_into));
        },
    )?;
    Ok(())
}
