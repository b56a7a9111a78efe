//! Structured serialization with transfer (HTML §2.7), for `postMessage` and `structuredClone`.
//!
//! taskhost's serializer walks the object graph itself for what the web layer owns or must
//! handle by identity — plain objects, arrays, `Error`s, `DOMException`s, transferred
//! `MessagePort`s, cycles and shared references — and hands the engine's binary and built-in
//! leaves (`Date`, `RegExp`, `ArrayBuffer`, typed arrays, `Map`, `Set`) to boa_runtime's
//! `JsValueStore`, the serialization behind boa_runtime's own `structuredClone`.
//!
//! Invariants: a [`Serialized`] record is plain Rust data and `Send` (primitives, context-free
//! stores and transferred port records), so it may wait in a port's queue without keeping
//! objects of the sender alive and may cross to another agent's thread; deserializing a record
//! without ports twice gives two independent graphs.
//!
//! Deviations: values inside a `Map` or `Set` are cloned by the store, which does not know
//! DOMExceptions or ports (they come out as plain objects / fail); primitive wrapper objects
//! (`new Number(1)`) and other platform objects are a DataCloneError.

use std::collections::HashMap;

use boa_engine::builtins::error::Error;
use boa_engine::builtins::object::OrdinaryObject;
use boa_engine::object::builtins::{
    JsArray, JsArrayBuffer, JsDataView, JsDate, JsMap, JsRegExp, JsSet, JsSharedArrayBuffer,
    JsTypedArray,
};
use boa_engine::value::TryIntoJs;
use boa_engine::{
    Context, JsBigInt, JsError, JsNativeError, JsObject, JsResult, JsString, JsValue,
};
use boa_runtime::store::JsValueStore;

use crate::web::dom::dom_exception::{as_dom_exception, dom_exception_error, new_dom_exception};
use crate::web::html::message_port::{self, TransferredPort};

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

/// A serialized value: a primitive, or a reference to a node of the record.
#[derive(Clone, Debug)]
enum Value {
    Primitive(Primitive),
    Node(usize),
}

/// The own enumerable properties of a serialized object or array: (key, value), in order.
type Entries = Vec<(Vec<u16>, Value)>;

enum Node {
    Object(Entries),
    Array(u64, Entries),
    Error {
        name: &'static str,
        message: Option<Vec<u16>>,
    },
    DomException {
        name: Vec<u16>,
        message: Vec<u16>,
    },
    /// Index into the record's transferred ports.
    Port(usize),
    Leaf(JsValueStore),
}

/// The result of StructuredSerializeWithTransfer: plain Rust data, `Send`, so a message may
/// wait in a port's queue without keeping objects alive and may cross to a worker's thread.
pub struct Serialized {
    nodes: Vec<Node>,
    root: Value,
    /// Transferred ports, in transfer-list order.
    ports: Vec<TransferredPort>,
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

fn data_clone_error(context: &Context, message: &str) -> JsError {
    dom_exception_error(context, message, "DataCloneError")
}

/// The error names that survive serialization (HTML §2.7.3, Error objects).
const ERROR_NAMES: &[&str] = &[
    "Error",
    "EvalError",
    "RangeError",
    "ReferenceError",
    "SyntaxError",
    "TypeError",
    "URIError",
];

struct Serializer {
    nodes: Vec<Node>,
    memory: HashMap<JsObject, usize>,
    /// Transferred ports: object → index in `ports`.
    port_objects: Vec<JsObject>,
    buffers: Vec<JsValue>,
    /// Current nesting depth (bounded like JS recursion: a RangeError beyond the limit).
    depth: usize,
}

/// StructuredSerializeWithTransfer(value, transferList) (HTML §2.7.5).
pub fn serialize_with_transfer(
    value: &JsValue,
    transfer: &[JsValue],
    context: &mut Context,
) -> JsResult<Serialized> {
    let mut s = Serializer {
        nodes: Vec::new(),
        memory: HashMap::new(),
        port_objects: Vec::new(),
        buffers: Vec::new(),
        depth: 0,
    };
    // 1. Let memory be an empty map.
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
        let seen = s.port_objects.iter().any(|o| JsObject::equals(o, &object))
            || s.buffers.iter().any(|b| b == item);
        // 2.2. If memory[transferable] exists, then throw a "DataCloneError" DOMException.
        if seen {
            return Err(data_clone_error(
                context,
                "Value in the transfer list is duplicated.",
            ));
        }
        // 2.1. If transferable has neither an [[ArrayBufferData]] internal slot nor a
        //      [[Detached]] internal slot, then throw a "DataCloneError" DOMException; nor may it
        //      be a SharedArrayBuffer.
        if message_port::port_state(&object).is_some() {
            s.port_objects.push(object);
        } else if JsArrayBuffer::from_object(object.clone()).is_ok() {
            s.buffers.push(item.clone());
        } else {
            return Err(data_clone_error(
                context,
                "Value in the transfer list is not transferable.",
            ));
        }
    }
    // 5.1 (checked before serializing, because serializing an ArrayBuffer leaf with the store
    //     already transfers it): a transferable that is detached is a DataCloneError.
    for buffer in &s.buffers {
        if is_detached_buffer(buffer) {
            return Err(data_clone_error(
                context,
                "An ArrayBuffer in the transfer list is detached.",
            ));
        }
    }
    // 3. Let serialized be ? StructuredSerializeInternal(value, false, memory).
    let root = s.value(value, context)?;
    // 4. Let transferDataHolders be a new empty List.
    // 5. For each transferable of transferList: if it is detached, throw a DataCloneError;
    //    otherwise run its transfer steps.
    let mut ports = Vec::with_capacity(s.port_objects.len());
    for object in &s.port_objects {
        match message_port::transfer(object, context)? {
            Some(port) => ports.push(port),
            None => {
                return Err(data_clone_error(
                    context,
                    "A MessagePort in the transfer list is detached.",
                ));
            }
        }
    }
    for buffer in &s.buffers {
        if is_detached_buffer(buffer) {
            // Transferred while serializing the value.
            continue;
        }
        // Transfer steps of an ArrayBuffer that the value did not reach: detach it.
        JsValueStore::try_from_js(buffer, context, vec![buffer.clone()]).map_err(|_| {
            data_clone_error(
                context,
                "An ArrayBuffer in the transfer list could not be transferred.",
            )
        })?;
    }
    Ok(Serialized {
        nodes: s.nodes,
        root,
        ports,
    })
}

fn is_detached_buffer(buffer: &JsValue) -> bool {
    buffer
        .as_object()
        .and_then(|o| JsArrayBuffer::from_object(o).ok())
        .is_none_or(|b| b.data().is_none())
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
        // 1–3. Primitives other than Symbol serialize as themselves; a Symbol is an error.
        let Some(object) = value.as_object() else {
            return match Primitive::from_js(value) {
                Some(primitive) => Ok(Value::Primitive(primitive)),
                None => Err(data_clone_error(context, "Symbol could not be cloned.")),
            };
        };
        // 4. If memory[value] exists, then return memory[value].
        if let Some(&index) = self.memory.get(&object) {
            return Ok(Value::Node(index));
        }
        if let Some(i) = self
            .port_objects
            .iter()
            .position(|o| JsObject::equals(o, &object))
        {
            return Ok(Value::Node(self.push(&object, Node::Port(i))));
        }
        if let Some(e) = as_dom_exception(value) {
            let node = Node::DomException {
                name: e.name.to_vec(),
                message: e.message.to_vec(),
            };
            return Ok(Value::Node(self.push(&object, node)));
        }
        if object.is_callable() {
            return Err(data_clone_error(context, "function could not be cloned."));
        }
        if object.is::<Error>() {
            return self.error(&object, context);
        }
        if let Ok(array) = JsArray::from_object(object.clone()) {
            let length = array.length(context)?;
            let index = self.push(&object, Node::Array(length, Vec::new()));
            let entries = self.entries(&object, context)?;
            self.nodes[index] = Node::Array(length, entries);
            return Ok(Value::Node(index));
        }
        let is_leaf = JsDate::from_object(object.clone()).is_ok()
            || JsRegExp::from_object(object.clone()).is_ok()
            || JsArrayBuffer::from_object(object.clone()).is_ok()
            || JsSharedArrayBuffer::from_object(object.clone()).is_ok()
            || JsTypedArray::from_object(object.clone()).is_ok()
            || JsMap::from_object(object.clone()).is_ok()
            || JsSet::from_object(object.clone()).is_ok();
        if is_leaf && JsDataView::from_object(object.clone()).is_err() {
            let store = JsValueStore::try_from_js(value, context, self.buffers.clone())
                .map_err(|e| data_clone_error(context, &clone_message(&e)))?;
            return Ok(Value::Node(self.push(&object, Node::Leaf(store))));
        }
        if !object.is::<OrdinaryObject>() {
            return Err(data_clone_error(context, "The object could not be cloned."));
        }
        // An ordinary object: its enumerable own string-keyed properties.
        let index = self.push(&object, Node::Object(Vec::new()));
        let entries = self.entries(&object, context)?;
        self.nodes[index] = Node::Object(entries);
        Ok(Value::Node(index))
    }

    /// For each key in ! EnumerableOwnProperties(value, key): serialize ? Get(value, key).
    fn entries(&mut self, object: &JsObject, context: &mut Context) -> JsResult<Entries> {
        let mut entries = Vec::new();
        for key in object.own_property_keys(context)? {
            let boa_engine::property::PropertyKey::Symbol(_) = key else {
                let name = JsString::from(key.to_string().as_str());
                if !is_enumerable(object, &name, context)? {
                    continue;
                }
                let v = object.get(key, context)?;
                let v = self.value(&v, context)?;
                entries.push((name.to_vec(), v));
                continue;
            };
        }
        Ok(entries)
    }

    /// Error objects: name (one of the standard names, else "Error") and own data "message".
    fn error(&mut self, object: &JsObject, context: &mut Context) -> JsResult<Value> {
        let name = object.get(JsString::from("name"), context)?;
        let name = name
            .as_string()
            .and_then(|n| {
                let n = n.to_std_string_escaped();
                ERROR_NAMES.iter().copied().find(|known| *known == n)
            })
            .unwrap_or("Error");
        let message = if object.has_own_property(JsString::from("message"), context)? {
            Some(
                object
                    .get(JsString::from("message"), context)?
                    .to_string(context)?
                    .to_vec(),
            )
        } else {
            None
        };
        Ok(Value::Node(
            self.push(object, Node::Error { name, message }),
        ))
    }
}

fn is_enumerable(object: &JsObject, key: &JsString, context: &mut Context) -> JsResult<bool> {
    let proto = context.intrinsics().constructors().object().prototype();
    let f = proto.get(JsString::from("propertyIsEnumerable"), context)?;
    match f.as_callable() {
        Some(f) => Ok(f
            .call(&object.clone().into(), &[key.clone().into()], context)?
            .to_boolean()),
        None => Ok(true),
    }
}

fn clone_message(error: &JsError) -> String {
    let text = error.to_string();
    text.strip_prefix("Error: DataCloneError: ")
        .unwrap_or(&text)
        .to_owned()
}

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
    // The transfer-receiving steps of each port: a new MessagePort object holding the state.
    let ports = serialized
        .ports
        .iter_mut()
        .map(|p| message_port::receive(p, context))
        .collect::<JsResult<Vec<_>>>()?;
    let mut made: Vec<Option<JsValue>> = vec![None; serialized.nodes.len()];
    let value = deserialize(serialized, &serialized.root, &ports, &mut made, context)?;
    Ok(Deserialized { value, ports })
}

fn deserialize(
    s: &Serialized,
    value: &Value,
    ports: &[JsObject],
    made: &mut Vec<Option<JsValue>>,
    context: &mut Context,
) -> JsResult<JsValue> {
    let index = match value {
        Value::Primitive(v) => return Ok(v.to_js()),
        Value::Node(i) => *i,
    };
    if let Some(v) = &made[index] {
        return Ok(v.clone());
    }
    let (object, entries): (JsValue, Option<&Entries>) = match &s.nodes[index] {
        Node::Object(entries) => (
            boa_engine::object::ObjectInitializer::new(context)
                .build()
                .into(),
            Some(entries),
        ),
        Node::Array(length, entries) => {
            let array = JsArray::new(context)?;
            array.set(JsString::from("length"), *length, true, context)?;
            (array.into(), Some(entries))
        }
        Node::Error { name, message } => {
            let message = message.as_ref().map(|m| String::from_utf16_lossy(m));
            let error = match *name {
                "EvalError" => JsNativeError::eval(),
                "RangeError" => JsNativeError::range(),
                "ReferenceError" => JsNativeError::reference(),
                "SyntaxError" => JsNativeError::syntax(),
                "TypeError" => JsNativeError::typ(),
                "URIError" => JsNativeError::uri(),
                _ => JsNativeError::error(),
            };
            let error = match message {
                Some(m) => error.with_message(m),
                None => error,
            };
            (error.into_opaque(context).into(), None)
        }
        Node::DomException { name, message } => (
            new_dom_exception(
                context,
                &String::from_utf16_lossy(message),
                &String::from_utf16_lossy(name),
            )?
            .into(),
            None,
        ),
        Node::Port(i) => (
            ports
                .get(*i)
                .cloned()
                .map_or_else(JsValue::null, JsValue::from),
            None,
        ),
        Node::Leaf(store) => (store.try_into_js(context)?, None),
    };
    made[index] = Some(object.clone());
    if let (Some(entries), Some(target)) = (entries, object.as_object()) {
        for (key, v) in entries {
            let v = deserialize(s, v, ports, made, context)?;
            target.create_data_property_or_throw(JsString::from(key.as_slice()), v, context)?;
        }
    }
    Ok(object)
}

/// `structuredClone(value, { transfer })` (HTML §2.7.8).
pub fn structured_clone(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    use crate::engine::webidl::type_error;
    use crate::web::dom::interface::{arguments_required, dictionary, member, sequence};
    let err = |m: &str| type_error("Window", "structuredClone", m);
    let Some(value) = args.first() else {
        return Err(err(&arguments_required(1, 0)));
    };
    let options = dictionary(args.get(1), err, "StructuredSerializeOptions")?;
    let transfer = member(options.as_ref(), "transfer", context)?;
    let transfer = if transfer.is_undefined() {
        Vec::new()
    } else {
        sequence(&transfer, context, err)?
    };
    // 1. Let serialized be ? StructuredSerializeWithTransfer(value, options["transfer"]).
    let mut serialized = serialize_with_transfer(value, &transfer, context)?;
    // 2. Let deserializeRecord be ? StructuredDeserializeWithTransfer(serialized, this's
    //    relevant realm).
    // 3. Return deserializeRecord.[[Deserialized]].
    Ok(deserialize_with_transfer(&mut serialized, context)?.value)
}
