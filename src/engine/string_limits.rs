//! A maximum string length for the builtins that make long strings from small inputs.
//!
//! Boa has no string length limit: `"x".repeat(2 ** 30)` asks the allocator for tens of GiB
//! (its `repeat` keeps one 24-byte slice per repetition) and the process aborts, and
//! `"x".padEnd(2 ** 30)` takes a minute and 13 GiB. Browsers throw a RangeError ("Invalid string
//! length") past their limit. taskhost installs, over Boa's:
//! - `String.prototype.repeat`: ECMA-262 §22.1.3.19, with a RangeError for a result longer than
//!   [`MAX_STRING_LENGTH`], built directly as UTF-16 (2 bytes per code unit);
//! - `String.prototype.padStart`/`padEnd`: a RangeError when a primitive `maxLength` exceeds the
//!   limit, then Boa's own steps.
//!
//! Invariant: for results within the limit, the replacements return exactly what the spec's
//! steps do (same coercions, in the same order, same errors).

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction};

/// V8's maximum string length (2^29 − 24 UTF-16 code units), the limit scripts meet in Chrome.
pub const MAX_STRING_LENGTH: u64 = (1 << 29) - 24;

fn invalid_length() -> boa_engine::JsError {
    JsNativeError::range()
        .with_message("Invalid string length")
        .into()
}

/// RequireObjectCoercible(this) then ToString, as the String.prototype methods begin.
fn this_string(this: &JsValue, method: &str, context: &mut Context) -> JsResult<JsString> {
    if this.is_null_or_undefined() {
        return Err(JsNativeError::typ()
            .with_message(format!(
                "String.prototype.{method} called on null or undefined"
            ))
            .into());
    }
    this.to_string(context)
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
        .to_number(context)?;
    let n = if n.is_nan() { 0.0 } else { n.trunc() };
    // 4. If n < 0 or n = +∞, throw a RangeError exception.
    if n < 0.0 || n.is_infinite() {
        return Err(JsNativeError::range()
            .with_message("repeat count must be a finite number that is not negative")
            .into());
    }
    // 5. If n = 0, return the empty String.
    if n == 0.0 || s.is_empty() {
        return Ok(JsString::default().into());
    }
    // (The result must fit the maximum string length.)
    let total = (s.len() as f64) * n;
    if total > MAX_STRING_LENGTH as f64 {
        return Err(invalid_length());
    }
    // 6. Return the String value that is made from n copies of S appended together.
    let unit: Vec<u16> = s.iter().collect();
    let mut out = Vec::with_capacity(total as usize);
    for _ in 0..(n as u64) {
        out.extend_from_slice(&unit);
    }
    Ok(JsString::from(out.as_slice()).into())
}

/// Replace `String.prototype[name]` by a function that throws a RangeError when argument 0
/// (`maxLength`, after ToLength) exceeds the limit, and otherwise calls Boa's original.
fn guard_max_length(name: &str, context: &mut Context) -> JsResult<()> {
    let prototype = context.intrinsics().constructors().string().prototype();
    let key = JsString::from(name);
    let original = prototype.get(key.clone(), context)?;
    let Some(original) = original.as_object().filter(JsObject::is_callable) else {
        return Ok(());
    };
    let guarded = NativeFunction::from_copy_closure_with_captures(
        |this, args, original: &JsObject, context| {
            // StringPad step 1: Let intMaxLength be ℝ(? ToLength(maxLength)). Converting a
            // primitive has no side effects, so it is converted here as well as in Boa's steps;
            // an object (whose valueOf could observe a second call) goes to Boa unchecked.
            if let Some(value) = args.first()
                && !value.is_object()
                && value.to_number(context)? > MAX_STRING_LENGTH as f64
            {
                // The result is maxLength long (a longer S would already exceed the limit).
                return Err(invalid_length());
            }
            original.call(this, args, context)
        },
        original,
    );
    define_method(&prototype, name, 1, guarded, context)
}

fn define_method(
    target: &JsObject,
    name: &str,
    length: usize,
    body: NativeFunction,
    context: &mut Context,
) -> JsResult<()> {
    let function = FunctionObjectBuilder::new(context.realm(), body)
        .name(JsString::from(name))
        .length(length)
        .constructor(false)
        .build();
    target.define_property_or_throw(
        JsString::from(name),
        PropertyDescriptor::builder()
            .value(function)
            .writable(true)
            .enumerable(false)
            .configurable(true),
        context,
    )?;
    Ok(())
}

/// Install the replacements in the context's realm.
pub fn install(context: &mut Context) -> JsResult<()> {
    let prototype = context.intrinsics().constructors().string().prototype();
    define_method(
        &prototype,
        "repeat",
        1,
        NativeFunction::from_fn_ptr(repeat),
        context,
    )?;
    guard_max_length("padStart", context)?;
    guard_max_length("padEnd", context)
}
