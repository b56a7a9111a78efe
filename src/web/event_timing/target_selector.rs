//! How Event Timing names an event's target: `targetSelector` ("generate a CSS selector") and
//! the `--inp` summary's short description.

use boa_engine::JsObject;

/// "Generate a CSS selector" for an event's target: its node name, then `#` and its id, or
/// else `[src="` its src `"]`.
///
/// Deviation, deliberate: the spec's step 1.2 appends the src unquoted (`[src=` src `]`), which
/// is not a valid selector for most URLs (`/a.png` is not an identifier), so
/// `querySelectorAll(entry.targetSelector)` would throw; the value is serialized as a CSS string
/// (quoted, `"` and `\` escaped), as upstream WPT's `target-selector.tentative.html` expects.
/// (No browser ships `targetSelector` to compare with: Chromium 156 and Firefox 153 have none.)
pub(super) fn generate_css_selector(target: &JsObject) -> String {
    use crate::web::dom::node::{NodeKind, attribute, local_name, node_state};
    // 1. If target is a Node:
    let Some(state) = node_state(target) else {
        // 2. Otherwise, return the empty string.
        return String::new();
    };
    // 1.1. Let selector be target's nodeName (an HTML element's is its upper-cased local name).
    let mut selector = match state.kind {
        NodeKind::Document => "#document".to_owned(),
        NodeKind::Element(_) => local_name(target).unwrap_or_default().to_ascii_uppercase(),
        _ => "#text".to_owned(),
    };
    // 1.2. If target is an Element: "#" and its id, else "[src=" its src "]" (quoted: above).
    if matches!(state.kind, NodeKind::Element(_)) {
        if let Some(id) = attribute(target, "id") {
            selector = format!("{selector}#{id}");
        } else if let Some(src) = attribute(target, "src") {
            let quoted: String = src
                .chars()
                .flat_map(|c| {
                    let escape = matches!(c, '"' | '\\').then_some('\\');
                    escape.into_iter().chain(std::iter::once(c))
                })
                .collect();
            selector = format!("{selector}[src=\"{quoted}\"]");
        }
    }
    // 1.3. Return selector.
    selector
}

/// A node as a summary names it: `button#save`, `body`, `document`.
pub(super) fn describe(node: &JsObject) -> String {
    use crate::web::dom::node::{attribute, local_name};
    match local_name(node) {
        Some(name) => match attribute(node, "id") {
            Some(id) if !id.is_empty() => format!("{name}#{id}"),
            _ => name,
        },
        None => "document".to_owned(),
    }
}
