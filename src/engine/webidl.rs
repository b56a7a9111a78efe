//! WebIDL conversions used by taskhost's interfaces (WebIDL §3.2).

use boa_engine::{Context, JsNativeError, JsResult, JsValue};

/// ConvertToInt for `long` (WebIDL §3.2.4.8, no [EnforceRange]/[Clamp]):
/// 1. Let x be ? ToNumber(V).
/// 2. If x is NaN, +0, −0, +∞, or −∞, then return +0.
/// 3. Set x to IntegerPart(x).
/// 4. Set x to x modulo 2^32.
/// 5. If x ≥ 2^31, then return x − 2^32. Otherwise return x.
pub fn to_long(value: &JsValue, context: &mut Context) -> JsResult<i32> {
    let x = value.to_number(context)?;
    Ok(long_from_number(x))
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
    use super::long_from_number;

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
