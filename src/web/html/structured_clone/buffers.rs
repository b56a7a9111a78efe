//! What structured serialization needs to know about `ArrayBuffer`s and their views that Boa's
//! public API does not say directly: a buffer's `[[ArrayBufferMaxByteLength]]`, and a view's
//! `[[ByteOffset]]` and whether its length is "auto" (a length-tracking view of a resizable
//! buffer), which decides `IsArrayBufferViewOutOfBounds` and how the view is deserialized.
//!
//! Boa keeps a view's length slots private; their `Debug` form (`array_length: None` for an
//! auto-length typed array, `byte_length: None` for an auto-length DataView) is the only
//! way to read them. [`view_record`] reads it, and the unit test below fails if that form
//! changes.

use boa_engine::builtins::dataview::DataView;
use boa_engine::builtins::typed_array::{TypedArray, TypedArrayKind};
use boa_engine::object::builtins::{JsArrayBuffer, JsDataView, JsTypedArray};
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue};

/// A view's kind: the constructor its record names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewKind {
    DataView,
    Typed(TypedArrayKind),
}

impl ViewKind {
    /// The size of one element in bytes (1 for a DataView, whose length is in bytes).
    #[must_use]
    pub const fn element_size(self) -> u64 {
        match self {
            Self::DataView => 1,
            Self::Typed(kind) => match kind {
                TypedArrayKind::Int8 | TypedArrayKind::Uint8 | TypedArrayKind::Uint8Clamped => 1,
                TypedArrayKind::Int16 | TypedArrayKind::Uint16 | TypedArrayKind::Float16 => 2,
                TypedArrayKind::Int32 | TypedArrayKind::Uint32 | TypedArrayKind::Float32 => 4,
                TypedArrayKind::BigInt64 | TypedArrayKind::BigUint64 | TypedArrayKind::Float64 => 8,
            },
        }
    }

    /// The realm's constructor for this kind.
    #[must_use]
    pub fn constructor(self, context: &Context) -> JsObject {
        let c = context.intrinsics().constructors();
        let standard = match self {
            Self::DataView => c.data_view(),
            Self::Typed(kind) => match kind {
                TypedArrayKind::Int8 => c.typed_int8_array(),
                TypedArrayKind::Uint8 => c.typed_uint8_array(),
                TypedArrayKind::Uint8Clamped => c.typed_uint8clamped_array(),
                TypedArrayKind::Int16 => c.typed_int16_array(),
                TypedArrayKind::Uint16 => c.typed_uint16_array(),
                TypedArrayKind::Int32 => c.typed_int32_array(),
                TypedArrayKind::Uint32 => c.typed_uint32_array(),
                TypedArrayKind::BigInt64 => c.typed_bigint64_array(),
                TypedArrayKind::BigUint64 => c.typed_biguint64_array(),
                TypedArrayKind::Float16 => c.typed_float16_array(),
                TypedArrayKind::Float32 => c.typed_float32_array(),
                TypedArrayKind::Float64 => c.typed_float64_array(),
            },
        };
        standard.constructor()
    }
}

/// The slots of an ArrayBufferView that its serialization records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewRecord {
    pub kind: ViewKind,
    pub byte_offset: u64,
    /// `[[ArrayLength]]` of a typed array or `[[ByteLength]]` of a DataView; `None` is "auto".
    pub length: Option<u64>,
    /// The viewed buffer.
    pub buffer: JsObject,
}

/// Read `name: N` or `name: Some(N)` / `name: None` from a `Debug` form.
fn debug_field(debug: &str, name: &str) -> Option<Option<u64>> {
    let rest = &debug[debug.rfind(&format!("{name}: "))? + name.len() + 2..];
    if rest.starts_with("None") {
        return Some(None);
    }
    let rest = rest.strip_prefix("Some(").unwrap_or(rest);
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok().map(Some)
}

/// The view slots of `object`, if it has a `[[ViewedArrayBuffer]]`.
pub fn view_record(object: &JsObject, context: &mut Context) -> JsResult<Option<ViewRecord>> {
    let (kind, debug) = if let Some(typed) = object.downcast_ref::<TypedArray>() {
        (ViewKind::Typed(typed.kind()), format!("{:?}", &*typed))
    } else if let Some(view) = object.downcast_ref::<DataView>() {
        (ViewKind::DataView, format!("{:?}", &*view))
    } else {
        return Ok(None);
    };
    let length_field = match kind {
        ViewKind::DataView => "byte_length",
        ViewKind::Typed(_) => "array_length",
    };
    let (Some(Some(byte_offset)), Some(length)) = (
        debug_field(&debug, "byte_offset"),
        debug_field(&debug, length_field),
    ) else {
        return Ok(None);
    };
    // [[ViewedArrayBuffer]], through the built-in getter (not the object's `buffer` property).
    let buffer = match kind {
        ViewKind::DataView => JsDataView::from_object(object.clone())?.buffer(context)?,
        ViewKind::Typed(_) => JsTypedArray::from_object(object.clone())?.buffer(context)?,
    };
    let Some(buffer) = buffer.as_object() else {
        return Ok(None);
    };
    Ok(Some(ViewRecord {
        kind,
        byte_offset,
        length,
        buffer,
    }))
}

/// IsArrayBufferViewOutOfBounds (for a typed array: IsTypedArrayOutOfBounds; for a DataView:
/// IsViewOutOfBounds), given the viewed buffer's current byte length (`None`: detached).
#[must_use]
pub fn is_out_of_bounds(view: &ViewRecord, buffer_byte_length: Option<u64>) -> bool {
    // 1–2. If IsDetachedBuffer(buffer) is true, return true.
    let Some(buffer_byte_length) = buffer_byte_length else {
        return true;
    };
    // 3–4. Let byteOffsetStart be O.[[ByteOffset]].
    let start = view.byte_offset;
    // 5. If the length is auto, let byteOffsetEnd be bufferByteLength; otherwise byteOffsetStart
    //    + length × elementSize.
    let end = match view.length {
        None => buffer_byte_length,
        Some(length) => start.saturating_add(length.saturating_mul(view.kind.element_size())),
    };
    // 6. If byteOffsetStart > bufferByteLength or byteOffsetEnd > bufferByteLength, return true.
    start > buffer_byte_length || end > buffer_byte_length
}

/// An ArrayBuffer's `[[ArrayBufferMaxByteLength]]` when it is resizable, read through the
/// realm's `ArrayBuffer.prototype.maxByteLength` and `resizable` getters.
pub fn max_byte_length(buffer: &JsObject, context: &mut Context) -> JsResult<Option<u64>> {
    let proto = context
        .intrinsics()
        .constructors()
        .array_buffer()
        .prototype();
    let call_getter = |name: &str, context: &mut Context| -> JsResult<JsValue> {
        let getter = proto
            .borrow()
            .properties()
            .get(&JsString::from(name).into())
            .and_then(|d| d.get().cloned());
        match getter.as_ref().and_then(JsValue::as_callable) {
            Some(getter) => getter.call(&buffer.clone().into(), &[], context),
            None => Ok(JsValue::undefined()),
        }
    };
    if !call_getter("resizable", context)?.to_boolean() {
        return Ok(None);
    }
    let max = call_getter("maxByteLength", context)?.to_number(context)?;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Ok(Some(max as u64))
}

/// A buffer's current byte length, `None` when detached.
#[must_use]
pub fn byte_length(buffer: &JsObject) -> Option<u64> {
    let buffer = JsArrayBuffer::from_object(buffer.clone()).ok()?;
    let data = buffer.data()?;
    Some(data.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use boa_engine::Source;

    fn view(code: &str, context: &mut Context) -> ViewRecord {
        let value = context.eval(Source::from_bytes(code)).expect("evaluates");
        let object = value.as_object().expect("an object");
        view_record(&object, context)
            .expect("no error")
            .expect("a view")
    }

    #[test]
    fn view_slots_are_read_from_boa() {
        let mut context = Context::default();
        let c = &mut context;
        let v = view("new Uint16Array(new ArrayBuffer(16), 2, 3)", c);
        assert_eq!(
            (v.kind, v.byte_offset, v.length),
            (ViewKind::Typed(TypedArrayKind::Uint16), 2, Some(3))
        );
        let v = view(
            "new Uint8Array(new ArrayBuffer(16, { maxByteLength: 64 }), 8)",
            c,
        );
        assert_eq!((v.byte_offset, v.length), (8, None));
        let v = view(
            "new DataView(new ArrayBuffer(16, { maxByteLength: 64 }), 4)",
            c,
        );
        assert_eq!(
            (v.kind, v.byte_offset, v.length),
            (ViewKind::DataView, 4, None)
        );
        let v = view("new DataView(new ArrayBuffer(16), 4, 8)", c);
        assert_eq!((v.byte_offset, v.length), (4, Some(8)));
        assert!(!is_out_of_bounds(&v, Some(12)));
        assert!(is_out_of_bounds(&v, Some(11)));
        assert!(is_out_of_bounds(&v, None));
    }

    #[test]
    fn max_byte_length_of_resizable_buffers() {
        let mut context = Context::default();
        let fixed = context
            .eval(Source::from_bytes("new ArrayBuffer(4)"))
            .expect("evaluates");
        let resizable = context
            .eval(Source::from_bytes(
                "new ArrayBuffer(4, { maxByteLength: 32 })",
            ))
            .expect("evaluates");
        let fixed = fixed.as_object().expect("object");
        let resizable = resizable.as_object().expect("object");
        assert_eq!(max_byte_length(&fixed, &mut context).ok(), Some(None));
        assert_eq!(
            max_byte_length(&resizable, &mut context).ok(),
            Some(Some(32))
        );
    }
}
