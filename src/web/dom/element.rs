//! The `Element` interface (DOM §4.9), as much of it as a document of browsing contexts and scripts
//! needs: names, attributes as strings, `id`, and `remove()` (ChildNode).
//!
//! Deviation, deliberate: attributes are plain name/value strings (no `Attr` objects, no
//! namespaces); attribute changes run no "attribute change steps" (setting an iframe's `src`
//! after insertion does not navigate it again).

use boa_engine::{Context, JsResult, JsString, JsValue, NativeFunction};

use crate::web::dom::interface::{
    InterfaceSpec, arg, define_interface, illegal_invocation, this_object,
};
use crate::web::dom::node::{attribute, local_name, remove, set_attribute_value};

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
                    set_attribute_value(&element, "id", &value);
                    Ok(JsValue::undefined())
                })),
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
                    set_attribute_value(&element, &name, &value);
                    Ok(JsValue::undefined())
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
