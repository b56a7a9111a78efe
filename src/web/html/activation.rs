//! Activation behaviour (HTML §6.1.3, DOM §2.9 "activation behavior"): the elements that have
//! one here, and their legacy-pre-activation, legacy-canceled-activation and activation
//! behaviours, which DOM's dispatch runs for a `click` `MouseEvent`
//! (`web::dom::dispatch`).
//!
//! - `<input type=checkbox>` and `<input type=radio>` (`html_input_element`): toggled or
//!   selected before the click's listeners run, put back if it was canceled, `input` and
//!   `change` after;
//! - `<label>` (`html_label_element`): the click goes on to the labeled control;
//! - `<summary>`, the summary for its parent `<details>`: toggles the details' `open`;
//! - `<a href>` (`hyperlink`): follows the hyperlink (a navigation).
//!
//! Not modelled: buttons (form submission), other `<input>` types.

use boa_engine::{Context, JsObject, JsResult};

use crate::web::dom::element::change_attribute;
use crate::web::dom::node::{attribute, local_name, node_state};
use crate::web::html::{html_input_element, html_label_element, hyperlink};

/// What a legacy-pre-activation behaviour changed.
pub struct PreActivation(html_input_element::PreActivation);

/// Whether `element` has an activation behaviour.
#[must_use]
pub fn has_activation_behavior(element: &JsObject) -> bool {
    match local_name(element).as_deref() {
        Some("input") => html_input_element::has_activation_behavior(element),
        Some("label") => true,
        Some("summary") => is_summary_for_its_parent_details(element),
        Some("a") => hyperlink::has_activation_behavior(element),
        _ => false,
    }
}

/// Run `element`'s legacy-pre-activation behaviour, if it has one.
#[must_use]
pub fn legacy_pre_activation(element: &JsObject) -> Option<PreActivation> {
    html_input_element::has_activation_behavior(element)
        .then(|| html_input_element::legacy_pre_activation(element))
        .flatten()
        .map(PreActivation)
}

/// Run `element`'s legacy-canceled-activation behaviour (undo what `pre` changed).
pub fn legacy_canceled_activation(element: &JsObject, pre: PreActivation) {
    html_input_element::legacy_canceled_activation(element, pre.0);
}

/// Run `element`'s activation behaviour with `event` (whose target is `target`).
pub fn activation_behavior(
    element: &JsObject,
    event: &JsObject,
    target: &JsObject,
    context: &mut Context,
) -> JsResult<()> {
    match local_name(element).as_deref() {
        Some("input") => html_input_element::activation_behavior(element, context),
        Some("label") => html_label_element::activation_behavior(element, event, target, context),
        Some("summary") => summary_activation_behavior(element, context),
        Some("a") => hyperlink::activation_behavior(element, context),
        _ => Ok(()),
    }
}

/// "A summary element is a summary for its parent details if the following algorithm returns
/// true: 1. If this summary element has no parent, then return false. 2. Let parent be this
/// summary element's parent. 3. If parent is not a details element, then return false. 4. If
/// parent's first summary element child is not this summary element, then return false. 5.
/// Return true."
fn is_summary_for_its_parent_details(summary: &JsObject) -> bool {
    let Some(parent) = node_state(summary).and_then(|s| s.parent.borrow().clone()) else {
        return false;
    };
    if local_name(&parent).as_deref() != Some("details") {
        return false;
    }
    node_state(&parent).is_some_and(|p| {
        p.children
            .borrow()
            .iter()
            .find(|c| local_name(c).as_deref() == Some("summary"))
            .is_some_and(|first| JsObject::equals(first, summary))
    })
}

/// The summary element's activation behaviour: "1. If this summary element is not the summary
/// for its parent details, then return. 2. Let parent be this summary element's parent. 3. If
/// the open attribute is present on parent, then remove it. Otherwise, set parent's open
/// attribute to the empty string."
fn summary_activation_behavior(summary: &JsObject, context: &mut Context) -> JsResult<()> {
    if !is_summary_for_its_parent_details(summary) {
        return Ok(());
    }
    let Some(parent) = node_state(summary).and_then(|s| s.parent.borrow().clone()) else {
        return Ok(());
    };
    let open = attribute(&parent, "open").is_some();
    change_attribute(&parent, "open", (!open).then_some(""), context)
}
