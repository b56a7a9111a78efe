//! The `Crypto` interface (Web Cryptography API §10) and `WindowOrWorkerGlobalScope`'s
//! `[SameObject] readonly attribute Crypto crypto`.
//!
//! Invariant: one Crypto object per realm; its random values come from the operating system's
//! generator (`getrandom`), never from a seeded or virtual-time source, so `--virtual-time` runs
//! stay deterministic in their scheduling but not in these values.
//!
//! Deviation: `subtle` (`SubtleCrypto`) is not provided — taskhost has no use for the
//! cryptographic algorithms, and a `subtle` that threw on every method would mislead feature
//! detection. `getRandomValues` and `randomUUID` are complete.

use std::rc::Rc;

use boa_engine::object::builtins::{JsArrayBuffer, JsTypedArray};
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::agent::realm::{insert_realm_data, realm_data};
use crate::engine::webidl::type_error;
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::interface::{
    InterfaceSpec, arguments_required, define_interface, illegal_invocation, prototype_of,
    this_object,
};
use crate::web::html::global_scope::this_is_global;

/// The most bytes one `getRandomValues` call fills (step 3).
pub const MAX_RANDOM_BYTES: usize = 65_536;

/// The native data of a Crypto object (it has no state of its own).
#[derive(boa_gc::Trace, boa_gc::Finalize, boa_engine::JsData)]
struct CryptoData;

/// The realm's Crypto object, made at the first read of `crypto`.
#[derive(Default)]
struct RealmCrypto(std::cell::RefCell<Option<JsObject>>);

/// The current realm's Crypto object (made now if it was not).
fn realm_crypto(context: &mut Context) -> JsResult<Option<JsObject>> {
    let Some(realm_crypto) = realm_data::<RealmCrypto>(context) else {
        return Ok(None);
    };
    if let Some(crypto) = realm_crypto.0.borrow().clone() {
        return Ok(Some(crypto));
    }
    let crypto = JsObject::from_proto_and_data(prototype_of(context, "Crypto")?, CryptoData);
    *realm_crypto.0.borrow_mut() = Some(crypto.clone());
    Ok(Some(crypto))
}

fn check(this: &JsValue, context: &Context) -> JsResult<()> {
    if this_object(this, context)?
        .downcast_ref::<CryptoData>()
        .is_none()
    {
        return Err(illegal_invocation());
    }
    Ok(())
}

fn random_bytes(buffer: &mut [u8], context: &Context) -> JsResult<()> {
    getrandom::fill(buffer).map_err(|e| {
        dom_exception_error(
            context,
            &format!("the system's random number generator failed: {e}"),
            "OperationError",
        )
    })
}

/// The integer typed array kinds `getRandomValues` accepts (step 1).
const INTEGER_ARRAYS: &[&str] = &[
    "Int8Array",
    "Uint8Array",
    "Uint8ClampedArray",
    "Int16Array",
    "Uint16Array",
    "Int32Array",
    "Uint32Array",
    "BigInt64Array",
    "BigUint64Array",
];

/// `ArrayBufferView getRandomValues(ArrayBufferView array)`.
fn get_random_values(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    check(this, context)?;
    let fail = |message: &str| type_error("Crypto", "getRandomValues", message);
    let Some(value) = args.first() else {
        return Err(fail(&arguments_required(1, 0)));
    };
    // WebIDL: the argument must be an ArrayBufferView (a typed array or a DataView).
    let not_a_view = "parameter 1 is not of type 'ArrayBufferView'.";
    let Some(object) = value.as_object() else {
        return Err(fail(not_a_view));
    };
    let typed = JsTypedArray::from_object(object.clone()).ok();
    let is_data_view =
        boa_engine::object::builtins::JsDataView::from_object(object.clone()).is_ok();
    if typed.is_none() && !is_data_view {
        return Err(fail(not_a_view));
    }
    // 1. If array is not an Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array,
    //    Int32Array, Uint32Array, BigInt64Array, or BigUint64Array, then throw a
    //    TypeMismatchError and terminate the algorithm.
    let kind = match &typed {
        Some(t) => t
            .to_string_tag(context)?
            .to_string(context)?
            .to_std_string_escaped(),
        None => "DataView".to_owned(),
    };
    let Some(typed) = typed.filter(|_| INTEGER_ARRAYS.contains(&kind.as_str())) else {
        return Err(dom_exception_error(
            context,
            &format!(
                "Failed to execute 'getRandomValues' on 'Crypto': The provided ArrayBufferView \
                 is of type '{kind}', which is not an integer array type."
            ),
            "TypeMismatchError",
        ));
    };
    // 2. Let byteLength be array's byte length.
    let byte_length = typed.byte_length(context)?;
    // 3. If byteLength is greater than 65536, throw a QuotaExceededError and terminate the
    //    algorithm.
    if byte_length > MAX_RANDOM_BYTES {
        return Err(dom_exception_error(
            context,
            &format!(
                "Failed to execute 'getRandomValues' on 'Crypto': The ArrayBufferView's byte \
                 length ({byte_length}) exceeds the number of bytes of entropy available via \
                 this API ({MAX_RANDOM_BYTES})."
            ),
            "QuotaExceededError",
        ));
    }
    // 4. Overwrite all elements of array with cryptographically strong random values of the
    //    appropriate type.
    let mut bytes = vec![0u8; byte_length];
    random_bytes(&mut bytes, context)?;
    let offset = typed.byte_offset(context)?;
    let buffer = typed.buffer(context)?;
    let array_buffer = buffer
        .as_object()
        .and_then(|b| JsArrayBuffer::from_object(b).ok());
    let written = match array_buffer.as_ref().and_then(JsArrayBuffer::data_mut) {
        Some(mut data) => match data.get_mut(offset..offset + byte_length) {
            Some(target) => {
                target.copy_from_slice(&bytes);
                true
            }
            None => false,
        },
        None => false,
    };
    if !written && byte_length > 0 {
        // A SharedArrayBuffer's bytes: write them through a Uint8Array over the same bytes.
        let view = context
            .intrinsics()
            .constructors()
            .typed_uint8_array()
            .constructor()
            .construct(
                &[buffer, JsValue::from(offset), JsValue::from(byte_length)],
                None,
                context,
            )?;
        for (i, byte) in bytes.iter().enumerate() {
            view.set(i, JsValue::from(*byte), true, context)?;
        }
    }
    // 5. Return array.
    Ok(value.clone())
}

/// The lowercase hexadecimal string form of a version 4 UUID made of `bytes` (RFC 9562 §5.4).
#[must_use]
pub fn uuid_v4_string(mut bytes: [u8; 16]) -> String {
    // Set the 4 most significant bits of bytes[6] (the version) to 0b0100, and the 2 most
    // significant bits of bytes[8] (the variant) to 0b10.
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let mut out = String::with_capacity(36);
    for (i, byte) in bytes.iter().enumerate() {
        if matches!(i, 4 | 6 | 8 | 10) {
            out.push('-');
        }
        out.push_str(&format!("{byte:02x}"));
    }
    out
}

/// `[SecureContext] DOMString randomUUID()`: generate a random UUID — 16 random bytes with the
/// version and variant bits set, serialized as 8-4-4-4-12 lowercase hexadecimal digits.
fn random_uuid(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    check(this, context)?;
    let mut bytes = [0u8; 16];
    random_bytes(&mut bytes, context)?;
    Ok(JsString::from(uuid_v4_string(bytes).as_str()).into())
}

/// Define `Crypto` and the global's `crypto` attribute.
pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "Crypto",
            parent: None,
            length: 0,
            constructor: None,
        },
        |m| {
            m.operation(
                "getRandomValues",
                1,
                NativeFunction::from_fn_ptr(get_random_values),
            )
            .operation("randomUUID", 0, NativeFunction::from_fn_ptr(random_uuid));
        },
    )?;
    insert_realm_data(context, Rc::new(RealmCrypto::default()));
    // `[SameObject] readonly attribute Crypto crypto`: an accessor without a setter (not
    // [Replaceable]), whose getter checks its `this` is the global.
    let getter = NativeFunction::from_fn_ptr(|this, _, context| {
        this_is_global(this, context)?;
        Ok(realm_crypto(context)?.map_or_else(JsValue::undefined, JsValue::from))
    });
    let global = context.global_object();
    crate::web::util::define_readonly_attribute(&global, "crypto", getter, context)
}

#[cfg(test)]
mod tests {
    use super::uuid_v4_string;

    #[test]
    fn uuid_has_version_and_variant_bits() {
        assert_eq!(
            uuid_v4_string([0xff; 16]),
            "ffffffff-ffff-4fff-bfff-ffffffffffff"
        );
        assert_eq!(
            uuid_v4_string([0; 16]),
            "00000000-0000-4000-8000-000000000000"
        );
    }
}
