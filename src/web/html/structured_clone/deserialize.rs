//! StructuredDeserialize and StructuredDeserializeWithTransfer (HTML §2.7.4, §2.7.6): a record
//! becomes objects of the target realm (the current one), built from the realm's intrinsics and
//! interface prototypes, never from what the global's properties hold now.

use boa_engine::object::builtins::{JsArray, JsArrayBuffer, JsMap, JsRegExp, JsSet};
use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsBigInt, JsNativeError, JsObject, JsResult, JsString, JsValue};

use super::{Node, Primitive, Serialized, Value};
use crate::web::dom::dom_exception::new_dom_exception;
use crate::web::file_api::blob;
use crate::web::html::message_port;

/// The result of StructuredDeserializeWithTransfer: the value and the new ports.
pub struct Deserialized {
    pub value: JsValue,
    pub ports: Vec<JsObject>,
}

/// StructuredDeserializeWithTransfer(serialized, targetRealm) (HTML §2.7.6).
pub fn deserialize_with_transfer(
    serialized: &mut Serialized,
    context: &mut Context,
) -> JsResult<Deserialized> {
    // 1. Let memory be an empty map.
    // 2. Let transferredValues be a new empty List.
    // 3. For each transferDataHolder of serializeWithTransferResult.[[TransferDataHolders]]:
    //    1. Let value be an uninitialized value.
    //    2. If transferDataHolder.[[Type]] is "ArrayBuffer" (or "ResizableArrayBuffer"), then
    //       set value to a new ArrayBuffer object in targetRealm whose [[ArrayBufferData]] is
    //       transferDataHolder.[[ArrayBufferData]] (and [[ArrayBufferMaxByteLength]]).
    let mut buffers = Vec::with_capacity(serialized.buffers.len());
    for holder in serialized.buffers.drain(..) {
        let buffer = JsArrayBuffer::from_byte_block(holder.data, context)?;
        let buffer = match holder.max_byte_length {
            Some(max) => buffer.with_max_byte_length(max),
            None => buffer,
        };
        buffers.push(JsObject::from(buffer));
    }
    //    3. Otherwise: perform the appropriate transfer-receiving steps for the interface
    //       identified by transferDataHolder.[[Type]] (a MessagePort: a new port holding the
    //       moved state).
    let ports = serialized
        .ports
        .iter_mut()
        .map(|p| message_port::receive(p, context))
        .collect::<JsResult<Vec<_>>>()?;
    // 4. Let deserialized be ? StructuredDeserialize(serializeWithTransferResult.[[Serialized]],
    //    targetRealm, memory).
    let record: &Serialized = serialized;
    let mut d = Deserializer {
        record,
        ports: &ports,
        buffers: &buffers,
        made: vec![None; record.nodes.len()],
    };
    let root = d.record.root.clone();
    let value = d.value(&root, context)?;
    // 5. Return { [[Deserialized]]: deserialized, [[TransferredValues]]: transferredValues }.
    Ok(Deserialized { value, ports })
}

struct Deserializer<'a> {
    record: &'a Serialized,
    ports: &'a [JsObject],
    buffers: &'a [JsObject],
    /// memory: node → the object made for it.
    made: Vec<Option<JsValue>>,
}

impl Primitive {
    fn to_js(&self) -> JsValue {
        match self {
            Self::Undefined => JsValue::undefined(),
            Self::Null => JsValue::null(),
            Self::Boolean(b) => JsValue::from(*b),
            Self::Number(n) => JsValue::from(*n),
            Self::String(s) => JsValue::from(JsString::from(s.as_slice())),
            Self::BigInt(text) => {
                JsBigInt::from_string(text).map_or_else(JsValue::undefined, JsValue::from)
            }
        }
    }
}

/// CreateNonEnumerableDataPropertyOrThrow(object, key, value).
fn define_non_enumerable(
    object: &JsObject,
    key: &str,
    value: JsValue,
    context: &mut Context,
) -> JsResult<()> {
    object.define_property_or_throw(
        JsString::from(key),
        PropertyDescriptor::builder()
            .value(value)
            .writable(true)
            .enumerable(false)
            .configurable(true),
        context,
    )?;
    Ok(())
}

impl Deserializer<'_> {
    /// StructuredDeserialize(serialized, targetRealm, memory).
    fn value(&mut self, value: &Value, context: &mut Context) -> JsResult<JsValue> {
        // 2. If serialized.[[Type]] is "primitive", then set value to serialized.[[Value]].
        let index = match value {
            Value::Primitive(v) => return Ok(v.to_js()),
            Value::Node(i) => *i,
        };
        // 1. If memory[serialized] exists, then return memory[serialized].
        if let Some(v) = &self.made[index] {
            return Ok(v.clone());
        }
        let record = self.record;
        let made = match &record.nodes[index] {
            // 3–6. "Boolean", "Number", "BigInt", "String": ! ToObject of the primitive in
            //      targetRealm.
            Node::Boolean(b) => JsValue::from(*b).to_object(context)?.into(),
            Node::Number(n) => JsValue::from(*n).to_object(context)?.into(),
            Node::BigInt(text) => {
                let bigint = JsBigInt::from_string(text).ok_or_else(|| {
                    JsNativeError::typ().with_message("a serialized BigInt is malformed")
                })?;
                JsValue::from(bigint).to_object(context)?.into()
            }
            Node::String(s) => JsValue::from(JsString::from(s.as_slice()))
                .to_object(context)?
                .into(),
            // 7. "Date": a new Date object in targetRealm whose [[DateValue]] is the value.
            Node::Date(time) => context
                .intrinsics()
                .constructors()
                .date()
                .constructor()
                .construct(&[JsValue::from(*time)], None, context)?
                .into(),
            // 8. "RegExp": ! RegExpCreate(serialized.[[OriginalSource]], [[OriginalFlags]]).
            Node::RegExp { source, flags } => JsRegExp::new(
                JsString::from(source.as_slice()),
                JsString::from(flags.as_str()),
                context,
            )?
            .into(),
            // 10–11. "ArrayBuffer" / "ResizableArrayBuffer": a new ArrayBuffer in targetRealm
            //        with the bytes (and [[ArrayBufferMaxByteLength]]).
            Node::ArrayBuffer {
                bytes,
                max_byte_length,
            } => {
                let buffer = blob::array_buffer_of(bytes, context)?;
                let buffer = match max_byte_length {
                    Some(max) => buffer.with_max_byte_length(*max),
                    None => buffer,
                };
                buffer.into()
            }
            Node::TransferredBuffer(i) => self.buffers[*i].clone().into(),
            // 12. "ArrayBufferView": deserialize the buffer first, then a new view of the named
            //     constructor over it at [[ByteOffset]] (auto length: length-tracking).
            Node::ArrayBufferView {
                kind,
                buffer,
                byte_offset,
                length,
            } => {
                let buffer = self.value(&Value::Node(*buffer), context)?;
                #[allow(clippy::cast_precision_loss)]
                let args = [
                    buffer,
                    JsValue::from(*byte_offset as f64),
                    length.map_or_else(JsValue::undefined, |l| JsValue::from(l as f64)),
                ];
                kind.constructor(context)
                    .construct(&args, None, context)?
                    .into()
            }
            // 13–14. "Map" / "Set": a new empty one; entries after memory is set (below).
            Node::Map(_) => JsMap::new(context).into(),
            Node::Set(_) => JsSet::new(context).into(),
            // 15. "Array": ! ArrayCreate(serialized.[[Length]], targetRealm.[[Intrinsics]].
            //     [[%Array.prototype%]]); properties below.
            Node::Array(length, _) => {
                let array = JsArray::new(context)?;
                array.set(JsString::from("length"), *length, true, context)?;
                array.into()
            }
            // 16. "Object": a new Object in targetRealm; properties below.
            Node::Object(_) => JsObject::with_object_proto(context.intrinsics()).into(),
            // 17. "Error": OrdinaryObjectCreate(the prototype named by [[Name]], «
            //     [[ErrorData]] »); a message as an own non-enumerable property.
            Node::Error { name, message, .. } => {
                let error = match *name {
                    "EvalError" => JsNativeError::eval(),
                    "RangeError" => JsNativeError::range(),
                    "ReferenceError" => JsNativeError::reference(),
                    "SyntaxError" => JsNativeError::syntax(),
                    "TypeError" => JsNativeError::typ(),
                    "URIError" => JsNativeError::uri(),
                    _ => JsNativeError::error(),
                };
                let error = error.into_opaque(context);
                match message {
                    Some(message) => {
                        let message = JsString::from(message.as_slice()).into();
                        define_non_enumerable(&error, "message", message, context)?;
                    }
                    // Boa's native errors always have an own "message"; a serialized error
                    // without one must not.
                    None => {
                        error.delete_property_or_throw(JsString::from("message"), context)?;
                    }
                }
                error.into()
            }
            // 18. Otherwise (a platform object): a new object of the interface named by
            //     [[Type]] in targetRealm, with its deserialization steps.
            Node::DomException { name, message } => new_dom_exception(
                context,
                &String::from_utf16_lossy(message),
                &String::from_utf16_lossy(name),
            )?
            .into(),
            Node::Blob(record) => blob::deserialize(record, context)?.into(),
            Node::Port(i) => self
                .ports
                .get(*i)
                .cloned()
                .map_or_else(JsValue::null, JsValue::from),
            Node::Pending => {
                return Err(JsNativeError::typ()
                    .with_message("a serialized record is incomplete")
                    .into());
            }
        };
        // 19. Set memory[serialized] to value.
        self.made[index] = Some(made.clone());
        // 20. If deep is true: the entries and properties, deserialized in order.
        let Some(target) = made.as_object() else {
            return Ok(made);
        };
        match &record.nodes[index] {
            Node::Map(entries) => {
                let map = JsMap::from_object(target.clone())?;
                for (k, v) in entries {
                    let k = self.value(k, context)?;
                    let v = self.value(v, context)?;
                    map.set(k, v, context)?;
                }
            }
            Node::Set(entries) => {
                let set = JsSet::from_object(target.clone()).map_err(|_| {
                    JsNativeError::typ().with_message("a deserialized Set is not a Set")
                })?;
                for v in entries {
                    let v = self.value(v, context)?;
                    set.add(v, context)?;
                }
            }
            Node::Array(_, entries) | Node::Object(entries) => {
                for (key, v) in entries {
                    let v = self.value(v, context)?;
                    target.create_data_property_or_throw(
                        JsString::from(key.as_slice()),
                        v,
                        context,
                    )?;
                }
            }
            Node::Error {
                cause: Some(cause), ..
            } => {
                let cause = self.value(cause, context)?;
                define_non_enumerable(&target, "cause", cause, context)?;
            }
            _ => {}
        }
        Ok(made)
    }
}
