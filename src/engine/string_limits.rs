//! A maximum string length for the builtins that make long strings from small inputs.
//!
//! Boa has no practical string length limit: `"x".repeat(2 ** 30)` asks the allocator for tens
//! of GiB (its `repeat` keeps one 24-byte slice per repetition) and the process aborts, and
//! `"x".padEnd(2 ** 30)` takes a minute and 13 GiB. Browsers throw a RangeError ("Invalid string
//! length") past their limit. taskhost installs, over Boa's, `String.prototype.repeat`
//! (ECMA-262 §22.1.3.19) and `String.prototype.padStart`/`padEnd` (§22.1.3.16-17), which follow
//! the spec's steps and throw that RangeError where the spec would return a string longer than
//! [`MAX_STRING_LENGTH`]. Results are built flat, in one allocation of their final length (one
//! byte per code unit when every piece is ASCII, else UTF-16).
//!
//! Invariant: for results within the limit, the replacements return exactly what the spec's
//! steps do (same coercions, in the same order, same errors).

use std::borrow::Cow;

use boa_engine::string::{JsStr, JsStrVariant, Latin1JsStringBuilder, Utf16JsStringBuilder};
use boa_engine::value::IntegerOrInfinity;
use boa_engine::{Context, JsNativeError, JsResult, JsString, JsValue, NativeFunction};

use crate::engine::builtins::define_builtin_method;

/// V8's maximum string length (2^29 − 24 UTF-16 code units), the limit scripts meet in Chrome.
pub const MAX_STRING_LENGTH: u64 = (1 << 29) - 24;

fn invalid_length() -> boa_engine::JsError {
    JsNativeError::range()
        .with_message("Invalid string length")
        .into()
}

/// RequireObjectCoercible(this value), then ToString, as the String.prototype methods begin.
///
/// Deviation (message only): the TypeError names the method, as V8's does, instead of Boa's
/// "cannot convert null or undefined to Object".
fn this_string(this: &JsValue, method: &str, context: &mut Context) -> JsResult<JsString> {
    let o = this.require_object_coercible().map_err(|_| {
        JsNativeError::typ().with_message(format!(
            "String.prototype.{method} called on null or undefined"
        ))
    })?;
    o.to_string(context)
}

/// Pass `push` the first `len` code units of `unit` repeated without end, in pieces of whole
/// copies of `unit` (at least [`FILL_CHUNK`] code units when `len` is) and a last, truncated one.
fn fill_cycled<T: Copy>(unit: &[T], len: usize, mut push: impl FnMut(&[T])) {
    if unit.is_empty() || len == 0 {
        return;
    }
    let copies = (FILL_CHUNK / unit.len()).clamp(1, len.div_ceil(unit.len()));
    let chunk = unit.repeat(copies);
    let mut left = len;
    while left >= chunk.len() {
        push(&chunk);
        left -= chunk.len();
    }
    // `chunk` is whole copies of `unit`, so its prefix continues the cycle.
    push(&chunk[..left]);
}

/// Code units copied at once by [`fill_cycled`] (a short filler is not copied unit by unit).
const FILL_CHUNK: usize = 4096;

/// The string `head` + `filler` repeated and truncated to `fill_len` code units + `tail`, built
/// in one allocation. The caller has checked that the total length is within the limit.
fn concat_filled(head: JsStr<'_>, filler: JsStr<'_>, fill_len: usize, tail: JsStr<'_>) -> JsString {
    let total = head.len() + fill_len + tail.len();
    // All ASCII: one byte per code unit.
    fn ascii(s: JsStr<'_>) -> Option<&[u8]> {
        match s.variant() {
            JsStrVariant::Latin1(bytes) if bytes.is_ascii() => Some(bytes),
            _ => None,
        }
    }
    if let (Some(head), Some(unit), Some(tail)) = (ascii(head), ascii(filler), ascii(tail)) {
        let mut out = Latin1JsStringBuilder::with_capacity(total);
        out.extend_from_slice(head);
        fill_cycled(unit, fill_len, |part| out.extend_from_slice(part));
        out.extend_from_slice(tail);
        // `build` only declines a non-ASCII builder, and every piece was ASCII.
        if let Some(string) = out.build() {
            return string;
        }
    }
    let unit: Cow<'_, [u16]> = match filler.variant() {
        JsStrVariant::Utf16(units) => Cow::Borrowed(units),
        JsStrVariant::Latin1(_) => Cow::Owned(filler.to_vec()),
    };
    let mut out = Utf16JsStringBuilder::with_capacity(total);
    out.extend(head.iter());
    fill_cycled(&unit, fill_len, |part| out.extend_from_slice(part));
    out.extend(tail.iter());
    out.build()
}

/// `String.prototype.repeat(count)` (ECMA-262 §22.1.3.19).
fn repeat(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    // 1. Let O be ? RequireObjectCoercible(this value).
    // 2. Let S be ? ToString(O).
    let s = this_string(this, "repeat", context)?;
    // 3. Let n be ? ToIntegerOrInfinity(count).
    let n = args
        .first()
        .cloned()
        .unwrap_or_default()
        .to_integer_or_infinity(context)?;
    // 4. If n < 0 or n = +∞, throw a RangeError exception.
    let n = match n {
        IntegerOrInfinity::Integer(n) if n >= 0 => n.unsigned_abs(),
        _ => {
            return Err(JsNativeError::range()
                .with_message("repeat count must be a finite number that is not negative")
                .into());
        }
    };
    // 5. If n = 0, return the empty String.
    // (n copies of the empty String are the empty String, whatever n is.)
    if n == 0 || s.is_empty() {
        return Ok(JsString::default().into());
    }
    // 6. Return the String value that is made from n copies of S appended together.
    // Deviation: a RangeError when that String would be longer than the maximum length.
    let total = (s.len() as u64).saturating_mul(n);
    if total > MAX_STRING_LENGTH {
        return Err(invalid_length());
    }
    let empty = JsStr::latin1(&[]);
    Ok(concat_filled(empty, s.as_str(), total as usize, empty).into())
}

/// Where `StringPad` puts the filler.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Placement {
    Start,
    End,
}

/// `String.prototype.padStart`/`padEnd(maxLength [, fillString])` (ECMA-262 §22.1.3.16-17):
/// 1. Let O be ? RequireObjectCoercible(this value).
/// 2. Return ? StringPaddingBuiltinsImpl(O, maxLength, fillString, start/end).
fn pad(
    this: &JsValue,
    args: &[JsValue],
    placement: Placement,
    context: &mut Context,
) -> JsResult<JsValue> {
    let method = match placement {
        Placement::Start => "padStart",
        Placement::End => "padEnd",
    };
    let max_length = args.first().cloned().unwrap_or_default();
    let fill_string = args.get(1).cloned().unwrap_or_default();
    // StringPaddingBuiltinsImpl(O, maxLength, fillString, placement) (§22.1.3.17.1):
    // (Step 1 of padStart/padEnd, RequireObjectCoercible, is checked together with step 1.)
    // 1. Let S be ? ToString(O).
    let s = this_string(this, method, context)?;
    // 2. Let intMaxLength be ℝ(? ToLength(maxLength)).
    let int_max_length = max_length.to_length(context)?;
    // 3. Let stringLength be the length of S.
    let string_length = s.len() as u64;
    // 4. If intMaxLength ≤ stringLength, return S.
    if int_max_length <= string_length {
        return Ok(s.into());
    }
    // 5. If fillString is undefined, set fillString to the String value consisting solely of the
    //    code unit 0x0020 (SPACE).
    // 6. Else, set fillString to ? ToString(fillString).
    let fill_string = if fill_string.is_undefined() {
        JsString::from(" ")
    } else {
        fill_string.to_string(context)?
    };
    // 7. Return StringPad(S, intMaxLength, fillString, placement).
    // StringPad(S, maxLength, fillString, placement) (§22.1.3.17.2):
    // 1. Let stringLength be the length of S.
    // 2. If maxLength ≤ stringLength, return S. (Step 4 above.)
    // 3. If fillString is the empty String, return S.
    if fill_string.is_empty() {
        return Ok(s.into());
    }
    // Deviation: the result is maxLength long; past the maximum length it is a RangeError.
    if int_max_length > MAX_STRING_LENGTH {
        return Err(invalid_length());
    }
    // 4. Let fillLen be maxLength - stringLength.
    let fill_len = (int_max_length - string_length) as usize;
    // 5. Let truncatedStringFiller be the String value consisting of repeated concatenations of
    //    fillString truncated to length fillLen.
    let empty = JsStr::latin1(&[]);
    let result = match placement {
        // 6. If placement is start, return the string-concatenation of truncatedStringFiller
        //    and S.
        Placement::Start => concat_filled(empty, fill_string.as_str(), fill_len, s.as_str()),
        // 7. Else, return the string-concatenation of S and truncatedStringFiller.
        Placement::End => concat_filled(s.as_str(), fill_string.as_str(), fill_len, empty),
    };
    Ok(result.into())
}

/// Install the replacements in the context's realm.
pub fn install(context: &mut Context) -> JsResult<()> {
    let prototype = context.intrinsics().constructors().string().prototype();
    define_builtin_method(
        &prototype,
        "repeat",
        1,
        NativeFunction::from_fn_ptr(repeat),
        context,
    )?;
    define_builtin_method(
        &prototype,
        "padStart",
        1,
        NativeFunction::from_fn_ptr(|this, args, context| {
            pad(this, args, Placement::Start, context)
        }),
        context,
    )?;
    define_builtin_method(
        &prototype,
        "padEnd",
        1,
        NativeFunction::from_fn_ptr(|this, args, context| pad(this, args, Placement::End, context)),
        context,
    )
}
