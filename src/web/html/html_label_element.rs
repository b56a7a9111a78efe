//! The `label` element (HTML §4.10.4): `HTMLLabelElement` with `htmlFor` and `control`, its
//! labeled control, and its activation behaviour: a click on a label goes on to its control.
//!
//! ```webidl
//! [Exposed=Window]
//! interface HTMLLabelElement : HTMLElement {
//!   [CEReactions, Reflect=for] attribute DOMString htmlFor;
//!   readonly attribute HTMLElement? control;
//! };
//! ```
//!
//! HTML leaves the activation behaviour to the platform ("should match the platform's label
//! behavior"). taskhost does what the three browsers do: the control is focused (the focusing
//! steps), then a trusted `click` is dispatched at it with the pointer fields of the click on the
//! label. Like Chromium, Event Timing gives that second click the interactionId 0: the user's
//! interaction is the click on the label. Deviation: no `form` attribute and no `labels`.

use boa_engine::{Context, JsObject, JsResult, JsValue, NativeFunction};

use crate::web::dom::interface::{
    InterfaceSpec, define_interface, illegal_invocation, this_object,
};
use crate::web::dom::node::{attribute, inclusive_descendants, local_name, node_state, root};
use crate::web::html::html_element::reflect_string;

fn is_label(element: &JsObject) -> bool {
    local_name(element).as_deref() == Some("label")
}

/// Whether an element is labelable: button, input (not hidden), meter, output, progress,
/// select, textarea.
#[must_use]
pub fn is_labelable(element: &JsObject) -> bool {
    match local_name(element).as_deref() {
        Some("button" | "meter" | "output" | "progress" | "select" | "textarea") => true,
        Some("input") => {
            !attribute(element, "type").is_some_and(|t| t.eq_ignore_ascii_case("hidden"))
        }
        _ => false,
    }
}

/// A label's labeled control: "If the for attribute is specified and there is an element in the
/// tree whose ID is equal to the value of the for attribute, and the first such element in tree
/// order is a labelable element, then that element is the label element's labeled control. If
/// the for attribute is not specified, but the label element has a labelable element descendant,
/// then the first such descendant in tree order is the label element's labeled control."
#[must_use]
pub fn labeled_control(label: &JsObject) -> Option<JsObject> {
    match attribute(label, "for") {
        Some(id) => inclusive_descendants(&root(label))
            .into_iter()
            .find(|n| attribute(n, "id").as_deref() == Some(id.as_str()))
            .filter(is_labelable),
        None => inclusive_descendants(label)
            .into_iter()
            .skip(1)
            .find(is_labelable),
    }
}

/// Whether a label's activation behaviour runs for an event targeted at `target`: "the
/// activation behavior of a label element for events targeted at interactive content
/// descendants of a label element, and any descendants of those interactive content
/// descendants, must be to do nothing." (Interactive content here: the labelable elements, links
/// and `<details>`' summaries are activation targets of their own before the label is reached,
/// so only the control itself and its descendants need checking.)
fn targets_control(label: &JsObject, control: &JsObject, target: &JsObject) -> bool {
    let mut at = Some(target.clone());
    while let Some(node) = at {
        if JsObject::equals(&node, label) {
            return false;
        }
        if JsObject::equals(&node, control) || is_labelable(&node) {
            return true;
        }
        at = node_state(&node).and_then(|s| s.parent.borrow().clone());
    }
    false
}

/// The label's activation behaviour for `event` (a click whose target is `target`).
pub fn activation_behavior(
    label: &JsObject,
    event: &JsObject,
    target: &JsObject,
    context: &mut Context,
) -> JsResult<()> {
    let Some(control) = labeled_control(label) else {
        return Ok(());
    };
    if targets_control(label, &control, target) {
        return Ok(());
    }
    // (A disabled control gets nothing from its label, as in the browsers: a disabled form
    // control receives no clicks.)
    if attribute(&control, "disabled").is_some() {
        return Ok(());
    }
    crate::web::html::focus::focusing_steps(&control, context)?;
    crate::web::input::fire_forwarded_click(&control, event, context);
    Ok(())
}

fn this_label(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let element = this_object(this, context)?;
    if !is_label(&element) {
        return Err(illegal_invocation());
    }
    Ok(element)
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "HTMLLabelElement",
            parent: Some("HTMLElement"),
            length: 0,
            constructor: None,
        },
        |m| {
            // htmlFor reflects the for content attribute.
            let (get, set) = reflect_string("for", this_label);
            m.attribute("htmlFor", get, Some(set));
            // control: the label's labeled control, or null.
            m.attribute(
                "control",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let label = this_label(this, context)?;
                    Ok(labeled_control(&label).map_or_else(JsValue::null, Into::into))
                }),
                None,
            );
        },
    )?;
    Ok(())
}
