//! WebIDL conversions used by taskhost's interfaces (WebIDL §3.2).

use boa_engine::{Context, JsNativeError, JsResult, JsValue};

/// ConvertToInt for `long` (WebIDL §3.2.4.8, no [EnforceRange]/[Clamp]):
/// 1. Let x be ? ToNumber(V).
/// 2. If x is NaN, +0, −0, +∞, or −∞, then return +0.
/// 3. Set x to IntegerPart(x).
/// 4. Set x to x modulo 2^32.
/// 5. If x ≥ 2^31, then return x − 2^32. Otherwise return x.
pub fn to_long(value: &JsValue, context: &mut Context) -> JsResult<i32> {
    if let Some(message) = not_convertible_to_number(value) {
        return Err(JsNativeError::typ().with_message(message).into());
    }
    let x = value.to_number(context)?;
    Ok(long_from_number(x))
}

/// ToNumber's TypeError for a BigInt or a Symbol, in the browsers' words (Boa's own message does
/// not say which conversion failed).
fn not_convertible_to_number(value: &JsValue) -> Option<String> {
    if value.is_bigint() {
        Some("Cannot convert a BigInt value to a number.".into())
    } else if value.is_symbol() {
        Some("Cannot convert a Symbol value to a number.".into())
    } else {
        None
    }
}

/// ConvertToInt for `unsigned short` (WebIDL §3.2.4.8, no [EnforceRange]/[Clamp]): ToNumber;
/// NaN, ±0 and infinities are 0; otherwise IntegerPart(x) modulo 2^16.
pub fn to_unsigned_short(value: &JsValue, context: &mut Context) -> JsResult<u16> {
    if let Some(message) = not_convertible_to_number(value) {
        return Err(JsNativeError::typ().with_message(message).into());
    }
    let x = value.to_number(context)?;
    if !x.is_finite() || x == 0.0 {
        return Ok(0);
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Ok(x.trunc().rem_euclid(65_536.0) as u16)
}

/// The numeric part of [`to_long`].
#[must_use]
pub fn long_from_number(x: f64) -> i32 {
    if !x.is_finite() || x == 0.0 {
        return 0;
    }
    let x = x.trunc().rem_euclid(4_294_967_296.0);
    if x >= 2_147_483_648.0 {
        (x - 4_294_967_296.0) as i32
    } else {
        x as i32
    }
}

/// ConvertToInt for `[EnforceRange] unsigned long long` (WebIDL §3.2.4.8):
/// 1. Let x be ? ToNumber(V).
/// 2. If x is NaN, +∞, or −∞, then throw a TypeError.
/// 3. Set x to IntegerPart(x).
/// 4. If x < 0 or x > 2^53 − 1, then throw a TypeError.
/// 5. Return x.
///
/// The outer result carries ToNumber's exception; the inner `Err` is the TypeError's message,
/// for the caller to word as its operation's error.
pub fn to_unsigned_long_long_enforce_range(
    value: &JsValue,
    context: &mut Context,
) -> JsResult<Result<u64, String>> {
    if let Some(message) = not_convertible_to_number(value) {
        return Ok(Err(message));
    }
    let x = value.to_number(context)?;
    Ok(enforce_range_u64(x))
}

/// The numeric part of [`to_unsigned_long_long_enforce_range`].
pub fn enforce_range_u64(x: f64) -> Result<u64, String> {
    const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
    if !x.is_finite() {
        return Err(
            "Value is not a finite number and cannot be converted to an 'unsigned long long'."
                .into(),
        );
    }
    let x = x.trunc();
    if !(0.0..=MAX_SAFE).contains(&x) {
        return Err("Value is outside the 'unsigned long long' value range.".into());
    }
    Ok(x as u64)
}

/// A TypeError in the browser's wording: "Failed to execute 'op' on 'Iface': message".
#[must_use]
pub fn type_error(interface: &str, operation: &str, message: &str) -> boa_engine::JsError {
    JsNativeError::typ()
        .with_message(format!(
            "Failed to execute '{operation}' on '{interface}': {message}"
        ))
        .into()
}

#[cfg(test)]
mod tests {
    use super::{enforce_range_u64, long_from_number};

    #[test]
    fn enforce_range_u64_follows_webidl() {
        assert!(enforce_range_u64(f64::NAN).is_err());
        assert!(enforce_range_u64(f64::INFINITY).is_err());
        assert!(enforce_range_u64(-1.0).is_err());
        assert!(enforce_range_u64(9_007_199_254_740_992.0).is_err());
        assert_eq!(enforce_range_u64(-0.5), Ok(0));
        assert_eq!(enforce_range_u64(12.9), Ok(12));
        assert_eq!(
            enforce_range_u64(9_007_199_254_740_991.0),
            Ok(9_007_199_254_740_991)
        );
    }

    #[test]
    fn long_conversion_follows_webidl() {
        assert_eq!(long_from_number(f64::NAN), 0);
        assert_eq!(long_from_number(f64::INFINITY), 0);
        assert_eq!(long_from_number(f64::NEG_INFINITY), 0);
        assert_eq!(long_from_number(-0.0), 0);
        assert_eq!(long_from_number(12.9), 12);
        assert_eq!(long_from_number(-12.9), -12);
        assert_eq!(long_from_number(4_294_967_296.0 + 5.0), 5);
        assert_eq!(long_from_number(2_147_483_648.0), -2_147_483_648);
        assert_eq!(long_from_number(-2_147_483_649.0), 2_147_483_647);
    }
}
