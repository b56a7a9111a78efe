//! Structured serialization with transfer (HTML §2.7), for `postMessage` and `structuredClone`:
//! StructuredSerializeInternal and StructuredSerializeWithTransfer here, the deserialization
//! steps in `structured_clone/deserialize.rs`.
//!
//! taskhost's serializer walks the whole graph itself, in the spec's order: primitives (BigInt,
//! -0, NaN, lone surrogates), primitive wrapper objects, `Date`, `RegExp`, `ArrayBuffer`
//! (resizable ones keep `maxByteLength`), typed arrays and `DataView` (length-tracking ones stay
//! length-tracking), `Map` and `Set` (their entries serialized by this serializer, so Blobs,
//! ports and DOMExceptions inside them work), `Error` objects, arrays (sparse, with non-index
//! properties), plain objects (getters invoked in order), cycles and shared references, and the
//! serializable platform objects `Blob`, `File` and `DOMException`; `MessagePort`s and
//! `ArrayBuffer`s are transferred. Everything else is a "DataCloneError" DOMException of the
//! current realm: symbols, functions, `WeakMap`s and other objects with internal slots, proxies
//! and other exotic objects, and platform objects that are not serializable.
//!
//! Invariants: a [`Serialized`] record is plain Rust data and `Send` (no JS values: strings as
//! UTF-16 units, bytes, a Blob's shared bytes, transferred buffers' data blocks and ports'
//! records), so it may wait in a port's queue without keeping objects of the sender alive and
//! may cross to another agent's thread; deserializing a record without transfers twice gives two
//! independent graphs.
//!
//! Decisions where the spec leaves room or is unsettled:
//! - An Error's `cause`, when it is an own data property, is serialized too (with this
//!   serializer) and restored as an own non-enumerable property, as browsers do; `stack` is
//!   not (Boa's errors have no `stack` property).
//! - A SharedArrayBuffer is a DataCloneError: taskhost is never cross-origin isolated.

mod buffers;
mod deserialize;

use boa_engine::js_string;
use std::collections::HashMap;

use boa_engine::builtins::error::Error;
use boa_engine::builtins::object::OrdinaryObject;
use boa_engine::object::builtins::{
    AlignedVec, JsArray, JsArrayBuffer, JsDate, JsMap, JsRegExp, JsSet, JsSharedArrayBuffer,
};
use boa_engine::property::PropertyKey;
use boa_engine::{
    Context, JsBigInt, JsError, JsNativeError, JsObject, JsResult, JsString, JsValue,
};

pub use deserialize::{Deserialized, deserialize_with_transfer};

use crate::web::dom::dom_exception::{as_dom_exception, dom_exception_error};
use crate::web::file_api::blob::{self, SerializedBlob};
use crate::web::html::message_port::{self, TransferredPort};
use buffers::{ViewKind, byte_length, is_out_of_bounds, max_byte_length, view_record};

/// A serialized primitive: plain Rust data (a record may cross threads).
#[derive(Clone, Debug)]
enum Primitive {
    Undefined,
    Null,
    Boolean(bool),
    Number(f64),
    String(Vec<u16>),
    /// A BigInt, in decimal.
    BigInt(String),
}

/// A serialized value: a primitive, or a reference to a node of the record (shared references
/// and cycles refer to one node).
#[derive(Clone, Debug)]
enum Value {
    Primitive(Primitive),
    Node(usize),
}

/// An object's or array's properties: keys (UTF-16) and values, in order.
type Entries = Vec<(Vec<u16>, Value)>;

/// One serialized object: the record's [[Type]] and its fields.
enum Node {
    /// Placeholder while the node's fields are serialized.
    Pending,
    Boolean(bool),
    Number(f64),
    BigInt(String),
    String(Vec<u16>),
    Date(f64),
    RegExp {
        source: Vec<u16>,
        flags: String,
    },
    ArrayBuffer {
        bytes: Vec<u8>,
        max_byte_length: Option<u64>,
    },
    /// An ArrayBuffer of the transfer list: index into [`Serialized::buffers`].
    TransferredBuffer(usize),
    ArrayBufferView {
        kind: ViewKind,
        /// The node of the viewed buffer.
        buffer: usize,
        byte_offset: u64,
        length: Option<u64>,
    },
    Map(Vec<(Value, Value)>),
    Set(Vec<Value>),
    Error {
        name: &'static str,
        message: Option<Vec<u16>>,
        cause: Option<Value>,
    },
    Array(u64, Entries),
    Object(Entries),
    DomException {
        name: Vec<u16>,
        message: Vec<u16>,
    },
    Blob(SerializedBlob),
    /// A MessagePort of the transfer list: index into [`Serialized::ports`].
    Port(usize),
}

/// A transferred ArrayBuffer's data holder: its data block, moved (not copied).
struct TransferredBuffer {
    data: AlignedVec<u8>,
    max_byte_length: Option<u64>,
}

/// The result of StructuredSerializeWithTransfer: plain Rust data, `Send`, so a message may
/// wait in a port's queue without keeping objects alive and may cross to a worker's thread.
pub struct Serialized {
    nodes: Vec<Node>,
    root: Value,
    /// Transferred ports, in transfer-list order.
    ports: Vec<TransferredPort>,
    /// Transferred ArrayBuffers, in transfer-list order.
    buffers: Vec<TransferredBuffer>,
}

// A record crosses threads (messages to and from workers).
const _: () = {
    const fn assert_send<T: Send>() {}
    assert_send::<Serialized>();
};

impl Primitive {
    fn from_js(value: &JsValue) -> Option<Self> {
        Some(if value.is_undefined() {
            Self::Undefined
        } else if value.is_null() {
            Self::Null
        } else if let Some(b) = value.as_boolean() {
            Self::Boolean(b)
        } else if let Some(n) = value.as_number() {
            Self::Number(n)
        } else if let Some(s) = value.as_string() {
            Self::String(s.to_vec())
        } else if let Some(b) = value.as_bigint() {
            Self::BigInt(b.to_string())
        } else {
            return None;
        })
    }
}

fn data_clone_error(context: &Context, message: &str) -> JsError {
    dom_exception_error(context, message, "DataCloneError")
}

/// The error names that survive serialization (HTML §2.7.3, step 17.2).
const ERROR_NAMES: &[&str] = &[
    "Error",
    "EvalError",
    "RangeError",
    "ReferenceError",
    "SyntaxError",
    "TypeError",
    "URIError",
];

/// A transfer-list entry, in memory before serialization starts.
enum Transferable {
    Port(JsObject),
    Buffer(JsArrayBuffer),
}

struct Serializer {
    nodes: Vec<Node>,
    /// memory: object → its node.
    memory: HashMap<JsObject, usize>,
    /// Current nesting depth (bounded like JS recursion: a RangeError beyond the limit).
    depth: usize,
}

/// StructuredSerializeWithTransfer(value, transferList) (HTML §2.7.5).
pub fn serialize_with_transfer(
    value: &JsValue,
    transfer: &[JsValue],
    context: &mut Context,
) -> JsResult<Serialized> {
    // 1. Let memory be an empty map.
    let mut s = Serializer {
        nodes: Vec::new(),
        memory: HashMap::new(),
        depth: 0,
    };
    let mut transferables = Vec::with_capacity(transfer.len());
    let (mut port_count, mut buffer_count) = (0, 0);
    // 2. For each transferable of transferList:
    for (index, item) in transfer.iter().enumerate() {
        // The transfer list is a WebIDL `sequence<object>`: converting a primitive is a TypeError
        // (before anything is serialized).
        let Some(object) = item.as_object() else {
            return Err(JsNativeError::typ()
                .with_message(format!(
                    "Failed to convert the transfer list: the value at index {index} is not an object."
                ))
                .into());
        };
        // 1. If transferable has neither an [[ArrayBufferData]] internal slot nor a
        //    [[Detached]] internal slot, then throw a "DataCloneError" DOMException.
        // 2. If transferable has an [[ArrayBufferData]] internal slot and
        //    IsSharedArrayBuffer(transferable) is true, then throw a "DataCloneError".
        let node = if message_port::port_state(&object).is_some() {
            transferables.push(Transferable::Port(object.clone()));
            port_count += 1;
            Node::Port(port_count - 1)
        } else if let Ok(buffer) = JsArrayBuffer::from_object(object.clone()) {
            transferables.push(Transferable::Buffer(buffer));
            buffer_count += 1;
            Node::TransferredBuffer(buffer_count - 1)
        } else {
            let message = if JsSharedArrayBuffer::from_object(object.clone()).is_ok() {
                "A SharedArrayBuffer cannot be transferred."
            } else {
                "Value in the transfer list is not transferable."
            };
            return Err(data_clone_error(context, message));
        };
        // 3. If memory[transferable] exists, then throw a "DataCloneError" DOMException.
        if s.memory.contains_key(&object) {
            return Err(data_clone_error(
                context,
                "Value in the transfer list is duplicated.",
            ));
        }
        // 4. Set memory[transferable] to { [[Type]]: an uninitialized value }.
        s.nodes.push(node);
        s.memory.insert(object, s.nodes.len() - 1);
    }
    // 3. Let serialized be ? StructuredSerializeInternal(value, false, memory).
    let root = s.value(value, context)?;
    // 4. Let transferDataHolders be a new empty List.
    let mut ports = Vec::with_capacity(port_count);
    let mut buffers = Vec::with_capacity(buffer_count);
    // 5. For each transferable of transferList:
    for transferable in transferables {
        match transferable {
            Transferable::Buffer(buffer) => {
                // 1. If transferable has an [[ArrayBufferData]] internal slot and
                //    IsDetachedBuffer(transferable) is true, then throw a "DataCloneError".
                if buffer.data().is_none() {
                    return Err(data_clone_error(
                        context,
                        "An ArrayBuffer in the transfer list is detached.",
                    ));
                }
                // 4. If transferable has an [[ArrayBufferData]] internal slot: the data holder
                //    is { [[Type]]: "ResizableArrayBuffer" with [[ArrayBufferMaxByteLength]],
                //    or "ArrayBuffer"; [[ArrayBufferData]], [[ArrayBufferByteLength]] }, and
                //    ? DetachArrayBuffer(transferable).
                let object = JsObject::from(buffer.clone());
                let max = max_byte_length(&object, context)?;
                let data = buffer.detach(&JsValue::undefined()).map_err(|_| {
                    data_clone_error(
                        context,
                        "An ArrayBuffer in the transfer list cannot be detached.",
                    )
                })?;
                buffers.push(TransferredBuffer {
                    data,
                    max_byte_length: max,
                });
            }
            Transferable::Port(object) => {
                // 2. If transferable has a [[Detached]] internal slot and transferable.
                //    [[Detached]] is true, then throw a "DataCloneError" DOMException.
                // 5. Otherwise: perform the transfer steps for the interface identified by
                //    interfaceName, given transferable and dataHolder.
                match message_port::transfer(&object, context)? {
                    Some(port) => ports.push(port),
                    None => {
                        return Err(data_clone_error(
                            context,
                            "A MessagePort in the transfer list is detached.",
                        ));
                    }
                }
            }
        }
    }
    // 6. Return { [[Serialized]]: serialized, [[TransferDataHolders]]: transferDataHolders }.
    Ok(Serialized {
        nodes: s.nodes,
        root,
        ports,
        buffers,
    })
}

/// An own property's descriptor as [[GetOwnProperty]] gives it for an ordinary object, an array
/// or an error (whose properties all live in the property map).
fn own_descriptor(
    object: &JsObject,
    key: &PropertyKey,
) -> Option<boa_engine::property::PropertyDescriptor> {
    object.borrow().properties().get(key)
}

fn key_string(key: &PropertyKey) -> Option<JsString> {
    match key {
        PropertyKey::String(s) => Some(s.clone()),
        PropertyKey::Index(i) => Some(JsString::from(i.get().to_string().as_str())),
        PropertyKey::Symbol(_) => None,
    }
}

impl Serializer {
    fn push(&mut self, object: &JsObject, node: Node) -> usize {
        self.nodes.push(node);
        let index = self.nodes.len() - 1;
        self.memory.insert(object.clone(), index);
        index
    }

    /// StructuredSerializeInternal(value, forStorage = false, memory), with a nesting limit:
    /// deeper than the runtime's recursion limit is a RangeError, as JS recursion would be.
    fn value(&mut self, value: &JsValue, context: &mut Context) -> JsResult<Value> {
        if self.depth >= crate::engine::RECURSION_LIMIT {
            return Err(JsNativeError::range()
                .with_message("Maximum call stack size exceeded")
                .into());
        }
        self.depth += 1;
        let result = self.value_inner(value, context);
        self.depth -= 1;
        result
    }

    fn value_inner(&mut self, value: &JsValue, context: &mut Context) -> JsResult<Value> {
        // 4. If value is undefined, null, a Boolean, a Number, a BigInt or a String, return
        //    { [[Type]]: "primitive", [[Value]]: value }.
        // 5. If value is a Symbol, then throw a "DataCloneError" DOMException.
        let Some(object) = value.as_object() else {
            return match Primitive::from_js(value) {
                Some(primitive) => Ok(Value::Primitive(primitive)),
                None => Err(data_clone_error(context, "Symbol could not be cloned.")),
            };
        };
        // 2. If memory[value] exists, then return memory[value].
        if let Some(&index) = self.memory.get(&object) {
            return Ok(Value::Node(index));
        }
        // 7–10. Primitive wrapper objects: [[BooleanData]], [[NumberData]], [[BigIntData]],
        //       [[StringData]].
        let wrapper = if let Some(b) = object.downcast_ref::<bool>() {
            Some(Node::Boolean(*b))
        } else if let Some(n) = object.downcast_ref::<f64>() {
            Some(Node::Number(*n))
        } else if let Some(b) = object.downcast_ref::<JsBigInt>() {
            Some(Node::BigInt(b.to_string()))
        } else {
            object
                .downcast_ref::<JsString>()
                .map(|s| Node::String(s.to_vec()))
        };
        if let Some(node) = wrapper {
            return Ok(Value::Node(self.push(&object, node)));
        }
        // 11. [[DateValue]]: { [[Type]]: "Date", [[DateValue]]: value.[[DateValue]] }.
        if let Ok(date) = JsDate::from_object(object.clone()) {
            let time = date.get_time(context)?.as_number().unwrap_or(f64::NAN);
            return Ok(Value::Node(self.push(&object, Node::Date(time))));
        }
        // 12. [[RegExpMatcher]]: { [[Type]]: "RegExp", [[OriginalSource]], [[OriginalFlags]] }.
        //     (lastIndex is not kept.)
        if let Ok(regexp) = JsRegExp::from_object(object.clone()) {
            let source = regexp_original_source(&object, context)?;
            let flags = regexp.flags(context)?;
            return Ok(Value::Node(
                self.push(&object, Node::RegExp { source, flags }),
            ));
        }
        // 13. [[ArrayBufferData]].
        if JsSharedArrayBuffer::from_object(object.clone()).is_ok() {
            // 13.1. If IsSharedArrayBuffer(value): if the current principal settings object's
            //       cross-origin isolated capability is false, throw a "DataCloneError".
            return Err(data_clone_error(
                context,
                "A SharedArrayBuffer could not be cloned: the agent is not cross-origin isolated.",
            ));
        }
        if let Ok(buffer) = JsArrayBuffer::from_object(object.clone()) {
            // 13.2.1. If IsDetachedBuffer(value) is true, then throw a "DataCloneError".
            let Some(bytes) = buffer.data().map(|d| d.to_vec()) else {
                return Err(data_clone_error(
                    context,
                    "An ArrayBuffer is detached and could not be cloned.",
                ));
            };
            // 13.2.2–6. Let size be value.[[ArrayBufferByteLength]]; let dataCopy be
            //           ? CreateByteDataBlock(size) holding a copy of the bytes; if value has
            //           [[ArrayBufferMaxByteLength]], the record is a "ResizableArrayBuffer"
            //           with it, otherwise an "ArrayBuffer".
            let max_byte_length = max_byte_length(&object, context)?;
            let node = Node::ArrayBuffer {
                bytes,
                max_byte_length,
            };
            return Ok(Value::Node(self.push(&object, node)));
        }
        // 14. [[ViewedArrayBuffer]].
        if let Some(view) = view_record(&object, context)? {
            // 14.1. If IsArrayBufferViewOutOfBounds(value) is true, then throw a
            //       "DataCloneError" DOMException.
            if is_out_of_bounds(&view, byte_length(&view.buffer)) {
                return Err(data_clone_error(
                    context,
                    "An ArrayBuffer view is out of bounds and could not be cloned.",
                ));
            }
            // 14.2–14.4. Let buffer be value.[[ViewedArrayBuffer]]; let bufferSerialized be
            //            ? StructuredSerializeInternal(buffer, forStorage, memory).
            let Value::Node(buffer) = self.value(&view.buffer.clone().into(), context)? else {
                return Err(data_clone_error(
                    context,
                    "The view's buffer could not be cloned.",
                ));
            };
            // 14.5–14.6. { [[Type]]: "ArrayBufferView", [[Constructor]]: "DataView" or
            //            value.[[TypedArrayName]], [[ArrayBufferSerialized]], [[ByteLength]] /
            //            [[ArrayLength]] (auto stays auto), [[ByteOffset]] }.
            let node = Node::ArrayBufferView {
                kind: view.kind,
                buffer,
                byte_offset: view.byte_offset,
                length: view.length,
            };
            return Ok(Value::Node(self.push(&object, node)));
        }
        // 15. [[MapData]]: a "Map" record; deep.
        if let Ok(map) = JsMap::from_object(object.clone()) {
            let index = self.push(&object, Node::Pending);
            // 26.1.1. Let copiedList be a new empty List; append each live entry of
            //         value.[[MapData]] as { [[Key]], [[Value]] }.
            let mut copied = Vec::new();
            map.for_each_native(|k, v| {
                copied.push((k, v));
                Ok(())
            })?;
            // 26.1.2–3. For each entry: serialize the key, then the value, and append.
            let mut entries = Vec::with_capacity(copied.len());
            for (k, v) in copied {
                let k = self.value(&k, context)?;
                let v = self.value(&v, context)?;
                entries.push((k, v));
            }
            self.nodes[index] = Node::Map(entries);
            return Ok(Value::Node(index));
        }
        // 16. [[SetData]]: a "Set" record; deep.
        if let Ok(set) = JsSet::from_object(object.clone()) {
            let index = self.push(&object, Node::Pending);
            let mut copied = Vec::new();
            set.for_each_native(|v| {
                copied.push(v);
                Ok(())
            })?;
            let mut entries = Vec::with_capacity(copied.len());
            for v in copied {
                entries.push(self.value(&v, context)?);
            }
            self.nodes[index] = Node::Set(entries);
            return Ok(Value::Node(index));
        }
        // 17. [[ErrorData]].
        if object.is::<Error>() {
            return self.error(&object, context);
        }
        // 18. IsArray(value) (an Array exotic object): { [[Type]]: "Array", [[Length]]:
        //     the "length" property's value, [[Properties]] }; deep.
        if let Ok(array) = JsArray::from_object(object.clone()) {
            let length = array.length(context)?;
            let index = self.push(&object, Node::Pending);
            let entries = self.properties(&object, context)?;
            self.nodes[index] = Node::Array(length, entries);
            return Ok(Value::Node(index));
        }
        // 19. A serializable platform object: its serialization steps.
        if let Some(e) = as_dom_exception(value) {
            let node = Node::DomException {
                name: e.name.to_vec(),
                message: e.message.to_vec(),
            };
            return Ok(Value::Node(self.push(&object, node)));
        }
        if let Some(record) = blob::serialize(&object) {
            return Ok(Value::Node(self.push(&object, Node::Blob(record))));
        }
        // 21. If IsCallable(value) is true, then throw a "DataCloneError" DOMException.
        if object.is_callable() {
            return Err(data_clone_error(context, "A function could not be cloned."));
        }
        // 20, 22, 23. A platform object that is not serializable, an object with other internal
        //     slots (WeakMap, Promise, …) or an exotic object (a Proxy, …) other than
        //     %Object.prototype%: throw a "DataCloneError" DOMException.
        if !object.is::<OrdinaryObject>() {
            return Err(data_clone_error(context, "The object could not be cloned."));
        }
        // 24. Otherwise: { [[Type]]: "Object", [[Properties]] }; deep.
        let index = self.push(&object, Node::Pending);
        let entries = self.properties(&object, context)?;
        self.nodes[index] = Node::Object(entries);
        Ok(Value::Node(index))
    }

    /// Step 26.4 (arrays and objects): for each key in ! EnumerableOwnProperties(value, key):
    /// if ! HasOwnProperty(value, key) is true, let inputValue be ? value.[[Get]](key, value),
    /// let outputValue be ? StructuredSerializeInternal(inputValue, forStorage, memory), and
    /// append { [[Key]]: key, [[Value]]: outputValue }.
    fn properties(&mut self, object: &JsObject, context: &mut Context) -> JsResult<Entries> {
        let keys: Vec<PropertyKey> = object
            .own_property_keys(context)?
            .into_iter()
            .filter(|key| {
                !matches!(key, PropertyKey::Symbol(_))
                    && own_descriptor(object, key).is_some_and(|d| d.expect_enumerable())
            })
            .collect();
        let mut entries = Vec::with_capacity(keys.len());
        for key in keys {
            // A getter may have deleted a later property.
            if !object.has_own_property(key.clone(), context)? {
                continue;
            }
            let input = object.get(key.clone(), context)?;
            let output = self.value(&input, context)?;
            if let Some(name) = key_string(&key) {
                entries.push((name.to_vec(), output));
            }
        }
        Ok(entries)
    }

    /// Step 17 (Error objects): 1. Let name be ? Get(value, "name"). 2. If name is not one of
    /// "Error", "EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", or
    /// "URIError", then set name to "Error". 3. Let valueMessageDesc be ? value.
    /// [[GetOwnProperty]]("message"). 4. Let message be undefined if
    /// IsDataDescriptor(valueMessageDesc) is false, and ? ToString(valueMessageDesc.[[Value]])
    /// otherwise. 5. Set serialized to { [[Type]]: "Error", [[Name]]: name, [[Message]]:
    /// message }. 6. User agents should attach a serialized representation of any interesting
    /// accompanying data: here an own data property `cause`.
    fn error(&mut self, object: &JsObject, context: &mut Context) -> JsResult<Value> {
        let name = object.get(JsString::from("name"), context)?;
        let name = name
            .as_string()
            .and_then(|n| {
                let n = n.to_std_string_escaped();
                ERROR_NAMES.iter().copied().find(|known| *known == n)
            })
            .unwrap_or("Error");
        let message_key = PropertyKey::from(JsString::from("message"));
        let message = match own_descriptor(object, &message_key) {
            Some(d) if d.is_data_descriptor() => {
                let value = d.value().cloned().unwrap_or_default();
                Some(value.to_string(context)?.to_vec())
            }
            _ => None,
        };
        let index = self.push(object, Node::Pending);
        let cause_key = PropertyKey::from(JsString::from("cause"));
        let cause = match own_descriptor(object, &cause_key) {
            Some(d) if d.is_data_descriptor() => {
                let value = d.value().cloned().unwrap_or_default();
                Some(self.value(&value, context)?)
            }
            _ => None,
        };
        self.nodes[index] = Node::Error {
            name,
            message,
            cause,
        };
        Ok(Value::Node(index))
    }
}

/// A RegExp's [[OriginalSource]], or a pattern equivalent to it whose `source` is the same.
///
/// Boa keeps the slot private; its `source` getter (EscapeRegExpPattern) puts a `\` before
/// every `/` and writes line terminators as `\n`, `\r`, `\u2028`, `\u2029`. Removing the `\`
/// before each `/` undoes the first exactly; the escaped line terminators are left as they are,
/// which match the same characters and escape to the same `source`.
fn regexp_original_source(object: &JsObject, context: &mut Context) -> JsResult<Vec<u16>> {
    let regexp = JsRegExp::from_object(object.clone())?;
    let escaped = regexp.source(context)?;
    Ok(JsString::from(unescape_slashes(&escaped).as_str()).to_vec())
}

/// The inverse of Boa's escaping of `/` in a RegExp's `source`.
fn unescape_slashes(source: &str) -> String {
    let mut result = String::with_capacity(source.len());
    for c in source.chars() {
        if c == '/' && result.ends_with('\\') {
            result.pop();
        }
        result.push(c);
    }
    result
}

/// `structuredClone(value, { transfer })` (HTML §2.7.8).
pub fn structured_clone(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    use crate::engine::webidl::type_error;
    use crate::web::dom::interface::{arguments_required, dictionary, member, sequence};
    let err = |m: &str| type_error("Window", "structuredClone", m);
    let Some(value) = args.first() else {
        return Err(err(&arguments_required(1, 0)));
    };
    let options = dictionary(args.get(1), err, "StructuredSerializeOptions")?;
    let transfer = member(options.as_ref(), js_string!("transfer"), context)?;
    let transfer = if transfer.is_undefined() {
        Vec::new()
    } else {
        sequence(&transfer, context, err)?
    };
    // 1. Let serialized be ? StructuredSerializeWithTransfer(value, options["transfer"]).
    let mut serialized = serialize_with_transfer(value, &transfer, context)?;
    // 2. Let deserializeRecord be ? StructuredDeserializeWithTransfer(serialized, this's
    //    relevant realm). (`this` is a window or worker global; another window's
    //    `structuredClone.call(window, …)` deserializes into `window`'s realm.)
    // 3. Return deserializeRecord.[[Deserialized]].
    let target = this
        .as_object()
        .and_then(|global| crate::agent::realm::realm_of_global(context, &global));
    match target {
        Some(realm) => crate::agent::realm::in_realm(context, &realm, |context| {
            Ok(deserialize_with_transfer(&mut serialized, context)?.value)
        }),
        None => Ok(deserialize_with_transfer(&mut serialized, context)?.value),
    }
}

#[cfg(test)]
mod tests {
    use super::unescape_slashes;

    #[test]
    fn regexp_sources_unescape_to_equivalent_patterns() {
        assert_eq!(unescape_slashes(r"\/"), "/");
        assert_eq!(unescape_slashes(r"a\\/b"), r"a\/b");
        assert_eq!(unescape_slashes(r"\n(?:)"), r"\n(?:)");
        assert_eq!(unescape_slashes("x"), "x");
    }
}
