//! The `MutationRecord` interface (DOM §4.3.3): what one mutation of a node was.
//!
//! Deviation: `addedNodes` and `removedNodes` are frozen arrays, not `NodeList`s (taskhost has
//! no `NodeList`); each record returns the same array every time.

use boa_engine::object::builtins::JsArray;
use boa_engine::{Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::web::dom::interface::{
    InterfaceSpec, define_interface, illegal_invocation, prototype_of, this_object,
};

/// A mutation record's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MutationType {
    Attributes,
    CharacterData,
    ChildList,
}

impl MutationType {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Attributes => "attributes",
            Self::CharacterData => "characterData",
            Self::ChildList => "childList",
        }
    }
}

/// The native data of `MutationRecord` objects.
#[derive(Trace, Finalize, JsData)]
pub struct MutationRecordData {
    #[unsafe_ignore_trace]
    kind: MutationType,
    target: JsObject,
    added_nodes: JsObject,
    removed_nodes: JsObject,
    previous_sibling: Option<JsObject>,
    next_sibling: Option<JsObject>,
    #[unsafe_ignore_trace]
    attribute_name: Option<String>,
    #[unsafe_ignore_trace]
    old_value: Option<String>,
}

/// What a new record holds (DOM "queue a mutation record" step 4.1).
pub struct RecordInit {
    pub kind: MutationType,
    pub target: JsObject,
    pub attribute_name: Option<String>,
    pub old_value: Option<String>,
    pub added_nodes: Vec<JsObject>,
    pub removed_nodes: Vec<JsObject>,
    pub previous_sibling: Option<JsObject>,
    pub next_sibling: Option<JsObject>,
}

fn frozen_array(nodes: &[JsObject], context: &mut Context) -> JsResult<JsObject> {
    let array = JsArray::from_iter(nodes.iter().cloned().map(JsValue::from), context);
    let object = JsObject::from(array);
    object.set_integrity_level(boa_engine::object::IntegrityLevel::Frozen, context)?;
    Ok(object)
}

/// A new MutationRecord object in the current realm.
pub fn new_mutation_record(init: RecordInit, context: &mut Context) -> JsResult<JsObject> {
    let proto = prototype_of(context, "MutationRecord")?;
    let added_nodes = frozen_array(&init.added_nodes, context)?;
    let removed_nodes = frozen_array(&init.removed_nodes, context)?;
    Ok(JsObject::from_proto_and_data(
        proto,
        MutationRecordData {
            kind: init.kind,
            target: init.target,
            added_nodes,
            removed_nodes,
            previous_sibling: init.previous_sibling,
            next_sibling: init.next_sibling,
            attribute_name: init.attribute_name,
            old_value: init.old_value,
        },
    ))
}

fn getter(read: fn(&MutationRecordData) -> JsValue) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        let object = this_object(this, context)?;
        let data = object
            .downcast_ref::<MutationRecordData>()
            .ok_or_else(illegal_invocation)?;
        Ok(read(&data))
    })
}

fn string_or_null(s: Option<&String>) -> JsValue {
    s.map_or_else(JsValue::null, |s| JsString::from(s.as_str()).into())
}

fn node_or_null(node: Option<&JsObject>) -> JsValue {
    node.cloned().map_or_else(JsValue::null, JsValue::from)
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "MutationRecord",
            parent: None,
            length: 0,
            constructor: None,
        },
        |m| {
            m.attribute(
                "type",
                getter(|d| JsString::from(d.kind.as_str()).into()),
                None,
            )
            .attribute("target", getter(|d| d.target.clone().into()), None)
            .attribute("addedNodes", getter(|d| d.added_nodes.clone().into()), None)
            .attribute(
                "removedNodes",
                getter(|d| d.removed_nodes.clone().into()),
                None,
            )
            .attribute(
                "previousSibling",
                getter(|d| node_or_null(d.previous_sibling.as_ref())),
                None,
            )
            .attribute(
                "nextSibling",
                getter(|d| node_or_null(d.next_sibling.as_ref())),
                None,
            )
            .attribute(
                "attributeName",
                getter(|d| string_or_null(d.attribute_name.as_ref())),
                None,
            )
            // Attributes have no namespaces here: always null.
            .attribute("attributeNamespace", getter(|_| JsValue::null()), None)
            .attribute(
                "oldValue",
                getter(|d| string_or_null(d.old_value.as_ref())),
                None,
            );
        },
    )?;
    Ok(())
}
