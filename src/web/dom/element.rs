//! The `Element` interface (DOM §4.9), as much of it as a document of browsing contexts and scripts
//! needs: names, attributes as strings, `id`, `append()` and `prepend()` (ParentNode) and `remove()` (ChildNode).
//!
//! Attribute changes made through `setAttribute`, `removeAttribute` and `id` are "handled" as
//! DOM says: a mutation record of type "attributes" is queued, then the element's attribute
//! change steps run (`<details>`'s `open`: a `toggle` event; event handler content attributes).
//!
//! Deviation, deliberate: attributes are plain name/value strings (no `Attr` objects, no
//! namespaces); other elements have no attribute change steps (setting an iframe's `src` after
//! insertion does not navigate it again), and attributes the parser sets run only those of event
//! handler content attributes.

use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::web::dom::interface::{
    InterfaceSpec, arg, define_interface, illegal_invocation, this_object,
};
use crate::web::dom::mutation_observer::{Mutation, queue_mutation_record};
use crate::web::dom::mutation_record::MutationType;
use crate::web::dom::node::{attribute, local_name, node_state, remove, set_attribute_value};

/// Set (`Some`) or remove (`None`) the attribute `name` of `element` — "change an attribute",
/// "append an attribute" or "remove an attribute" — and then "handle attribute changes":
/// 1. Queue a mutation record of "attributes" for element with attribute's local name,
///    attribute's namespace, oldValue, « », « », null, and null.
/// 2. (Custom elements: none.)
/// 3. Run the attribute change steps with element, attribute's local name, oldValue, newValue,
///    and attribute's namespace.
pub fn change_attribute(
    element: &JsObject,
    name: &str,
    value: Option<&str>,
    context: &mut Context,
) -> JsResult<()> {
    let old_value = attribute(element, name);
    if old_value.is_none() && value.is_none() {
        // "removeAttribute": if attr is null, return.
        return Ok(());
    }
    match value {
        Some(value) => set_attribute_value(element, name, value),
        None => {
            if let Some(state) = node_state(element) {
                state.attributes.borrow_mut().retain(|(n, _)| n != name);
            }
        }
    }
    queue_mutation_record(
        element,
        Mutation {
            kind: MutationType::Attributes,
            name: Some(name.to_owned()),
            old_value: old_value.clone(),
            added_nodes: Vec::new(),
            removed_nodes: Vec::new(),
            previous_sibling: None,
            next_sibling: None,
        },
        context,
    )?;
    crate::web::html::html_details_element::attribute_change_steps(
        element,
        name,
        old_value.as_deref(),
        value,
        context,
    )?;
    crate::web::html::html_input_element::attribute_change_steps(element, name, value);
    // (An iframe's src or srcdoc navigates its content navigable.)
    crate::web::html::html_iframe_element::attribute_change_steps(element, name, context)?;
    // (Event handler content attributes: `onclick="…"` and the others.)
    crate::web::html::event_handler_attributes::attribute_change_steps(
        element, name, value, 0, context,
    )?;
    // (An `id` or a `name` may make the element a named object of its window.)
    if (name == "id" || name == "name")
        && value.is_some()
        && crate::web::dom::node::is_connected(element)
    {
        crate::web::html::window_properties::named_objects_may_exist(
            std::slice::from_ref(element),
            context,
        )?;
    }
    Ok(())
}

/// "Convert nodes into a node" (DOM §4.2.6), without a DocumentFragment: each argument that is
/// not a node becomes a Text node of its string value, in this's node document.
fn nodes_from(
    element: &boa_engine::JsObject,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<Vec<boa_engine::JsObject>> {
    let document = node_state(element).and_then(|s| s.document.borrow().clone());
    let mut nodes = Vec::with_capacity(args.len());
    for value in args {
        let node = match value.as_object().filter(|o| node_state(o).is_some()) {
            Some(node) => node,
            None => {
                let text = value.to_string(context)?.to_std_string_escaped();
                crate::web::dom::document::create_text_node(&text, document.clone(), context)?
            }
        };
        nodes.push(node);
    }
    Ok(nodes)
}

fn this_element(this: &JsValue, context: &Context) -> JsResult<(boa_engine::JsObject, String)> {
    let object = this_object(this, context)?;
    let name = local_name(&object).ok_or_else(illegal_invocation)?;
    Ok((object, name))
}

fn string_arg(args: &[JsValue], index: usize, context: &mut Context) -> JsResult<String> {
    Ok(arg(args, index).to_string(context)?.to_std_string_escaped())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "Element",
            parent: Some("Node"),
            length: 0,
            constructor: None,
        },
        |m| {
            m.attribute(
                "localName",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    Ok(JsString::from(this_element(this, context)?.1.as_str()).into())
                }),
                None,
            )
            // An HTML element in an HTML document: its qualified name in ASCII upper case.
            .attribute(
                "tagName",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let name = this_element(this, context)?.1.to_ascii_uppercase();
                    Ok(JsString::from(name.as_str()).into())
                }),
                None,
            )
            .attribute(
                "id",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let (element, _) = this_element(this, context)?;
                    let id = attribute(&element, "id").unwrap_or_default();
                    Ok(JsString::from(id.as_str()).into())
                }),
                Some(NativeFunction::from_fn_ptr(|this, args, context| {
                    let (element, _) = this_element(this, context)?;
                    let value = string_arg(args, 0, context)?;
                    change_attribute(&element, "id", Some(&value), context)?;
                    Ok(JsValue::undefined())
                })),
            )
            // ParentNode's querySelector(selectors) and querySelectorAll(selectors) (as
            // Document's; a plain array for the second).
            .operation(
                "querySelector",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let (element, _) = this_element(this, context)?;
                    let selectors = string_arg(args, 0, context)?;
                    let found = crate::web::dom::selectors::scope_match(
                        &selectors, &element, true, context,
                    )?;
                    Ok(found
                        .into_iter()
                        .next()
                        .map_or_else(JsValue::null, Into::into))
                }),
            )
            .operation(
                "querySelectorAll",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let (element, _) = this_element(this, context)?;
                    let selectors = string_arg(args, 0, context)?;
                    let found = crate::web::dom::selectors::scope_match(
                        &selectors, &element, false, context,
                    )?;
                    let values: Vec<JsValue> = found.into_iter().map(JsValue::from).collect();
                    Ok(boa_engine::object::builtins::JsArray::from_iter(values, context).into())
                }),
            )
            // matches(selectors): 1. Let s be the result of parse a selector from selectors. 2.
            // If s is failure, then throw a "SyntaxError" DOMException. 3. If the result of match
            // a selector against an element, using s, this, and scoping root this, returns
            // success, then return true; otherwise, return false.
            .operation(
                "matches",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let (element, _) = this_element(this, context)?;
                    let selectors = string_arg(args, 0, context)?;
                    let list = crate::web::dom::selectors::parse_or_throw(&selectors, context)?;
                    Ok(list.matches(&element, Some(&element)).into())
                }),
            )
            // closest(selectors): 1–2. Parse as matches(). 3. Let elements be this's inclusive
            // ancestors that are elements, in reverse tree order. 4. For each element in
            // elements, if match a selector against an element, using s, element, and scoping
            // root this, returns success, return element. 5. Return null.
            .operation(
                "closest",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let (element, _) = this_element(this, context)?;
                    let selectors = string_arg(args, 0, context)?;
                    let list = crate::web::dom::selectors::parse_or_throw(&selectors, context)?;
                    let mut at = Some(element.clone());
                    while let Some(node) = at {
                        if local_name(&node).is_none() {
                            break;
                        }
                        if list.matches(&node, Some(&element)) {
                            return Ok(node.into());
                        }
                        at = node_state(&node).and_then(|s| s.parent.borrow().clone());
                    }
                    Ok(JsValue::null())
                }),
            )
            .operation(
                "getAttribute",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let (element, _) = this_element(this, context)?;
                    let name = string_arg(args, 0, context)?.to_ascii_lowercase();
                    Ok(attribute(&element, &name)
                        .map_or_else(JsValue::null, |v| JsString::from(v.as_str()).into()))
                }),
            )
            .operation(
                "setAttribute",
                2,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let (element, _) = this_element(this, context)?;
                    let name = string_arg(args, 0, context)?.to_ascii_lowercase();
                    let value = string_arg(args, 1, context)?;
                    change_attribute(&element, &name, Some(&value), context)?;
                    Ok(JsValue::undefined())
                }),
            )
            // ParentNode's append(...nodes): 1. Let node be the result of converting nodes into
            // a node given nodes and this's node document (strings become Text nodes). 2. Append
            // node to this. (Without DocumentFragment, the nodes are appended one by one, each
            // with its own pre-insertion checks and mutation record.)
            .operation(
                "append",
                0,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let (element, _) = this_element(this, context)?;
                    for node in nodes_from(&element, args, context)? {
                        crate::web::dom::node::pre_insert(&node, &element, None, context)?;
                    }
                    Ok(JsValue::undefined())
                }),
            )
            // prepend(...nodes): let node be the result of converting nodes into a node given
            // nodes and this's node document; pre-insert node into this before this's first
            // child. (One by one, each before the first child there was, as `append`.)
            .operation(
                "prepend",
                0,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let (element, _) = this_element(this, context)?;
                    let first =
                        node_state(&element).and_then(|s| s.children.borrow().first().cloned());
                    for node in nodes_from(&element, args, context)? {
                        crate::web::dom::node::pre_insert(
                            &node,
                            &element,
                            first.as_ref(),
                            context,
                        )?;
                    }
                    Ok(JsValue::undefined())
                }),
            )
            // removeAttribute(qualifiedName): remove an attribute given qualifiedName and this.
            .operation(
                "removeAttribute",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let (element, _) = this_element(this, context)?;
                    let name = string_arg(args, 0, context)?.to_ascii_lowercase();
                    change_attribute(&element, &name, None, context)?;
                    Ok(JsValue::undefined())
                }),
            )
            .operation(
                "hasAttribute",
                1,
                NativeFunction::from_fn_ptr(|this, args, context| {
                    let (element, _) = this_element(this, context)?;
                    let name = string_arg(args, 0, context)?.to_ascii_lowercase();
                    Ok(attribute(&element, &name).is_some().into())
                }),
            )
            // ChildNode's remove(): if this's parent is null, return; remove this.
            .operation(
                "remove",
                0,
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let (element, _) = this_element(this, context)?;
                    remove(&element, context)?;
                    Ok(JsValue::undefined())
                }),
            );
        },
    )?;
    Ok(())
}
