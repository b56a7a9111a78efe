//! The `Node` interface (DOM §4.4) and the node tree: as much of it as a document that contains
//! browsing contexts and scripts needs — parents and children, insertion and removal with their
//! "insertion steps" and "removing steps", connectedness, and `textContent`.
//!
//! Deviation, deliberate: no `NodeList`/`HTMLCollection` objects, no ranges, no mutation
//! observers, no shadow trees, no `DocumentFragment`; events at nodes are dispatched to the target
//! alone (no propagation path through ancestors), which is all `load` needs (it does not bubble).
//!
//! Invariants:
//! - A node has at most one parent, and it is among that parent's children exactly once.
//! - A document has no parent; its descendants are *connected*.
//! - Insertion steps run for every connected inclusive descendant of an inserted node, after the
//!   node is in the tree; removing steps run for the removed node and its descendants after it
//!   left the tree (DOM "insert" step 7.7, "remove" steps 14–15).

use std::cell::{Cell, RefCell};

use boa_engine::{
    Context, JsData, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction,
};
use boa_gc::{Finalize, Gc, GcRefCell, Trace};

use crate::web::dom::event_target::{EventTargetState, IsEventTarget, register_event_target_brand};
use crate::web::dom::interface::{
    InterfaceSpec, arg, define_interface, illegal_invocation, this_object,
};
use crate::web::dom::mutation_observer::{RegisteredObserver, queue_tree_mutation_record};

/// What kind of node a node is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    Document,
    /// An HTML element, by its local name (lower case).
    Element(String),
    Text,
    Comment,
}

/// A child browsing context's window: the global object of the realm an `<iframe>` contains.
#[derive(Trace, Finalize, Clone)]
pub struct ContentWindow {
    pub global: JsObject,
    pub realm: boa_engine::realm::Realm,
}

/// The state of one node.
#[derive(Trace, Finalize)]
pub struct NodeState {
    #[unsafe_ignore_trace]
    pub kind: NodeKind,
    pub parent: GcRefCell<Option<JsObject>>,
    pub children: GcRefCell<Vec<JsObject>>,
    /// The node document (`None` for a document itself).
    pub document: GcRefCell<Option<JsObject>>,
    /// An element's attributes, in the order they were set.
    #[unsafe_ignore_trace]
    pub attributes: RefCell<Vec<(String, String)>>,
    /// A text or comment node's data.
    #[unsafe_ignore_trace]
    pub data: RefCell<String>,
    /// An `<iframe>`'s content window, while it has one.
    pub content: GcRefCell<Option<ContentWindow>>,
    /// A document's window (its relevant global object).
    pub window: GcRefCell<Option<JsObject>>,
    /// A `<script>` element's "already started" and "parser document" (parser-inserted) flags.
    #[unsafe_ignore_trace]
    pub script_started: Cell<bool>,
    #[unsafe_ignore_trace]
    pub parser_inserted: Cell<bool>,
    /// A parser-inserted `<script>`'s line in its document: where its inline text begins.
    #[unsafe_ignore_trace]
    pub script_line: Cell<u64>,
    /// The registered observer list (DOM §4.3): mutation observers observing this node.
    pub registered_observers: GcRefCell<Vec<RegisteredObserver>>,
    /// A `<details>` element's details toggle task tracker (HTML §4.11.1): the generation of
    /// its queued toggle task and the old state it reports.
    #[unsafe_ignore_trace]
    pub details_toggle: RefCell<Option<(u64, String)>>,
    /// An element's click in progress flag (HTML §6.1.2, `click()`).
    #[unsafe_ignore_trace]
    pub click_in_progress: Cell<bool>,
    /// A document's focused area, when it is an element (HTML §6.6.2; `None`: the viewport).
    pub focused: GcRefCell<Option<JsObject>>,
    /// An `<input>` element's state (checkedness, value) once it differs from what its
    /// attributes give (`None` until then; HTML §4.10.5).
    #[unsafe_ignore_trace]
    pub input: RefCell<Option<Box<crate::web::html::html_input_element::InputState>>>,
    /// A document's DOMImplementation (`[SameObject]`), once read.
    pub implementation: GcRefCell<Option<JsObject>>,
}

/// The native data of every node object: a node is an EventTarget.
#[derive(Trace, Finalize, JsData)]
pub struct NodeData {
    pub event_target: Gc<EventTargetState>,
    pub node: Gc<NodeState>,
}

impl IsEventTarget for NodeData {
    fn event_target_state(&self) -> Gc<EventTargetState> {
        self.event_target.clone()
    }
}

/// The node state of `object`, if it is a node.
#[must_use]
pub fn node_state(object: &JsObject) -> Option<Gc<NodeState>> {
    object.downcast_ref::<NodeData>().map(|d| d.node.clone())
}

/// A new node of `kind` with the given prototype, owned by `document`.
#[must_use]
pub fn new_node(prototype: JsObject, kind: NodeKind, document: Option<JsObject>) -> JsObject {
    JsObject::from_proto_and_data(
        prototype,
        NodeData {
            event_target: EventTargetState::new(),
            node: Gc::new(NodeState {
                kind,
                parent: GcRefCell::new(None),
                children: GcRefCell::new(Vec::new()),
                document: GcRefCell::new(document),
                attributes: RefCell::new(Vec::new()),
                data: RefCell::new(String::new()),
                content: GcRefCell::new(None),
                window: GcRefCell::new(None),
                script_started: Cell::new(false),
                parser_inserted: Cell::new(false),
                script_line: Cell::new(0),
                registered_observers: GcRefCell::new(Vec::new()),
                details_toggle: RefCell::new(None),
                click_in_progress: Cell::new(false),
                focused: GcRefCell::new(None),
                input: RefCell::new(None),
                implementation: GcRefCell::new(None),
            }),
        },
    )
}

/// The local name of an element (`None` for other nodes).
#[must_use]
pub fn local_name(object: &JsObject) -> Option<String> {
    match &node_state(object)?.kind {
        NodeKind::Element(name) => Some(name.clone()),
        _ => None,
    }
}

/// The value of an element's attribute `name`.
#[must_use]
pub fn attribute(object: &JsObject, name: &str) -> Option<String> {
    let state = node_state(object)?;
    let attributes = state.attributes.borrow();
    attributes
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.clone())
}

/// Set an element's attribute `name` (no attribute change steps run).
pub fn set_attribute_value(object: &JsObject, name: &str, value: &str) {
    if let Some(state) = node_state(object) {
        let mut attributes = state.attributes.borrow_mut();
        match attributes.iter_mut().find(|(n, _)| n == name) {
            Some(entry) => value.clone_into(&mut entry.1),
            None => attributes.push((name.to_owned(), value.to_owned())),
        }
    }
}

/// The root of `object` (itself if it has no parent).
#[must_use]
pub fn root(object: &JsObject) -> JsObject {
    let mut node = object.clone();
    while let Some(parent) = node_state(&node).and_then(|s| s.parent.borrow().clone()) {
        node = parent;
    }
    node
}

/// DOM "connected": the node's root is a document.
#[must_use]
pub fn is_connected(object: &JsObject) -> bool {
    node_state(&root(object)).is_some_and(|s| s.kind == NodeKind::Document)
}

/// `object` and its descendants, in tree order.
#[must_use]
pub fn inclusive_descendants(object: &JsObject) -> Vec<JsObject> {
    let mut out = Vec::new();
    let mut stack = vec![object.clone()];
    while let Some(node) = stack.pop() {
        if let Some(state) = node_state(&node) {
            stack.extend(state.children.borrow().iter().rev().cloned());
        }
        out.push(node);
    }
    out
}

/// Whether `ancestor` is an inclusive ancestor of `node`.
fn is_inclusive_ancestor(ancestor: &JsObject, node: &JsObject) -> bool {
    let mut current = Some(node.clone());
    while let Some(n) = current {
        if JsObject::equals(&n, ancestor) {
            return true;
        }
        current = node_state(&n).and_then(|s| s.parent.borrow().clone());
    }
    false
}

fn hierarchy_request_error(context: &mut Context, message: &str) -> JsResult<()> {
    Err(crate::web::dom::dom_exception::dom_exception_error(
        context,
        message,
        "HierarchyRequestError",
    ))
}

/// DOM "ensure pre-insertion validity" of `node` into `parent` before `child`, as far as these
/// trees need it.
fn ensure_pre_insertion_validity(
    node: &JsObject,
    parent: &JsObject,
    child: Option<&JsObject>,
    context: &mut Context,
) -> JsResult<()> {
    let Some(parent_state) = node_state(parent) else {
        return hierarchy_request_error(context, "The parent is not a node.");
    };
    // 1. If parent is not a Document, DocumentFragment, or Element node, throw.
    if matches!(parent_state.kind, NodeKind::Text | NodeKind::Comment) {
        return hierarchy_request_error(context, "This node type does not support this method.");
    }
    // 2. If node is a host-including inclusive ancestor of parent, throw.
    if is_inclusive_ancestor(node, parent) {
        return hierarchy_request_error(context, "The new child element contains the parent.");
    }
    // 3. If child is non-null and its parent is not parent, throw a "NotFoundError".
    if let Some(child) = child
        && !node_state(child)
            .and_then(|s| s.parent.borrow().clone())
            .is_some_and(|p| JsObject::equals(&p, parent))
    {
        return Err(crate::web::dom::dom_exception::dom_exception_error(
            context,
            "The node before which the new node is to be inserted is not a child of this node.",
            "NotFoundError",
        ));
    }
    // 4–6. (node is a Document: throw; text into a document: throw; a document has at most one
    //      element child.)
    let Some(node_kind) = node_state(node).map(|s| s.kind.clone()) else {
        return hierarchy_request_error(context, "The new child is not a node.");
    };
    if node_kind == NodeKind::Document {
        return hierarchy_request_error(context, "Nodes of type '#document' may not be inserted.");
    }
    if parent_state.kind == NodeKind::Document {
        if node_kind == NodeKind::Text {
            return hierarchy_request_error(
                context,
                "Nodes of type '#text' may not be inserted inside nodes of type '#document'.",
            );
        }
        if matches!(node_kind, NodeKind::Element(_))
            && parent_state
                .children
                .borrow()
                .iter()
                .any(|c| local_name(c).is_some())
        {
            return hierarchy_request_error(context, "Only one element on document allowed.");
        }
    }
    Ok(())
}

/// DOM "pre-insert" `node` into `parent` before `child`, with its validity checks.
pub fn pre_insert(
    node: &JsObject,
    parent: &JsObject,
    child: Option<&JsObject>,
    context: &mut Context,
) -> JsResult<()> {
    // 1. Ensure pre-insertion validity of node into parent before child.
    ensure_pre_insertion_validity(node, parent, child, context)?;
    // 2–3. Let referenceChild be child; if it is node, set it to node's next sibling.
    let reference = match child {
        Some(c) if JsObject::equals(c, node) => next_sibling(node),
        other => other.cloned(),
    };
    // 4. Insert node into parent before referenceChild.
    insert(node, parent, reference.as_ref(), context)
}

fn next_sibling(node: &JsObject) -> Option<JsObject> {
    let parent = node_state(node)?.parent.borrow().clone()?;
    let parent_state = node_state(&parent)?;
    let children = parent_state.children.borrow();
    let index = children.iter().position(|c| JsObject::equals(c, node))?;
    children.get(index + 1).cloned()
}

/// DOM "insert" `node` into `parent` before `child` (no validity checks: the parser and
/// `pre_insert` call it).
pub fn insert(
    node: &JsObject,
    parent: &JsObject,
    child: Option<&JsObject>,
    context: &mut Context,
) -> JsResult<()> {
    insert_observed(node, parent, child, false, context)
}

/// DOM "insert" with its "suppress observers flag".
fn insert_observed(
    node: &JsObject,
    parent: &JsObject,
    child: Option<&JsObject>,
    suppress_observers: bool,
    context: &mut Context,
) -> JsResult<()> {
    let (Some(node_st), Some(parent_st)) = (node_state(node), node_state(parent)) else {
        return Ok(());
    };
    // (Adopt: node's parent, if any, removes it first — "adopt node into parent's node
    // document", step 2 of adopt.)
    if node_st.parent.borrow().is_some() {
        remove(node, context)?;
    }
    let document = match parent_st.kind {
        NodeKind::Document => Some(parent.clone()),
        _ => parent_st.document.borrow().clone(),
    };
    for descendant in inclusive_descendants(node) {
        if let Some(s) = node_state(&descendant) {
            *s.document.borrow_mut() = document.clone();
        }
    }
    // 6. Let previousSibling be child's previous sibling or parent's last child if child is
    //    null.
    // 7.1. Insert node into parent's children before child, or append it.
    let previous_sibling = {
        let mut children = parent_st.children.borrow_mut();
        let index = child
            .and_then(|c| children.iter().position(|x| JsObject::equals(x, c)))
            .unwrap_or(children.len());
        let previous = index.checked_sub(1).and_then(|i| children.get(i).cloned());
        children.insert(index, node.clone());
        previous
    };
    *node_st.parent.borrow_mut() = Some(parent.clone());
    // 9. If suppress observers flag is unset, then queue a tree mutation record for parent
    //    with nodes, « », previousSibling, and child.
    if !suppress_observers {
        queue_tree_mutation_record(
            parent,
            vec![node.clone()],
            Vec::new(),
            previous_sibling,
            child.cloned(),
            context,
        )?;
    }
    // 7.7. For each shadow-including inclusive descendant inclusiveDescendant of node, in
    //      shadow-including tree order: run the insertion steps with inclusiveDescendant.
    //      (HTML's: an iframe gets its content navigable, a script element is prepared. The
    //      steps that run script, "post-connection steps", come after all insertion steps.)
    if is_connected(node) {
        let inserted = inclusive_descendants(node);
        // (Named access on the window: its named properties object, once one of these could be
        // a named object.)
        crate::web::html::window_properties::named_objects_may_exist(&inserted, context)?;
        for descendant in &inserted {
            crate::web::html::html_iframe_element::insertion_steps(descendant, context)?;
        }
        for descendant in &inserted {
            crate::web::html::html_script_element::post_connection_steps(descendant, context)?;
        }
    }
    Ok(())
}

/// DOM "remove" `node` from its parent.
pub fn remove(node: &JsObject, context: &mut Context) -> JsResult<()> {
    remove_observed(node, false, context)
}

/// DOM "remove" with its "suppress observers flag".
fn remove_observed(
    node: &JsObject,
    suppress_observers: bool,
    context: &mut Context,
) -> JsResult<()> {
    let Some(state) = node_state(node) else {
        return Ok(());
    };
    // 1. Let parent be node's parent. 2. Assert: parent is non-null.
    let Some(parent) = state.parent.borrow().clone() else {
        return Ok(());
    };
    let was_connected = is_connected(node);
    // (HTML: a focused element that is removed loses focus; `web::html::focus`.)
    if was_connected {
        crate::web::html::focus::removing_focused(node, context)?;
        // (Its listeners may have moved or removed it.)
        if !state
            .parent
            .borrow()
            .as_ref()
            .is_some_and(|p| JsObject::equals(p, &parent))
        {
            return Ok(());
        }
    }
    // 9. Let oldPreviousSibling be node's previous sibling. 10. Let oldNextSibling be node's
    //    next sibling.
    // 11. Remove node from its parent's children.
    let mut siblings = (None, None);
    if let Some(parent_state) = node_state(&parent) {
        let mut children = parent_state.children.borrow_mut();
        if let Some(index) = children.iter().position(|c| JsObject::equals(c, node)) {
            siblings = (
                index.checked_sub(1).and_then(|i| children.get(i).cloned()),
                children.get(index + 1).cloned(),
            );
            children.remove(index);
        }
    }
    *state.parent.borrow_mut() = None;
    // 20. (Transient registered observers: not kept; see mutation_observer.rs.)
    // 21. If suppress observers flag is unset, then queue a tree mutation record for parent
    //     with « », « node », oldPreviousSibling, and oldNextSibling.
    if !suppress_observers {
        let (previous, next) = siblings;
        queue_tree_mutation_record(
            &parent,
            Vec::new(),
            vec![node.clone()],
            previous,
            next,
            context,
        )?;
    }
    // 14–15. Run the removing steps with node and each of its shadow-including descendants.
    //        (HTML's for an iframe: destroy its content navigable.)
    if was_connected {
        for descendant in inclusive_descendants(node) {
            crate::web::html::html_iframe_element::removing_steps(&descendant, context)?;
        }
    }
    Ok(())
}

/// DOM "pre-remove" `child` from `parent`.
fn pre_remove(child: &JsObject, parent: &JsObject, context: &mut Context) -> JsResult<()> {
    // 1. If child's parent is not parent, then throw a "NotFoundError" DOMException.
    let is_child = node_state(child)
        .and_then(|s| s.parent.borrow().clone())
        .is_some_and(|p| JsObject::equals(&p, parent));
    if !is_child {
        return Err(crate::web::dom::dom_exception::dom_exception_error(
            context,
            "The node to be removed is not a child of this node.",
            "NotFoundError",
        ));
    }
    // 2. Remove child.
    remove(child, context)
}

/// The text content of `object`: a text node's data, else its descendant text nodes' data
/// concatenated.
#[must_use]
pub fn text_content(object: &JsObject) -> String {
    let mut out = String::new();
    for node in inclusive_descendants(object) {
        if let Some(state) = node_state(&node)
            && state.kind == NodeKind::Text
        {
            out.push_str(&state.data.borrow());
        }
    }
    out
}

fn this_node(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let object = this_object(this, context)?;
    if node_state(&object).is_none() {
        return Err(illegal_invocation());
    }
    Ok(object)
}

fn node_arg(args: &[JsValue], index: usize, operation: &str) -> JsResult<JsObject> {
    arg(args, index)
        .as_object()
        .filter(|o| node_state(o).is_some())
        .ok_or_else(|| {
            JsNativeError::typ()
                .with_message(format!(
                    "Failed to execute '{operation}' on 'Node': parameter {} is not of type 'Node'.",
                    index + 1
                ))
                .into()
        })
}

/// Set the text content of `object` (DOM "string replace all" for elements, data for text).
pub fn set_text_content(object: &JsObject, text: &str, context: &mut Context) -> JsResult<()> {
    let Some(state) = node_state(object) else {
        return Ok(());
    };
    match state.kind {
        // Replace data with node this, offset 0, count this's length, and data the given value.
        NodeKind::Text | NodeKind::Comment => {
            replace_data(object, text, context)?;
        }
        NodeKind::Document => {}
        // String replace all with the given value within this: 1. Let node be null. 2. If
        // string is not the empty string, then set node to a new Text node whose data is
        // string and node document is parent's node document. 3. Replace all with node within
        // parent.
        NodeKind::Element(_) => {
            let node = if text.is_empty() {
                None
            } else {
                let document = state.document.borrow().clone();
                Some(crate::web::dom::document::create_text_node(
                    text, document, context,
                )?)
            };
            // Replace all: 2. Let removedNodes be parent's children. 3–4. Let addedNodes be
            // « node » or « ». 5. Remove all parent's children, in tree order, with the
            // suppress observers flag set. 6. If node is non-null, then insert node into parent
            // before null with the suppress observers flag set. 7. If either addedNodes or
            // removedNodes is not empty, then queue a tree mutation record for parent with
            // addedNodes, removedNodes, null, and null.
            let removed: Vec<JsObject> = state.children.borrow().clone();
            for child in &removed {
                remove_observed(child, true, context)?;
            }
            if let Some(node) = &node {
                insert_observed(node, object, None, true, context)?;
            }
            queue_tree_mutation_record(
                object,
                node.into_iter().collect(),
                removed,
                None,
                None,
                context,
            )?;
        }
    }
    Ok(())
}

/// DOM "replace data" of a character data node with the whole of its data replaced by `data`
/// (what the `data` and `textContent` setters do): queue a mutation record of "characterData"
/// for node with null, null, node's data, « », « », null, and null; then set the data.
pub fn replace_data(node: &JsObject, data: &str, context: &mut Context) -> JsResult<()> {
    let Some(state) = node_state(node) else {
        return Ok(());
    };
    let old = state.data.borrow().clone();
    crate::web::dom::mutation_observer::queue_mutation_record(
        node,
        crate::web::dom::mutation_observer::Mutation {
            kind: crate::web::dom::mutation_record::MutationType::CharacterData,
            name: None,
            old_value: Some(old),
            added_nodes: Vec::new(),
            removed_nodes: Vec::new(),
            previous_sibling: None,
            next_sibling: None,
        },
        context,
    )?;
    data.clone_into(&mut state.data.borrow_mut());
    Ok(())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_event_target_brand::<NodeData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "Node",
            parent: Some("EventTarget"),
            length: 0,
            constructor: None,
        },
        |m| {
            for (name, value) in [
                ("ELEMENT_NODE", 1u16),
                ("ATTRIBUTE_NODE", 2),
                ("TEXT_NODE", 3),
                ("CDATA_SECTION_NODE", 4),
                ("ENTITY_REFERENCE_NODE", 5),
                ("ENTITY_NODE", 6),
                ("PROCESSING_INSTRUCTION_NODE", 7),
                ("COMMENT_NODE", 8),
                ("DOCUMENT_NODE", 9),
                ("DOCUMENT_TYPE_NODE", 10),
                ("DOCUMENT_FRAGMENT_NODE", 11),
                ("NOTATION_NODE", 12),
            ] {
                m.constant(name, value);
            }
            // nodeType: the constant of this's kind of node.
            m.attribute(
                "nodeType",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let node = this_node(this, context)?;
                    let kind = node_state(&node).map(|s| match s.kind {
                        NodeKind::Element(_) => 1,
                        NodeKind::Text => 3,
                        NodeKind::Comment => 8,
                        NodeKind::Document => 9,
                    });
                    Ok(kind.unwrap_or(0).into())
                }),
                None,
            )
            // nodeName: an element's HTML-uppercased qualified name, "#text", "#comment",
            // "#document".
            .attribute(
                "nodeName",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let node = this_node(this, context)?;
                    let name = node_state(&node).map(|s| match &s.kind {
                        NodeKind::Element(name) => name.to_ascii_uppercase(),
                        NodeKind::Text => "#text".to_owned(),
                        NodeKind::Comment => "#comment".to_owned(),
                        NodeKind::Document => "#document".to_owned(),
                    });
                    Ok(JsString::from(name.unwrap_or_default().as_str()).into())
                }),
                None,
            );
            m.attribute(
                "parentNode",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let node = this_node(this, context)?;
                    Ok(node_state(&node)
                        .and_then(|s| s.parent.borrow().clone())
                        .map_or_else(JsValue::null, JsValue::from))
                }),
                None,
            )
            .attribute(
                "firstChild",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let node = this_node(this, context)?;
                    Ok(node_state(&node)
                        .and_then(|s| s.children.borrow().first().cloned())
                        .map_or_else(JsValue::null, JsValue::from))
                }),
                None,
            )
            .attribute(
                "lastChild",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let node = this_node(this, context)?;
                    Ok(node_state(&node)
                        .and_then(|s| s.children.borrow().last().cloned())
                        .map_or_else(JsValue::null, JsValue::from))
                }),
                None,
            )
            .attribute(
                "nextSibling",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let node = this_node(this, context)?;
                    Ok(next_sibling(&node).map_or_else(JsValue::null, JsValue::from))
                }),
                None,
            )
            // Deviation: a new array of the children, not a live NodeList.
            .attribute(
                "childNodes",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let node = this_node(this, context)?;
                    let children: Vec<JsValue> = node_state(&node)
                        .map(|s| {
                            s.children
                                .borrow()
                                .iter()
                                .cloned()
                                .map(JsValue::from)
                                .collect()
                        })
                        .unwrap_or_default();
                    Ok(boa_engine::object::builtins::JsArray::from_iter(children, context).into())
                }),
                None,
            )
            .attribute(
                "isConnected",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    Ok(is_connected(&this_node(this, context)?).into())
                }),
                None,
            )
            .attribute(
                "ownerDocument",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let node = this_node(this, context)?;
                    Ok(node_state(&node)
                        .and_then(|s| s.document.borrow().clone())
                        .map_or_else(JsValue::null, JsValue::from))
                }),
                None,
            )
            .attribute(
                "textContent",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let node = this_node(this, context)?;
                    if node_state(&node).is_some_and(|s| s.kind == NodeKind::Document) {
                        return Ok(JsValue::null());
                    }
                    Ok(JsString::from(text_content(&node).as_str()).into())
                }),
                Some(NativeFunction::from_fn_ptr(|this, args, context| {
                    let node = this_node(this, context)?;
                    let value = arg(args, 0);
                    let text = if value.is_null() {
                        String::new()
                    } else {
                        value.to_string(context)?.to_std_string_escaped()
                    };
                    set_text_content(&node, &text, context)?;
                    Ok(JsValue::undefined())
                })),
            )
            // The appendChild(node) method steps are to return the result of appending node
            // to this ("pre-insert node into parent before null").
            .operation(
                "appendChild",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let parent = this_node(this, context)?;
                    let node = node_arg(args, 0, "appendChild")?;
                    pre_insert(&node, &parent, None, context)?;
                    Ok(node.into())
                }),
            )
            .operation(
                "insertBefore",
                2,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let parent = this_node(this, context)?;
                    let node = node_arg(args, 0, "insertBefore")?;
                    let child = arg(args, 1).as_object().filter(|o| node_state(o).is_some());
                    pre_insert(&node, &parent, child.as_ref(), context)?;
                    Ok(node.into())
                }),
            )
            // The removeChild(child) method steps are to return the result of pre-removing
            // child from this.
            .operation(
                "removeChild",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let parent = this_node(this, context)?;
                    let child = node_arg(args, 0, "removeChild")?;
                    pre_remove(&child, &parent, context)?;
                    Ok(child.into())
                }),
            );
        },
    )?;
    Ok(())
}
