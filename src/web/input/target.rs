//! Where an input action goes: its target resolved when the action happens (a node given by
//! script, or a CSS selector against the page's document), and why it cannot get input.

use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject};

use super::Target;
use crate::agent::realm::{realm_of_global, realm_record};
use crate::web::dom::node::{NodeKind, is_connected, local_name, node_state};

/// Why an input cannot be dispatched.
pub(super) fn target_problem(target: &JsObject) -> Option<&'static str> {
    let Some(state) = node_state(target) else {
        return Some("the target is not a node");
    };
    if !matches!(state.kind, NodeKind::Document | NodeKind::Element(_)) {
        return Some("the target is not an element or a document");
    }
    if !is_connected(target) {
        return Some("the target is not in a document");
    }
    None
}

/// The realm of the window of `target`'s document, if that document is fully active.
fn realm_of_target(target: &JsObject, context: &Context) -> Option<Realm> {
    let state = node_state(target)?;
    let document = match state.kind {
        NodeKind::Document => target.clone(),
        _ => state.document.borrow().clone()?,
    };
    let window = node_state(&document)?.window.borrow().clone()?;
    let realm = realm_of_global(context, &window)?;
    realm_record(&realm)
        .is_none_or(|r| r.is_fully_active())
        .then_some(realm)
}

/// Resolve `target` now: the node, and the realm of its window; or why not.
pub fn resolve(target: &Target, context: &mut Context) -> Result<(JsObject, Realm), String> {
    let node = match target {
        Target::Node(node) => node.clone(),
        Target::Selector(selector) => {
            let top = crate::web::html::rendering::top_realm(context)
                .ok_or_else(|| "the page has no document".to_owned())?;
            let document = crate::web::dom::document::window_document_of(&top, context)
                .map_err(|e| e.to_string())?
                .map(|d| d.document.clone())
                .ok_or_else(|| "the page has no document".to_owned())?;
            if selector == "document" {
                document
            } else {
                // The first element in tree order that the selector matches.
                let list = crate::web::dom::selectors::parse(selector)
                    .map_err(|why| selector_problem(selector, &why))?;
                crate::web::dom::node::inclusive_descendants(&document)
                    .into_iter()
                    .find(|n| local_name(n).is_some() && list.matches(n, None))
                    .ok_or_else(|| format!("no element matches '{selector}'"))?
            }
        }
    };
    if let Some(problem) = target_problem(&node) {
        return Err(problem.to_owned());
    }
    let realm = realm_of_target(&node, context)
        .ok_or_else(|| "the target's document is not fully active".to_owned())?;
    Ok((node, realm))
}

/// Why `selector` cannot name a target (for messages).
#[must_use]
pub fn selector_problem(selector: &str, why: &crate::web::dom::selectors::SelectorError) -> String {
    match why {
        crate::web::dom::selectors::SelectorError::Invalid => {
            format!("the target '{selector}' is not a valid CSS selector (or 'document')")
        }
        crate::web::dom::selectors::SelectorError::Unsupported(what) => {
            format!(
                "the target '{selector}' uses {what}, which taskhost's selectors do not support"
            )
        }
    }
}
