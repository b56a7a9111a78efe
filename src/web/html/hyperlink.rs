//! Following hyperlinks (HTML §4.6.4): the activation behaviour of an `a` element with an `href`
//! attribute, which a click (a user's, or `click()`) on it or inside it runs.
//!
//! The navigable is chosen and navigated as `window.open()` chooses and navigates one
//! (`window_open.rs`: HTML's "rules for choosing a navigable" serve both), with the URL parsed
//! against the element's node document and `noopener` as the link's `rel` and `target` give it.
//!
//! Deviations, deliberate: no `HTMLAnchorElement` members (`href`, `target`, … reflect nothing:
//! the content attributes are read), no `download`, `ping` or `<area>`/image-map links, no
//! `<base target>`; a link that would navigate the run's own window to another document is not
//! followed (a warning says so: the window's document is the program, see `navigation.rs`).

use boa_engine::{Context, JsObject, JsResult};

use crate::agent::realm::{in_realm, realm_of_global, realm_record};
use crate::web::dom::dom_exception::as_dom_exception;
use crate::web::dom::node::{attribute, is_connected, local_name, node_state};

/// Whether `element` has the hyperlink activation behaviour: an `a` element with `href`.
#[must_use]
pub fn has_activation_behavior(element: &JsObject) -> bool {
    local_name(element).as_deref() == Some("a") && attribute(element, "href").is_some()
}

/// HTML "get an element's noopener": true if `rel` has `noopener` or `noreferrer`, or if the
/// target is `_blank` and `rel` has no `opener`.
fn noopener(rel: &str, target: &str) -> bool {
    let has = |keyword: &str| {
        rel.split_ascii_whitespace()
            .any(|k| k.eq_ignore_ascii_case(keyword))
    };
    if has("noopener") || has("noreferrer") {
        return true;
    }
    target.eq_ignore_ascii_case("_blank") && !has("opener")
}

/// The `a` element's activation behaviour: "1. If element has no href attribute, then return.
/// … 7. Otherwise, follow the hyperlink created by element."
pub fn activation_behavior(element: &JsObject, context: &mut Context) -> JsResult<()> {
    let Some(href) = attribute(element, "href") else {
        return Ok(());
    };
    // Follow the hyperlink: 1. If subject cannot navigate (it is not connected, or its node
    // document is not fully active), then return.
    let Some(realm) = node_state(element)
        .and_then(|s| s.document.borrow().clone())
        .and_then(|d| node_state(&d)?.window.borrow().clone())
        .and_then(|w| realm_of_global(context, &w))
    else {
        return Ok(());
    };
    if !is_connected(element) || realm_record(&realm).is_some_and(|r| !r.is_fully_active()) {
        return Ok(());
    }
    // 2–3. Let targetAttributeValue be subject's target attribute ("" is "_self").
    let target = attribute(element, "target")
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| "_self".to_owned());
    // 4. Let noopener be the result of getting an element's noopener with subject and
    //    targetAttributeValue.
    let noopener = noopener(&attribute(element, "rel").unwrap_or_default(), &target);
    in_realm(context, &realm, |context| {
        // 7. Let urlRecord be the result of encoding-parsing a URL given subject's href
        //    attribute value, relative to subject's node document. 8. If urlRecord is failure,
        //    then return.
        let Some(url) = crate::web::html::location::document_base_url(context)
            .and_then(|base| base.join(href.trim()).ok())
        else {
            return Ok(());
        };
        // 5–6. Let targetNavigable be the result of applying the rules for choosing a
        //    navigable given targetAttributeValue, subject's node navigable, and noopener.
        // 9–14. Navigate targetNavigable to urlRecord using subject's node document.
        if let Err(error) = crate::web::html::window_open::follow_hyperlink(
            url.as_str(),
            &target,
            noopener,
            context,
        ) {
            // (The error is a DOMException: its message says why.)
            let message = error
                .as_opaque()
                .and_then(as_dom_exception)
                .map_or_else(|| error.to_string(), |e| e.message.to_std_string_escaped());
            crate::engine::errors::report_host_warning(&format!(
                "a link to '{url}' is not followed: {message}"
            ));
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::noopener;

    /// `noopener`/`noreferrer` always; `_blank` unless `rel` says `opener`.
    #[test]
    fn noopener_follows_html() {
        assert!(noopener("noopener", "_self"));
        assert!(noopener("NoReferrer", "x"));
        assert!(noopener("", "_blank"));
        assert!(noopener("", "_BLANK"));
        assert!(!noopener("opener", "_blank"));
        assert!(!noopener("", "_self"));
        assert!(!noopener("nofollow", "frame"));
    }
}
