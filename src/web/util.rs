//! Small helpers for defining WebIDL members on objects.

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::{Attribute, PropertyDescriptor};
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

/// Define a regular operation (WebIDL §3.7.6): a non-constructor function with `name` and
/// `length`, on a writable, enumerable, configurable data property.
pub fn define_operation(
    target: &JsObject,
    name: &str,
    length: usize,
    body: NativeFunction,
    context: &mut Context,
) -> JsResult<()> {
    let name = JsString::from(name);
    let function = FunctionObjectBuilder::new(context.realm(), body)
        .name(name.clone())
        .length(length)
        .constructor(false)
        .build();
    target.define_property_or_throw(
        name,
        PropertyDescriptor::builder()
            .value(function)
            .writable(true)
            .enumerable(true)
            .configurable(true),
        context,
    )?;
    Ok(())
}

/// Define a read-only regular attribute (WebIDL §3.7.5) as an accessor of `target`: a getter
/// named "get NAME", no setter, enumerable and configurable.
pub fn define_readonly_attribute(
    target: &JsObject,
    name: &str,
    getter: NativeFunction,
    context: &mut Context,
) -> JsResult<()> {
    let realm = context.realm().clone();
    let (get, _) = crate::web::dom::interface::accessor_pair(&realm, name, getter, None);
    target.define_property_or_throw(
        JsString::from(name),
        PropertyDescriptor::builder()
            .get(get)
            .enumerable(true)
            .configurable(true),
        context,
    )?;
    Ok(())
}

/// Attribute for data properties that WebIDL defines as writable, enumerable and configurable.
pub const WEBIDL_DATA: Attribute = Attribute::all();

/// WebIDL "get a copy of the bytes held by the buffer source" for an `ArrayBuffer`,
/// `SharedArrayBuffer` or `ArrayBufferView` (typed array or DataView) `value`; `None` when `value`
/// is none of them. A detached buffer (or a view out of its buffer's bounds) holds no bytes.
pub fn buffer_source_bytes(value: &JsValue, context: &mut Context) -> JsResult<Option<Vec<u8>>> {
    use boa_engine::object::builtins::{
        JsArrayBuffer, JsDataView, JsSharedArrayBuffer, JsTypedArray,
    };
    let Some(object) = value.as_object() else {
        return Ok(None);
    };
    if let Ok(buffer) = JsArrayBuffer::from_object(object.clone()) {
        return Ok(Some(buffer.to_vec().unwrap_or_default()));
    }
    if let Ok(buffer) = JsSharedArrayBuffer::from_object(object.clone()) {
        return Ok(Some(buffer.to_vec()));
    }
    // A view: its byte offset and length within its buffer's bytes.
    let view = if let Ok(typed) = JsTypedArray::from_object(object.clone()) {
        let (offset, length) = (typed.byte_offset(context), typed.byte_length(context));
        Some((offset.ok(), length.ok(), typed.buffer(context)?))
    } else if let Ok(view) = JsDataView::from_object(object.clone()) {
        let offset = view
            .byte_offset(context)
            .ok()
            .and_then(|n| usize::try_from(n).ok());
        let length = view
            .byte_length(context)
            .ok()
            .and_then(|n| usize::try_from(n).ok());
        Some((offset, length, view.buffer(context)?))
    } else {
        None
    };
    let Some((offset, length, buffer)) = view else {
        return Ok(None);
    };
    let (Some(offset), Some(length)) = (offset, length) else {
        return Ok(Some(Vec::new()));
    };
    let Some(bytes) = buffer_source_bytes(&buffer, context)? else {
        return Ok(Some(Vec::new()));
    };
    Ok(Some(
        bytes
            .get(offset..offset.saturating_add(length))
            .map(<[u8]>::to_vec)
            .unwrap_or_default(),
    ))
}

/// WebIDL's USVString conversion: ToString, then each lone surrogate replaced by U+FFFD.
pub fn to_usv_string(value: &JsValue, context: &mut Context) -> JsResult<String> {
    let units: Vec<u16> = value.to_string(context)?.iter().collect();
    Ok(String::from_utf16_lossy(&units))
}
