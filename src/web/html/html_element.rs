//! The `HTMLElement` interface (HTML §3.2.8) and the element interfaces without members of their
//! own that a document of browsing contexts and scripts uses (`HTMLHtmlElement`,
//! `HTMLHeadElement`, `HTMLBodyElement`, `HTMLDivElement`, `HTMLTitleElement`, and
//! `HTMLMetaElement` with `name` and `content`); `onload` and `ontoggle` are the
//! GlobalEventHandlers attributes elements have here.
//!
//! Deviation, deliberate: other element names get `HTMLElement` itself (a browser gives each its
//! own interface, and `HTMLUnknownElement` to names it does not know).

use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::web::dom::element::change_attribute;
use crate::web::dom::interface::{
    InterfaceSpec, define_interface, define_memberless_interface, illegal_invocation, this_object,
};
use crate::web::dom::node::{attribute, local_name};
use crate::web::html::event_handler::event_handler_attribute;

/// The interface of an HTML element named `local_name`.
#[must_use]
pub fn element_interface(local_name: &str) -> &'static str {
    match local_name {
        "html" => "HTMLHtmlElement",
        "head" => "HTMLHeadElement",
        "body" => "HTMLBodyElement",
        "div" => "HTMLDivElement",
        "title" => "HTMLTitleElement",
        "iframe" => "HTMLIFrameElement",
        "script" => "HTMLScriptElement",
        "meta" => "HTMLMetaElement",
        "details" => "HTMLDetailsElement",
        _ => "HTMLElement",
    }
}

/// The brand check of `HTMLElement`: an element node.
#[must_use]
pub fn is_element(object: &JsObject, _: &Context) -> bool {
    local_name(object).is_some()
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "HTMLElement",
            parent: Some("Element"),
            length: 0,
            constructor: None,
        },
        |m| {
            event_handler_attribute(m, "onload", is_element);
            event_handler_attribute(m, "ontoggle", is_element);
        },
    )?;
    for name in [
        "HTMLHtmlElement",
        "HTMLHeadElement",
        "HTMLBodyElement",
        "HTMLDivElement",
        "HTMLTitleElement",
    ] {
        define_memberless_interface(context, name, "HTMLElement")?;
    }
    // HTMLMetaElement: `name` and `content` reflect their attributes (getters and setters).
    define_interface(
        context,
        InterfaceSpec {
            name: "HTMLMetaElement",
            parent: Some("HTMLElement"),
            length: 0,
            constructor: None,
        },
        |m| {
            for name in ["name", "content"] {
                m.attribute(
                    name,
                    NativeFunction::from_copy_closure(move |this, _, context| {
                        let element = this_object(this, context)?;
                        if local_name(&element).as_deref() != Some("meta") {
                            return Err(illegal_invocation());
                        }
                        Ok(
                            JsString::from(attribute(&element, name).unwrap_or_default().as_str())
                                .into(),
                        )
                    }),
                    // The setter steps: set the content attribute to the given value.
                    Some(NativeFunction::from_copy_closure(
                        move |this, args, context| {
                            let element = this_object(this, context)?;
                            if local_name(&element).as_deref() != Some("meta") {
                                return Err(illegal_invocation());
                            }
                            let value = args
                                .first()
                                .cloned()
                                .unwrap_or_default()
                                .to_string(context)?
                                .to_std_string_escaped();
                            change_attribute(&element, name, Some(&value), context)?;
                            Ok(JsValue::undefined())
                        },
                    )),
                );
            }
        },
    )?;
    Ok(())
}
