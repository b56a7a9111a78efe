//! The base64 utility methods of `WindowOrWorkerGlobalScope` (HTML §8.3): `btoa()` and `atob()`,
//! on Infra's forgiving-base64 encode and decode (Infra §4.6).
//!
//! Invariant: both work on byte strings — a DOMString whose code units are all ≤ U+00FF stands for
//! the bytes of those values (isomorphic encode/decode); `btoa` refuses any other code unit, `atob`
//! any input that is not forgiving base64, each with an "InvalidCharacterError" DOMException.

use boa_engine::{Context, JsResult, JsString, JsValue, NativeFunction};

use crate::engine::webidl::type_error;
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::interface::arguments_required;
use crate::web::html::global_scope::this_is_global;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Infra's forgiving-base64 encode: the standard base64 alphabet with `=` padding (RFC 4648 §4).
#[must_use]
pub fn forgiving_base64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 0x3f) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn sextet(unit: u16) -> Option<u32> {
    let c = u8::try_from(unit).ok()?;
    ALPHABET.iter().position(|&a| a == c).map(|p| p as u32)
}

/// Infra's forgiving-base64 decode of `data` (UTF-16 code units); `None` is failure.
#[must_use]
pub fn forgiving_base64_decode(data: &[u16]) -> Option<Vec<u8>> {
    // 1. Remove all ASCII whitespace from data.
    let mut data: Vec<u16> = data
        .iter()
        .copied()
        .filter(|&c| !matches!(c, 0x09 | 0x0A | 0x0C | 0x0D | 0x20))
        .collect();
    // 2. If data's code point length divides by 4 leaving no remainder, then: if data ends with
    //    one or two U+003D (=) code points, then remove them from data.
    if data.len().is_multiple_of(4) {
        for _ in 0..2 {
            if data.last() == Some(&u16::from(b'=')) {
                data.pop();
            }
        }
    }
    // 3. If data's code point length divides by 4 leaving a remainder of 1, return failure.
    if data.len() % 4 == 1 {
        return None;
    }
    // 4. If data contains a code point that is not one of U+002B (+), U+002F (/), ASCII
    //    alphanumeric, return failure. (Checked while mapping each code point to its six bits.)
    // 5–6. Let output be an empty byte sequence; let buffer be an empty buffer of bits.
    let mut output = Vec::with_capacity(data.len() / 4 * 3 + 2);
    let mut buffer: u32 = 0;
    let mut bits = 0;
    // 7–8. For each code point: append its six bits (Table 1 of RFC 4648) to buffer; when the
    //      buffer has 24 bits, append them as three bytes and empty it.
    for &unit in &data {
        buffer = (buffer << 6) | sextet(unit)?;
        bits += 6;
        if bits == 24 {
            output.extend_from_slice(&[(buffer >> 16) as u8, (buffer >> 8) as u8, buffer as u8]);
            buffer = 0;
            bits = 0;
        }
    }
    // 9. If buffer is not empty, it holds 12 bits (discard the last four, append one byte) or
    //    18 bits (discard the last two, append two bytes).
    match bits {
        12 => output.push((buffer >> 4) as u8),
        18 => output.extend_from_slice(&[(buffer >> 10) as u8, (buffer >> 2) as u8]),
        _ => {}
    }
    // 10. Return output.
    Some(output)
}

fn argument(
    args: &[JsValue],
    global: &str,
    operation: &str,
    context: &mut Context,
) -> JsResult<JsString> {
    match args.first() {
        Some(value) => value.to_string(context),
        None => Err(type_error(global, operation, &arguments_required(1, 0))),
    }
}

/// `DOMString btoa(DOMString data)`.
fn btoa(
    this: &JsValue,
    args: &[JsValue],
    global: &&'static str,
    context: &mut Context,
) -> JsResult<JsValue> {
    this_is_global(this, context)?;
    let data = argument(args, global, "btoa", context)?;
    // 1. If data contains any code point greater than U+00FF, then throw an
    //    "InvalidCharacterError" DOMException.
    // 2. Let byteSequence be the isomorphic encode of data.
    let mut bytes = Vec::with_capacity(data.len());
    for unit in data.iter() {
        let Ok(byte) = u8::try_from(unit) else {
            return Err(dom_exception_error(
                context,
                &format!(
                    "Failed to execute 'btoa' on '{global}': The string to be encoded contains \
                     characters outside of the Latin1 range."
                ),
                "InvalidCharacterError",
            ));
        };
        bytes.push(byte);
    }
    // 3. Return the forgiving-base64 encode of byteSequence.
    Ok(JsString::from(forgiving_base64_encode(&bytes).as_str()).into())
}

/// `ByteString atob(DOMString data)`.
fn atob(
    this: &JsValue,
    args: &[JsValue],
    global: &&'static str,
    context: &mut Context,
) -> JsResult<JsValue> {
    this_is_global(this, context)?;
    let data = argument(args, global, "atob", context)?;
    let units: Vec<u16> = data.iter().collect();
    // 1. Let decodedData be the result of running forgiving-base64 decode on data.
    // 2. If decodedData is failure, then throw an "InvalidCharacterError" DOMException.
    let Some(decoded) = forgiving_base64_decode(&units) else {
        return Err(dom_exception_error(
            context,
            &format!(
                "Failed to execute 'atob' on '{global}': The string to be decoded is not \
                 correctly encoded."
            ),
            "InvalidCharacterError",
        ));
    };
    // 3. Return decodedData (a ByteString: each byte is the code unit of its value).
    let units: Vec<u16> = decoded.into_iter().map(u16::from).collect();
    Ok(JsString::from(units.as_slice()).into())
}

/// Define `btoa` and `atob` on the global; `global` names the global's interface in messages.
pub fn register(context: &mut Context, global: &'static str) -> JsResult<()> {
    let target = context.global_object();
    crate::web::util::define_operation(
        &target,
        "btoa",
        1,
        NativeFunction::from_copy_closure_with_captures(btoa, global),
        context,
    )?;
    crate::web::util::define_operation(
        &target,
        "atob",
        1,
        NativeFunction::from_copy_closure_with_captures(atob, global),
        context,
    )
}

#[cfg(test)]
mod tests {
    use super::{forgiving_base64_decode, forgiving_base64_encode};

    fn decode(s: &str) -> Option<Vec<u8>> {
        forgiving_base64_decode(&s.encode_utf16().collect::<Vec<_>>())
    }

    #[test]
    fn encode_pads_to_a_multiple_of_four() {
        assert_eq!(forgiving_base64_encode(b""), "");
        assert_eq!(forgiving_base64_encode(b"f"), "Zg==");
        assert_eq!(forgiving_base64_encode(b"fo"), "Zm8=");
        assert_eq!(forgiving_base64_encode(b"foo"), "Zm9v");
        assert_eq!(forgiving_base64_encode(&[0xff, 0xfe]), "//4=");
    }

    #[test]
    fn decode_is_forgiving_about_whitespace_and_padding() {
        assert_eq!(decode("Zm9v").as_deref(), Some(&b"foo"[..]));
        assert_eq!(decode(" Z m\t8\n= ").as_deref(), Some(&b"fo"[..]));
        assert_eq!(decode("Zm8").as_deref(), Some(&b"fo"[..]));
        assert_eq!(decode("Zg").as_deref(), Some(&b"f"[..]));
        assert_eq!(decode("").as_deref(), Some(&b""[..]));
        // Leftover bits are discarded, not checked.
        assert_eq!(decode("Zh==").as_deref(), Some(&b"f"[..]));
    }

    #[test]
    fn decode_fails_where_infra_says_so() {
        assert_eq!(decode("Z"), None); // remainder 1
        assert_eq!(decode("Zg="), None); // padding kept when not a multiple of four
        assert_eq!(decode("Zg==="), None);
        assert_eq!(decode("Zm9v\u{a0}"), None); // not ASCII whitespace
        assert_eq!(decode("Zm-_"), None); // URL-safe alphabet is not base64
        assert_eq!(decode("Z=g="), None);
    }
}
